PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test lint bench clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e ".[dev]"
	touch $@

demo: $(VENV)/.installed
	$(BIN)/novaberg demo

test: $(VENV)/.installed-dev
	$(BIN)/ruff check src tests bench
	$(BIN)/pytest

bench: $(VENV)/.installed-dev
	$(BIN)/pip install -q -e ".[bench]"
	$(BIN)/python -m bench.timeparse.run
	$(BIN)/python -m bench.turn
	$(BIN)/python -m bench.timeline.run
	$(BIN)/python -m bench.notes.run
	$(BIN)/python -m bench.tribunal.run
	$(BIN)/python -m bench.files.run

clean:
	rm -rf $(VENV)
