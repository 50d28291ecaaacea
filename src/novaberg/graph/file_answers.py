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
from novaberg.consent import ABLEHNUNG
from novaberg.files.reading.answer import answer_from_files
from novaberg.files.reading.offer import keep_read_offer, read_offered, refuse_read, take_read_offer
from novaberg.situation.offers import consent_reading, is_answer_to_offer

__all__ = ["found_nothing", "files_instead", "files_for_no_service", "READ_ACTION", "read_offer_answer", "read_taken",
           "keep_offer_of"]

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


# --- the fourth exit's offer (§8.2): „Soll ich dir diese Stelle vorlesen?" → „Ja" -----------------------------

READ_ACTION = "vorlesen"


def read_offer_answer(deps: Any, user_id: str, character_id: str, text: str, free: bool) -> dict[str, Any] | None:
    """The route of a turn that answers the pair's open read offer, or None. The offer is taken in every turn
    (it answers only the turn right after it); only a consent or refusal in a turn nothing else claimed
    (`free`: no waiting question) is its answer — any other sentence is a turn of its own."""
    offer = take_read_offer(deps.redis, user_id, character_id)
    if offer is None or not free or not is_answer_to_offer(text):
        return None
    return {"domain": "dateien", "management_action": READ_ACTION, "angebot": offer,
            "abgelehnt": consent_reading(text) == ABLEHNUNG}


def read_taken(decision: dict[str, Any], user_id: str, character_id: str, deps: Any) -> ServiceResult:
    if decision.get("abgelehnt"):
        return refuse_read()
    return read_offered(decision["angebot"], user_id, character_id, deps)


def keep_offer_of(deps: Any, user_id: str, character_id: str, results: list[ServiceResult]) -> None:
    """Keep the read offer of this turn's last result, if it makes one."""
    if results:
        keep_read_offer(deps.redis, user_id, character_id, results[-1])
