PY ?= python3
UV_SPEC ?= uv
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test lint bench bench-check clean

# The venv is filled by uv where it can be had from PyPI (issue 25: a fresh clone's install took ~50 s with pip,
# uv takes ~10 s; it reads no pip.conf, so it installs from PyPI and its own cache). uv comes from the
# interpreter's pip, else from the venv's own pip; when neither can install it, pip does everything, loudly.
$(BIN)/python:
	$(PY) -m venv --without-pip $(VENV)
	@$(PY) -m pip --python $(BIN)/python install -q '$(UV_SPEC)' 2>/dev/null \
	  || { $(BIN)/python -m ensurepip >/dev/null && $(BIN)/python -m pip install -q '$(UV_SPEC)'; } \
	  || echo "WARNING: uv could not be installed from PyPI: installing with plain pip instead (about 40 s slower)" >&2

# $(call install,ARGS): install ARGS into the venv — with uv (bytecode compiled as pip does, pip installed for
# later hand use), else with pip. A venv made by an older Makefile (pip, no uv) keeps using pip.
install = if [ -x $(BIN)/uv ]; then $(BIN)/uv pip install -q --compile-bytecode --python $(BIN)/python pip $(1); \
	else $(BIN)/python -m ensurepip >/dev/null && $(BIN)/python -m pip install -q --upgrade pip && $(BIN)/python -m pip install -q $(1); fi

# An editable install compiles the dependencies' bytecode but not ours: compiled here too, or every start where
# bytecode is not written (PYTHONDONTWRITEBYTECODE) compiles novaberg's ~270 modules again (~0.2 s of a cold `say`).
# A changed module is recompiled in memory as usual (Python checks each file's stamp), so this is never stale.
compile_own = $(BIN)/python -m compileall -q src >/dev/null

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(call install,-e .)
	$(compile_own)
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(call install,-e ".[dev]")
	$(compile_own)
	touch $@

demo: $(VENV)/.installed
	$(BIN)/novaberg demo

test: $(VENV)/.installed-dev
	$(BIN)/ruff check src tests bench
	$(BIN)/pytest

# The bench's own checks (its scorers, set builders and gates on its sets): pytest over bench/checks, which borrows
# the test suite's fixtures. Kept out of `make test`: the tests never import the bench.
bench-check: $(VENV)/.installed-dev
	$(BIN)/pytest -n 0 bench/checks

bench: $(VENV)/.installed-dev
	$(call install,-e ".[bench]")
	$(BIN)/pytest -n 0 bench/checks
	$(BIN)/python -m bench.timeparse.run
	$(BIN)/python -m bench.turn
	$(BIN)/python -m bench.timeline.run
	$(BIN)/python -m bench.notes.run
	$(BIN)/python -m bench.tribunal.run
	$(BIN)/python -m bench.files.run

clean:
	rm -rf $(VENV)
