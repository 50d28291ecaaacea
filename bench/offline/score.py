"""Score the offline model on the generated corpus: routing (the offline router) and action (the routed
service's classification, read as the agent reads it). A write from a statement or a question is counted.

No database: the router and the two classifications are the offline rules the turn asks, with the same
input the nodes give them (`classification_data` for the timeline; text and history for the notes,
with the notes' container rule §3 applied as its classify node applies it).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from zoneinfo import ZoneInfo

import novaberg.graph.compose  # noqa: F401 - registers the offline composer rule
import novaberg.notes.agent  # noqa: F401 - registers the notes' offline rules
from bench.offline.corpus import NONE, NOTES, QUESTION, STATEMENT, TIMELINE, Case, corpus
from novaberg.agents.registry import Registry
from novaberg.api.catalog import SERVICES, offline_rules
from novaberg.graph.router import route
from novaberg.llm.ask import Asker
from novaberg.llm.offline import OfflineLLM

__all__ = ["Outcome", "Report", "evaluate", "score", "NOW", "WRITING"]

# The bench measures the router between the timeline and the notes, as before the catalog.
CATALOG = Registry.of([entry for entry in SERVICES if entry.name in ("timeline", "notizen")], ())
NOW = datetime(2026, 11, 11, 9, 30, tzinfo=ZoneInfo("Europe/Berlin"))  # a Wednesday, as in the hand-written cases
WRITING = {
    TIMELINE: {"create", "update", "delete", "reschedule"},
    NOTES: {"create", "update", "append", "add_content", "remove_content", "clear_content", "rename", "delete"},
}


@dataclass(frozen=True)
class Outcome:
    domain: str
    action: str
    target: str


@dataclass
class Report:
    total: int = 0
    correct: int = 0
    target_checked: int = 0
    target_correct: int = 0
    writes_from_statements_or_questions: int = 0
    by_group: Counter = field(default_factory=Counter)
    wrong_by_group: Counter = field(default_factory=Counter)
    failures: list[tuple[Case, Outcome]] = field(default_factory=list)

    @property
    def accuracy(self) -> float:
        return self.correct / self.total if self.total else 0.0


def evaluate(case: Case, asker: Asker) -> Outcome:
    decision = route(asker, case.text, [], "Mittwoch, 2026-11-11", CATALOG)
    domain = decision["domain"]
    if domain == TIMELINE:
        from novaberg.timeline.agent.classify import classify_text

        try:
            order = classify_text(_Deps(asker), case.text, NOW)
        except Exception as err:  # noqa: BLE001 - a failed classification is a wrong answer, not a crash
            return Outcome(domain, f"fehler:{type(err).__name__}", "")
        return Outcome(domain, order.action, order.target)
    if domain == NOTES:
        from novaberg.notes.agent.classify import read_classification
        from novaberg.notes.agent.const import REJECTED, TASK_CLASSIFY
        from novaberg.notes.agent.offline import operation_scope

        fields = asker.ask(TASK_CLASSIFY, {"text": case.text, "kontext": "(kein Verlauf)", "verlauf": []}).fields
        reading = read_classification(fields)
        action = reading["action"]
        if action == "delete" and operation_scope(case.text) == "inhalt":
            action = "remove_content"
        return Outcome(domain, action, "" if action == REJECTED else reading.get("target", ""))
    return Outcome(NONE, "rejected", "")


class _Deps:
    """What `classify_text` reads of the turn's dependencies: the asker."""

    def __init__(self, asker: Asker) -> None:
        self.asker = asker


def _is_correct(case: Case, outcome: Outcome) -> bool:
    if case.kind == STATEMENT:  # nothing written: no service, or the service rejects it
        return outcome.action == "rejected"
    return outcome.domain == case.domain and outcome.action == case.action


def score(cases: list[Case] | None = None) -> Report:
    asker = Asker(OfflineLLM(offline_rules()))
    report = Report()
    for case in cases if cases is not None else corpus():
        outcome = evaluate(case, asker)
        group = (case.domain, case.kind, case.action)
        report.total += 1
        report.by_group[group] += 1
        if _is_correct(case, outcome):
            report.correct += 1
        else:
            report.wrong_by_group[group] += 1
            report.failures.append((case, outcome))
        if case.kind in (STATEMENT, QUESTION) and outcome.action in WRITING.get(outcome.domain, ()):
            report.writes_from_statements_or_questions += 1
        if case.target and case.kind != STATEMENT and _is_correct(case, outcome):
            report.target_checked += 1
            report.target_correct += case.target.casefold() in outcome.target.casefold()
    return report
