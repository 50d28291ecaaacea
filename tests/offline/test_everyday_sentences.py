"""Everyday calendar and list sentences, end to end through `Nova.turn` with the offline model: every sentence,
said by a new user on Wednesday 11.11.2026 with the appointments in place. Each sentence runs for its own
person, so no question of an earlier sentence is pending (the hand-over of a pending question is tested on its own)."""

from __future__ import annotations

import pytest

from tests.support import berlin

NOW = berlin(2026, 11, 11, 9, 30)  # a Wednesday: übermorgen is Friday 13.11.
FIGURE = "nova"
SEED = (
    "Trag mir am Freitag um 11 Uhr die Physiotherapie ein",
    "Trag mir am Freitag um 15 Uhr den Friseur ein",
    "Trag mir am Dienstag um 9 Uhr die Steuerberaterin ein",
    "Trag mir am Samstag um 20 Uhr das Kino mit Jonas ein",
)


def _seeded(nova, user):
    for text in SEED:
        assert nova.turn(user, FIGURE, text, NOW).services[0]["status"] == "abgeschlossen", text
    return {row["title"]: row for row in nova.timeline.list(user, FIGURE)}


def _only(result, name):
    assert [s["name"] for s in result.services] == [name], result.answer
    return result.services[0]


@pytest.mark.parametrize("text,titles", [
    ("Was hab ich übermorgen?", ["Physiotherapie", "Friseur"]),
    ("Was hab ich am Freitag?", ["Physiotherapie", "Friseur"]),
    ("Was hab ich diesen Monat noch?", ["Physiotherapie", "Friseur", "Kino mit Jonas", "Steuerberaterin"]),
])
def test_a_question_about_a_day_reads_and_writes_nothing(nova, text, titles):
    """timeline.md §3a and §4.2: a question is read, never taken for a statement."""
    before = _seeded(nova, "u-read")
    result = nova.turn("u-read", FIGURE, text, NOW)
    assert _only(result, "timeline")["status"] == "abgeschlossen"
    for title in titles:
        assert title in result.answer
    assert "Mitteilung" not in result.answer and "Ohne Sprachmodell" not in result.answer
    assert {r["id"] for r in nova.timeline.list("u-read", FIGURE)} == {r["id"] for r in before.values()}


def test_a_question_with_a_filler_finds_the_appointment(nova):
    """*nochmal* is a filler, not part of the title — no false „none“."""
    _seeded(nova, "u-when")
    result = nova.turn("u-when", FIGURE, "Wann ist nochmal die Physiotherapie?", NOW)
    assert _only(result, "timeline")["status"] == "abgeschlossen"
    assert "Physiotherapie" in result.answer and "13.11.2026" in result.answer
    assert "nochmal" not in result.answer


def test_a_reschedule_after_a_filler_moves_the_named_appointment(nova):
    """timeline.md §5.2: *Hm,* in front changes nothing; the title was given, the day is Monday."""
    rows = _seeded(nova, "u-move")
    result = nova.turn("u-move", FIGURE, "Hm, verschieb die Physiotherapie auf Montag", NOW)
    assert _only(result, "timeline")["status"] == "abgeschlossen", result.answer
    moved = {r["title"]: r for r in nova.timeline.list("u-move", FIGURE)}["Physiotherapie"]
    assert moved["id"] != rows["Physiotherapie"]["id"]
    assert moved["event_time"] == berlin(2026, 11, 16, 11)


def test_leg_auf_is_a_move_verb_and_asks_only_the_half_of_day(nova):
    """timeline.md §5.2 (*leg* moves; *um 10* without a daypart asks the half of day, names the title)."""
    rows = _seeded(nova, "u-leg")
    result = nova.turn("u-leg", FIGURE, "Leg die Steuerberaterin auf Dienstag um 10", NOW)
    service = _only(result, "timeline")
    assert service["status"] == "rueckfrage"
    assert "„Steuerberaterin“" in result.answer and "Namen des Termins" not in result.answer
    assert nova.timeline.list("u-leg", FIGURE)[-1]["id"] == rows["Steuerberaterin"]["id"]
    answered = nova.turn("u-leg", FIGURE, "vormittags", NOW)
    assert _only(answered, "timeline")["status"] == "abgeschlossen", answered.answer
    moved = {r["title"]: r for r in nova.timeline.list("u-leg", FIGURE)}["Steuerberaterin"]
    assert moved["event_time"] == berlin(2026, 11, 17, 10)


def test_vergiss_deletes_the_named_appointment(nova):
    """*vergiss* is a delete verb, *mit Jonas* part of the title."""
    _seeded(nova, "u-forget")
    result = nova.turn("u-forget", FIGURE, "Vergiss das Kino mit Jonas", NOW)
    assert _only(result, "timeline")["status"] == "abgeschlossen", result.answer
    assert "Kino mit Jonas" not in {r["title"] for r in nova.timeline.list("u-forget", FIGURE)}


def test_a_negated_order_deletes_nothing(nova):
    """The twin of *vergiss*: *„Vergiss das Kino mit Jonas nicht!“* asks for nothing to be done (§3a)."""
    rows = _seeded(nova, "u-keep")
    result = nova.turn("u-keep", FIGURE, "Vergiss das Kino mit Jonas nicht!", NOW)
    assert all(s["status"] != "abgeschlossen" for s in result.services)
    assert {r["id"] for r in nova.timeline.list("u-keep", FIGURE)} == {r["id"] for r in rows.values()}


