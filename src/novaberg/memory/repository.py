"""The long-term memory's SQL (`lzg_knoten`, `lzg_kanten`, `lzg_embedder`): the one writer of these tables.

Every statement is bound to the pair (user_id, character_id); a statement by id touches exactly one
row of that pair or raises. The embedding dimension follows the embedder recorded in `lzg_embedder`:
the first use records it and builds the HNSW index for its dimension; a different embedder later is
refused (`EmbedderChangedError`) until `reembed` moved every node to it — never a silent mix.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from psycopg.rows import tuple_row

from novaberg.core.clock import as_utc
from novaberg.core.errors import DatabaseError
from novaberg.core.logs import safe_text
from novaberg.memory.told_words import TOLD_WORDS as _TOLD_WORDS
from novaberg.memory.told_words import forget_told_words
from novaberg.store.db import LONG_SECONDS, hold_lock
from novaberg.store.vectors import Vector, as_vector, with_vectors

__all__ = ["LongTermRepository", "NewNode", "PromotionWrite", "EmbedderChangedError", "embedder_identity",
           "forget_told_words"]  # `forget_told_words` lives in `told_words.py`, here for the callers


class EmbedderChangedError(DatabaseError):
    """The long-term memory was embedded with another embedder; `novaberg memory reembed` moves it."""


@dataclass(frozen=True)
class NewNode:
    inhalt: str
    embedding: Sequence[float] | Vector
    salienz: float
    kzg_schluessel: str
    kzg_erstellt_am: datetime
    turn_id: str | None
    thema: str | None = None  # the one-value slot the sentence fills (text/told_slots.py), None: none


_COLUMNS = ("id, user_id, character_id, inhalt, aktiv, gewicht_decay, salienz, kzg_schluessel, kzg_erstellt_am, "
            "turn_id, erstellt_am, aktualisiert_am, thema, abgeloest_durch, abgeloest_am")
# The nearest-node queries: an index, never a scan of the pair's every vector. Compressed inline vectors look
# cheap to the planner (a sparse hashing vector compresses to ~60 bytes), but each must be decompressed and
# compared: measured in bench/memory, a seq scan of 10,000 nodes took 70 ms where the HNSW index takes ~1 ms.
# A small pair still goes by its btree index; `relaxed_order` lets HNSW scan on past other pairs' nodes. The
# statement is prepared after a few runs (psycopg): a generic plan, blind to the vector, sorts the pair's every
# node (measured at 10,000 nodes: 71 ms instead of ~3 ms) — so the plan is made for each vector.
# One statement (each costs the client a round of work): set_config(…, true) is SET LOCAL.
_NEAREST_SETTINGS = ("SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true), "
                     "set_config('enable_seqscan', 'off', true), set_config('plan_cache_mode', 'force_custom_plan', true)",)
_READ_EMBEDDER = "SELECT kennung, dimensionen FROM lzg_embedder WHERE id"
_WRITE_EMBEDDER = """
INSERT INTO lzg_embedder (id, kennung, dimensionen, geaendert_am) VALUES (TRUE, %s, %s, %s)
ON CONFLICT (id) DO UPDATE SET kennung = EXCLUDED.kennung, dimensionen = EXCLUDED.dimensionen,
    geaendert_am = EXCLUDED.geaendert_am
"""
_INDEX = ("CREATE INDEX IF NOT EXISTS idx_lzg_knoten_embedding_{dims} ON lzg_knoten "
          "USING hnsw ((embedding::vector({dims})) vector_cosine_ops)")
_DROP_INDEX = "DROP INDEX IF EXISTS idx_lzg_knoten_embedding_{dims}"
# §3b: the pair's nearest nodes, inactive ones included (a match may wake one).
_CANDIDATES = """
SELECT id, inhalt, aktiv, gewicht_decay, 1 - (embedding::vector({dims}) <=> %(v)b::vector({dims})) AS cosine
FROM lzg_knoten WHERE user_id = %(u)s AND character_id = %(c)s
ORDER BY embedding::vector({dims}) <=> %(v)b::vector({dims}) LIMIT %(k)s
"""
# [ERINNERUNGEN]: the active nodes nearest to the turn, above the floor — one query.
_SIMILAR = """
SELECT id, inhalt, gewicht_decay, erstellt_am, kzg_erstellt_am,
       1 - (embedding::vector({dims}) <=> %(v)b::vector({dims})) AS cosine
