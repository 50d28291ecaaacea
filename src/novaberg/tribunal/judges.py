"""The three model judges (tribunal.md §3–§6, §8): score → vote → majority, at most the server's slots at once.

`vote` and `majority` are pure and public (CONTRIBUTING.md "Public names stay stable"); other checks call them. A new perspective is one
entry in `AGENTS` plus its prompt file `tribunal_<name>.system.txt` (§8) — the offline rule, the prompt
and the reading are generic. Every judge answer is read checked (§8, MODELLFELD-UNGEPRUEFT-GELESEN):
no object, a `null` or wrong-typed field, a score outside 0..1 or NaN is a 0.0 vote with status
`fehler`, loud in the log — never the turn's crash (§5.4: better an unjudged answer than a blocked graph).
The judges run on their own threads; one that hangs past its time-out is its own `fehler` vote. The offline
rules answer in this process without a thread, under the same deadline: a late answer is that same vote.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from novaberg.core.errors import ConfigError, ModelAnswerError, ModelError
from novaberg.core.settings import (
    LLM_TIMEOUT_SECONDS,
    TRIBUNAL_DIRECTIVE_REJECT,
    TRIBUNAL_DIRECTIVE_WARN,
    TRIBUNAL_REJECT,
    TRIBUNAL_WARN,
)
from novaberg.llm.answers import JudgeAnswer, check_answer, model_schema
from novaberg.llm.ask import with_schema
from novaberg.llm.base import ModelTimeoutError, Prompt
from novaberg.llm.prompts import render
from novaberg.llm.reader import read_number, read_object, read_text
from novaberg.tribunal.const import VERDICTS
from novaberg.tribunal.rules import directive_findings
from novaberg.tribunal.texts import (
    JUDGE_MISSING_TIMEOUT,
    JUDGE_MISSING_UNREADABLE,
    JUDGE_TIMED_OUT,
    JUDGEMENT_INCOMPLETE,
    NO_REASONING,
    NOT_JUDGED_OFFLINE,
    OFFLINE_DIRECTIVE_OK,
    OFFLINE_DIRECTIVE_VIOLATION,
    UNREADABLE_JUDGE,
)

__all__ = [
    "AGENTS",
    "FEHLER",
    "JUDGE_GRACE_SECONDS",
    "JUDGE_TEMPERATURE",
    "Judge",
    "JudgeVote",
    "STATUS_ERROR",
    "STATUS_JUDGED",
    "STATUS_NOT_JUDGED",
    "judge_input",
    "describe",
    "judge_prompt",
    "majority",
    "verdict_of",
    "offline_judge_rule",
    "read_vote",
    "JUDGE_CONTEXT_BLOCKS",
    "TIMED_OUT_PROBLEM",
    "judge_context",
    "missing_lines",
    "run_judges",
    "run_judges_in_one_request",
    "judges_prompt",
    "ONE_REQUEST_TASK",
    "reason_lines",
    "slots_of",
    "timed_out",
    "task_of",
    "vote",
    "worst_vote",
]

_log = logging.getLogger("novaberg.tribunal")

FEHLER = "fehler"  # the vote word of a judge that failed; counts as `ok` in the majority (§5.4 fallback)
STATUS_JUDGED = "beurteilt"
STATUS_NOT_JUDGED = "nicht_beurteilt"  # offline: no model, no score — said so, never a fake one
STATUS_ERROR = "fehler"
JUDGE_GRACE_SECONDS = 1.0  # a judge thread is waited for the connector's own time-out plus this
TIMED_OUT_PROBLEM = "no answer within"  # the start of a timed-out judge's problem (bench.model_turn counts it)
JUDGE_TEMPERATURE = 0.2  # §6; api.catalog.TEMPERATURES lists it per judge task for the connectors


@dataclass(frozen=True)
class Judge:
    """One perspective (§8: name + system-prompt reference, the rest is generic)."""

    name: str  # internal name, also the prompt file's `tribunal_<name>` and the log's agent
    role: str  # the German role word of the identity line
    warn: float = TRIBUNAL_WARN
    reject: float = TRIBUNAL_REJECT
    sees_directives: bool = False  # §3.1: only the jurist gets the [DIREKTIVEN] block and a second score


AGENTS: list[Judge] = [
    Judge("jurist", "der Jurist", sees_directives=True),
    Judge("psychologe", "der Psychologe"),
    Judge("ethik", "der Ethiker"),
]


def task_of(judge: Judge) -> str:
    return f"tribunal_{judge.name}"


def _unit(name: str, value: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{name} must be a number, got {type(value).__name__}")
    number = float(value)
    if math.isnan(number) or not 0.0 <= number <= 1.0:
        raise ValueError(f"{name} must lie in 0..1, got {value!r}")
    return number


def vote(score: float, warn: float, reject: float) -> str:
    """tribunal.md §5.1: below `warn` → 'ok', below `reject` → 'warnung', else 'ablehnen'.

    Pure. A score or threshold outside 0..1, NaN, or `warn > reject` raises ValueError (TypeError for
    a non-number): a broken score is the reader's business, never silently a vote."""
    s, w, r = _unit("score", score), _unit("warn", warn), _unit("reject", reject)
    if w > r:
        raise ValueError(f"warn {w} lies above reject {r}")
    if s < w:
        return "ok"
    return "warnung" if s < r else "ablehnen"


