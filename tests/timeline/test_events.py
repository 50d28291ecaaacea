"""Events of other persons (timeline.md §5.5, §8 `ereignis`, §4a marking)."""

from __future__ import annotations

import pytest

from novaberg.core.settings import KZG_SALIENZ_HIGH
from novaberg.llm.scripted import ScriptedLLM
from novaberg.timeline.events import TASK, above_limit, event_time_of, process_event_orders
from novaberg.timeline.presentation import EVENTS_HEADER, block_text
from novaberg.timeline.reading import range_window, read_appointments
from novaberg.timeline.types import MONTH_PRECISION, OCCURRENCE_TYPE
from tests.support import BERLIN, berlin, make_deps, make_offline_llm
from tests.timeline.conftest import FIGURE, USER

NOW = berlin(2026, 10, 22, 12)


def _order(*texts, speaker="nutzer", user=USER, figure=FIGURE):
    return {"user_id": user, "character_id": figure, "turn_id": None, "salienz": 0.95,
            "kandidaten": [{"nummer": i, "sprecher": speaker, "text": t} for i, t in enumerate(texts, 1)]}


@pytest.fixture
def offline_deps(db, redis):
    return make_deps(db, redis, make_offline_llm())


def _logs(db):
    with db.transaction() as conn:
        return [r["payload"] for r in conn.execute(
            "SELECT payload FROM pipeline_log WHERE kind = 'log_db_write' AND node = 'dispatcher' ORDER BY id")]


# --- the limit and the time -------------------------------------------------------------------------------

def test_section5_5_the_limit_is_kzg_salienz_high():
    assert above_limit(KZG_SALIENZ_HIGH) and not above_limit(KZG_SALIENZ_HIGH - 0.0001)
    for bad in (None, "0.99", 1.5, -0.1, float("nan"), True):
        assert above_limit(bad) is False


@pytest.mark.parametrize("expression,tense,moment,precision", [
    ("im November", "angekuendigt", berlin(2026, 11, 1, 0), MONTH_PRECISION),
    ("im Mai", "angekuendigt", berlin(2027, 5, 1, 0), MONTH_PRECISION),
    ("im Mai", "berichtet", berlin(2026, 5, 1, 0), MONTH_PRECISION),
    ("im Oktober", "angekuendigt", berlin(2026, 10, 1, 0), MONTH_PRECISION),
    ("am 14. November", "angekuendigt", berlin(2026, 11, 14, 0), "day"),
    ("am 3. März", "berichtet", berlin(2026, 3, 3, 0), "day"),
    ("im Mai 2027", "berichtet", berlin(2027, 5, 1, 0), MONTH_PRECISION),
    ("nächsten Monat", "angekuendigt", berlin(2026, 11, 1, 0), MONTH_PRECISION),
])
def test_section5_5_event_time_month_first_day_and_year_by_tense(expression, tense, moment, precision):
    when = event_time_of(expression, tense, NOW, BERLIN)
    assert (when.moment, when.precision) == (moment, precision)


@pytest.mark.parametrize("expression", ["nächste Woche", "am Wochenende", "2027", "am 31. April", ""])
def test_section5_5_a_week_a_weekend_a_year_alone_or_an_impossible_day_give_no_moment(expression):
    assert event_time_of(expression, "angekuendigt", NOW, BERLIN) is None


def test_section5_5_the_tense_is_required():
    with pytest.raises(ValueError):
        event_time_of("im Mai", "vielleicht", NOW, BERLIN)


# --- the orders -------------------------------------------------------------------------------------------

def test_section5_5_an_announced_month_event_is_written_marked_and_read_apart(offline_deps, repo, db):
    result = process_event_orders(_order("Lena zieht im November nach Kassel"), offline_deps, NOW)
    assert result.outcome == "geschrieben"
    row = repo.list(USER, FIGURE)[0]
    assert (row["event_type"], row["title"], row["details"], row["precision"], row["event_time"]) == (
        OCCURRENCE_TYPE, "Umzug nach Kassel", "Lena", MONTH_PRECISION, berlin(2026, 11, 1, 0))
    assert row["wiedervorlage_am"] is None and (row["binding"], row["remind"], row["conflict_check"]) == (
        False, False, False)
    assert result.mapping == {1: row["id"]}
    reading = read_appointments(repo, USER, FIGURE, range_window(berlin(2026, 11, 10, 0), berlin(2026, 11, 20, 23)),
                                NOW, BERLIN)
    text = block_text(reading, NOW)
    assert reading.appointments == () and EVENTS_HEADER in text
    assert "- Ereignis (Lena): Umzug nach Kassel — November 2026 (nächsten Monat)" in text
    log = _logs(db)[0]
    assert log["ausgang"] == "geschrieben" and log["salienz"] == 0.95
    assert log["ereignisse"][0]["zeitlage"] == "angekuendigt" and log["ereignisse"][0]["zeitlage_herkunft"] == "modell"


