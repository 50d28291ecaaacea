"""Reschedule exactly per the §5.2 table (timeline.md §5.2, §6.2): two independent checks, or a question.

The model's answer is scripted like a model would give it (target and the literal time expression), so
each row pins the decision of `_update` — reading and positive form of the raw text — not the
offline phrasing rules. The old appointment: Zahnarzt, Tuesday 01.12.2026 10:00; now Monday 09:30.
"""

from __future__ import annotations

import re
from datetime import datetime

import pytest

from novaberg.core.errors import DatabaseError
from novaberg.timeline.agent import const
from tests.support import berlin
from tests.timeline.agent.conftest import snapshot, steps_of
from tests.timeline.conftest import FIGURE, USER

OLD = berlin(2026, 12, 1, 10)
PREFIX = "Verschieb den Zahnarzt "


def _model(data):
    """What a model answers: the title, and the time as said (a leading *auf* dropped, §3)."""
    match = re.match(r"^Verschieb den (\S+) (.*)$", data["text"])
    assert match, data["text"]
    title, rest = match.groups()
    expression = rest[4:] if rest.startswith("auf ") else rest
    return {"action": "reschedule", "target": title, "zeitausdruck": expression, "event_type": "termin"}


@pytest.fixture
def move(scripted, add, repo):
    """move(rest, old=OLD, title='Zahnarzt') → (result, rows of the pair afterwards, snapshot before)."""

    def _move(rest: str, old: datetime = OLD, title: str = "Zahnarzt", timed: bool = True):
        runner = scripted(_model)
        add(title, old, timed=timed)
        before = snapshot(repo)
        result = runner.run(PREFIX.replace("Zahnarzt", title) + rest)
        return result, repo.list(USER, FIGURE), before

    return _move


def _written(result, rows, moment, precision="minute"):
    assert result.status == "abgeschlossen", result.answer
    assert steps_of(result, const.NODE_EXECUTE)[0]["ausgang"] == "verschoben"
    assert steps_of(result, const.NODE_EXECUTE)[0]["verifiziert"] is True
    assert [(r["event_time"], r["precision"]) for r in rows] == [(moment, precision)]


def _asked(result, rows, before, repo, reason=None):
    assert result.status == "rueckfrage", result.answer
    assert snapshot(repo) == before  # no `verschieben`
    assert "nichts eingetragen und nichts geändert" in result.answer or "stattfinden?" in result.answer
    if reason:
        assert steps_of(result, const.NODE_EXECUTE)[0]["ausgang"] == reason


# Row "nur eine Uhrzeit" — the day of the appointment stays, the hour carries its half of day.
@pytest.mark.parametrize("rest,hour,minute", [
    ("auf 15 Uhr", 15, 0), ("auf elf Uhr vormittags", 11, 0), ("auf 15.30", 15, 30), ("auf 4 Uhr nachmittags", 16, 0),
    ("auf 0 Uhr", 0, 0), ("auf 15 Uhr bitte", 15, 0),
])
def test_section5_2_row_only_a_clock_time_keeps_the_day(move, rest, hour, minute):
    result, rows, _ = move(rest)
    _written(result, rows, berlin(2026, 12, 1, hour, minute))


# Row "zwei Uhrzeiten in der Form von X auf Y" — Y, when Y carries its half of day.
@pytest.mark.parametrize("rest,hour,minute", [("von 10 Uhr auf 15:30", 15, 30), ("von 10 auf 15:30", 15, 30)])
def test_section5_2_row_von_x_auf_y_takes_y(move, rest, hour, minute):
    result, rows, _ = move(rest)
    _written(result, rows, berlin(2026, 12, 1, hour, minute))


def test_section5_2_row_von_x_auf_y_asks_when_y_has_no_half_of_day(move, repo):
    result, rows, before = move("von 10 auf 11:30")
    _asked(result, rows, before, repo, "tageshaelfte_offen")


# Row "zwei Uhrzeiten in jeder anderen Form" — the question.
@pytest.mark.parametrize("rest", ["zwischen 10 und 11 Uhr", "von 10 bis 12 Uhr", "auf 10 oder 11 Uhr",
                                  "auf 11, nicht auf 10 Uhr"])
def test_section5_2_row_two_times_in_another_form_ask(move, repo, rest):
    result, rows, before = move(rest)
    _asked(result, rows, before, repo)
    assert "nicht eindeutig" in result.answer


