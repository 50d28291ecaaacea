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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from novaberg.core.errors import ModelAnswerError
from novaberg.core.settings import (
    TRIBUNAL_DIRECTIVE_REJECT,
    TRIBUNAL_DIRECTIVE_WARN,
    TRIBUNAL_REJECT,
    TRIBUNAL_WARN,
)
from novaberg.llm.reader import read_number, read_text
from novaberg.tribunal.const import VERDICTS
from novaberg.tribunal.rules import directive_findings
from novaberg.tribunal.texts import (
    JUDGE_MISSING_TIMEOUT,
    JUDGE_MISSING_UNREADABLE,
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
    "majority",
    "verdict_of",
    "offline_judge_rule",
    "read_vote",
    "failed_vote",
    "JUDGE_CONTEXT_BLOCKS",
    "TIMED_OUT_PROBLEM",
    "judge_context",
    "missing_lines",
    "reason_lines",
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


def failed_vote(judge: Judge, problem: str, reasoning: str, seconds: float) -> JudgeVote:
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
