"""The search node (notizen.md §4): find the note the request means, or ask.

A hit whose name does not carry the distinguishing word of a named list (*Kühlschrankliste* is no
*Packliste*, `names.names_agree`) is no hit. No hit: `read` says so, `add_content`/`remove_content` ask whether to create it (§4 "Rueckfrage bei nicht
gefundener Notiz"), every other write ends `fehler`. More than one in the winner group: one of them named
exactly as said is meant; else `read` takes the first (§5 Read), a write asks which one (§7 Rueckfrage-Szenarien).
"""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from novaberg.agents.deps import Deps
from novaberg.notes.agent.const import (
    LIST_TYPES,
    NOT_FOUND_ASKS,
    PENDING_CHOICE,
    PENDING_MISSING,
    PENDING_NOT_FOUND,
    TARGET_TYPE_DEFAULT,
)
from novaberg.notes.agent.names import is_bare_container, names_agree, synonym_target
from novaberg.notes.agent.offline import items_of_text, split_items
from novaberg.notes.agent.outcome import failure, question
from novaberg.notes.agent.state import NotesState
from novaberg.notes.agent.texts import quote_list, say
from novaberg.notes.repository import NotesRepository
from novaberg.notes.search import find_notes
from novaberg.text.note_words import words_of
from novaberg.text.stems import meet, stem, stems
from novaberg.text.words import contains_word, fold, words

__all__ = ["search", "request_memory"]

_CONTENT_WORD_MIN = 3  # shorter words (*in*, *am*) name no content
_MEET_MIN = 0.7  # a stem equal, the same base, or the head of a compound (text.stems.meet)
_FILLERS = frozenset(words_of("articles")) | frozenset(words_of("item_fillers")) | frozenset(words_of("content_links"))


def request_memory(state: NotesState) -> dict[str, Any]:
    """What a question keeps of the request, so the answer can finish it (JSON-safe)."""
    return {
        "action": state.get("action", ""),
        "target": state.get("target", ""),
        "target_typ": state.get("target_typ", TARGET_TYPE_DEFAULT),
        "normalisiert": state.get("normalisiert", ""),
        "neuer_name": state.get("neuer_name", ""),
        "inhalt": state.get("inhalt", ""),
        "original_aufgabe": state.get("aufgabe") or state.get("text", ""),
    }


def _lists_holding(state: NotesState, runtime: Runtime[Deps]) -> list[dict[str, Any]]:
    """The person's lists that hold every item named in `inhalt` (an item matches a line by its words)."""
    items = split_items(state.get("inhalt", ""))
    rows = [row for row in NotesRepository(runtime.context.db).list(state["user_id"]) if row["typ"] in LIST_TYPES]
    return [row for row in rows
            if items and all(any(contains_word(line, item) for line in items_of_text(row["text"])) for item in items)]


def _which_list(state: NotesState, runtime: Runtime[Deps], action: str) -> dict[str, Any]:
    """*Bitte Backpapier zu unserer Liste hinzufügen*, *Zeig mir die Liste*: a bare *Liste* names no list. One list: that one; several: ask which (never the most recent); none: as when the list is not found."""
    lists = [row for row in NotesRepository(runtime.context.db).list(state["user_id"]) if row["typ"] in LIST_TYPES]
    step = {"schritt": "suche", "via": "listenwort", "treffer": len(lists), "ids": [row["id"] for row in lists]}
    if len(lists) == 1:
        return {"note": lists[0], "steps": [step]}
    if not lists:
        if action == "read":
            return {"status": "abgeschlossen", "answer": say("lesen_nicht_gefunden", target=state.get("target", "")),
                    "steps": [step, {"schritt": "nicht_gefunden"}]}
        if action in NOT_FOUND_ASKS:
            return question(say("frage_nicht_gefunden", target=state.get("target", "")),
                            {"art": PENDING_NOT_FOUND, **request_memory(state)}, step)
        return {**failure("nicht_gefunden", say("nicht_gefunden", target=state.get("target", ""))), "steps": [step]}
    candidates = [{"id": row["id"], "name": row["name"]} for row in lists]
    return question(say("frage_welche_liste", names=quote_list([c["name"] for c in candidates], "oder")),
                    {"art": PENDING_CHOICE, "kandidaten": candidates, **request_memory(state)}, step)


def _by_synonym(state: NotesState, runtime: Runtime[Deps], target: str, step: dict[str, Any]) -> list[dict[str, Any]]:
    """*Setze Milch auf meine Lebensmittelliste*, *Zeige meine Aufgaben*: no list of that name — the person's lists
    whose name carries the word the synonym stands for (`names.synonym_target`); several stay several (the caller
    asks which), none is none."""
    meant = synonym_target(target)
    if not meant:
        return []
    rows = [row for row in NotesRepository(runtime.context.db).list(state["user_id"]) if row["typ"] in LIST_TYPES
            and names_agree(meant, row["name"])]
    step["synonym"] = {"gesagt": target, "steht_fuer": meant, "ids": [row["id"] for row in rows]}
    return rows


