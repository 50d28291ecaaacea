"""All SQL of the files service: `dateien_wurzeln` (§2a.1) and `dateien_index` (§4).

Every statement over a root id carries the pair in its condition (§2a.1 "Jede Kennung ist an das Paar
gebunden"); the writes are a closed set (`ROOT_WRITES`) and return the number of rows hit. The index
rows are written only by the watcher (§8.3 "schreibt ausschließlich in die Indextabelle").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from psycopg.types.json import Jsonb

from novaberg.core.clock import as_utc
from novaberg.core.edge import check_id, check_text
from novaberg.files.sections import SectionsWriter
from novaberg.files.terms import WRITE_SECONDS, TermsWriter
from novaberg.store.db import reading
from novaberg.store.vectors import as_vector, with_vectors

__all__ = ["RootsRepository", "IndexRepository", "OWNERSHIP", "ROOT_WRITES"]

OWNERSHIP: tuple[str, ...] = ("nutzer", "figur", "gemischt")  # §1a.5, the CHECK of the schema file

_ROOT_COLUMNS = "id, user_id, character_id, pfad, bezeichnung, eigentum, aktiv, erstellt_am, geaendert_am"
_INSERT_ROOT = f"""
INSERT INTO dateien_wurzeln (user_id, character_id, pfad, bezeichnung, eigentum, erstellt_am, geaendert_am)
VALUES (%s, %s, %s, %s, %s, %s, %s)
ON CONFLICT ON CONSTRAINT dateien_wurzeln_paar_pfad DO NOTHING
RETURNING {_ROOT_COLUMNS}
"""
_BY_PATH = f"SELECT {_ROOT_COLUMNS} FROM dateien_wurzeln WHERE user_id = %s AND character_id = %s AND pfad = %s"
_LIST = f"SELECT {_ROOT_COLUMNS} FROM dateien_wurzeln WHERE user_id = %s AND character_id = %s ORDER BY id"
_GET = f"SELECT {_ROOT_COLUMNS} FROM dateien_wurzeln WHERE id = %s AND user_id = %s AND character_id = %s"
_ACTIVE_ALL = f"SELECT {_ROOT_COLUMNS} FROM dateien_wurzeln WHERE aktiv ORDER BY id"
_ACTIVE_PAIR = (f"SELECT {_ROOT_COLUMNS} FROM dateien_wurzeln WHERE aktiv AND user_id = %s AND character_id = %s "
                "ORDER BY id")
_HAS_ACTIVE = "SELECT EXISTS (SELECT 1 FROM dateien_wurzeln WHERE aktiv AND user_id = %s AND character_id = %s) AS da"
# a grant sees what other persons share and are allowed, under one lock, so two grants cannot race
_GRANT_LOCK = "SELECT pg_advisory_xact_lock(hashtext('dateien_wurzeln_freigabe'))"
_OTHERS_ACTIVE = "SELECT user_id, pfad FROM dateien_wurzeln WHERE aktiv AND user_id <> %s"
_OTHERS_ALLOWED = "SELECT user_id, pfad FROM dateien_erlaubt WHERE user_id <> %s"
_ACTIVE_USER = f"SELECT {_ROOT_COLUMNS} FROM dateien_wurzeln WHERE aktiv AND user_id = %s ORDER BY id"

# The closed set of writes (§2a.1): whole statements, no column or condition from an input.
ROOT_WRITES: dict[str, str] = {
    "aktiv": ("UPDATE dateien_wurzeln SET aktiv = %s, geaendert_am = %s "
              "WHERE id = %s AND user_id = %s AND character_id = %s"),
    "bezeichnung": ("UPDATE dateien_wurzeln SET bezeichnung = %s, geaendert_am = %s "
                    "WHERE id = %s AND user_id = %s AND character_id = %s"),
}
_FORGET_ROWS = """
DELETE FROM dateien_index WHERE wurzel_id = (
    SELECT id FROM dateien_wurzeln WHERE id = %s AND user_id = %s AND character_id = %s)
"""

_INDEX_STATE = """
SELECT id, pfad, groesse, geaendert_am, status_geaendert_ns, inhalt_hash, aktiv, grund FROM dateien_index
WHERE wurzel_id = %s
"""
_UPSERT = """
INSERT INTO dateien_index (wurzel_id, pfad, name, thema, zusammenfassung, stichwoerter, themen_embedding,
    struktur, groesse, zeilen, inhalt_hash, geaendert_am, status_geaendert_ns, indiziert_am, aktiv, grund,
    grund_am, suchtext)
