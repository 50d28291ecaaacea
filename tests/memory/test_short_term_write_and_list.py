"""The turn's short-term write that reads the pair's index back in the same script (synapsen-promotion.md §2: the
entry, its promotion order once, the passive order of the turn, and the neighbours the thematic reinforcement
weighs) — the same entries a separate read gives, never another pair's, and no write lost in parallel."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

from novaberg.core.settings import KZG_SALIENZ_HIGH, KZG_SALIENZ_MID
from novaberg.memory import keys
from novaberg.memory.short_term import ShortTermMemory
from tests.memory.helpers import NOW, lists

BETWEEN = (KZG_SALIENZ_MID + KZG_SALIENZ_HIGH) / 2


def test_the_write_lists_the_pairs_entries_with_the_new_one_and_never_another_pairs(redis):
    """anna's listing holds her earlier entries and the one just written, exactly as a separate read gives them;
    bob's entries, written between, are in neither."""
    memory = ShortTermMemory(redis)
    for i in range(3):
        memory.write("anna", "nova", f"a{i}", f"Anna erzählt {i}", BETWEEN, 0.6, "grund", NOW + timedelta(minutes=i))
        memory.write("bob", "nova", f"b{i}", f"Bob erzählt {i}", BETWEEN, 0.6, "grund", NOW + timedelta(minutes=i))
    later = NOW + timedelta(minutes=5)
    entry, listed = memory.write_and_list("anna", "nova", "a-new", "Anna erzählt Neues", BETWEEN, 0.6, "grund", later)
    assert entry is not None
    assert [e["inhalt"] for e in listed] == ["Anna erzählt Neues", "Anna erzählt 2", "Anna erzählt 1", "Anna erzählt 0"]
    assert listed[0]["key"] == entry.key
    assert listed == memory.entries("anna", "nova", later, for_turn=True)
    _, bobs = memory.write_and_list("bob", "nova", "b-new", "Bob erzählt Neues", BETWEEN, 0.6, "grund", later)
    assert {e["inhalt"] for e in bobs} == {"Bob erzählt Neues", "Bob erzählt 0", "Bob erzählt 1", "Bob erzählt 2"}


def test_a_high_entry_is_queued_once_and_its_passive_order_goes_out_with_it(redis):
    """At HIGH the key is queued once (the same turn again adds no second order), the passive order is pushed with
    the entry; below HIGH neither; below the minimum band nothing at all."""
    memory = ShortTermMemory(redis)
    order = json.dumps({"turn_id": "t1", "user_id": "u1"})
    first, _ = memory.write_and_list("u1", "nova", "t1", "Ich heirate im Mai.", KZG_SALIENZ_HIGH, 0.9, "grund", NOW,
                                     passive_order=order)
    again, _ = memory.write_and_list("u1", "nova", "t1", "Ich heirate im Mai.", KZG_SALIENZ_HIGH, 0.9, "grund", NOW)
    assert first is not None and first.queued and again is not None and not again.queued
    assert lists(redis)["queue"] == [first.key]
    assert redis.lrange(keys.EVENT_ORDERS, 0, -1) == [order]
    low, _ = memory.write_and_list("u1", "nova", "t2", "Es regnet.", BETWEEN, 0.6, "grund", NOW)
    assert low is not None and not low.queued and lists(redis)["queue"] == [first.key]
    assert memory.write_and_list("u1", "nova", "t3", "Hm.", 0.0, 0.0, "grund", NOW,
                                 passive_order=order) == (None, [])
    assert redis.lrange(keys.EVENT_ORDERS, 0, -1) == [order]
    assert not redis.exists(keys.kzg_key("u1", "nova", "t3"))


def test_a_bridged_entry_written_again_is_not_queued_a_second_time(redis):
    """§3b: a hash already bridged to a node (`lzg_id`) is not promoted again when its turn is written again."""
    memory = ShortTermMemory(redis)
    entry = memory.write("u1", "nova", "t1", "Ich heirate im Mai.", KZG_SALIENZ_HIGH, 0.9, "grund", NOW)
    assert entry is not None and entry.queued
    redis.delete(keys.queue("u1", "nova"))
    redis.hset(entry.key, "lzg_id", "7")
    again = memory.write("u1", "nova", "t1", "Ich heirate im Mai.", KZG_SALIENZ_HIGH, 0.9, "grund", NOW)
    assert again is not None and not again.queued and lists(redis)["queue"] == []


def test_parallel_writes_of_one_person_each_list_their_own_entry_and_lose_none(redis):
    """Eight turns of one person write at once: all eight entries stand in the index, each listing holds its own."""
    memory = ShortTermMemory(redis)

    def one(i: int):
        return memory.write_and_list("u1", "nova", f"t{i}", f"Erzählt {i}", BETWEEN, 0.6, "grund", NOW)

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(one, range(8)))
    for entry, listed in results:
        assert entry is not None and entry.key in {e["key"] for e in listed}
    assert len(memory.entries("u1", "nova", NOW, for_turn=True)) == 8
    assert redis.zcard(keys.kzg_index("u1", "nova")) == 8