def worst_vote(*votes: str) -> str:
    """§5.3: the worse vote wins (ablehnen > warnung > ok)."""
    return max((_known(v) for v in votes), key=VERDICTS.index)


def _known(item: str) -> str:
    if item == FEHLER:
        return "ok"
    if item not in VERDICTS:
        raise ValueError(f"unknown vote {item!r}; one of {(*VERDICTS, FEHLER)}")
    return item


def majority(votes: Sequence[str]) -> str:
    """tribunal.md §5.4: two `ablehnen` → 'ablehnen'; two non-ok (warnung, or warnung + ablehnen) → 'warnung';
    else 'ok'. Pure. A `fehler` vote counts as `ok`; an unknown word raises ValueError."""
    if isinstance(votes, str) or not isinstance(votes, Sequence):
        raise TypeError(f"votes must be a sequence of vote words, got {type(votes).__name__}")
    read = [_known(v) for v in votes]
    if read.count("ablehnen") >= 2:
        return "ablehnen"
    if sum(v != "ok" for v in read) >= 2:
        return "warnung"
    return "ok"


@dataclass(frozen=True)
class JudgeVote:
    agent: str
    vote: str  # 'ok' | 'warnung' | 'ablehnen' | 'fehler'
    score: float | None  # None: not judged (offline) or no score readable
    reasoning: str
    status: str  # 'beurteilt' | 'nicht_beurteilt' | 'fehler'
    directive_score: float | None = None
    problems: tuple[str, ...] = ()
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {"agent": self.agent, "vote": self.vote, "score": self.score, "direktiven_score": self.directive_score,
                "reasoning": self.reasoning, "status": self.status, "probleme": list(self.problems),
                "sekunden": round(self.seconds, 3)}


def _score(fields: Mapping[str, Any], key: str, problems: list[str]) -> float | None:
    if fields.get(key) is None:
        return None
    try:
        return read_number(fields, key, minimum=0.0, maximum=1.0)
    except ModelAnswerError as err:
        problems.append(str(err))
        return None


def read_vote(judge: Judge, fields: Mapping[str, Any], directives_asked: bool, offline: bool = False) -> JudgeVote:
    """The checked reading of one judge's answer object (§8). Never raises on model content.

    `beurteilt: false` (no score, said honestly) is read only from the offline connector's rule; from a model
    it is ignored and a missing score is the model's error."""
    problems: list[str] = []
    try:
        reasoning = read_text(fields, "reasoning", "").strip()
    except ModelAnswerError as err:
        problems.append(str(err))
        reasoning = ""
    if offline and fields.get("beurteilt") is False:  # the offline rule's honest "not judged"
        directive = _score(fields, "direktiven_score", problems) if directives_asked else None
        final = vote(directive, TRIBUNAL_DIRECTIVE_WARN, TRIBUNAL_DIRECTIVE_REJECT) if directive is not None else "ok"
        return JudgeVote(judge.name, final, None, reasoning or NOT_JUDGED_OFFLINE, STATUS_NOT_JUDGED, directive,
                         tuple(problems))
    score = _score(fields, "score", problems)
    if score is None and not problems:
        problems.append("field 'score' is missing or null")
    directive = _score(fields, "direktiven_score", problems) if directives_asked else None
    if directives_asked and directive is None and fields.get("direktiven_score") is None:
        problems.append("field 'direktiven_score' is missing or null")
    votes = [vote(score if score is not None else 0.0, judge.warn, judge.reject)]
    if directive is not None:
        votes.append(vote(directive, TRIBUNAL_DIRECTIVE_WARN, TRIBUNAL_DIRECTIVE_REJECT))
    final = worst_vote(*votes)
    if not reasoning and final != "ok":  # an ok vote needs no reasoning: only non-ok ones reach the corrector (§5.5)
        problems.append("field 'reasoning' is missing, null or empty")
    status = STATUS_JUDGED
    if score is None:
        status = STATUS_ERROR
        final = FEHLER if final == "ok" else final
    fallback = UNREADABLE_JUDGE if score is None else (NO_REASONING if final != "ok" else "")
    return JudgeVote(judge.name, final, score if score is not None else 0.0, reasoning or fallback, status,
                     directive, tuple(problems))


