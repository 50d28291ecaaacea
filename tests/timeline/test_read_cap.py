"""The list cap — the lead's decision, taken as given: a spoken or composed answer never lists hundreds of
lines. A range read or an overview lists at most 25 appointments in time order (one-offs and the occurrences of
series merged), then says how many more there are in that period — counted exactly from the read — and how to
narrow it; the `[TERMINE]` block for the model likewise carries at most 25 lines and a line with the true count
of the rest (the model is never told the rest does not exist). A single day lists all of it, however many. The
tribunal's inventory check reads its own way (minute-exact) and still covers an appointment beyond the 25."""

from __future__ import annotations

from datetime import timedelta

import pytest

from novaberg.llm.scripted import ScriptedLLM
from novaberg.situation.sources import InventorySource
from novaberg.timeline.presentation import block_text
from novaberg.timeline.reading import (
    LIST_MAX,
    list_cap,
    proactive_window,
    range_window,
    read_appointments,
    search_window,
)
from novaberg.timeline.repository import NewRow, TimelineRepository
from novaberg.timeline.types import OCCURRENCE_TYPE
from novaberg.tribunal.const import INVENTORY_FOUND
from novaberg.tribunal.evaluate import computed_verdict
from tests.support import BERLIN, berlin, make_nova, make_offline_llm
from tests.timeline.conftest import FIGURE, USER

NOW = berlin(2026, 11, 30, 9, 30)  # a Monday
WEEK = range_window(berlin(2026, 11, 30, 0), berlin(2026, 12, 6, 23, 59))
LAST = berlin(2026, 12, 6, 22)  # the 26th of the week, the last in time order
HEADER_26 = "Deine Termine von Montag, 30.11.2026 bis Sonntag, 06.12.2026 — 26 insgesamt, hier die ersten 25:"
MORE_ONE = "… und 1 weiterer Termin in diesem Zeitraum — nenn mir einen Tag, dann lese ich dir alle vor."


