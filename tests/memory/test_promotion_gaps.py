"""The gaps against synapsen-promotion.md: queueing on thematic reinforcement (§2), the return path
after promotion and its reader of `hash_dirty` (§3b), a second order for a key already promoted and deleted (§3a,
the same key), and the closing lines in `pipeline_log` (§3b)."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest

from novaberg.core.logs import PipelineLog
from novaberg.memory import keys
from novaberg.memory.return_path import run_return_path
from novaberg.memory.short_term import ShortTermMemory
from tests.memory.helpers import NOW, agent, audit, lists, node_count, remember
from tests.support import berlin

LATER = NOW + timedelta(minutes=5)
VOLLEYBALL = "Ich spiele jeden Dienstag Volleyball im Verein."


def _trace(db, turn: str | None = None, kind: str | None = None) -> list[dict]:
    query = "SELECT turn_id, kind, payload FROM pipeline_log WHERE node = 'synapsen_promotion'"
    args: list = []
    if turn is not None:
        query, args = query + " AND turn_id = %s", [uuid.UUID(turn)]
    if kind is not None:
        query, args = query + " AND kind = %s", [*args, kind]
    with db.transaction() as conn:
        return [dict(r) for r in conn.execute(query + " ORDER BY id", args).fetchall()]


# --- §2: queued on thematic reinforcement -----------------------------------------------------------------

def test_thematic_reinforcement_queues_an_entry_that_reaches_high_once(redis):
    """§2: *eingereiht … bei thematischer Verstärkung eines Nachbarn* — once, whatever follows."""
    key = remember(redis, VOLLEYBALL, "t1", raw=0.69)  # just below HIGH: kept, not queued
    memory = ShortTermMemory(redis)
    assert lists(redis)["queue"] == []
    assert memory.reinforce("u1", "nova", key) == 1
    assert lists(redis)["queue"] == [key]
    assert memory.reinforce("u1", "nova", key) == 0  # raised again, already waiting: no second order
    redis.lmove(keys.queue("u1", "nova"), keys.work_list("u1", "nova"), "LEFT", "RIGHT")
    assert memory.reinforce("u1", "nova", key) == 0 and lists(redis)["queue"] == []  # in `:arbeit`: none either


def test_reinforcement_never_makes_a_rump_hash_nor_touches_a_promoted_one(redis):
    """§3b Fundliste: between reading and writing the reinforcement, the deletion could leave a hash without
    `inhalt` — the script does both at once and leaves a gone or bridged hash alone."""
    gone = remember(redis, VOLLEYBALL, "t1", raw=0.69)
    redis.delete(gone)
    memory = ShortTermMemory(redis)
    assert memory.reinforce("u1", "nova", gone) == -1 and not redis.exists(gone)
    bridged = remember(redis, "Ich spiele gern Volleyball.", "t2", raw=0.69)
    redis.hset(bridged, mapping={"lzg_id": "7", "hash_dirty": "1"})
    before = redis.hget(bridged, "salienz")
    assert memory.reinforce("u1", "nova", bridged) == -1 and redis.hget(bridged, "salienz") == before
    assert lists(redis)["queue"] == []


def test_reinforcement_stays_within_the_pair(redis):
    key = remember(redis, VOLLEYBALL, "t1", user="anna", raw=0.69)
    with pytest.raises(ValueError):
        ShortTermMemory(redis).reinforce("bob", "nova", key)


def test_a_turn_on_the_same_theme_queues_its_neighbour(nova, redis):
    """§2 through `Nova.turn`: anna's entry just below HIGH is queued by her later turn on the same theme; bob's
    turn on the same theme and anna's turn on another leave it alone."""
    day = berlin(2026, 12, 1, 18)
    key = remember(redis, VOLLEYBALL, str(uuid.uuid4()), user="anna", raw=0.69, now=day)
    nova.turn("bob", "nova", "Ich spiele gern Volleyball.", day + timedelta(minutes=1))
    nova.turn("anna", "nova", "Mein Lieblingsessen ist Lasagne.", day + timedelta(minutes=2))
    assert key not in lists(redis, "anna")["queue"]
    nova.turn("anna", "nova", "Ich spiele gern Volleyball.", day + timedelta(minutes=3))
    assert key in lists(redis, "anna")["queue"]
    nova.pixie.tick(day + timedelta(hours=1))
    assert VOLLEYBALL in {n["inhalt"] for n in nova.memory.long_term("anna", "nova")}


