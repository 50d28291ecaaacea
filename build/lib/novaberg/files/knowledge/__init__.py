"""Nova's own writable zone `knowledge/` (dateien.md §3a, §3a.2a, §3a.3, §4b.3): the one place of the files
service that writes — under the data directory, never inside a shared root. Kept apart from the
read-only modules of `novaberg.files` on purpose (§7 rule 2: the reading side imports no write call)."""

from novaberg.files.knowledge.versions import (
    AnchorInvariantError,
    Document,
    check_invariant,
    parse,
)
from novaberg.files.knowledge.zone import KnowledgeZone, ZoneError

__all__ = ["KnowledgeZone", "ZoneError", "AnchorInvariantError", "Document", "parse", "check_invariant"]
