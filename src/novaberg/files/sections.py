"""The content channel's sections (dateien.md §6.3a, §6.4): a file cut into line ranges.

`split_sections(text, struktur, suffix)` cuts a file's extracted text at its headings (where the heading
map carries line numbers of that text) and at blank lines into sections of at most `SECTION_LINES`
lines. `SectionsWriter` is the one writer of `dateien_abschnitte`: it runs inside the watcher's index
transaction, so a file's sections always belong to its current index row. A section row holds lexemes
and a line range, never the text (§4: the index is the map, the content stays in the file).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["split_sections", "SectionsWriter", "SECTION_LINES", "MAX_SECTIONS"]

SECTION_LINES = 40  # a section is a window a person can open and read: a block of §6.4, not a chapter
MAX_SECTIONS = 500  # per file; a longer file gets longer sections instead of more rows
_HEADINGS_IN_TEXT = (".md", ".markdown", ".org", ".rst", ".txt")  # their heading lines are text lines

_DELETE = """
DELETE FROM dateien_abschnitte WHERE index_id = (SELECT id FROM dateien_index WHERE wurzel_id = %s AND pfad = %s)
"""
_INSERT = """
INSERT INTO dateien_abschnitte (index_id, zeile_von, zeile_bis, titel, suchtext)
SELECT id, %s, %s, %s, novaberg_mit_koepfen(to_tsvector('german', %s)) FROM dateien_index WHERE wurzel_id = %s AND pfad = %s
"""


def _heading_lines(struktur: Any, count: int, suffix: str) -> dict[int, str]:
    if suffix.lower() not in _HEADINGS_IN_TEXT or not isinstance(struktur, list):
        return {}
    found: dict[int, str] = {}
    for entry in struktur:
        line = entry.get("zeile") if isinstance(entry, dict) else None
        if isinstance(line, int) and not isinstance(line, bool) and 1 <= line <= count:
            found.setdefault(line, str(entry.get("titel") or ""))
    return found


def _paragraph_chunks(lines: Sequence[str], start: int, end: int, size: int) -> list[tuple[int, int]]:
    """Line ranges (1-based, inclusive) inside start..end of at most `size` lines, cut at blank lines
    where possible; blank lines at the edges are dropped."""
    chunks: list[tuple[int, int]] = []
    first: int | None = None
    last_break: int | None = None
    number = start
    while number <= end:
        blank = not lines[number - 1].strip()
        if first is None:
            if not blank:
                first, last_break = number, None
            number += 1
            continue
        if blank:
            last_break = number
        if number - first + 1 > size:
            cut = last_break - 1 if last_break is not None and last_break > first else number - 1
            chunks.append((first, cut))
            first, last_break = None, None
            number = cut + 1
            continue
        number += 1
    if first is not None:
        chunks.append((first, end))
    trimmed = []
    for low, high in chunks:
        while high > low and not lines[high - 1].strip():
            high -= 1
        if any(lines[n - 1].strip() for n in range(low, high + 1)):
            trimmed.append((low, high))
    return trimmed


def split_sections(text: str, struktur: Any, suffix: str) -> list[dict[str, Any]]:
    """Sections of one file: {"zeile_von", "zeile_bis", "titel", "text"} in line order."""
    lines = text.splitlines()
    if not lines:
        return []
    size = max(SECTION_LINES, -(-len(lines) // MAX_SECTIONS))
    headings = _heading_lines(struktur, len(lines), suffix)
    starts = sorted({1, *headings})
    sections: list[dict[str, Any]] = []
    for index, start in enumerate(starts):
        end = starts[index + 1] - 1 if index + 1 < len(starts) else len(lines)
        title = headings.get(start)
        for low, high in _paragraph_chunks(lines, start, end, size):
            body = "\n".join(lines[low - 1:high])
            sections.append({"zeile_von": low, "zeile_bis": high, "titel": title,
                             "text": f"{title}\n{body}" if title and low != start else body})
    return sections[:MAX_SECTIONS]


class SectionsWriter:
    """The one writer of `dateien_abschnitte`; called with the watcher's cursor inside its transaction."""

    @staticmethod
    def store(cur: Any, batch: Sequence[dict[str, Any]]) -> None:
        """Each row of the batch that carries `abschnitte` gets exactly these sections (old ones go)."""
        carrying = [row for row in batch if row.get("abschnitte") is not None]
        if not carrying:
            return
        cur.executemany(_DELETE, [(row["wurzel_id"], row["pfad"]) for row in carrying])
        inserts = [(part["zeile_von"], part["zeile_bis"], part["titel"], part["text"], row["wurzel_id"], row["pfad"])
                   for row in carrying for part in row["abschnitte"]]
        if inserts:
            cur.executemany(_INSERT, inserts)