def _week_of_26(repo: TimelineRepository, user: str = USER) -> list[tuple[object, str]]:
    """A daily series at 07:00 (7 occurrences this week), 18 one-offs and „Spätfilm“ on Sunday at 22:00: 26 in the
    week. Returns (moment, title) of all 26 in time order."""
    laufen = NewRow.for_type("termin", title="Laufen", event_time=berlin(2026, 11, 30, 7), precision="minute",
                             rrule="FREQ=DAILY")
    repo.insert(user, FIGURE, laufen, NOW, BERLIN)
    found = [(berlin(2026, 11, 30, 7) + timedelta(days=day), "Laufen") for day in range(7)]
    rows = []
    for i in range(18):
        moment = berlin(2026, 11, 30, 10 + i // 6) + timedelta(days=i % 6)
        title = f"Besprechung {chr(ord('A') + i)}"
        rows.append(NewRow.for_type("termin", title=title, event_time=moment, precision="minute"))
        found.append((moment, title))
    rows.append(NewRow.for_type("termin", title="Spätfilm", event_time=LAST, precision="minute"))
    found.append((LAST, "Spätfilm"))
    repo.insert_many(user, FIGURE, rows, NOW)
    return sorted(found)


def _titles(lines: list[str]) -> list[str]:
    return [line.split(": ", 1)[1].rsplit(" (", 1)[0] for line in lines]


@pytest.fixture
def nova_without_router(db, redis, tmp_path, monkeypatch):
    """A Nova whose router sends nothing to a service: the composer answers from the `[TERMINE]` block alone."""
    monkeypatch.setattr("novaberg.graph.router.decided_by_hints", lambda *args: "")
    monkeypatch.setattr("novaberg.graph.router.decided_by_intents", lambda *args: None)  # nor the intents
    llm = ScriptedLLM({"router": {"domain": "keine", "management_action": "keine"}}, fallback=make_offline_llm())
    return make_nova(db, redis, llm, tmp_path)


# --- the agent's answer, through Nova.turn ------------------------------------------------------------------------

def test_cap_26_in_a_week_the_answer_lists_25_in_time_order_and_says_1_weiterer(nova, db):
    """The lead's cap: 26 appointments in the week (a series and one-offs merged) → 25 lines, then „… und 1
    weiterer Termin …“; the 26th — the last in time order — is not listed."""
    expected = _week_of_26(TimelineRepository(db))
    result = nova.turn(USER, FIGURE, "Was steht diese Woche an?", NOW)
    service = result.services[-1]
    assert service["status"] == "abgeschlossen", result.answer
    lines = service["answer"].splitlines()
    assert lines[0] == HEADER_26
    assert lines[-1] == MORE_ONE
    listed = lines[1:-1]
    assert len(listed) == LIST_MAX == 25
    assert _titles(listed) == [title for _, title in expected[:25]]
    assert "Spätfilm" not in service["answer"]
    assert service["data"]["termine"] == listed
    # the offline composer's cap leaves a read at the list cap whole: all 25 and the rest line reach her
    assert result.answer.splitlines() == lines


def test_cap_the_rest_is_counted_exactly(repo, db):
    """The count comes from the read, never guessed: 26 → 1 weiterer, 28 → 3 weitere."""
    _week_of_26(repo)
    reading = read_appointments(repo, USER, FIGURE, WEEK, NOW, BERLIN, cap=list_cap(WEEK, BERLIN))
    assert (len(reading.appointments), reading.more) == (25, 1)
    repo.insert_many(USER, FIGURE, [NewRow.for_type("termin", title=f"Nachtrag {i}", event_time=berlin(2026, 12, 2, 20, i),
                                                    precision="minute") for i in range(2)], NOW)
    reading = read_appointments(repo, USER, FIGURE, WEEK, NOW, BERLIN, cap=list_cap(WEEK, BERLIN))
    assert (len(reading.appointments), reading.more) == (25, 3)
    assert reading.log["weitere"] == 3 and reading.log["gelesen"] == 28


def test_cap_a_forward_read_counts_only_what_is_still_coming(repo):
    """*noch*: the past occurrences of the series (Monday 07:00 lies before 09:30) and past one-offs are neither
    listed nor counted."""
    _week_of_26(repo)
    forward = range_window(WEEK.start, WEEK.end, direction="forward")
    reading = read_appointments(repo, USER, FIGURE, forward, NOW, BERLIN, cap=LIST_MAX)
    assert len(reading.appointments) + reading.more == 25  # 26 less Monday's Laufen at 07:00
    assert all(a.start >= NOW for a in reading.appointments)
    assert [a.start for a in reading.appointments] == sorted(a.start for a in reading.appointments)


def test_a_day_with_30_lists_all_30(nova, db):
    """A day is what the person narrows to: 30 appointments on one day are all listed, no rest line."""
    repo = TimelineRepository(db)
    repo.insert_many(USER, FIGURE, [NewRow.for_type("termin", title=f"Gespräch {i:02d}",
                                                    event_time=berlin(2026, 12, 2, 8, 0) + timedelta(minutes=15 * i),
                                                    precision="minute") for i in range(30)], NOW)
    result = nova.turn(USER, FIGURE, "Was steht am Mittwoch an?", NOW)
    answer = result.services[-1]["answer"]
    lines = answer.splitlines()
    assert lines[0] == "Deine Termine von Mittwoch, 02.12.2026 bis Mittwoch, 02.12.2026:"
    assert _titles(lines[1:]) == [f"Gespräch {i:02d}" for i in range(30)]
    assert "weitere" not in answer and "insgesamt" not in answer


def test_list_cap_by_window():
    day = range_window(berlin(2026, 12, 2, 0), berlin(2026, 12, 2, 23, 59))
    assert list_cap(day, BERLIN) is None
    assert list_cap(WEEK, BERLIN) == LIST_MAX
    assert list_cap(proactive_window(NOW, BERLIN), BERLIN) == LIST_MAX
    assert list_cap(search_window("Laufen", "both", 5), BERLIN) is None


# --- the [TERMINE] block ---------------------------------------------------------------------------------------

def test_termine_block_carries_25_lines_and_the_true_rest(repo):
    """The block tells the model that the rest exists and how many: never that there is nothing more."""
    expected = _week_of_26(repo)
    reading = read_appointments(repo, USER, FIGURE, WEEK, NOW, BERLIN, cap=list_cap(WEEK, BERLIN))
    lines = block_text(reading, NOW).splitlines()
    assert lines[:2] == ["[TERMINE]", "Gelesen: Zeitraum Montag, 30.11.2026 bis Sonntag, 06.12.2026."]
    assert _titles(lines[2:27]) == [title for _, title in expected[:25]]
    assert lines[27:] == ["… und 1 weiterer Termin in diesem Zeitraum, hier nicht einzeln aufgeführt, aber "
                          "eingetragen. Alle Termine eines Zeitraums stehen hier erst, wenn nach einem einzelnen Tag "
                          "gefragt wird."]


def test_termine_block_through_the_turn_says_the_rest(nova_without_router, db):
    """The turn reads *diese Woche* forward (§4a): Monday's 07:00 is past, so one more coming appointment makes 26."""
    repo = TimelineRepository(db)
    _week_of_26(repo)
    repo.insert(USER, FIGURE, NewRow.for_type("termin", title="Nachtrag", event_time=berlin(2026, 12, 3, 20),
                                              precision="minute"), NOW)
    result = nova_without_router.turn(USER, FIGURE, "Was steht diese Woche an?", NOW)
    assert result.services == []
    assert result.answer.splitlines()[-1].startswith("… und 1 weiterer Termin in diesem Zeitraum, hier nicht einzeln "
                                                     "aufgeführt, aber eingetragen.")
    assert len(result.answer.splitlines()) == 1 + 25 + 1  # the window line, 25 appointments, the rest
    assert "Spätfilm" not in result.answer


def test_events_of_others_are_capped_and_counted_on_their_own(repo):
    rows = [NewRow.for_type(OCCURRENCE_TYPE, title=f"Umzug {i}", event_time=berlin(2026, 12, 1, 0) + timedelta(hours=i),
                            precision="minute", details="Lena") for i in range(27)]
    repo.insert_many(USER, FIGURE, rows, NOW)
    reading = read_appointments(repo, USER, FIGURE, WEEK, NOW, BERLIN, cap=LIST_MAX)
    assert (reading.appointments, len(reading.events), reading.more_events) == ((), 25, 2)
    assert block_text(reading, NOW).splitlines()[-1] == ("… und 2 weitere Ereignisse im Umfeld in diesem Zeitraum, "
                                                         "hier nicht einzeln aufgeführt.")


# --- the tribunal's inventory check reads its own way ------------------------------------------------------------

def test_the_inventory_check_covers_the_26th_beyond_the_cap(repo):
    """A claim about the appointment the cap left out is still covered: the inventory check asks the minute."""
    _week_of_26(repo)
    listed = read_appointments(repo, USER, FIGURE, WEEK, NOW, BERLIN, cap=LIST_MAX).appointments
    assert LAST not in [a.start for a in listed]
    source = InventorySource((LAST,), lambda moment: repo.find_at_moment(USER, FIGURE, moment, BERLIN), BERLIN, (),
                             lambda: [])
    verdict = computed_verdict("Der Spätfilm am Sonntag um 22 Uhr ist eingetragen.", [], NOW.date(), source)
    assert verdict.log_payload()["bestandsabgleich"] == INVENTORY_FOUND
    assert verdict.verdict == "ok"


# --- two persons ------------------------------------------------------------------------------------------------

def test_two_persons_the_count_never_includes_another_persons_rows(nova, db):
    """u2 has 40 appointments in the same week; u1's answer and count hold u1's 26 only, and the other way round."""
    repo = TimelineRepository(db)
    _week_of_26(repo)
    repo.insert_many("u2", FIGURE, [NewRow.for_type("termin", title=f"Fremdtermin {i}",
                                                    event_time=berlin(2026, 12, 1, 8) + timedelta(hours=i),
                                                    precision="minute") for i in range(40)], NOW)
    mine = nova.turn(USER, FIGURE, "Was steht diese Woche an?", NOW).services[-1]["answer"]
    assert mine.splitlines()[-1] == MORE_ONE and "Fremdtermin" not in mine
    theirs = nova.turn("u2", FIGURE, "Was steht diese Woche an?", NOW).services[-1]["answer"]
    assert theirs.splitlines()[-1] == ("… und 15 weitere Termine in diesem Zeitraum — nenn mir einen Tag, "
                                       "dann lese ich dir alle vor.")
    assert "40 insgesamt" in theirs.splitlines()[0]
    assert "Laufen" not in theirs and "Besprechung" not in theirs
    other_figure = read_appointments(repo, USER, "other", WEEK, NOW, BERLIN, cap=LIST_MAX)
    assert (other_figure.appointments, other_figure.more) == ((), 0)


def test_outline_a_cancelled_occurrence_is_neither_listed_nor_counted_and_the_end_time_shows(repo):
    """The capped reader reads an outline of the rows (moments as UTC wall times, exdates): a cancelled Wednesday
    is not there, and a series' end time stands in each line."""
    laufen = NewRow.for_type("termin", title="Laufen", event_time=berlin(2026, 11, 30, 7), precision="minute",
                             rrule="FREQ=DAILY", event_ende=berlin(2026, 11, 30, 8))
    row_id = repo.insert(USER, FIGURE, laufen, NOW, BERLIN)
    assert repo.cancel_occurrence(USER, FIGURE, row_id, berlin(2026, 12, 2, 7), now=NOW, zone=BERLIN)
    reading = read_appointments(repo, USER, FIGURE, WEEK, NOW, BERLIN, cap=LIST_MAX)
    assert [a.start.day for a in reading.appointments] == [30, 1, 3, 4, 5, 6]
    assert reading.more == 0 and reading.log["gelesen"] == 6
    lines = block_text(reading, NOW).splitlines()
    assert lines[2] == "- Montag, 30.11.2026, 07:00–08:00 Uhr: Laufen (heute, schon vorbei)"
    assert all(a.start.tzinfo == BERLIN and a.end == a.start + timedelta(hours=1) for a in reading.appointments)


def test_cap_the_period_clarification_names_25_and_counts_the_rest(nova, db):
    """§4.5 with the cap: „Lösch meinen Termin diese Woche“ (no title) asks which is meant; with 26 in the week the
    clarification names the first 25 and counts the rest („… und 1 weiterer Termin.“) instead of numbering every
    appointment of the period — and, as §4.5 says, nothing is deleted."""
    repo = TimelineRepository(db)
    _week_of_26(repo)
    before = len(repo.find_by_date_range(USER, FIGURE, berlin(2026, 11, 30, 0), berlin(2026, 12, 6, 23, 59), BERLIN))
    result = nova.turn(USER, FIGURE, "Lösch meinen Termin diese Woche", NOW)
    service = result.services[-1]
    assert service["status"] == "rueckfrage", result.answer
    answer = service["answer"]
    assert "25. " in answer and "26. " not in answer
    assert "… und 1 weiterer Termin." in answer
    assert "Spätfilm" not in answer
    after = len(repo.find_by_date_range(USER, FIGURE, berlin(2026, 11, 30, 0), berlin(2026, 12, 6, 23, 59), BERLIN))
    assert after == before
