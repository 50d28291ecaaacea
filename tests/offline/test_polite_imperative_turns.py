"""The imperative of *Sie* is an order like the imperative of *du*: *„Erinnern Sie mich …“*, *„Tragen Sie … ein“*,
*„Setzen Sie … auf …“* (timeline.md §3: *erinnere mich* creates an entry; notizen.md §3 for a list item). Before, the
infinitive first read as a statement and nothing was done. Two persons: what one orders lands with that one only."""

from __future__ import annotations

from tests.support import berlin

NOW = berlin(2026, 11, 10, 9, 30)  # a Tuesday
FIG = "nova"


def _titles(nova, user: str) -> list[tuple[str, str]]:
    return [(r["title"], r["event_time"].astimezone(NOW.tzinfo).strftime("%d.%m. %H:%M"))
            for r in nova.timeline.list(user, FIG)]


def test_erinnern_sie_mich_enters_a_reminder_for_that_person_only(nova):
    result = nova.turn("anna", FIG, "Erinnern Sie mich morgen um 15 Uhr an die Besprechung", NOW)
    assert _titles(nova, "anna") == [("Besprechung", "11.11. 15:00")], result.answer
    assert _titles(nova, "ben") == []
    nova.turn("ben", FIG, "Bitte erinnern Sie mich am Freitag um 8 Uhr daran, ins Fitnessstudio zu gehen", NOW)
    assert [t for t, _ in _titles(nova, "ben")] == ["ins Fitnessstudio zu gehen"]
    assert _titles(nova, "anna") == [("Besprechung", "11.11. 15:00")]


def test_erinnern_sie_mich_without_a_title_asks_for_it_and_writes_nothing(nova):
    result = nova.turn("anna", FIG, "Erinnern Sie mich am Donnerstag.", NOW)
    assert _titles(nova, "anna") == [] and _titles(nova, "ben") == []
    assert "heißen soll" in result.answer, result.answer


def test_setzen_sie_puts_the_item_on_the_named_list_of_that_person(nova):
    nova.notes.insert("anna", "Einkaufsliste", "einkauf", "Brot", [], NOW)
    nova.notes.insert("ben", "Einkaufsliste", "einkauf", "Brot", [], NOW)
    nova.turn("anna", FIG, "Setzen Sie Milch auf die Einkaufsliste", NOW)
    assert nova.notes.by_name("anna", "Einkaufsliste")[0]["text"].splitlines() == ["Brot", "Milch"]
    assert nova.notes.by_name("ben", "Einkaufsliste")[0]["text"].splitlines() == ["Brot"]



def test_a_clause_after_sie_and_a_comma_writes_no_garbled_note(nova):
    """*„Notieren Sie, dass ich dieses Lied nicht mag.“* is read as its du form is (*Notier, dass …*): nothing is
    written — before the comma was kept in view, the words of the clause became a note's name."""
    nova.turn("anna", FIG, "Notieren Sie, dass ich dieses Lied nicht mag.", NOW)
    assert nova.notes.list("anna") == [] and nova.notes.list("ben") == []