# Row "nur einen Tag" — the clock time stays; the own weekday means next week.
def test_section5_2_row_only_a_day_keeps_the_clock_time(move):
    result, rows, _ = move("auf Freitag")
    _written(result, rows, berlin(2026, 12, 4, 10))


def test_section5_2_row_only_a_day_its_own_weekday_means_next_week(move):
    result, rows, _ = move("auf Dienstag")
    _written(result, rows, berlin(2026, 12, 8, 10))


def test_section5_2_row_only_a_day_keeps_a_day_without_clock_time(move):
    result, rows, _ = move("auf Freitag", old=berlin(2026, 12, 1), timed=False)
    _written(result, rows, berlin(2026, 12, 4, 0), "day")


# Row "einen Tag und eine Uhrzeit" — the named day, the clock time from the reading.
@pytest.mark.parametrize("rest,moment", [
    ("auf Freitag um 16 Uhr", berlin(2026, 12, 4, 16)),
    ("auf Freitag von 10 auf 15 Uhr", berlin(2026, 12, 4, 15)),
    ("auf den 20. um 15 Uhr", berlin(2026, 12, 20, 15)),
    ("auf Freitag um 4 Uhr nachmittags", berlin(2026, 12, 4, 16)),
    ("auf übermorgen um 15 Uhr", berlin(2026, 12, 2, 15)),
])
def test_section5_2_row_a_day_and_a_clock_time(move, rest, moment):
    result, rows, _ = move(rest)
    _written(result, rows, moment)


# Row "eine neue Stunde von 1 bis 12 ohne Tageszeit" — the half-of-day question, independent of the old time.
@pytest.mark.parametrize("rest,question", [
    ("auf 4 Uhr", "Soll „Zahnarzt“ um 4 Uhr morgens (04:00) oder um 4 Uhr nachmittags (16:00) stattfinden?"),
    ("auf 4:30", "Soll „Zahnarzt“ um 4:30 Uhr morgens (04:30) oder um 4:30 Uhr nachmittags (16:30) stattfinden?"),
    ("auf 12 Uhr", "Soll „Zahnarzt“ um 12 Uhr mittags (12:00) oder um 12 Uhr nachts (00:00) stattfinden?"),
    ("auf Freitag um 11", "Soll „Zahnarzt“ um 11 Uhr vormittags (11:00) oder um 11 Uhr abends (23:00) stattfinden?"),
])
@pytest.mark.parametrize("old", [berlin(2026, 12, 1, 10), berlin(2026, 12, 1, 17)])
def test_section5_2_row_an_hour_1_to_12_without_daypart_asks_for_the_half_of_day(move, repo, rest, question, old):
    result, rows, before = move(rest, old=old)
    _asked(result, rows, before, repo, "tageshaelfte_offen")
    assert result.answer == question
    assert result.pending["reason"] == "tageshaelfte_offen"


def test_section5_2_half_of_day_also_when_only_the_models_expression_drops_the_daypart(scripted, add, repo):
    """§5.2: the question comes also when only the model's time expression leaves out the daypart."""
    runner = scripted({"action": "reschedule", "target": "Zahnarzt", "zeitausdruck": "4 Uhr"})
    add("Zahnarzt", OLD)
    result = runner.run("Verschieb den Zahnarzt auf 4 Uhr nachmittags")
    assert result.status == "abgeschlossen" or result.pending["reason"] == "tageshaelfte_offen"
    if result.status == "abgeschlossen":  # reading and form of both texts agree on 16:00
        assert repo.list(USER, FIGURE)[0]["event_time"] == berlin(2026, 12, 1, 16)


# Row "eine Stunde mit einer Tageszeit als eigenem Wort an ihr".
@pytest.mark.parametrize("rest,hour", [
    ("nachmittags um 4", 16), ("auf 4 Uhr nachmittags", 16), ("um 8 abends", 20), ("auf 6 Uhr früh", 6),
    ("auf 12 Uhr mittags", 12), ("auf 12 Uhr nachts", 0),
])
def test_section5_2_row_an_hour_with_its_daypart(move, rest, hour):
    result, rows, _ = move(rest)
    _written(result, rows, berlin(2026, 12, 1, hour))


@pytest.mark.parametrize("rest,reason", [("auf 1 Uhr mittags", "tageshaelfte_offen"),
                                         ("auf 3 Uhr nachts", "tageshaelfte_offen"),
                                         ("auf 16 Uhr morgens", "tageszeit_widerspricht")])
