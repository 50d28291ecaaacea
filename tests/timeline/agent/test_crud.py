"""Create and the verified write (timeline.md §5.1, §7.4, §10 clipboard; *Spannen*; bad input)."""

from __future__ import annotations

import pytest

from novaberg.timeline.agent import const
from novaberg.timeline.agent.dispatch import written_row_id
from tests.support import berlin
from tests.timeline.agent.conftest import snapshot, steps_of
from tests.timeline.conftest import FIGURE, USER


def test_section5_1_create_writes_reads_back_and_reports_verified(agent, repo):
    result = agent.run("Trag mir morgen um 10 den Zahnarzt ein")
    rows = repo.list(USER, FIGURE)
    assert [(r["title"], r["event_time"], r["precision"], r["event_type"]) for r in rows] == [
        ("Zahnarzt", berlin(2026, 12, 1, 10), "minute", "termin")]
    assert result.status == "abgeschlossen"
    assert result.answer == "Eingetragen: „Zahnarzt“ am Dienstag, 01.12.2026, 10:00 Uhr."
    assert steps_of(result, const.NODE_EXECUTE) == [
        {"schritt": "ausfuehren", "ausgang": "erstellt", "termin_id": rows[0]["id"], "verifiziert": True}]
    assert steps_of(result, const.NODE_CONFIRM) == [{"schritt": "bestaetigen", "status": "abgeschlossen"}]


@pytest.mark.parametrize("text,title,moment,precision,kind", [
    ("Merk dir den Elternabend am Donnerstag um 19 Uhr", "Elternabend", berlin(2026, 12, 3, 19), "minute", "termin"),
    ("Erinnere mich morgen um 8 an die Steuererklärung", "Steuererklärung", berlin(2026, 12, 1, 8), "minute",
     "erinnerung"),
    ("Trag mir am 3. Dezember Annas Geburtstag ein", "Annas Geburtstag", berlin(2026, 12, 3, 0), "day", "geburtstag"),
    ("Hau mir Montag nen Zahnarzt rein", "Zahnarzt", berlin(2026, 12, 7, 0), "day", "termin"),
    ("Kannst du mir bitte in drei Tagen um 9 die Abgabe eintragen?", "Abgabe", berlin(2026, 12, 3, 9), "minute",
     "deadline"),
])
def test_section3a_offline_phrasings_of_an_order_write(agent, repo, text, title, moment, precision, kind):
    assert agent.run(text).status == "abgeschlossen"
    row = repo.list(USER, FIGURE)[0]
    assert (row["title"], row["event_time"], row["precision"], row["event_type"]) == (title, moment, precision, kind)


def test_spans_von_bis_write_the_end(agent, repo):
    """*Seit dem 18.09.2026 — Spannen*: "von … bis …" gets `event_ende`."""
    agent.run("Trag mir Kaffee mit Mona am Freitag von 10 bis 12 Uhr ein")
    row = repo.list(USER, FIGURE)[0]
    assert (row["title"], row["event_time"], row["event_ende"]) == ("Kaffee mit Mona", berlin(2026, 12, 4, 10),
                                                                     berlin(2026, 12, 4, 12))
    assert "10:00–12:00 Uhr" in agent.run("Was steht diese Woche an?").answer


def test_section8_the_new_row_carries_the_type_flags_and_resubmission(agent, repo):
    agent.run("Trag mir morgen um 10 den Zahnarzt ein")
    row = repo.list(USER, FIGURE)[0]
    assert (row["binding"], row["remind"], row["conflict_check"]) == (True, True, True)
    assert row["wiedervorlage_am"] == berlin(2026, 12, 8, 10) and row["character_id"] == FIGURE


@pytest.mark.parametrize("answer,step", [
    ({"action": "create", "target": "", "zeitausdruck": "morgen um 10"}, "titel_fehlt"),
    ({"action": "create", "target": "ihn", "zeitausdruck": "morgen um 10"}, "titel_fehlt"),
    ({"action": "create", "target": "Zahnarzt", "zeitausdruck": "irgendwann demnächst"}, "zeit_unlesbar"),
    ({"action": "create", "target": "Zahnarzt", "zeitausdruck": "am 30. Februar"}, "zeit_unlesbar"),
    ({"action": "create", "target": "Zahnarzt", "zeitausdruck": ""}, "zeit_fehlt"),
])
def test_bad_input_create_without_title_or_readable_time_writes_nothing(scripted, repo, answer, step):
    """Without a title: a failure that says so. Without a readable time: the question „Wann soll X sein?“
    (the order waits as pending) — either way nothing is written."""
    result = scripted(answer).run("Trag mir was ein")
    expected = "fehler" if step == "titel_fehlt" else "rueckfrage"
    assert result.status == expected and "nichts eingetragen" in result.answer
    if expected == "rueckfrage":
        assert "Zahnarzt" in result.answer and result.pending["reason"] == step
    assert steps_of(result, const.NODE_SEARCH)[0]["ausgang"] == step
    assert repo.count(USER, FIGURE, active_only=False) == 0


def test_section5_1_an_unreadable_expression_falls_back_to_the_whole_utterance(scripted, repo):
    runner = scripted({"action": "create", "target": "Zahnarzt", "zeitausdruck": "wie besprochen"})
    assert runner.run("Trag mir den Zahnarzt morgen um 10 ein").status == "abgeschlossen"
    assert repo.list(USER, FIGURE)[0]["event_time"] == berlin(2026, 12, 1, 10)


