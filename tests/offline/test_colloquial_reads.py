"""The offline model reads everyday German (a grammar, not a phrase list) — sentences found later
in use, each through `Nova.turn`: a supposition frame (*Ich glaub, …*), a look-verb with an
ob-clause (*Kannst du schauen, ob …*), an adverb of telling first (*Übrigens heißt …*), *wieder* as filler."""

from __future__ import annotations

import pytest

from novaberg.graph.texts import OFFLINE_CAPABILITIES, STATEMENT_NOTED
from novaberg.notes.repository import NotesRepository
from novaberg.text.grammar import QUESTION, REQUEST, STATEMENT, analyse
from novaberg.timeline.phrases import time_expression
from novaberg.timeline.repository import TimelineRepository
from tests.support import berlin, make_nova, make_offline_llm

NOW = berlin(2026, 12, 1, 9, 30)  # Tuesday


@pytest.fixture
def nova(db, redis, tmp_path):
    return make_nova(db, redis, make_offline_llm(), tmp_path)


@pytest.mark.parametrize("text,mood,core", [
    ("Ich glaub ich hab am Freitag Yoga, oder?", QUESTION, "ich hab am Freitag Yoga, oder?"),
    ("Ich glaube, dass ich am Freitag Yoga habe.", STATEMENT, "ich am Freitag Yoga habe."),
    ("Ich denke, ich muss den Zahnarzt absagen", STATEMENT, "ich muss den Zahnarzt absagen"),
    ("Ich glaub, trag mir lieber den Zahnarzt ein", REQUEST, "trag mir den Zahnarzt ein"),
    ("Kannst du mal schauen, ob ich nächste Woche was hab?", QUESTION, "ich nächste Woche was hab"),
    ("Schau mal nach, ob ich morgen was vorhabe", QUESTION, "ich morgen was vorhabe"),
    ("Kannst du prüfen, wann ich Yoga habe?", QUESTION, "wann ich Yoga habe"),
    ("Guck mal, was auf meiner Einkaufsliste steht", QUESTION, "was auf meiner Einkaufsliste steht"),
])
def test_frames_around_the_content_are_read_as_frames(text, mood, core):
    utterance = analyse(text)
    assert (utterance.mood, utterance.core) == (mood, core)


def test_a_supposed_appointment_is_looked_up_by_its_name(nova, db):
    nova.turn("u1", "nova", "Trag mir Freitag um 9 Yoga ein", NOW)
    answer = nova.turn("u1", "nova", "Ich glaub ich hab am Freitag Yoga, oder?", NOW).answer
    assert "Freitag, 04.12.2026, 09:00 Uhr: Yoga" in answer, answer
    assert len(TimelineRepository(db).list("u1", "nova")) == 1  # a question never writes


def test_look_verb_with_ob_reads_the_period(nova):
    nova.turn("u1", "nova", "Trag mir am 9.12. um 15 Uhr den Friseur ein", NOW)
    answer = nova.turn("u1", "nova", "Kannst du mal schauen, ob ich nächste Woche was hab?", NOW).answer
    assert "Friseur" in answer and "schauen" not in answer, answer


@pytest.mark.parametrize("text", ["Ach übrigens, meine Schwester heißt Lena.", "Übrigens heißt meine Schwester Lena.",
                                  "Außerdem wohnt mein Bruder jetzt in Kiel."])
def test_told_with_an_adverb_first_is_acknowledged(nova, text):
    turn = nova.turn("u1", "nova", text, NOW)
    assert turn.answer == STATEMENT_NOTED and turn.services == [], turn.answer


def test_twin_an_unknown_imperative_is_not_acknowledged_as_told(nova):
    assert nova.turn("u1", "nova", "Erzähl mir einen Witz", NOW).answer == OFFLINE_CAPABILITIES


