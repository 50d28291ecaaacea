"""Pending questions live under `pending_agent:{user_id}` for 300 s (timeline.md §10; notizen.md §7 Kette)."""

from __future__ import annotations

from novaberg.agents.pending import clear_pending, load_pending, pending_key, store_pending


def test_store_load_clear_with_ttl(redis):
    store_pending(redis, "u1", "nova", "timeline", {"frage": "x"})
    assert 0 < redis.ttl(pending_key("u1")) <= 300
    assert load_pending(redis, "u1", "nova") == {"agent": "timeline", "character_id": "nova", "state": {"frage": "x"},
                                              "spaeter": []}
    assert load_pending(redis, "u1", "anna") is None  # another figure's question is not this pair's
    clear_pending(redis, "u1")
    assert load_pending(redis, "u1", "nova") is None


def test_unreadable_entry_is_dropped(redis):
    redis.set(pending_key("u1"), "{kaputt")
    assert load_pending(redis, "u1", "nova") is None
    assert redis.get(pending_key("u1")) is None
