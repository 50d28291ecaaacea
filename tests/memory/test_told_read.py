"""Issue 28 follow-up: the recall block reads the pair's told sentences with `LongTermRepository.told` — four
columns as tuples, the pair's active nodes only, newest first, capped."""

from __future__ import annotations

from datetime import timedelta

from novaberg.memory.repository import LongTermRepository
from tests.memory.helpers import NOW, agent, remember


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
