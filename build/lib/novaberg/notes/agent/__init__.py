"""The notes agent (notizen.md): its service and route hint; `api.catalog` lists them and the offline rules
(`notes.agent.offline`) — importing this package registers nothing."""

from novaberg.notes.agent.dispatch import SERVICE, NotesService, route_hint

__all__ = ["SERVICE", "NotesService", "route_hint"]
