"""The log writers never fail on what a model or a person said."""

from __future__ import annotations

import json
import math
from datetime import datetime
from uuid import UUID, uuid4

import pytest

from novaberg.core.logs import PipelineLog, safe_json, safe_text
from tests.support import berlin

NOW = berlin(2026, 11, 30, 9, 30)


class _BrokenRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


def _strict(text: str) -> object:
    """Parse as PostgreSQL would: NaN/Infinity are no JSON."""
    def refuse(name: str) -> float:
        raise ValueError(f"not strict JSON: {name}")

    return json.loads(text, parse_constant=refuse)


def test_nan_and_infinity_become_text():
    """NaN/±Infinity in a payload are stored as the texts "NaN"/"Infinity"/"-Infinity", never as bare tokens."""
    stored = _strict(safe_json({"limit": math.nan, "a": [math.inf, -math.inf], "ok": 1.5}))
    assert stored == {"limit": "NaN", "a": ["Infinity", "-Infinity"], "ok": 1.5}


def test_nul_and_lone_surrogates_are_replaced():
    """PostgreSQL text and jsonb refuse NUL and lone surrogates: both become U+FFFD, in keys too."""
    stored = _strict(safe_json({"t": "a\x00b\ud800c", "x\x00": ["\udfff"]}))
    assert stored == {"t": "a\ufffdb\ufffdc", "x\ufffd": ["\ufffd"]}
    assert safe_text("Zahn\x00arzt") == "Zahn\ufffdarzt" and safe_text(None) is None


def test_values_json_has_no_type_for_become_text():
    """Datetimes and UUIDs as their text, other objects as their repr; a broken repr, a cycle and
    non-text keys never fail."""
    cyclic: dict[str, object] = {}
    cyclic["self"] = cyclic
    payload = {"at": datetime(2026, 1, 1, 9), "id": UUID(int=1), "obj": _BrokenRepr(), "set": {1}, "tuple": (1, 2),
               "cyclic": cyclic, 3: "drei", None: "nichts", (1, 2): "paar", math.nan: "nan", "bytes": b"\x00"}
    stored = _strict(safe_json(payload))
    assert stored["at"] == "2026-01-01 09:00:00" and stored["id"] == str(UUID(int=1))
    assert stored["obj"] == "<_BrokenRepr>" and stored["set"] == [1] and stored["tuple"] == [1, 2]
    assert stored["cyclic"] == {"self": "…"}
    assert (stored["3"], stored["null"], stored["(1, 2)"], stored["NaN"]) == ("drei", "nichts", "paar", "nan")
    assert stored["bytes"] == "b'\\x00'"
    assert safe_json(None) == "{}"


def test_deep_nesting_is_cut_not_a_recursion_error():
    deep: list[object] = []
    for _ in range(5000):
        deep = [deep]
    assert "…" in safe_json({"deep": deep})


@pytest.mark.parametrize("payload", [{"limit": math.nan}, {"t": "a\x00b"}, {"t": "\ud800"}, {"x": -math.inf}])
def test_trace_rows_with_model_garbage_are_stored(db, payload):
    """A trace row carrying NaN, Infinity, NUL or a lone surrogate is written (buffered or direct)."""
    log = PipelineLog(db)
    log.write(None, "route", "entscheidung", payload, NOW)
    turn_id = uuid4()
    log.start_turn(turn_id, "u1", "nova", "Hallo", NOW)
    log.write(turn_id, "route\x00", "entscheidung", payload, NOW, source="\ud800")
    log.finish_turn(turn_id, "Antwort mit \x00 und \udc00", "ok")
    log.background("aufgabe", "fehler", payload, NOW)
    with db.transaction() as conn:
        rows = conn.execute("SELECT payload FROM pipeline_log WHERE kind = 'entscheidung'").fetchall()
        answer = conn.execute("SELECT answer FROM turns WHERE turn_id = %s", (turn_id,)).fetchone()["answer"]
        background = conn.execute("SELECT payload FROM hintergrund_log").fetchone()["payload"]
    assert len(rows) == 2 and rows[0]["payload"] == background
    assert answer == "Antwort mit \ufffd und \ufffd"


