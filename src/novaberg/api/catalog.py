"""The one explicit list of what the turn can use: services with their route hints, block readers, the
offline model's rule per task and the per-task temperatures (no registration on import). `Nova`
builds its `Registry` from here and hands it to the graph in `Deps.registry`, and hands the rule table and the
temperatures to the model connector it opens; the graph never imports an agent by name.

Order is meaning:
- SERVICES: a routing tie (two route hints with the same highest score) goes to the service listed FIRST.
- READERS: blocks are read, and handed to the composer, in this order.
- OFFLINE_RULES / TEMPERATURES: a task listed twice is refused (`offline_rules()`, `temperatures()`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import TypeVar
from zoneinfo import ZoneInfo

from novaberg.agents.registry import Declared, Reader, Registry, ServiceEntry
from novaberg.api.forget_me import ForgetMeService
from novaberg.api.forget_me import route_hint as forget_me_hint
from novaberg.directives import agent as directives_agent
from novaberg.directives.agent import SERVICE as DIRECTIVES
from novaberg.directives.agent import route_hint as directives_hint
from novaberg.files import metadata as files_metadata
from novaberg.files.agent import classify as roots_classify
from novaberg.files.agent import const as roots_const
from novaberg.files.agent.agent import SERVICE as FILES_ROOTS
from novaberg.files.agent.classify import route_hint as files_roots_hint
from novaberg.files.deepening import decide as deepening
from novaberg.files.knowledge import gate as knowledge_gate
from novaberg.files.knowledge import judge as knowledge_judge
from novaberg.files.reading import classify as reading_classify
from novaberg.files.reading.agent import (
    KnowledgeService,
    ReadingService,
    aufzeichnungen_block,
    eigene_funde_block,
    knowledge_hint,
)
from novaberg.files.reading.agent import route_hint as reading_hint
from novaberg.graph import compose, evaluate, router
from novaberg.llm.offline import Rule, checked_rules
from novaberg.llm.temperature import checked_temperatures
from novaberg.memory import salience
from novaberg.memory.block import READER as MEMORY_READER
from novaberg.memory.block import read_memory_block
from novaberg.notes.agent import SERVICE as NOTES
from novaberg.notes.agent import const as notes_const
from novaberg.notes.agent import offline as notes_offline
from novaberg.notes.agent import route_hint as notes_hint
from novaberg.notes.agent.bare import NOTES_BARE
from novaberg.notes.agent.const import SERVICE_NAME as NOTES_NAME
from novaberg.pixie.resubmission import READER as RESUBMISSION_READER
from novaberg.pixie.resubmission import read_resubmission_block
from novaberg.situation.lage import KIND_APPOINTMENT, KIND_NOTE
from novaberg.text.commands import read_list_command
from novaberg.text.grammar import QUESTION, analyse
from novaberg.text.intents import intents_of
from novaberg.timeline import events as timeline_events
from novaberg.timeline.agent import classify as timeline_classify
from novaberg.timeline.agent import const as timeline_const
from novaberg.timeline.agent.bare import TIMELINE_BARE
from novaberg.timeline.agent.dispatch import TimelineService, termine_block
from novaberg.timeline.agent.dispatch import route_hint as timeline_hint
from novaberg.timeline.coordination import coordinated_orders
from novaberg.timeline.date_question import date_block
from novaberg.timeline.phrases import elliptic_order
from novaberg.timeline.reading import appointment_window
from novaberg.timeline.reminders import opens_with_reminder
from novaberg.tribunal import judges

__all__ = ["OFFLINE_RULES", "READERS", "SERVICES", "TEMPERATURES", "TIMELINE_DECLARED", "build_registry",
           "offline_rules", "temperatures"]

def _timeline_leaves_to_model(text: str, now: datetime, zone: ZoneInfo) -> bool:
    """A question about appointments the timeline's rule answers only with the proactive window (no period, no
    title): the model is asked for its `timeline_query` (timeline.md §4a)."""
    window, asked = appointment_window({}, text, now, zone)
    questioned = asked or text.rstrip().endswith("?") or analyse(text).mood == QUESTION
    return questioned and window.kind == "proactive"


def _timeline_wants_query_rule(text: str, now: datetime, zone: ZoneInfo) -> bool:
    """The router's `timeline_query` rule carries something (only then is it given): the timeline's hint sees a plausible
    order or question (a mere mention, ~0.2, is none), or its rule reads a question about appointments."""
    return timeline_hint(text) >= router.ORDER_SCORE or appointment_window({}, text, now, zone)[1]


def _notes_own_order(text: str) -> bool:
    """A list order with an item of its own (*Räume Quark von der Einkaufsliste*): never an answer."""
    command = read_list_command(text)
    return command is not None and bool(command.items.strip()) and not command.pronoun


_TIMELINE = TimelineService()
TIMELINE_DECLARED = Declared(own_order=elliptic_order, splits=coordinated_orders, keeps_whole=opens_with_reminder,
                             leaves_to_model=_timeline_leaves_to_model, prompt_rule="termine",
                             wants_rule=_timeline_wants_query_rule,
                             bare=replace(TIMELINE_BARE, lage_kind=KIND_APPOINTMENT))

_TERMINE_READER = "termine"

# `changes_blocks`: the blocks a verified write of the service can change, read again after it (the appointments
# after a timeline write); a list, a note or a directive is in no block, so after their write none is read again.
# A service that declares nothing gets every block read again.
SERVICES: tuple[ServiceEntry, ...] = (
    ServiceEntry(_TIMELINE, timeline_hint, intents_of(_TIMELINE.name), TIMELINE_DECLARED,
                 changes_blocks=(_TERMINE_READER,)),
    ServiceEntry(NOTES, notes_hint, intents_of(NOTES_NAME), Declared(
        own_order=_notes_own_order, bare=replace(NOTES_BARE, lage_kind=KIND_NOTE)), changes_blocks=()),
    ServiceEntry(DIRECTIVES, directives_hint, intents_of(DIRECTIVES.name), changes_blocks=()),
    ServiceEntry(FILES_ROOTS, files_roots_hint, intents_of(FILES_ROOTS.name)),
    ServiceEntry(ReadingService(), reading_hint, intents_of(ReadingService.name)),
    ServiceEntry(KnowledgeService(), knowledge_hint, intents_of(KnowledgeService.name)),
    ServiceEntry(ForgetMeService(), forget_me_hint, intents_of(ForgetMeService.name)),  # the whole person
)

READERS: tuple[tuple[str, Reader], ...] = (
    (_TERMINE_READER, termine_block),
    ("datum", date_block),
    ("aufzeichnungen", aufzeichnungen_block),
    ("eigene_funde", eigene_funde_block),
    (MEMORY_READER, read_memory_block),
    (RESUBMISSION_READER, read_resubmission_block),
)

# Every task a prompt exists for (prompts/default/<task>.*.txt) has its rule here, and no other task
# (tests/agents/test_offline_rules.py). The judges follow tribunal.md §8: a new perspective is one entry in
# `judges.AGENTS` (plus its prompt), so their rows are made from that list.
OFFLINE_RULES: tuple[tuple[str, Rule], ...] = (
    (router.TASK, router.offline_router),
    (compose.TASK, compose.offline_composer),
    (evaluate.TASK, evaluate.offline_corrector),
    (timeline_const.TASK_CLASSIFY, timeline_classify.offline_classify),
    (timeline_events.TASK, timeline_events.offline_events),
    (notes_const.TASK_CLASSIFY, notes_offline.classify_rule),
    (notes_const.TASK_CREATE, notes_offline.create_rule),
    (notes_const.TASK_REWRITE, notes_offline.rewrite_rule),
    (directives_agent.TASK, directives_agent.offline_classify),
    (roots_const.TASK_CLASSIFY, roots_classify.offline_classify),
    (reading_classify.TASK, reading_classify.offline_classify),
    (deepening.TASK, deepening.offline_decide),
    (files_metadata.TASK, files_metadata.offline_describe),
    (knowledge_gate.TASK, knowledge_gate.offline_gate),
    (knowledge_judge.TASK, knowledge_judge.offline_judge),
    (salience.TASK, salience.offline_salience),
    *((judges.task_of(judge), judges.offline_judge_rule(judge)) for judge in judges.AGENTS),
)

# Tasks run at a temperature of their own (tribunal.md §6: the judges at 0.2); every other task at the
# connector's.
TEMPERATURES: tuple[tuple[str, float], ...] = tuple(
    (judges.task_of(judge), judges.JUDGE_TEMPERATURE) for judge in judges.AGENTS)


_Value = TypeVar("_Value")


def _table(kind: str, rows: Sequence[tuple[str, _Value]]) -> dict[str, _Value]:
    tasks = [task for task, _ in rows]
    twice = sorted({task for task in tasks if tasks.count(task) > 1})
    if twice:
        raise ValueError(f"{kind} listed twice in the catalog: {', '.join(twice)}")
    return dict(rows)


def offline_rules() -> Mapping[str, Rule]:
    """The offline connector's task → rule table (read-only)."""
    return checked_rules(_table("offline rule", OFFLINE_RULES))


def temperatures() -> Mapping[str, float]:
    """The model connectors' task → temperature table (read-only)."""
    return checked_temperatures(_table("temperature", TEMPERATURES))


def build_registry() -> Registry:
    return Registry.of(SERVICES, READERS)
