"""Calendar orders the request grammar does not read as such, read into their parts (text/calendar_frames.py,
timeline.md §3, §7.1): the action and the words the order is about — never the sentence said again as another order;
no frame where the time reader would leave a time word in the title."""

from __future__ import annotations

import pytest

from novaberg.text.calendar_frames import CalendarFrame, calendar_frame

DAYPARTS = ("abend", "mittag", "morgen", "nachmittag", "vormittag")


@pytest.mark.parametrize(("said", "frame"), [
    ("Plane die Mechanikerprüfung am Freitag um 12 Uhr",
     CalendarFrame("create", "die Mechanikerprüfung am Freitag um 12 Uhr")),
    ("Setze Tanz auf meinen Kalender für morgen 19 Uhr", CalendarFrame("create", "Tanz für morgen 19 Uhr")),
    ("Plane mir den Zahnarzt am Freitag um 9 in meinem Kalender", CalendarFrame("create", "den Zahnarzt am Freitag um 9")),
    ("Treffen mit Ellen Fung morgen um 9 Uhr", CalendarFrame("create", "Treffen mit Ellen Fung morgen um 9 Uhr")),
    ("Finde das Treffen mit Judith", CalendarFrame("read", "mit Judith")),
    ("Zeige meine Erinnerung", CalendarFrame("read", whole=True)),
    ("Ich brauche eine Erinnerung um Lisa abzuholen", CalendarFrame("create", "Lisa abzuholen", reminder=True)),
    ("Keine Erinnerung mehr für Lisa", CalendarFrame("delete", "Lisa", reminder=True)),
    ("Erinnere mich doch nicht an den Zahnarzt", CalendarFrame("delete", "den Zahnarzt", reminder=True)),
    ("Lösch die Erinnerung an den Zahnarzt", CalendarFrame("delete", "den Zahnarzt", reminder=True)),
    ("Ich brauche keine Erinnerung", CalendarFrame("rejected", reminder=True)),
])
def test_a_frame_gives_the_action_and_the_words_it_is_about(said, frame):
    assert calendar_frame(said, DAYPARTS) == frame


@pytest.mark.parametrize("said", ["Plane Abendessen um 18 Uhr dreißig", "Plane die Party am Samstagabend um 20 Uhr",
                                  "Füge Milch zur Liste um 9 Uhr hinzu", "Trag morgen um 10 Uhr Zahnarzt ein",
                                  "Erinnere mich morgen um 9 an die Steuer", "Hallo Nova!"])
def test_no_frame_where_the_grammar_reads_it_or_a_time_word_would_stay_in_the_title(said):
    assert calendar_frame(said, DAYPARTS) is None
