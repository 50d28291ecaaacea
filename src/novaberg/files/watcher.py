"""The index watcher (dateien.md §5, §8.3): brings `dateien_index` to the state of the shared roots.

Four cases (§5.1): new, changed (mtime, size and ctime as pre-filter, the content hash decides, §5.2), deleted (only
when the file is really gone from disk) and excluded (on disk, not evaluated by this run, §5.5a). Dot
directories are not entered and reported once each; hidden files are skipped with their own reason
before the extension check. A root that vanished or became unreadable ends in „Wurzel nicht lesbar"
with its rows untouched. Every opened file is resolved and checked to lie inside its root (§7 rule 1).
Idempotent: an unchanged re-run reads no file, asks no model and embeds nothing.

This module reads the person's files and writes only index rows; it has no write function for files.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat as stat_module
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from novaberg.core.errors import ModelAnswerError, ModelError
from novaberg.core.redact import redact_credentials
from novaberg.core.settings import FILES_EXTENSIONS, FILES_MAX_BYTES
from novaberg.embed.probe import probe_embedder
from novaberg.files import texts
from novaberg.files.allowlist import AllowListRepository
from novaberg.files.extract import ParseError, extract
from novaberg.files.metadata import check_description
from novaberg.files.paths import OutsideBoundaryError, admission_problem, inside, resolve_inside
from novaberg.files.repository import IndexRepository, RootsRepository
from novaberg.files.retrieval import check_dimensions  # a vector the index cannot hold
from novaberg.files.sections import split_sections

__all__ = ["IndexWatcher", "WatcherConfig", "EmbedderBlindError", "DescriberDownError", "walk_root", "count_files", "TASK"]

TASK = "dateien_index"
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
# Reasons that mean "seen, not evaluated by policy" (→ excluded) vs "could not be read now" (→ untouched).
_BATCH = 200  # index rows per transaction: a killed run loses at most this much work, never duplicates
# A run that has written this many index rows refreshes the tables a search reads (VACUUM ANALYZE,
# IndexRepository.refresh), again whenever it has written as many again as at the last refresh (200, 400, 800, …
# with full batches), and once at its end: a root shared a moment ago is searched with a plan made for its size,
# not the one for an empty table. A run that changes a few files leaves it to autovacuum.
_REFRESH_FIRST = 100
_ERROR_REASONS = frozenset({"nicht_lesbar", "nicht_auswertbar", "beschreibung_unlesbar", "verknuepfungs_schleife"})

Progress = Callable[[int, int, str], None]


class EmbedderBlindError(RuntimeError):
    """§5.4: the embedder does not tell two topics apart; the run stops before the first embedding."""


class DescriberDownError(RuntimeError):
    """The model that describes the files does not answer: the run stops; what it finished is kept."""


@dataclass(frozen=True)
class WatcherConfig:
    extensions: tuple[str, ...] = FILES_EXTENSIONS
    max_bytes: int = FILES_MAX_BYTES
    forbidden: tuple[Path, ...] = ()  # the data directory: never read as (or around) a root


@dataclass
class _Candidate:
    rel: str
    real: Path
    size: int
    mtime: datetime
    ctime_ns: int


@dataclass
class WalkResult:
    candidates: list[_Candidate] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)       # (rel, reason) of files
    skipped_dirs: list[tuple[str, str]] = field(default_factory=list)  # (rel, reason) of directories


def mtime_of(st: os.stat_result) -> datetime:
    """The mtime at the precision PostgreSQL stores (microseconds), so a stored value compares equal."""
    return _EPOCH + timedelta(microseconds=st.st_mtime_ns // 1000)


def _utf8(name: str) -> bool:
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:  # undecodable bytes come in as surrogate escapes
        return False
    return True


def walk_root(root: Path, config: WatcherConfig) -> WalkResult:
    """Every file under `root` classified; raises OSError when the root itself cannot be listed."""
    result = WalkResult()
    extensions = {e.lower() for e in config.extensions}
    pending: list[tuple[str, str]] = [(str(root), "")]
    first = True
    while pending:
        directory, prefix = pending.pop()
        try:
            with os.scandir(directory) as entries:
                listing = list(entries)
        except OSError:
            if first:
                raise
            result.skipped_dirs.append((prefix.rstrip("/"), "verzeichnis_nicht_lesbar"))
            continue
        first = False
        for entry in sorted(listing, key=lambda e: e.name):
            name = entry.name
            rel = prefix + name
            if not _utf8(name):
                shown = name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
                result.skipped.append((prefix + shown, "name_kein_utf8"))
                continue
            try:
                if entry.is_symlink():
                    found = _follow(entry, root, rel, result)
                    if found is None:
                        continue
                    real, st = found
                elif entry.is_dir(follow_symlinks=False):
                    if name.startswith("."):
                        result.skipped_dirs.append((rel, "punkt_verzeichnis"))  # §5.1: once, not entered
                    else:
                        pending.append((entry.path, rel + "/"))
                    continue
                elif entry.is_file(follow_symlinks=False):
                    real, st = Path(entry.path), entry.stat(follow_symlinks=False)
                else:
                    result.skipped.append((rel, "keine_datei"))
                    continue
            except OSError:  # PermissionError included
                result.skipped.append((rel, "nicht_lesbar"))
                continue
            reason = _policy(name, st.st_size, extensions, config.max_bytes)
            if reason:
                result.skipped.append((rel, reason))
            else:
                result.candidates.append(_Candidate(rel, real, st.st_size, mtime_of(st), st.st_ctime_ns))
    return result


def _follow(entry: os.DirEntry[str], root: Path, rel: str,
            result: WalkResult) -> tuple[Path, os.stat_result] | None:
    """A symlink inside the root: followed only when its target lies inside the root (§7 rule 1)."""
    try:
        real = Path(entry.path).resolve(strict=True)
    except FileNotFoundError:
        result.skipped.append((rel, "defekte_verknuepfung"))
        return None
    except RuntimeError:  # Python 3.11: symlink loop
        result.skipped.append((rel, "verknuepfungs_schleife"))
        return None
    except OSError as err:
        reason = "verknuepfungs_schleife" if err.errno == errno.ELOOP else "nicht_lesbar"
        result.skipped.append((rel, reason))
        return None
    if not inside(real, root):
        result.skipped.append((rel, "ausserhalb_der_wurzel"))  # never followed
        return None
    st = os.stat(real)
    if stat_module.S_ISDIR(st.st_mode):
        result.skipped_dirs.append((rel, "verknuepftes_verzeichnis"))  # no loops, no double counting
        return None
    if not stat_module.S_ISREG(st.st_mode):
        result.skipped.append((rel, "keine_datei"))
        return None
    return real, st


def _policy(name: str, size: int, extensions: set[str], max_bytes: int) -> str | None:
    if name.startswith("."):
        return "verborgen"  # before the extension: the more precise answer (§5.1)
    if os.path.splitext(name)[1].lower() not in extensions:
        return "endung"
    if size > max_bytes:
        return "zu_gross"
    if size == 0:
        return "leer"
    return None


_CONTAINERS = (".pdf", ".docx")  # binary containers: their lines are the extracted text's, not the bytes'


def _line_count(content: bytes | str) -> int:
    """§4 `zeilen`, the unit `datei_grep` answers in: a last line without a newline counts too."""
    newline = b"\n" if isinstance(content, bytes) else "\n"
    return content.count(newline) + (1 if content and not content.endswith(newline) else 0)  # type: ignore[arg-type]


def count_files(root: Path, config: WatcherConfig) -> int:
    """The number of files the watcher would index under `root` (the gate's number, §2a.2)."""
    return len(walk_root(root, config).candidates)


def _read(candidate: _Candidate, root: Path, max_bytes: int) -> bytes:
    """The file's bytes, opened only after its real path is checked inside the root, never through a link."""
    real = resolve_inside(candidate.real, root)
    fd = os.open(real, os.O_RDONLY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
    with os.fdopen(fd, "rb") as handle:
        return handle.read(max_bytes + 1)


class IndexWatcher:
    """One pass over the active roots (of all pairs, one person, or one pair)."""

    def __init__(self, db: Any, embedder: Any, describer: Any, log: Any, config: WatcherConfig) -> None:
        self.roots = RootsRepository(db)
        self.index = IndexRepository(db)
        self.allow_list = AllowListRepository(db)
        self._boundaries: dict[str, tuple[Path, ...]] = {}
        self._db = db
        self.embedder = embedder
        self.describer = describer
        self.log = log
        self.config = config
        self._probed = False
        self._batch: list[dict[str, Any]] = []
        self._written = 0  # index rows written by this run
        self._refreshed = 0  # … of which the last refresh saw this many

    def run(self, now: datetime, user_id: str | None = None, character_id: str | None = None,
            progress: Progress | None = None) -> dict[str, Any]:
        started = time.perf_counter()
        report: dict[str, Any] = {
            "status": "ok", "neu": 0, "geaendert": 0, "unveraendert": 0, "wieder_aufgenommen": 0,
            "verschwunden": 0, "ausserhalb": 0, "uebergangen": {}, "uebergangene_verzeichnisse": 0,
            "verzeichnisse": [], "wurzeln": [], "model_calls": 0, "embedding_calls": 0, "embedding_batches": 0,
            "seconds": 0.0,
        }
        self._report = report
        self._written = self._refreshed = 0  # the refresh counts this run's rows only: a small run never pays for it
        skipped: Counter[str] = Counter()
        try:
            walks: list[tuple[dict[str, Any], Path, WalkResult]] = []
            for root in self.roots.active(user_id, character_id):
                path = Path(root["pfad"])
                problem = self._root_problem(path, root["user_id"])
                walk = None
                if problem is None:
                    try:
                        walk = walk_root(path, self.config)
                    except OSError as err:
                        problem = err.strerror or type(err).__name__
                if walk is None:
                    report["wurzeln"].append({"id": root["id"], "pfad": str(path), "status": "abgelehnt",
                                              "grund": f"{texts.ROOT_NOT_READABLE}: {path} ({problem})"})
                    report["status"] = "teilweise"
                    continue  # §8.3: its rows untouched, never mass-'deleted'
                walks.append((root, path, walk))
            total = sum(len(w.candidates) for _, _, w in walks)
            done = 0
            for root, path, walk in walks:
                done = self._one_root(root, path, walk, now, report, skipped, progress, done, total)
                report["wurzeln"].append({"id": root["id"], "pfad": str(path), "status": "ok",
                                          "dateien": len(walk.candidates)})
            if self._written >= _REFRESH_FIRST and self._written > self._refreshed:
                self._refresh()  # the last rows too: searched as settled from the run's end, not autovacuum's
        except EmbedderBlindError as err:
            report["status"] = "fehler"
            report["fehler"] = texts.EMBEDDER_BLIND.format(message=err)
            self._finish(report, skipped, started, now)
            raise
        except DescriberDownError as err:
            report["status"] = "fehler"  # loud in the report and the log; the next run goes on from here
            report["fehler"] = texts.DESCRIBER_DOWN.format(message=redact_credentials(str(err)))
            self._finish(report, skipped, started, now)
            return report
        self._finish(report, skipped, started, now)
        return report

    def _finish(self, report: dict[str, Any], skipped: Counter[str], started: float, now: datetime) -> None:
        report["uebergangen"] = dict(sorted(skipped.items()))
        report["uebergangene_verzeichnisse"] = len(report["verzeichnisse"])
        report["seconds"] = round(time.perf_counter() - started, 3)
        if self.log is not None:
            self.log.background(TASK, report["status"], report, now)

    def _boundary(self, user_id: str) -> tuple[Path, ...]:
        """The owning person's allow-list, read once per run (never the environment)."""
        if user_id not in self._boundaries:
            self._boundaries[user_id] = self.allow_list.of(user_id)
        return self._boundaries[user_id]

    def _root_problem(self, path: Path, user_id: str) -> str | None:
        """Why a stored root cannot be read now (vanished, moved behind a link, outside its person's
        allow-list, hidden, the data directory)."""
        try:
            real = path.resolve(strict=True)
        except (OSError, RuntimeError) as err:
            return getattr(err, "strerror", None) or "nicht vorhanden"
        if real != path:
            return f"zeigt jetzt auf {real}"
        problem = admission_problem(real, self._boundary(user_id), self.config.forbidden)
        if problem is not None:
            return problem
        if not path.is_dir() or not os.access(path, os.R_OK | os.X_OK):
            return "kein lesbares Verzeichnis"
        return None

    def _one_root(self, root: dict[str, Any], path: Path, walk: WalkResult, now: datetime,
                  report: dict[str, Any], skipped: Counter[str], progress: Progress | None,
                  done: int, total: int) -> int:
        root_id = root["id"]
        state = self.index.state(root_id)
        evaluated: set[str] = set()
        untouched: set[str] = set()
        touches: list[tuple[int, datetime, int, int]] = []
        for rel, reason in walk.skipped_dirs:
            report["verzeichnisse"].append({"wurzel_id": root_id, "pfad": rel, "grund": reason})
            if reason == "verzeichnis_nicht_lesbar":
                prefix = rel + "/"
                untouched.update(p for p in state if p.startswith(prefix))
        for rel, reason in walk.skipped:
            skipped[reason] += 1
            if reason in _ERROR_REASONS:
                untouched.add(rel)
        self._batch = []
        try:
            for candidate in walk.candidates:
                done += 1
                row = state.get(candidate.rel)
                outcome = self._one_file(root_id, path, candidate, row, now, report, touches)
                if outcome is None:
                    evaluated.add(candidate.rel)
                else:
                    skipped[outcome] += 1
                    untouched.add(candidate.rel)
                if len(self._batch) >= _BATCH:
                    self._flush()
                if progress is not None:
                    progress(done, total, str(path))
        except BaseException:
            try:  # an interrupted run keeps what it finished; the next run completes the rest
                self._flush()
            except Exception:  # noqa: BLE001 - the original error is the one to raise
                pass
            raise
        self._flush()
        self.index.keep(touches, root_id, now)
        retire: list[tuple[int, str]] = []
        for rel, row in state.items():
            if rel in evaluated or rel in untouched:
                continue
            grund = self._probe(path / rel)
            if grund is None or (not row["aktiv"] and row["grund"] == grund):
                continue
            retire.append((row["id"], grund))
            report["verschwunden" if grund == "deleted" else "ausserhalb"] += 1
        self.index.retire(retire, root_id, now)
        return done

    def _flush(self) -> None:
        """The batch's embeddings in one embedder call (§5.4: over topic + keywords), then one transaction."""
        batch, self._batch = self._batch, []
        if not batch:
            return
        vectors = self._embed([row.pop("embed_text") for row in batch])
        for row, vector in zip(batch, vectors, strict=True):
            row["embedding"] = vector
        self.index.upsert_many(batch)
        self._written += len(batch)
        if self._written >= max(_REFRESH_FIRST, 2 * self._refreshed):
            self._refresh()

    def _refresh(self) -> None:
        self.index.refresh()
        self._refreshed = self._written

    @staticmethod
    def _probe(path: Path) -> str | None:
        """§5.5a: a look at the disk — gone → 'deleted', there → 'excluded', cannot tell → None."""
        try:
            os.stat(path)
        except (FileNotFoundError, NotADirectoryError):
            return "deleted"
        except OSError:
            return None
        return "excluded"

    def _one_file(self, root_id: int, root: Path, candidate: _Candidate, row: dict[str, Any] | None,
                  now: datetime, report: dict[str, Any], touches: list[tuple[int, datetime, int, int]]) -> str | None:
        """None when evaluated, else the reason it was skipped."""
        if (row is not None and row["aktiv"] and row["geaendert_am"] == candidate.mtime
                and row["groesse"] == candidate.size and row["status_geaendert_ns"] == candidate.ctime_ns):
            report["unveraendert"] += 1  # §5.2: mtime as the pre-filter — not even read
            return None
        try:
            data = _read(candidate, root, self.config.max_bytes)
        except OutsideBoundaryError:
            return "ausserhalb_der_wurzel"
        except FileNotFoundError:
            return "defekte_verknuepfung"
        except OSError:
            return "nicht_lesbar"
        if len(data) > self.config.max_bytes:
            return "zu_gross"  # it grew while we looked; the next run decides again
        digest = hashlib.sha256(data).hexdigest()
        if row is not None and row["inhalt_hash"] == digest:
            touches.append((row["id"], candidate.mtime, len(data), candidate.ctime_ns))  # same content: no model, no embedding
            report["unveraendert" if row["aktiv"] else "wieder_aufgenommen"] += 1
            return None
        name = os.path.basename(candidate.rel)
        try:
            text, struktur = extract(data, os.path.splitext(name)[1])
        except ParseError:
            return "nicht_auswertbar"
        report["model_calls"] += 1
        try:
            meta = check_description(self.describer.describe(name, text, struktur))
        except ModelAnswerError:
            return "beschreibung_unlesbar"  # this file only; the next run asks again (no row written)
        except ModelError as err:
            raise DescriberDownError(str(err)) from err  # every further file would wait for the same model
        except (ValueError, TypeError):
            return "beschreibung_unlesbar"
        report["embedding_calls"] += 1
        fresh = row is None or (not row["aktiv"] and row["grund"] == "deleted")  # §5.5b
        if row is None:
            report["neu"] += 1
        elif fresh or row["aktiv"]:
            report["neu" if fresh else "geaendert"] += 1
        else:
            report["wieder_aufgenommen"] += 1
        search = " ".join([name, meta["thema"], meta["zusammenfassung"], *meta["stichwoerter"]])
        self._batch.append({
            "wurzel_id": root_id, "pfad": candidate.rel, "name": name, "thema": meta["thema"],
            "zusammenfassung": meta["zusammenfassung"], "stichwoerter": meta["stichwoerter"],
            "embed_text": " ".join([meta["thema"], *meta["stichwoerter"]]), "struktur": struktur, "groesse": len(data),
            "zeilen": _line_count(text if name.lower().endswith(_CONTAINERS) else data),
            "inhalt_hash": digest, "geaendert_am": candidate.mtime, "ctime_ns": candidate.ctime_ns, "now": now,
            "grund": "created" if fresh else "changed", "fresh": fresh, "suchtext": search,
            "abschnitte": split_sections(text, struktur, os.path.splitext(name)[1]),  # content channel
        })
        return None

    def _embed(self, texts_: list[str]) -> list[Sequence[float]]:
        if not self._probed:
            result = probe_embedder(self.embedder)
            if result.blind:
                raise EmbedderBlindError(result.message())
            check_dimensions(self._db, result.dimensions, self.embedder)
            self._probed = True
        vectors = list(self.embedder.embed(texts_))
        if len(vectors) != len(texts_):
            raise EmbedderBlindError(f"the embedder answered {len(vectors)} vectors for {len(texts_)} texts")
        self._report["embedding_batches"] += 1
        return vectors
