"""The directives agent: add, list and remove the person's standing rules by conversation.

classify (model task `directives_classify`, offline rule below) → list at once; add and remove ask first and
write only on the closed reading of consent (`read_consent(answer, "direktiven")`: refusal wins, anything
unclear asks again). The pending question carries the pair; an answer from another pair is refused and
nothing is written. Every write is read back bound to the pair before it is reported (`verifiziert: True`).
Importing this module registers the service with the turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from novaberg.agents.confirm import FAILED, confirmed_status
from novaberg.agents.services import AgentRequest, ServiceResult
from novaberg.consent import ABLEHNUNG, ZUSTIMMUNG, read_consent
from novaberg.core.errors import DatabaseError, InputError, ModelAnswerError, ModelError
from novaberg.directives import texts
from novaberg.directives.repository import Directive, DirectivesRepository, check_directive_text
from novaberg.llm.reader import read_number, read_text
from novaberg.text.directive_orders import ADD, LIST, NONE, REMOVE, read_directive_order

__all__ = ["DirectivesService", "SERVICE", "SERVICE_NAME", "route_hint", "parse", "ADD", "LIST", "REMOVE", "NONE"]

SERVICE_NAME = "direktiven"
TASK = "directives_classify"
_ACTIONS = (ADD, LIST, REMOVE, NONE)

def parse(text: str) -> dict[str, Any]:
    """The offline reading of the documented phrasings (the offline model's rule for `directives_classify`)."""
    return read_directive_order(text)


def offline_classify(data: Mapping[str, Any]) -> dict[str, Any]:
    return parse(str(data.get("text", "")))


def route_hint(text: str) -> float:
    """The offline router's score: 0.95 an explicit rule order or a listing/removal of rules, else 0."""
    return 0.95 if parse(text)["aktion"] != NONE else 0.0


def _listing(rows: list[Directive]) -> str:
    if not rows:
        return texts.NONE
    lines = "\n".join(texts.LISTING_LINE.format(number=i, text=d.text) for i, d in enumerate(rows, 1))
    return texts.LISTING.format(lines=lines)


def _classify(request: AgentRequest, deps: Any) -> dict[str, Any]:
    answer = deps.asker.ask(TASK, {"text": request.text})
    action = read_text(answer.fields, "aktion", NONE).strip()
    if action not in _ACTIONS:
        raise ModelAnswerError("feld_falscher_typ", f"aktion {action[:40]!r} is none of {_ACTIONS}")
    number = read_number(answer.fields, "nummer", 0.0, minimum=0, maximum=999)
    return {"aktion": action, "text": read_text(answer.fields, "text", "").strip(),
            "nummer": int(number) if number else None}


def _find(rows: list[Directive], wanted: dict[str, Any]) -> Directive | None:
    number = wanted.get("nummer")
    if number and 1 <= number <= len(rows):
        return rows[number - 1]
    needle = " ".join(str(wanted.get("text") or "").split()).lower()
    if needle:
        hits = [d for d in rows if needle in d.text.lower() or d.text.lower() in needle]
        if len(hits) == 1:
            return hits[0]
    return rows[0] if len(rows) == 1 and not number and not needle else None


class DirectivesService:
    name = SERVICE_NAME
    description = "Direktiven: dauerhafte Regeln des Menschen für Nova (Anrede, verbotene Wörter) anlegen, zeigen, streichen"

    def run(self, request: AgentRequest, deps: Any) -> ServiceResult:
        repo = DirectivesRepository(deps.db)
        try:
            if request.action == "resume":
                return self._resume(request, repo)
            return self._start(request, deps, repo)
        except InputError as err:
            return ServiceResult(SERVICE_NAME, "fehler", str(err), [{"schritt": "pruefen", "fehler": str(err)}])
        except DatabaseError as err:
            return ServiceResult(SERVICE_NAME, "fehler", texts.FAILED, [{"schritt": "schreiben", "fehler": str(err)}])

    def _start(self, request: AgentRequest, deps: Any, repo: DirectivesRepository) -> ServiceResult:
        try:
            wanted = _classify(request, deps)
        except (ModelError, ModelAnswerError):
            wanted = parse(request.text)  # the documented phrasings still work when the model fails
        steps: list[dict[str, Any]] = [{"schritt": "klassifizieren", "aktion": wanted["aktion"]}]
        rows = repo.list(request.user_id, request.character_id)
        if wanted["aktion"] == LIST:
            return ServiceResult(SERVICE_NAME, "abgeschlossen", _listing(rows), steps,
                                 data={"direktiven": [d.as_dict() for d in rows]})
        if wanted["aktion"] == ADD:
            if not wanted["text"]:
                return ServiceResult(SERVICE_NAME, "fehler", texts.NO_TEXT, steps)
            cleaned = check_directive_text(wanted["text"])  # InputError: refused with a sentence, nothing written
            question = texts.ASK_ADD.format(text=cleaned)
            pending = {"aktion": ADD, "text": cleaned, "frage": question, **self._pair(request)}
            return ServiceResult(SERVICE_NAME, "rueckfrage", question, steps, pending)
        if wanted["aktion"] == REMOVE:
            target = _find(rows, wanted)
            if target is None:
                return ServiceResult(SERVICE_NAME, "fehler", texts.NOT_FOUND.format(listing=_listing(rows)), steps)
            question = texts.ASK_REMOVE.format(text=target.text)
            pending = {"aktion": REMOVE, "id": target.id, "text": target.text, "frage": question, **self._pair(request)}
            return ServiceResult(SERVICE_NAME, "rueckfrage", question, steps, pending)
        return ServiceResult(SERVICE_NAME, "fehler", texts.UNCLEAR, steps)

    @staticmethod
    def _pair(request: AgentRequest) -> dict[str, str]:
        return {"user_id": request.user_id, "character_id": request.character_id}

    def _resume(self, request: AgentRequest, repo: DirectivesRepository) -> ServiceResult:
        pending = request.pending or {}
        if pending.get("user_id") != request.user_id or pending.get("character_id") != request.character_id:
            raise InputError(texts.NO_PAIR)  # a question of another pair is never answered here
        answer = read_consent(request.text, "direktiven")
        steps: list[dict[str, Any]] = [{"schritt": "zustimmung", "lesung": answer}]
        if answer == ABLEHNUNG:
            return ServiceResult(SERVICE_NAME, "dismissed",
                                 texts.NOT_ADDED if pending.get("aktion") == ADD else texts.NOT_REMOVED, steps)
        if answer != ZUSTIMMUNG:
            question = str(pending.get("frage") or texts.UNCLEAR)
            return ServiceResult(SERVICE_NAME, "rueckfrage", texts.ASK_AGAIN.format(question=question), steps, pending)
        if pending.get("aktion") == ADD:
            directive, created = repo.add(request.user_id, request.character_id, str(pending.get("text", "")),
                                          request.now)
            # the confirm step reads what is stored, not what the writer reported
            stored = any(d.id == directive.id and d.text == directive.text
                         for d in repo.list(request.user_id, request.character_id))
            steps.append({"schritt": "schreiben", "id": directive.id, "neu": created, "verifiziert": stored})
            if confirmed_status(None, wrote=True, verified=stored) == FAILED:
                return ServiceResult(SERVICE_NAME, FAILED, texts.NOT_CONFIRMED, steps)
            text = texts.ADDED if created else texts.ALREADY
            return ServiceResult(SERVICE_NAME, "abgeschlossen", text.format(text=directive.text), steps,
                                 data={"direktive_id": directive.id})
        if pending.get("aktion") == REMOVE:
            identifier = pending.get("id")
            removed = isinstance(identifier, int) and repo.remove(request.user_id, request.character_id, identifier,
                                                                  request.now)
            if not removed:
                steps.append({"schritt": "streichen", "id": identifier, "verifiziert": False})
                return ServiceResult(SERVICE_NAME, FAILED, texts.FAILED, steps)
            gone = all(d.id != identifier for d in repo.list(request.user_id, request.character_id))
            steps.append({"schritt": "streichen", "id": identifier, "verifiziert": gone})
            if confirmed_status(None, wrote=True, verified=gone) == FAILED:
                return ServiceResult(SERVICE_NAME, FAILED, texts.NOT_CONFIRMED, steps)
            return ServiceResult(SERVICE_NAME, "abgeschlossen", texts.REMOVED.format(text=pending.get("text", "")),
                                 steps)
        return ServiceResult(SERVICE_NAME, "fehler", texts.UNCLEAR, steps)


SERVICE = DirectivesService()
