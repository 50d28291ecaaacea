"""The sentences a question may be answered by, each with where it stands and what surrounds it.

A file is cut into sections (a Markdown heading opens one), a section into lines and sentences; a sentence's
*context* is the file's name and title and its section's heading, plus the paragraph's opening sentence and
the sentence before it (what *er*, *sie*, *dort* may point back to): *Impfung: 3. Mai*
under the heading *Minka* speaks of Minka. Notes give their lines, with the note's name as context.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from novaberg.text.answer_kinds import refers_back
from novaberg.text.sentences import document_sentences
from novaberg.text.stems import stems

__all__ = ["Candidate", "from_lines", "MAX_SENTENCE_CHARS"]

MAX_SENTENCE_CHARS = 300
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(?P<title>.+?)\s*#*\s*$")
_RULE = re.compile(r"^\s*[=\-]{3,}\s*$")
_BULLET = re.compile(r"^\s*(?:[-*•·]|\d+[.)])\s+")


@dataclass(frozen=True)
class Candidate:
    text: str  # the sentence as it stands (bullets and Markdown marks taken off)
    source: str  # 'datei' | 'wissen' | 'notiz' | 'erzaehlt'
    place: str  # how the answer names where it stands: a path with its line, a note's name
    line: int = 0
    context: str = ""  # the section's heading, the file's or note's name
    stems: tuple[str, ...] = field(default=(), compare=False)
    context_stems: frozenset[str] = field(default=frozenset(), compare=False)
    said_on: datetime | None = None  # for what the person told: the day
    archived: bool = False
    previous: frozenset[str] = field(default=frozenset(), compare=False)  # stems of the sentence before, when
    # this one points back to it (*Sie kostet 148 Euro.* after *Die Hausratversicherung läuft bei der Allianz.*)
    section: frozenset[str] = field(default=frozenset(), compare=False)  # stems of its own sub-heading (*## Wartung*):
    # what the sentence speaks of without saying it (*Zuständig ist die Firma Kaltenbach.*)
    titled: frozenset[str] = field(default=frozenset(), compare=False)  # stems of the file's name, title, heading
    heading: bool = False  # a heading itself: it answers only with the asked kind (a title names no one)

    @property
    def stem_set(self) -> frozenset[str]:
        return frozenset(self.stems)


def _clean(line: str) -> str:
    flat = _BULLET.sub("", line.strip())
    return " ".join(flat.replace("**", "").replace("__", "").replace("`", "").split())


def _sections(lines: Sequence[str]) -> Iterable[tuple[str, int, list[tuple[int, str]]]]:
    """(heading, its line, [(line number, line)]) per section; the text before the first heading has the heading ''
    (line 0)."""
    heading, at, body = "", 0, []
    for number, raw in enumerate(lines, start=1):
        found = _HEADING.match(raw)
        underline = number < len(lines) and _RULE.match(lines[number]) and raw.strip()
        if found or underline:
            if body or heading:
                yield heading, at, body
            heading, at, body = (found.group("title") if found else raw.strip()), number, []
            continue
        if _RULE.match(raw) or not raw.strip():
            body.append((number, ""))
            continue
        body.append((number, raw))
    if body or heading:
        yield heading, at, body


def _paragraphs(body: list[tuple[int, str]]) -> Iterable[list[tuple[int, str]]]:
    """The paragraphs of a section as lists of (line number, sentence): a list item or a short line with a
    colon stands alone; running lines join into a paragraph, which is split into sentences (each with the line
    it starts on)."""
    paragraph: list[tuple[int, str]] = []

    def flush() -> Iterable[list[tuple[int, str]]]:
        if not paragraph:
            return
        text = " ".join(line for _, line in paragraph)
        first = paragraph[0][0]
        yield [(first + _line_of(paragraph, text, sentence), sentence) for sentence in document_sentences(text)]
        paragraph.clear()

    for number, raw in body:
        if not raw.strip():
            yield from flush()
            continue
        line = _clean(raw)
        if _BULLET.match(raw) or (":" in line and len(line) < 160):
            yield from flush()
            yield [(number, line)]
            continue
        paragraph.append((number, line))
    yield from flush()


def _line_of(paragraph: list[tuple[int, str]], text: str, sentence: str) -> int:
    """How many lines after the paragraph's first the sentence starts."""
    at = text.find(sentence[:40])
    if at <= 0:
        return 0
    used = 0
    for index, (_, line) in enumerate(paragraph):
        used += len(line) + 1
        if used > at:
            return index
    return len(paragraph) - 1


def from_lines(lines: Sequence[str], source: str, place: str, name: str, archived: bool = False,
               said_on: datetime | None = None) -> list[Candidate]:
    """Every sentence of a text (a file's lines, a note's lines) as a candidate; `place` may hold `{zeile}`."""
    found = []
    title = ""
    for heading, at, body in _sections(lines):
        if heading:
            found.extend(_heading(heading, at, name, title, source, place, said_on, archived))
        title = title or heading  # the first heading titles the whole text: its words speak for every section
        context = " ".join(dict.fromkeys(part for part in (name, title, heading) if part))
        context_stems = frozenset(stems(context))
        section = frozenset(stems(heading)) if heading and heading != title else frozenset()
        for paragraph in _paragraphs(body):
            said = [tuple(stems(sentence)) for _, sentence in paragraph]
            for index, (number, sentence) in enumerate(paragraph):
                # what the sentence may refer back to: the paragraph's opening and the sentence before it
                around = {*said[0], *said[index - 1]} if index else set()
                previous = frozenset(said[index - 1]) if index and refers_back(sentence) else frozenset()
                found.append(Candidate(sentence, source, place.format(zeile=number), number, context, said[index],
                                       context_stems | around, said_on, archived, previous, section, context_stems))
    return found


def _heading(heading: str, line: int, name: str, title: str, source: str, place: str, said_on: datetime | None,
             archived: bool) -> list[Candidate]:
    """A heading as a candidate of its own when it says more than the file's name (*# Skoda Octavia Kombi* in
    `auto.md` names the car no line names); one that repeats the name (*# Auto*) says nothing of its own."""
    said = stems(heading)
    if not said or set(said) <= set(stems(name)):
        return []
    context = " ".join(part for part in (name, title) if part)
    return [Candidate(_clean(heading), source, place.format(zeile=line), line, context, tuple(said),
                      frozenset(stems(context)), said_on, archived, titled=frozenset(stems(name)), heading=True)]
