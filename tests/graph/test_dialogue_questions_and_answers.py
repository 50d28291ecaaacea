"""End to end through `Nova.turn` with the offline model: the dialogue fixes, each test quoting
its sentence. Said on Wednesday 11.11.2026 (a Friday appointment is the day after tomorrow)."""

from __future__ import annotations

from novaberg.agents.pending import load_pending
from tests.support import berlin

NOW = berlin(2026, 11, 11, 9, 30)  # a Wednesday
FIGURE = "nova"


def _titles(nova, user):
    return {row["title"]: row for row in nova.timeline.list(user, FIGURE)}


def test_an_unrelated_statement_never_answers_the_waiting_time_question(nova):
    """A waiting „Wann soll „Volleyball“ sein?“ must not take *„Ich hab am Donnerstag um 10 einen Termin
    beim Zahnarzt“* as its answer (timeline.md §10, notizen.md §7 resume): the question ends as `dismissed`, the
    statement is a turn of its own (the §3a offer for the Zahnarzt), and nothing is entered for Volleyball."""
    asked = nova.turn("u-vb", FIGURE, "Trag Volleyball ein", NOW)
    assert "Wann soll „Volleyball“ sein?" in asked.answer
    result = nova.turn("u-vb", FIGURE, "Ich hab am Donnerstag um 10 einen Termin beim Zahnarzt", NOW)
    assert _titles(nova, "u-vb") == {}, result.answer
    assert ("timeline", "dismissed") in [(s["name"], s["status"]) for s in result.services]
    assert "Volleyball" not in result.answer
    assert "Zahnarzt" in result.answer and "Soll ich" in result.answer, result.answer
    assert load_pending(nova.stack.redis, "u-vb", FIGURE) is None


def test_a_refusal_stem_inside_a_word_does_not_suppress_the_mention_offer(nova):
    """timeline.md §3a: *„Ich hab am Donnerstag um 10 einen Termin beim Zahnarzt“* is offered for
    entry — *Donnerstag*, *einen*, *Termin* hold *ne*, but refusal words are whole words."""
    result = nova.turn("u-offer", FIGURE, "Ich hab am Donnerstag um 10 einen Termin beim Zahnarzt", NOW)
    assert "Soll ich" in result.answer and "Zahnarzt" in result.answer, result.answer
    assert _titles(nova, "u-offer") == {}
    done = nova.turn("u-offer", FIGURE, "Ja", NOW)
    assert [(r["title"], r["event_time"]) for r in nova.timeline.list("u-offer", FIGURE)] == [
        ("Zahnarzt", berlin(2026, 11, 12, 10))], done.answer


def test_ja_leg_sie_an_consents_to_soll_ich_sie_anlegen(nova):
    """*„Ja, leg sie an“* to „Soll ich sie anlegen?“ is consent — the imperative repeats the offered
    action (notizen.md §7 lets *„Ja, mach das“* pass)."""
    asked = nova.turn("u-leg", FIGURE, "Schreib Milch und Eier auf meine Einkaufsliste", NOW)
    assert "Soll ich sie anlegen?" in asked.answer, asked.answer
    result = nova.turn("u-leg", FIGURE, "Ja, leg sie an", NOW)
    assert [(s["name"], s["status"]) for s in result.services] == [("notizen", "abgeschlossen")], result.answer
    [note] = nova.notes.list("u-leg")
    assert note["text"].splitlines() == ["Milch", "Eier"]


def test_a_refusal_with_an_imperative_still_refuses(nova):
    """The twin: refusal first — *„Nein, leg sie nicht an“* creates nothing."""
    nova.turn("u-nleg", FIGURE, "Schreib Milch und Eier auf meine Einkaufsliste", NOW)
    result = nova.turn("u-nleg", FIGURE, "Nein, leg sie nicht an", NOW)
    assert nova.notes.list("u-nleg") == [], result.answer


