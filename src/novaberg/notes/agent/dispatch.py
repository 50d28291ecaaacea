"""The notes service: runs the subgraph for one request and registers itself with the turn.

The offline router's hint (`route_hint`) claims lists and notes; appointments (Termin, eintragen,
erinnern with a time) are the timeline's and score 0 here unless a list or note is named.
"""

from __future__ import annotations

from typing import Any

from novaberg.agents.services import AgentRequest, ServiceResult
from novaberg.notes.agent.agent import notes_graph
from novaberg.notes.agent.const import SERVICE_NAME
from novaberg.notes.agent.offline import is_need_statement, parse
from novaberg.notes.agent.texts import say
from novaberg.text.commands import means_a_list, read_list_command
from novaberg.text.list_frames import read_frame, topic_first
from novaberg.text.note_orders import APPOINTMENT_WORD, CLOCK_TIME, NEED_WORD, NOTE_NOUN, NOTE_VERB
from novaberg.text.small_talk import small_talk
from novaberg.timeline.phrases import time_expression

__all__ = ["NotesService", "route_hint", "SERVICE"]



BARE_NAME_COMMAND = 0.75  # a list verb with a list said by its name alone (*aus Baumarkt*)
PRONOUN_COMMAND = 0.6  # a list verb with a pronoun item and no list: the notes read it with the history
LIST_VERB_COMMAND = 0.8  # a list verb without a list (*Entferne Tomaten*): above the timeline's bare verb (0.7)
LIST_COMMAND = 0.96  # above the timeline's order with a time (0.95): the list is named, the reader read it


def route_hint(text: str) -> float:
    """The offline router's score for the notes: 0.96 a list command the reader (text/commands.py) reads
    with its list, 0.97 a note verb about a thing (notizen.md §1: *„Merk dir,
    dass ich morgen Mehl brauche“* is a note even with its time), 0.9 a list or note named, 0.6 another
    phrasing the offline rules read or a list verb with a pronoun item (*„Nimm ihn wieder runter“*), 0.3 a statement of need (classified there, usually `rejected`).
    An appointment word, or a note verb with a clock time (an event at a moment), leaves it to the timeline."""
    if read_frame(text) is not None or topic_first(text) is not None:
        return LIST_COMMAND  # a frame of text/list_frames.py: a list or a task named, or a done mark
    command = read_list_command(text, bare_names=True)
    if command is not None and command.container is not None and command.container.bare:
        # *Streich Käse aus Baumarkt*: a list verb and a name alone — above the timeline's bare delete verb
        # (0.7), never with a time (*Lösch Zahnarzt von Montag*); the search node checks the name
        if not time_expression(text):
            return BARE_NAME_COMMAND
    elif command is not None and command.container is not None:
        return LIST_COMMAND  # *Lösch den Käse aus meinem Einkauf raus*: a list named in a list command
    if command is not None and command.pronoun and command.verb:
        # *Nimm ihn wieder runter*: the notes resolve it from the last turns, or ask; a list-only verb (*Hak das
        # ab*, *Streich das durch*) is theirs above the timeline's bare verb
        return LIST_VERB_COMMAND if means_a_list(command) else PRONOUN_COMMAND
    if command is not None and command.container is None and means_a_list(command) and not time_expression(text):
        return LIST_VERB_COMMAND  # *Entferne Tomaten*: the notes ask which list
    appointment = bool(APPOINTMENT_WORD.search(text))
    if NOTE_VERB.search(text) and not appointment:
        return 0.5 if CLOCK_TIME.search(text) else 0.97
    if NOTE_NOUN.search(text):
        return 0.9
    if appointment:
        return 0.0
    if parse(text, ()).action != "rejected":
        return 0.6
    if (NEED_WORD.search(text) or is_need_statement(text)) and not time_expression(text) and not small_talk(text):
        return 0.3  # *Und Zahnpasta.* — not *Und morgen um 10 …* (a time) nor *Und tschüss!* (small talk)
    return 0.0


class NotesService:
    name = SERVICE_NAME
    description = "Notizen und Listen: Einkaufslisten, Merkzettel, Ideen anlegen, lesen, ergänzen, streichen, umbenennen, löschen"

    def run(self, request: AgentRequest, deps: Any) -> ServiceResult:
        state = notes_graph().invoke(
            {
                "user_id": request.user_id,
                "character_id": request.character_id,
                "text": request.text,
                "now": request.now,
                "turn_id": request.turn_id,
                "request_action": request.action,
                "pending_in": request.pending,
                "history": list(request.history),
                "kontext": dict(request.kontext),
                "lesart": request.reading,
                "steps": [],
            },
            context=deps,
        )
        status = state.get("status") or "fehler"
        answer = state.get("answer") or (say("ungueltig", reason="kein Ergebnis") if status == "fehler" else "")
        pending = state.get("pending_out") if status == "rueckfrage" else None
        return ServiceResult(SERVICE_NAME, status, answer, list(state.get("steps") or []), pending,
                             dict(state.get("data") or {}))


SERVICE = NotesService()
