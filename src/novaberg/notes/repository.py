"""All SQL of `notizen` (notizen.md §9): one insert, a closed set of bound writes, bound reads, the search.

Every statement that names a note by its id carries the person in the same condition
(`WHERE id = %s AND user_id = %s`, §6 "Jede Kennung ist an den Menschen gebunden"). Writes go through
`write(kind, values, note_id, user_id)`, which returns the number of rows it hit; no column and no
condition ever comes from input.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from novaberg.core.clock import as_utc
from novaberg.core.settings import NOTES_SEARCH_LIMIT, NOTES_SUMMARY_WORDS, NOTES_WHERE_THRESHOLD
from novaberg.store.migrations import has_pg_trgm
from novaberg.text.trigram import trigrams

__all__ = ["NotesRepository", "WRITES", "NOTE_TYPES", "summary_of", "escape_like"]

NOTE_TYPES = ("einkauf", "todo", "merkliste", "notiz", "entwurf", "idee")  # §8

_COLUMNS = (
    "id, user_id, name, typ, text, zusammenfassung, themen, status, aktiv, entitaet_ids, timeline_id, "
    "faellig_am, wiedervorlage_am, created_at, updated_at, last_touched"
)

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
_LIST_ACTIVE = f"SELECT {_COLUMNS} FROM notizen WHERE user_id = %s AND aktiv ORDER BY updated_at DESC, id DESC"
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

# §4 SQL-Kern. The weights and the per-field threshold are parameters; every candidate gets its three
# similarities once, is kept only when one of them is above the threshold (`> threshold`, as written),
# and is ranked by the weighted sum. Two forms compute the same thing:
#
# With pg_trgm, the indexable operators choose the candidates field by field (a superset of the exact
# condition: `%` is `>=` the threshold; a long text whose similarity cannot exceed the threshold,
# |text| * threshold >= |query|, is skipped; a topic is a whole-word extent of the joined topics, so its
# similarity never exceeds the strict word similarity `<<%`), then the exact condition decides.
_SEARCH_TRGM = """
WITH cand AS (
    SELECT id, name, themen, text_trgm_n FROM notizen WHERE user_id = %(user_id)s AND aktiv AND name %% %(q)s
    UNION
    SELECT id, name, themen, text_trgm_n FROM notizen
    WHERE user_id = %(user_id)s AND aktiv {short} AND text_trgm_n < cardinality(show_trgm(%(q)s)) / %(floor)s
      AND {text} %% %(q)s
    UNION
    SELECT id, name, themen, text_trgm_n FROM notizen
    WHERE user_id = %(user_id)s AND aktiv AND %(q)s <<%% notizen_themen_text(themen)
),
-- Cheap first: name and topics exactly, the text only as a bound (similarity <= min(|T|,|Q|) / max(|T|,|Q|)).
a AS (
    SELECT c.id, c.text_trgm_n, similarity(c.name, %(q)s) AS sim_name,
           coalesce((SELECT max(similarity(t, %(q)s)) FROM unnest(c.themen) AS t), 0) AS sim_themen,
           cardinality(show_trgm(%(q)s)) AS qn
    FROM cand c
    OFFSET 0
),
b AS (
    SELECT *, sim_name * %(w_name)s + sim_themen * %(w_themen)s AS low,
           sim_name * %(w_name)s + sim_themen * %(w_themen)s
           + %(w_text)s * coalesce(least(qn, text_trgm_n)::real / nullif(greatest(qn, text_trgm_n), 0), 0) AS high
    FROM a
),
-- The limit-th best score of the notes that surely qualify is at least this; a note whose upper bound
-- stays below it cannot be among the first `limit`, so its text is never compared.
cut AS (
    SELECT low FROM b WHERE sim_name > %(floor)s OR sim_themen > %(floor)s
    ORDER BY low DESC OFFSET %(limit)s - 1 LIMIT 1
),
s AS (
    SELECT b.id, b.sim_name, b.sim_themen, similarity(n.text, %(q)s) AS sim_text
    FROM b JOIN notizen n ON n.id = b.id AND n.user_id = %(user_id)s
    WHERE b.high >= coalesce((SELECT low FROM cut), 0)
    OFFSET 0
)
SELECT {columns}, s.sim_name, s.sim_text, s.sim_themen,
       s.sim_name * %(w_name)s + s.sim_text * %(w_text)s + s.sim_themen * %(w_themen)s AS score