def test_a_question_while_a_question_waits_is_answered(nova):
    """*„Was steht auf meiner Einkaufsliste?“* while „Soll ich sie anlegen?“ waits (a list of the same
    service) is answered, and the waiting question is not ended as refused: it ends as `dismissed` for the new
    question, and nothing is created."""
    nova.turn("u-q", FIGURE, "Leg eine Einkaufsliste an mit Brot und Käse", NOW)
    asked = nova.turn("u-q", FIGURE, "Schreib Spachtel auf meine Baumarktliste", NOW)
    assert "Soll ich sie anlegen?" in asked.answer, asked.answer
    result = nova.turn("u-q", FIGURE, "Was steht auf meiner Einkaufsliste?", NOW)
    assert "Brot" in result.answer and "Käse" in result.answer, result.answer
    assert "nicht angelegt" not in result.answer
    dismissed = [s for s in result.services if s["status"] == "dismissed"]
    assert [(s["name"], s["steps"][0]["grund"]) for s in dismissed] == [("notizen", "neue_frage")]
    assert [n["name"] for n in nova.notes.list("u-q")] == ["Einkaufsliste"]
    assert load_pending(nova.stack.redis, "u-q", FIGURE) is None


def test_a_question_while_the_time_question_waits_is_answered(nova):
    """The same across services: the list question while „Wann soll „Volleyball“ sein?“ waits."""
    nova.turn("u-q2", FIGURE, "Leg eine Einkaufsliste an mit Brot und Käse", NOW)
    nova.turn("u-q2", FIGURE, "Trag Volleyball ein", NOW)
    result = nova.turn("u-q2", FIGURE, "Was steht auf meiner Einkaufsliste?", NOW)
    assert "Brot" in result.answer and "Käse" in result.answer, result.answer
    assert nova.timeline.list("u-q2", FIGURE) == []


def test_a_statement_naming_the_asked_appointment_still_answers_the_time_question(nova):
    """The twin of the first rule: *„Ich hab am Freitag um 18 Uhr Volleyball“* names the asked title — it answers
    „Wann soll „Volleyball“ sein?“; the question ends with the entry."""
    nova.turn("u-vb2", FIGURE, "Trag Volleyball ein", NOW)
    result = nova.turn("u-vb2", FIGURE, "Ich hab am Freitag um 18 Uhr Volleyball", NOW)
    assert [(r["title"], r["event_time"]) for r in nova.timeline.list("u-vb2", FIGURE)] == [
        ("Volleyball", berlin(2026, 11, 13, 18))], result.answer


def test_verleg_auf_donnerstag_moves_to_the_coming_thursday(nova):
    """timeline.md §5.2 table: *„Verleg die Physiotherapie auf Donnerstag“* (Friday's appointment,
    asked on Wednesday) moves it to the coming Thursday, not the next week's."""
    nova.turn("u-mv", FIGURE, "Trag mir am Freitag um 11 Uhr die Physiotherapie ein", NOW)
    result = nova.turn("u-mv", FIGURE, "Verleg die Physiotherapie auf Donnerstag", NOW)
    assert [s["status"] for s in result.services] == ["abgeschlossen"], result.answer
    assert _titles(nova, "u-mv")["Physiotherapie"]["event_time"] == berlin(2026, 11, 12, 11)


def test_hab_ich_morgen_irgendwas_reads_tomorrow(nova):
    """*„Hab ich morgen irgendwas?“* reads tomorrow, it is no title search for „irgendwas“."""
    nova.turn("u-tm", FIGURE, "Trag mir morgen um 15 Uhr den Friseur ein", NOW)
    result = nova.turn("u-tm", FIGURE, "Hab ich morgen irgendwas?", NOW)
    assert "Friseur" in result.answer and "irgendwas" not in result.answer, result.answer
    assert len(nova.timeline.list("u-tm", FIGURE)) == 1


def test_ich_muss_den_hautarzt_verschieben_reschedules(nova):
    """*„Ich muss den Hautarzt auf Donnerstag verschieben“* is a request: it moves the appointment."""
    nova.turn("u-ha", FIGURE, "Trag mir am Freitag um 9 Uhr den Hautarzt ein", NOW)
    result = nova.turn("u-ha", FIGURE, "Ich muss den Hautarzt auf Donnerstag verschieben", NOW)
    assert [s["status"] for s in result.services] == ["abgeschlossen"], result.answer
    assert _titles(nova, "u-ha")["Hautarzt"]["event_time"] == berlin(2026, 11, 12, 9)
