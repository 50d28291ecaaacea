"""The causes the development part of the third independent set showed
(bench/offline/external/independent.py; the bench checks the set itself in bench/checks/test_independent_sets.py)
— each pinned over generated words, through the offline router and the services' own classification (the way a
turn takes a sentence)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from novaberg.notes.agent.offline import parse
from novaberg.text.words import fold_umlauts
from tests.offline.reading import NOW, domain_of, planned_create, reading, timeline_order


def _words(text: str) -> set[str]:
    return set(fold_umlauts(text.casefold()).split())


def _enters(text: str, title: str, moment: str) -> Any:
    """The sentence goes to the timeline as a create whose plan holds the title's words at the moment said."""
    domain, action, plan = planned_create(text)
    assert (domain, action) == ("timeline", "create"), (text, domain, action)
    assert isinstance(plan, dict), (text, plan)
    assert _words(title) <= _words(plan["title"]) and plan["event_time"].startswith(moment), (text, plan)
    return plan


# --- reading a named list: imperatives the grammar does not know, split *anzeigen*, embedded questions ------

LISTS = ("Einkaufsliste", "Baumarkt-Liste", "To-do-Liste")


@pytest.mark.parametrize(("frame", "name"), list(itertools.product(
    ("Les mir meine {l} vor", "Lese die {l} vor", "Öffne meine {l}", "Oeffne die {l}", "Zeig die {l} an",
     "Zeige mir bitte meine {l} an", "Sag mir, was auf der {l} steht", "Sag mir was auf meiner {l} steht",
     "Wie sieht meine {l} aus?", "Wie sieht die {l} gerade aus"), LISTS)))
def test_a_read_of_a_named_list_in_other_words_reads_that_list(frame, name):
    """*„Les mir meine Einkaufsliste vor"* (philipp2310's Snips README) was refused as a statement: the read
    verbs *les/lese/öffne*, the split *zeig … an*, *sag mir, was auf … steht* and *wie sieht … aus* read the
    list named — and never write (notizen.md §5 Read)."""
    text = frame.format(l=name)
    reading = parse(text)
    assert (reading.action, reading.target) == ("read", name), text
    assert domain_of(text) == "notizen", text


@pytest.mark.parametrize("text", ["Ich lese die Einkaufsliste", "Ich öffne die Tür", "Les mal ein Buch"])
def test_the_new_read_forms_read_nothing_else(text):
    assert parse(text).action != "read" or parse(text).target == "", text


# --- calendar: reminders and additions in other words -------------------------------------------------------

TITLES = ("Elternabend", "Zahnarzt", "Yoga", "Müll rausbringen")
TIMES = (("um 15 Uhr", "2026-11-11T15:00"), ("am Freitag um 9 Uhr", "2026-11-13T09:00"),
         ("morgen um 18 Uhr", "2026-11-12T18:00"), ("am Montag um 19 Uhr", "2026-11-16T19:00"))
CREATE_FRAMES = ("Benachrichtige mich über {t} {w}", "Benachrichtige mich {w} an {t}", "Erinnere mich {w} an {t}",
                 "Füge eine Erinnerung {t} {w} hinzu", "Füge eine neue Erinnerung {t} {w} hinzu",
                 "Füge einen Termin {t} {w} hinzu", "Erstelle eine Erinnerung {t} {w}", "Neue Erinnerung: {t} {w}",
                 "Füge {t} {w} zu meinem Kalender hinzu")


@pytest.mark.parametrize(("frame", "title", "when"), [
    (f, t, w) for f, t, w in itertools.product(CREATE_FRAMES, TITLES, TIMES)])
def test_a_reminder_or_an_addition_with_its_time_enters_the_appointment(frame, title, when):
    """Mycroft's reminder intents: *„Benachrichtige mich über den Elternabend um 15 Uhr"*, *„Füge eine neue
    Erinnerung Müll rausbringen für morgen 18 Uhr hinzu"* were refused as statements; timeline.md §3a: an
    explicit request (*erinnere mich* and its kin) creates — with the title and the time said."""
    said, moment = when
    _enters(frame.format(t=title, w=said), title, moment)


@pytest.mark.parametrize(("frame", "day"), list(itertools.product(
    ("Zeige alle Erinnerungen für {d}", "Zeig mir alle Termine für {d}", "Zeig mir meinen Kalender für {d}",
     "Gibt es {d} Termine?", "Was sind meine Erinnerungen für {d}", "Welche Termine habe ich {d}"),
    ("heute", "morgen", "übermorgen", "am Freitag"))))
def test_a_question_for_a_day_reads_the_whole_day(frame, day):
    """*„Zeige alle Erinnerungen für heute"* read the title „alle", *„Gibt es heute Termine?"* the title „Gibt":
    a word that names no appointment is no title — the day is the window (timeline.md §4.2)."""
    text = frame.format(d=day)
    order = timeline_order(text)
    assert order.action == "read" and order.target == "", (text, order)


@pytest.mark.parametrize("text", ["Die Erinnerung ist morgen um 8 Uhr", "Benachrichtigungen sind aus",
                                  "Ich habe morgen um 10 einen Termin beim Zahnarzt",
                                  "Speicher ist am Freitag um 9 voll", "Meeting am Freitag um 9 war super",
                                  "Ich habe am Freitag um 9 den Termin hinzugefügt"])