def _reinforcing_trips(monkeypatch) -> list[bytes]:
    """The messages sent to Redis that carry the reinforcement (its script's body or its digest)."""
    import hashlib

    import redis as redis_lib

    from novaberg.memory import short_term

    body = short_term._REINFORCE  # noqa: SLF001
    marks = (body.encode(), hashlib.sha1(body.encode()).hexdigest().encode())
    sent: list[bytes] = []
    original = redis_lib.connection.AbstractConnection.send_packed_command

    def spy(self, command, *args, **kwargs):
        packed = command if isinstance(command, bytes | str) else b"".join(
            part if isinstance(part, bytes) else bytes(part) for part in command)
        packed = packed.encode() if isinstance(packed, str) else packed
        if any(mark in packed for mark in marks):
            sent.append(packed)
        return original(self, command, *args, **kwargs)

    monkeypatch.setattr(redis_lib.connection.AbstractConnection, "send_packed_command", spy)
    return sent


def test_a_turn_reinforces_its_three_neighbours_in_one_round_trip(nova, redis, monkeypatch):
    """§2: the turn raises each of anna's three entries on its theme, sending them to Redis together; bob's
    entry on the same theme is left alone."""
    day = berlin(2026, 12, 1, 18)
    said = tuple(f"Ich spiele jeden {day_name} Volleyball im Verein." for day_name in ("Dienstag", "Mittwoch", "Freitag"))
    anna = [remember(redis, text, str(uuid.uuid4()), user="anna", raw=0.4, now=day) for text in said]
    bob = remember(redis, said[0], str(uuid.uuid4()), user="bob", raw=0.4, now=day)
    before = {key: float(redis.hget(key, "salienz")) for key in [*anna, bob]}
    nova.turn("anna", "nova", "Hallo", day)  # warm
    trips = _reinforcing_trips(monkeypatch)
    nova.turn("anna", "nova", "Ich spiele jeden Montag Volleyball im Verein.", day + timedelta(minutes=1))
    raised = [key for key in anna if float(redis.hget(key, "salienz")) > before[key]]
    assert raised == anna
    assert float(redis.hget(bob, "salienz")) == before[bob]
    assert len(trips) == 1, len(trips)


def test_reinforcing_several_keeps_each_ones_outcome_and_the_pair(redis):
    """One round trip gives what one by one would: raised and queued, left alone (gone), raised; a key of
    another pair stops it before anything is sent."""
    near = remember(redis, VOLLEYBALL, "t1", raw=0.69)
    gone = remember(redis, "Ich spiele gern Volleyball.", "t2", raw=0.69)
    redis.delete(gone)
    low = remember(redis, "Volleyball im Verein macht Spaß.", "t3", raw=0.4)
    memory = ShortTermMemory(redis)
    assert memory.reinforce_all("u1", "nova", [near, gone, low]) == [1, -1, 0]
    assert lists(redis)["queue"] == [near]
    other = remember(redis, VOLLEYBALL, "t4", user="anna", raw=0.69)
    before = redis.hget(other, "salienz")
    with pytest.raises(ValueError):
        memory.reinforce_all("u1", "nova", [near, other])
    assert redis.hget(other, "salienz") == before
    assert memory.reinforce_all("u1", "nova", []) == []


def test_parallel_reinforcements_of_one_pair_lose_no_step_and_queue_once(redis):
    """Eight turns of one person reinforce the same two entries at once: each step counts (no lost update), the
    entry that crosses HIGH is queued exactly once, and the one below stays unqueued."""
    from concurrent.futures import ThreadPoolExecutor

    from novaberg.memory.short_term import THEMATIC_STEP

    near = remember(redis, VOLLEYBALL, "t1", raw=0.69)
    low = remember(redis, "Volleyball im Verein macht Spaß.", "t2", raw=0.3)
    before = {key: float(redis.hget(key, "salienz")) for key in (near, low)}
    memory = ShortTermMemory(redis)
    with ThreadPoolExecutor(max_workers=8) as pool:
        outcomes = list(pool.map(lambda _: memory.reinforce_all("u1", "nova", [near, low]), range(8)))
    assert sorted(first for first, _ in outcomes) == [0] * 7 + [1]
    assert all(second == 0 for _, second in outcomes)
    for key in (near, low):
        assert float(redis.hget(key, "salienz")) == pytest.approx(min(1.0, before[key] + 8 * THEMATIC_STEP))
    assert lists(redis)["queue"] == [near]


# --- §3b: the return path and its reader of `hash_dirty` ------------------------------------------------

