"""Redis keys of a pair (`<prefix><user>:<character>`) are unambiguous whatever the ids hold: `%` and `:` are
encoded in each id, so 'a:b' + 'c' and 'a' + 'b:c' never share a key; ids without them keep the very key they
always had, and a Lage stored under the old key of an id with `:` is still found (and carried over by the next
write) — only when it names its pair."""

from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from novaberg.files.reading.offer import _key as read_offer_key
from novaberg.situation.lage import (
    KIND_APPOINTMENT,
    AcuteObject,
    legacy_situation_key,
    load_situation,
    situation_key,
    update_situation,
)


def _lage(user: str, character: str, turn: int) -> str:
    return json.dumps({"user_id": user, "character_id": character, "turn": turn, "objects": [], "refused": []})


def test_two_pairs_that_once_shared_a_key_now_have_their_own():
    assert situation_key("a:b", "c") != situation_key("a", "b:c")
    assert read_offer_key("a:b", "c") != read_offer_key("a", "b:c")
    assert situation_key("a%3Ab", "c") != situation_key("a:b", "c")  # the escape itself is escaped
    assert len({situation_key(u, c) for u, c in (("a:b", "c"), ("a", "b:c"), ("a%3Ab", "c"), ("a", "b%3Ac"))}) == 4


def test_ids_without_a_colon_or_percent_keep_the_key_they_always_had():
    assert situation_key("anna", "nova") == "sachlage:anna:nova"
    assert read_offer_key("anna", "nova") == "dateien_vorlesen:anna:nova"
    assert legacy_situation_key("anna", "nova") is None


def test_each_of_two_pairs_reads_and_writes_only_its_own_lage(redis):
    redis.set(situation_key("a:b", "c"), _lage("a:b", "c", 3))
    redis.set(situation_key("a", "b:c"), _lage("a", "b:c", 7))
    assert load_situation(redis, "a:b", "c").turn == 3
    assert load_situation(redis, "a", "b:c").turn == 7


def test_a_lage_under_the_old_key_is_still_found_and_the_next_write_carries_it_over(redis):
    old = "sachlage:a:b:c"
    assert legacy_situation_key("a:b", "c") == old == legacy_situation_key("a", "b:c")
    redis.set(old, _lage("a:b", "c", 5))
    assert load_situation(redis, "a:b", "c").turn == 5
    assert load_situation(redis, "a", "b:c").turn == 0  # the old entry names another pair: never used
    marked = AcuteObject(kind=KIND_APPOINTMENT, name="Zahnarzt", source="geschrieben", turn=6)
    update_situation(redis, "a:b", "c", lambda s: type(s)(s.user_id, s.character_id, 6, (*s.objects, marked),
                                                          s.refused))
    carried = json.loads(redis.get(situation_key("a:b", "c")))
    assert carried["turn"] == 6 and [o["name"] for o in carried["objects"]] == ["Zahnarzt"]
    assert load_situation(redis, "a", "b:c").turn == 0


def test_two_parallel_writes_of_one_pair_carry_the_old_lage_over_and_keep_both_changes(redis):
    """Two turns of one pair write at once while its Lage is still under the old key: both read the old entry, one
    write wins, the other sees the new key changed and runs again on it — the old objects and both new ones stay."""
    redis.set("sachlage:a:b:c", json.dumps({"user_id": "a:b", "character_id": "c", "turn": 5, "refused": [],
                                            "objects": [AcuteObject(kind=KIND_APPOINTMENT, name="Alt", source="gelesen",
                                                                    turn=5).as_dict()]}))
    both_read = threading.Barrier(2, timeout=30)

    def add(name: str) -> None:
        first = [True]

        def change(situation: Any) -> Any:
            if first[0]:  # the first reading of each: both have read the old entry before either writes
                first[0] = False
                both_read.wait()
            marked = AcuteObject(kind=KIND_APPOINTMENT, name=name, source="geschrieben", turn=6)
            return type(situation)(situation.user_id, situation.character_id, 6, (*situation.objects, marked),
                                   situation.refused)

        update_situation(redis, "a:b", "c", change)

    with ThreadPoolExecutor(2) as pool:
        list(pool.map(add, ["Zahnarzt", "Friseur"]))
    stored = json.loads(redis.get(situation_key("a:b", "c")))
    assert sorted(o["name"] for o in stored["objects"]) == ["Alt", "Friseur", "Zahnarzt"]
    assert load_situation(redis, "a", "b:c").turn == 0  # the other pair of the old key: still nothing of theirs
