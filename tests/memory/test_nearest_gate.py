"""No nearest-node search for a pair without long-term nodes — and the first node is found at once.

The nearest query carries a one-time filter (does the pair have an active node?); when it is false PostgreSQL
never starts the HNSW scan, which with `iterative_scan` would otherwise walk other pairs' nodes in vain.
"""

from __future__ import annotations

import uuid

from psycopg.rows import dict_row

from novaberg.embed.hashing import HashingEmbedder
from novaberg.memory.block import read_memory_block
from novaberg.memory.repository import _NEAREST_SETTINGS, _SIMILAR, LongTermRepository
from novaberg.store.vectors import as_vector, with_vectors
from tests.memory.helpers import NOW, agent, remember
from tests.memory.test_block import LATER, _deps


def _plan(db, user: str, dims: int, vector: list[float]) -> str:
    with db.transaction() as conn:
        with_vectors(conn)
        for setting in _NEAREST_SETTINGS:
            conn.execute(setting)
        with conn.cursor(row_factory=dict_row) as cur:
            cur.execute("EXPLAIN (ANALYZE, COSTS OFF) " + _SIMILAR.format(dims=dims),
                        {"v": as_vector(vector), "u": user, "c": "nova", "k": 5})
            return "\n".join(next(iter(r.values())) for r in cur.fetchall())


def test_a_pair_without_nodes_never_starts_the_nearest_scan(db, redis):
    """u2 has nodes, u1 none: u1's nearest query finds nothing and its node scan is never executed."""
    for i, text in enumerate(["Mein Hund heißt Bello.", "Meine Mutter wohnt in Hamburg."]):
        remember(redis, text, f"t{i}", user="u2")
    agent(db, redis).run(NOW)
    embedder = HashingEmbedder()
    repo = LongTermRepository(db)
    dims = repo.dimensions_for(embedder, NOW)
    vector = embedder.embed(["Wie heißt mein Hund?"])[0]
    assert repo.similar("u1", "nova", vector, dims, 5) == []
    assert [n["inhalt"] for n in repo.similar("u2", "nova", vector, dims, 1)] == ["Mein Hund heißt Bello."]
    plan = _plan(db, "u1", dims, vector)
    scans = [line for line in plan.splitlines() if "Scan" in line and "own" not in line]
    assert scans and all("never executed" in line for line in scans), plan


def test_the_first_node_of_a_pair_is_found_in_the_next_turn(db, redis):
    """The gate reads the table in the same statement: the first promoted node is recalled right after."""
    deps = _deps(db, redis)
    before = read_memory_block({"turn_id": uuid.uuid4(), "user_id": "u1", "character_id": "nova",
                                "text": "Wie heißt mein Hund?", "now": LATER}, deps)
    assert before is None or "Bello" not in before.text
    remember(redis, "Mein Hund heißt Bello.", "t1")
    agent(db, redis).run(NOW)
    after = read_memory_block({"turn_id": uuid.uuid4(), "user_id": "u1", "character_id": "nova",
                               "text": "Wie heißt mein Hund?", "now": LATER}, deps)
    assert after is not None and "Bello" in after.text