def test_section5_2_row_mittags_nachts_at_1_to_11_and_a_contradicting_daypart_ask(move, repo, rest, reason):
    result, rows, before = move(rest)
    _asked(result, rows, before, repo, reason)


def test_section5_2_row_a_daypart_only_in_the_title_does_not_count(move, repo):
    result, rows, before = move("auf 4 Uhr", title="Nachmittagskaffee")
    _asked(result, rows, before, repo, "tageshaelfte_offen")


# Row "ein anderer Tag als der des Termins, ohne dass eine Form einen Tag nennt": *morgens* is a daypart of
# the parser now, never the day *morgen* — the hour lands on the appointment's day, never the next.
@pytest.mark.parametrize("rest", ["auf 4 Uhr morgens", "auf morgens um 4"])
def test_section5_2_row_morgens_never_moves_to_the_next_day(move, rest):
    result, rows, _ = move(rest)
    _written(result, rows, berlin(2026, 12, 1, 4))


# Row "eine Zeit außerhalb der fünf Formen oder ein nicht zugelassenes Wort außerhalb der Form".
@pytest.mark.parametrize("rest", ["auf halb so spät", "auf 11h", "auf Fr. um 11 Uhr", "um 11 Uhr vorm.",
                                  "auf Freitag nachmittag", "auf nächste Woche um 11 Uhr", "auf fünf vor halb elf",
                                  "auf 11.", "auf in drei Tagen um 10 Uhr", "auf 15 Uhr beim Bäcker"])
def test_section5_2_row_outside_the_five_forms_asks(move, repo, rest):
    result, rows, before = move(rest)
    _asked(result, rows, before, repo)


# a spoken clock form passes both checks; an hour 1–12 without daypart still asks the half of day.
@pytest.mark.parametrize("rest,hour,minute", [("auf halb elf", 10, 30), ("auf viertel nach 11", 11, 15),
                                              ("auf zehn nach elf", 11, 10), ("auf dreiviertel neun", 8, 45)])
def test_spoken_clock_forms_ask_only_the_half_of_day(move, repo, rest, hour, minute):
    result, rows, before = move(rest)
    _asked(result, rows, before, repo, "tageshaelfte_offen")
    assert (result.pending["hour"], result.pending["minute"]) == (hour, minute)


@pytest.mark.parametrize("rest,hour,minute", [("auf halb drei nachmittags", 14, 30),
                                              ("auf Viertel vor acht abends", 19, 45),
                                              ("auf Viertel nach 14 Uhr", 14, 15)])
def test_spoken_clock_forms_with_their_half_of_day_move(move, rest, hour, minute):
    result, rows, _ = move(rest)
    _written(result, rows, berlin(2026, 12, 1, hour, minute))


# Row "weder Tag noch Uhrzeit, eine unmögliche Uhrzeit, ein Tag, der sich widerspricht".
@pytest.mark.parametrize("rest", ["auf irgendwann", "auf 27 Uhr", "auf morgen am Mittwoch", "bitte"])
def test_section5_2_row_no_day_no_time_impossible_or_contradicting_asks(move, repo, rest):
    result, rows, before = move(rest)
    _asked(result, rows, before, repo, "kein_datum")


# "Tag und Uhrzeit in Ortszeit": the old appointment is turned to local time before computing.
def test_section5_2_a_day_without_clock_time_is_its_local_day_not_the_utc_day(move):
    """00:00 Berlin is 23:00 UTC of the day before — 'auf 15 Uhr' stays on the local day."""
    result, rows, _ = move("auf 15 Uhr", old=berlin(2026, 12, 1), timed=False)
    _written(result, rows, berlin(2026, 12, 1, 15))


def test_section5_2_local_time_across_the_daylight_saving_change(move):
    """Old: Saturday 24.10.2026 10:00 CEST; 'auf Sonntag' is 25.10. 10:00 CET (a different UTC offset)."""
    result, rows, _ = move("auf Sonntag", old=berlin(2026, 10, 24, 10))
    _written(result, rows, berlin(2026, 10, 25, 10))
    assert rows[0]["event_time"].hour == 9  # 10:00 CET is 09:00 UTC


