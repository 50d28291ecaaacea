"""A model that names the new detail of an update (the `details` field of the classification, timeline.md §7.1
*update*) gets it written like the offline reading; without the field an update without a time stays the honest
refusal (§5.2)."""

from __future__ import annotations

from tests.support import berlin
from tests.timeline.conftest import FIGURE, USER

UPDATE = {"action": "update", "target": "Zahnarzt", "zeitausdruck": "", "event_type": "termin",
          "normalisiert": "update: Termin „Zahnarzt“"}


def test_a_model_naming_the_detail_has_it_written(scripted, add, repo):
    add("Zahnarzt", berlin(2026, 12, 1, 10))
    result = scripted({**UPDATE, "details": "bei Dr. Müller"}).run("Der Zahnarzt ist jetzt bei Dr. Müller, ändere das")
    assert result.status == "abgeschlossen", result.answer
    assert [(r["title"], r["details"]) for r in repo.list(USER, FIGURE)] == [("Zahnarzt", "bei Dr. Müller")]


def test_a_model_naming_no_detail_and_no_time_writes_nothing(scripted, add, repo):
    add("Zahnarzt", berlin(2026, 12, 1, 10))
    before = repo.list(USER, FIGURE, active_only=False)
    result = scripted(UPDATE).run("Ändere den Zahnarzt")
    assert result.status == "fehler" and "nichts geändert" in result.answer
    assert repo.list(USER, FIGURE, active_only=False) == before