FROM lzg_knoten WHERE user_id = %(u)s AND character_id = %(c)s AND aktiv
  AND EXISTS (SELECT 1 FROM lzg_knoten own WHERE own.user_id = %(u)s AND own.character_id = %(c)s AND own.aktiv)
ORDER BY embedding::vector({dims}) <=> %(v)b::vector({dims}) LIMIT %(k)s
"""  # the EXISTS is a one-time filter — a pair without nodes never starts the (iterative) HNSW scan
_RECENT = f"""
SELECT {_COLUMNS} FROM lzg_knoten WHERE user_id = %s AND character_id = %s AND aktiv
ORDER BY kzg_erstellt_am DESC, id DESC LIMIT %s
"""
# The recall block's read: only the four columns it uses, as tuples — at 500 rows the
# client's parsing of the other eleven (three timestamps among them) cost more than the statement. A node's words
# and short-term time never change after its write (no statement updates them), so what this process already read
# of a pair's node is not sent again (`_TOLD_WORDS`, checked against the words' length in bytes): measured at 500
# rows, the words cost the server ~1.3–1.6 ms of CPU per read (nine tenths of the statement; a hash of them as much,
# their length ~0.1 ms) and loading the timestamps ~0.45 ms of the client's. Only a node newer than the newest one
# read before (`seen`) comes in full.
_TOLD = """
SELECT id, CASE WHEN id > %(seen)s THEN inhalt END, CASE WHEN id > %(seen)s THEN kzg_erstellt_am END,
       abgeloest_durch, octet_length(inhalt)
FROM lzg_knoten WHERE user_id = %(u)s AND character_id = %(c)s AND aktiv ORDER BY kzg_erstellt_am DESC, id DESC
LIMIT %(k)s
"""
# … and an older node this process holds nothing of (woken again, or first read by another process)
_TOLD_OF = "SELECT id, inhalt, kzg_erstellt_am FROM lzg_knoten WHERE user_id = %s AND character_id = %s AND id = ANY(%s)"
_BY_KEY = f"SELECT {_COLUMNS} FROM lzg_knoten WHERE user_id = %s AND character_id = %s AND kzg_schluessel = %s"
_WRITTEN = f"SELECT {_COLUMNS} FROM lzg_knoten WHERE user_id = %s AND character_id = %s AND kzg_schluessel = ANY(%s)"
# §3b *Neuanlage* for a batch of one pair: the nodes in one statement (their ids come back by key), then the edges
# in one statement — edges only to nodes of the same pair (the targets are joined inside the pair), weight = cosine.
_INSERT_NODES = """
INSERT INTO lzg_knoten (user_id, character_id, inhalt, embedding, salienz, kzg_schluessel, kzg_erstellt_am,
                        turn_id, erstellt_am, aktualisiert_am, thema)
SELECT %(u)s, %(c)s, n.inhalt, n.v, n.salienz, n.key, n.kzg_at, n.turn, %(now)s, %(now)s, n.thema
FROM unnest(%(inhalt)s::text[], %(v)b::vector[], %(salienz)s::float8[], %(key)s::text[], %(kzg_at)s::timestamptz[],
            %(turn)s::text[], %(thema)s::text[]) WITH ORDINALITY AS n(inhalt, v, salienz, key, kzg_at, turn, thema, ord)
