"""The recall block reads the pair's told sentences with `LongTermRepository.told` — four
columns as tuples, the pair's active nodes only, newest first, capped; a pair with nothing told is not read again
by the nearest search."""

from __future__ import annotations

import uuid
from datetime import timedelta

from novaberg.llm.scripted import ScriptedLLM
from novaberg.memory.block import ABOUT_HERSELF, read_memory_block
from novaberg.memory.repository import LongTermRepository
from novaberg.memory.short_term import ShortTermMemory
from tests.memory.helpers import NOW, agent, remember
from tests.support import make_deps


def test_told_reads_only_the_pairs_active_nodes_newest_first(db, redis):
    """Each person sees only their own; an inactive node is no longer told; the newest come first."""
    for i, text in enumerate(["Ich wohne in Köln.", "Mein Hund heißt Bello.", "Ich spiele Schach im Verein."]):
        remember(redis, text, f"a{i}", user="anna", now=NOW + timedelta(minutes=i))
    remember(redis, "Ich arbeite als Bäcker.", "b0", user="ben")
    agent(db, redis).run(NOW + timedelta(minutes=5))
    repo = LongTermRepository(db)
    anna = repo.told("anna", "nova", 10)
    assert [said for _, said, _, _ in anna] == ["Ich spiele Schach im Verein.", "Mein Hund heißt Bello.",
                                                "Ich wohne in Köln."]
    assert all(len(row) == 4 and row[3] is None for row in anna)
    assert [said for _, said, _, _ in repo.told("ben", "nova", 10)] == ["Ich arbeite als Bäcker."]
    repo.deactivate("anna", "nova", anna[1][0], NOW + timedelta(minutes=6))
    assert [said for _, said, _, _ in repo.told("anna", "nova", 10)] == ["Ich spiele Schach im Verein.",
                                                                       "Ich wohne in Köln."]
    assert [said for _, said, _, _ in repo.told("anna", "nova", 1)] == ["Ich spiele Schach im Verein."]


def _count_reads(monkeypatch) -> dict[str, int]:
    calls = {"similar": 0, "fresh": 0}
    similar, fresh = LongTermRepository.similar, ShortTermMemory.fresh_above_mid

    def counted_similar(self, *args, **kwargs):
        calls["similar"] += 1
        return similar(self, *args, **kwargs)

    def counted_fresh(self, *args, **kwargs):
        calls["fresh"] += 1
        return fresh(self, *args, **kwargs)

    monkeypatch.setattr(LongTermRepository, "similar", counted_similar)
    monkeypatch.setattr(ShortTermMemory, "fresh_above_mid", counted_fresh)
    return calls


def _rows(db, turn_id) -> list[dict]:
    with db.transaction() as conn:
        return [r["payload"] for r in conn.execute(
            "SELECT payload FROM pipeline_log WHERE node = 'erinnerungen' AND turn_id = %s ORDER BY id",
            (turn_id,)).fetchall()]


def test_a_pair_with_nothing_told_is_not_read_twice(db, redis, monkeypatch):
    """A memory question of a pair with nothing in either memory: the recall read's empty answer stands for the
    nearest search too (no second read of either memory), and both deliveries are logged as before."""
    calls = _count_reads(monkeypatch)
    deps = make_deps(db, redis, ScriptedLLM())
    state = {"turn_id": uuid.uuid4(), "user_id": "niemand", "character_id": "nova",
             "text": "Wer spielt bei mir Geige?", "now": NOW}
    assert read_memory_block(state, deps) is None
    assert calls == {"similar": 0, "fresh": 1}
    rows = _rows(db, state["turn_id"])
    assert [row.get("frage") for row in rows] == ["erinnerungsfrage", ABOUT_HERSELF]
    assert rows[-1] == {"anzahl": 0, "schlechteste_aehnlichkeit": None, "frage": ABOUT_HERSELF}


def test_a_pair_with_something_told_still_gets_the_nearest_search(db, redis, monkeypatch):
    remember(redis, "Mein Hund heißt Bello.", "c0", user="clara")
    agent(db, redis).run(NOW)
    calls = _count_reads(monkeypatch)
    state = {"turn_id": uuid.uuid4(), "user_id": "clara", "character_id": "nova",
             "text": "Wer spielt bei mir Geige?", "now": NOW + timedelta(days=1)}
    read_memory_block(state, make_deps(db, redis, ScriptedLLM()))
    assert calls == {"similar": 1, "fresh": 1}  # read speed: the recall read's short-term entries reused
