"""The Lage in the turn's state is read back by the nodes without parsing it again — and only by its own pair."""

from __future__ import annotations

from typing import Any

from novaberg.situation.lage import AcuteObject, Situation
from novaberg.situation.turn import carried, situation_of


def _lage(user: str) -> Situation:
    objects = tuple(AcuteObject("termin", f"Termin {user} {i}", "gelesen", 3, f"2026-12-0{1 + i}", "09:00", i)
                    for i in range(3))
    return Situation(user, "nova", 3, objects, (f"timeline|zahnarzt {user}||",))


def test_the_carried_lage_reads_back_without_a_second_parse_and_as_a_plain_mapping(monkeypatch):
    """The node after the one that made it gets that very Lage (no object parsed again); what it carries is its
    stored form. Two persons, each her own."""
    parsed: list[Any] = []
    read = Situation.read.__func__  # type: ignore[attr-defined]

    def counted(cls: Any, raw: Any, user_id: str, character_id: str) -> Situation:
        parsed.append(user_id)
        return read(cls, raw, user_id, character_id)

    monkeypatch.setattr(Situation, "read", classmethod(counted))
    for user in ("anna", "ben"):
        lage = _lage(user)
        state = carried(lage)
        assert state == lage.as_dict()
        assert situation_of(state, user, "nova") is lage
    assert parsed == []
    assert situation_of(_lage("anna").as_dict(), "anna", "nova") == _lage("anna")  # a plain mapping is parsed
    assert parsed == ["anna"]


def test_a_carried_lage_of_another_pair_is_never_used():
    """Anna's Lage read for Ben (or for Anna with another figure) is ignored: an empty Lage of the asker."""
    state = carried(_lage("anna"))
    assert situation_of(state, "ben", "nova") == Situation("ben", "nova")
    assert situation_of(state, "anna", "luna") == Situation("anna", "luna")
