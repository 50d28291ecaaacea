"""The classify node (notizen.md §3): action, target, target type and the instruction in the domain
language, read checked; statements are `rejected` (end of notizen.md: only an explicit request writes,
except that a statement of need extends a list that is running in the conversation).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from langgraph.runtime import Runtime

from novaberg.agents.deps import Deps
from novaberg.agents.verb_mappings import learned
from novaberg.core.errors import ModelAnswerError
from novaberg.core.settings import NOTES_CONTEXT_TURN_PAIRS
from novaberg.llm.reader import read_text
from novaberg.notes.agent.const import (
    ACTIONS,
    ENUMERATION_DOUBT,
    FIELD_PRONOUN,
    PENDING_CONFIRM,
    PENDING_MISSING,
    REJECTED,
    SERVICE_NAME,
    TARGET_TYPE_DEFAULT,
    TASK_CLASSIFY,
)
from novaberg.notes.agent.from_reading import FROM_READING, classification_of
from novaberg.notes.agent.offline import operation_scope, parse, running_list
from novaberg.notes.agent.outcome import history_text, model_failure, question, recent_history, trace
from novaberg.notes.agent.state import NotesState
from novaberg.notes.agent.texts import say
from novaberg.notes.search import TARGET_TYPES
from novaberg.text.commands import ADD, read_list_command
from novaberg.text.grammar import verb_key

__all__ = ["classify", "read_classification", "keyword_hints", "confidence_of", "UNKNOWN_ACTION", "NO_REASON",
           "TEXT_FIELDS"]

_log = logging.getLogger("novaberg.notes")

UNKNOWN_ACTION = "unbekannte_aktion"
NO_REASON = "kein Grund angegeben"  # §3: `grund` only on `rejected`, default text
# §3 "Die Antwort wird geprüft gelesen": the text fields and their defaults (`action` has its own way).
TEXT_FIELDS: dict[str, str] = {
    "target": "",
    "target_typ": TARGET_TYPE_DEFAULT,
    "normalisiert": "",
    "neuer_name": "",
    "inhalt": "",
    "konfidenz": "",
}


def read_classification(fields: Mapping[str, Any]) -> dict[str, str]:
    """The checked reading: null/missing → default, a text passes, any other type → ModelAnswerError.

    `action` must be one of the nine actions or `rejected`; anything else is loud (`unbekannte_aktion`)
    instead of the old silent fallback to `read` (§3 "Grenze").
    """
    action = read_text(fields, "action", "").strip()
    if action == REJECTED:
        return {"action": REJECTED, "grund": read_text(fields, "grund", NO_REASON).strip() or NO_REASON}
    if action not in ACTIONS:
        raise ModelAnswerError(UNKNOWN_ACTION, f"unknown notes action {action!r}")
    reading = {"action": action}
    for name, default in TEXT_FIELDS.items():
        reading[name] = read_text(fields, name, default).strip()
    if reading["target_typ"] not in TARGET_TYPES:
        reading["target_typ"] = TARGET_TYPE_DEFAULT
    return reading


def classify(state: NotesState, runtime: Runtime[Deps]) -> dict[str, Any]:
    deps = runtime.context
    history = recent_history(state, NOTES_CONTEXT_TURN_PAIRS)
    data = {"text": state["text"], "kontext": history_text(history), "verlauf": [list(pair) for pair in history]}
    fields: Mapping[str, Any] = classification_of(state.get("lesart")) or {}
    from_reading = bool(fields)  # the route's reading gave it: the text is not read again
    try:
        fields = fields or deps.asker.ask(TASK_CLASSIFY, data).fields
        reading = read_classification(fields)
    except ModelAnswerError as err:
        trace(deps, state, "classify", "fehler", {"schritt": err.step, "fehler": str(err)})
        if err.step == UNKNOWN_ACTION:
            return {"status": "fehler", "answer": say(UNKNOWN_ACTION, action=fields.get("action")),
                    "steps": [{"schritt": UNKNOWN_ACTION, "fehler": str(err)}]}
        return model_failure(err.step)
    if reading["action"] == REJECTED:
        trace(deps, state, "classify", "kein_auftrag", {"grund": reading["grund"]})
        command = read_list_command(state["text"])
        if command is not None and command.pronoun and command.verb:
            # a list order whose pronoun points nowhere (or at two things) asks what is meant — and
            # keeps the order waiting, so that the answer (*den Käse*) resumes it (resume.py, `fuerwort`)
            pending = {"art": PENDING_MISSING, "feld": FIELD_PRONOUN, "original_aufgabe": state["text"],
                       "fuerwort": command.items, "target": running_list(history),
                       "action": "add_content" if command.action == ADD else "remove_content"}
            return question(say("frage_fuerwort", pronoun=command.items), pending,
                            {"schritt": "klassifikation", "action": REJECTED, "kein_auftrag": True,
                             "grund": reading["grund"], "fuerwort": command.items, "ausgang": "rueckfrage"})
        said = "aufzaehlung_unklar" if reading["grund"] == ENUMERATION_DOUBT else "kein_auftrag"
        return {"status": REJECTED, "answer": say(said),
                "steps": [{"schritt": "klassifikation", "action": REJECTED, "kein_auftrag": True,
                           "grund": reading["grund"]}]}
    steps: list[dict[str, Any]] = []
    if reading["action"] == "delete" and operation_scope(state["text"]) == "inhalt":
        # §3: a preposition (von/aus/auf/zu) before the note means its content, never the whole note.
        steps.append({"schritt": "container_regel", "von": "delete", "zu": "remove_content"})
        reading["action"] = "remove_content"
    _log.debug("notes classification: %s", reading)
    trace(deps, state, "classify", "klassifikation", dict(reading))
    if len(reading["normalisiert"]) > len(state["text"]) + 20 and state["text"]:
        _log.info("Inhalts-Auflösung erkannt: aufgabe=%d Zeichen, normalisiert=%d Zeichen", len(state["text"]),
                  len(reading["normalisiert"]))
        trace(deps, state, "classify", "inhalts_aufloesung",
              {"aufgabe": len(state["text"]), "normalisiert": len(reading["normalisiert"])})
    hints = [reading["action"]] if from_reading else keyword_hints(state["text"], history)
    confidence = confidence_of(reading["action"], hints, reading.get("konfidenz", ""))
    steps.insert(0, {"schritt": "klassifikation", **reading, "hinweise": hints, "konfidenz": confidence,
                     **({"quelle": FROM_READING} if from_reading else {})})
    if reading["action"] != "read" and confidence in UNSURE:
        verb = verb_key(state["text"])
        if verb and learned(deps.db, state["user_id"], state["character_id"], SERVICE_NAME, verb, reading["action"]):
            steps[0]["konfidenz"] = CONFIDENCE_LEARNED
        else:
            return _confirmation_question(state, reading, verb, steps)
    return {**reading, "aufgabe": state["text"], "steps": steps}


# --- §6 Stufe A/B/C and the confidence table ---------------------------------------

CONFIDENCE_HIGH = "hoch"
CONFIDENCE_LOW = "niedrig"
CONFIDENCE_CONFLICT = "konflikt"
CONFIDENCE_LEARNED = "hoch_gelernt"
UNSURE = (CONFIDENCE_LOW, CONFIDENCE_CONFLICT)


def keyword_hints(text: str, history: Sequence[Sequence[str]] = ()) -> list[str]:
    """§6 Stufe A, before any model answer is read: the action the German patterns (vocabulary.json,
    read through the request grammar) give the text; none for a statement or an unknown verb."""
    reading = parse(text, history)
    return [] if reading.action == REJECTED else [reading.action]


def confidence_of(action: str, hints: list[str], model_says: str = "") -> str:
    """§6 *Konfidenz*: hint and model agree → hoch; no hint → niedrig; they disagree → konflikt. A model
    that calls itself unsure (`niedrig`/`konflikt`) is taken at its word."""
    if not hints:
        own = CONFIDENCE_LOW
    else:
        own = CONFIDENCE_HIGH if action in hints else CONFIDENCE_CONFLICT
    if own == CONFIDENCE_HIGH and model_says.strip().lower() in UNSURE:
        return model_says.strip().lower()
    return own


def _confirmation_question(state: NotesState, reading: dict[str, str], verb: str,
                           steps: list[dict[str, Any]]) -> dict[str, Any]:
    """§6: low confidence or a conflict → a question (art `bestaetigung`), never a write."""
    target = reading.get("target") or "die Notiz"
    answer = say("bestaetigung", aktion=say(f"tut_{reading['action']}"), target=target)
    pending = {"art": PENDING_CONFIRM, "verb": verb, "original_aufgabe": state["text"],
               **{k: reading.get(k, "") for k in ("action", "target", "target_typ", "normalisiert", "neuer_name",
                                                   "inhalt")}}
    return question(answer, pending, {**steps[0], "ausgang": "unsicher_rueckfrage"})
