"""*Veranstaltung*, *Event* say what kind of entry, not which (timeline.md §3a: a create without a title asks for
it): *Plane eine Veranstaltung für den 5. Juli* writes nothing and asks how it is called, like *Termin*; a name
beside the kind (*die Veranstaltung der IHK*) is a title. Through `Nova.turn`, two persons, a fixed clock."""

from __future__ import annotations

import pytest

from tests.support import berlin
from tests.timeline.conftest import FIGURE

NOW = berlin(2026, 11, 11, 9, 30)  # a Wednesday


def _titles(nova, user: str) -> list[str]:
    return [row["title"] for row in nova.timeline.list(user, FIGURE, active_only=False)]


@pytest.mark.parametrize("said", [
    "Plane eine Veranstaltung für den 5. Juli",
    "plane eine veranstaltung fuer den fuenften juli",
    "Trag eine Veranstaltung am Freitag ein",
    "Trag für Freitag um 10 Uhr eine Veranstaltung ein",
    "Plane ein Event für den 5. Juli",
])
def test_a_kind_of_event_without_a_name_asks_for_the_title(nova, add, said):
    add("Zahnarzt", berlin(2026, 11, 12, 10, 0), user="ben")
    result = nova.turn("anna", FIGURE, said, NOW)
    assert _titles(nova, "anna") == [], result.answer
    assert "heißen soll" in result.answer, result.answer
    assert _titles(nova, "ben") == ["Zahnarzt"]


def test_a_kind_of_event_with_a_name_is_entered(nova, add):
    add("Zahnarzt", berlin(2026, 11, 12, 10, 0), user="ben")
    nova.turn("anna", FIGURE, "Trag die Veranstaltung der IHK am Freitag ein", NOW)
    assert _titles(nova, "anna") == ["Veranstaltung der IHK"]
    assert _titles(nova, "ben") == ["Zahnarzt"]
