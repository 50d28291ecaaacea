"""Where a pair's knowledge lives, and what happens to the old shared zone (dateien.md §3a.3, §7).

Everything Nova writes into her knowledge comes from a conversation with one person, so it belongs to that
pair (person × figure) and lies in the pair's own zone:

    <data dir>/knowledge/pairs/<safe user>/<safe character>/<topic>.md

A safe segment is a readable slug of the id plus 16 hex digits of its SHA-256: two different ids never share a
directory (the slug alone would fold `Anna` and `anna`), and no id can leave its place — the slug carries only
`a-z`, `0-9` and `-`, so `/`, `..` and NUL never reach the path.

There is no figure-wide zone: no code path writes a text of hers that came from no person, so nothing is kept
that a person's order could reach. Directories are 0700, files 0600.

The earlier layout kept every text directly in `<data dir>/knowledge`, shared by every person and
figure. At open, such content is moved into an operator-only archive `<data dir>/knowledge-archiv-<UTC>/`
(0700, read by no turn) and the move is logged once; a second open finds nothing to move.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
from datetime import UTC, datetime
from pathlib import Path

from novaberg.core.edge import check_id
from novaberg.core.errors import InputError
from novaberg.files.knowledge.zone import ZoneError, zone_of
from novaberg.text.words import ascii_fold

__all__ = ["PAIRS", "ARCHIVE_PREFIX", "safe_segment", "pair_zone", "archive_shared_zone", "archives",
           "privatize"]

logger = logging.getLogger(__name__)

PAIRS = "pairs"
ARCHIVE_PREFIX = "knowledge-archiv-"
_SLUG_CHARS = 40


def safe_segment(identifier: str, name: str = "id") -> str:
    """A directory name for one id (1–200 printable characters): slug plus hash, unique per id."""
    try:
        check_id(identifier, name)
    except InputError as err:
        raise ZoneError(str(err)) from err
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_fold(identifier, umlaut_e=False)).strip("-")[:_SLUG_CHARS]
    digest = hashlib.sha256(identifier.encode("utf-8")).hexdigest()[:16]
    return f"{slug.strip('-') or 'id'}-{digest}"


def pair_zone(data_dir: Path, user_id: str, character_id: str) -> Path:
    """The zone of one pair under the data directory."""
    return zone_of(data_dir) / PAIRS / safe_segment(user_id, "user") / safe_segment(character_id,
                                                                                              "character")


def privatize(root: Path) -> None:
    """Directories 0700, files 0600 below and at `root` (links are left as they are, never followed)."""
    os.chmod(root, 0o700)
    for base, dirs, files in os.walk(root):
        for entry in dirs + files:
            target = os.path.join(base, entry)
            if os.path.islink(target):
                continue
            os.chmod(target, 0o700 if entry in dirs else 0o600)


def archives(data_dir: Path) -> list[Path]:
    """The operator-only archives of old shared zones in this data directory, oldest first."""
    base = Path(data_dir)
    return sorted(p for p in base.glob(f"{ARCHIVE_PREFIX}*") if p.is_dir()) if base.is_dir() else []


def archive_shared_zone(data_dir: Path, now: datetime) -> Path | None:
    """Move the old layout's content of `<data dir>/knowledge` (anything but `pairs/`) into a new
    operator-only archive; the archive's path, or None when there was nothing to move."""
    root = zone_of(data_dir)
    if not root.is_dir() or root.is_symlink():
        return None
    old = sorted(entry for entry in root.iterdir() if entry.name != PAIRS)
    if not old:
        return None
    stamp = now.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    archive, number = Path(data_dir) / f"{ARCHIVE_PREFIX}{stamp}", 1
    while archive.exists():
        number += 1
        archive = Path(data_dir) / f"{ARCHIVE_PREFIX}{stamp}-{number}"
    archive.mkdir(mode=0o700)
    moved = 0
    for entry in old:
        try:
            os.rename(entry, archive / entry.name)
            moved += 1
        except FileNotFoundError:
            continue  # another process moved it first
    if not moved:
        archive.rmdir()
        return None
    privatize(archive)
    logger.warning("knowledge: the old shared zone %s (%d entries, every person and figure) was moved into the "
                   "operator-only archive %s; no turn reads it", root, moved, archive)
    return archive