def test_a_statement_with_a_time_still_writes_nothing(text):
    order = timeline_order(text)
    assert order.action == "rejected", (text, order)


def test_a_put_verb_with_a_day_stays_the_calendars():
    """*legen* is a list verb now (*Leg Milch auf die Einkaufsliste*); *Leg den Zahnarzt auf Freitag* moves."""
    assert domain_of("Leg den Zahnarzt auf Freitag") == "timeline"
    put = reading("Leg Milch auf die Einkaufsliste")
    assert (put.domain, put.action, put.target, put.items) == ("notizen", "add_content", "einkaufsliste", ("milch",))


@pytest.mark.parametrize(("text", "item"), [("Milch auf den Zettel", "milch"), ("Setz Eier auf meinen Zettel", "eier")])
def test_a_bare_zettel_names_no_list_and_asks_which(text, item):
    """*Zettel* alone is the bare list word like *Liste* (*Einkaufszettel* names the shopping list): with two lists
    the search node asks which (never a list „Zettel" that does not exist)."""
    said = reading(text)
    assert (said.domain, said.action, said.target, said.items) == ("notizen", "add_content", "zettel", (item,)), said


def test_a_bare_zettel_with_two_lists_asks_which_and_writes_nothing(nova):
    """Through the turn: with two lists (none of them just spoken of), *Milch auf den Zettel* asks which list;
    neither list gets the milk."""
    nova.notes.insert("u-zettel", "Einkaufsliste", "einkauf", "Brot", [], NOW)
    nova.notes.insert("u-zettel", "Baumarkt-Liste", "einkauf", "Schrauben", [], NOW)
    lists = {name: nova.notes.by_name("u-zettel", name)[0]["text"] for name in ("Einkaufsliste", "Baumarkt-Liste")}
    result = nova.turn("u-zettel", "nova", "Milch auf den Zettel", NOW)
    assert [s["status"] for s in result.services] == ["rueckfrage"], (result.services, result.answer)
    assert {name: nova.notes.by_name("u-zettel", name)[0]["text"] for name in lists} == lists


@pytest.mark.parametrize("frame", ["Ich möchte wissen, was auf der {l} steht", "Ich will wissen, was auf meiner {l} steht"])
def test_an_embedded_question_about_a_list_reads_it(frame):
    for name in LISTS:
        reading = parse(frame.format(l=name))
        assert (reading.action, reading.target) == ("read", name)


# --- calendar: an appointment noun of other words, *speichern*, a passive with a modal, *ändere die Uhrzeit* -----

@pytest.mark.parametrize(("frame", "title", "when"), [
    (f, t, w) for f, t, w in itertools.product(
        ("Erstelle ein Ereignis {t} {w}", "Plane ein Meeting {t} {w}", "Leg eine Besprechung {t} {w} an",
         "Setze einen Termin {w}: {t}", "Speichere {t} {w}", "Setz einen Termin {t} {w}"),
        ("Zahnarzt", "Elternabend"), TIMES)])
def test_an_appointment_in_other_nouns_is_entered_with_its_title(frame, title, when):
    said, moment = when
    _enters(frame.format(t=title, w=said), title, moment)


@pytest.mark.parametrize(("text", "action", "title"), [
    ("Der Zahnarzttermin muss auf Montag verschoben werden", "reschedule", "Zahnarzttermin"),
    ("Das Meeting soll auf Freitag verlegt werden", "reschedule", "Meeting"),
    ("Der Elternabend am Freitag soll abgesagt werden", "delete", "Elternabend"),
    ("Der Friseur muss gelöscht werden", "delete", "Friseur"),
    ("Der Zahnarzt soll am Freitag um 9 Uhr eingetragen werden", "create", "Zahnarzt"),
    ("Ändere die Uhrzeit vom Zahnarzt auf 10 Uhr", "reschedule", "Zahnarzt"),
    ("Ändere den Tag vom Elternabend auf Donnerstag", "reschedule", "Elternabend"),
])
def test_a_passive_order_or_a_changed_time_acts_on_the_title(text, action, title):
    """*„Der Zahnarzttermin muss auf Montag verschoben werden"*: an order said as a passive with a modal acts like
    its imperative; *Ändere die Uhrzeit vom Zahnarzt auf 10 Uhr* moves (it changed the title „vom Zahnarzt")."""
    order = timeline_order(text)
    assert (order.action, order.target) == (action, title), (text, order)


@pytest.mark.parametrize("text", ["Ich muss morgen um 10 abgeholt werden", "Er soll am Freitag operiert werden",
                                  "Die Liste muss gelöscht werden"])
def test_a_passive_about_something_else_enters_nothing(text):
    order = timeline_order(text)
    assert order.action in ("rejected", "delete") and (order.action == "rejected" or "Liste" in order.target), order


@pytest.mark.parametrize("frame", ["Lies mir meine Termine für {d} vor", "Lese die Termine für {d} vor"])
def test_reading_appointments_aloud_reads_the_day(frame):
    for day in ("heute", "morgen", "am Freitag"):
        order = timeline_order(frame.format(d=day))
        assert (order.action, order.target) == ("read", ""), order
