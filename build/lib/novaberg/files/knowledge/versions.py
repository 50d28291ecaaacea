"""Versioned edits of a knowledge text (dateien.md §3a.2a): anchors at the reader, the old text at the end.

A text is paragraphs (separated by blank lines), then the archive after the line `ARCHIVE_RULE`. Three
anchors mark an edit in place — `[cN>]` changed, `[dN>]` deleted, `[iN>]` inserted — and each has exactly
one archive entry `[<cN_YYYY-MM-DD]` followed by the old wording (empty for an insertion). Archive
entries are ordinary text and may carry anchors themselves, so a paragraph changed and later deleted
keeps both steps in one chain. Going back over the versions restores any earlier state: `d` puts the old
paragraph back, `c` replaces the new wording by the old one, `i` takes the paragraph out.

The invariant — every anchor has exactly one archive entry and every entry exactly one anchor — is
checked without a model on every write (`check_invariant`); a violation is loud and nothing is written.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import date

__all__ = ["ARCHIVE_RULE", "Document", "Entry", "AnchorInvariantError", "parse", "render", "check_invariant",
           "anchors_in", "ANCHOR", "change", "delete", "insert", "revert_last", "versions", "strip_marks"]

ARCHIVE_RULE = "---- Archiv früherer Fassungen ----"
ANCHOR = re.compile(r"\[([cdi])(\d+)>\]")
_ENTRY_HEAD = re.compile(r"^\[<([cdi])(\d+)_(\d{4}-\d{2}-\d{2})\]$")


class AnchorInvariantError(ValueError):
    """An anchor without its archive entry, an entry without its anchor, or one of them twice (§3a.2a)."""


@dataclass
class Entry:
    kind: str
    number: int
    day: str
    text: str  # the old wording (may carry anchors of earlier versions)


@dataclass
class Document:
    paragraphs: list[str] = field(default_factory=list)
    archive: list[Entry] = field(default_factory=list)

    @property
    def last_version(self) -> int:
        numbers = [e.number for e in self.archive] + [int(m.group(2)) for p in self.paragraphs for m in ANCHOR.finditer(p)]
        return max(numbers, default=0)


def parse(text: str) -> Document:
    all_lines = text.split("\n")
    if ARCHIVE_RULE in all_lines:
        cut = all_lines.index(ARCHIVE_RULE)
        body, tail = "\n".join(all_lines[:cut]), "\n".join(all_lines[cut + 1:])
    else:
        body, tail = text, ""
    paragraphs = [p.strip("\n") for p in re.split(r"\n\s*\n", body.strip("\n")) if p.strip()]
    archive: list[Entry] = []
    current: Entry | None = None
    lines: list[str] = []
    for line in tail.split("\n"):
        head = _ENTRY_HEAD.match(line.strip())
        if head:
            if current is not None:
                current.text = "\n".join(lines).strip("\n")
                archive.append(current)
            current, lines = Entry(head.group(1), int(head.group(2)), head.group(3), ""), []
        elif current is not None:
            lines.append(line)
        elif line.strip():
            raise AnchorInvariantError(f"text in the archive before its first entry: {line[:60]!r}")
    if current is not None:
        current.text = "\n".join(lines).strip("\n")
        archive.append(current)
    return Document(paragraphs, archive)


def render(doc: Document) -> str:
    body = "\n\n".join(doc.paragraphs)
    if not doc.archive:
        return body + "\n" if body else ""
    entries = "\n\n".join(f"[<{e.kind}{e.number}_{e.day}]" + (f"\n{e.text}" if e.text else "") for e in doc.archive)
    return (body + "\n\n" if body else "") + ARCHIVE_RULE + "\n" + entries + "\n"


def anchors_in(text: str) -> list[tuple[str, int]]:
    return [(m.group(1), int(m.group(2))) for m in ANCHOR.finditer(text)]


def check_invariant(doc: Document) -> None:
    """§3a.2a: anchors (in the body and inside archived wordings) and archive entries pair one to one."""
    anchors = Counter(a for p in doc.paragraphs for a in anchors_in(p))
    anchors.update(a for e in doc.archive for a in anchors_in(e.text))
    entries = Counter((e.kind, e.number) for e in doc.archive)
    twice = [a for a, n in (anchors + entries).items() if anchors[a] > 1 or entries[a] > 1]
    lonely = sorted(set(anchors) ^ set(entries))
    if twice or lonely:
        names = ", ".join(f"{k}{n}" for k, n in sorted(set(twice) | set(lonely)))
        raise AnchorInvariantError(f"anchors and archive entries do not pair: {names}")
    numbers = Counter(n for _, n in entries)
    if any(count > 1 for count in numbers.values()):
        raise AnchorInvariantError("one version number carries two edits")


def strip_marks(text: str) -> str:
    """The wording without anchors (the novelty check compares words, not marks, §4b.3)."""
    return " ".join(ANCHOR.sub(" ", text).split())


def _clean(paragraph: str) -> str:
    text = paragraph.strip()
    if not text:
        raise ValueError("an empty paragraph is no edit")
    if ANCHOR.search(text) or _ENTRY_HEAD.match(text) or ARCHIVE_RULE in text or re.search(r"\n\s*\n", text):
        raise AnchorInvariantError("a new paragraph may not carry anchors, archive heads or blank lines")
    return text


def _index(doc: Document, position: int) -> int:
    if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position < len(doc.paragraphs):
        raise IndexError(f"no paragraph {position!r}; the text has {len(doc.paragraphs)}")
    return position


def change(doc: Document, position: int, new_text: str, day: date) -> int:
    index = _index(doc, position)
    number = doc.last_version + 1
    doc.archive.append(Entry("c", number, day.isoformat(), doc.paragraphs[index]))
    doc.paragraphs[index] = f"[c{number}>] {_clean(new_text)}"
    return number


def delete(doc: Document, position: int, day: date) -> int:
    index = _index(doc, position)
    number = doc.last_version + 1
    doc.archive.append(Entry("d", number, day.isoformat(), doc.paragraphs[index]))
    doc.paragraphs[index] = f"[d{number}>]"
    return number


def insert(doc: Document, after: int | None, text: str, day: date) -> int:
    """A new paragraph after paragraph `after` (None: at the start)."""
    index = -1 if after is None else _index(doc, after)
    number = doc.last_version + 1
    doc.paragraphs.insert(index + 1, f"[i{number}>] {_clean(text)}")
    doc.archive.append(Entry("i", number, day.isoformat(), ""))
    return number


def versions(doc: Document) -> list[Entry]:
    return sorted(doc.archive, key=lambda e: e.number)


def revert_last(doc: Document) -> int:
    """Undo the newest version; returns its number. Raises ValueError when there is none."""
    if not doc.archive:
        raise ValueError("no version to revert")
    entry = max(doc.archive, key=lambda e: e.number)
    mark = f"[{entry.kind}{entry.number}>]"
    where = [i for i, p in enumerate(doc.paragraphs) if mark in p]
    if len(where) != 1:
        raise AnchorInvariantError(f"anchor {mark} is not in the body exactly once")
    index = where[0]
    if entry.kind == "i":
        del doc.paragraphs[index]
    else:
        doc.paragraphs[index] = entry.text
    doc.archive.remove(entry)
    return entry.number