ORDER BY n.ord
RETURNING id, kzg_schluessel
"""
_INSERT_EDGES = """
INSERT INTO lzg_kanten (user_id, character_id, von_id, nach_id, gewicht, erstellt_am)
SELECT %(u)s, %(c)s, e.von, e.nach, e.w, %(now)s FROM unnest(%(von)s::bigint[], %(nach)s::bigint[], %(w)s::float8[]) AS e(von, nach, w)
ON CONFLICT (von_id, nach_id) DO NOTHING
"""
# Both ends of every edge inside the pair, counted by primary key (a join of the pair's nodes was a hash join over
# all of them: ~8 ms per batch at 10,000 nodes); a count short of the ids rolls the batch back, loudly.
_IN_PAIR = "SELECT count(*) AS n FROM lzg_knoten WHERE id = ANY(%s) AND user_id = %s AND character_id = %s"
_REACTIVATE_MANY = """
UPDATE lzg_knoten SET aktiv = TRUE, gewicht_decay = gewicht_decay / 2, aktualisiert_am = %s
WHERE id = ANY(%s) AND user_id = %s AND character_id = %s AND NOT aktiv
"""
_REACTIVATE = """
UPDATE lzg_knoten SET aktiv = TRUE, gewicht_decay = gewicht_decay / 2, aktualisiert_am = %s
WHERE id = %s AND user_id = %s AND character_id = %s AND NOT aktiv
"""
# a new node of a slot supersedes the pair's older current nodes of that slot (kept, linked), and is
# itself superseded at once by a newer one already there (promoted out of order). Both inside the pair.
_SUPERSEDE_OLDER = """
UPDATE lzg_knoten SET abgeloest_durch = %(new)s, abgeloest_am = %(now)s
WHERE user_id = %(u)s AND character_id = %(c)s AND thema = %(thema)s AND id <> %(new)s AND abgeloest_durch IS NULL
  AND kzg_erstellt_am < %(at)s
RETURNING id
"""
_SUPERSEDE_NEW = """
UPDATE lzg_knoten n SET abgeloest_durch = newer.id, abgeloest_am = %(now)s
FROM (SELECT id FROM lzg_knoten WHERE user_id = %(u)s AND character_id = %(c)s AND thema = %(thema)s
      AND kzg_erstellt_am > %(at)s ORDER BY kzg_erstellt_am, id LIMIT 1) AS newer
WHERE n.id = %(new)s AND n.user_id = %(u)s AND n.character_id = %(c)s
"""
_MENTIONING = """
SELECT inhalt FROM lzg_knoten WHERE user_id = %s AND character_id = %s AND inhalt ~* %s ORDER BY id DESC LIMIT %s
"""
_LIST = f"SELECT {_COLUMNS} FROM lzg_knoten WHERE user_id = %s AND character_id = %s {{only}} ORDER BY id"
_EDGES_OF = """
SELECT von_id, nach_id, gewicht FROM lzg_kanten WHERE user_id = %s AND character_id = %s ORDER BY von_id, nach_id
"""
_COUNT = "SELECT count(*) AS n FROM lzg_knoten WHERE user_id = %s AND character_id = %s"
_ALL_NODES = "SELECT id, inhalt FROM lzg_knoten ORDER BY id"
_SET_EMBEDDING = "UPDATE lzg_knoten SET embedding = %s::vector WHERE id = %s"
_REWEIGH_EDGES = """
UPDATE lzg_kanten e SET gewicht = 1 - (a.embedding <=> b.embedding)
FROM lzg_knoten a, lzg_knoten b WHERE a.id = e.von_id AND b.id = e.nach_id
"""


def embedder_identity(embedder: Any) -> tuple[str, int]:
    """What names an embedder's vector space: its kind, model or path, and the dimension it yields."""
    probe = embedder.embed(["Hund"])[0]
    described = embedder.describe() if hasattr(embedder, "describe") else {}
    name = str(described.get("embedder") or getattr(embedder, "name", type(embedder).__name__))
    model = described.get("model") or described.get("path") or ""
    return f"{name}:{model}:{len(probe)}", len(probe)


# (database, embedder) already checked against `lzg_embedder` in this process: the check is one transaction
# with a lock, and the turn's block would pay it every turn. Both objects are kept, so an id is never reused.
_CHECKED: dict[tuple[int, int], tuple[Any, Any, tuple[str, int]]] = {}


