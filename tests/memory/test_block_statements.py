"""The `[ERINNERUNGEN]` read under 10 ms p95 with margin: what one block read sends is pinned — one SQL
statement for a memory question, the nearest search's two in one pipeline after it when the recall found nothing,
one Redis command for the short-term memory — and the told read sends a node's words and time only once per process
(`LongTermRepository.told`): a later read of the same pair gets id, link and the words' length, not ~75 bytes of
words and a timestamp per row. Each person sees only their own."""

from __future__ import annotations

import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any

import psycopg
import pytest

from novaberg.llm.scripted import ScriptedLLM
from novaberg.memory import repository, told_words
from novaberg.memory.block import read_memory_block
from novaberg.memory.repository import LongTermRepository
from novaberg.store.db import Database
from tests.memory.helpers import NOW, agent, remember
from tests.support import make_deps

_ANNA = ["Meine Schwester Lena wohnt in Kiel.", "Ich spiele jeden Dienstag Volleyball.", "Mein Hund heißt Bello."]
_BEN = ["Meine Schwester Jule wohnt in Passau.", "Ich spiele Geige im Orchester."]


def _tell(db: Any, redis: Any, user: str, sentences: list[str], start: int = 0) -> None:
    for i, text in enumerate(sentences, start):
        remember(redis, text, f"{user}{i}", user=user, now=NOW + timedelta(minutes=i))
    agent(db, redis).run(NOW + timedelta(minutes=30), user, "nova")


