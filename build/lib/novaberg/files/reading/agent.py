"""The files' reading side in the turn: the reading service `dateien` (§8.1), the block readers of
`[AUFZEICHNUNGEN]` and `[EIGENE FUNDE]` (§1a.2, §1a.5), and the service `wissen` that writes into her own zone
`knowledge/` on an explicit order (§3a). Listed in `api.catalog`; nothing registers on import."""

from __future__ import annotations

from novaberg.files.blocks import aufzeichnungen_block, eigene_funde_block
from novaberg.files.knowledge.service import KnowledgeService
from novaberg.files.knowledge.service import route_hint as knowledge_hint
from novaberg.files.reading.service import ReadingService, route_hint

__all__ = ["KnowledgeService", "ReadingService", "aufzeichnungen_block", "eigene_funde_block", "knowledge_hint",
           "route_hint"]
