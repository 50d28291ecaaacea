"""Issue 31 follow-up: a turn refused because its person is being erased gets its own German sentence — HTTP
409 (the servers answer; the request conflicts with the state of that person's data, so it is no outage) and
the same sentence from the CLI's `say` and `chat`; nothing is written, and another person is not held up."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from novaberg import cli
from novaberg.api import texts
from novaberg.api.app import create_app
from novaberg.api.auth import PersonTokens
from novaberg.core.clock import FixedClock
from novaberg.store.person_gate import PersonGate

NOW = datetime(2026, 3, 10, 9, 0, tzinfo=UTC)
runner = CliRunner()


def _turns_of(nova: Any, user: str) -> int:
    with nova.stack.db.transaction() as conn:
        return int(conn.execute("SELECT count(*) AS n FROM turns WHERE user_id = %s", (user,)).fetchone()["n"])


def test_a_turn_during_the_erasure_of_its_person_is_409_with_its_own_sentence(nova, tmp_path):
    tokens = PersonTokens(nova.stack.db)
    auth = {user: {"Authorization": f"Bearer {tokens.create(user, NOW)}"} for user in ("anna", "bob")}
    client = TestClient(create_app(nova, FixedClock(NOW), token="operator-token-erasing-0123456789",
                                   person_tokens=tokens), base_url="http://127.0.0.1:8765")

    def turn(user: str) -> Any:
        return client.post("/turn", json={"user_id": user, "character_id": "nova", "text": "Hallo"},
                           headers=auth[user])

    with PersonGate(nova.stack.redis).erasing("anna"):
        refused = turn("anna")
        other = turn("bob")
    assert (refused.status_code, refused.json()["detail"]) == (409, texts.ERR_PERSON_ERASING)
    assert texts.ERR_DATABASE != texts.ERR_PERSON_ERASING
    assert other.status_code == 200
    assert (_turns_of(nova, "anna"), _turns_of(nova, "bob")) == (0, 1)
    assert turn("anna").status_code == 200  # the erase over, the gate is open again


class _Kept:
    """The test's Nova for the CLI: the command's `close` leaves the session-scoped stack open."""

    def __init__(self, nova: Any) -> None:
        self._nova = nova

    def __getattr__(self, name: str) -> Any:
        return getattr(self._nova, name)

    def close(self) -> None:
        pass


def test_say_and_chat_say_the_same_sentence_during_the_erasure(nova, monkeypatch):
    monkeypatch.setattr(cli.base, "open_nova", lambda *args, **kwargs: _Kept(nova))
    with PersonGate(nova.stack.redis).erasing("anna"):
        said = runner.invoke(cli.app, ["say", "--user", "anna", "--character", "nova", "Hallo"])
        chatted = runner.invoke(cli.app, ["chat", "--user", "anna", "--character", "nova"], input="Hallo\n")
    assert said.exit_code == 2 and " ".join(said.output.split()).endswith(texts.ERR_PERSON_ERASING)
    assert chatted.exit_code == 0 and texts.ERR_PERSON_ERASING in " ".join(chatted.output.split())
    assert _turns_of(nova, "anna") == 0
