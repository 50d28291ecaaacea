"""The left-over gaps: the repetition words belong to the rule, not to the title —
„Trag jeden Tag um 10 Uhr Tabletten ein“ is „Tabletten“, daily at 10:00; „jeden ersten Montag“ without
„im Monat“ is monthly on the first Monday. Each through `Nova.turn`, two persons."""

from __future__ import annotations

import pytest

from tests.support import berlin
from tests.timeline.conftest import FIGURE, USER

NOW = berlin(2026, 11, 30, 9, 30)  # a Monday


@pytest.mark.parametrize(("text", "title", "rule", "first"), [
    ("Trag jeden Tag um 10 Uhr Tabletten ein", "Tabletten", "FREQ=DAILY", berlin(2026, 11, 30, 10)),
    ("Trag jeden ersten Montag um 19 Uhr Stammtisch ein", "Stammtisch", "FREQ=MONTHLY;BYDAY=1MO",
     berlin(2026, 12, 7, 19)),
    ("Trag jeden ersten Montag im Monat um 19 Uhr Stammtisch ein", "Stammtisch", "FREQ=MONTHLY;BYDAY=1MO",
     berlin(2026, 12, 7, 19)),
    ("Trag jeden zweiten Tag um 8 Uhr Gießen ein", "Gießen", "FREQ=DAILY;INTERVAL=2", berlin(2026, 12, 2, 8)),
    ("Trag jede Woche am Freitag um 17 Uhr Putzen ein", "Putzen", "FREQ=WEEKLY;BYDAY=FR", berlin(2026, 12, 4, 17)),
    ("Trag jeden Monat am 15. um 9 Uhr Miete ein", "Miete", "FREQ=MONTHLY;BYMONTHDAY=15", berlin(2026, 12, 15, 9)),
])
def test_the_repetition_words_go_to_the_rule_not_the_title(nova, text, title, rule, first):
    result = nova.turn(USER, FIGURE, text, NOW)
    assert result.services[-1]["status"] == "abgeschlossen", result.answer
    rows = nova.timeline.list(USER, FIGURE)
    assert [(r["title"], r["rrule"], r["event_time"]) for r in rows] == [(title, rule, first)]
    assert nova.timeline.list("ben", FIGURE) == []
