"""Registers the files' reading side in the turn (imported by the facade, `SERVICE_MODULES`): the reading
service `dateien` (§8.1), the block readers of `[AUFZEICHNUNGEN]` and `[EIGENE FUNDE]` (§1a.2, §1a.5), and
the service `wissen` that writes into her own zone `knowledge/` on an explicit order (§3a)."""

from __future__ import annotations

from novaberg.agents.readers import block_readers, register_block_reader
from novaberg.agents.services import register_service, registered_services
from novaberg.files.blocks import aufzeichnungen_block, eigene_funde_block
from novaberg.files.knowledge.service import KnowledgeService
from novaberg.files.knowledge.service import route_hint as knowledge_hint
from novaberg.files.reading.service import ReadingService, route_hint

__all__ = ["register"]


def register() -> None:
    if "dateien" not in registered_services():
        register_service(ReadingService(), route_hint)
    if "wissen" not in registered_services():
        register_service(KnowledgeService(), knowledge_hint)
    names = {name for name, _ in block_readers()}
    if "aufzeichnungen" not in names:
        register_block_reader("aufzeichnungen", aufzeichnungen_block)
    if "eigene_funde" not in names:
        register_block_reader("eigene_funde", eigene_funde_block)


register()
