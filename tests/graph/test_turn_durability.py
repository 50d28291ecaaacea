"""What a turn writes for the person waits for its disk flush; only the turn's own log (the raw turn at its start,
the answer and trace rows at its end) commits without waiting (`core.logs`)."""

from __future__ import annotations

from typing import Any

import psycopg

from novaberg.store.db import Database
from tests.support import berlin, make_nova, make_offline_llm

NOW = berlin(2026, 11, 30, 9)  # Monday


def _flush_setting_at(monkeypatch: Any, starts: tuple[str, ...]) -> list[tuple[str, str]]:
    """(statement start, `synchronous_commit` in its transaction) for each statement sent that starts so."""
    seen: list[tuple[str, str]] = []
    original = psycopg.Cursor.execute

    def spy(self: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
        result = original(self, query, *args, **kwargs)
        said = " ".join(str(query).split())
        start = next((s for s in starts if said.startswith(s)), None)
        if start is not None:
            setting = self.connection.execute("SHOW synchronous_commit").fetchone()["synchronous_commit"]
            seen.append((start, setting))
        return result

    monkeypatch.setattr(psycopg.Cursor, "execute", spy)
    return seen


def test_an_appointment_written_in_a_turn_waits_for_its_flush_and_the_answer_does_not(db, redis, tmp_path,
                                                                                         monkeypatch):
    """The server is made to flush (`synchronous_commit = on`; the test server runs without): in a turn that
    writes an appointment, the appointment's transaction keeps the flush wait, the answer's does not. Two persons."""
    with db.transaction() as conn:
        conn.execute(f'ALTER DATABASE "{conn.info.dbname}" SET synchronous_commit = on')
    flushing = Database(db.url, max_size=2)  # connections opened after the change
    try:
        nova = make_nova(flushing, redis, make_offline_llm(), tmp_path)
        seen = _flush_setting_at(monkeypatch, ("INSERT INTO timeline", "UPDATE turns SET answer"))
        for user in ("anna", "ben"):
            seen.clear()
            result = nova.turn(user, "nova", f"Trag mir am 02.12. um 9 Uhr Zahnarzt {user} ein", NOW)
            assert result.answer.startswith("Eingetragen:"), result.answer
            assert seen == [("INSERT INTO timeline", "on"), ("UPDATE turns SET answer", "off")], (user, seen)
        assert [r["title"] for r in nova.timeline.list("anna", "nova")] == ["Zahnarzt anna"]
    finally:
        flushing.close()
