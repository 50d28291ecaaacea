"""The resume node (notizen.md §7): the answer to the agent's own question.

- nicht_gefunden: the closed reading of consent (`novaberg.consent.read_consent`); refusal first and
  wins and ends `dismissed`; consent creates the note from the *original* request; anything else asks
  the same question again and executes nothing.
- auswahl: a name only as whole words, then position or id as whole words; with two candidates also
  *obere/untere/andere*. Anything unclear asks again.
- duplikat: *aktualisieren* / *neu* as whole words, the forms one by one (*neu* is not in *erneut*).
- fehlt: the answer supplies the missing piece (target, content, new name).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from langgraph.runtime import Runtime

from novaberg.agents.deps import Deps
from novaberg.agents.pending import is_own_sentence
from novaberg.agents.verb_mappings import confirm
from novaberg.consent import ABLEHNUNG, ZUSTIMMUNG, read_consent
from novaberg.notes.agent.const import (
    ACTIONS,
    FIELD_PRONOUN,
    NOT_FOUND_OFFERED,
    PENDING_CHOICE,
    PENDING_CONFIRM,
    PENDING_DUPLICATE,
    PENDING_MISSING,
    PENDING_NOT_FOUND,
    SERVICE_NAME,
    TARGET_TYPE_DEFAULT,
)
from novaberg.notes.agent.offline import parse
from novaberg.notes.agent.outcome import failure, question
from novaberg.notes.agent.state import NotesState
from novaberg.notes.agent.texts import say
from novaberg.text.commands import read_list_command, unsafe_item_text
from novaberg.text.lexicon import NEGATIONS
from novaberg.text.note_words import vocabulary, words_of
from novaberg.text.words import contains_word, words

__all__ = ["resume", "choose_candidate", "read_duplicate_answer", "UPDATE", "NEW"]

UPDATE = "aktualisieren"
NEW = "neu"
_NO = frozenset(words_of("duplicate_refusals"))


def choose_candidate(answer: str, candidates: Sequence[Mapping[str, Any]]) -> int | None:
    """The index of the candidate the answer names, or None when it names none or several."""
    named = [i for i, c in enumerate(candidates) if str(c.get("name") or "").strip()
             and contains_word(answer, str(c["name"]))]
    if named:
        longest = max(named, key=lambda i: len(words(str(candidates[i]["name"]))))
        if all(contains_word(str(candidates[longest]["name"]), str(candidates[i]["name"])) for i in named):
            return longest
        return None
    said = set(words(answer, join_apostrophes=False))
    picks: set[int] = set()
    for index, candidate in enumerate(candidates):
        if candidate.get("id") not in (None, "") and str(candidate["id"]) in said:
            picks.add(index)
    for position, forms in vocabulary()["choice_ordinals"].items():
        if int(position) <= len(candidates) and said & set(forms):
            picks.add(int(position) - 1)
    if len(candidates) == 2:
        if said & set(words_of("choice_two_first")):
            picks.add(0)
        if said & set(words_of("choice_two_second")):
            picks.add(1)
    return picks.pop() if len(picks) == 1 else None


def read_duplicate_answer(answer: str) -> str | None:
    """'aktualisieren', 'neu' or None (both, neither, or a negation: the question comes again)."""
    said = set(words(answer, join_apostrophes=False))
    update = bool(said & set(words_of("duplicate_update")))
    new = bool(said & set(words_of("duplicate_new")))
    if update == new or said & _NO or any(w in NEGATIONS for w in said):
        return None
    return UPDATE if update else NEW


def _again(pending: Mapping[str, Any], reading: str) -> dict[str, Any]:
    """The same question once more, nothing executed (§7 "Sonst unklar: dieselbe Rückfrage noch einmal")."""
    return question(str(pending.get("frage") or ""), dict(pending),
                    {"schritt": "resume", "pfad": pending.get("art"), "deutung": reading})


def _asked_again(pending: Mapping[str, Any], reading: str) -> dict[str, Any]:
    """An unclear answer to the consent question: the same question, said to be asked again; the waiting state
    stays exactly as it was (a second unclear answer gets the same words, never a growing lead-in)."""
    asked = str(pending.get("frage") or "")
    return {"status": "rueckfrage", "answer": say("frage_nochmal", frage=asked) if asked else asked,
            "pending_out": dict(pending),
            "steps": [{"schritt": "resume", "pfad": pending.get("art"), "deutung": reading}]}


def _request(pending: Mapping[str, Any]) -> dict[str, Any]:
    """The remembered request as state fields."""
    action = str(pending.get("action") or "")
    return {
        "action": action,
        "target": str(pending.get("target") or ""),
        "target_typ": str(pending.get("target_typ") or TARGET_TYPE_DEFAULT),
        "normalisiert": str(pending.get("normalisiert") or ""),
        "neuer_name": str(pending.get("neuer_name") or ""),
        "inhalt": str(pending.get("inhalt") or ""),
        "aufgabe": str(pending.get("original_aufgabe") or ""),
    }


def _not_found(answer: str, pending: Mapping[str, Any]) -> dict[str, Any]:
    reading = read_consent(answer, SERVICE_NAME, NOT_FOUND_OFFERED)
    target = str(pending.get("target") or "")
    if reading == ABLEHNUNG:
        return {"status": "dismissed", "answer": say("nicht_angelegt", target=target),
                "steps": [{"schritt": "resume", "pfad": PENDING_NOT_FOUND, "deutung": ABLEHNUNG}]}
    if reading != ZUSTIMMUNG:
        return _asked_again(pending, reading)
    # Consent: the original request is the content, never the word "ja" (§4, §7).
    return {**_request(pending), "action": "create", "name_offered": True,
            "create_empty": pending.get("action") == "remove_content",
            "steps": [{"schritt": "resume", "pfad": PENDING_NOT_FOUND, "deutung": ZUSTIMMUNG}]}


def _choice(answer: str, pending: Mapping[str, Any]) -> dict[str, Any]:
    candidates = [c for c in pending.get("kandidaten") or [] if isinstance(c, Mapping)]
    index = choose_candidate(answer, candidates)
    if index is None:
        return _again(pending, "unklar")
    chosen = candidates[index]
    return {**_request(pending), "note": {"id": chosen["id"], "name": chosen["name"]},
            "steps": [{"schritt": "resume", "pfad": PENDING_CHOICE, "gewaehlt": chosen["id"]}]}


def _duplicate(answer: str, pending: Mapping[str, Any]) -> dict[str, Any]:
    choice = read_duplicate_answer(answer)
    if choice is None:
        return _again(pending, "unklar")
    step = {"schritt": "resume", "pfad": PENDING_DUPLICATE, "deutung": choice}
    request = _request(pending)
    if choice == NEW:  # the name was settled when the question was asked
        return {**request, "action": "create", "skip_duplicate": True,
                "name_offered": True, "target": str(pending.get("name") or ""),
                "create_empty": bool(pending.get("empty")), "content_override": pending.get("content_override"),
                "steps": [step]}
    note = pending.get("notiz") or {}
    # "aktualisieren": the new content goes into the existing note (an add_content rewrite).
    return {**request, "action": "add_content", "note": {"id": note.get("id"), "name": note.get("name")},
            "steps": [step]}


def _missing(answer: str, pending: Mapping[str, Any]) -> dict[str, Any]:
    said = set(words(answer, join_apostrophes=False))
    field = str(pending.get("feld") or "")
    step = {"schritt": "resume", "pfad": PENDING_MISSING, "feld": field}
    if said & set(words_of("missing_refusal")):
        return {"status": "dismissed", "answer": say("abgebrochen"), "steps": [{**step, "deutung": ABLEHNUNG}]}
    value = answer.strip()
    if not value or value.endswith("?"):
        return _again(pending, "unklar")
    if field == FIELD_PRONOUN:
        return _pronoun_answer(value, pending, step)
    if field == "target" and is_own_sentence(value):
        return _again(pending, "unklar")  # *„Ich war heute beim Bäcker“* names no note
    request = _request(pending)
    note = pending.get("notiz")
    chosen = {"note": {"id": note.get("id"), "name": note.get("name")}} if isinstance(note, Mapping) else {}
    if field == "target":
        return {**request, "target": value, "steps": [step]}
    if field == "neuer_name":
        return {**request, **chosen, "neuer_name": value, "steps": [step]}
    if field == "inhalt" and request["action"] == "append":
        return {**request, **chosen, "inhalt": value, "steps": [step]}
    if field == "inhalt":
        return {**request, "action": "create", "content_override": value, "steps": [step]}
    return failure("rueckfrage_verloren", say("rueckfrage_verloren"))


_ANSWER_MAX_WORDS = 5


def _pronoun_answer(value: str, pending: Mapping[str, Any], step: dict[str, Any]) -> dict[str, Any]:
    """*Streich das* → „Was meinst du mit ‚das‘?" → *den Käse*: the order again with the thing for the pronoun,
    read by the same list grammar. A sentence of its own (*Setz Milch auf die Liste*), a list phrase or
    more than a few words answers nothing: the question comes again, nothing is written."""
    original = str(pending.get("original_aufgabe") or "")
    pronoun = str(pending.get("fuerwort") or "")
    value = value.rstrip(".! ")
    if (len(value.split()) > _ANSWER_MAX_WORDS or unsafe_item_text(value) or read_list_command(value) is not None
            or not original or not pronoun):
        return _again(pending, "unklar")
    said = original.split()
    where = next((k for k, w in enumerate(said) if k > 0 and w.strip(",.!?").casefold() == pronoun.casefold()), None)
    if where is None:
        return _again(pending, "unklar")
    order = " ".join([*said[:where], value, *said[where + 1:]])
    reading = parse(order, ())
    if reading.action != pending.get("action") or not reading.items:
        return _again(pending, "unklar")
    target = reading.target if reading.named else str(pending.get("target") or "")
    return {**_request(pending), "target": target, "aufgabe": order, "normalisiert": "",
            "steps": [{**step, "deutung": "bezug", "auftrag": order}]}


def _confirmation(state: NotesState, pending: Mapping[str, Any], deps: Deps) -> dict[str, Any]:
    """§6 Stufe B: the answer to the question asked because the agent was unsure. A closed consent runs the
    asked request and learns the verb (one confirmation more, `agents.verb_mappings`); a refusal ends it
    (`dismissed`); anything else asks again — nothing is written without the consent."""
    reading = read_consent(state["text"], SERVICE_NAME)
    if reading == ABLEHNUNG:
        return {"status": "dismissed", "answer": say("abgebrochen"),
                "steps": [{"schritt": "resume", "pfad": PENDING_CONFIRM, "deutung": ABLEHNUNG}]}
    if reading != ZUSTIMMUNG:
        return question(say("bestaetigung_nochmal"), dict(pending),
                        {"schritt": "resume", "pfad": PENDING_CONFIRM, "deutung": reading})
    request = _request(pending)
    count = 0
    verb = str(pending.get("verb") or "")
    if verb:
        try:
            count = confirm(deps.db, state["user_id"], state["character_id"], SERVICE_NAME, verb, request["action"],
                            state["now"])
        except ValueError:
            count = 0
    return {**request, "steps": [{"schritt": "resume", "pfad": PENDING_CONFIRM, "deutung": ZUSTIMMUNG,
                                  "verb": verb, "bestaetigungen": count}]}


_PATHS = {PENDING_NOT_FOUND: _not_found, PENDING_CHOICE: _choice, PENDING_DUPLICATE: _duplicate,
          PENDING_MISSING: _missing}


def resume(state: NotesState, runtime: Runtime[Deps]) -> dict[str, Any]:
    pending = state.get("pending_in") or {}
    if str(pending.get("art")) == PENDING_CONFIRM and str(pending.get("action") or "") in ACTIONS:
        return _confirmation(state, pending, runtime.context)
    path = _PATHS.get(str(pending.get("art")))
    if path is None or str(pending.get("action") or "") not in ACTIONS:
        return failure("rueckfrage_verloren", say("rueckfrage_verloren"), art=pending.get("art"))
    return path(state["text"], pending)
