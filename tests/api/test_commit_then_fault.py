"""A write whose commit reached the server is never reported as failed: when the turn fails after a service
committed and read back its write — the Lage's write, the composer's database read, the answer's own write —
the turn answers with what stands (the service's own report, „Eingetragen: …") and why the rest is missing,
not with 503. A failure before any write still answers 503. Deterministic fault points, two persons."""

from __future__ import annotations

import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
from fastapi.testclient import TestClient

from novaberg.api import texts
from novaberg.api.app import create_app
from novaberg.api.auth import PersonTokens
from novaberg.api.turn_recovery import stood_services
from novaberg.core.clock import FixedClock
from novaberg.core.errors import DatabaseUnavailableError
from novaberg.core.logs import PipelineLog
from tests.support import berlin

TOKEN = "operator-token-commit-then-fault-0123456789"
BASE = "http://127.0.0.1:8765"
NOW = berlin(2026, 11, 30, 10)
ORDER = "Trag mir am 7. Januar um 9 Uhr Zahnarzt ein"


def _down(*_: object, **__: object) -> None:
    raise DatabaseUnavailableError("the database did not finish in time")


def _after_the_plan(monkeypatch, nova) -> None:
    monkeypatch.setattr("novaberg.graph.nodes.record_services", _down)  # the Lage's write, right after the services


def _in_the_composer(monkeypatch, nova) -> None:
    monkeypatch.setattr("novaberg.graph.nodes.read_directives", _down)  # a database read while composing


def _at_the_answers_write(monkeypatch, nova) -> None:
    original = PipelineLog.finish_turn

    def finish(self, turn_id, answer, verdict):
        if answer is not None:
            raise DatabaseUnavailableError("the database did not finish in time")
        return original(self, turn_id, answer, verdict)

    monkeypatch.setattr(PipelineLog, "finish_turn", finish)


FAULTS = {"after the plan": _after_the_plan, "in the composer": _in_the_composer,
          "at the answer's write": _at_the_answers_write}


@pytest.fixture
def world(nova, tmp_path):
    tokens = PersonTokens(nova.stack.db)
    app = create_app(nova, FixedClock(NOW), token=TOKEN, person_tokens=tokens)
    clients = {person: TestClient(app, base_url=BASE, raise_server_exceptions=False,
                                  headers={"Authorization": f"Bearer {tokens.create(person, NOW)}"})
               for person in ("anna", "bob")}
    return clients


def _turn(client: TestClient, person: str, text: str):
    return client.post("/turn", json={"user_id": person, "character_id": "nova", "text": text})


def _answer_row(nova, turn_id: str):
    with nova.stack.db.transaction() as conn:
        return conn.execute("SELECT answer, verdict FROM turns WHERE turn_id = %s", (turn_id,)).fetchone()


@pytest.mark.parametrize("fault", FAULTS.values(), ids=FAULTS.keys())
def test_a_committed_appointment_is_reported_as_entered_when_the_turn_fails_after_the_commit(world, nova, monkeypatch,
                                                                                             fault):
    with monkeypatch.context() as patch:
        fault(patch, nova)
        response = _turn(world["anna"], "anna", ORDER)
    assert response.status_code == 200, response.text
    body = response.json()
    assert "Eingetragen: „Zahnarzt“" in body["answer"], body
    rows = nova.timeline.list("anna", "nova")
    assert [row["title"] for row in rows] == ["Zahnarzt"]
    assert nova.timeline.list("bob", "nova") == []
    stored = _answer_row(nova, body["turn_id"])
    if fault is _at_the_answers_write:
        assert stored["answer"] is None  # the database took no answer; the person got it all the same
    else:
        assert texts.CUT_SHORT_DATABASE in body["answer"] and body["verdict"] == "warnung"
        assert stored["answer"] == body["answer"]
    again = _turn(world["anna"], "anna", ORDER)  # a retry finds it, writes no second row
    assert again.status_code == 200 and len(nova.timeline.list("anna", "nova")) == 1


def test_a_turn_that_fails_before_any_write_still_answers_503(world, nova, monkeypatch):
    with monkeypatch.context() as patch:
        _in_the_composer(patch, nova)
        response = _turn(world["anna"], "anna", "Was steht morgen an?")
    assert (response.status_code, response.json()) == (503, {"detail": texts.ERR_DATABASE})


def test_one_persons_cut_short_turn_leaves_the_others_turn_whole(world, nova, monkeypatch):
    with monkeypatch.context() as patch:
        _after_the_plan(patch, nova)
        cut = _turn(world["anna"], "anna", ORDER)
    whole = _turn(world["bob"], "bob", "Trag mir am 8. Januar um 10 Uhr Friseur ein")
    assert cut.status_code == whole.status_code == 200
    assert texts.CUT_SHORT_DATABASE in cut.json()["answer"]
    assert texts.CUT_SHORT_DATABASE not in whole.json()["answer"] and "Friseur" in whole.json()["answer"]
    assert [r["title"] for r in nova.timeline.list("bob", "nova")] == ["Friseur"]
    assert [r["title"] for r in nova.timeline.list("anna", "nova")] == ["Zahnarzt"]


def test_parallel_turns_of_one_person_cut_short_after_their_commits_each_report_their_own_write(world, nova,
                                                                                                 monkeypatch):
    orders = {f"Trag mir am {day}. Januar um 9 Uhr {title} ein": title
              for day, title in ((7, "Zahnarzt"), (8, "Friseur"), (9, "Steuerberater"), (12, "Optiker"))}
    with monkeypatch.context() as patch:
        _after_the_plan(patch, nova)
        with ThreadPoolExecutor(max_workers=4) as pool:
            answers = dict(zip(orders.values(), pool.map(lambda text: _turn(world["anna"], "anna", text), orders),
                               strict=True))
    for title, response in answers.items():
        assert response.status_code == 200, response.text
        assert f"Eingetragen: „{title}“" in response.json()["answer"]
        assert all(f"„{other}“" not in response.json()["answer"] for other in orders.values() if other != title)
    assert sorted(r["title"] for r in nova.timeline.list("anna", "nova")) == sorted(orders.values())


def test_only_a_completed_service_with_a_write_read_back_stands() -> None:
    """What the cut-short answer reports is each traced service that finished and has a step `verifiziert: True`
    — not a write that failed its read-back, a truthy stand-in for True, a read, or a service that failed."""
    def service(name: str, status: str, *steps: dict[str, object]) -> dict[str, object]:
        return {"name": name, "status": status, "answer": name, "steps": list(steps)}

    traced = [
        service("geschrieben", "abgeschlossen", {"schritt": "lesen"}, {"schritt": "eintragen", "verifiziert": True}),
        service("nicht_bestaetigt", "abgeschlossen", {"schritt": "eintragen", "verifiziert": False}),
        service("als_text", "abgeschlossen", {"schritt": "eintragen", "verifiziert": "true"}),
        service("nur_gelesen", "abgeschlossen", {"schritt": "lesen"}),
        service("gescheitert", "fehler", {"schritt": "eintragen", "verifiziert": True}),
        service("rueckfrage", "rueckfrage", {"schritt": "eintragen", "verifiziert": True}),
        "kein Dienst",
    ]

    class Log:
        def traced(self, turn_id: uuid.UUID, node: str, kind: str) -> list[object]:
            assert (node, kind) == ("plan", "dienst")
            return traced

    assert [s["name"] for s in stood_services(Log(), uuid.uuid4())] == ["geschrieben"]