def test_wieder_is_filler_when_an_item_is_taken_off(nova, db):
    nova.turn("u1", "nova", "Leg eine Einkaufsliste an mit Milch und Eier", NOW)
    turn = nova.turn("u1", "nova", "Nimm die Milch wieder von der Liste", NOW)
    assert "Milch" in turn.answer and turn.services[0]["status"] == "abgeschlossen", turn.answer
    text = NotesRepository(db).list("u1")[0]["text"]
    assert "Milch" not in text and "Eier" in text


@pytest.mark.parametrize("question", ["Um wie viel Uhr ist der Zahnarzt?", "Um welche Uhrzeit hab ich morgen Zahnarzt?",
                                      "Weißt du, um wieviel Uhr der Zahnarzt ist?"])
def test_wie_viel_uhr_asks_wann(nova, question):
    """*um wie viel Uhr* is *wann* in other words — the appointment by its name, not the period „Uhr“."""
    nova.turn("u1", "nova", "Trag mir morgen um 14 Uhr Zahnarzt ein", NOW)
    answer = nova.turn("u1", "nova", question, NOW).answer
    assert "14:00 Uhr: Zahnarzt" in answer, answer


def test_wie_viel_uhr_about_nothing_named_asks_which(nova):
    turn = nova.turn("u1", "nova", "Um wie viel Uhr ist das?", NOW)
    assert turn.services[0]["status"] == "rueckfrage" and "Zeitraum" not in turn.answer, turn.answer


@pytest.mark.parametrize("question", ["Was muss ich morgen machen?", "Was ist morgen los?"])
def test_what_is_on_is_a_window_read(nova, question):
    nova.turn("u1", "nova", "Trag mir morgen um 14 Uhr Zahnarzt ein", NOW)
    answer = nova.turn("u1", "nova", question, NOW).answer
    assert "Deine Termine von Mittwoch, 02.12.2026" in answer and "Zahnarzt" in answer, answer


@pytest.mark.parametrize("question", ["Was muss ich noch einkaufen?", "Was brauch ich noch vom Supermarkt?",
                                      "Was soll ich besorgen?"])
def test_what_to_buy_reads_the_shopping_list(nova, db, question):
    nova.turn("u1", "nova", "Leg eine Einkaufsliste an mit Brot und Käse", NOW)
    turn = nova.turn("u1", "nova", question, NOW)
    assert "Brot" in turn.answer and "Käse" in turn.answer, turn.answer
    assert [s["name"] for s in turn.services] == ["notizen"]
    assert NotesRepository(db).list("u1")[0]["text"].count("Brot") == 1  # a question never writes


def test_twin_a_statement_about_buying_writes_nothing(nova, db):
    nova.turn("u1", "nova", "Leg eine Einkaufsliste an mit Brot", NOW)
    nova.turn("u1", "nova", "Ich muss noch einkaufen.", NOW)
    assert NotesRepository(db).list("u1")[0]["text"].count("Brot") == 1


def test_zuletzt_is_no_title_word(nova):
    nova.turn("u1", "nova", "Trag mir für übermorgen 15 Uhr Friseur ein", NOW)
    answer = nova.turn("u1", "nova", "Wann war ich zuletzt beim Friseur?", NOW).answer
    assert "15:00 Uhr: Friseur" in answer and "zuletzt" not in answer, answer


@pytest.mark.parametrize("order", ["Kannst du den Friseur eine Stunde nach hinten schieben?",
                                   "Verschieb den Friseur zwei Stunden später",
                                   "Kannst du den Friseur eine halbe Stunde früher legen?",
                                   "Leg den Friseur eine Viertelstunde nach hinten"])
def test_a_relative_move_asks_for_the_time_and_changes_nothing(nova, db, order):
    """timeline.md §5.2: a new time outside the five forms is a question about the appointment it names — the
    shift words (*eine Stunde nach hinten*) are no part of its title."""
    nova.turn("u1", "nova", "Trag mir für übermorgen 15 Uhr Friseur ein", NOW)
    turn = nova.turn("u1", "nova", order, NOW)
    assert turn.services[-1]["status"] == "rueckfrage" and "„Friseur“" in turn.answer, turn.answer
    rows = TimelineRepository(db).list("u1", "nova")
    assert [(r["title"], r["event_time"]) for r in rows] == [("Friseur", berlin(2026, 12, 3, 15))]