def test_the_return_path_traces_the_turn_and_clears_hash_dirty(db, redis):
    """§3b: behind every path the bridge sets `lzg_id` and `hash_dirty` and queues the return path with the
    `turn_id` read from the hash; its reader writes the turn's move and clears `hash_dirty` on a standing hash."""
    first, second = str(uuid.uuid4()), str(uuid.uuid4())
    new = remember(redis, "Mein Hund heißt Bello.", first)
    agent(db, redis).run(LATER)
    twin = remember(redis, "Mein Hund heißt Bello.", second)  # a duplicate of the node: its hash stays
    agent(db, redis).run(LATER)
    assert not redis.exists(new) and redis.hget(twin, "hash_dirty") == "1"
    report = run_return_path(redis, PipelineLog(db), LATER)
    assert report == {"erledigt": 2, "bereinigt": 1, "verworfen": 0}
    node = _trace(db, first, "neuanlage")[0]["payload"]["lzg_id"]
    assert _trace(db, first, "rueckweg")[0]["payload"]["lzg_id"] == str(node)  # read before step 4 deleted it
    assert _trace(db, second, "rueckweg")[0]["payload"]["aktion"] == "dublette"
    assert not redis.hexists(twin, "hash_dirty") and redis.hget(twin, "lzg_id") == str(node)
    assert redis.llen(keys.return_path("u1", "nova")) == 0
    assert run_return_path(redis, PipelineLog(db), LATER)["erledigt"] == 0  # done once


def test_a_hash_left_standing_after_a_hit_is_not_queued_again(db, redis):
    """§3b Fundliste: a hash bridged to a node is not promoted a second time (bridge, `hash_dirty`, return path)."""
    remember(redis, "Mein Hund heißt Bello.", "t1")
    agent(db, redis).run(LATER)
    twin = remember(redis, "Mein Hund heißt Bello.", "t2")
    agent(db, redis).run(LATER)
    assert redis.hexists(twin, "lzg_id")
    assert ShortTermMemory(redis).queue_once("u1", "nova", twin) is False and lists(redis)["queue"] == []


def test_the_heartbeat_runs_the_return_path_after_the_promotion(nova, db):
    day = berlin(2026, 12, 1, 18)
    result = nova.turn("anna", "nova", "Mein Hund heißt Bello.", day)
    nova.pixie.tick(day + timedelta(hours=1))
    assert _trace(db, str(result.turn_id), "rueckweg")


# --- §3a: a second order for the same key, promoted and deleted ----------------------------------------

def test_a_second_order_for_the_same_promoted_key_is_discarded_not_green(db, redis):
    """§3a (23.10.2026): the hash of *this* key was promoted as a new node and deleted; a second order for the
    same key is discarded with a `fehler` line — never counted as a green promotion."""
    key = remember(redis, "Mein Hund heißt Bello.", "t1")
    agent(db, redis).run(LATER)
    assert not redis.exists(key)
    redis.rpush(keys.queue("u1", "nova"), key)
    report = agent(db, redis).run(LATER)
    assert report["promotet"] == 0 and report["fehler"] == 1 and node_count(db) == 1
    errors = [r for r in audit(db, f"synapsen_promotion:{key}") if r["status"] == "fehler"]
    assert len(errors) == 1 and errors[0]["payload"]["schritt"] == "hash_fort"
    assert lists(redis)["arbeit"] == [] and lists(redis)["queue"] == []


# --- §3b: the closing lines in pipeline_log ------------------------------------------------------------------

def test_the_closing_lines_are_in_pipeline_log_too(db, redis):
    """§3b: *Die Schlusszeile in hintergrund_log und pipeline_log trägt kzg_geloescht; ein Löschen ohne Fehler
    schreibt dazu eine eigene Zeile aktion=kzg_geloescht* — under the entry's turn."""
    first, second = str(uuid.uuid4()), str(uuid.uuid4())
    remember(redis, "Mein Hund heißt Bello.", first)
    agent(db, redis).run(LATER)
    remember(redis, "Mein Hund heißt Bello.", second)
    agent(db, redis).run(LATER)
    assert [(r["kind"], r["payload"]["aktion"]) for r in _trace(db, first)] == [
        ("kzg_geloescht", "kzg_geloescht"), ("neuanlage", "neuanlage")]
    assert _trace(db, first, "neuanlage")[0]["payload"]["kzg_geloescht"] == "ja"
    assert [(r["kind"], r["payload"]["kzg_geloescht"]) for r in _trace(db, second)] == [("dublette", "nein")]
