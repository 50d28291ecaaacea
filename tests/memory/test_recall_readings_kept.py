"""The recall's readings of a person's words (tokens, subject, slot) are never kept process-wide: outside a turn each
call reads afresh, inside a turn once, and across turns only in the store kept beside the pair's told words — which
the erasure drops with them. Each person's store holds only her own sentences."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

from novaberg.llm.scripted import ScriptedLLM
from novaberg.memory import told_words
from novaberg.memory.block import read_memory_block
from novaberg.memory.repository import LongTermRepository
from novaberg.text import recall_forms, told_slots
from novaberg.text.per_turn import one_reading_per_turn
from tests.memory.helpers import NOW, agent, remember
from tests.support import make_deps


def _counted(monkeypatch: Any, module: Any, name: str) -> list[str]:
    calls: list[str] = []
    original = getattr(module, name)

    def counting(*args: Any) -> Any:
        calls.append(args[0])
        return original(*args)

    monkeypatch.setattr(module, name, counting)
    return calls


def test_a_told_sentence_read_outside_a_turn_leaves_no_reading_in_the_process(monkeypatch):
    words = _counted(monkeypatch, recall_forms, "_sentence_words")
    slots = _counted(monkeypatch, told_slots, "_slot_now")
    said = "Ich wohne seit März in Freiburg."
    for _ in range(2):
        recall_forms.sentence_words(said)
        told_slots.slot_of(said, {})
    assert words == [said, said] and slots == [said, said]  # read afresh: nothing of hers stayed behind
    with one_reading_per_turn():
        for _ in range(2):
            recall_forms.sentence_words(said)
            told_slots.slot_of(said, {})
    assert words == [said] * 3 and slots == [said] * 3  # inside a turn: once


def _tell(db: Any, redis: Any, user: str, sentences: list[str]) -> None:
    for i, text in enumerate(sentences):
        remember(redis, text, f"{user}{i}", user=user, now=NOW + timedelta(minutes=i))
    agent(db, redis).run(NOW + timedelta(minutes=30), user, "nova")


def _ask(deps: Any, user: str, text: str) -> None:
    turn_id, now = uuid.uuid4(), NOW + timedelta(days=1)
    deps.log.start_turn(turn_id, user, "nova", text, now)
    read_memory_block({"turn_id": turn_id, "user_id": user, "character_id": "nova", "text": text, "now": now}, deps)


def _sentences(store: dict[Any, Any]) -> set[str]:
    return {key[0] if isinstance(key, tuple) else key for (reader, key) in store if reader.endswith("sentence_words")}


def test_the_recall_readings_of_an_erased_person_leave_with_her_words(db, redis):
    _tell(db, redis, "erna", ["Ich wohne in Rostock.", "Meine Schwester Lena spielt Cello."])
    _tell(db, redis, "otto", ["Ich wohne in Passau."])
    deps = make_deps(db, redis, ScriptedLLM())
    _ask(deps, "erna", "Wo wohne ich?")
    _ask(deps, "otto", "Wo wohne ich?")
    erna = told_words.TOLD_WORDS.readings(db, "erna", "nova")
    otto = told_words.TOLD_WORDS.readings(db, "otto", "nova")
    assert _sentences(erna) == {"Ich wohne in Rostock.", "Meine Schwester Lena spielt Cello."}
    assert _sentences(otto) == {"Ich wohne in Passau."}  # each store holds only its person's sentences
    told_words.forget_told_words("erna")
    LongTermRepository(db).told("erna", "nova", 500)  # her words read again: a fresh store, none of the old readings
    assert told_words.TOLD_WORDS.readings(db, "erna", "nova") == {}
    assert _sentences(told_words.TOLD_WORDS.readings(db, "otto", "nova")) == {"Ich wohne in Passau."}


def test_only_the_most_recently_read_pairs_keep_their_readings():
    class _Db:  # a database object as the cache keys it (weakly)
        pass

    db, words = _Db(), told_words._ToldWords(pairs=8, reading_pairs=2)
    for user in ("ada", "bea", "cem"):
        words.keep(db, user, "nova", {1: (10, (1, f"{user}s Satz"))})
        words.readings(db, user, "nova")[("reader", f"{user}s Satz")] = "gelesen"
    assert words.readings(db, "ada", "nova") == {}  # read first, dropped when the third pair's readings came
    assert words.readings(db, "cem", "nova") == {("reader", "cems Satz"): "gelesen"}
    assert words.held(db, "ada", "nova")[1]  # her words themselves stay held
