"""The work of a warm turn does not grow with what the person has stored.

A week read puts every appointment it shows into the Lage and the inventory check reads them
again (tribunal.md computed checks): both read the rows in one statement, bound to the pair, not one per row.
"""

from __future__ import annotations

from typing import Any

import psycopg

from novaberg.timeline.repository import NewRow, TimelineRepository
from tests.support import berlin

NOW = berlin(2026, 11, 30, 9)  # Monday


def _statements(monkeypatch: Any) -> list[str]:
    sent: list[str] = []
    original = psycopg.Cursor.execute

    def spy(self: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
        sent.append(str(query))
        return original(self, query, *args, **kwargs)

    monkeypatch.setattr(psycopg.Cursor, "execute", spy)
    return sent


def _appointments(db: Any, user: str, count: int) -> list[int]:
    repo = TimelineRepository(db)
    return [repo.insert(user, "nova", NewRow.for_type("termin", title=f"Termin {user} {i}",
                                                      event_time=berlin(2026, 12, 1 + i % 5, 8 + i),
                                                      precision="minute"), NOW) for i in range(count)]


def _week_read(nova: Any, user: str, monkeypatch: Any) -> tuple[int, str]:
    with monkeypatch.context() as patch:
        sent = _statements(patch)
        answer = nova.turn(user, "nova", "Was steht diese Woche an?", NOW).answer
    return len(sent), answer


def test_a_week_read_costs_the_same_statements_for_two_or_ten_appointments(nova, db, monkeypatch):
    """Two persons, one with 2 appointments this week and one with 10: the same number of statements; each
    answer shows only her own."""
    _appointments(db, "anna", 2)
    _appointments(db, "ben", 10)
    nova.turn("anna", "nova", "Hallo", NOW)  # both warm (first-use work of the process is not the point)
    nova.turn("ben", "nova", "Hallo", NOW)
    few, anna = _week_read(nova, "anna", monkeypatch)
    many, ben = _week_read(nova, "ben", monkeypatch)
    assert "Termin anna 1" in anna and "ben" not in anna
    assert "Termin ben 8" in ben and "anna" not in ben
    assert many == few, (few, many)


def test_find_by_ids_returns_only_the_pairs_rows(db):
    """The batch read is bound to the pair: another person's ids and unknown ids are absent."""
    anna = _appointments(db, "anna", 3)
    ben = _appointments(db, "ben", 2)
    repo = TimelineRepository(db)
    found = repo.find_by_ids("anna", "nova", [*anna, *ben, 999_999])
    assert sorted(found) == sorted(anna)
    assert repo.find_by_ids("ben", "other", ben) == {}
    assert repo.find_by_ids("anna", "nova", []) == {}


def test_the_question_path_is_a_step_only_when_no_service_and_no_told_fact_answered():
    """After the deepening the graph goes to the question path exactly when its node would do anything: no
    service served, no model error, and no block but the files' summaries (or a memory that holds nothing about
    it) answered — a told fact answers by itself; else straight to compose. After a deepening it still runs
    (its sentence may be surer than the find)."""
    from novaberg.graph.nodes import after_deepen, files_may_answer

    free = {"route": {"management_action": "keine", "domain": "keine"}}
    assert files_may_answer(free) and after_deepen(free) == "files_answer"
    for answered_by_files in ({"route": {**free["route"], "answering_blocks": ["[AUFZEICHNUNGEN]"]}},
                              {"route": {**free["route"], "blocks_holding_nothing": ["[ERINNERUNGEN]"]}},
                              {"vertiefung": {"antwort": "x"}}):
        state = {**free, **answered_by_files}
        assert files_may_answer(state) and after_deepen(state) == "files_answer", state
    for taken in ({"services": [{"name": "timeline"}]},
                  {"route": {"management_action": "keine", "model_error": "weg"}},
                  {"route": {"management_action": "keine", "answering_blocks": ["[ERINNERUNGEN]"]}},
                  {"route": {"management_action": "agent", "domain": "timeline"}}):
        state = {**free, **taken}
        assert not files_may_answer(state) and after_deepen(state) == "compose", state


def test_the_computed_check_of_an_answer_is_made_once_when_the_judges_are_asked(nova, monkeypatch):
    """The judge node checks the answer by computation before it asks the judges (a finding sends it into a
    correction round); evaluate needs the same check of the same answer: it takes the judge's, not a second
    reading of the answer and a second inventory read. Two persons, each checked once per turn."""
    from novaberg.graph import evaluate

    checked: list[str] = []
    asked: list[str] = []
    check, judges = evaluate.computed_verdict, evaluate.run_judges

    def counted_check(answer: str, *args: Any, **kwargs: Any) -> Any:
        checked.append(answer)
        return check(answer, *args, **kwargs)

    def counted_judges(asker: Any, data: Any) -> Any:
        asked.append(data["response"])
        return judges(asker, data)

    monkeypatch.setattr(evaluate, "computed_verdict", counted_check)
    monkeypatch.setattr(evaluate, "run_judges", counted_judges)
    for user in ("anna", "ben"):
        checked.clear()
        asked.clear()
        result = nova.turn(user, "nova", "Wie geht es dir?", NOW)
        assert result.verdict == "ok"
        assert asked == [result.answer], (user, asked)  # the judges were asked: the judge node made the check
        assert checked == [result.answer], (user, checked)


def _graph_steps(monkeypatch: Any) -> list[list[str]]:
    """The turn graph's steps of each turn from now on (the names of the graph nodes that ran, in order)."""
    from novaberg.graph import turn as turn_module

    compiled = turn_module.turn_graph()
    turns: list[list[str]] = []

    class Stepping:
        def invoke(self, state: Any, context: Any = None, **kwargs: Any) -> Any:
            steps: list[str] = []
            final = None
            for mode, chunk in compiled.graph.stream(state, context=context, stream_mode=["updates", "values"],
                                                     **kwargs):
                if mode == "updates":
                    steps.extend(chunk)
                else:
                    final = chunk
            turns.append(steps)
            return final

    monkeypatch.setattr(turn_module, "turn_graph", lambda: Stepping())
    return turns


def _trace_nodes(db: Any, turn_id: Any) -> set[str]:
    with db.transaction() as conn:
        return {row["node"] for row in conn.execute("SELECT node FROM pipeline_log WHERE turn_id = %s", (turn_id,))}


def test_nodes_with_nothing_between_them_share_one_graph_step_and_all_still_run(nova, db, monkeypatch):
    """LangGraph costs per step: route with read_blocks, plan and deepen, compose with judge, evaluate and
    salience run as one step each (so does the question path with them) — a small talk turn is two steps, a
    verified write of an appointment three (its block is read again after it). Every node still does its work (its
    trace rows are there) and the answers are the same. Two persons."""
    nova.turn("anna", "nova", "Hallo", NOW)
    nova.turn("ben", "nova", "Hallo", NOW)
    turns = _graph_steps(monkeypatch)
    for user in ("anna", "ben"):
        turns.clear()
        talk = nova.turn(user, "nova", "Wie geht es dir?", NOW)
        assert talk.answer == "Danke der Nachfrage, mir geht es gut. Und dir?" and talk.verdict == "ok"
        assert turns == [["route", "files_answer"]], (user, turns)  # the question path, then compose
        assert {"route", "read_blocks", "plan", "deepen", "evaluate", "compose"} <= _trace_nodes(db, talk.turn_id), user
        turns.clear()
        wrote = nova.turn(user, "nova", f"Trag mir am 02.12. um 9 Uhr Zahnarzt für {user} ein", NOW)
        assert wrote.answer.startswith("Eingetragen: „Zahnarzt"), wrote.answer
        assert turns == [["route", "reread_blocks", "compose"]], (user, turns)
    assert [row["title"] for row in nova.timeline.list("anna", "nova")] != []


def test_a_small_talk_turn_opens_two_transactions_and_reads_without_one(nova, monkeypatch):
    """The raw turn with its history and the turn's end are the only transactions of a small talk turn; the
    blocks' single-statement reads (appointments, shared directories, memory) and the directives go through
    `Database.read` (one round trip each, no BEGIN and COMMIT). Two persons."""
    from novaberg.store.db import Database

    opened: list[str] = []
    original = Database.transaction

    def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        opened.append("transaction")
        return original(self, *args, **kwargs)

    for user in ("anna", "ben"):
        nova.turn(user, "nova", "Hallo", NOW)
    monkeypatch.setattr(Database, "transaction", counted)
    for user in ("anna", "ben"):
        opened.clear()
        assert nova.turn(user, "nova", "Wie geht es dir?", NOW).verdict == "ok"
        assert len(opened) == 2, (user, opened)


def test_a_list_add_puts_the_list_into_the_lage_without_reading_the_note_again(nova, redis, monkeypatch):
    """A verified write reads its row back in its own transaction (notizen.md §6 verification); the Lage takes
    the list's name from that read instead of one more read of the row. Two persons: each Lage holds only her
    own list."""
    from novaberg.notes.repository import NotesRepository
    from novaberg.situation.lage import load_situation

    for user in ("anna", "ben"):
        nova.turn(user, "nova", "Leg eine Einkaufsliste an", NOW)
        nova.turn(user, "nova", "Setz Brot auf die Einkaufsliste", NOW)  # warm
    reads: list[int] = []
    original = NotesRepository.get

    def counted(self: Any, note_id: int, user_id: str) -> Any:
        reads.append(note_id)
        return original(self, note_id, user_id)

    monkeypatch.setattr(NotesRepository, "get", counted)
    answer = nova.turn("anna", "nova", "Setz Milch auf die Einkaufsliste", NOW).answer
    assert "Milch" in answer
    assert len(reads) == 2, reads  # the rewrite reads the list, the write reads it back; nothing after it
    anna = load_situation(redis, "anna", "nova").objects
    ben = load_situation(redis, "ben", "nova").objects
    anna_list = [o for o in anna if o.kind == "notiz" and o.source == "geschrieben"]
    assert [o.name for o in anna_list] == ["Einkaufsliste"]
    assert {o.row_id for o in anna_list}.isdisjoint({o.row_id for o in ben})
