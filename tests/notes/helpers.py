"""Helpers for the notes tests: run the service once, with the offline or a scripted model."""

from __future__ import annotations

import uuid
from typing import Any

from novaberg.agents.services import AgentRequest
from novaberg.notes.agent import SERVICE
from novaberg.notes.repository import NotesRepository
from tests.support import berlin, make_deps

NOW = berlin(2026, 11, 30, 9, 30)


def run(deps: Any, text: str, user: str = "u1", action: str = "agent", pending: dict | None = None,
        history: tuple = (), kontext: dict | None = None):
    request = AgentRequest(user_id=user, character_id="nova", text=text, now=NOW, turn_id=uuid.uuid4(),
                           action=action, pending=pending, history=tuple(history), kontext=kontext or {})
    return SERVICE.run(request, deps)


def deps_with(db: Any, redis: Any, llm: Any) -> Any:
    return make_deps(db, redis, llm)


def notes(db: Any, user: str = "u1") -> list[dict]:
    return NotesRepository(db).list(user)


def all_rows(db: Any) -> list[dict]:
    with db.transaction() as conn:
        return conn.execute("SELECT * FROM notizen ORDER BY id").fetchall()
