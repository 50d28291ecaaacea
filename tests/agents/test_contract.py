"""The agent contract: the typed `verified` of a step and a result, and the one confirm step."""

from __future__ import annotations

import json

import pytest

from novaberg.agents.confirm import confirmed_status
from novaberg.agents.services import ServiceResult, Step, step_verified, wrote_verifiably


def test_a_step_keeps_the_spec_key_in_its_json():
    step = Step("verifikation", verified=True, writes=True, details={"notiz_id": 4})
    assert step.as_dict() == {"schritt": "verifikation", "notiz_id": 4, "verifiziert": True}
    assert Step("suchen").as_dict() == {"schritt": "suchen"}  # a read carries no `verifiziert`
    assert Step.read(step.as_dict()) == step


@pytest.mark.parametrize("raw, verified", [
    ({"verifiziert": True}, True), ({"verifiziert": False}, False), ({"verifiziert": "true"}, False),
    ({"verifiziert": 1}, False), ({}, False), ("verifiziert", False), (None, False)])
def test_only_a_true_read_back_verifies(raw, verified):
    assert step_verified(raw) is verified


def test_a_result_is_verified_by_one_verified_write_and_its_json_is_unchanged():
    result = ServiceResult("notizen", "abgeschlossen", "Angelegt.",
                           [{"schritt": "anlegen"}, Step("verifikation", verified=True, writes=True)])
    assert result.verified is True
    assert json.loads(json.dumps(result.as_dict()))["steps"] == [
        {"schritt": "anlegen"}, {"schritt": "verifikation", "verifiziert": True}]
    assert ServiceResult("notizen", "abgeschlossen", "", [{"schritt": "liste"}]).verified is False
    assert wrote_verifiably("verifiziert") is False


@pytest.mark.parametrize("status, wrote, verified, final", [
    (None, True, False, "fehler"), (None, True, True, "abgeschlossen"), (None, False, False, "abgeschlossen"),
    ("abgeschlossen", True, False, "fehler"), ("rueckfrage", True, False, "rueckfrage"),
    ("rejected", False, False, "rejected"), ("fehler", True, True, "fehler"), ("dismissed", True, True, "dismissed")])
def test_the_one_confirm_step(status, wrote, verified, final):
    assert confirmed_status(status, wrote, verified) == final
