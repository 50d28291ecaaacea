"""Issue 30 §4: no judge silently lost on a model server that serves one request at a time.

The server is `tests.model_server` (one slot, a prefix cache, answers per task from `tests.model_answers`),
reached through the project's real HTTP connectors.
"""

from __future__ import annotations

from contextlib import contextmanager
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from novaberg.llm.ask import Asker
from novaberg.llm.http_connectors import OllamaLLM, OpenAICompatibleLLM
from novaberg.llm.prompts import PromptLoader
from novaberg.tribunal.judge_runs import judge_prompt, run_judges
from novaberg.tribunal.judges import AGENTS, STATUS_ERROR, judge_input, missing_lines, timed_out
from novaberg.tribunal.texts import JUDGEMENT_INCOMPLETE
from tests.model_answers import answer, recognise
from tests.model_server import OneSlotServer, one_slot_server
from tests.support import make_nova

NOW = datetime(2026, 11, 30, 9, 30, tzinfo=ZoneInfo("Europe/Berlin"))
JUDGE_TASKS = [f"tribunal_{j.name}" for j in AGENTS]


@contextmanager
def one_slot(hold: dict[str, float]) -> Any:
    """A one-slot server that answers at once except for the tasks in `hold` (seconds each holds the slot)."""
    server = OneSlotServer(answer, recognise, prompt_rate=1e9, answer_rate=1e9)
    server.hang.update(hold)
    with one_slot_server(server) as url:
        yield server, url


def test_three_judges_complete_on_a_one_slot_server():
    """issue 30 §4: each judge's deadline starts when its request is sent. Every judge holds the one slot
    0.4 s and the time-out is 1.0 s: sent all at once, the third waited 0.8 s in the server's queue and timed
    out; sent in turn, all three judge."""
    with one_slot({task: 0.4 for task in JUDGE_TASKS}) as (server, url):
        llm = OpenAICompatibleLLM("bench", url, timeout=1.0)
        votes = run_judges(Asker(llm), judge_input("Wie geht es dir?", "Mir geht es gut, danke!"))
    assert [(v.agent, v.status, v.vote) for v in votes] == [(j.name, "beurteilt", "ok") for j in AGENTS]
    assert [s.task for s in server.served] == JUDGE_TASKS  # in AGENTS order, one after another
    assert all(later.started >= earlier.finished for earlier, later in zip(server.served, server.served[1:], strict=False))


def test_a_server_with_three_slots_gets_the_judges_at_once():
    """issue 12 §3 still holds where the server has the slots: `slots=3` sends all three at once."""
    with one_slot({}) as (server, url):
        llm = OllamaLLM("bench", url, timeout=5.0, slots=3)
        votes = run_judges(Asker(llm), judge_input("a", "b"))
    assert [v.status for v in votes] == ["beurteilt"] * 3
    arrived = sorted(s.arrived for s in server.served)
    assert arrived[-1] < max(s.finished for s in server.served)  # the last was sent before the round ended


def test_a_hanging_judge_is_a_named_time_out_not_a_silent_ok():
    """issue 30 §4: the ethicist hangs past its time-out: its vote is a `fehler` marked as timed out, the two
    others judged, and the missing judgement is a line of its own."""
    with one_slot({"tribunal_ethik": 3.0}) as (_, url):
        llm = OpenAICompatibleLLM("bench", url, timeout=0.5)
        votes = run_judges(Asker(llm), judge_input("a", "b"))
    held = [v.as_dict() for v in votes]
    assert [v["status"] for v in held] == ["beurteilt", "beurteilt", STATUS_ERROR]
    assert timed_out(held[2]) and not timed_out(held[0])
    assert missing_lines(held) == [f"[ethik] hat nicht rechtzeitig geantwortet. {JUDGEMENT_INCOMPLETE}"]


def test_a_judge_past_the_tribunals_own_wait_is_timed_out_too():
    """issue 30 §4: when the connector does not end the call (a connector without its own deadline), the
    tribunal's wait — counted from the sending — ends it; a scripted hang stands in for that connector."""
    import threading

    from novaberg.llm.scripted import ScriptedLLM

    release = threading.Event()

    def hang(data: Any) -> dict[str, Any]:
        release.wait(5)
        return {"score": 0.0, "reasoning": "zu spät"}

    llm = ScriptedLLM({"tribunal_jurist": {"score": 0.0, "reasoning": "gut"}, "tribunal_psychologe": hang,
                       "tribunal_ethik": {"score": 0.0, "reasoning": "gut"}})
    try:
        votes = run_judges(Asker(llm), judge_input("a", "b"), wait_seconds=0.3)
    finally:
        release.set()
    assert [v.status for v in votes] == ["beurteilt", STATUS_ERROR, "beurteilt"]
    assert timed_out(votes[1].as_dict())


def _urteil(db: Any) -> list[dict[str, Any]]:
    with db.transaction() as conn:
        return [row["payload"] for row in conn.execute(
            "SELECT payload FROM pipeline_log WHERE node = 'tribunal' AND kind = 'urteil' ORDER BY id")]


