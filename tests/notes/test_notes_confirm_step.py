"""The notes' write paths count only through the shared confirm step (`agents.confirm`).
A create or an append whose read-back finds nothing or another row is reported unverified, ends `fehler`, and
does not cover the tribunal's storage claim (notizen.md §2 confirm, §6 "Verifikation")."""

from __future__ import annotations

from datetime import date

import pytest

from novaberg.notes.agent.confirm import confirm
from novaberg.notes.repository import NotesRepository
from novaberg.tribunal.evaluate import computed_verdict
from novaberg.tribunal.services import read_services
from tests.notes.helpers import NOW, all_rows, deps_with, run
from tests.support import make_offline_llm

CLAIM = "Alles klar, ich habe dir die Einkaufsliste angelegt."


def _not_covered(result) -> None:
    (outcome,) = read_services([result.as_dict()])
    assert not outcome.covers
    assert computed_verdict(CLAIM, [result.as_dict()], date(2026, 11, 30)).storage_result == "nicht_belegt"


@pytest.mark.parametrize("read_back", ["nothing", "another row"])
def test_a_create_whose_read_back_fails_is_fehler_and_covers_no_claim(db, redis, monkeypatch, read_back):
    real = NotesRepository.get
    other = (lambda self, note_id, user_id: None) if read_back == "nothing" else \
        (lambda self, note_id, user_id: {**real(self, note_id, user_id), "name": "Packliste"})
    monkeypatch.setattr(NotesRepository, "get", other)
    result = run(deps_with(db, redis, make_offline_llm()), "Erstelle eine Einkaufsliste: Milch")
    monkeypatch.undo()
    assert result.status == "fehler" and "ließ sich nicht bestätigen" in result.answer
    assert result.verified is False and {"schritt": "verifikation", "verifiziert": False} in result.steps
    assert {"schritt": "bestaetigen", "verifiziert": False} in result.steps
    _not_covered(result)
    assert all_rows(db) == []  # rolled back


@pytest.mark.parametrize("read_back", ["nothing", "another row"])
def test_an_append_whose_read_back_fails_is_fehler_and_covers_no_claim(db, redis, monkeypatch, read_back):
    repo = NotesRepository(db)
    note = repo.insert("u1", "Einkaufsliste", "einkauf", "Milch", [], NOW)
    real = NotesRepository.get
    other = (lambda self, note_id, user_id: None) if read_back == "nothing" else \
        (lambda self, note_id, user_id: {**real(self, note_id, user_id), "text": "Milch\nSahne"})
    monkeypatch.setattr(NotesRepository, "get", other)
    result = run(deps_with(db, redis, make_offline_llm()), "Setz Brot auf die Einkaufsliste")
    monkeypatch.undo()
    assert result.status == "fehler" and not result.verified
    _not_covered(result)
    assert repo.get(note["id"], "u1")["text"] == "Milch"


def test_the_twin_a_verified_create_is_abgeschlossen_and_covers_the_claim(db, redis):
    result = run(deps_with(db, redis, make_offline_llm()), "Erstelle eine Einkaufsliste: Milch")
    assert (result.status, result.verified) == ("abgeschlossen", True)
    assert computed_verdict(CLAIM, [result.as_dict()], date(2026, 11, 30)).storage_result == "gedeckt"


@pytest.mark.parametrize("state", [{"wrote": True, "verified": False}, {"wrote": True}, {"wrote": True, "verified": 1}])
def test_the_confirm_node_never_trusts_an_unverified_write(state):
    assert confirm({**state, "target": "Einkaufsliste"})["status"] == "fehler"


def test_a_question_or_failure_stays_and_a_read_completes():
    assert confirm({"status": "rueckfrage", "wrote": True}) == {}
    assert confirm({}) == {"status": "abgeschlossen"}
    assert confirm({"wrote": True, "verified": True}) == {"status": "abgeschlossen"}
