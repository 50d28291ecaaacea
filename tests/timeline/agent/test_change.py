"""Change, delete and reschedule over a period or with a title (timeline.md §4.5, §5.3)."""

from __future__ import annotations

import pytest

from novaberg.timeline.agent import const
from novaberg.timeline.types import ANCHOR_TYPE
from tests.support import berlin
from tests.timeline.agent.conftest import snapshot, steps_of
from tests.timeline.conftest import FIGURE, USER

ANSWERS_THAT_NEVER_WRITE = ["ja", "Ja, genau den", "den zweiten", "den ersten", "am 1.12.", "Dienstag", "2",
                            "der um 10 Uhr", "den Zahnarzt am 1."]


def _seed(add, count):
    titles = ["Zahnarzt", "Friseur", "Elternabend"][:count]
    return [add(title, berlin(2026, 12, 1, 10 + i)) for i, title in enumerate(titles)]


@pytest.mark.parametrize("count", [0, 1, 3])
@pytest.mark.parametrize("text", ["Lösch den Termin am Dienstag", "Verschieb den Termin am Dienstag",
                                  "Ändere den Termin am Dienstag"])
def test_section4_5_without_a_title_0_1_and_many_hits_give_the_same_clarification(agent, add, repo, count, text):
    _seed(add, count)
    before = snapshot(repo)
    result = agent.run(text)
    assert result.status == "rueckfrage"
    assert result.pending["kind"] == const.PENDING_CLARIFICATION
    assert "Nenne ihn bitte mit seinem Namen" in result.answer
    assert snapshot(repo) == before
    assert steps_of(result, const.NODE_EXECUTE) == []


def test_section4_5_the_clarification_lists_the_periods_appointments(agent, add):
    _seed(add, 2)
    answer = agent.run("Lösch den Termin am Dienstag").answer
    assert answer.splitlines()[:3] == ["Am Dienstag, 01.12.2026 stehen:",
                                       "1. Dienstag, 01.12.2026, 10:00 Uhr: Zahnarzt (morgen)",
                                       "2. Dienstag, 01.12.2026, 11:00 Uhr: Friseur (morgen)"]


def test_section4_5_an_anchor_is_never_a_candidate(agent, add):
    add("Wetter heiß", berlin(2026, 12, 1, 9), ANCHOR_TYPE)
    result = agent.run("Lösch den Termin am Dienstag")
    assert result.status == "rueckfrage" and "heiß" not in result.answer and result.pending["candidates"] == []


def test_section4_5_a_single_hit_in_the_period_is_not_deleted_without_its_name(agent, add, repo):
    row_id = add("Zahnarzt", berlin(2026, 12, 1, 10))
    agent.run("Lösch meinen Termin morgen")
    assert repo.find_by_id(USER, FIGURE, row_id)["aktiv"] is True


@pytest.mark.parametrize("reply", ANSWERS_THAT_NEVER_WRITE)
def test_section4_5_no_answer_to_the_clarification_writes(agent, add, repo, reply):
    """§4.5: neither "ja", nor "den zweiten", nor a date — the question comes again, nothing is written."""
    _seed(add, 3)
    agent.run("Lösch den Termin am Dienstag")
    before = snapshot(repo)
    result = agent.answer(reply)
    assert result.status == "rueckfrage" and snapshot(repo) == before
    assert steps_of(result, const.NODE_EXECUTE) == []
    assert "nichts eingetragen und nichts geändert" in result.answer


@pytest.mark.parametrize("first", ["Lösch den Termin am Dienstag", "Verschieb den Termin auf Dienstag"])
def test_section4_5_the_twin_a_new_order_with_a_title_reaches_the_writer(agent, add, repo, first):
    ids = _seed(add, 3)
    agent.run(first)
    result = agent.answer("Lösch den Friseur")
    assert result.status == "abgeschlossen"
    assert [r["id"] for r in repo.list(USER, FIGURE)] == [ids[0], ids[2]]


def test_section4_5_a_refusal_ends_the_clarification(agent, add, repo):
    _seed(add, 2)
    agent.run("Lösch den Termin am Dienstag")
    before = snapshot(repo)
    result = agent.answer("Nein, lass es")
    assert result.status == "dismissed" and snapshot(repo) == before


def test_section4_5_without_title_and_without_period_asks_for_the_name(agent, add, repo):
    _seed(add, 1)
    before = snapshot(repo)
    result = agent.run("Lösch ihn")
    assert result.status == "rueckfrage" and snapshot(repo) == before


