"""The result of the deepening goes into the stock, not into the answer (dateien.md §3.0b „Die Vertiefung
füllt den Vorrat, nicht die Antwort"): a block `[NACHGELESEN]` for the composer, framed as material to
draw from — answer the question, cite the location, leave the rest as background — and one short reply
for the offline composer: the honest gesture and the best find with its location, nothing more.
"""

from __future__ import annotations

from typing import Any

from novaberg.files.blocks import framed
from novaberg.files.deepening import texts
from novaberg.files.deepening.second_pass import Reading

__all__ = ["HEADER", "block_text", "offline_reply"]

HEADER = texts.HEADER
_OWN = "figur"


def _framing(asker: Any) -> str:
    return asker.prompts.load("verfasser", "nachgelesen")


def block_text(reading: Reading, asker: Any) -> str | None:
    """The whole block (header first), best find first; None when there is neither a find nor a problem."""
    entries = [(texts.ENTRY_OWN if find.hit.eigentum == _OWN else texts.ENTRY).format(
        fundstelle=find.place, zeile=find.text) for find in reading.finds]
    entries += [texts.PROBLEM.format(problem=problem) for problem in reading.problems]
    return framed(HEADER, _framing(asker), entries) if entries else None


def offline_reply(reading: Reading) -> str:
    """The offline composer's brief answer: the best find with its location (and what could not be read)."""
    parts: list[str] = []
    if reading.finds:
        best = reading.finds[0]
        form = texts.ANSWER_OWN if best.hit.eigentum == _OWN else texts.ANSWER
        parts.append(form.format(fundstelle=best.place, zeile=best.text.lstrip("# ").strip()))
        parts += reading.problems
    elif reading.problems:
        parts.append(texts.ANSWER_PROBLEMS.format(probleme=" ".join(reading.problems)))
    return " ".join(parts)