def _holding(rows: list[dict[str, Any]], said: str) -> list[dict[str, Any]]:
    """notizen.md §4 with target_typ `inhalt`: the notes whose name or text carries every word said (by stem, so
    *der hohlen Gasse* finds „hohle Gasse“; a compound's head counts, *Gasse* in *Hintergasse*). No similarity
    score decides here: a note that only resembles the words is no hit, because the order deletes it."""
    wanted = [stem(word) for word in words(said) if len(word) >= _CONTENT_WORD_MIN and word not in _FILLERS]
    if not wanted:
        return []
    found = []
    for row in rows:
        held = stems(f"{row.get('name') or ''} {row.get('text') or ''}")
        if all(any(meet(word, other) >= _MEET_MIN for other in held) for word in wanted):
            found.append(row)
    return found


def _by_content(state: NotesState, runtime: Runtime[Deps], target: str) -> dict[str, Any]:
    """A note named by its content: one → that note; several → which one; none → said so, nothing changed. Only
    the person's own notes that are no lists are read (*die Notiz mit Milch* never deletes the shopping list)."""
    every = NotesRepository(runtime.context.db).list(state["user_id"])
    rows = _holding([row for row in every if row["typ"] not in LIST_TYPES], target)  # a list is named as a list
    step = {"schritt": "suche", "via": "inhalt", "treffer": len(rows), "ids": [row["id"] for row in rows]}
    if len(rows) == 1:
        return {"note": rows[0], "steps": [step]}
    if not rows:
        lists = _holding([row for row in every if row["typ"] in LIST_TYPES], target)
        said = (say("inhalt_auf_liste", target=target, names=quote_list([row["name"] for row in lists], "und"))
                if lists else say("inhalt_nicht_gefunden", target=target))
        if state["action"] == "read":
            return {"status": "abgeschlossen", "answer": said, "steps": [step, {"schritt": "nicht_gefunden"}]}
        return {**failure("nicht_gefunden", said), "steps": [step, {"schritt": "nicht_gefunden"}]}
    candidates = [{"id": row["id"], "name": row["name"]} for row in rows]
    return question(say("frage_auswahl", names=quote_list([c["name"] for c in candidates])),
                    {"art": PENDING_CHOICE, "kandidaten": candidates, **request_memory(state)}, step)


def _said_name(name: str) -> str:
    return " ".join(fold(name).split())


def search(state: NotesState, runtime: Runtime[Deps]) -> dict[str, Any]:
    action = state["action"]
    target = state.get("target", "").strip()
    if not target and action == "remove_content" and state.get("inhalt", "").strip():
        holding = _lists_holding(state, runtime)
        if len(holding) == 1:  # *Oma anrufen ist erledigt, streich das*: the one list that holds it
            return {"note": holding[0], "steps": [{"schritt": "suche", "via": "eintrag", "treffer": 1,
                                                   "ids": [holding[0]["id"]]}]}
    if not target:
        return question(say("frage_fehlt", what=say("fehlt_ziel")),
                        {"art": PENDING_MISSING, "feld": "target", **request_memory(state)},
                        {"schritt": "suche", "fehlt": "target"})
    if state.get("target_typ") == "inhalt" and action in ("delete", "read"):
        return _by_content(state, runtime, target)
    if action in ("add_content", "remove_content", "read") and is_bare_container(target):
        return _which_list(state, runtime, action)  # *Zeig mir die Liste* with four lists: which?
    outcome = find_notes(NotesRepository(runtime.context.db), state["user_id"], target,
                         state.get("target_typ", TARGET_TYPE_DEFAULT))
    step = {"schritt": "suche", "via": outcome.via, "treffer": len(outcome.notes),
            "ids": [row["id"] for row in outcome.notes], "scores": [round(s, 4) for s in outcome.scores]}
    named = [row for row in outcome.notes if names_agree(target, row["name"])]
    if len(named) != len(outcome.notes):  # a named list is never another list
        step["anderer_name"] = [row["id"] for row in outcome.notes if row not in named]
        outcome.notes = named
    exact = [row for row in outcome.notes if _said_name(row["name"]) == _said_name(target)]
    if len(exact) == 1 and len(outcome.notes) > 1:  # *Lösch die Liste Einkauf Rewe* beside an „Einkaufsliste“: the
        step["genauer_name"] = exact[0]["id"]  # one list of exactly the name said is meant — no question
        outcome.notes = exact
    if not outcome.notes:
        outcome.notes = _by_synonym(state, runtime, target, step)
    if not outcome.notes:
        if action == "read":
            return {"status": "abgeschlossen", "answer": say("lesen_nicht_gefunden", target=target),
                    "steps": [step, {"schritt": "nicht_gefunden"}]}
        if action in NOT_FOUND_ASKS:
            return question(say("frage_nicht_gefunden", target=target),
                            {"art": PENDING_NOT_FOUND, **request_memory(state)}, step)
        return {**failure("nicht_gefunden", say("nicht_gefunden", target=target)), "steps": [step,
                {"schritt": "nicht_gefunden"}]}
    if len(outcome.notes) == 1 or action == "read":
        return {"note": outcome.notes[0], "steps": [step]}
    candidates = [{"id": row["id"], "name": row["name"]} for row in outcome.notes]
    return question(say("frage_auswahl", names=quote_list([c["name"] for c in candidates])),
                    {"art": PENDING_CHOICE, "kandidaten": candidates, **request_memory(state)}, step)