def test_section7_4_create_that_does_not_read_back_is_fehler(agent, repo, monkeypatch):
    from novaberg.timeline.repository import TimelineRepository

    monkeypatch.setattr(TimelineRepository, "find_by_id", lambda self, *args: None)
    result = agent.run("Trag mir morgen um 10 den Zahnarzt ein")
    assert result.status == "fehler" and "nicht bestätigen" in result.answer
    assert "timeline_id" not in result.data


def test_a_database_failure_on_insert_reaches_the_answer(agent, repo, monkeypatch):
    from novaberg.core.errors import DatabaseError
    from novaberg.timeline.repository import TimelineRepository

    def broken(*args, **kwargs):
        raise DatabaseError("refused")

    monkeypatch.setattr(TimelineRepository, "insert", broken)
    result = agent.run("Trag mir morgen um 10 den Zahnarzt ein")
    assert result.status == "fehler" and "nichts eingetragen und nichts geändert" in result.answer


def test_section9_create_writes_in_the_pair_only(agent, repo):
    agent.run("Trag mir morgen um 10 den Zahnarzt ein", figure="anna")
    assert repo.list(USER, FIGURE) == [] and len(repo.list(USER, "anna")) == 1


# --- §10 clipboard ----------------------------------------------------------------------------------------

def test_section10_clipboard_gets_the_written_rows_id(agent, add, repo):
    created = agent.run("Trag mir morgen um 10 den Zahnarzt ein")
    assert created.data["timeline_id"] == repo.list(USER, FIGURE)[0]["id"]
    moved = agent.run("Verschieb den Zahnarzt auf Freitag um 16 Uhr")
    assert moved.data["timeline_id"] == repo.list(USER, FIGURE)[0]["id"] != created.data["timeline_id"]


def test_section10_no_clipboard_id_for_read_duplicate_delete_question_or_failure(agent, add, repo):
    add("Zahnarzt", berlin(2026, 12, 1, 10))
    for text in ("Was steht an?", "Trag mir morgen um 10 den Zahnarzt ein", "Verschieb den Zahnarzt auf 4 Uhr",
                 "Lösch den Friseur", "Lösch den Zahnarzt"):
        assert "timeline_id" not in agent.run(text).data, text


def test_section10_written_row_id_searches_from_the_back_for_the_writing_step():
    steps = [{"schritt": "suchen", "ausgang": "ein_treffer", "termin_id": 3},
             {"schritt": "ausfuehren", "ausgang": "verschoben", "alte_id": 3, "neuer_id": 9, "verifiziert": True},
             {"schritt": "bestaetigen", "status": "abgeschlossen"}]
    assert written_row_id(steps) == 9
    assert written_row_id([{"schritt": "ausfuehren", "ausgang": "erstellt", "termin_id": 4}]) == 4
    assert written_row_id([{"schritt": "ausfuehren", "ausgang": "geloescht", "termin_id": 4}]) is None
    assert written_row_id([{"schritt": "suchen", "ausgang": "duplikat", "termin_id": 4}]) is None
    assert written_row_id([{"schritt": "ausfuehren", "ausgang": "erstellt", "termin_id": "4"}]) is None


def test_validate_refuses_an_unknown_action_and_a_resume_without_question(agent, repo):
    assert agent.run("x", action="archive").status == "fehler"
    assert agent.run("ja", action="resume", pending=None).status == "fehler"
    assert agent.run("ja", action="resume", pending={"kind": "unbekannt"}).status == "fehler"


def test_section2_2_a_preclassified_action_skips_the_classify_node(agent, add):
    add("Zahnarzt", berlin(2026, 12, 1, 10))
    result = agent.run("egal", action="read")
    assert [s["schritt"] for s in result.steps] == [const.NODE_VALIDATE, const.NODE_SEARCH]
    assert "Zahnarzt" in result.answer


def test_nothing_written_snapshot_helper_sees_changes(repo, add):
    add("Zahnarzt", berlin(2026, 12, 1, 10))
    before = snapshot(repo)
    repo.invalidate(USER, FIGURE, before[0][0], berlin(2026, 11, 30))
    assert snapshot(repo) != before


def test_bad_input_a_title_longer_than_the_column_is_refused_before_the_write(scripted, repo, caplog):
    """A 3,000-character title: a clear answer with the limit, nothing written, and no database error
    (it used to reach PostgreSQL and come back as „die Datenbank hat den Schreibvorgang abgelehnt“)."""
    title = "Zahnarzt " + "sehr " * 600
    result = scripted({"action": "create", "target": title, "zeitausdruck": "morgen um 10"}).run("Trag mir was ein")
    assert result.status == "fehler" and "höchstens 255" in result.answer and "nichts eingetragen" in result.answer
    assert steps_of(result, const.NODE_SEARCH)[0]["ausgang"] == "titel_zu_lang"
    assert repo.count(USER, FIGURE, active_only=False) == 0
    assert "value too long" not in caplog.text


def test_twin_a_title_of_255_characters_is_written(scripted, repo):
    title = "Z" * 255
    result = scripted({"action": "create", "target": title, "zeitausdruck": "morgen um 10"}).run("Trag mir was ein")
    assert result.status == "abgeschlossen" and repo.list(USER, FIGURE)[0]["title"] == title
