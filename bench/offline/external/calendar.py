"""Score the offline model on the external calendar requests (`gathered.py`), without a database.

Each sentence goes the turn's way: the offline router, the timeline's classification, and for a create the
agent's own plan (`create_plan`: title, moment, or the question for what is missing). Outcomes:

- done: the expected action; for a create, the plan's title holds the expected title's words (a place said
  with it may stay: *Arzttermin in der Praxis Dr. Müller*) and the plan has the expected day (and clock time
  when one is said) — or, when the sentence lacks a title or a time, the plan asks for it;
- not done: no write (routed elsewhere, refused, a needless question);
- WRONG write: another writing action, or a create that would write another title or another time.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from bench.offline.external.score import DONE, NOT_DONE, WRONG, ExternalReport, load
from bench.offline.score import CATALOG, NOW, WRITING, _Deps
from novaberg.api.catalog import offline_rules
from novaberg.graph.router import route
from novaberg.llm.ask import Asker
from novaberg.llm.offline import OfflineLLM
from novaberg.text.words import fold_umlauts
from novaberg.timeline.agent.classify import classify_text
from novaberg.timeline.agent.search import create_plan

__all__ = ["judge_calendar", "score_calendar"]


def _fold(text: str) -> str:
    return " ".join(fold_umlauts(text.casefold()).split())


def _create_outcome(case: dict[str, str], plan: dict[str, Any] | tuple[str, str]) -> tuple[str, str]:
    if isinstance(plan, tuple):
        step = plan[0]
        wanted = {"titel_fehlt": not case["title"], "zeit_fehlt": bool(case["title"]) and not case["when"]}
        return (DONE if wanted.get(step) else NOT_DONE), f"asks ({step})"
    said = f"create {plan['title']!r} at {plan['event_time'][:16]}"
    if not case["title"]:
        return WRONG, said + " (no title was said)"
    if not case["when"]:
        return WRONG, said + " (no time was said)"
    if not set(_fold(case["title"]).split()) <= set(_fold(plan["title"]).split()):
        return WRONG, said + " (title)"
    if not plan["event_time"].startswith(case["when"]):
        return WRONG, said + " (time)"
    return DONE, said


def judge_calendar(case: dict[str, str], asker: Asker) -> tuple[str, str]:
    text = case["text"]
    decision = route(asker, text, [], "Mittwoch, 2026-11-11", CATALOG)
    if decision["domain"] != "timeline":
        return NOT_DONE, f"routed to {decision['domain']}"
    order = classify_text(_Deps(asker), text, NOW)
    if order.action != case["action"]:
        kind = WRONG if order.action in WRITING["timeline"] else NOT_DONE
        return kind, f"{order.action}: {order.grund or order.target!r}"
    if order.action != "create":
        return DONE, f"{order.action} {order.target!r} {order.zeitausdruck!r}"
    return _create_outcome(case, create_plan(order.as_dict(), text, NOW))


def score_calendar(part: str) -> ExternalReport:
    asker = Asker(OfflineLLM(offline_rules()))
    report = ExternalReport(outcomes=Counter())
    for case in load(part):
        outcome, said = judge_calendar(case, asker)
        report.total += 1
        report.outcomes[outcome] += 1
        report.examples.setdefault(outcome, []).append(f"{case['text']!r}: {said}")
    return report