def test_items_for_a_list_that_does_not_exist_ask_to_create_it_and_a_yes_writes_them(nova):
    """notizen.md §7 nicht_gefunden: the polite order is read; the missing list is offered."""
    result = nova.turn("u-list", FIGURE, "Schreib bitte noch Äpfel und Bananen auf meine Einkaufsliste", NOW)
    assert _only(result, "notizen")["status"] == "rueckfrage"
    assert "Einkaufsliste" in result.answer and "lasse alles" not in result.answer
    assert nova.notes.list("u-list") == []
    created = nova.turn("u-list", FIGURE, "Ja", NOW)
    assert _only(created, "notizen")["status"] == "abgeschlossen", created.answer
    [note] = nova.notes.list("u-list")
    assert note["text"].splitlines() == ["Äpfel", "Bananen"]


@pytest.mark.parametrize("text,name,items", [
    ("Mach mir mal eine Einkaufsliste mit Reis und Linsen", "Einkaufsliste", ["Reis", "Linsen"]),
    ("Kannst du mir eine Packliste anlegen mit Pass und Ladekabel?", "Packliste", ["Pass", "Ladekabel"]),
])
def test_a_polite_request_is_an_explicit_request(nova, text, name, items):
    """The end of notizen.md: a polite order (*mach mir mal*, *kannst du … ?*) writes;
    the items after *mit* are the list's content."""
    result = nova.turn("u-polite", FIGURE, text, NOW)
    assert _only(result, "notizen")["status"] == "abgeschlossen", result.answer
    [note] = nova.notes.list("u-polite")
    assert note["name"] == name and note["text"].splitlines() == items


def test_a_note_from_a_dass_clause_keeps_german_word_order(nova):
    """notizen.md §5 *Create*: the name from the content, the thing first, its time after."""
    result = nova.turn("u-merk", FIGURE, "Merk dir, dass ich am Wochenende Blumen gießen muss", NOW)
    assert _only(result, "notizen")["status"] == "abgeschlossen", result.answer
    [note] = nova.notes.list("u-merk")
    assert note["name"] == "Blumen gießen am Wochenende"
    assert note["text"] == "Ich muss am Wochenende Blumen gießen"


def test_a_monologue_of_20000_characters_gets_a_short_answer_and_writes_nothing(nova):
    """A long statement is no order; the answer is short and does not repeat itself."""
    sentence = "Also, ich wollte dir erzählen, morgen um 10 habe ich Zahnarzt und danach gehe ich einkaufen. "
    text = (sentence * (20000 // len(sentence) + 1))[:20000]
    result = nova.turn("u-long", FIGURE, text, NOW)
    assert len(result.answer) <= 600, len(result.answer)
    assert result.answer.count("morgen um 10") <= 1
    assert nova.timeline.list("u-long", FIGURE) == [] and nova.notes.list("u-long") == []


def test_section4a_a_read_that_finds_nothing_says_what_it_searched(nova):
    """timeline.md §4a: title and period searched are named; never a bare „keine“."""
    _seeded(nova, "u-none")
    by_title = nova.turn("u-none", FIGURE, "Wann ist die Massage?", NOW)
    assert _only(by_title, "timeline")["status"] == "abgeschlossen"
    assert "„Massage“" in by_title.answer and "gesucht habe ich" in by_title.answer
    by_period = nova.turn("u-none", FIGURE, "Was hab ich nächste Woche?", berlin(2026, 12, 20, 9))
    assert "bis" in by_period.answer and "gesucht habe ich" in by_period.answer
    for answer in (by_title.answer, by_period.answer):
        assert "keine" not in answer.lower().split()
    found = nova.turn("u-none", FIGURE, "Wann ist die Physiotherapie?", NOW)  # the twin: it is there
    assert "Physiotherapie" in found.answer and "gesucht habe ich" not in found.answer


def test_a_question_whose_target_is_only_a_filler_asks_what_is_meant(nova):
    """*„Wann ist das nochmal?“* names nothing — a question back, not a window, not „none“."""
    _seeded(nova, "u-what")
    result = nova.turn("u-what", FIGURE, "Wann ist das nochmal?", NOW)
    assert _only(result, "timeline")["status"] == "rueckfrage"
    assert "Welchen Termin meinst du?" in result.answer


def test_a_monologue_ending_in_an_order_acts_on_the_order(nova):
    """The part that matters — the order at the end of a long text is carried out, once."""
    sentence = "Also, ich wollte dir erzählen, morgen um 10 habe ich Zahnarzt und danach gehe ich einkaufen. "
    text = sentence * 40 + "Trag mir bitte übermorgen um 16 Uhr den Friseur ein."
    result = nova.turn("u-long2", FIGURE, text, NOW)
    assert _only(result, "timeline")["status"] == "abgeschlossen", result.answer
    assert [r["title"] for r in nova.timeline.list("u-long2", FIGURE)] == ["Friseur"]
    assert len(result.answer) <= 600