def test_section5_5_an_exact_day_moves_the_month_row_of_the_same_person(offline_deps, repo):
    first = process_event_orders(_order("Lena zieht im November nach Kassel"), offline_deps, NOW)
    month_id = first.mapping[1]
    second = process_event_orders(_order("Lena zieht am 14. November nach Kassel"), offline_deps, NOW)
    assert second.events[0]["ausgang"] == "verschoben"
    assert second.mapping == {1: month_id}  # the fact's reference stays on the first row
    rows = repo.list(USER, FIGURE)
    assert [(r["event_time"], r["precision"]) for r in rows] == [(berlin(2026, 11, 14, 0), "day")]
    old = repo.find_by_id(USER, FIGURE, month_id)
    assert old["aktiv"] is False and old["nachfolger_id"] == rows[0]["id"]
    assert repo.aktive_zeile(USER, FIGURE, month_id)["id"] == rows[0]["id"]


def test_section5_5_another_person_or_another_figure_gets_a_new_row(offline_deps, repo):
    process_event_orders(_order("Lena zieht im November nach Kassel"), offline_deps, NOW)
    process_event_orders(_order("Tom zieht am 14. November nach Kassel"), offline_deps, NOW)
    assert len(repo.list(USER, FIGURE)) == 2
    process_event_orders(_order("Lena zieht am 14. November nach Kassel", figure="anna"), offline_deps, NOW)
    assert len(repo.list(USER, "anna")) == 1 and repo.list(USER, FIGURE)[0]["precision"] == MONTH_PRECISION


def test_section5_5_a_reported_event_lies_in_the_past(offline_deps, repo):
    process_event_orders(_order("Mein Bruder Tom hat im September geheiratet"), offline_deps, NOW)
    row = repo.list(USER, FIGURE)[0]
    assert (row["title"], row["details"], row["event_time"]) == ("Hochzeit", "Tom", berlin(2026, 9, 1, 0))


@pytest.mark.parametrize("order,outcome", [
    (_order("Lena zieht im November nach Kassel", user=""), "verworfen"),
    (_order("Lena zieht im November nach Kassel", figure=""), "verworfen"),
    (_order("Lena zieht im November nach Kassel", speaker="nova"), "nur_andere_sprecher"),
    (_order("Ich gehe morgen einkaufen"), "keine_ereignisse"),
])
def test_section5_5_outcomes_without_a_row(offline_deps, repo, db, order, outcome):
    assert process_event_orders(order, offline_deps, NOW).outcome == outcome
    assert repo.list(USER, FIGURE, active_only=False) == [] and repo.list(USER, "anna") == []
    assert _logs(db)[-1]["ausgang"] == outcome


@pytest.mark.parametrize("answer,outcome", [({"etwas": []}, "antwort_defekt"), ({"ereignisse": None}, "antwort_defekt"),
                                            ("kein json", "kein_objekt"), ({"ereignisse": "x"}, "feld_falscher_typ")])
def test_section5_5_an_answer_without_the_list_is_a_defect_never_no_event(db, redis, repo, answer, outcome):
    deps = make_deps(db, redis, ScriptedLLM({TASK: answer}))
    assert process_event_orders(_order("Lena zieht im November nach Kassel"), deps, NOW).outcome == outcome
    assert repo.list(USER, FIGURE, active_only=False) == []


def test_section5_5_unknown_candidate_dropped_and_missing_tense_defaults_announced(db, redis, repo, caplog):
    answer = {"ereignisse": [{"kandidat": 7, "person": "X", "titel": "Umzug", "zeitausdruck": "im Mai"},
                             {"kandidat": 1, "person": "Lena", "titel": "Umzug", "zeitausdruck": "im Mai",
                              "zeitlage": None}]}
    deps = make_deps(db, redis, ScriptedLLM({TASK: answer}))
    result = process_event_orders(_order("Lena zieht im Mai um"), deps, NOW)
    assert list(result.mapping) == [1]
    assert result.events[0]["zeitlage_herkunft"] == "vorgabe"
    assert repo.list(USER, FIGURE)[0]["event_time"] == berlin(2027, 5, 1, 0)
    assert "kandidat_unbekannt" in caplog.text


def test_section5_5_an_event_without_a_moment_writes_nothing(db, redis, repo):
    answer = {"ereignisse": [{"kandidat": 1, "person": "Lena", "titel": "Umzug", "zeitausdruck": "nächste Woche",
                              "zeitlage": "angekuendigt"}]}
    deps = make_deps(db, redis, ScriptedLLM({TASK: answer}))
    result = process_event_orders(_order("Lena zieht nächste Woche um"), deps, NOW)
    assert result.mapping == {1: None} and result.events[0]["ausgang"] == "ohne_zeit"
    assert repo.list(USER, FIGURE, active_only=False) == []


def test_section4_4_an_event_is_no_duplicate_partner_of_an_appointment(offline_deps, repo):
    from novaberg.timeline.agent.search import find_duplicates

    process_event_orders(_order("Lena zieht am 14. November nach Kassel"), offline_deps, NOW)
    assert find_duplicates(repo, USER, FIGURE, berlin(2026, 11, 14, 10), "Umzug", BERLIN) == []
