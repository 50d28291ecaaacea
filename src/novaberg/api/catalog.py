"""The one explicit list of what the turn can use: services with their route hints, and block readers
(issue 25: no registration on import). `Nova` builds its `Registry` from here and hands it to the graph in
`Deps.registry`; the graph never imports an agent by name.

Order is meaning:
- SERVICES: a routing tie (two route hints with the same highest score) goes to the service listed FIRST.
- READERS: blocks are read, and handed to the composer, in this order.
"""

from __future__ import annotations

from novaberg.agents.registry import Reader, Registry, ServiceEntry
from novaberg.directives.agent import SERVICE as DIRECTIVES
from novaberg.directives.agent import route_hint as directives_hint
from novaberg.files.agent.agent import SERVICE as FILES_ROOTS
from novaberg.files.agent.classify import route_hint as files_roots_hint
from novaberg.files.reading.agent import (
    KnowledgeService,
    ReadingService,
    aufzeichnungen_block,
    eigene_funde_block,
    knowledge_hint,
)
from novaberg.files.reading.agent import route_hint as reading_hint
from novaberg.memory.block import READER as MEMORY_READER
from novaberg.memory.block import read_memory_block
from novaberg.notes.agent import SERVICE as NOTES
from novaberg.notes.agent import route_hint as notes_hint
from novaberg.pixie.resubmission import READER as RESUBMISSION_READER
from novaberg.pixie.resubmission import read_resubmission_block
from novaberg.timeline.agent.dispatch import TimelineService, termine_block
from novaberg.timeline.agent.dispatch import route_hint as timeline_hint
from novaberg.timeline.date_question import date_block

__all__ = ["READERS", "SERVICES", "build_registry"]

SERVICES: tuple[ServiceEntry, ...] = (
    ServiceEntry(TimelineService(), timeline_hint),
    ServiceEntry(NOTES, notes_hint),
    ServiceEntry(DIRECTIVES, directives_hint),
    ServiceEntry(FILES_ROOTS, files_roots_hint),
    ServiceEntry(ReadingService(), reading_hint),
    ServiceEntry(KnowledgeService(), knowledge_hint),
)

READERS: tuple[tuple[str, Reader], ...] = (
    ("termine", termine_block),
    ("datum", date_block),
    ("aufzeichnungen", aufzeichnungen_block),
    ("eigene_funde", eigene_funde_block),
    (MEMORY_READER, read_memory_block),
    (RESUBMISSION_READER, read_resubmission_block),
)


def build_registry() -> Registry:
    return Registry.of(SERVICES, READERS)
