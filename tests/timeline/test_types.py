"""The type source (timeline.md §8, *Die Typquelle*)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from novaberg.timeline import types
from novaberg.timeline.types import (
    ANCHOR_TYPE,
    CLASSIFIABLE,
    EVENT_TYPES,
    NOT_APPOINTMENTS,
    OCCURRENCE_TYPE,
    EventType,
    check_type_source,
    event_type,
    is_marked,
    resubmission_at,
)
from tests.support import berlin


def test_section8_the_seven_types_exist_with_their_fields():
    assert set(EVENT_TYPES) == {"termin", "geburtstag", "deadline", "jahrestag", "erinnerung", ANCHOR_TYPE,
                                OCCURRENCE_TYPE}
    for kind in EVENT_TYPES.values():
        assert isinstance(kind.binding, bool) and isinstance(kind.remind, bool)
        assert isinstance(kind.conflict_check, bool) and isinstance(kind.is_appointment, bool)
        assert isinstance(kind.label, str) and isinstance(kind.prompt_line, str)


def test_section8_classifiable_are_the_five_in_prompt_order():
    assert CLASSIFIABLE == ("termin", "geburtstag", "deadline", "jahrestag", "erinnerung")


def test_section8_anchor_and_event_are_not_appointments_and_carry_no_flags():
    assert set(NOT_APPOINTMENTS) == {ANCHOR_TYPE, OCCURRENCE_TYPE}
    for name in NOT_APPOINTMENTS:
        kind = event_type(name)
        assert (kind.binding, kind.remind, kind.conflict_check) == (False, False, False)
        assert kind.prompt_line == ""


def test_section8_the_five_classifiable_types_remind():
    assert all(event_type(name).remind for name in CLASSIFIABLE)


def test_section8_unknown_type_is_loud(caplog):
    with pytest.raises(ValueError, match="unknown timeline event type"):
        event_type("urlaub")
    assert "urlaub" in caplog.text
    with pytest.raises(ValueError):
        event_type(None)  # type: ignore[arg-type]


def test_section4a_only_the_event_is_marked():
    assert is_marked(OCCURRENCE_TYPE) and event_type(OCCURRENCE_TYPE).label == "Ereignis"
    assert not any(is_marked(name) for name in EVENT_TYPES if name != OCCURRENCE_TYPE)


def test_section4a_a_marked_type_that_is_an_appointment_raises():
    bad = (EventType("x", False, False, False, True, "Markiert", ""),)
    with pytest.raises(RuntimeError, match="marked"):
        check_type_source(bad)


def test_section4a_is_marked_raises_when_the_source_contradicts_itself(monkeypatch):
    broken = dict(EVENT_TYPES)
    broken[OCCURRENCE_TYPE] = EventType(OCCURRENCE_TYPE, False, False, False, True, "Ereignis", "")
    monkeypatch.setattr(types, "EVENT_TYPES", broken)
    with pytest.raises(RuntimeError):
        is_marked(OCCURRENCE_TYPE)


def test_section8_resubmission_one_week_after_the_moment_or_none():
    moment = berlin(2026, 12, 1, 10)
    assert resubmission_at(True, moment) == moment + timedelta(days=7)
    assert resubmission_at(False, moment) is None
    assert resubmission_at(event_type(ANCHOR_TYPE).remind, moment) is None
