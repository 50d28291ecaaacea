"""The search node (timeline.md §2.2, §4, §4.1, §4.3, §4.4): every action goes through it."""

from __future__ import annotations

from novaberg.timeline.agent import const
from novaberg.timeline.types import ANCHOR_TYPE, MONTH_PRECISION, OCCURRENCE_TYPE
from tests.support import berlin
from tests.timeline.agent.conftest import NOW, snapshot, steps_of
from tests.timeline.conftest import FIGURE, USER


def test_section2_2_a_read_ends_in_search(agent, add):
    add("Zahnarzt", berlin(2026, 12, 1, 10))
    result = agent.run("Was steht diese Woche an?")
    assert result.status == "abgeschlossen"
    assert [s["schritt"] for s in result.steps] == [const.NODE_VALIDATE, const.NODE_CLASSIFY, const.NODE_SEARCH]
    assert result.answer == ("Deine Termine von Montag, 30.11.2026 bis Sonntag, 06.12.2026:\n"
                             "- Dienstag, 01.12.2026, 10:00 Uhr: Zahnarzt (morgen)")
    assert "timeline_id" not in result.data


def test_section4_2_a_named_period_is_a_window_over_the_whole_period(agent, add):
    add("Weihnachtsfeier", berlin(2026, 12, 18, 19))
    add("Silvester", berlin(2026, 12, 31, 20))
    add("Neujahr", berlin(2027, 1, 1, 12))
    result = agent.run("Habe ich im Dezember Termine?")
    assert "Weihnachtsfeier" in result.answer and "Silvester" in result.answer and "Neujahr" not in result.answer


def test_section4_3_overview_reads_the_proactive_window(agent, add):
    add("Alt", berlin(2026, 11, 26, 10))  # −4 days: outside
    add("Vorbei", berlin(2026, 11, 27, 10))  # −3 days: inside
    add("Bald", berlin(2026, 12, 14, 10))  # +14 days: inside
    add("Später", berlin(2026, 12, 15, 10))  # +15 days: outside
    answer = agent.run("Was steht an?").answer
    assert "Vorbei" in answer and "Bald" in answer and "Alt" not in answer and "Später" not in answer


def test_section4_1_a_read_with_a_title_searches_it(agent, add):
    add("Zahnarzt", berlin(2026, 12, 1, 10))
    add("Friseur", berlin(2026, 12, 2, 10))
    answer = agent.run("Wann ist der Zahnarzt?").answer
    assert "Zahnarzt" in answer and "Friseur" not in answer


def test_section4_anchors_never_appear_in_the_agents_reading(agent, add):
    add("Zahnarzt", berlin(2026, 12, 1, 10))
    add("Wetter heiß", berlin(2026, 12, 1, 11), ANCHOR_TYPE)
    add("Zahnarzt Anker", berlin(2026, 12, 1, 12), ANCHOR_TYPE)
    for text in ("Was steht an?", "Habe ich morgen Termine?", "Wann ist der Zahnarzt?"):
        result = agent.run(text)
        assert "heiß" not in result.answer and "Anker" not in result.answer, text
        assert "Zahnarzt" in result.answer


def test_section4a_the_read_answer_marks_events_of_other_persons(agent, add):
    add("Umzug nach Kassel", berlin(2026, 12, 1), OCCURRENCE_TYPE, precision=MONTH_PRECISION, details="Lena")
    answer = agent.run("Was steht im Dezember an?").answer
    assert answer.splitlines() == ["Von Dienstag, 01.12.2026 bis Donnerstag, 31.12.2026 ist nichts eingetragen — "
                                   "gesucht habe ich alle deine Termine in diesem Zeitraum.",
                                   "Ereignisse im Umfeld, keine eigenen Termine:",
                                   "- Ereignis (Lena): Umzug nach Kassel — Dezember 2026 (nächsten Monat)"]


def test_section9_an_appointment_of_another_figure_is_invisible(agent, add, repo):
    add("Zahnarzt", berlin(2026, 12, 1, 10), figure="anna")
    assert "ist nichts eingetragen — gesucht habe ich" in agent.run("Was steht diese Woche an?").answer
    assert agent.run("Lösch den Zahnarzt").status == "fehler"
    assert agent.run("Verschieb den Zahnarzt auf Freitag").status == "fehler"
    assert repo.list(USER, "anna")[0]["aktiv"] is True
    # the twin: the figure's own agent sees it
    assert "Zahnarzt" in agent.run("Was steht diese Woche an?", figure="anna").answer


def test_bad_input_a_missing_pair_part_reads_and_writes_nothing(agent, add):
    add("Zahnarzt", berlin(2026, 12, 1, 10))
    for user, figure in (("u1", ""), ("u1", "  "), ("", "nova")):
        result = agent.run("Was steht diese Woche an?", user=user, figure=figure)
        assert result.status == "fehler" and "Zahnarzt" not in result.answer
        assert [s["schritt"] for s in result.steps] == [const.NODE_VALIDATE]  # nothing read, no model asked


# --- §4.4 duplicates ------------------------------------------------------------------------------------

def test_section4_4_same_day_and_a_shared_title_word_is_a_duplicate_that_writes_nothing(agent, add, repo):
    row_id = add("Zahnarzt Dr. Müller", berlin(2026, 12, 1, 8))
    before = snapshot(repo)
    result = agent.run("Trag mir morgen um 10 den Zahnarzt ein")
    assert result.status == "abgeschlossen"
    assert result.answer == ("„Zahnarzt Dr. Müller“ ist bereits eingetragen (Dienstag, 01.12.2026, 08:00 Uhr). "
                             "Ich habe nichts doppelt eingetragen.")
    assert snapshot(repo) == before and "timeline_id" not in result.data
    assert steps_of(result, const.NODE_SEARCH)[0] == {"schritt": "suchen", "ausgang": "duplikat", "termin_id": row_id}
    assert steps_of(result, const.NODE_EXECUTE) == []


