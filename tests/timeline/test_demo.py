"""The demo scene through the real turn at the demo's fixed clock."""

from __future__ import annotations

from novaberg.api.demo import DEMO_CHARACTER, DEMO_NOW, DEMO_USER
from novaberg.timeline.demo import DEMO_SCENES
from tests.support import berlin


def test_demo_shows_create_read_reschedule_with_question_rejected_and_delete(nova):
    answers = []
    statuses = []
    for _title, texts in DEMO_SCENES:
        for text in texts:
            result = nova.turn(DEMO_USER, DEMO_CHARACTER, text, DEMO_NOW)
            answers.append(result.answer)
            statuses.append([s["status"] for s in result.services])
    assert answers[0].startswith("Eingetragen: „Zahnarzt“")
    assert "bereits eingetragen" in answers[2]
    assert "- Dienstag, 01.12.2026, 10:00 Uhr: Zahnarzt (morgen)" in answers[3]
    assert "- Donnerstag, 03.12.2026, 19:00 Uhr: Elternabend (in 3 Tagen)" in answers[3]
    assert answers[4].startswith("Soll „Zahnarzt“ um 4 Uhr morgens (04:00) oder um 4 Uhr nachmittags (16:00)")
    assert answers[5].startswith("Verschoben:")
    assert statuses[6] == ["rejected"]
    assert statuses[7] == ["rueckfrage"] and statuses[8] == ["rueckfrage"]
    assert answers[9].startswith("Gelöscht: „Elternabend“")
    rows = nova.timeline.list(DEMO_USER, DEMO_CHARACTER)
    assert [(r["title"], r["event_time"]) for r in rows] == [("Zahnarzt", berlin(2026, 12, 1, 16))]
    assert "- Dienstag, 01.12.2026, 16:00 Uhr: Zahnarzt (morgen)" in answers[10]