def _failed(judge: Judge, problem: str, reasoning: str, seconds: float) -> JudgeVote:
    return JudgeVote(judge.name, FEHLER, 0.0, reasoning, STATUS_ERROR, None, (problem,), seconds)


JUDGE_CONTEXT_BLOCKS = ("[ERINNERUNGEN]",)  # §4.1/§7: the person's context for the [LAGEBILD] is the memory


def judge_context(blocks: Mapping[str, str]) -> str:
    """The turn's blocks a judge reads (§7 `memory_context`: what is known about the person); the others —
    appointments, dates, file excerpts — are for the composer and cost the judges tokens only."""
    return "\n\n".join(text for header, text in blocks.items() if header in JUDGE_CONTEXT_BLOCKS and text.strip())


def judge_input(text: str, answer: str, *, memory_context: str = "", annotations: str = "",
                intent: str = "", tone: str = "", directives: Sequence[str] = ()) -> dict[str, Any]:
    """The structured input every judge reads (§7 "Gelesen (judge)"); the prompt renders it. A field that is
    not known stays empty, and its line stays out of the prompt."""
    return {"user_prompt": text, "response": answer, "memory_context": memory_context, "node_annotations": annotations,
            "intent": intent, "tone": tone, "directives": list(directives)}


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
    agents = list(AGENTS if agents is None else agents)
    started = time.perf_counter()
    prompt = with_schema(ONE_REQUEST_TASK, judges_prompt(asker.prompts, agents, data))
    try:
        result = asker.llm.complete(ONE_REQUEST_TASK, prompt, data)
        fields = read_object(result.text)
    except ModelTimeoutError as err:
        took = time.perf_counter() - started
        return [_failed(j, f"{TIMED_OUT_PROBLEM} the connector's time-out: {err}", JUDGE_TIMED_OUT, took) for j in agents]
    except (ModelError, ConfigError) as err:
        took = time.perf_counter() - started
        return [_failed(j, f"{type(err).__name__}: {err}", UNREADABLE_JUDGE, took) for j in agents]
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
            votes.append(_failed(judge, str(err), UNREADABLE_JUDGE, took))
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
        return _failed(judge, str(err), UNREADABLE_JUDGE, time.perf_counter() - started)
    except ModelTimeoutError as err:  # the connector's own deadline, counted from the request's sending
        return _failed(judge, f"{TIMED_OUT_PROBLEM} the connector's time-out: {err}", JUDGE_TIMED_OUT,
                       time.perf_counter() - started)
    except (ModelError, ConfigError) as err:
        return _failed(judge, f"{type(err).__name__}: {err}", UNREADABLE_JUDGE, time.perf_counter() - started)
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
    """The judges in `AGENTS` order, each on its own (daemon) thread, at most the connector's `slots` at once —
    or, for a connector that answers in this process (`in_process`, the offline rules), one after another here.

    tribunal.md §6 runs them one after another on one GPU; several model servers could take them at once. Both
    hold here: a server with one slot gets them in order (sending three at once only queues them on the server,
    where the last one's time ran out while it waited), a server with more slots gets them at once.

    Each judge's deadline starts when its request is sent, not when the round starts: a judge still running
    `wait_seconds` after it was sent (default: the connector's time-out plus a grace) is a `fehler` vote whose
    problem says so; its thread is left to end on its own and its answer is dropped. The round therefore ends
    after at most (judges / slots) × `wait_seconds`. Votes come back in `AGENTS` order.

    The in-process judges have the same deadline: each one's starts when it is asked (`clock`, monotonic
    seconds); one that answers `wait_seconds` or later after it was asked is a `fehler` vote with the time-out
    problem like a model judge that did not answer in time (tribunal.md §5.4 *Fallback*: counted as `ok` — better
    an unjudged answer than a blocked graph; the verdict is marked incomplete), and its late answer is dropped. No
    thread watches it, so a rule that never returns is not cut off — it is code of this process."""
    agents = list(AGENTS if agents is None else agents)
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
        return _failed(judge, f"{type(err).__name__}: {err}", UNREADABLE_JUDGE, 0.0)


