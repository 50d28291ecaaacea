"""The archive label (dateien.md §5.6): one rule in one place, used by every output path."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

__all__ = ["is_archived", "ARCHIVE_NAMES", "label", "current_first"]

ARCHIVE_NAMES = frozenset({"archive", "archiv"})
_SEPARATOR = re.compile(r"[/\\]+")


def is_archived(path: str) -> bool:
    """Whether a directory component of `path` is `archive`/`archiv` (case-insensitive).

    The components are compared whole — `archivelogik_k.md`, `archives`, `Archivierung` do not count —
    and the last component (the file name) never counts: `archive.md` is a document about archives.
    """
    parts = [part for part in _SEPARATOR.split(str(path)) if part]
    return any(part.casefold() in ARCHIVE_NAMES for part in parts[:-1])


def label(path: str) -> str:
    """The place as it is shown: `…/archive/x.md (archiviert)` or the path unchanged."""
    return f"{path} (archiviert)" if is_archived(path) else path


def current_first(hits: Sequence[Any]) -> list[Any]:
    """§5.6: an archived file ranks below every current one found for the same question (stable otherwise);
    a hit is read by its `relative` path, else its `path`."""
    return sorted(hits, key=lambda hit: is_archived(hit.relative or hit.path))