def _pair(user_id: Any, character_id: Any) -> None:
    if not isinstance(user_id, str) or not user_id or not isinstance(character_id, str) or not character_id:
        raise ValueError("the long-term memory is read and written only within a complete pair")


class LongTermRepository:
    def __init__(self, db: Any) -> None:
        self._db = db
        self._identities: dict[int, tuple[Any, tuple[str, int]]] = {}

    def _identity(self, embedder: Any) -> tuple[str, int]:
        known = self._identities.get(id(embedder))
        if known is None or known[0] is not embedder:
            known = (embedder, embedder_identity(embedder))
            self._identities[id(embedder)] = known
        return known[1]

    @contextmanager
    def _tx(self, seconds: float | None = None) -> Iterator[Any]:
        with self._db.transaction(seconds=seconds) as conn:
            yield conn

    @contextmanager
    def _read(self) -> Iterator[Any]:
        """The turn's reads: one round trip per statement (`Database.read`, autocommit) where the database offers
        it, else a transaction."""
        reading = getattr(self._db, "read", None)
        with (reading() if reading is not None else self._db.transaction()) as conn:
            yield conn

    # --- the embedder ------------------------------------------------------------------------------

    def dimensions_for(self, embedder: Any, now: datetime, seconds: float | None = None) -> int:
        """The dimension to query with; records the embedder on first use, refuses a changed one loudly. The
        first use builds the vector index over the nodes already there: `seconds` (e.g. `LONG_SECONDS`) lets a
        caller that first records after a bulk load (a benchmark, an import) give that build its time."""
        known = _CHECKED.get((id(self._db), id(embedder)))
        if known is not None and known[0] is self._db and known[1] is embedder:
            return known[2][1]
        identity, dims = self._identity(embedder)
        with self._tx(seconds) as conn:
            with_vectors(conn)
            conn.execute("SELECT pg_advisory_xact_lock(hashtextextended('lzg_embedder', 0))")
            row = conn.execute(_READ_EMBEDDER).fetchone()
            if row is None:
                conn.execute(_WRITE_EMBEDDER, (identity, dims, as_utc(now)))
                conn.execute(_INDEX.format(dims=int(dims)))
            elif row["kennung"] != identity or row["dimensionen"] != dims:
                raise EmbedderChangedError(
                    f"the long-term memory was embedded with {row['kennung']!r}, this process uses {identity!r}; "
                    "run 'novaberg memory reembed' before it is read or written again")
        _CHECKED[(id(self._db), id(embedder))] = (self._db, embedder, (identity, dims))
        return dims

    def recorded_embedder(self) -> dict[str, Any] | None:
        with self._tx() as conn:
            row = conn.execute(_READ_EMBEDDER).fetchone()
        return dict(row) if row else None

    def reembed(self, embedder: Any, now: datetime, batch: int = 256) -> int:
        """Every node embedded anew with `embedder`, the edges re-weighed, the index rebuilt — one transaction."""
        identity, dims = embedder_identity(embedder)
        # one long transaction: a model embeds between its statements and the index is rebuilt at the end
        with self._db.transaction(seconds=LONG_SECONDS) as conn:
            with_vectors(conn)
            conn.execute("SELECT pg_advisory_xact_lock(hashtextextended('lzg_embedder', 0))")
            old = conn.execute(_READ_EMBEDDER).fetchone()
            if old is not None and old["dimensionen"] != dims:  # its expression casts to the old dimension
                conn.execute(_DROP_INDEX.format(dims=int(old["dimensionen"])))
            rows = conn.execute(_ALL_NODES).fetchall()
            for start in range(0, len(rows), batch):
                part = rows[start:start + batch]
                vectors = embedder.embed([r["inhalt"] for r in part])
                with conn.cursor() as cursor:
                    cursor.executemany(_SET_EMBEDDING, [(as_vector(v), r["id"]) for v, r in zip(vectors, part,
                                                                                                   strict=True)])
            conn.execute(_REWEIGH_EDGES)
            conn.execute(_INDEX.format(dims=int(dims)))
            conn.execute(_WRITE_EMBEDDER, (identity, dims, as_utc(now)))
        for cached in [k for k, v in _CHECKED.items() if v[0] is self._db]:
            del _CHECKED[cached]
        _CHECKED[(id(self._db), id(embedder))] = (self._db, embedder, (identity, dims))
        return len(rows)

    # --- reading -----------------------------------------------------------------------------------

    def candidates(self, user_id: str, character_id: str, vector: Sequence[float], dims: int,
                   limit: int) -> list[dict[str, Any]]:
        _pair(user_id, character_id)
        with self._tx() as conn:
            with_vectors(conn)
            for setting in _NEAREST_SETTINGS:
                conn.execute(setting)
            return [dict(r) for r in conn.execute(_CANDIDATES.format(dims=int(dims)),
                                                  {"v": as_vector(vector), "u": user_id, "c": character_id,
                                                   "k": limit}).fetchall()]

    def similar(self, user_id: str, character_id: str, vector: Sequence[float], dims: int,
                limit: int) -> list[dict[str, Any]]:
        _pair(user_id, character_id)
        with self._read() as conn:
            with_vectors(conn)
            with conn.pipeline():  # autocommit: the settings and the query share the pipeline's implicit transaction
                for setting in _NEAREST_SETTINGS:
                    conn.execute(setting)
                found = conn.execute(_SIMILAR.format(dims=int(dims)), {"v": as_vector(vector), "u": user_id,
                                                                       "c": character_id, "k": limit})
            return [dict(r) for r in found.fetchall()]

    def recent(self, user_id: str, character_id: str, limit: int) -> list[dict[str, Any]]:
        _pair(user_id, character_id)
        with self._read() as conn:
            return [dict(r) for r in conn.execute(_RECENT, (user_id, character_id, limit)).fetchall()]

    def told(self, user_id: str, character_id: str, limit: int) -> list[tuple[int, str, datetime, int | None]]:
        """The pair's newest active nodes as (id, inhalt, kzg_erstellt_am, abgeloest_durch), newest first. One
        statement; what was read before of a pair's node comes from `_TOLD_WORDS` (a second statement only for an
        older node this process holds nothing of)."""
        _pair(user_id, character_id)
        seen, known = _TOLD_WORDS.held(self._db, user_id, character_id)
        told: list[tuple[int, str, datetime, int | None]] = []
        kept: dict[int, tuple[int, tuple[int, str, datetime, int | None]]] = {}
        missing: dict[int, tuple[int, int | None, int]] = {}  # id → (place in `told`, link, length)
        with self._read() as conn, conn.cursor(row_factory=tuple_row, binary=True) as cursor:
            for node_id, said, when, newer, size in cursor.execute(
                    _TOLD, {"seen": seen, "u": user_id, "c": character_id, "k": limit}).fetchall():
                if said is not None:  # newer than what this process read of the pair: sent in full
                    held = (size, (node_id, said, when, newer))
                else:
                    held = known.get(node_id)
                    if held is None or held[0] != size:
                        missing[node_id] = (len(told), newer, size)
                        told.append((node_id, "", when, newer))  # completed below
                        continue
                    if held[1][3] != newer:  # superseded since: the same words, the new link
                        held = (size, (node_id, held[1][1], held[1][2], newer))
                told.append(held[1])
                kept[node_id] = held
            if missing:
                for node_id, said, when in cursor.execute(_TOLD_OF, (user_id, character_id, list(missing))).fetchall():
                    place, newer, size = missing.pop(node_id)
                    told[place] = (node_id, said, when, newer)
                    kept[node_id] = (size, told[place])
        if missing:  # gone between the two statements (erased): not told any more
            told = [row for row in told if row[0] not in missing]
        _TOLD_WORDS.keep(self._db, user_id, character_id, kept)
        return told

    def mentioning(self, user_id: str, character_id: str, word: str, limit: int = 20) -> list[str]:
        """The pair's told sentences naming `word` as a whole word (a name's introduction, `slots.names_of`)."""
        _pair(user_id, character_id)
        if not word.isalpha():
            return []
        with self._tx() as conn:
            rows = conn.execute(_MENTIONING, (user_id, character_id, rf"\m{word}\M", limit)).fetchall()
        return [r["inhalt"] for r in rows]

    def node_for_key(self, user_id: str, character_id: str, key: str) -> dict[str, Any] | None:
        _pair(user_id, character_id)
        with self._tx() as conn:
            row = conn.execute(_BY_KEY, (user_id, character_id, key)).fetchone()
        return dict(row) if row else None

    def list(self, user_id: str, character_id: str, active_only: bool = True) -> list[dict[str, Any]]:
        _pair(user_id, character_id)
        with self._tx() as conn:
            rows = conn.execute(_LIST.format(only="AND aktiv" if active_only else ""),
                                (user_id, character_id)).fetchall()
        return [dict(r) for r in rows]

    def edges(self, user_id: str, character_id: str) -> list[dict[str, Any]]:
        _pair(user_id, character_id)
        with self._tx() as conn:
            return [dict(r) for r in conn.execute(_EDGES_OF, (user_id, character_id)).fetchall()]

    def count(self, user_id: str, character_id: str) -> int:
        _pair(user_id, character_id)
        with self._tx() as conn:
            return int(conn.execute(_COUNT, (user_id, character_id)).fetchone()["n"])

    # --- writing (the promotion agent only) ----------------------------------------------------------

    @contextmanager
    def promotion_batch(self, user_id: str, character_id: str) -> Iterator[PromotionWrite]:
        """One transaction for a batch of the pair's orders (§3b), its writers queued on the pair's advisory lock:
        a second run of the same pair waits here and then sees every node of the first (never one twice)."""
        _pair(user_id, character_id)
        with self._tx() as conn:
            hold_lock(conn, f"lzg_knoten:{len(user_id)}:{user_id}:{character_id}")
            yield PromotionWrite(conn, user_id, character_id)

    def reactivate(self, user_id: str, character_id: str, node_id: int, now: datetime) -> None:
        """§3b *Halbreaktivierung*: an inactive node of the pair awake with half its decay weight."""
        _pair(user_id, character_id)
        with self._tx() as conn:
            count = conn.execute(_REACTIVATE, (as_utc(now), node_id, user_id, character_id)).rowcount
            if count != 1:
                raise DatabaseError(f"reactivating node {node_id} touched {count} rows of the pair, not one")

    def deactivate(self, user_id: str, character_id: str, node_id: int, now: datetime) -> None:
        """Decay's end (and the tests' way to an inactive node): exactly one active node of the pair."""
        _pair(user_id, character_id)
        with self._tx() as conn:
            count = conn.execute("UPDATE lzg_knoten SET aktiv = FALSE, aktualisiert_am = %s "
                                 "WHERE id = %s AND user_id = %s AND character_id = %s AND aktiv",
                                 (as_utc(now), node_id, user_id, character_id)).rowcount
            if count != 1:
                raise DatabaseError(f"deactivating node {node_id} touched {count} rows of the pair, not one")



