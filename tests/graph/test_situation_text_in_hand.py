"""The Lage changed from a text the turn already holds (read with the offer and the waiting question in one trip,
or the one its own begin stored): set without a read while Redis still holds exactly that text, read again when a
parallel turn changed it — nothing of the other turn lost, never another person's Lage."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from novaberg.situation.lage import load_situation, stored_text, update_situation
from tests.support import berlin, make_nova, make_offline_llm

NOW = berlin(2026, 11, 30, 10)


def _gets(redis, monkeypatch) -> list:
    seen: list = []
    original = type(redis).get

    def counted(self, name, *args, **kwargs):
        seen.append(name)
        return original(self, name, *args, **kwargs)

    monkeypatch.setattr(type(redis), "get", counted)
    return seen


def test_the_text_the_turn_holds_is_changed_without_a_read(redis, monkeypatch):
    first = update_situation(redis, "anna", "nova", lambda s: s.begin())
    gets = _gets(redis, monkeypatch)
    second = update_situation(redis, "anna", "nova", lambda s: s.with_refusal("a"), seen=stored_text(first))
    assert gets == []
    assert second.refused == ("a",) and second.turn == 1
    assert load_situation(redis, "anna", "nova") == second


def test_a_stale_text_in_hand_loses_no_change_of_a_parallel_turn(redis):
    """The text was read, then a parallel turn of the same person changed the Lage: the compare-and-set refuses the
    stale one, the Lage is read again and both changes stand."""
    held = stored_text(update_situation(redis, "anna", "nova", lambda s: s.begin()))
    update_situation(redis, "anna", "nova", lambda s: s.with_refusal("parallel"))
    after = update_situation(redis, "anna", "nova", lambda s: s.with_refusal("mine"), seen=held)
    assert after.refused == ("parallel", "mine")
    assert load_situation(redis, "anna", "nova").refused == ("parallel", "mine")


def test_parallel_turns_with_the_same_text_in_hand_each_keep_their_change(redis):
    held = stored_text(update_situation(redis, "anna", "nova", lambda s: s.begin()))

    def one(i: int):
        return update_situation(redis, "anna", "nova", lambda s: s.with_refusal(f"r{i}"), seen=held)

    with ThreadPoolExecutor(max_workers=8) as pool:
        list(pool.map(one, range(8)))
    assert sorted(load_situation(redis, "anna", "nova").refused) == sorted(f"r{i}" for i in range(8))


def test_another_persons_text_in_hand_never_becomes_her_lage(redis):
    annas = stored_text(update_situation(redis, "anna", "nova", lambda s: s.with_refusal("annas")))
    update_situation(redis, "bob", "nova", lambda s: s.begin())
    bobs = update_situation(redis, "bob", "nova", lambda s: s.with_refusal("bobs"), seen=annas)
    assert bobs.user_id == "bob" and bobs.refused == ("bobs",) and bobs.turn == 1
    assert load_situation(redis, "bob", "nova") == bobs
    assert load_situation(redis, "anna", "nova").refused == ("annas",)


def test_each_turn_begins_from_the_lage_the_persons_last_turn_left(db, redis, tmp_path):
    """The turn reads the Lage with the offer and the waiting question in one trip: anna's second turn counts on from
    her first (and keeps what it read), bob's first turn is his first."""
    nova = make_nova(db, redis, make_offline_llm(), tmp_path)
    nova.turn("anna", "nova", "Was steht diese Woche an?", NOW)
    nova.turn("anna", "nova", "Wie geht es dir?", NOW.replace(minute=1))
    nova.turn("bob", "nova", "Wie geht es dir?", NOW.replace(minute=2))
    assert load_situation(redis, "anna", "nova").turn == 2
    assert load_situation(redis, "bob", "nova").turn == 1


def test_the_lage_the_turn_stored_is_changed_as_held_and_a_parallel_change_still_stands(redis, monkeypatch):
    """`held`: the Lage this turn stored is changed without a read; when a parallel turn changed it since, the
    compare-and-set refuses and both changes stand; a held Lage of another person is not used for hers."""
    held = update_situation(redis, "anna", "nova", lambda s: s.begin())
    gets = _gets(redis, monkeypatch)
    kept = update_situation(redis, "anna", "nova", lambda s: s.with_refusal("a"), held=held)
    assert gets == [] and kept.refused == ("a",)
    update_situation(redis, "anna", "nova", lambda s: s.with_refusal("parallel"))
    after = update_situation(redis, "anna", "nova", lambda s: s.with_refusal("mine"), held=kept)
    assert after.refused == ("a", "parallel", "mine") == load_situation(redis, "anna", "nova").refused
    bobs = update_situation(redis, "bob", "nova", lambda s: s.with_refusal("bobs"), held=after)
    assert bobs.user_id == "bob" and bobs.refused == ("bobs",) == load_situation(redis, "bob", "nova").refused