def test_section4_4_another_day_or_no_shared_word_is_no_duplicate(agent, add, repo):
    add("Zahnarzt", berlin(2026, 12, 2, 10))
    add("Friseur", berlin(2026, 12, 1, 10))
    assert agent.run("Trag mir morgen um 10 den Zahnarzt ein").status == "abgeschlossen"
    assert repo.count(USER, FIGURE) == 3


def test_section4_4_an_anchor_or_an_event_is_never_a_duplicate(agent, add, repo):
    add("Zahnarzt", berlin(2026, 12, 1, 10), ANCHOR_TYPE)
    add("Zahnarzt", berlin(2026, 12, 1, 10), OCCURRENCE_TYPE, details="Lena")
    result = agent.run("Trag mir morgen um 10 den Zahnarzt ein")
    assert result.status == "abgeschlossen" and "Eingetragen" in result.answer
    assert repo.count(USER, FIGURE) == 3


# --- §4.1 smart disambiguation ----------------------------------------------------------------------------

def test_section4_1_several_hits_the_single_coming_one_wins_by_the_turns_clock(agent, add, repo):
    past = add("Zahnarzt", berlin(2026, 11, 20, 10))
    coming = add("Zahnarzt", berlin(2026, 12, 3, 10))
    result = agent.run("Lösch den Zahnarzt")
    assert result.status == "abgeschlossen"
    assert steps_of(result, const.NODE_SEARCH)[0]["ausgang"] == "einziger_kommender"
    assert repo.find_by_id(USER, FIGURE, coming)["aktiv"] is False
    assert repo.find_by_id(USER, FIGURE, past)["aktiv"] is True


def test_section4_1_the_turns_clock_decides_what_is_coming(agent, add, repo):
    """A clock a week later sees both as past: a selection, nothing deleted."""
    add("Zahnarzt", berlin(2026, 11, 20, 10))
    add("Zahnarzt", berlin(2026, 12, 3, 10))
    before = snapshot(repo)
    result = agent.run("Lösch den Zahnarzt", now=berlin(2026, 12, 10, 9))
    assert result.status == "rueckfrage" and snapshot(repo) == before


def test_read_failure_is_said_as_a_failure_never_as_keine(agent, monkeypatch):
    from novaberg.core.errors import DatabaseError
    from novaberg.timeline.repository import TimelineRepository

    def broken(*args, **kwargs):
        raise DatabaseError("down")

    monkeypatch.setattr(TimelineRepository, "find_window_outline", broken)
    result = agent.run("Was steht diese Woche an?")
    assert result.status == "fehler" and "keine" not in result.answer.lower()
    assert "nicht lesen" in result.answer


def test_now_is_the_turns_clock(agent, add):
    add("Zahnarzt", berlin(2027, 3, 2, 10))
    answer = agent.run("Was steht morgen an?", now=berlin(2027, 3, 1, 9)).answer
    assert "Zahnarzt (morgen)" in answer and NOW.year == 2026


def test_section4_1_a_long_past_of_the_same_title_never_hides_the_coming_one(agent, add, repo):
    """The coming rows are read first: twelve past "Zahnarzt" rows do not push the next one out of the limit."""
    for month in range(1, 13):
        add("Zahnarzt", berlin(2025, month, 3, 10))
    coming = add("Zahnarzt", berlin(2026, 12, 3, 10))
    read = agent.run("Wann ist der Zahnarzt?")
    assert read.answer.splitlines() == ["Deine Termine zu „Zahnarzt“ (die kommenden):",
                                        "- Donnerstag, 03.12.2026, 10:00 Uhr: Zahnarzt (in 3 Tagen)"]
    deleted = agent.run("Lösch den Zahnarzt")
    assert steps_of(deleted, const.NODE_SEARCH)[0]["ausgang"] == "einziger_kommender"
    assert repo.find_by_id(USER, FIGURE, coming)["aktiv"] is False
    assert repo.count(USER, FIGURE) == 12


def test_section4_1_with_nothing_coming_the_read_shows_the_latest_past(agent, add):
    add("Zahnarzt", berlin(2026, 6, 3, 10))
    add("Zahnarzt", berlin(2026, 9, 3, 10))
    lines = agent.run("Wann ist der Zahnarzt?").answer.splitlines()
    assert lines[0] == "Deine Termine zu „Zahnarzt“ (die vergangenen, die letzten zuerst):"
    assert lines[1].startswith("- Donnerstag, 03.09.2026, 10:00 Uhr: Zahnarzt (vergangen")


def test_section4_1_a_single_past_hit_is_acted_on(agent, add, repo):
    row_id = add("Zahnarzt", berlin(2026, 11, 20, 10))
    assert agent.run("Lösch den Zahnarzt").status == "abgeschlossen"
    assert repo.find_by_id(USER, FIGURE, row_id)["aktiv"] is False


def test_section5_5_a_month_row_is_named_by_its_month_never_a_made_up_day():
    """§4a/§5.5: precision `month` says the month; the first of the month is storage, not a date."""
    from novaberg.timeline.agent.search import when_label
    from tests.support import berlin

    assert when_label(berlin(2026, 12, 1, 0), "month") == "Dezember 2026, ohne Tag"
    assert when_label(berlin(2026, 12, 1, 0), "day") == "Dienstag, 01.12.2026, ohne Uhrzeit"
    assert when_label(berlin(2026, 12, 1, 10), "minute") == "Dienstag, 01.12.2026, 10:00 Uhr"