def test_a_number_of_things_is_no_clock_time(nova, db):
    """*und zwei* joins a second number to a time only after a first one (*zwischen drei und vier*): „Setz Eier,
    Mehl und zwei Liter Milch auf die Einkaufsliste“ looked for the appointment „Eier“ at two o'clock."""
    turn = nova.turn("u1", "nova", "Setz Eier, Mehl und zwei Liter Milch auf die Einkaufsliste.", NOW)
    assert [s["name"] for s in turn.services] == ["notizen"], turn.answer
    nova.turn("u1", "nova", "ja", NOW)
    assert "zwei Liter Milch" in NotesRepository(db).list("u1")[0]["text"]


@pytest.mark.parametrize("text,expression", [("zwischen drei und vier Uhr Yoga", "zwischen drei und vier Uhr"),
                                             ("Yoga um 3 oder 4", "um 3 oder 4"),
                                             ("Brot und zwei Äpfel", ""), ("Milch oder drei Eier", "")])
def test_twin_a_range_of_hours_stays_a_time(text, expression):
    assert time_expression(text) == expression


@pytest.mark.parametrize("order", ["Ach nee, lösch den Friseur doch lieber.", "Lösch den Friseur doch lieber",
                                   "Nee, streich den Friseur lieber"])
def test_hesitation_around_an_order_is_filler(nova, db, order):
    """*Ach nee, …* opens and *doch lieber* softens — neither is part of the order nor of the title."""
    nova.turn("u1", "nova", "Trag mir für übermorgen 15 Uhr Friseur ein", NOW)
    turn = nova.turn("u1", "nova", order, NOW)
    assert "Gelöscht: „Friseur“" in turn.answer, turn.answer
    assert TimelineRepository(db).list("u1", "nova") == []


@pytest.mark.parametrize("order", ["Schreib auf, dass der Mechaniker Herr Özdemir heißt.",
                                   "Schreib mir bitte auf, dass der Mechaniker Herr Özdemir heißt"])
def test_schreib_auf_with_a_dass_clause_is_a_note(nova, db, order):
    """The separable particle before a subordinate clause (*schreib auf, dass …*) is *aufschreiben*: it got the
    no-model text; now a note like *Merk dir, dass …*."""
    turn = nova.turn("u1", "nova", order, NOW)
    assert [(s["name"], s["status"]) for s in turn.services] == [("notizen", "abgeschlossen")], turn.answer
    assert "Mechaniker Herr Özdemir" in NotesRepository(db).list("u1")[0]["text"]


def test_twin_schreib_with_a_time_stays_the_calendar_s(nova, db):
    nova.turn("u1", "nova", "Schreib mir für Freitag um 9 Yoga ein", NOW)
    assert [r["title"] for r in TimelineRepository(db).list("u1", "nova")] == ["Yoga"]
    assert NotesRepository(db).list("u1") == []


@pytest.mark.parametrize("text,title,when", [
    ("Ich muss am 15. zum Friseur, trag das bitte ein.", "Friseur", berlin(2026, 12, 15, 0)),
    ("Morgen kommt der Schornsteinfeger um 10, schreib das bitte in den Kalender.", "Schornsteinfeger",
     berlin(2026, 12, 2, 10)),
    ("Ich gehe am Freitag um 9 zum Zahnarzt, trag mir das ein", "Zahnarzt", berlin(2026, 12, 4, 9)),
])
def test_told_then_ordered_with_a_pronoun_is_the_order(nova, db, text, title, when):
    """*X, trag das ein*: the order's pronoun points back at what was told — it was read as a statement and
    nothing was entered („das klang nach einer Mitteilung“)."""
    turn = nova.turn("u1", "nova", text, NOW)
    assert turn.services[-1]["status"] == "abgeschlossen", turn.answer
    rows = TimelineRepository(db).list("u1", "nova")
    assert [(r["title"], r["event_time"]) for r in rows] == [(title, when)]


