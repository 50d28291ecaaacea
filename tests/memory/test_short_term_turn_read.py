"""The turn's read of the short-term memory (`fresh_above_mid`) comes from Redis as one JSON text: what it returns
is what was written, field by field, and what the full read (`entries`) says of the same entries."""

from __future__ import annotations

from datetime import timedelta

from novaberg.core.settings import KZG_SALIENZ_HIGH, KZG_SALIENZ_MID
from novaberg.memory import keys
from novaberg.memory.short_term import ShortTermMemory
from tests.support import berlin

NOW = berlin(2026, 11, 30, 9)
_WORDS = ('Sie sagte: „Das ist \\ mein \"Zuhause\"“ — Ärger, Öl, Übermut, ß\nzweite Zeile\tmit Tab / Schrägstrich',
          "Mein Hund heißt Bello.", "🙂 ein Smiley, und 中文")


def _write(redis, user: str) -> ShortTermMemory:
    memory = ShortTermMemory(redis)
    between = (KZG_SALIENZ_MID + KZG_SALIENZ_HIGH) / 2
    for i, said in enumerate(_WORDS):
        memory.write(user, "nova", f"{user}-t{i}", f"{said} ({user})", between, 0.6, "grund", NOW + timedelta(minutes=i))
    memory.write(user, "nova", f"{user}-low", "unter der Mitte", KZG_SALIENZ_MID - 0.1, 0.4, "grund", NOW)
    return memory


def test_the_turn_read_gives_back_every_character_written_and_only_the_pairs_entries(redis):
    """Quotes, a backslash, umlauts, a new line, a tab, a slash, an emoji: each entry's text as written; an absent
    field (`lzg_id`) is None, never a stand-in; below MID is left out; two persons see only their own."""
    for user in ("anna", "ben"):
        _write(redis, user)
    later = NOW + timedelta(hours=1)
    for user, other in (("anna", "ben"), ("ben", "anna")):
        fresh = ShortTermMemory(redis).fresh_above_mid(user, "nova", later)
        assert [e["inhalt"] for e in fresh] == [f"{said} ({user})" for said in reversed(_WORDS)], fresh
        assert all(e["lzg_id"] is None and e["turn_id"].startswith(f"{user}-t") for e in fresh), fresh
        assert not any(f"({other})" in e["inhalt"] for e in fresh)
        full = {e["key"]: e for e in ShortTermMemory(redis).entries(user, "nova", later, KZG_SALIENZ_MID)}
        for entry in fresh:
            assert {k: entry[k] for k in ("inhalt", "salienz", "erstellt_am", "turn_id", "lzg_id")} == \
                {k: full[entry["key"]][k] for k in ("inhalt", "salienz", "erstellt_am", "turn_id", "lzg_id")}


def test_an_empty_index_and_a_bridged_entry_read_as_they_are(redis):
    """No entry: an empty list (not a mapping). An entry bridged to a long-term node carries its `lzg_id`."""
    assert ShortTermMemory(redis).fresh_above_mid("anna", "nova", NOW) == []
    memory = _write(redis, "anna")
    redis.hset(keys.kzg_key("anna", "nova", "anna-t0"), "lzg_id", "42")
    fresh = memory.fresh_above_mid("anna", "nova", NOW + timedelta(hours=1))
    assert [e["lzg_id"] for e in fresh] == [None, None, "42"]
