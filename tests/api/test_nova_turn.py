"""The facade's turn: stored raw in `turns`, traced in `pipeline_log`, honest offline."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from novaberg.api.nova import EmptyTurnError
from novaberg.graph.texts import OFFLINE_CAPABILITIES
from tests.support import berlin


def _count(db, sql, *args):
    with db.transaction() as conn:
        return conn.execute(sql, args).fetchone()["n"]


def test_turn_stores_raw_text_and_traces_every_node(nova, db):
    result = nova.turn("u1", "nova", "Hallo", berlin(2026, 11, 30, 10))
    assert result.verdict == "ok"
    assert result.services == []
    with db.transaction() as conn:
        row = conn.execute("SELECT * FROM turns WHERE turn_id = %s", (result.turn_id,)).fetchone()
        nodes = {r["node"] for r in conn.execute("SELECT node FROM pipeline_log WHERE turn_id = %s",
                                                  (result.turn_id,))}
        raw = conn.execute("SELECT payload FROM pipeline_log WHERE turn_id = %s AND kind = 'turn_roh'",
                           (result.turn_id,)).fetchone()
    assert row["text"] == "Hallo" and row["answer"] == result.answer and row["verdict"] == "ok"
    assert {"perceive", "route", "plan", "compose", "evaluate"} <= nodes
    assert raw["payload"]["text"] == "Hallo"


def test_offline_turn_no_agent_serves_says_honestly_what_works_offline(nova):
    result = nova.turn("u1", "nova", "Wie war dein Tag?", berlin(2026, 11, 30, 10))
    assert result.answer == OFFLINE_CAPABILITIES


@pytest.mark.parametrize("text", ["", "   ", "\n\t "])
def test_empty_turn_runs_no_graph_and_stores_nothing(nova, db, text):
    with pytest.raises(EmptyTurnError):
        nova.turn("u1", "nova", text, berlin(2026, 11, 30, 10))
    assert _count(db, "SELECT count(*) AS n FROM turns") == 0
    assert _count(db, "SELECT count(*) AS n FROM pipeline_log") == 0


def test_naive_now_is_refused(nova):
    from datetime import datetime

    with pytest.raises(ValueError, match="timezone-aware"):
        nova.turn("u1", "nova", "Hallo", datetime(2026, 11, 30, 10))


@pytest.mark.parametrize("year", [1, 1899, 2200, 9999])
def test_a_clock_outside_the_years_is_refused_and_nothing_stored(nova, db, year):
    """A `now` at year 1 or 9999 is no date (and would overflow the conversion to UTC)."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from novaberg.core.errors import InputError

    with pytest.raises(InputError, match="1900"):
        nova.turn("u1", "nova", "Hallo", datetime(year, 1, 1, 0, 30, tzinfo=ZoneInfo("Europe/Berlin")))
    assert _count(db, "SELECT count(*) AS n FROM turns") == 0


def test_history_is_per_pair(nova):
    now = berlin(2026, 11, 30, 10)
    nova.turn("u1", "nova", "Erster", now)
    nova.turn("u1", "anna", "Anderer", now)
    assert [t for t, _ in nova.log.recent_turns("u1", "nova", 5)] == ["Erster"]


def test_the_settings_zone_is_the_reading_zone_whatever_the_environment_says(db, redis, tmp_path, monkeypatch):
    """The zone is a setting read once at open and passed with the clock; the environment of the
    process (here Tokyo) is never read during a turn. *morgen um 10* is 10:00 in New York = 15:00 UTC."""
    from novaberg.api.nova import Nova
    from novaberg.core.settings import Settings
    from novaberg.embed.hashing import HashingEmbedder
    from novaberg.store.stack import Stack
    from tests.support import make_offline_llm

    monkeypatch.setenv("NOVABERG_TIMEZONE", "Asia/Tokyo")
    nova = Nova(Stack(db=db, redis=redis), make_offline_llm(), HashingEmbedder(),
                Settings(data_dir=tmp_path, timezone="America/New_York"))
    now = datetime(2026, 11, 30, 16, 0, tzinfo=UTC)  # 11:00 in New York, 01:00 on 1 Dec in Tokyo
    result = nova.turn("u1", "nova", "Trag mir morgen um 10 den Zahnarzt ein", now)
    assert result.services[0]["status"] == "abgeschlossen", result.answer
    (row,) = nova.timeline.list("u1", "nova")
    assert row["event_time"].astimezone(UTC) == datetime(2026, 12, 1, 15, 0, tzinfo=UTC)


@pytest.mark.parametrize(("user_id", "character_id", "text", "field"), [
    ("u\x00", "nova", "Hallo", "user_id"),
    ("u", "nova\ud800", "Hallo", "character_id"),
    ("u" * 3000, "nova", "Hallo", "user_id"),
    ("", "nova", "Hallo", "user_id"),
    ("u", "nova", "Hallo\x00", "text"),
    ("u", "nova", "Hallo \udc80", "text"),
    ("u", "nova", float("nan"), "text"),
    ("u", "nova", None, "text"),
    ("u", "nova", "x" * 20_001, "text"),
])
def test_the_facade_refuses_bad_input_and_stores_nothing(nova, db, user_id, character_id, text, field):
    """Nova.turn runs the edge validation first — InputError naming the field, no turn,
    no trace, no appointment."""
    from novaberg.core.errors import InputError

    with pytest.raises(InputError, match=field):
        nova.turn(user_id, character_id, text, berlin(2026, 11, 30, 10))
    assert _count(db, "SELECT count(*) AS n FROM turns") == 0
    assert _count(db, "SELECT count(*) AS n FROM pipeline_log") == 0


def test_an_id_of_200_characters_writes_an_appointment(nova):
    """What the edge accepts (ids up to 200 characters) the tables hold — no failure at insert."""
    figure = "f" * 200
    result = nova.turn("u" * 200, figure, "Trag mir morgen um 10 den Zahnarzt ein", berlin(2026, 11, 30, 10))
    assert result.services[0]["status"] == "abgeschlossen"
    assert [row["title"] for row in nova.timeline.list("u" * 200, figure)] == ["Zahnarzt"]


def test_the_turn_reads_its_history_in_the_transaction_that_stores_it(nova, monkeypatch):
    """The pair's last turns are read in the transaction that writes the raw turn (one transaction
    less per turn); the model still sees her own earlier turns with this figure — never another person's or
    another figure's, and not the turn itself."""
    from uuid import uuid4

    from novaberg.graph import turn as turn_module
    from novaberg.store.db import Database

    now = berlin(2026, 11, 30, 10)
    nova.turn("u1", "nova", "Erster", now)
    nova.turn("u2", "nova", "Fremder", now)
    nova.turn("u1", "anna", "Andere Figur", now)
    seen: list[list[tuple[str, str]]] = []
    compiled = turn_module.turn_graph()

    class Spy:
        def invoke(self, state, **kwargs):
            seen.append(list(state["history"]))
            return compiled.invoke(state, **kwargs)

    opened: list[int] = []
    original = Database.transaction

    def counted(self, *args, **kwargs):
        opened.append(1)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(turn_module, "turn_graph", lambda: Spy())
    nova.turn("u1", "nova", "Zweiter", now)
    monkeypatch.setattr(Database, "transaction", counted)
    before = len(opened)
    history = nova.log.start_turn(uuid4(), "u1", "nova", "Dritter", now, 5)
    assert len(opened) - before == 1
    assert [text for text, _ in seen[0]] == ["Erster"]
    assert [text for text, _ in history] == ["Erster", "Zweiter"]
    assert nova.log.start_turn(uuid4(), "u3", "nova", "Neu", now, 5) == []