def test_section5_2_moving_to_the_same_moment_writes_nothing(move, repo):
    result, rows, before = move("auf 10 Uhr vormittags")
    assert result.status == "abgeschlossen" and "nichts geändert" in result.answer and snapshot(repo) == before


def test_section5_2_the_successor_carries_the_row_and_the_old_one_points_to_it(move, repo):
    result, rows, _ = move("auf Freitag um 16 Uhr")
    step = steps_of(result, const.NODE_EXECUTE)[0]
    old = repo.find_by_id(USER, FIGURE, step["alte_id"])
    assert old["aktiv"] is False and old["nachfolger_id"] == step["neuer_id"] == rows[0]["id"]
    assert result.data["timeline_id"] == step["neuer_id"]  # §10: the new row's id


# The transaction: a real failure in the middle leaves the old row active and says so.
def test_section5_2_a_failed_verschieben_leaves_the_old_row_active_and_reaches_the_answer(move, db, repo, scripted, add):
    with db.transaction() as conn:
        conn.execute("CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ "
                     "BEGIN IF NEW.aktiv = FALSE THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$")
        conn.execute("CREATE TRIGGER refuse BEFORE UPDATE ON timeline FOR EACH ROW EXECUTE FUNCTION refuse()")
    result, rows, before = move("auf Freitag um 16 Uhr")
    assert result.status == "fehler"
    assert "nichts eingetragen und nichts geändert" in result.answer
    assert snapshot(repo) == before and rows[0]["event_time"] == OLD and rows[0]["aktiv"]
    assert "timeline_id" not in result.data


def test_section7_4_a_write_that_does_not_read_back_is_fehler_not_abgeschlossen(move, monkeypatch, repo):
    from novaberg.timeline.repository import TimelineRepository

    real = TimelineRepository.find_by_id
    calls = {"n": 0}

    def lying(self, user_id, character_id, row_id):
        row = real(self, user_id, character_id, row_id)
        calls["n"] += 1
        if row is not None and calls["n"] > 1:
            row = {**row, "event_time": berlin(2030, 1, 1)}
        return row

    monkeypatch.setattr(TimelineRepository, "find_by_id", lying)
    result, _rows, _ = move("auf Freitag um 16 Uhr")
    assert result.status == "fehler" and "nicht bestätigen" in result.answer
    assert not any(s.get("verifiziert") for s in result.steps)


def test_a_database_failure_in_the_write_reaches_the_answer(move, monkeypatch):
    from novaberg.timeline.repository import TimelineRepository

    def broken(*args, **kwargs):
        raise DatabaseError("disk full")

    monkeypatch.setattr(TimelineRepository, "verschieben", broken)
    result, _rows, _ = move("auf Freitag um 16 Uhr")
    assert result.status == "fehler" and "nichts eingetragen und nichts geändert" in result.answer


# --- the answer to the half-of-day question ------------------------------------------------------------

@pytest.mark.parametrize("reply,hour", [("nachmittags", 16), ("morgens bitte", 4), ("16 Uhr", 16), ("um 16 Uhr", 16),
                                        ("4 Uhr nachmittags", 16), ("Verschieb den Zahnarzt auf 17 Uhr", 17)])
def test_section5_2_an_answer_to_the_half_of_day_question_is_checked_like_a_new_time(move, agent, repo, reply, hour):
    result, _rows, _ = move("auf 4 Uhr")
    agent.last = result
    answered = agent.answer(reply)
    assert answered.status == "abgeschlossen", answered.answer
    assert [r["event_time"] for r in repo.list(USER, FIGURE)] == [berlin(2026, 12, 1, hour)]
    assert answered.data["timeline_id"] == repo.list(USER, FIGURE)[0]["id"]


@pytest.mark.parametrize("reply", ["ja", "4 Uhr", "den zweiten", "lieber später", "4"])
def test_section5_2_an_unclear_answer_to_the_half_of_day_question_asks_again(move, agent, repo, reply):
    result, _rows, before = move("auf 4 Uhr")
    agent.last = result
    answered = agent.answer(reply)
    assert answered.status == "rueckfrage" and snapshot(repo) == before
    assert answered.pending["row"]["title"] == "Zahnarzt"


def test_section5_2_a_refusal_of_the_time_question_ends_it(move, agent, repo):
    result, _rows, before = move("auf 4 Uhr")
    agent.last = result
    assert agent.answer("Nein, lass es so").status == "dismissed"
    assert snapshot(repo) == before
