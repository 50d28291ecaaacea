"""Count the German vocabulary still written in code: regex literals that carry words, the
words in them, and files that list four or more weekday or month names. `python -m bench.vocabulary.count`."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

_WORD = re.compile(r"[a-zäöüß]{2,}", re.IGNORECASE)
_REGEX_SYNTAX = {"w", "s", "d", "b", "W", "S", "D", "B"}


def _regex_literals(tree: ast.AST) -> list[str]:
    """String arguments of re.compile/search/match/fullmatch/sub/findall/split."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                isinstance(node.func.value, ast.Name) and node.func.value.id == "re" and node.args:
            first = node.args[0]
            parts = [first] if isinstance(first, ast.Constant) else \
                [v for v in ast.walk(first) if isinstance(v, ast.Constant)]
            found.append("".join(p.value for p in parts if isinstance(p.value, str)))
    return found


def _words(pattern: str) -> set[str]:
    plain = re.sub(r"\\[a-zA-Z]|\(\?[a-zA-Z:<=!P]+|\{\d*,?\d*\}", " ", pattern)
    return {w.lower() for w in _WORD.findall(plain) if w not in _REGEX_SYNTAX}


_SENTENCE = re.compile(r"^[A-ZÄÖÜ][^\n]*\b(ich|du|Sie|ist|nicht|kein|keine|bitte|habe|kann|gibt|wurde|dir|Ihnen)\b[^\n]*[.!?…]$")
_OPERATOR_CALLS = {"debug", "info", "warning", "error", "exception", "critical"}


def _sentences(tree: ast.AST) -> int:
    """German sentences in string constants that are no docstring, log line or exception message (a heuristic)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body and \
                isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant):
            skip.add(id(node.body[0].value))
        if isinstance(node, ast.Call) and (
                (isinstance(node.func, ast.Attribute) and node.func.attr in _OPERATOR_CALLS)
                or (isinstance(node.func, ast.Name) and node.func.id.endswith("Error"))):
            skip.update(id(c) for arg in node.args for c in ast.walk(arg))
        if isinstance(node, ast.Raise) and node.exc is not None:
            skip.update(id(c) for c in ast.walk(node.exc))
    return sum(1 for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)
               and id(node) not in skip and _SENTENCE.match(node.value.strip()))


def count(source: Path) -> dict[str, int]:
    literals = words = files = sentences = 0
    for path in sorted(source.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if path.name != "texts.py" and "prompts" not in path.parts:
            sentences += _sentences(tree)
        with_words = [lit for lit in _regex_literals(tree) if _words(lit)]
        if with_words:
            files += 1
        literals += len(with_words)
        words += sum(len(_words(lit)) for lit in with_words)
    return {"regex_literals_with_words": literals, "words_in_them": words, "modules": files,
            "sentences_outside_texts_modules": sentences}


if __name__ == "__main__":
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "src" / "novaberg"
    for key, value in count(root).items():
        print(f"{key}: {value}")
