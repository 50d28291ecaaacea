"""End to end through `nova.turn` with the offline model (timeline.md §3a, §4a, §10)."""

from __future__ import annotations

import pytest

from novaberg.agents.pending import pending_key
from novaberg.core.errors import DatabaseError
from novaberg.llm.scripted import ScriptedLLM
from novaberg.timeline.presentation import FAILED_SENTENCE
from novaberg.timeline.repository import TimelineRepository
from tests.support import berlin, make_nova, make_offline_llm
from tests.timeline.conftest import FIGURE, USER

NOW = berlin(2026, 11, 30, 9, 30)


def _turn(nova, text, now=NOW, figure=FIGURE):
    return nova.turn(USER, figure, text, now)


def _kinds(db, turn_id):
    with db.transaction() as conn:
        return [r["kind"] for r in conn.execute("SELECT kind FROM pipeline_log WHERE turn_id = %s ORDER BY id",
                                                (turn_id,))]


def test_create_read_reschedule_with_half_of_day_question_and_delete(nova, db, redis):
    created = _turn(nova, "Trag mir morgen um 10 den Zahnarzt ein")
    assert created.answer == "Eingetragen: „Zahnarzt“ am Dienstag, 01.12.2026, 10:00 Uhr."
    assert created.services[0]["data"]["timeline_id"] == nova.timeline.list(USER, FIGURE)[0]["id"]

    read = _turn(nova, "Was steht diese Woche an?")
    assert read.answer == ("Deine Termine von Montag, 30.11.2026 bis Sonntag, 06.12.2026:\n"
                           "- Dienstag, 01.12.2026, 10:00 Uhr: Zahnarzt (morgen)")

    question = _turn(nova, "Verschieb den Zahnarzt auf 4 Uhr")
    assert question.services[0]["status"] == "rueckfrage"
    assert question.answer == "Soll „Zahnarzt“ um 4 Uhr morgens (04:00) oder um 4 Uhr nachmittags (16:00) stattfinden?"
    assert 0 < redis.ttl(pending_key(USER)) <= 300
    assert nova.timeline.list(USER, FIGURE)[0]["event_time"] == berlin(2026, 12, 1, 10)

    moved = _turn(nova, "nachmittags")
    assert moved.answer == ("Verschoben: „Zahnarzt“ von Dienstag, 01.12.2026, 10:00 Uhr auf Dienstag, 01.12.2026, "
                            "16:00 Uhr.")
    assert redis.get(pending_key(USER)) is None
    rows = nova.timeline.list(USER, FIGURE)
    assert [r["event_time"] for r in rows] == [berlin(2026, 12, 1, 16)]
    assert moved.services[0]["data"]["timeline_id"] == rows[0]["id"]

    deleted = _turn(nova, "Lösch den Zahnarzt")
    assert deleted.answer == "Gelöscht: „Zahnarzt“ (Dienstag, 01.12.2026, 16:00 Uhr)."
    assert nova.timeline.list(USER, FIGURE) == []
    assert len(nova.timeline.list(USER, FIGURE, active_only=False)) == 2


def test_section3a_a_statement_is_rejected_in_the_turn_and_writes_nothing(nova):
    result = _turn(nova, "Morgen um 10 habe ich Zahnarzt")
    assert [s["status"] for s in result.services] == ["rejected"]
    assert "nichts eingetragen" in result.answer
    assert nova.timeline.list(USER, FIGURE, active_only=False) == []


def test_notizen_section7_kette_a_question_on_a_question_ends_the_turn(nova, db, redis):
    """notizen.md §7 *Kette*: the agent runs once per turn; its new question waits for the next turn."""
    _turn(nova, "Trag mir morgen um 10 den Zahnarzt ein")
    _turn(nova, "Verschieb den Zahnarzt auf 4 Uhr")
    again = _turn(nova, "ja")
    assert [s["status"] for s in again.services] == ["rueckfrage"]
    assert "stattfinden?" in again.answer
    assert redis.get(pending_key(USER)) is not None
    assert _kinds(db, again.turn_id).count("dienst") == 1
    assert nova.timeline.list(USER, FIGURE)[0]["event_time"] == berlin(2026, 12, 1, 10)


def test_section4_5_clarification_then_ja_den_zweiten_and_a_date_write_nothing_in_the_turn(nova):
    for title, hour in (("Zahnarzt", 10), ("Friseur", 11), ("Elternabend", 19)):
        _turn(nova, f"Trag mir morgen um {hour} Uhr den {title} ein")
    before = nova.timeline.list(USER, FIGURE, active_only=False)
    assert _turn(nova, "Lösch den Termin morgen").services[0]["status"] == "rueckfrage"
    for reply in ("ja", "den zweiten", "am 1.12."):
        result = _turn(nova, reply)
        assert result.services[0]["status"] == "rueckfrage", reply
        assert nova.timeline.list(USER, FIGURE, active_only=False) == before
    assert _turn(nova, "Lösch den Friseur").services[0]["status"] == "abgeschlossen"


