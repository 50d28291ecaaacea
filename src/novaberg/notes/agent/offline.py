"""The offline model's rules for the notes tasks: the everyday phrasings of notizen.md §3 read with
German patterns (`parse`), and the classification, create extraction and rewrite computed from them.

A real model gets the prompts `notes_*.txt`; these rules read the same structured input instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from novaberg.consent import ABLEHNUNG, ZUSTIMMUNG, read_consent
from novaberg.notes.agent.const import (
    DEFAULT_TYPE,
    ENUMERATION_DOUBT,
    LIST_TYPES,
    REJECTED,
    SERVICE_NAME,
)
from novaberg.notes.agent.names import (
    distinguishing_word,
    is_bare_container,
    main_clause,
    note_name_of_clause,
)
from novaberg.text.commands import (
    ADD,
    REMOVE,
    ListCommand,
    ambiguous_enumeration,
    join_list_compounds,
    read_list_command,
    restore_list_colon,
)
from novaberg.text.grammar import LONG_TEXT_CHARS, QUESTION, STATEMENT, analyse
from novaberg.text.list_frames import read_frame, topic_first
from novaberg.text.list_names import dative_receiver, spoken_list_name
from novaberg.text.note_items import (
    activity_list,
    bare_word,
    clean,
    enumeration,
    items_of_text,
    operation_scope,
    put_on,
    split_items,
    title,
    type_for,
    unquote,
    without_lead_noun,
)
from novaberg.text.note_orders import (
    APPEND,
    ASK_ANY,
    ASK_ON,
    CLEAR,
    CLEAR_ALL,
    CLEAR_MAKE,
    CONTENT_MARK,
    CREATE,
    DATIVE_VERBS,
    DELETE,
    DELETE_BY_CONTENT,
    NEED,
    NOTE_COLON,
    NOTE_PLAIN,
    NOTE_THAT,
    READ_ALL,
    READ_CHECKS,
    READ_LOOKS,
    READ_ON,
    READ_SHOW,
    READ_TELL,
    REFERENCE,
    RENAME,
    UPDATE,
    WHAT_IS_MISSING,
)
from novaberg.text.note_words import vocabulary, words_of
from novaberg.text.per_turn import read_once
from novaberg.text.words import contains_word, normalize, words
from novaberg.timeline.phrases import time_expression, without_time

__all__ = ["Reading", "parse", "operation_scope", "running_list", "split_items", "type_for", "items_of_text", "checked_items",
           "content_from_history", "normalized_instruction"]


@dataclass(frozen=True)
class Reading:
    """What the offline rules read from one utterance."""

    action: str  # one of ACTIONS, or REJECTED
    target: str = ""
    target_typ: str = "titel"
    items: tuple[str, ...] = ()
    content: str = ""
    new_name: str = ""
    typ: str = ""
    reason: str = ""
    named: bool = False  # the person gave the name (quoted or as the container word)
    resolved: bool = False  # content or target came from the previous turns (§3 Inhalts-Auflösung)
    extra: dict[str, Any] = field(default_factory=dict)


def _target(match: re.Match[str], history: Sequence[Sequence[str]]) -> tuple[str, bool, bool]:
    """(name, named by the person, resolved from history) for a matched container phrase."""
    quoted = match.groupdict().get("q")
    if quoted:
        return clean(quoted), True, False
    container = match.group("c")
    bare = match.groupdict().get("n")
    if bare and normalize(container) in words_of("generic_containers"):
        return bare, True, False
    if normalize(container) in words_of("generic_containers") and not distinguishing_word(container):
        running = running_list(history)  # *die Liste*, never *die Merkliste* (a name of its own)
        if running:
            return running, False, True
        return title(container), False, False
    return title(container), True, False


def running_list(history: Sequence[Sequence[str]]) -> str:
    """The list the person just had something put on (end of notizen.md: the running-list exception)."""
    for pair in reversed(list(history)):
        person = str(pair[0]) if pair else ""
        reading = parse(person, ())
        if reading.action in ("add_content", "create") and reading.target and (
            reading.typ in LIST_TYPES or normalize(reading.target).endswith("liste")
        ):
            return reading.target
    return ""


def content_from_history(history: Sequence[Sequence[str]]) -> str:
    """§3 Inhalts-Auflösung: the content of the last turn that listed something and was no request."""
    for pair in reversed(list(history)):
        person, nova = (str(pair[0]), str(pair[1])) if len(pair) > 1 else (str(pair[0]), "")
        if parse(person, ()).action != REJECTED or _is_bare_answer(person):
            continue
        source = nova if person.strip().endswith("?") else person
        content = enumeration(source)
        if content:
            return content
    return ""


def _is_bare_answer(text: str) -> bool:
    """A plain yes or no to a question is no content ("ja", "nein danke")."""
    reading = read_consent(text, SERVICE_NAME)
    return reading == ZUSTIMMUNG or (reading == ABLEHNUNG and len(words(text)) <= 3)


def parse(text: str, history: Sequence[Sequence[str]] = ()) -> Reading:
    """The offline reading of one utterance through the request grammar: an order is read
    from its bare form (*„Kannst du mir eine Packliste anlegen mit Pass?“* → *„leg mir eine Packliste an
    mit Pass“*); a question only reads; a statement writes nothing, except a statement of need while a
    list is running (end of notizen.md). A list compound said in two words is read as one (*die einkaufs
    liste*), and items enumerated without commas that may be one item or several are not written."""
    said = restore_list_colon(join_list_compounds(clean(text)))
    reading, consulted = read_once("notes_reading", said, lambda: _read_alone(said))
    if consulted and len(history):  # the reading looked at the conversation: read it with this one, once
        pairs = tuple(tuple(str(part) for part in pair) for pair in history)
        return read_once("notes_reading_in_conversation", (said, pairs), lambda: _parse_whole(said, history))
    return reading


class _NoHistory(Sequence[Sequence[str]]):
    """An empty conversation that notes whether the reading looked at it: a reading that never did is the same
    with any conversation, so it is read once per turn and kept (`text.per_turn`)."""

    def __init__(self) -> None:
        self.consulted = False

    def __len__(self) -> int:
        self.consulted = True
        return 0

    def __getitem__(self, index: Any) -> Any:
        self.consulted = True
        raise IndexError(index)

    def __iter__(self) -> Iterator[Sequence[str]]:
        self.consulted = True
        return iter(())


def _read_alone(said: str) -> tuple[Reading, bool]:
    """The reading of a sentence without its conversation, and whether the conversation was looked at."""
    probe = _NoHistory()
    return _parse_whole(said, probe), probe.consulted


def _parse_whole(text: str, history: Sequence[Sequence[str]]) -> Reading:
    reading = _parse(text, history)
    reading = _with_spoken_name(text, reading) or reading
    if reading.items and reading.action != REJECTED and ambiguous_enumeration(", ".join(reading.items), text):
        return Reading(REJECTED, reason=ENUMERATION_DOUBT)
    return reading


def _with_spoken_name(text: str, reading: Reading) -> Reading | None:
    """*Füge Milch zur Liste Einkauf Rewe hinzu*, *Lösch die Liste Einkauf Rewe*: a list's name of several words after
    the bare list word (`text.list_names`) — read as nothing, or as its first word alone (*Einkauf*). The order is
    read with the bare list word (no history: the name is said), then names the list by the whole name."""
    spoken = spoken_list_name(text)
    if spoken is None or reading.action != REJECTED and normalize(reading.target) != normalize(spoken.name.split()[0]):
        return None
    again = _parse(spoken.without, ())
    if again.action == REJECTED or not is_bare_container(again.target) or reading.action not in (REJECTED, again.action):
        return None  # the order read without the name must be the order read with it
    return replace(again, target=spoken.name, named=True, resolved=False, typ=type_for(spoken.name))


def _parse(text: str, history: Sequence[Sequence[str]]) -> Reading:
    framed = _framed(text, history) if len(text) <= LONG_TEXT_CHARS else None
    if framed is not None:  # before the reader: *Entferne Aufgabe, kaufe Hundefutter* is one task, not two items
        return framed
    command = read_list_command(text, bare_names=True) if len(text) <= LONG_TEXT_CHARS else None
    if command is not None and command.container is not None and command.container.bare and time_expression(text):
        command = None  # *Lösch Zahnarzt von Montag*: a day, not a list
    if command is not None:
        return _list_reading(command, history)
    utterance = analyse(text)
    if len(text) > LONG_TEXT_CHARS:  # a monologue: the rules read the sentence that matters
        text = clean(utterance.core)
    if utterance.mood == QUESTION:
        return _question(text, utterance.core, history)
    if utterance.mood == STATEMENT:
        return _statement(text, history)
    reading = _order(clean(utterance.core), history)
    if reading.action == REJECTED and utterance.core != text:
        reading = _order(text, history)
    return reading


def _list_reading(command: ListCommand, history: Sequence[Sequence[str]]) -> Reading:
    """A list command of the reader (text/commands.py): the items, and the list it names — its name as said,
    the list running in the conversation for a removal from a bare *die Liste*, else the bare word (the search
    node asks which list when several exist); a list's name said as a bare dative (*meiner Baumarkt*). A pronoun item (*nimm ihn von der Liste*) is the thing named in the
    same sentence, else the one item last talked about; with neither, nothing is written."""
    action = "add_content" if command.action == ADD else "remove_content"
    items_text = without_time(command.items) or command.items  # *Füge Milch am Freitag hinzu*: „Milch“
    onto = put_on(items_text) if command.action == REMOVE and command.container is None else ""
    if onto:  # notizen.md §3: *Schmeiß noch Milch drauf* puts it on — never a removal of „Milch drauf“
        action, items_text = "add_content", onto
    if command.pronoun:
        items_text = command.antecedent or _last_item(history)
        if not items_text:
            return Reading(REJECTED, reason="ein Fürwort, dessen Bezug ich nicht kenne")
    container = command.container
    receiver = dative_receiver(items_text) if container is None and command.verb in DATIVE_VERBS else None
    if receiver is not None:  # *Füge Kabelbinder meiner Baumarkt hinzu*: the list by its name, never in the item
        items_text, name = receiver
        target, named, resolved = title(name), True, False
    elif container is not None and container.name:
        target, named, resolved = title(container.name), True, False
    elif container is not None and action == "add_content":
        # *Ergänze Backpapier in der Liste*: an addition to the bare list word is never guessed onto the running
        # list — one list of hers takes it, with several the search asks which (a wrong write is worse than none)
        target, named, resolved = bare_word(container.said), False, False
    else:
        target = running_list(history)
        named, resolved = False, bool(target)
        if not target and container is not None:  # the bare list word (*auf die Liste für morgen*: „Liste“)
            target = bare_word(container.said)
    return checked_items(Reading(action, target, items=split_items(items_text), named=named, resolved=resolved,
                                  typ=type_for(target) if target else ""))


def checked_items(reading: Reading) -> Reading:
    """An item that names nothing (*eine neue*, *diese Dinge*) or starts with a list verb (*markiere Salat*, *alles
    wurde gekauft*) is a misread order: nothing is written (a wrong write is worse than none)."""
    if reading.action not in ("add_content", "remove_content"):
        return reading
    items = tuple(without_lead_noun(item) for item in reading.items)
    for item in items:
        words = [normalize(w) for w in item.split()]
        if not words or all(w in words_of("non_item_words") for w in words) or words[0] in words_of("item_verb_openers"):
            return Reading(REJECTED, reason="kein Eintrag erkennbar")
    return replace(reading, items=items)


def _framed(text: str, history: Sequence[Sequence[str]]) -> Reading | None:
    """The frames of `text/list_frames.py` the reader leaves open: the list said first (read as the order's container),
    a task by its noun, a done mark, *lass … weg*, the items after a comma. A list named nowhere: an addition asks
    which (the bare list word), a removal finds the one list holding the item or asks (the search node)."""
    topic = topic_first(text)
    if topic is not None:
        return _list_reading(topic, history)
    command = read_frame(text)
    if command is None:
        return None
    action = "add_content" if command.action == ADD else "remove_content"
    target = command.container.name if command.container is not None else ""
    if not target and action == "add_content":
        target = "Liste"
    return checked_items(Reading(action, title(target) if target else "", items=split_items(command.items),
                                  named=bool(target), typ=type_for(target) if target else ""))


def _last_item(history: Sequence[Sequence[str]]) -> str:
    """The one item the last list turn named ('' when none or more than one: the pronoun is then unclear)."""
    for pair in reversed(list(history)):
        reading = parse(str(pair[0]) if pair else "", ())
        if reading.items:
            return reading.items[0] if len(reading.items) == 1 else ""
    return ""


def _question(text: str, core: str, history: Sequence[Sequence[str]]) -> Reading:
    """A question reads a note or all notes; it never writes."""
    for candidate in (core, text):
        candidate = clean(candidate).rstrip("?").strip()
        if READ_ALL.match(candidate):
            return Reading("read")
        for rx in (READ_ON, READ_SHOW, READ_TELL, READ_LOOKS, *READ_CHECKS, ASK_ON, ASK_ANY):
            if m := rx.match(candidate):
                target, named, resolved = _target(m, history)
                return Reading("read", target, named=named, resolved=resolved)
    asked = clean(core).rstrip("?").strip()
    activity = activity_list(asked)
    if activity:
        return Reading("read", activity)
    if WHAT_IS_MISSING.match(asked):  # *Was fehlt noch?*: the list being worked on
        target = running_list(history) or str(vocabulary()["list_of_type"]["einkauf"])
        return Reading("read", target, resolved=True)
    return Reading(REJECTED, reason="eine Frage, kein Notizauftrag")


def _need(text: str, history: Sequence[Sequence[str]]) -> Reading | None:
    """*Ich brauche noch Milch*: an item for the running list, else a statement about a need; None: no need."""
    for rx in NEED:
        if m := rx.match(text):
            if time_expression(text) or re.search(r"\d", m.group("items")):
                return None  # *Und morgen um 10 den Zahnarzt*: a time is no item of a list
            target = running_list(history)
            if target:
                return Reading("add_content", target, items=split_items(m.group("items")), resolved=True,
                               typ=type_for(target))
            return Reading(REJECTED, reason="Aussage über einen Bedarf, keine Bitte, und keine laufende Liste")
    return None


def is_need_statement(text: str) -> bool:
    """*Wir brauchen noch X*, *Milch ist alle*, *Uns ist das Mehl ausgegangen*: a statement of need (notizen.md,
    *Nur auf ausdrücklichen Auftrag*: an item for a running list, else nothing is written)."""
    return any(rx.match(clean(text)) for rx in NEED)


def _statement(text: str, history: Sequence[Sequence[str]]) -> Reading:
    """A statement writes nothing — unless it is a need while a list is running (end of notizen.md). An
    imperative the grammar does not know as one (*Lese meine Einkaufsliste vor*, *Öffne die Einkaufsliste*)
    reads as a statement: a read of a named list is still read (it writes nothing)."""
    for rx in (READ_SHOW, READ_TELL, *READ_CHECKS):
        if m := rx.match(text):
            target, named, resolved = _target(m, history)
            return Reading("read", target, named=named, resolved=resolved)
    if m := CLEAR_MAKE.match(text):  # *Räum die Einkaufsliste leer*: an order of emptying the grammar does not know
        target, named, resolved = _target(m, history)
        return Reading("clear_content", target, named=named, resolved=resolved)
    need = _need(text, history)
    if need is not None:
        return need
    return Reading(REJECTED, reason="eine Mitteilung, keine Bitte")


def _order(text: str, history: Sequence[Sequence[str]]) -> Reading:
    """The order rules (first matching rule wins; the order matters)."""
    if m := RENAME.match(text):
        target, named, resolved = _target(m, history)
        return Reading("rename", target, new_name=unquote(m.group("new")), named=named, resolved=resolved)
    for rx in (CLEAR, CLEAR_MAKE, CLEAR_ALL):
        if m := rx.match(text):
            target, named, resolved = _target(m, history)
            return Reading("clear_content", target, named=named, resolved=resolved)
    if m := APPEND.match(text):
        target, named, resolved = _target(m, history)
        return Reading("append", target, content=m.group("content").strip(), named=named, resolved=resolved)
    if READ_ALL.match(text):
        return Reading("read")
    for rx in (READ_ON, READ_SHOW, READ_TELL, READ_LOOKS, *READ_CHECKS):
        if m := rx.match(text):
            target, named, resolved = _target(m, history)
            return Reading("read", target, named=named, resolved=resolved)
    if m := UPDATE.match(text):
        target, named, resolved = _target(m, history)
        content = m.group("content").strip()
        return Reading("update", target, content=content, items=split_items(content), named=named, resolved=resolved)
    if m := NOTE_THAT.match(text):
        clause = m.group("content").strip()
        return Reading("create", note_name_of_clause(clause), content=main_clause(clause), typ=DEFAULT_TYPE)
    if m := REFERENCE.match(text):
        word = m.group("c") or ""
        content = content_from_history(history)
        typ = type_for(word) if word else DEFAULT_TYPE
        return Reading("create", content=content, items=split_items(content) if typ in LIST_TYPES else (),
                       typ=typ, resolved=bool(content))
    if m := NOTE_COLON.match(text):
        return Reading("create", content=m.group("content").strip(), typ=DEFAULT_TYPE)
    if m := CREATE.match(text):
        return _create_reading(m)
    if m := NOTE_PLAIN.match(text):
        return Reading("create", content=m.group("content").strip(), typ=DEFAULT_TYPE)
    command = read_list_command(text)
    if command is not None:  # the core of a polite or framed order (*kannst du … hinzufügen?*)
        return _list_reading(command, history)
    if (m := DELETE_BY_CONTENT.match(text)) and operation_scope(text) != "inhalt":  # not *von der Einkaufsliste*
        return Reading("delete", clean(m.group("content")), target_typ="inhalt", named=True)
    if m := DELETE.match(text):
        target, named, resolved = _target(m, history)
        return Reading("delete", target, named=named, resolved=resolved)
    need = _need(text, history)
    if need is not None:
        return need
    return Reading(REJECTED, reason="kein Notizauftrag erkannt")


def _create_reading(m: re.Match[str]) -> Reading:  # noqa: C901 - one reading, its cases in a row
    container = m.group("c")
    quoted = m.group("q")
    if not quoted and m.group("n") and normalize(container) in words_of("generic_containers"):
        quoted = m.group("n")  # *Erstelle eine Liste Baumarkt mit Spachtel, Pinsel*: the name follows
    elif m.group("n"):
        return Reading(REJECTED, reason="ein Wort nach dem Listennamen, das ich nicht zuordnen kann")
    purpose = m.group("for")
    content = (m.group("content") or "").strip()
    if quoted:
        name = clean(quoted)
    elif purpose and normalize(container) not in words_of("generic_containers"):
        name = f"{title(container)} für {' '.join(purpose.split())}"  # *eine Packliste für den Urlaub*: both said
    elif purpose:
        name = title(clean(purpose))
    elif normalize(container) in words_of("generic_containers"):
        name = ""
    else:
        name = title(container)
    typ = type_for(container, purpose or "", quoted or "")
    if typ == DEFAULT_TYPE and normalize(container).endswith(("liste", "listen")):
        typ = "merkliste"
    items = split_items(content) if typ in LIST_TYPES else ()
    return Reading("create", name, content=content, items=items, typ=typ, named=bool(name))


def normalized_instruction(reading: Reading) -> str:
    """§3 [FACHSPRACHE]: '{action}: {beschreibung}' in the domain language."""
    items = ", ".join(reading.items) or reading.content
    name = reading.target
    match reading.action:
        case "create":
            head = f"create: Neue Notiz '{name}'" if name else "create: Neue Notiz"
            if reading.typ:
                head += f" mit Typ '{reading.typ}'"
            return head + (f" mit Inhalt: {items}" if items else " anlegen")
        case "read":
            return f"read: Notiz '{name}' anzeigen" if name else "read: alle aktiven Notizen anzeigen"
        case "add_content":
            return f"add_content: {items} zu Notiz '{name}' hinzufuegen"
        case "remove_content":
            return f"remove_content: {items} aus Notiz '{name}' entfernen"
        case "clear_content":
            return f"clear_content: gesamten Inhalt von Notiz '{name}' leeren"
        case "rename":
            return f"rename: Notiz '{name}' in '{reading.new_name}' umbenennen"
        case "delete" if reading.target_typ == "inhalt":
            return f"delete: Notiz mit dem Inhalt '{name}' deaktivieren"
        case "delete":
            return f"delete: Notiz '{name}' deaktivieren"
        case "append":
            return f"append: an Notiz '{name}' anhaengen: {reading.content}"
        case "update":
            return f"update: Notiz '{name}' aendern: {reading.content}"
    return ""


# --- the rules the offline connector runs (listed in api.catalog, next to the prompts notes_*.txt)


def classify_rule(data: Mapping[str, Any]) -> dict[str, Any]:
    reading = parse(str(data.get("text", "")), data.get("verlauf") or ())
    if reading.action == REJECTED:
        return {"action": REJECTED, "target": None, "target_typ": None, "normalisiert": "", "grund": reading.reason,
                "konfidenz": "hoch"}
    target = reading.target
    return {
        "action": reading.action,
        "target": target,
        "target_typ": reading.target_typ,
        "konfidenz": "hoch" if reading.named or not target else "mittel",
        "normalisiert": normalized_instruction(reading),
        "neuer_name": reading.new_name,
        "inhalt": reading.content or ", ".join(reading.items),
    }


def create_rule(data: Mapping[str, Any]) -> dict[str, Any]:
    """Type, text and topics of a new note: from the resolved content in `normalisiert`, else the request."""
    history = data.get("verlauf") or ()
    reading = parse(str(data.get("aufgabe", "")), history)
    marked = CONTENT_MARK.search(str(data.get("normalisiert", "")))
    name = str(data.get("target", "") or reading.target)
    typ = reading.typ if reading.typ and reading.typ != DEFAULT_TYPE else type_for(name) if name else DEFAULT_TYPE
    if reading.action == "remove_content":
        items: tuple[str, ...] = ()
        content = ""
    elif marked and not reading.items and not reading.content:
        content = marked.group("content").strip()
        items = split_items(content)
    else:
        items = reading.items
        content = reading.content
    if typ in LIST_TYPES:
        text = "\n".join(items or split_items(content))
    else:
        text = content or ", ".join(items)
    return {"typ": typ, "text": text, "themen": [name] if name and typ in LIST_TYPES else []}


def rewrite_rule(data: Mapping[str, Any]) -> dict[str, Any]:
    """add/remove list items deterministically; `update` takes the text after the colon; else unchanged."""
    current = str(data.get("aktuell", ""))
    action = str(data.get("aktion", ""))
    reading = parse(str(data.get("aenderung", "")), data.get("verlauf") or ())
    items = list(reading.items) or list(split_items(reading.content))
    lines = items_of_text(current)
    if action == "add_content":
        known = {normalize(line) for line in lines}
        lines += [item for item in items if normalize(item) not in known]
        return {"text": "\n".join(lines)}
    if action == "remove_content":
        kept = [line for line in lines if not any(contains_word(line, item) for item in items)]
        return {"text": "\n".join(kept) if len(kept) != len(lines) else current}
    if action == "update" and reading.action == "update" and reading.content:
        return {"text": "\n".join(items) if "\n" in current or "," in reading.content else reading.content}
    return {"text": current}