@pytest.mark.parametrize("text", ["Ich hab Hunger, das ist blöd.", "Der Zahnarzt war gut, das merk ich mir.",
                                  "Am Freitag ist Yoga, das weißt du ja."])
def test_twin_a_told_clause_with_das_but_no_order_is_told(text):
    assert analyse(text).mood != REQUEST


def test_a_new_order_while_a_time_question_waits_is_not_its_answer(nova, db):
    """*Ich muss am 15. zum Friseur, trag das ein* while „Wann soll „Chor“ sein?“ waits is a new
    request of the same service (its verb, its own object) — it was taken as the answer, and the next *Um 11.*
    entered „Chor“ today at 11:00."""
    asked = nova.turn("u1", "nova", "Trag mir Chor ein.", NOW)  # no time: „Wann soll „Chor“ sein?“
    assert asked.services[-1]["status"] == "rueckfrage", asked.answer
    turn = nova.turn("u1", "nova", "Ich muss am 15. zum Friseur, trag das bitte ein.", NOW)
    assert [s["status"] for s in turn.services] == ["dismissed", "abgeschlossen"], turn.answer
    nova.turn("u1", "nova", "Um 11.", NOW)
    assert [r["title"] for r in TimelineRepository(db).list("u1", "nova")] == ["Friseur"]


def test_a_packing_list_for_a_trip_keeps_the_word_said(nova, db):
    """notizen.md §5 *Create* (a name only with evidence): *eine Packliste für den Urlaub* was named „Urlaub“,
    and the next *Was steht auf der Packliste?* found nothing — the container word said is part of the name."""
    nova.turn("u1", "nova", "Mach mir eine Packliste für den Urlaub: Pass, Ladekabel, Sonnenbrille.", NOW)
    assert "Ladekabel" in nova.turn("u1", "nova", "Was steht auf der Packliste?", NOW).answer
    turn = nova.turn("u1", "nova", "Setz Kopfhörer auf die Packliste", NOW)
    assert turn.services[-1]["status"] == "abgeschlossen", turn.answer
    assert [n["text"].splitlines()[-1] for n in NotesRepository(db).list("u1")] == ["Kopfhörer"]


def test_twin_a_generic_list_for_a_purpose_is_named_by_the_purpose(nova, db):
    nova.turn("u1", "nova", "Mach ne Liste für den Baumarkt", NOW)
    assert [n["name"] for n in NotesRepository(db).list("u1")] == ["Baumarkt"]


def test_und_with_an_item_continues_the_running_list(nova, db):
    """End of notizen.md (the running-list exception): after something was put on a list, *Und Zahnpasta.* is an
    item for it — it got the no-model text."""
    nova.turn("u1", "nova", "Leg eine Einkaufsliste an mit Klopapier", NOW)
    turn = nova.turn("u1", "nova", "Und Zahnpasta.", NOW)
    assert turn.services[-1]["status"] == "abgeschlossen", turn.answer
    assert NotesRepository(db).list("u1")[0]["text"].splitlines() == ["Klopapier", "Zahnpasta"]


@pytest.mark.parametrize("text", ["Und morgen um 10 den Zahnarzt", "Und tschüss!", "Und wie geht es dir?"])
def test_twin_und_with_a_time_a_goodbye_or_a_question_is_no_item(nova, db, text):
    nova.turn("u1", "nova", "Leg eine Einkaufsliste an mit Klopapier", NOW)
    nova.turn("u1", "nova", text, NOW)
    assert NotesRepository(db).list("u1")[0]["text"].splitlines() == ["Klopapier"]
    assert TimelineRepository(db).list("u1", "nova") == []


