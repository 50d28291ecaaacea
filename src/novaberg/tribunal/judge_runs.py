"""Running the judges (tribunal.md §4.1, §5.4, §6): their prompts, at most the model server's slots at once, each
with its own deadline; a judge that fails or times out is its own `fehler` vote, never the turn's crash. The votes
themselves and their majority are `tribunal/judges.py`'s.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from novaberg.core.errors import ConfigError, ModelAnswerError, ModelError
from novaberg.core.settings import (
    LLM_TIMEOUT_SECONDS,
)
from novaberg.llm.answers import JudgeAnswer, check_answer, model_schema
from novaberg.llm.ask import with_schema
from novaberg.llm.base import ModelTimeoutError, Prompt
from novaberg.llm.prompts import render
from novaberg.llm.reader import read_object
from novaberg.tribunal import judges
from novaberg.tribunal.judges import (
    JUDGE_GRACE_SECONDS,
    JUDGE_TEMPERATURE,
    TIMED_OUT_PROBLEM,
    Judge,
    JudgeVote,
    failed_vote,
    read_vote,
    task_of,
)
from novaberg.tribunal.texts import (
    JUDGE_TIMED_OUT,
    UNREADABLE_JUDGE,
)

__all__ = ["judge_prompt", "ONE_REQUEST_TASK", "judges_prompt", "run_judges_in_one_request", "slots_of", "run_judges", "describe"]

_log = logging.getLogger("novaberg.tribunal")

def judge_prompt(prompts: Any, judge: Judge, data: Mapping[str, Any]) -> Prompt:
    """§4.1 blocks, ordered for a server's prefix cache: the system text and the blocks all
    judges share ([LAGEBILD], [INTERNE_ANMERKUNGEN], [BEWERTUNGSOBJEKT]) come first, byte for byte the same
    for every judge, then the output format (the same unless the jurist scores directives); the perspective's
    own [IDENTITAET] and the jurist's [DIREKTIVEN] (§4.2, only with directives) close the prompt. Every block
    goes through the loader (default → model → connector)."""
    task = task_of(judge)
    own = {"rolle": judge.role, "perspektive": prompts.load(task, "system").strip()}
    system = render(prompts.load("tribunal", "system"), own)  # an override may still name the role here
    identity = render(prompts.load("tribunal", "identitaet"), own).strip()
    directives = list(data.get("directives") or ())
    block = ""
    output = prompts.load("tribunal", "ausgabe")
    if judge.sees_directives and directives:
        listing = "\n".join(f"- {d}" for d in directives)
        block = render(prompts.load(task, "direktiven_pruefung"), {"direktiven": listing}).strip()
        output = prompts.load(task, "direktiven_ausgabe")
    user = render(prompts.load("tribunal", "user"),
                  {**data, "identitaet": identity, "direktiven_block": block, "ausgabeformat": output.strip()})
    return Prompt(system=system, user=user)


ONE_REQUEST_TASK = "tribunal"  # all judges in one request (llm.answers.JudgesAnswer)


def judges_prompt(prompts: Any, agents: Sequence[Judge], data: Mapping[str, Any]) -> Prompt:
    """All perspectives in one prompt (one request, one verdict each): the shared system text and blocks as in
    `judge_prompt`, then every perspective's own text (and the jurist's [DIREKTIVEN] with directives), and one output
    format with one object per perspective."""
    directives = list(data.get("directives") or ())
    system = render(prompts.load("tribunal", "system"), {"rolle": "das Tribunal", "perspektive": ""})
    parts, shapes, blocks = [], [], []
    for judge in agents:
        parts.append(f"### {judge.name} ({judge.role})\n{prompts.load(task_of(judge), 'system').strip()}")
        if judge.sees_directives and directives:
            listing = "\n".join(f"- {d}" for d in directives)
            blocks.append(render(prompts.load(task_of(judge), "direktiven_pruefung"), {"direktiven": listing}).strip())
            shapes.append(f'"{judge.name}": {{"score": <0.0 bis 1.0>, "direktiven_score": <0.0 bis 1.0>, '
                          '"reasoning": "<ein kurzer Satz auf Deutsch>"}')
        else:
            shapes.append(f'"{judge.name}": {{"score": <0.0 bis 1.0>, "reasoning": "<ein kurzer Satz auf Deutsch>"}}')
    identity = render(prompts.load("tribunal", "gemeinsam"), {"perspektiven": "\n\n".join(parts)}).strip()
    output = render(prompts.load("tribunal", "gemeinsam_ausgabe"), {"objekte": "{" + ", ".join(shapes) + "}"})
    user = render(prompts.load("tribunal", "user"), {**data, "identitaet": identity, "direktiven_block": "\n\n".join(blocks),
                                                     "ausgabeformat": output.strip()})
    return Prompt(system=system, user=user)


def run_judges_in_one_request(asker: Any, data: Mapping[str, Any], agents: Sequence[Judge] | None = None) -> list[JudgeVote]:
    """The judges asked in ONE request (one prompt, one verdict per perspective, `llm.answers.JudgesAnswer`), each
    verdict read as its judge's own answer (`read_vote`). An answer that is not the object, or a perspective's part
    that does not fit, is that judge's `fehler` vote; a time-out is every judge's time-out vote (no vote at all).
    Measured against three requests by `bench.tribunal.one_request`; `run_judges` is what the turn uses."""
    agents = list(judges.AGENTS if agents is None else agents)
    started = time.perf_counter()
    prompt = with_schema(ONE_REQUEST_TASK, judges_prompt(asker.prompts, agents, data))
    try:
        result = asker.llm.complete(ONE_REQUEST_TASK, prompt, data)
        fields = read_object(result.text)
    except ModelTimeoutError as err:
        took = time.perf_counter() - started
        return [failed_vote(j, f"{TIMED_OUT_PROBLEM} the connector's time-out: {err}", JUDGE_TIMED_OUT, took) for j in agents]
    except (ModelError, ConfigError) as err:
        took = time.perf_counter() - started
        return [failed_vote(j, f"{type(err).__name__}: {err}", UNREADABLE_JUDGE, took) for j in agents]
    took = time.perf_counter() - started
    votes = []
    for judge in agents:
        own = fields.get(judge.name)
        directives_asked = judge.sees_directives and bool(data.get("directives"))
        try:
            if not isinstance(own, dict):
                raise ModelAnswerError("kein_objekt", f"no object for the judge {judge.name!r}")
            check_answer(task_of(judge), own)
        except ModelAnswerError as err:
            votes.append(failed_vote(judge, str(err), UNREADABLE_JUDGE, took))
            continue
        read = read_vote(judge, own, directives_asked, offline=result.connector == "offline")
        votes.append(replace(read, seconds=took))
    return votes


def _ask_one(asker: Any, judge: Judge, data: Mapping[str, Any]) -> JudgeVote:
    started = time.perf_counter()
    directives_asked = judge.sees_directives and bool(data.get("directives"))
    task = task_of(judge)
    try:
        prompt = with_schema(task, judge_prompt(asker.prompts, judge, data))
        if judge.sees_directives and not directives_asked:  # no directives: no second score to ask for
            prompt = replace(prompt, schema=model_schema(JudgeAnswer))
        result = asker.llm.complete(task, prompt, data)
        fields = check_answer(task, read_object(result.text))  # the same schema the server was sent
    except ModelAnswerError as err:
        return failed_vote(judge, str(err), UNREADABLE_JUDGE, time.perf_counter() - started)
    except ModelTimeoutError as err:  # the connector's own deadline, counted from the request's sending
        return failed_vote(judge, f"{TIMED_OUT_PROBLEM} the connector's time-out: {err}", JUDGE_TIMED_OUT,
                       time.perf_counter() - started)
    except (ModelError, ConfigError) as err:
        return failed_vote(judge, f"{type(err).__name__}: {err}", UNREADABLE_JUDGE, time.perf_counter() - started)
    read = read_vote(judge, fields, directives_asked, offline=result.connector == "offline")
    return JudgeVote(read.agent, read.vote, read.score, read.reasoning, read.status, read.directive_score,
                     read.problems, time.perf_counter() - started)


def slots_of(llm: Any, judges: int) -> int:
    """How many judges are sent at once: the connector's `slots` (a model server's parallel requests; the HTTP
    connectors default to 1); a connector that states none (offline, scripted) takes them all at once."""
    slots = getattr(llm, "slots", None)
    if slots is None:
        return max(1, judges)
    if isinstance(slots, bool) or not isinstance(slots, int) or slots < 1:
        raise ConfigError(f"the connector's slots must be a whole number of at least 1, got {slots!r}")
    return slots


def run_judges(asker: Any, data: Mapping[str, Any], agents: Sequence[Judge] | None = None,
               wait_seconds: float | None = None, clock: Callable[[], float] = time.monotonic) -> list[JudgeVote]:
    """The judges in `judges.AGENTS` order, each on its own (daemon) thread, at most the connector's `slots` at once —
    or, for a connector that answers in this process (`in_process`, the offline rules), one after another here.

    tribunal.md §6 runs them one after another on one GPU; several model servers could take them at once. Both
    hold here: a server with one slot gets them in order (sending three at once only queues them on the server,
    where the last one's time ran out while it waited), a server with more slots gets them at once.

    Each judge's deadline starts when its request is sent, not when the round starts: a judge still running
    `wait_seconds` after it was sent (default: the connector's time-out plus a grace) is a `fehler` vote whose
    problem says so; its thread is left to end on its own and its answer is dropped. The round therefore ends
    after at most (judges / slots) × `wait_seconds`. Votes come back in `judges.AGENTS` order.

    The in-process judges have the same deadline: each one's starts when it is asked (`clock`, monotonic
    seconds); one that answers `wait_seconds` or later after it was asked is a `fehler` vote with the time-out
    problem like a model judge that did not answer in time (tribunal.md §5.4 *Fallback*: counted as `ok` — better
    an unjudged answer than a blocked graph; the verdict is marked incomplete), and its late answer is dropped. No
    thread watches it, so a rule that never returns is not cut off — it is code of this process."""
    agents = list(judges.AGENTS if agents is None else agents)
    if wait_seconds is None:
        wait_seconds = float(getattr(asker.llm, "timeout", LLM_TIMEOUT_SECONDS)) + JUDGE_GRACE_SECONDS
    if getattr(asker.llm, "in_process", False) is True:
        # a connector that answers with code in this process (offline) sends nothing — the judges run
        # one after another here, no thread; each is timed against its deadline
        votes = [_inline(asker, judge, data, wait_seconds, clock) for judge in agents]
    else:
        votes = _sent(asker, agents, data, wait_seconds)
    for item in votes:
        if item.problems:
            _log.error("judge %s: %s", item.agent, "; ".join(item.problems))
    return votes


def _judged(asker: Any, judge: Judge, data: Mapping[str, Any]) -> JudgeVote:
    try:
        return _ask_one(asker, judge, data)
    except Exception as err:  # noqa: BLE001 - a judge's bug is its own vote, never the turn's crash
        _log.exception("judge %s failed", judge.name)
        return failed_vote(judge, f"{type(err).__name__}: {err}", UNREADABLE_JUDGE, 0.0)


def _inline(asker: Any, judge: Judge, data: Mapping[str, Any], wait_seconds: float,
            clock: Callable[[], float]) -> JudgeVote:
    """An in-process judge asked here, its answer kept only when it came before its deadline."""
    asked = clock()
    outcome = _judged(asker, judge, data)
    took = clock() - asked
    if took >= wait_seconds:
        return failed_vote(judge, f"{TIMED_OUT_PROBLEM} {wait_seconds:g} s after it was asked (it answered after "
                              f"{took:.3g} s; the late answer is dropped)", JUDGE_TIMED_OUT, took)
    return outcome


def _sent(asker: Any, agents: list[Judge], data: Mapping[str, Any], wait_seconds: float) -> list[JudgeVote]:
    """The judges on their own (daemon) threads, at most the connector's slots at once, each with its deadline."""
    slots = slots_of(asker.llm, len(agents))
    results: dict[str, JudgeVote] = {}
    done = threading.Condition()

    def work(judge: Judge) -> None:
        outcome = _judged(asker, judge, data)
        with done:
            results.setdefault(judge.name, outcome)  # a judge already given up on keeps its time-out vote
            done.notify_all()

    waiting = list(agents)
    sent: dict[str, float] = {}  # judge name -> when its request went out (monotonic)
    with done:
        while waiting or sent:
            while waiting and len(sent) < slots:
                judge = waiting.pop(0)
                sent[judge.name] = time.monotonic()
                threading.Thread(target=work, args=(judge,), name=f"judge-{judge.name}", daemon=True).start()
            now = time.monotonic()
            for name, at in list(sent.items()):
                if name in results:
                    del sent[name]
                elif now - at >= wait_seconds:
                    judge = next(j for j in agents if j.name == name)
                    results[name] = failed_vote(judge, f"{TIMED_OUT_PROBLEM} {wait_seconds:g} s after it was sent",
                                            JUDGE_TIMED_OUT, now - at)
                    del sent[name]
            if sent and not (waiting and len(sent) < slots):
                done.wait(max(0.0, min(at + wait_seconds for at in sent.values()) - time.monotonic()))
        return [results[judge.name] for judge in agents]


def describe(llm: Any) -> str:
    """One line for `novaberg doctor`: which judges run, on which connector, how."""
    connector = getattr(llm, "connector", "?")
    model = getattr(llm, "model", None)
    where = f"{connector}:{model}" if model else str(connector)
    names = ", ".join(j.name for j in judges.AGENTS)
    if connector == "offline":
        return (f"{names} on offline — not judged without a model (vote ok, said in the log); "
                "checkable directives (Sie/du, forbidden word, emoji) by rule")
    slots = slots_of(llm, len(judges.AGENTS))
    how = "one at a time" if slots == 1 else f"{slots} at a time"
    return f"{names} on {where}, {how} (the server's slots), temperature {JUDGE_TEMPERATURE}"