VALUES (%(wurzel_id)s, %(pfad)s, %(name)s, %(thema)s, %(zusammenfassung)s, %(stichwoerter)s,
    %(embedding)s::vector, %(struktur)s, %(groesse)s, %(zeilen)s, %(inhalt_hash)s, %(geaendert_am)s, %(ctime_ns)s, %(now)s,
    TRUE, %(grund)s, %(now)s, to_tsvector('german', %(suchtext)s))
ON CONFLICT ON CONSTRAINT dateien_index_wurzel_pfad DO UPDATE SET
    name = EXCLUDED.name, thema = EXCLUDED.thema, zusammenfassung = EXCLUDED.zusammenfassung,
    stichwoerter = EXCLUDED.stichwoerter, themen_embedding = EXCLUDED.themen_embedding,
    struktur = EXCLUDED.struktur, groesse = EXCLUDED.groesse, zeilen = EXCLUDED.zeilen,
    inhalt_hash = EXCLUDED.inhalt_hash, geaendert_am = EXCLUDED.geaendert_am,
    status_geaendert_ns = EXCLUDED.status_geaendert_ns, indiziert_am = EXCLUDED.indiziert_am,
    aktiv = TRUE, grund = EXCLUDED.grund, grund_am = EXCLUDED.grund_am, suchtext = EXCLUDED.suchtext,
    -- §5.5b: a new file at the place of a deleted one inherits neither relations nor learning state
    entitaet_ids = CASE WHEN %(fresh)s THEN NULL ELSE dateien_index.entitaet_ids END,
    timeline_id = CASE WHEN %(fresh)s THEN NULL ELSE dateien_index.timeline_id END,
    zuletzt_gelernt_hash = CASE WHEN %(fresh)s THEN NULL ELSE dateien_index.zuletzt_gelernt_hash END
"""
# Same content: only the mtime moves; a row out of the index comes back (§5.5b continuation).
_TOUCH = """
UPDATE dateien_index SET geaendert_am = %s, status_geaendert_ns = %s, groesse = %s,
    grund = CASE WHEN aktiv THEN grund ELSE 'changed' END,
    grund_am = CASE WHEN aktiv THEN grund_am ELSE %s END, aktiv = TRUE
WHERE id = %s AND wurzel_id = %s
"""
_RETIRE = """
UPDATE dateien_index SET aktiv = FALSE, grund = %s, grund_am = %s
WHERE id = %s AND wurzel_id = %s AND (aktiv OR grund <> %s)
"""
# After a large part of a run: the tables a search reads and the watcher fills, vacuumed and analysed. A fresh root
# fills them from nothing in seconds (1,000 files: 160,000 postings), and until autovacuum's next look (a minute or
# more) a search pays three times (bench/files/right_after.py, EXPLAIN ANALYZE): no column statistics — the planner
# read all of the root's postings to match four question lexemes (0.5 s instead of 0.3 ms); the GIN indexes' pending
# lists (4 MB each, scanned whole by every look-up until a VACUUM moves them into the index — schema files/012 turned
# them off for the two a search reads); and no visibility map (the index-only scans fetch every heap row). SKIP_LOCKED: a table autovacuum is working on right now is left to it,
# so the watcher never waits for, or fails on, a refresh that only speeds the readers up.
_REFRESH = ("VACUUM (ANALYZE, SKIP_LOCKED) dateien_index, dateien_abschnitte, dateien_terme, dateien_lexem_df, "
            "dateien_statistik")
_STATUS_OF_ROOT = """
SELECT count(*) FILTER (WHERE i.aktiv) AS aktiv,
       count(*) FILTER (WHERE NOT i.aktiv AND i.grund = 'excluded') AS nicht_ausgewertet,
       max(i.indiziert_am) AS zuletzt
FROM dateien_index i JOIN dateien_wurzeln w ON w.id = i.wurzel_id
WHERE w.id = %s AND w.user_id = %s AND w.character_id = %s
"""
_ROWS_OF_ROOT = """
SELECT i.id, i.pfad, i.name, i.thema, i.zusammenfassung, i.stichwoerter, i.struktur, i.groesse, i.zeilen,
       i.inhalt_hash, i.geaendert_am, i.indiziert_am, i.aktiv, i.grund, i.grund_am,
       i.entitaet_ids, i.timeline_id, i.zuletzt_gelernt_hash, i.themen_embedding IS NOT NULL AS eingebettet
FROM dateien_index i JOIN dateien_wurzeln w ON w.id = i.wurzel_id
WHERE w.id = %s AND w.user_id = %s AND w.character_id = %s ORDER BY i.pfad
"""


Guard = Callable[[list[dict[str, Any]], list[dict[str, Any]]], None]


def _check_id(root_id: object) -> int:
    if isinstance(root_id, bool) or not isinstance(root_id, int) or root_id <= 0:
        raise ValueError(f"unusable root id {root_id!r}")
    return root_id


def _check_pair(user_id: object, character_id: object) -> tuple[str, str]:
    """The pair through the edge's id rule (core/edge): empty, NUL, surrogate or overlong → InputError."""
    return check_id(user_id, "user_id"), check_id(character_id, "character_id")


