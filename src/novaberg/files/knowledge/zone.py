"""The zone `knowledge/` under the data directory: only Nova writes here, and every write is an edit with
its history (dateien.md §3a, §3a.2a, §3a.3, §4b.3).

* The zone check decides, not the caller (§3a.3): a name is resolved (`..`, links) and must lie inside the
  zone; anything else — a shared root above all — is refused and logged, never bent into place.
* Every write: under the zone's lock, read the current text, apply the edit, check the anchor invariant on
  the result (`versions.check_invariant`; a violation is loud and writes nothing), write through a
  temporary file and an atomic rename, read back and compare.
* A proposed paragraph must bring a new sentence (`novelty.brings_new`); a copy is answered with
  `steht_schon_da` and nothing is written.
"""

from __future__ import annotations

import fcntl
import logging
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

from novaberg.files.knowledge import versions
from novaberg.files.knowledge.novelty import Judge, Verdict, brings_new, sentences
from novaberg.files.knowledge.versions import (
    AnchorInvariantError,
    Document,
    check_invariant,
    parse,
    render,
    strip_marks,
)

__all__ = ["KnowledgeZone", "ZoneError", "EditResult", "SUFFIXES", "zone_of", "make_private_dirs"]

logger = logging.getLogger(__name__)

SUFFIXES = (".md", ".txt")
_NAME = re.compile(r"^[\w\-. /äöüÄÖÜß]+$")


class ZoneError(ValueError):
    """The path does not lie inside `knowledge/` after resolution (or is no usable text file name)."""


@dataclass(frozen=True)
class EditResult:
    status: str  # 'geschrieben' | 'geaendert' (an insert that changed old facts) | 'steht_schon_da'
    path: Path
    version: int | None
    verdict: Verdict | None = None
    replaced: tuple[tuple[str, str], ...] = ()  # (old wording, new wording) of each changed paragraph


def zone_of(data_dir: Path) -> Path:
    """`<data dir>/knowledge`: holds only `pairs/` (files.knowledge.pairs); never a zone of its own."""
    return Path(data_dir) / "knowledge"


def make_private_dirs(path: Path) -> None:
    """Create `path` and its missing parents, each new one 0700 whatever the umask."""
    missing = []
    current = Path(path)
    while not current.exists() and current != current.parent:
        missing.append(current)
        current = current.parent
    for directory in reversed(missing):
        try:
            directory.mkdir(mode=0o700)
        except FileExistsError:
            continue  # a parallel writer made it
        os.chmod(directory, 0o700)


def _apply_changes(doc: Document, verdict: Verdict, day: date) -> tuple[int, tuple[tuple[str, str], ...]]:
    """Each existing sentence the verdict names as changed is replaced in its paragraph (one versioned change
    per paragraph, §3a.2a); the proposal's new sentences join the first changed paragraph."""
    by_paragraph: dict[int, list[tuple[str, str]]] = {}
    for new, old in verdict.changes:
        index = next((i for i, p in enumerate(doc.paragraphs) if old in sentences(p)), None)
        if index is None:
            raise AnchorInvariantError(f"the changed sentence is in no paragraph: {old[:60]!r}")
        by_paragraph.setdefault(index, []).append((new, old))
    number, replaced = 0, []
    for order, (index, pairs) in enumerate(sorted(by_paragraph.items())):
        wording = []
        for sentence in sentences(doc.paragraphs[index]):
            wording.append(next((new for new, old in pairs if old == sentence), sentence))
        if order == 0:
            wording.extend(s for s in verdict.fresh if s not in wording)
        before = strip_marks(doc.paragraphs[index])
        number = versions.change(doc, index, " ".join(dict.fromkeys(wording)), day)
        replaced.append((before, strip_marks(doc.paragraphs[index])))
    return number, tuple(replaced)


