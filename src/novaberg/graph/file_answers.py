"""The files answer an everyday question the routed service could not (issue 27 item 1; dateien.md §8.1).

*„Wann muss das Auto wieder zum TÜV?"* reaches the timeline, which finds no appointment of that name;
*„Wie viele Eier brauche ich für die Kässpätzle?"* reaches the notes, which hold none; *„Wo steht der
Router?"* reaches no service. When such a question asks for a date, an amount, a name, a place or a value and
the person's own shared files carry a line of that kind (`files.reading.answer`), that line answers in the
same turn. A service that found something keeps its answer: a calendar question about a stored appointment
stays the timeline's.
"""

from __future__ import annotations

from typing import Any

from novaberg.agents.services import AgentRequest, ServiceResult
from novaberg.files.reading.answer import answer_from_files

__all__ = ["found_nothing", "files_instead", "files_for_no_service"]

_SEARCHING = ("timeline", "notizen")


def found_nothing(result: ServiceResult) -> bool:
    """A read of the timeline by title with no appointment, or the notes with no such note (or no order)."""
    if result.name == "timeline":
        return (result.status == "abgeschlossen" and not result.data.get("termine")
                and any(step.get("ausgang") == "gelesen" and step.get("treffer") == 0 for step in result.steps))
    if result.name == "notizen":
        return any(step.get("schritt") == "nicht_gefunden" or step.get("kein_auftrag") for step in result.steps)
    return False


def files_instead(result: ServiceResult, request: AgentRequest, deps: Any) -> list[ServiceResult]:
    """The routed service's result, replaced by the files' line when it found nothing and the files have one;
    the files' honest „no such line" comes after the service's own answer."""
    if result.name not in _SEARCHING or not found_nothing(result):
        return [result]
    files = answer_from_files(request, deps)
    if files is None:
        return [result]
    return [files] if files.status == "abgeschlossen" else [result, files]


def files_for_no_service(request: AgentRequest, deps: Any) -> list[ServiceResult]:
    """A question no service took: the files' answer, or nothing."""
    files = answer_from_files(request, deps)
    return [files] if files is not None else []
