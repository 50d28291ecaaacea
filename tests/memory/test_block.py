"""The block `[ERINNERUNGEN]` — nearest long-term nodes above a floor and capped, fresh
short-term entries above MID, one query, no model call, every delivery logged; and the embedder rule
(a changed embedder is refused until `reembed`, never a silent mix)."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest

from novaberg.core.settings import MEMORY_BLOCK_CAP
from novaberg.embed.hashing import HashingEmbedder
from novaberg.llm.scripted import ScriptedLLM
from novaberg.memory.block import ABOUT_HERSELF, ABOUT_ME, question_kind, read_memory_block
from novaberg.memory.repository import EmbedderChangedError, LongTermRepository
from novaberg.memory.service import MemoryService
from novaberg.memory.texts import BLOCK_HEADER, BLOCK_NOTHING_YET, NOT_TOLD
from tests.memory.helpers import NOW, agent, audit, remember
from tests.support import make_deps

LATER = NOW + timedelta(days=7)


def _state(text: str, user: str = "u1", now=LATER) -> dict:
    return {"turn_id": uuid.uuid4(), "user_id": user, "character_id": "nova", "text": text, "now": now}


def _deps(db, redis):
    return make_deps(db, redis, ScriptedLLM())  # any model call would raise: the block makes none


def _delivered(db) -> list[dict]:
    with db.transaction() as conn:
        return [r["payload"] for r in conn.execute(
            "SELECT payload FROM pipeline_log WHERE node = 'erinnerungen' AND kind = 'geliefert' ORDER BY id")]


@pytest.mark.parametrize(("text", "kind"), [("Was weißt du über mich?", ABOUT_ME), ("Was weisst du von mich", ABOUT_ME),
                                            ("Wie heißt mein Hund?", ABOUT_HERSELF), ("Wie spät ist es?", None),
                                            ("Mein Hund heißt Bello.", None)])
def test_question_kinds(text, kind):
    assert question_kind(text) == kind


def test_a_question_about_her_dog_gets_a_focused_block(db, redis):
    for i, text in enumerate(["Mein Hund heißt Bello.", "Meine Mutter wohnt in Hamburg.", "Ich arbeite als Tischlerin."]):
        remember(redis, text, f"t{i}")
    agent(db, redis).run(NOW)
    block = read_memory_block(_state("Wie heißt mein Hund?"), _deps(db, redis))
    assert block is not None and block.header == BLOCK_HEADER and block.answers_question
    assert "Bello" in block.text and "Hamburg" not in block.text and "Tischlerin" not in block.text
    assert _delivered(db)[-1]["anzahl"] == 1 and _delivered(db)[-1]["schlechteste_aehnlichkeit"] >= 0.35


def test_about_me_lists_what_is_known_and_an_honest_nothing(db, redis):
    empty = read_memory_block(_state("Was weißt du über mich?"), _deps(db, redis))
    assert empty is not None and BLOCK_NOTHING_YET in empty.text and empty.answers_question
    remember(redis, "Mein Hund heißt Bello.", "t1")
    remember(redis, "Ich mag Jazz.", "t2", raw=0.55)  # fresh, MID band: shown before promotion
    agent(db, redis).run(NOW)
    block = read_memory_block(_state("Was weißt du über mich?"), _deps(db, redis))
    assert "Bello" in block.text and "Jazz" in block.text


def test_no_block_without_a_near_memory(db, redis):
    remember(redis, "Mein Hund heißt Bello.", "t1")
    agent(db, redis).run(NOW)
    assert read_memory_block(_state("Die Sonne scheint heute."), _deps(db, redis)) is None
    assert _delivered(db)[-1] == {"anzahl": 0, "schlechteste_aehnlichkeit": None, "frage": None}


def test_the_cap_and_a_statement_is_context_not_an_answer(db, redis):
    for i in range(MEMORY_BLOCK_CAP + 3):
        remember(redis, f"Mein Hund Nummer {i} heißt Bello {i}.", f"t{i}")
    agent(db, redis).run(NOW)
    block = read_memory_block(_state("Mein Hund heißt übrigens auch Bello."), _deps(db, redis))
    assert block is not None and not block.answers_question
    assert block.text.count("\n- ") == MEMORY_BLOCK_CAP


def test_below_mid_and_past_their_end_short_term_entries_stay_out(db, redis):
    remember(redis, "Ich mag Jazz.", "t1", raw=0.4)  # minimum band: kept, but below MID
    remember(redis, "Mein Hund heißt Bello.", "t2", raw=0.6)  # MID band: 14 days
    assert "Bello" in read_memory_block(_state("Wie heißt mein Hund?"), _deps(db, redis)).text
    late = read_memory_block(_state("Wie heißt mein Hund?", now=NOW + timedelta(days=15)), _deps(db, redis))
    assert late is not None and late.reply == NOT_TOLD and "Bello" not in late.text  # past its end by the turn's clock
    assert "Jazz" not in (read_memory_block(_state("Was weißt du über mich?"), _deps(db, redis)).text)


def test_another_pair_is_never_in_the_block(db, redis):
    remember(redis, "Mein Hund heißt Bello.", "t1", user="a")
    agent(db, redis).run(NOW)
    block = read_memory_block(_state("Wie heißt mein Hund?", user="b"), _deps(db, redis))
    assert block is None or "Bello" not in block.text


def test_a_changed_embedder_is_refused_until_reembed(db, redis):
    remember(redis, "Mein Hund heißt Bello.", "t1")
    agent(db, redis).run(NOW)
    small = HashingEmbedder(dimensions=256)
    with pytest.raises(EmbedderChangedError, match="reembed"):
        LongTermRepository(db).dimensions_for(small, NOW)
    key = remember(redis, "Meine Katze heißt Mimi.", "t2")
    report = agent(db, redis, embedder=small).run(NOW)
    assert report["paare_fehler"] == 1 and redis.exists(key)  # the order waits, not counted as an attempt
    deps = make_deps(db, redis, ScriptedLLM())
    deps = deps.__class__(**{**deps.__dict__, "embedder": small})
    read_memory_block(_state("Wie heißt mein Hund?"), deps)  # no mixed vectors: the long-term part is refused
    assert any(r["kind"] == "fehler" for r in _pipeline(db, "erinnerungen"))
    assert MemoryService(db, redis, small).reembed(NOW) == 1
    assert LongTermRepository(db).recorded_embedder()["dimensionen"] == 256
    assert agent(db, redis, embedder=small).run(NOW)["neuanlage"] == 1
    assert "Bello" in read_memory_block(_state("Wie heißt mein Hund?"), deps).text
    assert [r["status"] for r in audit(db) if r["task"] == "synapsen_promotion"][-1] == "erledigt"


def _pipeline(db, node: str) -> list[dict]:
    with db.transaction() as conn:
        return [dict(r) for r in conn.execute("SELECT kind, payload FROM pipeline_log WHERE node = %s", (node,))]


def test_the_turns_one_round_trip_read_agrees_with_the_full_read(redis):
    """The block reads the fresh entries in one round trip and only the fields it shows: the same entries in the
    same order as the full read (newest first, above MID, alive by the turn's clock, only the pair's own); a hash
    gone from Redis is dropped from the pair's index on the way."""
    from novaberg.core.settings import KZG_SALIENZ_MID
    from novaberg.memory import keys
    from novaberg.memory.short_term import ShortTermMemory

    remember(redis, "Mein Hund heißt Bello.", "t1", raw=0.6)
    remember(redis, "Ich mag Jazz.", "t2", raw=0.4)  # below MID
    gone = remember(redis, "Meine Schwester heißt Lena.", "t3", raw=0.9)
    strange = remember(redis, "Mein Bruder heißt Jan.", "t4", raw=0.9)
    remember(redis, "Meine Katze heißt Mimi.", "t5", raw=0.9, now=NOW + timedelta(minutes=1))
    redis.delete(gone)
    redis.hset(strange, "user_id", "jemand")  # whatever the index says: never another pair's entry
    memory = ShortTermMemory(redis)
    turn = memory.fresh_above_mid("u1", "nova", LATER)
    assert redis.zcard(keys.kzg_index("u1", "nova")) == 4

    def seen(entries):
        return [(e["key"], e["inhalt"], e["salienz"], e["erstellt_am"], e["turn_id"], e["lzg_id"]) for e in entries]

    assert seen(turn) == seen(memory.entries("u1", "nova", LATER, KZG_SALIENZ_MID))
    assert [e["inhalt"] for e in turn] == ["Meine Katze heißt Mimi.", "Mein Hund heißt Bello."]