class KnowledgeZone:
    def __init__(self, root: Path, judge: Judge | None = None) -> None:
        self.root = Path(root)
        self.judge = judge

    def _real_root(self) -> Path:
        make_private_dirs(self.root)
        return Path(os.path.realpath(self.root))

    def path(self, name: str) -> Path:
        """The file `name` inside the zone; ZoneError for anything that resolves outside or is no text file."""
        if not isinstance(name, str) or not name.strip() or "\x00" in name or not _NAME.match(name):
            raise ZoneError(f"{name!r} ist kein zulässiger Name in knowledge/")
        root = self._real_root()
        candidate = Path(os.path.realpath(root / name.strip()))
        if candidate == root or root not in candidate.parents:
            logger.error("knowledge: write outside the zone refused: %s → %s", name, candidate)
            raise ZoneError(f"{candidate} liegt außerhalb von {root}")
        if candidate.suffix.lower() not in SUFFIXES:
            raise ZoneError(f"{candidate.name}: nur {', '.join(SUFFIXES)} in knowledge/")
        return candidate

    def relative(self, path: Path) -> str:
        """A path of this zone as people and responses see it: relative to the zone, never the server path."""
        return Path(os.path.realpath(path)).relative_to(self._real_root()).as_posix()

    @contextmanager
    def _locked(self) -> Iterator[None]:
        fd = os.open(self._real_root() / ".lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)

    def read(self, name: str) -> Document:
        target = self.path(name)
        return parse(target.read_text(encoding="utf-8")) if target.exists() else Document()

    def text(self, name: str) -> str:
        target = self.path(name)
        return target.read_text(encoding="utf-8") if target.exists() else ""

    def history(self, name: str) -> list[dict[str, Any]]:
        """The versions of a text, oldest first: number, kind, day, the archived wording."""
        return [{"version": e.number, "art": {"c": "geändert", "d": "gelöscht", "i": "eingefügt"}[e.kind],
                 "tag": e.day, "alter_text": e.text} for e in versions.versions(self.read(name))]

    def _write(self, target: Path, doc: Document) -> None:
        text = render(doc)
        check_invariant(parse(text))  # §3a.2a: checked on what would be written, before anything is
        temporary = target.with_name(f".{target.name}.{os.getpid()}.neu")
        make_private_dirs(target.parent)
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        os.fchmod(fd, 0o600)  # whatever the umask: only the server account reads her knowledge
        with open(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
        if target.read_text(encoding="utf-8") != text:  # read back (success only after it)
            raise OSError(f"{target}: the written text does not read back")

    def _edit(self, name: str, apply: Any, proposed: str | None = None, replacing: int | None = None,
              day: date | None = None) -> EditResult:
        with self._locked():
            target = self.path(name)
            current = target.read_text(encoding="utf-8") if target.exists() else ""
            doc = parse(current)
            check_invariant(doc)  # a broken file is not edited further: loud
            verdict = None
            if proposed is not None and current.strip():
                # a change is compared with the rest of the text, not with the paragraph it replaces
                rest = [p for i, p in enumerate(doc.paragraphs) if i != replacing]
                verdict = brings_new(proposed, "\n\n".join(rest), self.judge)
                if not verdict.new:
                    logger.info("knowledge: %s brings no new sentence (weakest similarity %s), not written",
                                target.name, verdict.weakest)
                    return EditResult("steht_schon_da", target, None, verdict)
                if verdict.changes and replacing is None and day is not None:
                    number, replaced = _apply_changes(doc, verdict, day)
                    self._write(target, doc)
                    return EditResult("geaendert", target, number, verdict, replaced)
            number = apply(doc)
            self._write(target, doc)
            return EditResult("geschrieben", target, number, verdict)

    def insert(self, name: str, text: str, now: datetime, after: int | None = -1) -> EditResult:
        """A new paragraph (`after` = index of the paragraph before it; -1 = at the end, None = at the start).
        A paragraph that changes the facts of existing sentences (numbers, negation, names; §4b.3, issue 24)
        becomes a versioned change of the paragraphs holding them instead (status `geaendert`)."""
        def apply(doc: Document) -> int:
            position = (len(doc.paragraphs) - 1 if doc.paragraphs else None) if after == -1 else after
            return versions.insert(doc, position, text, now.date())
        return self._edit(name, apply, proposed=text, day=now.date())

    def change(self, name: str, position: int, text: str, now: datetime) -> EditResult:
        return self._edit(name, lambda doc: versions.change(doc, position, text, now.date()), proposed=text,
                          replacing=position)

    def delete(self, name: str, position: int, now: datetime) -> EditResult:
        return self._edit(name, lambda doc: versions.delete(doc, position, now.date()))

    def revert(self, name: str) -> EditResult:
        """Undo the newest version of the text (`novaberg knowledge revert`)."""
        return self._edit(name, versions.revert_last)

    def write_raw(self, name: str, text: str) -> EditResult:
        """Replace a text as a whole — only if the result keeps the invariant (used for imports and tests)."""
        doc = parse(text)
        try:
            check_invariant(doc)
        except AnchorInvariantError:
            logger.error("knowledge: %s refused, the anchors do not pair", name)
            raise

        def apply(current: Document) -> int:
            current.paragraphs, current.archive = doc.paragraphs, doc.archive
            return doc.last_version
        return self._edit(name, apply)
