"""Prompt files: `prompts/default/<task>.<block>.txt` in the package, overridden per model, then per connector.

Resolution order (tribunal.md §4, three levels): default → {model} → {connector}; a later level wins.
Override directories live under `NOVABERG_PROMPT_DIR` (`<dir>/<model>/…`, `<dir>/<connector>/…`).

A block goes into a prompt only when it carries something: `render` leaves out a line whose
fields are all empty (or one of the callers' words for nothing, `NOTHING`), and a paragraph whose every
field line went that way goes with its heading. A model server is paid per prompt token.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path
from string import Template
from typing import Any

from novaberg.core.errors import ConfigError
from novaberg.llm.base import Prompt

__all__ = ["NOTHING", "PromptLoader", "render"]

# what callers put in a field that has nothing to say; such a field's line (and a paragraph of only such lines)
# is left out of the prompt
NOTHING = frozenset({"", "(keine)", "(keiner)", "(kein Verlauf)", "(kein Dienst)", "(kein früherer Turn)",
                     "(keine Überschriften)"})


def _safe_dir_name(name: str) -> str:
    return name.replace("/", "_").replace(":", "_")


class PromptLoader:
    def __init__(self, override_dir: Path | None = None, model: str | None = None, connector: str | None = None):
        self.override_dir = override_dir
        self.model = model
        self.connector = connector

    def levels(self) -> list[str]:
        return [level for level in ("default", self.model, self.connector) if level]

    def load(self, task: str, block: str) -> str:
        text = _default_block(task, block)
        if self.override_dir is not None:
            for level in self.levels()[1:]:
                candidate = self.override_dir / _safe_dir_name(level) / f"{task}.{block}.txt"
                if candidate.is_file():
                    text = candidate.read_text(encoding="utf-8")
        if text is None:
            raise ConfigError(f"no prompt file for {task}.{block} (looked in: {', '.join(self.levels())})")
        return text

    def build(self, task: str, data: dict[str, Any]) -> Prompt:
        """System block as is; the user block rendered with the task's structured input."""
        return Prompt(system=self.load(task, "system"), user=render(self.load(task, "user"), data))


@lru_cache(maxsize=256)
def _default_block(task: str, block: str) -> str | None:
    entry = resources.files("novaberg") / "prompts" / "default" / f"{task}.{block}.txt"
    return entry.read_text(encoding="utf-8") if entry.is_file() else None


def render(template: str, data: dict[str, Any]) -> str:
    """Fill `$name` fields (JSON braces in a prompt stay literal); a field the data lacks is an error.

    A line whose fields all carry nothing is left out, and so is a paragraph (lines between blank lines) that
    had fields and kept none of its field lines; lines without fields stay where their paragraph stays."""
    names, paragraphs = _shape(template)
    missing = sorted(names - data.keys())
    if missing:
        raise ConfigError(f"prompt needs {', '.join(missing)} but the input lacks them")
    values = {name: _as_text(data[name]) for name in names}
    empty = {name for name, text in values.items() if text.strip() in NOTHING}
    kept: list[str] = []
    for paragraph in paragraphs:
        staying = [line for line, used in paragraph if not used or not used <= empty]
        if any(used for _, used in paragraph) and not any(used and not used <= empty for _, used in paragraph):
            continue  # a block with nothing to carry: heading and all
        kept.append("\n".join(staying))
    return Template("\n\n".join(kept)).substitute(values)


@lru_cache(maxsize=256)
def _shape(template: str) -> tuple[frozenset[str], tuple[tuple[tuple[str, frozenset[str]], ...], ...]]:
    """A template's fields, and its paragraphs as lines with the fields of each — the same for every call, so read
    once per template (prompt files only: no person's words are in a template, they come in `data`)."""
    names = frozenset(Template(template).get_identifiers())
    paragraphs = tuple(tuple((line, frozenset(Template(line).get_identifiers())) for line in paragraph.split("\n"))
                       for paragraph in template.split("\n\n"))
    return names, paragraphs


def _as_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list | tuple):
        return "\n".join(_as_text(item) for item in value)
    return str(value)
