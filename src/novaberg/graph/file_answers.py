"""A question the routed service could not answer, or no service took, is answered from whatever Nova holds
(`answers.service`): *„Wann muss das Auto wieder zum TÜV?"* reaches the timeline, which finds no appointment of
that name; *„Wer wartet unsere Gastherme?"* reaches no service. The sentence that answers, from the shared
files, her own knowledge, the notes, comes with its source; when none answers, the answer says so and where she
looked. A service that found something keeps its answer; when nothing answers, the notes keep theirs and a
question that may be about an appointment keeps the calendar's (timeline.md §4a: its failure sentence).
"""

from __future__ import annotations

from typing import Any

from novaberg.agents.services import AgentRequest, ServiceResult
from novaberg.answers.service import answer_question, asked_question
from novaberg.consent import ABLEHNUNG
from novaberg.files.reading.offer import keep_read_offer, read_offered, refuse_read, take_read_offer
from novaberg.situation.offers import consent_reading, is_answer_to_offer
from novaberg.text.question import DATE, SINCE, UNTIL, Question

__all__ = ["found_nothing", "files_instead", "files_for_no_service", "READ_ACTION", "read_offer_answer", "read_taken",
           "keep_offer_of", "a_store_answers"]

_SEARCHING = ("timeline", "notizen")
_SEARCHED_BY = {"timeline": "termin", "notizen": "notiz"}


def found_nothing(result: ServiceResult) -> bool:
    """A read of the timeline by title with no appointment, or the notes with no such note (or no order)."""
    if result.name == "timeline":
        return (result.status == "abgeschlossen" and not result.data.get("termine")
                and any(step.get("ausgang") == "gelesen" and step.get("treffer") == 0 for step in result.steps))
    if result.name == "notizen":
        return any(step.get("schritt") == "nicht_gefunden" or step.get("kein_auftrag") for step in result.steps)
    return False


def files_instead(result: ServiceResult, request: AgentRequest, deps: Any) -> list[ServiceResult]:
    """The routed service's result, replaced by the answer from the other stores when it found nothing and the
    turn asks a question; a question about appointments that nothing answers keeps the calendar's answer."""
    if result.name not in _SEARCHING or not found_nothing(result):
        return [result]
    question = asked_question(request.text)
    if question is None:
        return [result]
    answer = answer_question(request, deps, also_searched=(_SEARCHED_BY[result.name],))
    if answer is None:
        return [result]
    found = answer.data.get("beantwortet") or answer.data.get("beruehrt")  # a sentence, or a file on the topic
    if not found and _keeps_its_own_answer(result.name, question):
        return [result]
    return [answer]


def _keeps_its_own_answer(service: str, question: Question) -> bool:
    """Nothing answers: the notes say which note they did not find; the calendar says which title or period it
    searched when the question may be about an appointment (a calendar word or a time, or *wann* with nothing
    but a title — timeline.md §4a);
    any other question gets the plain „nothing" with where she looked, not a calendar title search."""
    if service == "notizen":
        return True
    said_as_a_title = all(term.noun for term in question.terms)  # *Wann ist die Massage?*, not *… geleert?*
    return question.about_appointments or (question.kind in (DATE, SINCE, UNTIL) and said_as_a_title)


def files_for_no_service(request: AgentRequest, deps: Any, also_searched: tuple[str, ...] = (),
                         rival: str = "", rival_text: str = "") -> list[ServiceResult]:
    """A question no service took: its answer from Nova's stores (or that nothing answers); not a question: []."""
    answer = answer_question(request, deps, also_searched, rival, rival_text)
    return [answer] if answer is not None else []


def a_store_answers(request: AgentRequest, deps: Any) -> bool:
    """Whether the turn is a question about the world (the question reading: no order to her, no question to her)
    that a store answers with a sentence. Such a question is never refused as an order she cannot carry out: a word
    of an out-of-domain order inside it (*veröffentlicht* holds *Licht*, *Mitteltemperatur* a weather word, *Wer
    wartet die Heizung?* a device) asks no device, weather or news service to act; only when nothing answers is it
    one (*Wie wird das Wetter morgen?*)."""
    if asked_question(request.text) is None:
        return False
    answer = answer_question(request, deps)
    return answer is not None and bool(answer.data.get("beantwortet"))


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
