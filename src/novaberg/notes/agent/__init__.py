"""The notes agent (notizen.md): importing it registers the service and the offline model's rules."""

from novaberg.notes.agent import offline as _offline  # noqa: F401 - registers the offline rules
from novaberg.notes.agent.dispatch import SERVICE, NotesService, route_hint

__all__ = ["SERVICE", "NotesService", "route_hint"]
