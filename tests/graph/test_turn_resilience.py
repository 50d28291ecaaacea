"""An unreachable model never crashes the turn: a clear answer, nothing written."""

from __future__ import annotations

import pytest

from novaberg.core.errors import ModelUnreachableError
from tests.support import berlin, make_nova


class _Down:
    connector = "ollama"
    model = "m"

    def complete(self, task, prompt, data):
        raise ModelUnreachableError("model server at http://127.0.0.1:1 is unreachable")

    def describe(self):
        return {"reachable": False}


@pytest.mark.parametrize(("text", "node"), [
    ("Ich gehe morgen zum Friseur", "route"),  # the router asks the model and meets the down server
    # the hints route, the classifier meets it (a form no template reads: a template's reading needs no model)
    ("Bitte morgen um 10 den Zahnarzt eintragen", "plan"),
])
def test_unreachable_model_gives_a_clear_answer(db, redis, tmp_path, text, node):
    nova = make_nova(db, redis, _Down(), tmp_path)
    result = nova.turn("u1", "nova", text, berlin(2026, 11, 30, 9))
    assert "nicht" in result.answer and "antwortet nicht" in result.answer
    assert "nichts eingetragen" in result.answer
    assert "127.0.0.1" not in result.answer and "http" not in result.answer  # no internal URL
    with db.transaction() as conn:
        rows = conn.execute("SELECT kind, payload FROM pipeline_log WHERE node LIKE %s", (node,)).fetchall()
    assert any("unreachable" in str(r["payload"]) for r in rows)  # the detail is kept for the operator


def test_pipeline_log_retention_keeps_raw_turns(nova, db):
    old = berlin(2025, 1, 1, 10)
    nova.turn("u1", "nova", "Hallo", old)
    removed = nova.log.prune(berlin(2026, 11, 30, 10))
    assert removed > 0
    with db.transaction() as conn:
        kinds = {r["kind"] for r in conn.execute("SELECT kind FROM pipeline_log")}
        turns = conn.execute("SELECT count(*) AS n FROM turns").fetchone()["n"]
    assert kinds == {"turn_roh"} and turns == 1


def test_background_log_retention(nova, db):
    """Log pruning: background reports older than the retention go, younger ones stay."""
    nova.log.background("dateien_index", "ok", {"neu": 1}, berlin(2025, 1, 1, 3))
    nova.log.background("dateien_index", "ok", {"neu": 2}, berlin(2026, 11, 1, 3))
    assert nova.log.prune_background(berlin(2026, 11, 30, 10)) == 1
    with db.transaction() as conn:
        left = [r["payload"]["neu"] for r in conn.execute("SELECT payload FROM hintergrund_log")]
    assert left == [2]


def test_background_log_rows_are_written(nova, db):
    """`hintergrund_log`: task, status, payload, time — the heartbeat's writer."""
    nova.log.background("synapsen_promotion", "gestartet", {"paare": 0}, berlin(2026, 11, 30, 3))
    with db.transaction() as conn:
        row = conn.execute("SELECT task, status, payload, created_at FROM hintergrund_log").fetchone()
    assert (row["task"], row["status"], row["payload"]) == ("synapsen_promotion", "gestartet", {"paare": 0})
    assert row["created_at"] == berlin(2026, 11, 30, 3)
