"""„Vergiss alles, was du über mich weißt" explains what an erasure would take
and who does it (`novaberg person erase`), and erases nothing — not on the order, not on a „Ja" after it
(api/forget_me.py says why an in-chat erase is refused)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from novaberg.api.forget_me import route_hint

NOW = datetime(2026, 3, 10, 9, 0, tzinfo=UTC)


def _counts(nova: Any, user: str) -> dict[str, int]:
    with nova.stack.db.transaction() as conn:
        return {table: conn.execute(f"SELECT count(*) AS n FROM {table} WHERE user_id = %s", (user,)).fetchone()["n"]
                for table in ("notizen", "timeline", "direktiven")}


@pytest.mark.parametrize("text", ["Vergiss alles, was du über mich weißt", "vergiss alles über mich!",
                                  "Lösch alle meine Daten", "Bitte vergiss alles, was du von mir weißt."])
def test_the_whole_person_is_recognised(text):
    assert route_hint(text) > 0.99


@pytest.mark.parametrize("text", ["Vergiss den Zahnarzt", "Vergiss alles, was ich über den Zahnarzt gesagt habe",
                                  "Lösch die Einkaufsliste", "Vergiss es", "Was weißt du über mich?"])
def test_one_thing_is_not_the_whole_person(text):
    assert route_hint(text) == 0.0


def test_the_order_explains_what_would_go_and_who_erases_it_and_nothing_is_erased(nova):
    nova.turn("anna", "nova", "Schreib Milch auf die Einkaufsliste", NOW)
    nova.turn("anna", "nova", "Ja", NOW)
    nova.turn("bob", "nova", "Schreib Salz auf die Einkaufsliste", NOW)
    nova.turn("bob", "nova", "Ja", NOW)
    before = _counts(nova, "anna")
    assert before["notizen"] == 1

    result = nova.turn("anna", "nova", "Vergiss alles, was du über mich weißt", NOW)
    assert [s["name"] for s in result.services] == ["vergessen"]
    assert "novaberg person erase --user anna" in result.answer
    assert "eine Notiz oder Liste" in result.answer and "Gesprächszüge" in result.answer
    assert "Salz" not in result.answer  # only her own
    follow_up = nova.turn("anna", "nova", "Ja", NOW)
    assert _counts(nova, "anna") == before
    assert "vergessen" not in [s["name"] for s in follow_up.services]
    assert _counts(nova, "bob")["notizen"] == 1