FROM s JOIN notizen n ON n.id = s.id AND n.user_id = %(user_id)s
WHERE s.sim_name > %(floor)s OR s.sim_text > %(floor)s OR s.sim_themen > %(floor)s
ORDER BY score DESC, n.updated_at DESC, n.id DESC
LIMIT %(limit)s
"""
# With the SQL fallback, the trigram sets stored per note (002_search_support.sql) replace the fallback
# function: |A ∩ Q| / |A ∪ Q| on arrays, the same semantics. Cheap counts first (name; a text short
# enough to reach the threshold; the topics' union, which must share more than threshold·|Q| trigrams
# for any one topic to pass), then the exact similarities for the rows that can still qualify.
_SEARCH_FALLBACK = """
WITH q AS (SELECT novaberg_trigrams(%(q)s) AS t),
pre AS (
    SELECT n.id, q.t, cardinality(q.t) AS qn, cardinality(n.name_trgm) AS name_n, n.text_trgm_n,
           CASE WHEN n.name_trgm && q.t
                THEN (SELECT count(*) FROM unnest(q.t) AS x WHERE x = ANY (n.name_trgm)) ELSE 0 END AS c_name,
           CASE WHEN n.text_trgm_n * %(floor)s < cardinality(q.t) AND n.text_trgm && q.t
                THEN (SELECT count(*) FROM unnest(q.t) AS x WHERE x = ANY (n.text_trgm)) ELSE 0 END AS c_short,
           CASE WHEN n.themen_trgm && q.t
                THEN (SELECT count(*) FROM unnest(q.t) AS x WHERE x = ANY (n.themen_trgm)) ELSE 0 END AS c_themen
    FROM notizen n CROSS JOIN q
    WHERE n.user_id = %(user_id)s AND n.aktiv
    OFFSET 0
),
possible AS (
    SELECT *, coalesce(c_name::real / nullif(name_n + qn - c_name, 0), 0) AS sim_name,
           coalesce(c_short::real / nullif(text_trgm_n + qn - c_short, 0), 0) AS sim_short
    FROM pre
    WHERE coalesce(c_name::real / nullif(name_n + qn - c_name, 0), 0) > %(floor)s
       OR coalesce(c_short::real / nullif(text_trgm_n + qn - c_short, 0), 0) > %(floor)s
       OR c_themen > %(floor)s * qn
    OFFSET 0
),
-- Bounds: a text's similarity is at most min(|T|,|Q|) / max(|T|,|Q|), a topic's at most its share of the
-- topics' union count in |Q|. The limit-th best lower bound of the notes that surely qualify is a floor
-- for the limit-th score; a note whose upper bound stays below it is never compared in full.
bounded AS (
    SELECT *, sim_name * %(w_name)s + sim_short * %(w_text)s AS low,
           sim_name * %(w_name)s
           + %(w_text)s * coalesce(least(qn, text_trgm_n)::real / nullif(greatest(qn, text_trgm_n), 0), 0)
           + %(w_themen)s * least(1.0, c_themen::real / nullif(qn, 0)) AS high
    FROM possible
),
cut AS (
    SELECT low FROM bounded WHERE sim_name > %(floor)s OR sim_short > %(floor)s
    ORDER BY low DESC OFFSET %(limit)s - 1 LIMIT 1
),
exact AS (
    SELECT p.id, p.sim_name,
           (SELECT coalesce(c::real / nullif(p.text_trgm_n + p.qn - c, 0), 0)
            FROM (SELECT count(*) AS c FROM unnest(p.t) AS x WHERE x = ANY (n.text_trgm)) AS z) AS sim_text,
           (SELECT coalesce(max(coalesce(c::real / nullif(cardinality(tt) + p.qn - c, 0), 0)), 0)
            FROM (SELECT tt, (SELECT count(*) FROM unnest(p.t) AS x WHERE x = ANY (tt)) AS c
                  FROM (SELECT novaberg_trigrams(topic) AS tt FROM unnest(n.themen) AS topic OFFSET 0) AS a
                  OFFSET 0) AS b) AS sim_themen
    FROM bounded p JOIN notizen n ON n.id = p.id AND n.user_id = %(user_id)s
    WHERE p.high >= coalesce((SELECT low FROM cut), 0)
    OFFSET 0
)
SELECT {columns}, s.sim_name, s.sim_text, s.sim_themen,
       s.sim_name * %(w_name)s + s.sim_text * %(w_text)s + s.sim_themen * %(w_themen)s AS score