# --- with a title ---------------------------------------------------------------------------------------

def test_section4_5_with_a_title_and_one_hit_nova_acts(agent, add, repo):
    row_id = add("Zahnarzt", berlin(2026, 12, 1, 10))
    result = agent.run("Lösch den Zahnarzt")
    assert result.status == "abgeschlossen"
    assert result.answer == "Gelöscht: „Zahnarzt“ (Dienstag, 01.12.2026, 10:00 Uhr)."
    assert repo.find_by_id(USER, FIGURE, row_id)["aktiv"] is False


def test_section4_5_the_way_with_a_title_sees_the_whole_inventory(agent, add, repo):
    row_id = add("Zahnarzt", berlin(2027, 6, 1, 10))  # far outside every window
    assert agent.run("Lösch den Zahnarzt").status == "abgeschlossen"
    assert repo.find_by_id(USER, FIGURE, row_id)["aktiv"] is False


def test_section4_5_with_a_title_no_hit_is_a_failure_that_writes_nothing(agent, add, repo):
    add("Friseur", berlin(2026, 12, 1, 10))
    before = snapshot(repo)
    result = agent.run("Lösch den Zahnarzt")
    assert result.status == "fehler" and "nichts eingetragen und nichts geändert" in result.answer
    assert snapshot(repo) == before


@pytest.mark.parametrize("text", ["Lösch den Zahnarzt", "Verschieb den Zahnarzt auf Freitag um 16 Uhr"])
def test_section4_5_several_hits_without_a_single_coming_one_give_a_selection(agent, add, repo, text):
    add("Zahnarzt", berlin(2026, 12, 1, 10))
    add("Zahnarzt", berlin(2026, 12, 9, 10))
    before = snapshot(repo)
    result = agent.run(text)
    assert result.status == "rueckfrage" and result.pending["kind"] == const.PENDING_SELECTION
    assert "1. Dienstag, 01.12.2026, 10:00 Uhr: Zahnarzt (morgen)" in result.answer
    assert "2. Mittwoch, 09.12.2026, 10:00 Uhr: Zahnarzt (in 9 Tagen)" in result.answer
    assert "noch nicht auswählen" in result.answer
    assert snapshot(repo) == before


@pytest.mark.parametrize("reply", ANSWERS_THAT_NEVER_WRITE + ["Lösch den Zahnarzt am 9."])
def test_section4_5_no_answer_to_a_selection_writes(agent, add, repo, reply):
    add("Zahnarzt", berlin(2026, 12, 1, 10))
    add("Zahnarzt", berlin(2026, 12, 9, 10))
    agent.run("Lösch den Zahnarzt")
    before = snapshot(repo)
    result = agent.answer(reply)
    assert result.status == "rueckfrage" and snapshot(repo) == before
    assert steps_of(result, const.NODE_EXECUTE) == []


def test_section5_3_delete_is_soft_and_verified(agent, add, repo):
    row_id = add("Zahnarzt", berlin(2026, 12, 1, 10))
    result = agent.run("Streich den Zahnarzt")
    assert steps_of(result, const.NODE_EXECUTE) == [
        {"schritt": "ausfuehren", "ausgang": "geloescht", "termin_id": row_id, "verifiziert": True}]
    row = repo.find_by_id(USER, FIGURE, row_id)
    assert row is not None and row["aktiv"] is False
    assert "timeline_id" not in result.data  # §10: a delete sets no clipboard id


def test_section7_1_update_of_details_is_not_executed(agent, add, repo):
    """§5.2 ⚠ / §7.1: `update` only moves; a change of details is said to be impossible, nothing written."""
    add("Zahnarzt", berlin(2026, 12, 1, 10))
    before = snapshot(repo)
    result = agent.run("Ändere den Zahnarzt, er ist jetzt bei Dr. Weber")
    assert steps_of(result, const.NODE_CLASSIFY)[0]["ziel"] == "Zahnarzt"
    assert result.status == "fehler" and result.answer.startswith("Einzelheiten eines Termins kann ich noch nicht")
    assert snapshot(repo) == before


def test_section5_2_update_with_a_new_time_moves_like_reschedule(agent, add, repo):
    add("Zahnarzt", berlin(2026, 12, 1, 10))
    assert agent.run("Ändere den Zahnarzt auf Freitag").status == "abgeschlossen"
    assert repo.list(USER, FIGURE)[0]["event_time"] == berlin(2026, 12, 4, 10)