def _inline(asker: Any, judge: Judge, data: Mapping[str, Any], wait_seconds: float,
            clock: Callable[[], float]) -> JudgeVote:
    """An in-process judge asked here, its answer kept only when it came before its deadline."""
    asked = clock()
    outcome = _judged(asker, judge, data)
    took = clock() - asked
    if took >= wait_seconds:
        return _failed(judge, f"{TIMED_OUT_PROBLEM} {wait_seconds:g} s after it was asked (it answered after "
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
                    results[name] = _failed(judge, f"{TIMED_OUT_PROBLEM} {wait_seconds:g} s after it was sent",
                                            JUDGE_TIMED_OUT, now - at)
                    del sent[name]
            if sent and not (waiting and len(sent) < slots):
                done.wait(max(0.0, min(at + wait_seconds for at in sent.values()) - time.monotonic()))
        return [results[judge.name] for judge in agents]


def verdict_of(votes: Sequence[Mapping[str, Any]]) -> str:
    """The judges' verdict from their votes as the turn holds them (`JudgeVote.as_dict()`): a judge that timed out
    is no vote. Without a time-out this is `majority` (§5.4). With one, the majority is taken among the judges that
    answered: two `ablehnen` → 'ablehnen'; half of them or more not ok → 'warnung' (so one `ablehnen` beside a
    time-out and an `ok` sends the answer into a correction round, never out as `ok`); else 'ok'. With every judge
    timed out there is no vote at all: 'ok' here, and the computed checks decide alone."""
    answered = [v["vote"] for v in votes if not timed_out(v)]
    if len(answered) == len(votes):
        return majority(answered)
    if not answered:
        return "ok"
    read = [_known(v) for v in answered]
    if read.count("ablehnen") >= 2:
        return "ablehnen"
    return "warnung" if 2 * sum(v != "ok" for v in read) >= len(read) else "ok"  # read is never empty here


def timed_out(item: Mapping[str, Any]) -> bool:
    """A vote (as the turn holds it) of a judge that gave no answer in time."""
    return any(str(p).startswith(TIMED_OUT_PROBLEM) for p in item.get("probleme") or ())


def missing_lines(votes: Sequence[Mapping[str, Any]]) -> list[str]:
    """No judge silently lost: one line per judge without a readable judgement (time-out, broken
    or no answer), saying that the tribunal's judgement is incomplete. Offline `nicht_beurteilt` is no loss."""
    lines = []
    for item in votes:
        if item.get("status") == STATUS_ERROR:
            why = JUDGE_MISSING_TIMEOUT if timed_out(item) else JUDGE_MISSING_UNREADABLE
            lines.append(f"[{item['agent']}] {why} {JUDGEMENT_INCOMPLETE}")
    return lines


def reason_lines(votes: Sequence[Mapping[str, Any]]) -> list[str]:
    """§5.5: `[agent] reasoning`, only for `warnung`/`ablehnen`; scores stay in the log. Reads the votes as the
    turn holds them (`JudgeVote.as_dict()`)."""
    return [f"[{v['agent']}] {v['reasoning']}" for v in votes if v["vote"] in ("warnung", "ablehnen")]


def offline_judge_rule(judge: Judge) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    """The judge's offline rule (listed per judge in `api.catalog`, with the judges' temperature)."""

    def rule(data: Mapping[str, Any]) -> dict[str, Any]:
        """No model: nothing is scored. The jurist checks the directives a rule can check."""
        if not judge.sees_directives or not data.get("directives"):
            return {"score": None, "beurteilt": False, "reasoning": NOT_JUDGED_OFFLINE}
        found = directive_findings(str(data.get("response", "")), list(data["directives"]))
        if found:
            return {"score": None, "beurteilt": False, "direktiven_score": 1.0,
                    "reasoning": OFFLINE_DIRECTIVE_VIOLATION.format(
                        findings="; ".join(f.reason for f in found))}
        return {"score": None, "beurteilt": False, "reasoning": OFFLINE_DIRECTIVE_OK}

    return rule


def describe(llm: Any) -> str:
    """One line for `novaberg doctor`: which judges run, on which connector, how."""
    connector = getattr(llm, "connector", "?")
    model = getattr(llm, "model", None)
    where = f"{connector}:{model}" if model else str(connector)
    names = ", ".join(j.name for j in AGENTS)
    if connector == "offline":
        return (f"{names} on offline — not judged without a model (vote ok, said in the log); "
                "checkable directives (Sie/du, forbidden word, emoji) by rule")
    slots = slots_of(llm, len(AGENTS))
    how = "one at a time" if slots == 1 else f"{slots} at a time"
    return f"{names} on {where}, {how} (the server's slots), temperature {JUDGE_TEMPERATURE}"
