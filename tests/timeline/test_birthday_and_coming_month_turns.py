"""The two timeline sentences, end to end through `Nova.turn`."""

from __future__ import annotations

from tests.support import berlin
from tests.timeline.conftest import FIGURE, USER

DECEMBER = berlin(2026, 12, 10, 9, 30)


def test_merk_dir_annas_geburtstag_am_15_mai_is_a_yearly_birthday(nova):
    """timeline.md §1 (a Geburtstag belongs to the timeline) and §8 (yearly): the notes no longer take it."""
    result = nova.turn(USER, FIGURE, "Merk dir Annas Geburtstag am 15. Mai", DECEMBER)
    assert result.answer == ("Eingetragen: „Annas Geburtstag“ jedes Jahr am 15. Mai, zum ersten Mal am Samstag, "
                             "15.05.2027, ohne Uhrzeit.")
    [row] = nova.timeline.list(USER, FIGURE)
    assert (row["event_type"], row["rrule"]) == ("geburtstag", "FREQ=YEARLY;BYMONTH=5;BYMONTHDAY=15")
    assert nova.notes.list(USER) == []
    in_2028 = nova.turn(USER, FIGURE, "Was habe ich im Mai 2028?", DECEMBER)
    assert "Montag, 15.05.2028, ohne Uhrzeit: Annas Geburtstag" in in_2028.answer


def test_was_habe_ich_im_januar_asked_in_december_reads_the_coming_january(nova):
    """Departs from §4.2 *Die Richtung* (README says so): a person asking in December means the coming January;
    asked in the past tense it stays the January gone by."""
    nova.turn(USER, FIGURE, "Trag mir am 12. Januar um 10 Uhr Zahnarzt ein", DECEMBER)
    coming = nova.turn(USER, FIGURE, "Was habe ich im Januar?", DECEMBER)
    assert coming.answer == ("Deine Termine von Freitag, 01.01.2027 bis Sonntag, 31.01.2027:\n"
                             "- Dienstag, 12.01.2027, 10:00 Uhr: Zahnarzt (in 33 Tagen)")
    gone = nova.turn(USER, FIGURE, "Was hatte ich im Januar?", DECEMBER)
    assert gone.answer.startswith("Von Donnerstag, 01.01.2026 bis Samstag, 31.01.2026 ist nichts eingetragen")