def test_a_turn_with_a_hanging_judge_says_its_verdict_is_incomplete(db, redis, tmp_path):
    """issue 30 §4 through `Nova.turn` and the real connector: the answer goes out (tribunal.md §5.4: an
    unjudged answer rather than a blocked graph), the reasons name the judge that did not answer, and the
    durable verdict row says the judgement is incomplete."""
    with one_slot({"tribunal_ethik": 3.0}) as (_, url):
        nova = make_nova(db, redis, OpenAICompatibleLLM("bench", url, timeout=0.5), tmp_path)
        result = nova.turn("anna", "nova", "Wie geht es dir?", NOW)
    assert result.answer == "Mir geht es gut, danke der Nachfrage! Und wie geht es dir heute?"
    assert result.verdict == "ok"
    assert f"[ethik] hat nicht rechtzeitig geantwortet. {JUDGEMENT_INCOMPLETE}" in result.reasons
    rows = _urteil(db)
    assert rows[-1]["vollstaendig"] is False and rows[-1]["ohne_urteil"] == ["ethik"]


def test_a_complete_turn_has_no_missing_line(db, redis, tmp_path):
    """The other side: with every judge answering, nothing is said about missing judges."""
    with one_slot({}) as (_, url):
        nova = make_nova(db, redis, OpenAICompatibleLLM("bench", url, timeout=5.0), tmp_path)
        result = nova.turn("ben", "nova", "Wie geht es dir?", NOW)
    assert result.reasons == [] and _urteil(db)[-1]["vollstaendig"] is True


def test_the_shared_blocks_come_first_byte_for_byte():
    """issue 30 §4: the system text and the blocks all judges share open every judge's prompt in the same
    bytes, so that a server's prefix cache serves them; each perspective's own text comes after them. The
    output format is shared too, except the jurist's when it scores directives."""
    data = judge_input("Wie geht es dir?", "Gut!", memory_context="[ERINNERUNGEN]\n- trinkt gern Tee",
                       directives=["Sprich mich mit Sie an"])
    prompts = [judge_prompt(PromptLoader(), judge, data) for judge in AGENTS]
    assert len({p.system for p in prompts}) == 1
    heads = {p.user.split("[AUSGABEFORMAT]")[0] for p in prompts}
    assert len(heads) == 1
    head = heads.pop()
    assert "[LAGEBILD]" in head and "trinkt gern Tee" in head and "ANTWORT VON NOVA: Gut!" in head
    for judge, prompt in zip(AGENTS, prompts, strict=True):
        assert judge.role in prompt.user.split("[IDENTITAET]")[1]
        assert judge.role not in prompt.system + head
    assert len({p.user.split("[IDENTITAET]")[0] for p in prompts[1:]}) == 1  # psychologe, ethik: format too
    plain = [judge_prompt(PromptLoader(), judge, judge_input("a", "b")) for judge in AGENTS]
    assert len({p.user.split("[IDENTITAET]")[0] for p in plain}) == 1  # without directives: all three


@pytest.mark.parametrize("field", ["memory_context", "annotations", "intent", "tone"])
def test_an_empty_block_is_left_out(field):
    """issue 30 §5: a block goes into a judge's prompt only when it carries something — an empty [LAGEBILD]
    and an empty [INTERNE_ANMERKUNGEN] are absent, with their headings; a filled one is there."""
    bare = judge_prompt(PromptLoader(), AGENTS[1], judge_input("a", "b"))
    assert "[LAGEBILD]" not in bare.user and "[INTERNE_ANMERKUNGEN]" not in bare.user
    assert "nicht bestimmt" not in bare.user and "(keine)" not in bare.user
    filled = judge_prompt(PromptLoader(), AGENTS[1], judge_input("a", "b", **{field: "etwas"}))
    header = "[INTERNE_ANMERKUNGEN]" if field == "annotations" else "[LAGEBILD]"
    assert header in filled.user and "etwas" in filled.user


def test_two_persons_turns_at_once_on_one_slot_each_judged_completely(db, redis, tmp_path):
    """Two persons' turns run at once against one slot (their calls interleave in the server's queue): every
    judge of both turns judges, each verdict is complete, and each person's reasons are their own (empty)."""
    from concurrent.futures import ThreadPoolExecutor

    with one_slot({task: 0.1 for task in JUDGE_TASKS}) as (server, url):
        nova = make_nova(db, redis, OpenAICompatibleLLM("bench", url, timeout=3.0), tmp_path)
        with ThreadPoolExecutor(2) as pool:
            futures = [pool.submit(nova.turn, person, "nova", "Wie geht es dir?", NOW) for person in ("anna", "ben")]
            results = [future.result() for future in futures]
    assert [r.reasons for r in results] == [[], []] and [r.verdict for r in results] == ["ok", "ok"]
    assert sum(s.task in JUDGE_TASKS for s in server.served) == 6
    rows = _urteil(db)
    assert len(rows) == 2 and all(row["vollstaendig"] is True for row in rows)