FROM exact s
JOIN notizen n ON n.id = s.id AND n.user_id = %(user_id)s
WHERE s.sim_name > %(floor)s OR s.sim_text > %(floor)s OR s.sim_themen > %(floor)s
ORDER BY score DESC, n.updated_at DESC, n.id DESC
LIMIT %(limit)s
"""
_SCORED_COLUMNS = ", ".join(f"n.{c.strip()}" for c in _COLUMNS.split(","))
# 003_short_text_trigrams.sql: the texts under 50, 100, 200 and 400 trigrams have their own indexes; a query
# of at most 6, 14, 29 or 59 trigrams (|text| < |query| / 0.15 <= the tier, one trigram to spare for how
# the server counts multibyte words) only ever needs that tier.
SHORT_TEXT_TIERS = ((6, 50), (14, 100), (29, 200), (59, 400))  # (query trigrams at most, texts under)
_SEARCH_TRGM_TIERS = {
    tier: _SEARCH_TRGM.format(columns=_SCORED_COLUMNS, short=f"AND text_trgm_n < {tier}",
                              text=f"(text || '{' ' * (number + 1)}')")
    for number, (_, tier) in enumerate(SHORT_TEXT_TIERS)
}
_SEARCH_TRGM = _SEARCH_TRGM.format(columns=_SCORED_COLUMNS, short="", text="text")
_SEARCH_FALLBACK = _SEARCH_FALLBACK.format(columns=_SCORED_COLUMNS)
_SET_THRESHOLDS = (
    "SELECT set_config('pg_trgm.similarity_threshold', %s, true), "
    "set_config('pg_trgm.strict_word_similarity_threshold', %s, true)"
)
# Whether a database has the real pg_trgm, asked once per database: the migrations decided the search
# columns by it (002_search_support.sql), so it does not change while the database object lives.
_PG_TRGM: weakref.WeakKeyDictionary[Any, bool] = weakref.WeakKeyDictionary()


def _trgm_statement(query: str, floor: float) -> str:
    """The pg_trgm statement whose text index covers every text that can reach `floor` for `query`."""
    if floor >= NOTES_WHERE_THRESHOLD:
        size = len(trigrams(query))
        for most, tier in SHORT_TEXT_TIERS:
            if size <= most:
                return _SEARCH_TRGM_TIERS[tier]
    return _SEARCH_TRGM


def summary_of(text: str, words: int = NOTES_SUMMARY_WORDS) -> str:
    """§5 Create 3: the summary is the first 20 words."""
    return " ".join(text.split()[:words])


def escape_like(value: str) -> str:
    return value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


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

    # --- public API (DESIGN.md): nova.notes.list(user_id)
    def list(self, user_id: str) -> list[dict[str, Any]]:
        """The active notes of the person, most recently changed first."""
        _check_user(user_id)
        with self._db.transaction() as conn:
            return conn.execute(_LIST_ACTIVE, (user_id,)).fetchall()

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
        with self._db.transaction() as conn:
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
        """§4 SQL-Kern: rows with `score`, best first; pg_trgm's indexes when the extension exists."""
        _check_user(user_id)
        w_name, w_text, w_themen = weights
        params = {"q": query, "user_id": user_id, "w_name": w_name, "w_text": w_text, "w_themen": w_themen,
                  "floor": floor, "limit": limit}
        trgm = self.uses_pg_trgm()
        with self._db.transaction() as conn:
            if trgm:
                conn.execute(_SET_THRESHOLDS, (str(floor), str(floor)))
                return conn.execute(_trgm_statement(query, floor), params).fetchall()
            return conn.execute(_SEARCH_FALLBACK, params).fetchall()

    def uses_pg_trgm(self) -> bool:
        """True when the database has the real extension; asked once per database, not per search."""
        present = _PG_TRGM.get(self._db)
        if present is None:
            present = _PG_TRGM[self._db] = has_pg_trgm(self._db)
        return present
