"""All SQL of `notizen` (notizen.md §9): one insert, a closed set of bound writes, bound reads, the search.

Every statement that names a note by its id carries the person in the same condition
(`WHERE id = %s AND user_id = %s`, §6 "Jede Kennung ist an den Menschen gebunden"). Writes go through
`write(kind, values, note_id, user_id)`, which returns the number of rows it hit; no column and no
condition ever comes from input.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from novaberg.core.clock import as_utc
from novaberg.core.settings import NOTES_SEARCH_LIMIT, NOTES_SUMMARY_WORDS
from novaberg.notes.search_sql import (
    GENERIC_PLANS,
    NOTE_COLUMNS,
    POSTINGS,
    SET_THRESHOLD,
    TRGM_SCORED,
    text_statements,
)
from novaberg.store.db import escape_like, hold_lock, reading

__all__ = ["NotesRepository", "WRITES", "NOTE_TYPES", "summary_of"]

NOTE_TYPES = ("einkauf", "todo", "merkliste", "notiz", "entwurf", "idee")  # §8

_COLUMNS = ", ".join(NOTE_COLUMNS)

_INSERT = f"""
INSERT INTO notizen (user_id, name, typ, text, zusammenfassung, themen, faellig_am, timeline_id,
                     created_at, updated_at, last_touched)
VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)
RETURNING {_COLUMNS}
"""

# The closed set of writes (§6 "Schreiben, ein geschlossener Satz"): kind -> (statement, value count).
# The values come first, then id and user_id. Only active notes are written.
WRITES: dict[str, tuple[str, int]] = {
    "inhalt": (
        "UPDATE notizen SET text = %s, zusammenfassung = %s, updated_at = %s, last_touched = %s "
        "WHERE id = %s AND user_id = %s AND aktiv",
        4,
    ),
    "archiv": (
        "UPDATE notizen SET aktiv = FALSE, status = 'archiviert', updated_at = %s, last_touched = %s "
        "WHERE id = %s AND user_id = %s AND aktiv",
        2,
    ),
    "name": (
        "UPDATE notizen SET name = %s, updated_at = %s, last_touched = %s "
        "WHERE id = %s AND user_id = %s AND aktiv",
        3,
    ),
}

_GET = f"SELECT {_COLUMNS} FROM notizen WHERE id = %s AND user_id = %s"
_LOCK = f"SELECT {_COLUMNS} FROM notizen WHERE id = %s AND user_id = %s FOR UPDATE"
_LIST_ACTIVE = f"SELECT {_COLUMNS} FROM notizen WHERE user_id = %s AND aktiv ORDER BY updated_at DESC, id DESC"
_RECENT = ("SELECT name, text FROM notizen WHERE user_id = %s AND aktiv ORDER BY updated_at DESC, id DESC LIMIT %s")
_LISTS_HOLDING = ("SELECT name, text FROM notizen WHERE user_id = %s AND aktiv AND typ = ANY(%s) "
                  "AND text ILIKE ANY(%s) ORDER BY id LIMIT %s")
_BY_NAME = f"""
SELECT {_COLUMNS} FROM notizen
WHERE user_id = %s AND aktiv AND lower(name) = lower(%s)
ORDER BY updated_at DESC, id DESC
"""
# §4 Fallback-Kette 1: `find_by_stichwort`, ILIKE on the name (the pattern is escaped: an exact match).
_BY_KEYWORD = f"""
SELECT {_COLUMNS} FROM notizen
WHERE user_id = %s AND aktiv AND name ILIKE %s ESCAPE '\\'
ORDER BY updated_at DESC, id DESC LIMIT %s
"""
# §4 Fallback-Kette 2: `find_by_volltext`, the german tsvector.
_BY_FULLTEXT = f"""
SELECT {_COLUMNS}, ts_rank(suchtext, query) AS rank
FROM notizen, plainto_tsquery('german', %s) AS query
WHERE user_id = %s AND aktiv AND suchtext @@ query
ORDER BY rank DESC, updated_at DESC, id DESC LIMIT %s
"""


def summary_of(text: str, words: int = NOTES_SUMMARY_WORDS) -> str:
    """§5 Create 3: the summary is the first 20 words."""
    return " ".join(text.split()[:words])


def _check_id(note_id: object) -> int:
    if isinstance(note_id, bool) or not isinstance(note_id, int) or note_id <= 0:
        raise ValueError(f"a note id is a positive integer, not {note_id!r}")
    return note_id


def _check_user(user_id: object) -> str:
    if not isinstance(user_id, str) or not user_id.strip():
        raise ValueError("a note belongs to a person: user_id must not be empty")
    return user_id


class NotesRepository:
    """The one writer of `notizen`; rows come back as dicts."""

    def __init__(self, db: Any) -> None:
        self._db = db

    @contextmanager
    def person_locked(self, user_id: str) -> Iterator[NotesRepository]:
        """One transaction holding the person's write lock; yields a repository whose every call runs in it.

        Committed at the end, rolled back on any exception. Inside, use only the yielded repository: a
        second pooled connection could wait for one held by a waiter of this very lock.
        """
        _check_user(user_id)
        with self._db.transaction() as conn:  # same name → no second note; a change on the text
            yield NotesRepository(hold_lock(conn, f"notizen\x1f{user_id}"))  # it was made on

    def lock(self, note_id: int, user_id: str) -> dict[str, Any] | None:
        """The note by its id, bound to the person, locked for update until the transaction ends; else None."""
        with self._db.transaction() as conn:
            return conn.execute(_LOCK, (_check_id(note_id), _check_user(user_id))).fetchone()

    # --- public API: nova.notes.list(user_id)
    def list(self, user_id: str) -> list[dict[str, Any]]:
        """The active notes of the person, most recently changed first."""
        _check_user(user_id)
        with self._db.transaction() as conn:
            return conn.execute(_LIST_ACTIVE, (user_id,)).fetchall()

    def recent_texts(self, user_id: str, limit: int) -> list[dict[str, Any]]:
        """Name and text of the person's `limit` most recently changed active notes (what a question may quote)."""
        _check_user(user_id)
        with self._db.transaction() as conn:
            return conn.execute(_RECENT, (user_id, limit)).fetchall()

    def lists_holding(self, user_id: str, list_types: Sequence[str], item_patterns: Sequence[str],
                      limit: int) -> list[tuple[str, str]]:
        """(name, text) of the person's active lists of `list_types` whose text matches one of the ILIKE
        `item_patterns` (where a bare „Lösch Käse" belongs); the caller matches whole words."""
        _check_user(user_id)
        if not item_patterns or not list_types:
            return []
        with self._db.transaction() as conn:
            rows = conn.execute(_LISTS_HOLDING, (user_id, list(list_types), list(item_patterns), limit)).fetchall()
        return [(str(row["name"]), str(row["text"])) for row in rows]

    def insert(self, user_id: str, name: str, typ: str, text: str, themen: Sequence[str], now: datetime,
               faellig_am: datetime | None = None, timeline_id: int | None = None) -> dict[str, Any]:
        _check_user(user_id)
        if not name.strip():
            raise ValueError("a note needs a name")
        if typ not in NOTE_TYPES:
            raise ValueError(f"unknown note type {typ!r}; one of {', '.join(NOTE_TYPES)}")
        moment = as_utc(now)
        due = as_utc(faellig_am) if faellig_am is not None else None
        with self._db.transaction() as conn:
            return conn.execute(
                _INSERT,
                (user_id, name, typ, text, summary_of(text), list(themen), due, timeline_id, moment, moment, moment),
            ).fetchone()

    def write(self, kind: str, values: Sequence[Any], note_id: int, user_id: str) -> int:
        """One of the closed writes, bound to the person; returns the number of rows hit.

        Raises ValueError before writing for an unknown kind, a wrong number of values, an unusable
        id or an empty person; TypeError when the driver reports no row count.
        """
        if kind not in WRITES:
            raise ValueError(f"unknown note write {kind!r}; one of {', '.join(WRITES)}")
        statement, count = WRITES[kind]
        if len(values) != count:
            raise ValueError(f"note write {kind!r} takes {count} values, got {len(values)}")
        params = (*values, _check_id(note_id), _check_user(user_id))
        with self._db.transaction() as conn:
            rows = conn.execute(statement, params).rowcount
        if isinstance(rows, bool) or not isinstance(rows, int):
            raise TypeError(f"note write {kind!r} returned {rows!r}, not a row count")
        return rows

    def get(self, note_id: int, user_id: str) -> dict[str, Any] | None:
        """A note by its id, only if it belongs to the person (active or archived); else None."""
        with reading(self._db) as conn:
            return conn.execute(_GET, (_check_id(note_id), _check_user(user_id))).fetchone()

    def by_name(self, user_id: str, name: str) -> list[dict[str, Any]]:
        """Active notes whose name equals `name` ignoring case (§5 Create 4, the duplicate check)."""
        _check_user(user_id)
        with self._db.transaction() as conn:
            return conn.execute(_BY_NAME, (user_id, name)).fetchall()

    def by_keyword(self, user_id: str, keyword: str, limit: int = NOTES_SEARCH_LIMIT) -> list[dict[str, Any]]:
        _check_user(user_id)
        with self._db.transaction() as conn:
            return conn.execute(_BY_KEYWORD, (user_id, escape_like(keyword), limit)).fetchall()

    def by_fulltext(self, user_id: str, query: str, limit: int = NOTES_SEARCH_LIMIT) -> list[dict[str, Any]]:
        _check_user(user_id)
        with self._db.transaction() as conn:
            return conn.execute(_BY_FULLTEXT, (query, user_id, limit)).fetchall()

    def scored(self, user_id: str, query: str, weights: tuple[float, float, float], floor: float,
               limit: int = NOTES_SEARCH_LIMIT) -> list[dict[str, Any]]:
        """§4 SQL-Kern: every candidate's row with `score`, the best `limit`, best first."""
        _check_user(user_id)
        w_name, w_text, w_themen = weights
        params = {"q": query, "user_id": user_id, "w_name": w_name, "w_text": w_text, "w_themen": w_themen,
                  "floor": floor, "limit": limit}
        # numpy and the postings arithmetic load with the first search, not with every turn
        from novaberg.notes.trigram_postings import (
            name_similarities,
            scoring_parameters,
            topic_similarities,
            worth_scoring,
        )

        with self._db.transaction() as conn:
            conn.execute(GENERIC_PLANS)
            postings = conn.cursor(binary=True).execute(POSTINGS, params).fetchall()  # bytes, not hex
            query_trigrams = postings[0]["query_trigrams"]
            names = [bytes(row["codes"]) for row in postings if row["feld"] == "name"]
            topics = [bytes(row["codes"]) for row in postings if row["feld"] == "thema"]
            # How common each trigram is among the person's names: the rarity the text tiers are read by.
            counts = {row["trigramm"]: len(row["codes"]) // 8 for row in postings if row["feld"] == "name"}
            texts = self._candidates(conn, floor, text_statements(query, floor, query_trigrams, counts), params)
            ids, topic_sims = worth_scoring(name_similarities(names, query_trigrams),
                                            topic_similarities(topics, query_trigrams), texts, weights, floor,
                                            query_trigrams, limit)
            return conn.execute(TRGM_SCORED, {**params, **scoring_parameters(ids, topic_sims)}).fetchall()

    @staticmethod
    def _candidates(conn: Any, threshold: float, statements: list[tuple[str, dict[str, str]]],
                    params: dict[str, Any]) -> set[int]:
        """The ids the statements find at `threshold`, in one round trip."""
        with conn.pipeline():
            conn.execute(SET_THRESHOLD, (str(threshold),))
            cursors = [conn.execute(statement, {**params, **extra}, prepare=True) for statement, extra in statements]
        return {row["id"] for cursor in cursors for row in cursor.fetchall()}
