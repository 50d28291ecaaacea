"""Nova keeps every turn's statement short (5 s, enforced by the server and the client); a long job
asks for its own limit, or it would fail forever: a prune over a year of traces, `memory reembed` with a
model that embeds between the statements of its one transaction."""

from __future__ import annotations

from datetime import timedelta

from novaberg.core.logs import PRUNE_SECONDS, PipelineLog
from novaberg.store.db import LONG_SECONDS, STATEMENT_SECONDS
from tests.support import berlin


def _limits(conn) -> tuple[str, str]:
    return (conn.execute("SHOW statement_timeout").fetchone()["statement_timeout"],
            conn.execute("SHOW idle_in_transaction_session_timeout").fetchone()["idle_in_transaction_session_timeout"])


def test_a_turns_transaction_keeps_the_short_limits(db):
    with db.transaction() as conn:
        assert _limits(conn) == (f"{int(STATEMENT_SECONDS)}s", "30s")


def test_a_long_job_gets_its_own_statement_and_idle_limits_for_its_transaction_only(db):
    with db.transaction(seconds=LONG_SECONDS) as conn:
        assert _limits(conn) == ("10min", "10min")
    with db.transaction() as conn:  # SET LOCAL: the pooled connection is back to the turn's limits
        assert _limits(conn) == (f"{int(STATEMENT_SECONDS)}s", "30s")


def test_the_prune_asks_for_the_long_limit(db, monkeypatch):
    seen: list[float | None] = []
    original = type(db).transaction

    def recording(self, seconds=None):
        seen.append(seconds)
        return original(self, seconds)

    monkeypatch.setattr(type(db), "transaction", recording)
    log = PipelineLog(db)
    now = berlin(2026, 12, 1, 10)
    log.prune(now + timedelta(days=400))
    log.prune_background(now + timedelta(days=400))
    assert seen == [PRUNE_SECONDS, PRUNE_SECONDS] and PRUNE_SECONDS > STATEMENT_SECONDS
