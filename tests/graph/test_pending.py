"""Pending questions live under `pending_agent:{user_id}` for 300 s (timeline.md §10; notizen.md §7 Kette)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from novaberg.agents.pending import RAW, clear_pending, load_pending, pending_key, store_pending, take_pending


def test_store_load_clear_with_ttl(redis):
    store_pending(redis, "u1", "nova", "timeline", {"frage": "x"})
    assert 0 < redis.ttl(pending_key("u1")) <= 300
    loaded = load_pending(redis, "u1", "nova")
    assert loaded is not None and loaded.pop(RAW) and len(loaded.pop("nr")) == 32
    assert loaded == {"agent": "timeline", "character_id": "nova", "state": {"frage": "x"}, "spaeter": []}
    assert load_pending(redis, "u1", "anna") is None  # another figure's question is not this pair's
    clear_pending(redis, "u1")
    assert load_pending(redis, "u1", "nova") is None


def test_a_question_is_taken_once_and_never_one_stored_after_it(redis):
    """Of the turns that read the same waiting question, exactly one takes it (compare and
    delete); a question stored anew after the read — the resumed one asking again — is not taken by a turn that
    read the old one; another person's question is untouched."""
    store_pending(redis, "u1", "nova", "notizen", {"frage": "x"})
    store_pending(redis, "u2", "nova", "notizen", {"frage": "x"})
    first, second = load_pending(redis, "u1", "nova"), load_pending(redis, "u1", "nova")
    assert first is not None and second is not None
    assert take_pending(redis, "u1", first) is True
    assert take_pending(redis, "u1", second) is False
    assert load_pending(redis, "u1", "nova") is None
    assert load_pending(redis, "u2", "nova") is not None
    stale = load_pending(redis, "u2", "nova")
    store_pending(redis, "u2", "nova", "notizen", {"frage": "x"})  # the same question asked again
    assert stale is not None and take_pending(redis, "u2", stale) is False
    assert load_pending(redis, "u2", "nova") is not None


def test_unreadable_entry_is_dropped(redis):
    redis.set(pending_key("u1"), "{kaputt")
    assert load_pending(redis, "u1", "nova") is None
    assert redis.get(pending_key("u1")) is None


def test_a_question_is_over_300_s_later_by_the_turns_clock(redis):
    """timeline.md §10 / notizen.md §7: a question waits 300 s — by the clock the turn passes in too, not only by
    Redis's; a turn days later (a replay, a client with its own time) is never read as its answer."""
    asked = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)
    store_pending(redis, "u1", "nova", "notizen", {"frage": "x"}, asked_at=asked)
    assert load_pending(redis, "u1", "nova", asked + timedelta(seconds=299)) is not None
    assert load_pending(redis, "u1", "nova", asked + timedelta(seconds=301)) is None
    assert redis.get("pending_agent:u1") is None  # dropped, not only hidden


def test_two_days_later_a_told_fact_is_no_answer_to_the_old_question(nova):
    """The repro: a duplicate question about a note, then two days later a told fact got the same question again."""
    now = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)
    nova.turn("anna", "nova", "Notier mir Milch und Brot", now)
    asked = nova.turn("anna", "nova", "Notier mir Milch und Brot", now + timedelta(minutes=1))
    assert asked.services[0]["status"] == "rueckfrage"
    later = nova.turn("anna", "nova", "Mein Lieblingsessen ist Lasagne.", now + timedelta(days=2))
    assert "Aktualisieren oder neu anlegen" not in later.answer
    assert all(s["status"] != "rueckfrage" for s in later.services)