def test_direct_encoding_gives_exactly_the_cleaned_text_for_any_payload():
    """A plain payload is encoded directly; whatever it holds (NUL, surrogates, NaN, keys of other
    types, sets, cycles, 31–40 levels of nesting, an escaped backslash before `u0000`), the text is the one the
    cleaning walk gives."""
    import random

    from novaberg.core.logs import _cleaned_json

    leaves = ["Zahnarzt", "a\x00b", "x\ud800y", "\\u0000", "ä👍", "", 0, -3, 2**70, 1.5, math.nan, math.inf, True,
              None, uuid4(), berlin(2026, 11, 30, 10), {1, 2}, (1, "t"), b"raw", object]
    keys = ["k", "n\x00", "s\ud801", 1, 2.5, True, None, math.nan, (1, 2), UUID(int=5)]
    rng = random.Random(30)

    def build(depth: int):
        roll = rng.random()
        if depth > 40 or roll < 0.4:
            return rng.choice(leaves)
        if roll < 0.7:
            return [build(depth + 1) for _ in range(rng.randint(0, 3))]
        return {rng.choice(keys): build(depth + 1) for _ in range(rng.randint(0, 3))}

    payloads = [build(0) for _ in range(3000)]
    for levels in (30, 31, 32, 33, 40):
        nested: object = "innen"
        for _ in range(levels):
            nested = {"x": nested} if levels % 2 else [nested]
        payloads.append(nested)
    cyclic: dict = {"a": 1}
    cyclic["self"] = cyclic
    payloads += [cyclic, None, {}, []]
    for payload in payloads:
        assert safe_json(payload) == _cleaned_json(payload if payload is not None else {}), payload


def test_the_turns_start_and_end_skip_the_flush_wait_and_the_setting_stays_in_their_transactions(db):
    """The raw turn's and the answer's commits do not wait for their disk flush; the setting is local to those
    transactions — the connection's next transactions wait for their flush as the server says (here made `on`;
    the test server itself runs without flushes)."""
    from novaberg.store.db import Database

    with db.transaction() as conn:
        name = conn.info.dbname
        conn.execute(f'ALTER DATABASE "{name}" SET synchronous_commit = on')
    one = Database(db.url, max_size=1)  # one connection: the start's transaction and every later one share it
    try:
        log = PipelineLog(one)
        seen: list[str] = []
        turn_id = uuid4()
        log.start_turn(turn_id, "u1", "nova", "Hallo", NOW, 5)
        with one.transaction() as conn:
            seen.append(conn.execute("SHOW synchronous_commit").fetchone()["synchronous_commit"])
        log.finish_turn(turn_id, "Hallo!", "ok")
        with one.transaction() as conn:
            seen.append(conn.execute("SHOW synchronous_commit").fetchone()["synchronous_commit"])
            row = conn.execute("SELECT text, answer FROM turns WHERE turn_id = %s", (turn_id,)).fetchone()
        assert seen == ["on", "on"]
        assert (row["text"], row["answer"]) == ("Hallo", "Hallo!")
        assert log.recent_turns("u1", "nova", 5) == [("Hallo", "Hallo!")]
    finally:
        one.close()


def test_the_turns_start_and_end_commit_without_waiting_for_the_flush(db, monkeypatch):
    """The start's and the end's transactions each ask for no flush wait before they write anything."""
    import psycopg

    from novaberg.core.logs import _NO_FLUSH_WAIT

    sent: list[str] = []
    original = psycopg.Connection.execute

    def spy(self, query, *args, **kwargs):
        if str(query).strip():  # the pool's health check sends an empty query
            sent.append(str(query))
        return original(self, query, *args, **kwargs)

    monkeypatch.setattr(psycopg.Connection, "execute", spy)
    log = PipelineLog(db)
    turn_id = uuid4()
    log.start_turn(turn_id, "u1", "nova", "Hallo", NOW, 5)
    assert sent[0] == _NO_FLUSH_WAIT and sent.count(_NO_FLUSH_WAIT) == 1
    sent.clear()
    log.finish_turn(turn_id, "Hallo!", "ok")
    assert sent[0] == _NO_FLUSH_WAIT and sent.count(_NO_FLUSH_WAIT) == 1


def test_a_turns_rows_read_back_as_written_with_every_character_the_stream_escapes(db):
    """The turn's trace rows reach the table in one stream at its end; a backslash, a tab, a new line, a carriage
    return, the stream's null marker `\\N` and umlauts come back in node, kind, source and payload as a direct
    write stores them. Two persons' turns, each row under its own turn."""
    log = PipelineLog(db)
    said = "Zeile 1\\n\tTab\r\nneu \\N Ärger \"zitiert\" \\ Ende"
    payload = {"text": said, "liste": [said, 1.5, None], said: True}
    log.write(None, "direkt", said, payload, NOW, source=said)
    turns = {user: uuid4() for user in ("anna", "ben")}
    for user, turn_id in turns.items():
        log.start_turn(turn_id, user, "nova", said, NOW)
        log.write(turn_id, f"knoten {user}", said, {**payload, "wer": user}, NOW, source=said)
        log.finish_turn(turn_id, said, "ok")
    with db.transaction() as conn:
        direct = conn.execute("SELECT node, kind, source, payload FROM pipeline_log WHERE node = 'direkt'").fetchone()
        for user, turn_id in turns.items():
            row = conn.execute("SELECT node, kind, source, payload FROM pipeline_log WHERE turn_id = %s AND node <> "
                               "'perceive'", (turn_id,)).fetchone()
            assert (row["node"], row["kind"], row["source"]) == (f"knoten {user}", direct["kind"], direct["source"])
            assert row["payload"] == {**direct["payload"], "wer": user}
            assert direct["kind"] == said and direct["payload"]["text"] == said
