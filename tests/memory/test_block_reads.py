"""The `[ERINNERUNGEN]` read's speed: the block's reads go over `Database.read` (autocommit — one round
trip per statement, no BEGIN and COMMIT around a single SELECT), a memory question that falls back to the nearest
search reads the short-term memory once, and what the reads return is what a transaction returns."""

from __future__ import annotations

import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import psycopg
import pytest
from psycopg import _connection_base

from novaberg.embed.hashing import HashingEmbedder
from novaberg.llm.scripted import ScriptedLLM
from novaberg.memory.block import read_memory_block
from novaberg.memory.repository import LongTermRepository
from novaberg.memory.short_term import ShortTermMemory
from novaberg.store.db import Database, OneTransaction
from tests.memory.helpers import NOW, agent, remember
from tests.support import make_deps

_PAIRS = {"anna": ["Meine Schwester Lena wohnt in Kiel.", "Ich spiele jeden Dienstag Volleyball.",
                   "Mein Hund heißt Bello."],
          "ben": ["Meine Schwester Jule wohnt in Passau.", "Ich spiele Geige im Orchester."]}


def _told(db, redis) -> None:
    for user, sentences in _PAIRS.items():
        for i, text in enumerate(sentences):
            remember(redis, text, f"{user}{i}", user=user, now=NOW + timedelta(minutes=i))
        agent(db, redis).run(NOW + timedelta(minutes=5), user, "nova")


def _commands(monkeypatch) -> Counter:
    """BEGIN, COMMIT and the like as the client sends them (each its own round trip outside a pipeline)."""
    sent: Counter = Counter()
    original = _connection_base.BaseConnection._exec_command

    def counted(self, command, *args, **kwargs):
        sent[bytes(command).split()[0].decode()] += 1
        return original(self, command, *args, **kwargs)

    monkeypatch.setattr(_connection_base.BaseConnection, "_exec_command", counted)
    return sent


@pytest.mark.parametrize("text", ["Wie heißt meine Schwester?", "Wer spielt bei mir Geige?",
                                  "Meine Schwester zieht bald um.", "Was weißt du über mich?"])
def test_a_block_read_sends_no_begin_and_no_commit(db, redis, monkeypatch, text):
    """The recall read, the recall read falling back to the nearest search, the nearest search and the about-me
    list: statements only (before: a BEGIN and a COMMIT round trip around each of the one or two reads)."""
    _told(db, redis)
    deps = make_deps(db, redis, ScriptedLLM())
    turn_id, now = uuid.uuid4(), NOW + timedelta(days=1)
    LongTermRepository(db).dimensions_for(deps.embedder, now)  # the embedder checked once per process, not per turn
    deps.log.start_turn(turn_id, "anna", "nova", text, now)  # trace rows kept for the turn's end, as in a turn
    sent = _commands(monkeypatch)
    block = read_memory_block({"turn_id": turn_id, "user_id": "anna", "character_id": "nova", "text": text,
                               "now": now}, deps)
    assert sent == Counter()
    assert block is None or "Bello" in block.text or "Lena" in block.text  # her own, read


def test_the_pairs_reads_are_what_a_transaction_reads(db, redis):
    """Each person sees only their own, over `Database.read` as inside a transaction: the nearest nodes (HNSW with
    its per-statement settings), the told sentences and the newest nodes."""
    _told(db, redis)
    embedder = HashingEmbedder()
    vector = embedder.embed(["Wo wohnt meine Schwester?"])[0]
    read = LongTermRepository(db)
    dims = read.dimensions_for(embedder, NOW)
    for user, sentences in _PAIRS.items():
        with db.transaction() as conn:
            inside = LongTermRepository(OneTransaction(conn))
            expected = (inside.similar(user, "nova", vector, dims, 5), inside.told(user, "nova", 500),
                        inside.recent(user, "nova", 10))
        got = (read.similar(user, "nova", vector, dims, 5), read.told(user, "nova", 500), read.recent(user, "nova", 10))
        assert got == expected
        assert {row["inhalt"] for row in got[0]} == set(sentences)
        assert [said for _, said, _, _ in got[1]] == sentences[::-1]


def test_read_leaves_neither_a_setting_nor_autocommit_behind(db):
    """A setting made for one statement of a read (`set_config(…, true)` in its pipeline) holds for the next
    statement of that pipeline and for nothing after it; the connection goes back to the pool as it came — also
    after a statement that failed."""
    one = Database(db.url, max_size=1)  # the same connection each time
    try:
        with one.read() as conn:
            with conn.pipeline():
                conn.execute("SELECT set_config('enable_seqscan', 'off', true)")
                inside = conn.execute("SELECT current_setting('enable_seqscan') AS v")
            assert inside.fetchone()["v"] == "off"
            assert conn.execute("SELECT current_setting('enable_seqscan') AS v").fetchone()["v"] == "on"
        with pytest.raises(psycopg.errors.DivisionByZero), one.read() as conn:
            conn.execute("SELECT 1 / 0")
        with one.transaction() as conn:
            assert conn.autocommit is False
            assert conn.execute("SELECT current_setting('enable_seqscan') AS v").fetchone()["v"] == "on"
    finally:
        one.close()


def test_parallel_reads_of_two_persons_each_get_their_own(db, redis):
    """Each person sees only their own, with every cache of the read warm and the pool's connections shared: eight
    reads at once (four each) of the same question; afterwards every pooled connection is out of autocommit."""
    _told(db, redis)
    deps = make_deps(db, redis, ScriptedLLM())
    question = "Wo wohnt meine Schwester?"

    def read(user: str) -> str:
        block = read_memory_block({"turn_id": uuid.uuid4(), "user_id": user, "character_id": "nova", "text": question,
                                   "now": NOW + timedelta(days=1)}, deps)
        assert block is not None
        return block.reply

    read("anna"), read("ben")  # warm
    with ThreadPoolExecutor(max_workers=8) as pool:
        replies = list(pool.map(read, ["anna", "ben"] * 4))
    for user, reply in zip(["anna", "ben"] * 4, replies, strict=True):
        assert ("Kiel" in reply, "Passau" in reply) == ((True, False) if user == "anna" else (False, True)), reply
    with db.transaction() as conn:
        assert conn.autocommit is False


def test_what_was_told_without_a_period_is_read_once(db, redis, monkeypatch):
    """*Was habe ich dir alles erzählt?* names no period, so the nearest search's list answers it: the recall read
    does not fetch the pair's told sentences first (before: 500 rows read and dropped), the short-term memory is
    read once, and the answer lists her own facts only."""
    _told(db, redis)
    calls = Counter()
    told, fresh = LongTermRepository.told, ShortTermMemory.fresh_above_mid

    def counted_told(self, *args, **kwargs):
        calls["told"] += 1
        return told(self, *args, **kwargs)

    def counted_fresh(self, *args, **kwargs):
        calls["fresh"] += 1
        return fresh(self, *args, **kwargs)

    monkeypatch.setattr(LongTermRepository, "told", counted_told)
    monkeypatch.setattr(ShortTermMemory, "fresh_above_mid", counted_fresh)
    block = read_memory_block({"turn_id": uuid.uuid4(), "user_id": "ben", "character_id": "nova",
                               "text": "Was habe ich dir alles erzählt?", "now": NOW + timedelta(days=1)},
                              make_deps(db, redis, ScriptedLLM()))
    assert calls == Counter({"fresh": 1})
    assert block is not None and "Passau" in block.reply and "Geige" in block.reply and "Kiel" not in block.reply