def _check_label(bezeichnung: object) -> None:
    """The person's name for a root is edge text: no NUL, no lone surrogate, bounded (core/edge)."""
    if bezeichnung is not None:
        check_text(bezeichnung, "bezeichnung")


class RootsRepository:
    """The one writer of `dateien_wurzeln`."""

    def __init__(self, db: Any) -> None:
        self._db = db

    def insert(self, user_id: str, character_id: str, pfad: str, eigentum: str, bezeichnung: str | None,
               now: datetime, guard: Guard | None = None) -> tuple[dict[str, Any], bool]:
        """(row, created): the same directory twice gives the existing row and False (§8.2a).

        `guard(other persons' active roots, their allow-list entries)` runs under the grant lock in the same
        transaction and raises to refuse (a directory another person shares)."""
        _check_pair(user_id, character_id)
        if eigentum not in OWNERSHIP:
            raise ValueError(f"unknown eigentum {eigentum!r}; one of {', '.join(OWNERSHIP)}")
        _check_label(bezeichnung)
        moment = as_utc(now)
        with self._db.transaction() as conn:
            if guard is not None:
                conn.execute(_GRANT_LOCK)
                guard(conn.execute(_OTHERS_ACTIVE, (user_id,)).fetchall(),
                      conn.execute(_OTHERS_ALLOWED, (user_id,)).fetchall())
            row = conn.execute(_INSERT_ROOT, (user_id, character_id, pfad, bezeichnung, eigentum, moment,
                                              moment)).fetchone()
            if row is not None:
                return row, True
            return conn.execute(_BY_PATH, (user_id, character_id, pfad)).fetchone(), False

    def others(self, user_id: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """(other persons' active roots, their allow-list entries) — the gate's look before it asks."""
        person = check_id(user_id, "user_id")
        with self._db.transaction() as conn:
            return (conn.execute(_OTHERS_ACTIVE, (person,)).fetchall(),
                    conn.execute(_OTHERS_ALLOWED, (person,)).fetchall())

    def list(self, user_id: str, character_id: str) -> list[dict[str, Any]]:
        _check_pair(user_id, character_id)
        with self._db.transaction() as conn:
            return conn.execute(_LIST, (user_id, character_id)).fetchall()

    def get(self, root_id: int, user_id: str, character_id: str) -> dict[str, Any] | None:
        """The root by id, only if it belongs to the pair; foreign and missing look the same (None)."""
        params = (_check_id(root_id), *_check_pair(user_id, character_id))
        with self._db.transaction() as conn:
            return conn.execute(_GET, params).fetchone()

    def has_active(self, user_id: str, character_id: str) -> bool:
        """Whether the pair shares any directory now (a pair without one needs no search). Read from
        the table every time, so a root shared a moment ago — by this process or another — counts at once."""
        with reading(self._db) as conn:
            return bool(conn.execute(_HAS_ACTIVE, _check_pair(user_id, character_id)).fetchone()["da"])

    def active(self, user_id: str | None = None, character_id: str | None = None) -> list[dict[str, Any]]:
        """Active roots of all pairs, of one person, or of one pair; a figure without its person is refused."""
        if character_id is not None and user_id is None:
            raise ValueError("a figure's roots are a pair's: give user_id with character_id")
        with self._db.transaction() as conn:
            if user_id is not None and character_id is not None:
                return conn.execute(_ACTIVE_PAIR, _check_pair(user_id, character_id)).fetchall()
            if user_id is not None:
                return conn.execute(_ACTIVE_USER, (check_id(user_id, "user_id"),)).fetchall()
            return conn.execute(_ACTIVE_ALL).fetchall()

    def write(self, column: str, value: Any, root_id: int, user_id: str, character_id: str,
              now: datetime) -> int:
        """One closed write bound to the pair; the number of rows hit (§2a.1 `_zeile_schreiben`)."""
        if column not in ROOT_WRITES:
            raise ValueError(f"unknown root write {column!r}; one of {', '.join(ROOT_WRITES)}")
        if column == "bezeichnung":
            _check_label(value)
        params = (value, as_utc(now), _check_id(root_id), *_check_pair(user_id, character_id))
        with self._db.transaction() as conn:
            rows = conn.execute(ROOT_WRITES[column], params).rowcount
        if isinstance(rows, bool) or not isinstance(rows, int):
            raise TypeError(f"root write {column!r} returned {rows!r}, not a row count")
        return rows

    def forget(self, root_id: int, user_id: str, character_id: str, now: datetime) -> tuple[int, int]:
        """§2a.3 vergessen: the index rows deleted and the root inactive, in one transaction.

        Returns (roots hit, index rows deleted); roots hit ≠ 1 rolls nothing back by itself — the caller
        reports it loudly.
        """
        params = (_check_id(root_id), *_check_pair(user_id, character_id))
        with self._db.transaction() as conn:
            TermsWriter.lock(conn, [params[0]])
            deleted = conn.execute(_FORGET_ROWS, params).rowcount
            TermsWriter.forget_root(conn, params[0])  # the postings went with the rows; the counts go too
            hit = conn.execute(ROOT_WRITES["aktiv"], (False, as_utc(now), *params)).rowcount
        return hit, deleted

    def index_rows(self, root_id: int, user_id: str, character_id: str) -> list[dict[str, Any]]:
        """The index rows of one root of the pair (operators and tests)."""
        params = (_check_id(root_id), *_check_pair(user_id, character_id))
        with self._db.transaction() as conn:
            return conn.execute(_ROWS_OF_ROOT, params).fetchall()

    def index_status(self, root_id: int, user_id: str, character_id: str) -> dict[str, Any]:
        """One root's index in numbers, counted by the database: `aktiv` rows, rows `nicht_ausgewertet` (on disk,
        excluded by this run, §5.5a), `zuletzt` indexed."""
        params = (_check_id(root_id), *_check_pair(user_id, character_id))
        with self._db.transaction() as conn:
            return dict(conn.execute(_STATUS_OF_ROOT, params).fetchone())


class IndexRepository:
    """The one writer of `dateien_index` (the watcher). Root ids here come from `RootsRepository.active`."""

    def __init__(self, db: Any) -> None:
        self._db = db

    def state(self, root_id: int) -> dict[str, dict[str, Any]]:
        """pfad → (id, groesse, geaendert_am, status_geaendert_ns, inhalt_hash, aktiv, grund) of the root's rows."""
        with self._db.transaction() as conn:
            return {row["pfad"]: row for row in conn.execute(_INDEX_STATE, (_check_id(root_id),)).fetchall()}

    def upsert_many(self, batch: Sequence[dict[str, Any]]) -> None:
        """Rows of the watcher in one transaction; the unique (wurzel_id, pfad) keeps a re-run duplicate-free."""
        if not batch:
            return
        rows = []
        for values in batch:
            params = dict(values)
            params["struktur"] = None if values["struktur"] is None else Jsonb(values["struktur"])
            params["embedding"] = as_vector(values.get("embedding"))
            params["geaendert_am"] = as_utc(values["geaendert_am"])
            params["now"] = as_utc(values["now"])
            rows.append(params)
        with self._db.transaction(seconds=WRITE_SECONDS) as conn, with_vectors(conn).cursor() as cur:
            TermsWriter.lock(cur, [row["wurzel_id"] for row in batch])
            TermsWriter.withdraw(cur, TermsWriter.ids_of(cur, batch))  # BM25 counts before the sections go
            cur.executemany(_UPSERT, rows)
            SectionsWriter.store(cur, batch)  # the content channel's sections, same transaction
            TermsWriter.enter(cur, TermsWriter.ids_of(cur, batch))  # … and from the new sections

    def refresh(self) -> None:
        """The index tables vacuumed and analysed, outside any transaction (after a batch committed); searches and
        writes go on beside it — VACUUM and ANALYZE take no lock they wait on."""
        self._db.maintain(_REFRESH)

    def keep(self, items: Sequence[tuple[int, datetime, int, int]], root_id: int, now: datetime) -> None:
        """Same hash: store the new mtime and size; an inactive row comes back (§5.5b)."""
        if not items:
            return
        moment = as_utc(now)
        with self._db.transaction() as conn, conn.cursor() as cur:
            TermsWriter.lock(cur, [root_id])
            cur.executemany(_TOUCH, [(as_utc(mtime), ctime_ns, size, moment, row_id, root_id)
                                      for row_id, mtime, size, ctime_ns in items])
            TermsWriter.enter(cur, [row_id for row_id, _, _, _ in items])  # a returning file counts again

    def retire(self, items: Sequence[tuple[int, str]], root_id: int, now: datetime) -> None:
        """(row id, 'deleted'|'excluded'): out of the index with its reason (§5.5, §5.5a)."""
        if not items:
            return
        moment = as_utc(now)
        with self._db.transaction() as conn, conn.cursor() as cur:
            TermsWriter.lock(cur, [root_id])
            cur.executemany(_RETIRE, [(grund, moment, row_id, root_id, grund) for row_id, grund in items])
            TermsWriter.withdraw(cur, [row_id for row_id, _ in items])  # out of the BM25 counts