def test_pending_belongs_to_the_figure(nova, redis):
    _turn(nova, "Trag mir morgen um 10 den Zahnarzt ein")
    _turn(nova, "Verschieb den Zahnarzt auf 4 Uhr")
    other = _turn(nova, "nachmittags", figure="anna")
    assert other.services == []  # not resumed for another figure
    assert nova.timeline.list(USER, FIGURE)[0]["event_time"] == berlin(2026, 12, 1, 10)


def test_section9_another_figures_appointment_is_invisible_in_the_turn(nova):
    _turn(nova, "Trag mir morgen um 10 den Zahnarzt ein", figure="anna")
    assert "Zahnarzt" not in _turn(nova, "Was steht diese Woche an?").answer


def test_section4a_every_turn_reads_the_block_and_logs_it(nova, db):
    _turn(nova, "Trag mir morgen um 10 den Zahnarzt ein")
    result = _turn(nova, "Hallo")
    kinds = _kinds(db, result.turn_id)
    assert "termine" in kinds and "termine_block" in kinds
    with db.transaction() as conn:
        payload = conn.execute("SELECT payload FROM pipeline_log WHERE turn_id = %s AND kind = 'termine'",
                               (result.turn_id,)).fetchone()["payload"]
    assert payload == {"art": "proactive", "richtung": "both", "gelesen": 1, "geliefert": 1, "verworfen": 0,
                       "weitere": 0}


@pytest.fixture
def nova_without_router(db, redis, tmp_path, monkeypatch):
    """A Nova whose router sends nothing to a service: the composer answers from the blocks alone (the route
    hints decide nothing either, every turn asks the scripted router)."""
    monkeypatch.setattr("novaberg.graph.router.decided_by_hints", lambda *args: "")
    monkeypatch.setattr("novaberg.graph.router.decided_by_intents", lambda *args: None)  # nor the intents
    llm = ScriptedLLM({"router": {"domain": "keine", "management_action": "keine"}}, fallback=make_offline_llm())
    return make_nova(db, redis, llm, tmp_path)


def test_section4a_the_offline_composer_answers_from_the_termine_block(nova_without_router):
    nova = nova_without_router
    nova.turn(USER, FIGURE, "Trag mir morgen um 10 den Zahnarzt ein", NOW)  # not routed: nothing written
    assert nova.timeline.list(USER, FIGURE) == []
    from novaberg.timeline.repository import NewRow

    nova.timeline.insert(USER, FIGURE, NewRow.for_type("termin", title="Zahnarzt", event_time=berlin(2026, 12, 1, 10),
                                                       precision="minute"), NOW)
    result = nova.turn(USER, FIGURE, "Was steht diese Woche an?", NOW)
    assert result.services == []
    assert result.answer.splitlines() == [  # to the person: the block's lines without its header
        "Gelesen: Zeitraum Montag, 30.11.2026 bis Sonntag, 06.12.2026 — nur kommende Termine.",
        "- Dienstag, 01.12.2026, 10:00 Uhr: Zahnarzt (morgen)",
    ]


def test_section4a_a_read_failure_in_the_block_says_the_failure_never_keine(nova_without_router, monkeypatch):
    def broken(*args, **kwargs):
        raise DatabaseError("down")

    monkeypatch.setattr(TimelineRepository, "find_window_outline", broken)
    result = nova_without_router.turn(USER, FIGURE, "Was steht diese Woche an?", NOW)
    assert FAILED_SENTENCE in result.answer and "keine Termine" not in result.answer


def test_section4a_a_question_without_appointments_says_keine_with_the_window(nova_without_router):
    result = nova_without_router.turn(USER, FIGURE, "Habe ich nächste Woche Termine?", NOW)
    assert result.answer.splitlines()[-1] == "keine Termine vom Montag, 07.12.2026 bis Sonntag, 13.12.2026"


def test_section4_5_a_read_question_during_the_clarification_is_answered_and_writes_nothing(nova, redis):
    """No answer to the clarification writes (§4.5); a question that only reads is served, not dismissed."""
    _turn(nova, "Trag mir morgen um 10 Uhr den Zahnarzt ein")
    before = nova.timeline.list(USER, FIGURE, active_only=False)
    assert _turn(nova, "Lösch meinen Termin im Dezember").services[0]["status"] == "rueckfrage"
    result = _turn(nova, "Was habe ich diese Woche für Termine?")
    assert result.services[0]["status"] == "abgeschlossen"
    assert "Zahnarzt" in result.answer
    assert nova.timeline.list(USER, FIGURE, active_only=False) == before
    assert redis.get(pending_key(USER)) is None