def _spy(monkeypatch: Any) -> tuple[list[str], list[Any]]:
    """The SQL statements as the client sends them, and the values of every row the told read got back."""
    sent: list[str] = []
    rows: list[Any] = []
    original = psycopg.Cursor.execute

    def spy(self: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
        sent.append(str(query).strip().split("\n")[0][:40])
        result = original(self, query, *args, **kwargs)
        if query is repository._TOLD:
            rows.append(self.pgresult)
        return result

    monkeypatch.setattr(psycopg.Cursor, "execute", spy)
    return sent, rows


def _commands(redis: Any, monkeypatch: Any) -> list[str]:
    sent: list[str] = []
    original = type(redis).execute_command

    def spy(self: Any, *args: Any, **kwargs: Any) -> Any:
        sent.append(str(args[0]))
        return original(self, *args, **kwargs)

    monkeypatch.setattr(type(redis), "execute_command", spy)
    return sent


def _turn(deps: Any, user: str, text: str) -> dict[str, Any]:
    """A started turn's state: its trace rows are kept for the turn's end, as in a turn."""
    turn_id, now = uuid.uuid4(), NOW + timedelta(days=1)
    deps.log.start_turn(turn_id, user, "nova", text, now)
    return {"turn_id": turn_id, "user_id": user, "character_id": "nova", "text": text, "now": now}


@pytest.mark.parametrize(("text", "statements"), [
    ("Wie heißt meine Schwester?", ["SELECT id, CASE WHEN id > %(seen)s THEN"]),
    ("Wer spielt bei mir Geige?", ["SELECT id, CASE WHEN id > %(seen)s THEN", "SELECT set_config('hnsw.iterative_s",
                                   "SELECT id, inhalt, gewicht_decay, erste"]),
    ("Meine Schwester zieht bald um.", ["SELECT set_config('hnsw.iterative_s", "SELECT id, inhalt, gewicht_decay, erste"]),
    ("Was weißt du über mich?", ["SELECT id, user_id, character_id, inhal"]),
])
def test_one_block_read_sends_a_fixed_few_statements(db, redis, monkeypatch, text, statements):
    """Block speed (p95 < 10 ms): a memory question is one statement; the fall-back question (*Wer spielt bei mir
    Geige?*, nothing of hers about it) adds the nearest search's setting and query (one pipeline); a statement is the
    nearest search alone; *Was weißt du über mich?* one list. One Redis command each: the short-term memory read
    once. A later change that doubles a read fails here."""
    _tell(db, redis, "anna", _ANNA)
    _tell(db, redis, "ben", _BEN, 10)
    deps = make_deps(db, redis, ScriptedLLM())
    read_memory_block(_turn(deps, "anna", text), deps)  # once: the embedder checked, the told words read
    state = _turn(deps, "anna", text)
    sent, _ = _spy(monkeypatch)
    commands = _commands(redis, monkeypatch)
    block = read_memory_block(state, deps)
    assert len(sent) == len(statements), sent
    assert all(got.startswith(want) for got, want in zip(sent, statements, strict=True)), sent
    assert commands == ["EVALSHA"]
    assert block is None or ("Passau" not in block.text and "Geige" not in block.text)  # only her own


def test_the_told_read_sends_a_nodes_words_once_per_process(db, redis, monkeypatch):
    """The second read of a pair gets no words and no time from the server (their length and the link only), and what it
    returns is what the first read returned — for each of two persons, each only their own."""
    _tell(db, redis, "anna", _ANNA)
    _tell(db, redis, "ben", _BEN, 10)
    repo = LongTermRepository(db)
    _, rows = _spy(monkeypatch)
    first = {user: repo.told(user, "nova", 500) for user in ("anna", "ben")}
    second = {user: repo.told(user, "nova", 500) for user in ("anna", "ben")}
    assert second == first
    assert [said for _, said, _, _ in first["anna"]] == _ANNA[::-1]
    assert [said for _, said, _, _ in first["ben"]] == _BEN[::-1]
    sent_first, sent_second = rows[:2], rows[2:]
    assert all(result.get_value(row, 1) is not None for result in sent_first for row in range(result.ntuples))
    assert all(result.get_value(row, 1) is None and result.get_value(row, 2) is None
               for result in sent_second for row in range(result.ntuples))
    assert sum(result.ntuples for result in sent_second) == len(_ANNA) + len(_BEN)


def test_a_new_node_comes_with_its_words_and_a_woken_one_is_read_in_full(db, redis):
    """A node promoted after the last read is sent in full; an older node the process did not hold (deactivated
    before the read, woken after it) is read by id in a second statement, inside the pair — never a word missing."""
    _tell(db, redis, "anna", _ANNA)
    repo = LongTermRepository(db)
    nodes = repo.told("anna", "nova", 500)
    dog = next(node_id for node_id, said, _, _ in nodes if "Bello" in said)
    repo.deactivate("anna", "nova", dog, NOW + timedelta(hours=1))
    assert "Mein Hund heißt Bello." not in [said for _, said, _, _ in repo.told("anna", "nova", 500)]
    _tell(db, redis, "anna", ["Ich arbeite als Tischlerin."], 5)
    repo.reactivate("anna", "nova", dog, NOW + timedelta(hours=2))
    assert sorted(said for _, said, _, _ in repo.told("anna", "nova", 500)) == sorted(
        [*_ANNA, "Ich arbeite als Tischlerin."])
    fresh = Database(db.url, max_size=1)  # a process that holds nothing: the same rows
    try:
        assert repo.told("anna", "nova", 500) == LongTermRepository(fresh).told("anna", "nova", 500)
    finally:
        fresh.close()


def test_words_held_for_one_node_are_never_lent_to_another(db, redis):
    """The words' length checks what the process holds: a node whose words differ in length from the held ones under
    the same id (no statement of the project changes words; made by hand here) is read in full."""
    _tell(db, redis, "anna", _ANNA)
    repo = LongTermRepository(db)
    node_id = repo.told("anna", "nova", 500)[0][0]
    with db.transaction() as conn:  # no statement of the project does this: the restore's effect, made by hand
        conn.execute("UPDATE lzg_knoten SET inhalt = 'Ich wohne in Bonn.' WHERE id = %s", (node_id,))
    assert [said for i, said, _, _ in repo.told("anna", "nova", 500) if i == node_id] == ["Ich wohne in Bonn."]


def test_parallel_told_reads_of_two_persons_while_one_is_promoted(db, redis):
    """Each person sees only their own, with the held words shared by the threads of a process: sixteen reads at
    once (two persons) while a promotion adds a node of one of them — every read holds only that person's sentences,
    each with its words; after the promotion the new node is told with its words."""
    _tell(db, redis, "anna", _ANNA)
    _tell(db, redis, "ben", _BEN, 10)
    repo = LongTermRepository(db)
    mine = {"anna": set(_ANNA) | {"Ich arbeite als Tischlerin."}, "ben": set(_BEN)}

    def read(user: str) -> tuple[str, list[str]]:
        return user, [said for _, said, _, _ in repo.told(user, "nova", 500)]

    with ThreadPoolExecutor(max_workers=8) as pool:
        reads = [pool.submit(read, user) for user in ["anna", "ben"] * 4]
        _tell(db, redis, "anna", ["Ich arbeite als Tischlerin."], 5)
        reads += [pool.submit(read, user) for user in ["anna", "ben"] * 4]
        results = [future.result() for future in reads]
    for user, said in results:
        assert said and all(said) and set(said) <= mine[user], (user, said)
    assert "Ich arbeite als Tischlerin." in read("anna")[1]
    assert read("ben")[1] == _BEN[::-1]


def test_a_held_node_superseded_since_is_told_with_its_new_link(db, redis):
    """The words of a held node are reused, its link to a newer node of the same slot is not — after
    *Ich wohne jetzt in Bonn.* the held *Köln* row comes back linked to the Bonn node, as a process holding nothing
    reads it."""
    _tell(db, redis, "anna", ["Ich wohne in Köln."])
    repo = LongTermRepository(db)
    assert [newer for _, _, _, newer in repo.told("anna", "nova", 500)] == [None]
    _tell(db, redis, "anna", ["Ich wohne jetzt in Bonn."], 5)
    told = repo.told("anna", "nova", 500)
    by_words = {said: (node_id, newer) for node_id, said, _, newer in told}
    assert by_words["Ich wohne in Köln."][1] == by_words["Ich wohne jetzt in Bonn."][0]
    fresh = Database(db.url, max_size=1)
    try:
        assert told == LongTermRepository(fresh).told("anna", "nova", 500)
    finally:
        fresh.close()


def test_an_erased_persons_held_words_leave_the_process_at_once(db, redis):
    """Each person sees only their own, and an erased person's words do not linger: after `forget_told_words`
    (called by the erasure) the process holds nothing of her, while another person's words stay held."""
    _tell(db, redis, "erna", _ANNA)
    _tell(db, redis, "otto", _BEN, 10)
    repo = LongTermRepository(db)
    repo.told("erna", "nova", 500)
    repo.told("otto", "nova", 500)
    assert told_words.TOLD_WORDS.held(db, "erna", "nova")[1]
    assert told_words.forget_told_words("erna") == 1
    assert told_words.TOLD_WORDS.held(db, "erna", "nova") == (0, {})
    assert told_words.TOLD_WORDS.held(db, "otto", "nova")[1]
