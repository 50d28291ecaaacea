"""The timeline's write path counts only through the shared confirm step (`agents.confirm`).
A create whose read-back finds nothing or another row is reported unverified, ends `fehler`, and does not cover
the tribunal's storage claim (timeline.md §7.4 `bestaetigen`; tribunal.md "Ein Lesevorgang deckt nicht")."""

from __future__ import annotations

from datetime import date

import pytest

from novaberg.timeline.agent import const
from novaberg.timeline.agent.confirm import confirm
from novaberg.timeline.repository import TimelineRepository
from novaberg.tribunal.evaluate import computed_verdict
from novaberg.tribunal.services import read_services
from tests.timeline.agent.conftest import steps_of
from tests.timeline.conftest import FIGURE, USER

CLAIM = "Alles klar, ich habe dir den Zahnarzt eingetragen."


def _other_row(real):
    def read_back(self, user_id, character_id, wanted):
        row = real(self, user_id, character_id, wanted)
        return {**row, "title": "Friseur"} if row else row
    return read_back


@pytest.mark.parametrize("read_back", ["nothing", "another row"])
def test_a_create_whose_read_back_fails_is_fehler_and_covers_no_claim(agent, repo, monkeypatch, read_back):
    real = TimelineRepository.find_by_id
    monkeypatch.setattr(TimelineRepository, "find_by_id",
                        (lambda self, *args: None) if read_back == "nothing" else _other_row(real))
    result = agent.run("Trag mir morgen um 10 den Zahnarzt ein")
    monkeypatch.undo()
    assert result.status == "fehler" and "nichts eingetragen" in result.answer
    assert result.verified is False
    assert [s.get("verifiziert") for s in steps_of(result, const.NODE_EXECUTE)] == [False]
    assert steps_of(result, const.NODE_CONFIRM) == [
        {"schritt": "bestaetigen", "status": "fehler", "fehler": "nicht_verifiziert"}]
    (outcome,) = read_services([result.as_dict()])
    assert not outcome.covers
    assert computed_verdict(CLAIM, [result.as_dict()], date(2026, 11, 30)).storage_result == "nicht_belegt"
    assert repo.list(USER, FIGURE, active_only=False) == []


def test_the_twin_a_verified_create_is_abgeschlossen_and_covers_the_claim(agent, repo):
    result = agent.run("Trag mir morgen um 10 den Zahnarzt ein")
    assert (result.status, result.verified) == ("abgeschlossen", True)
    assert computed_verdict(CLAIM, [result.as_dict()], date(2026, 11, 30)).storage_result == "gedeckt"


@pytest.mark.parametrize("execute_step", [
    {"schritt": const.NODE_EXECUTE, "ausgang": const.OUTCOME_CREATED, "termin_id": 7},  # no read-back at all
    {"schritt": const.NODE_EXECUTE, "ausgang": const.OUTCOME_CREATED, "termin_id": 7, "verifiziert": False},
    {"schritt": const.NODE_EXECUTE, "ausgang": const.OUTCOME_CREATED, "termin_id": 7, "verifiziert": "true"},
])
def test_the_confirm_node_never_trusts_an_unverified_write(execute_step):
    update = confirm({"steps": [execute_step], "answer": "Eingetragen."})
    assert update["status"] == "fehler"
    assert "answer" not in update  # the write node's own account stays
    assert confirm({"steps": [execute_step]})["answer"]  # without one, the confirm step says it


def test_a_status_already_set_stays():
    assert confirm({"status": "rueckfrage", "steps": []})["status"] == "rueckfrage"
    verified = {"schritt": const.NODE_EXECUTE, "ausgang": const.OUTCOME_CREATED, "verifiziert": True}
    assert confirm({"steps": [verified]})["status"] == "abgeschlossen"