@pytest.mark.parametrize("order,answer", [
    ("Wann ist der Termin beim Kieferorthopäden?", "Freitag, 04.12.2026, 09:00 Uhr: Kieferorthopäde"),
    ("Verschieb den Kieferorthopäden auf 15 Uhr", "Verschoben: „Kieferorthopäde“"),
    ("Sag den Kieferorthopäden ab", "Gelöscht: „Kieferorthopäde“"),
])
def test_a_title_said_with_its_case_ending_is_found(nova, order, answer):
    """German declines the name of an appointment (*den Kieferorthopäden*, weak masculine -n): the search found
    nothing („Einen Termin „Kieferorthopäden“ finde ich nicht“) and the reschedule form refused the word."""
    nova.turn("u1", "nova", "Trag mir Freitag um 9 Kieferorthopäde ein", NOW)
    assert answer in nova.turn("u1", "nova", order, NOW).answer


def test_twin_a_short_word_keeps_its_ending(nova, db):
    """*Essen* keeps its *-en* (a stem keeps five letters): „Lösch das Essen“ does not reach „Esstisch kaufen“."""
    nova.turn("u1", "nova", "Trag mir Freitag um 9 Esstisch kaufen ein", NOW)
    turn = nova.turn("u1", "nova", "Lösch das Essen", NOW)
    assert turn.services[-1]["status"] == "fehler", turn.answer
    assert len(TimelineRepository(db).list("u1", "nova")) == 1


@pytest.mark.parametrize("question", ["Kannst du mir sagen, was ich morgen vorhabe?", "Hab ich morgen noch was anderes?",
                                      "Was liegt morgen an?", "Weißt du, was morgen ansteht?"])
def test_what_is_on_in_other_words_reads_the_day(nova, question):
    """*vorhabe*, *anderes*, *liegt … an*, *weißt du* are no names of appointments: each searched a title
    („vorhabe“, „anderes“, „liegt“, „Weißt“) instead of reading the day."""
    nova.turn("u1", "nova", "Trag mir morgen um 14 Uhr Zahnarzt ein", NOW)
    answer = nova.turn("u1", "nova", question, NOW).answer
    assert answer.startswith("Deine Termine von Mittwoch, 02.12.2026") and "Zahnarzt" in answer, answer


@pytest.mark.parametrize("question", ["Was fehlt noch?", "Was fehlt uns denn noch?"])
def test_what_is_missing_reads_the_list_and_writes_nothing(nova, db, question):
    """*Was fehlt noch?* is a question about the list being worked on (else the shopping list) — it got „Das habe
    ich nicht notiert“, the answer to a statement of need."""
    nova.turn("u1", "nova", "Mach ne Einkaufsliste: Brot, Butter", NOW)
    turn = nova.turn("u1", "nova", question, NOW)
    assert "Brot" in turn.answer and "Butter" in turn.answer and "nicht notiert" not in turn.answer, turn.answer
    assert NotesRepository(db).list("u1")[0]["text"].splitlines() == ["Brot", "Butter"]


def test_a_new_name_is_no_part_of_the_old_one(nova, db):
    """timeline.md §5.2 (`update` changes no details): *Änder den Zahnarzt in Kieferorthopäde* searched
    „Zahnarzt in Kieferorthopäde“ and said it found nothing; now it finds „Zahnarzt“ and says what it cannot do."""
    nova.turn("u1", "nova", "Trag mir Freitag um 9 Zahnarzt ein", NOW)
    turn = nova.turn("u1", "nova", "Änder den Zahnarzt in Kieferorthopäde", NOW)
    assert turn.answer.startswith("Einzelheiten eines Termins kann ich noch nicht ändern"), turn.answer
    assert [r["title"] for r in TimelineRepository(db).list("u1", "nova")] == ["Zahnarzt"]