class PromotionWrite:
    """The statements of one promotion batch inside `promotion_batch`'s transaction (the promotion agent only)."""

    def __init__(self, conn: Any, user_id: str, character_id: str) -> None:
        self._conn, self._u, self._c = with_vectors(conn), user_id, character_id

    def match(self, keys: Sequence[str], vectors: Sequence[Sequence[float] | Vector], dims: int,
              limit: int) -> tuple[dict[str, dict[str, Any]], list[list[dict[str, Any]]]]:
        """The nodes already made of `keys` (a retry after a kill) and, per vector, the pair's nearest nodes
        (inactive ones included, §3b) — one round trip: each vector's own index query, pipelined."""
        conn = self._conn
        with conn.pipeline():
            by_key = conn.execute(_WRITTEN, (self._u, self._c, list(keys)))
            for setting in _NEAREST_SETTINGS:
                conn.execute(setting)
            nearest = [conn.execute(_CANDIDATES.format(dims=int(dims)),
                                    {"v": as_vector(v), "u": self._u, "c": self._c, "k": limit})
                       for v in vectors] if limit > 0 else []
            written = {r["kzg_schluessel"]: dict(r) for r in by_key.fetchall()}
            found = [[dict(r) for r in cursor.fetchall()] for cursor in nearest]
        return written, found if limit > 0 else [[] for _ in vectors]

    def create_nodes(self, nodes: Sequence[NewNode], now: datetime) -> dict[str, int]:
        """§3b *Neuanlage*: the nodes of the batch in one statement; their ids by `kzg_schluessel`."""
        if not nodes:
            return {}
        params = {"u": self._u, "c": self._c, "now": as_utc(now),
                  "inhalt": [safe_text(n.inhalt) for n in nodes], "v": [as_vector(n.embedding) for n in nodes],
                  "salienz": [float(n.salienz) for n in nodes], "key": [n.kzg_schluessel for n in nodes],
                  "kzg_at": [as_utc(n.kzg_erstellt_am) for n in nodes], "turn": [n.turn_id for n in nodes],
                  "thema": [n.thema for n in nodes]}
        ids = {r["kzg_schluessel"]: int(r["id"]) for r in self._conn.execute(_INSERT_NODES, params).fetchall()}
        if set(ids) != {n.kzg_schluessel for n in nodes} or len(ids) != len(nodes):
            raise DatabaseError(f"{len(nodes)} nodes written, {len(ids)} came back by their keys")
        return ids

    def link(self, edges: Sequence[tuple[int, int, float]], now: datetime) -> int:
        """The edges (from, to, cosine) of new nodes, both ends inside the pair."""
        if not edges:
            return 0
        ends = sorted({int(e[0]) for e in edges} | {int(e[1]) for e in edges})
        with self._conn.pipeline():
            inside = self._conn.execute(_IN_PAIR, (ends, self._u, self._c))
            inserted = self._conn.execute(_INSERT_EDGES, {
                "u": self._u, "c": self._c, "now": as_utc(now), "von": [int(e[0]) for e in edges],
                "nach": [int(e[1]) for e in edges], "w": [float(e[2]) for e in edges]})
            count = int(inside.fetchone()["n"])
        if count != len(ends):
            raise DatabaseError(f"{len(ends) - count} of the edges' nodes are not the pair's: no edge leaves a pair")
        return int(inserted.rowcount)

    def supersede(self, nodes: Sequence[tuple[int, str, datetime]], now: datetime) -> list[tuple[int, int]]:
        """For the batch's new nodes (id, slot, short-term time) in the order told: each supersedes
        the pair's older nodes of its slot, and is superseded by a newer one already there. (older id, newer id)."""
        linked: list[tuple[int, int]] = []
        for node_id, slot, told_at in sorted(nodes, key=lambda n: (as_utc(n[2]), n[0])):
            params = {"new": int(node_id), "thema": slot, "at": as_utc(told_at), "now": as_utc(now), "u": self._u,
                      "c": self._c}
            older = self._conn.execute(_SUPERSEDE_OLDER, params).fetchall()
            linked += [(int(r["id"]), int(node_id)) for r in older]
            self._conn.execute(_SUPERSEDE_NEW, params)
        return linked

    def reactivate(self, node_ids: Sequence[int], now: datetime) -> None:
        """§3b *Halbreaktivierung*: inactive nodes of the pair awake with half their decay weight — each exactly once."""
        if not node_ids:
            return
        ids = sorted({int(i) for i in node_ids})
        count = self._conn.execute(_REACTIVATE_MANY, (as_utc(now), ids, self._u, self._c)).rowcount
        if count != len(ids):
            raise DatabaseError(f"reactivating nodes {ids} touched {count} rows of the pair, not {len(ids)}")
