"""The second pass of the deepening (dateien.md §3.0b „zweiter Durchlauf: gezielt greppen, Fundstellen
sammeln, abwägen"): the candidate files of the decision, opened through the reading service's own door.

Every path goes through `zoom.open_indexed` — the watcher's boundary and root check (§7 rule 1), opened
without following a link; nothing here can write (§8.1 „schreibt nichts, in keiner Zone"). Each candidate
file is opened once and every term is tried on the text already read; the number of opened files is capped
(at most `MAX_FILES`, and never more files than terms — §8.1b's one file access per term). A file that
disappeared between index and read, left its root or cannot be parsed is reported with its path.

A term that hits a heading brings the lines of the block under it (§6.4: map → block → needle, the text
already read, no further access) — the answer to *wer hat … gewartet* often stands under *## Wartung*
without the word. The finds are weighed, not just listed: a line that holds the kind of thing asked (*wer* → a name, *wann*
→ a date), carries more of the question's words (its nouns double) and is no heading comes first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from novaberg.files.blocks import location, shown_path
from novaberg.files.deepening.decide import MAX_FILES, Decision, carries, kind_answered
from novaberg.files.reading.zoom import (
    GrepHit,
    OpenedFile,
    datei_grep,
    open_said,
    read_block,
)
from novaberg.files.retrieval import Hit

__all__ = ["Find", "Reading", "read_on", "MAX_FINDS", "LINES_PER_TERM"]

MAX_FINDS = 6  # lines handed on as stock — enough to weigh, too few to recite a file
LINES_PER_TERM = 5
LINE_CHARS = 240  # a line handed on is cut like the needle's lines
SECTION_LINES = 8  # a needle on a heading brings at most this many lines of its block (§6.4 zoom)


@dataclass(frozen=True)
class Find:
    hit: Hit
    line: int
    text: str
    term: str
    whole: str = field(default="", compare=False)  # the whole line, when `text` is cut short (a paragraph)

    @property
    def place(self) -> str:
        """The location of this line, as a person can open it (path, line, archive mark)."""
        return location(replace(self.hit, lines=(self.line, self.line)))


@dataclass
class Reading:
    finds: list[Find] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # a file gone / outside / unreadable, each with its path
    accesses: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {"zugriffe": self.accesses, "funde": [{"datei": shown_path(f.hit), "zeile": f.line, "begriff": f.term}
                                                      for f in self.finds], "fehlend": list(self.problems)}


def _is_heading(text: str) -> bool:
    return text.lstrip().startswith("#")


def _section(opened: OpenedFile, heading: int) -> list[tuple[int, str]]:
    """The lines under a heading up to the next one (at most `SECTION_LINES`, blank lines left out)."""
    lines: list[tuple[int, str]] = []
    for number, text in read_block(opened, heading + 1, heading + SECTION_LINES):
        if _is_heading(text):
            break
        if text.strip():
            flat = " ".join(text.split())
            lines.append((number, flat if len(flat) <= LINE_CHARS else flat[:LINE_CHARS].rsplit(" ", 1)[0] + " …"))
    return lines


def _whole(opened: OpenedFile, number: int) -> str:
    return " ".join(opened.lines[number - 1].split()) if 0 < number <= len(opened.lines) else ""


def _weight(find: Find, question: str, asked: Sequence[str]) -> tuple[int, int, int, int]:
    heading = _is_heading(find.text)
    # a noun of the question weighs double: in German it carries the content (*Sommer* over *läuft*)
    carried = sum(2 if word[:1].isupper() else 1 for word in asked if carries(word, find.text))
    return (int(kind_answered(question, find.text)), carried, int(not heading), -find.line)


def read_on(decision: Decision, boundary: Sequence[Path], question: str = "",
            asked: Sequence[str] = ()) -> Reading:
    """Open the decision's candidate files (capped) and collect the lines the terms find, best first."""
    reading = Reading()
    budget = min(MAX_FILES, max(1, len(decision.terms)))
    collected: list[Find] = []
    for hit in decision.files[:budget]:
        reading.accesses += 1
        opened = open_said(hit, boundary, reading.problems)
        if opened is None:
            continue
        seen: set[int] = set()
        for term in decision.terms:
            found: list[GrepHit] = datei_grep(opened, term, LINES_PER_TERM)
            for line in found:
                if line.line not in seen:
                    seen.add(line.line)
                    collected.append(Find(hit, line.line, line.text, term, _whole(opened, line.line)))
                if _is_heading(line.text):  # §6.4 the zoom: a needle on a heading opens the block below it
                    for number, text in _section(opened, line.line):
                        if number not in seen:
                            seen.add(number)
                            collected.append(Find(hit, number, text, term))
    words = list(asked) or list(decision.terms)
    collected.sort(key=lambda find: _weight(find, question, words), reverse=True)
    reading.finds = collected[:MAX_FINDS]
    return reading
