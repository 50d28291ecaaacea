"""The zoom of a known file (dateien.md §6.4, §8.1b): map → block → needle, read-only.

* `file_map(row)` — stage 1, the block map from the index (`struktur`), no file access.
* `read_block(opened, start, end)` — stage 2, a window of lines.
* `datei_grep(opened, terms)` — stage 3, the needle: the terms tried one after another (German compounds:
  the word of the question is rarely the word of the text), answering in lines.

`open_indexed(root_path, relative, boundary)` is the only way to a file's text here, and it runs the
same checks as the watcher (§7 rule 1): the root is admitted by its person's allow-list (an empty
list admits nothing), the file's real
path lies inside the root after `..` and links are resolved, and it is opened without following a link.
No function here writes — not "does not", but cannot: no write call is imported (§7 rule 2).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from novaberg.core.settings import FILES_MAX_BYTES
from novaberg.files.blocks import shown_path
from novaberg.files.extract import ParseError, extract
from novaberg.files.paths import OutsideBoundaryError, admission_problem, resolve_inside
from novaberg.files.reading import texts
from novaberg.files.retrieval import root_of

__all__ = ["OpenedFile", "FileGoneError", "FileUnreadableError", "open_indexed", "open_said", "file_map", "read_block",
           "datei_grep", "GrepHit", "WINDOW_LINES", "MAX_TERMS", "MAX_LINES_PER_ANSWER"]

WINDOW_LINES = 40  # §6.4 "gefenstert": a block is read in windows of at most this many lines
MAX_TERMS = 4  # §8.1b: the number of terms tried is capped
MAX_LINES_PER_ANSWER = 5
_LINE_CHARS = 240


class FileGoneError(FileNotFoundError):
    """The index knows the file, the disk does not (any more)."""


class FileUnreadableError(OSError):
    """The file is there and cannot be read or parsed now."""


@dataclass(frozen=True)
class OpenedFile:
    path: Path  # the absolute path as the index names it (root + relative)
    lines: tuple[str, ...]


@dataclass(frozen=True)
class GrepHit:
    term: str
    line: int
    text: str


def open_said(hit: Any, boundary: Sequence[Path], problems: list[str]) -> OpenedFile | None:
    """`open_indexed` for a search hit (its root is its path minus its relative part); a file that is gone,
    outside its root or unreadable is said into `problems` with its path, and None comes back."""
    try:
        return open_indexed(str(root_of(hit)), hit.relative, boundary)
    except FileGoneError:
        problems.append(texts.FILE_GONE.format(pfad=shown_path(hit)))
    except OutsideBoundaryError:
        problems.append(texts.FILE_OUTSIDE.format(pfad=shown_path(hit)))
    except FileUnreadableError as err:
        problems.append(texts.FILE_UNREADABLE.format(pfad=shown_path(hit), grund=err))
    return None


def open_indexed(root_path: str, relative: str, boundary: Sequence[Path], max_bytes: int = FILES_MAX_BYTES) -> OpenedFile:
    """The text of one indexed file. Raises OutsideBoundaryError (root outside the boundary, or the file
    escaping its root), FileGoneError (the file disappeared), FileUnreadableError (unreadable or unparsable)."""
    root = Path(root_path)
    try:
        real_root = root.resolve(strict=True)
    except (OSError, RuntimeError) as err:
        raise FileGoneError(str(root)) from err
    bounds = [Path(os.path.realpath(b)) for b in boundary]
    if real_root != root or admission_problem(real_root, bounds) is not None:
        raise OutsideBoundaryError(real_root, bounds, root_path)
    path = root / relative
    try:
        real = resolve_inside(path, real_root)
    except FileNotFoundError as err:
        raise FileGoneError(str(path)) from err
    except RuntimeError as err:  # a link loop
        raise FileUnreadableError(str(path)) from err
    try:
        fd = os.open(real, os.O_RDONLY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
        with os.fdopen(fd, "rb") as handle:
            data = handle.read(max_bytes + 1)
    except FileNotFoundError as err:
        raise FileGoneError(str(path)) from err
    except OSError as err:
        raise FileUnreadableError(err.strerror or type(err).__name__) from err
    if len(data) > max_bytes:
        raise FileUnreadableError("größer als die Grenze")
    try:
        text, _ = extract(data, path.suffix)
    except ParseError as err:
        raise FileUnreadableError(str(err)) from err
    return OpenedFile(path, tuple(text.splitlines()))


def file_map(row: dict[str, Any]) -> list[dict[str, Any]] | None:
    """Stage 1 from the index alone: headings with their line ranges; [] = no headings; None = not taken (§4)."""
    struktur = row.get("struktur")
    if struktur is None:
        return None
    total = int(row.get("zeilen") or 0)
    headings = [h for h in struktur if isinstance(h, dict)]
    result = []
    for index, heading in enumerate(headings):
        start = heading.get("zeile")
        following = next((h.get("zeile") for h in headings[index + 1:] if isinstance(h.get("zeile"), int)), None)
        end = (following - 1) if isinstance(following, int) else total
        result.append({"titel": str(heading.get("titel") or ""), "ebene": heading.get("ebene"),
                       "von": start if isinstance(start, int) else None,
                       "bis": end if isinstance(start, int) else None})
    return result


def read_block(opened: OpenedFile, start: int, end: int | None = None) -> list[tuple[int, str]]:
    """Stage 2: lines start..end (1-based, inclusive), at most one window."""
    start = max(1, start)
    last = min(len(opened.lines), end if end is not None else start + WINDOW_LINES - 1, start + WINDOW_LINES - 1)
    return [(number, opened.lines[number - 1]) for number in range(start, last + 1)]


def _shorten(line: str) -> str:
    flat = " ".join(line.split())
    return flat if len(flat) <= _LINE_CHARS else flat[:_LINE_CHARS].rsplit(" ", 1)[0] + " …"


def datei_grep(opened: OpenedFile, term: str, limit: int = MAX_LINES_PER_ANSWER) -> list[GrepHit]:
    """Stage 3, the needle: lines containing `term` (case-insensitive, exact characters), in line order."""
    needle = term.casefold().strip()
    if not needle:
        return []
    hits = []
    for number, line in enumerate(opened.lines, start=1):
        if needle in line.casefold():
            hits.append(GrepHit(term, number, _shorten(line)))
            if len(hits) >= limit:
                break
    return hits
