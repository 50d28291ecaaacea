"""The offline model's rules for the notes tasks: the everyday phrasings of notizen.md §3 read with
German patterns (`parse`), and the classification, create extraction and rewrite computed from them.

A real model gets the prompts `notes_*.txt`; these rules read the same structured input instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
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
    load_raw_commands,
    names_a_container,
    read_list_command,
    restore_list_colon,
)
from novaberg.text.grammar import LONG_TEXT_CHARS, QUESTION, STATEMENT, analyse
from novaberg.text.list_frames import read_frame, topic_first
from novaberg.text.list_names import dative_receiver, spoken_list_name
from novaberg.text.note_orders import (
    AND,
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
    ENUMERATION_BREAK,
    LIST_BREAK,
    NEED,
    NOTE_COLON,
    NOTE_PLAIN,
    NOTE_THAT,
    QUOTES_CLOSE,
    QUOTES_OPEN,
    READ_ALL,
    READ_CHECKS,
    READ_LOOKS,
    READ_ON,
    READ_SHOW,
    READ_TELL,
    REFERENCE,
    RENAME,
    UPDATE,
    WHAT_FOR_ME,
    WHAT_IS_MISSING,
    content_preposition_before_list,
)
from novaberg.text.note_words import vocabulary, words_of
from novaberg.text.per_turn import read_once
from novaberg.text.words import contains_word, normalize, words
from novaberg.timeline.phrases import time_expression, without_time

__all__ = ["Reading", "parse", "operation_scope", "running_list", "split_items", "type_for", "items_of_text",
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


def _clean(text: str) -> str:
    return " ".join(text.strip().split())


def _unquote(text: str) -> str:
    text = text.strip().rstrip(".!").strip()
    if len(text) >= 2 and text[0] in QUOTES_OPEN and text[-1] in QUOTES_CLOSE:
        text = text[1:-1]
    return text.strip()


def _title(word: str) -> str:
    return word[:1].upper() + word[1:] if word else word




def _one_activity(chunk: str) -> bool:
    """*Obst und Gemüse zu kaufen*, *Milch und Brot besorgen*: the verb at the end governs every noun joined by
    *und* before it — one task, not the item *Obst* and the task *Gemüse zu kaufen* (bf dev, issue 26). Only when
    the earlier parts hold no verb of their own (*Oma anrufen und Fenster putzen* stays two)."""
    parts = AND.split(chunk.strip().strip(".!"))
    if len(parts) < 2:
        return False
    last = parts[-1].split()
    if len(last) < 2:
        return False
    verb = normalize(last[-1])
    activity = verb in vocabulary()["activity_words"] or normalize(last[-2]) == "zu"
    return activity and all(len(part.split()) <= 2 for part in parts[:-1])


def split_items(text: str) -> tuple[str, ...]:
    """'Eier und die Butter, noch Salz' → ('Eier', 'Butter', 'Salz'); 'Obst und Gemüse zu kaufen' stays one."""
    fillers = set(words_of("item_fillers"))
    items: list[str] = []
    pieces = [part for chunk in LIST_BREAK.split(text)
              for part in ([chunk] if _one_activity(chunk) else AND.split(chunk))]
    for part in pieces:
        tokens = part.strip().strip(".!").split()
        while tokens and normalize(tokens[0]) in fillers:
            tokens.pop(0)
        while tokens and normalize(tokens[-1]) in fillers:
            tokens.pop()
        item = " ".join(tokens).strip(" -")
        if item:
            items.append(_unquote(item))
    return tuple(i for i in items if i)


def items_of_text(text: str) -> list[str]:
    """The items of a list text (one per line; a single comma-separated line also counts)."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) == 1 and "," in lines[0]:
        return [part.strip() for part in lines[0].split(",") if part.strip()]
    return lines


def type_for(*words: str) -> str:
    """§8: the type from the words of a name ('Einkaufsliste' → einkauf); generic lists are merklisten."""
    table: Mapping[str, str] = vocabulary()["type_by_word"]
    for word in words:
        low = normalize(word)
        for key in sorted(table, key=len, reverse=True):
            if key in low and table[key] not in ("merkliste", "notiz"):
                return table[key]
    for word in words:
        low = normalize(word)
        if low.endswith(("liste", "listen")):
            return "merkliste"
    return DEFAULT_TYPE


def operation_scope(text: str) -> str:
    """§3 Container vs. Inhalt: a preposition (von/aus/auf/zu) before the note, or a particle such as
    *drauf*/*raus*, makes a content operation ('inhalt'); without one it is the container ('container')."""
    if content_preposition_before_list(text):
        return "inhalt"
    if any(contains_word(text, particle) for particle in words_of("content_particles")):
        return "inhalt"
    return "container"


def _target(match: re.Match[str], history: Sequence[Sequence[str]]) -> tuple[str, bool, bool]:
    """(name, named by the person, resolved from history) for a matched container phrase."""
    quoted = match.groupdict().get("q")
    if quoted:
        return _clean(quoted), True, False
    container = match.group("c")
    bare = match.groupdict().get("n")
    if bare and normalize(container) in words_of("generic_containers"):
        return bare, True, False
    if normalize(container) in words_of("generic_containers") and not distinguishing_word(container):
        running = running_list(history)  # *die Liste*, never *die Merkliste* (a name of its own)
        if running:
            return running, False, True
        return _title(container), False, False
    return _title(container), True, False


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
        content = _enumeration(source)
        if content:
            return content
    return ""


def _is_bare_answer(text: str) -> bool:
    """A plain yes or no to a question is no content ("ja", "nein danke")."""
    reading = read_consent(text, SERVICE_NAME)
    return reading == ZUSTIMMUNG or (reading == ABLEHNUNG and len(words(text)) <= 3)


def _enumeration(text: str) -> str:
    """'Halloumi, Feta, Paneer kommen mir in den Sinn' → 'Halloumi, Feta, Paneer'."""
    text = _clean(text)
    if "," not in text:
        return text.rstrip(".!")
    parts = [p.strip() for p in ENUMERATION_BREAK.split(text) if p.strip()]
    first_words = parts[0].split()
    start = len(first_words)
    while start > 0 and first_words[start - 1][:1].isupper():
        start -= 1
    parts[0] = " ".join(first_words[start:]) or parts[0]
    last_words = parts[-1].split()
    end = 0
    while end < len(last_words) and last_words[end][:1].isupper():
        end += 1
    parts[-1] = " ".join(last_words[:end]) or parts[-1]
    return ", ".join(p.rstrip(".!") for p in parts if p)


def parse(text: str, history: Sequence[Sequence[str]] = ()) -> Reading:
    """The offline reading of one utterance through the request grammar (issue 13): an order is read
    from its bare form (*„Kannst du mir eine Packliste anlegen mit Pass?“* → *„leg mir eine Packliste an
    mit Pass“*); a question only reads; a statement writes nothing, except a statement of need while a
    list is running (end of notizen.md). Issue 26: a list compound said in two words is read as one (*die einkaufs
    liste*), and items enumerated without commas that may be one item or several are not written."""
    said = restore_list_colon(join_list_compounds(_clean(text)))
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
    if len(text) > LONG_TEXT_CHARS:  # a monologue: the rules read the sentence that matters (issue 13)
        text = _clean(utterance.core)
    if utterance.mood == QUESTION:
        return _question(text, utterance.core, history)
    if utterance.mood == STATEMENT:
        return _statement(text, history)
    reading = _order(_clean(utterance.core), history)
    if reading.action == REJECTED and utterance.core != text:
        reading = _order(text, history)
    return reading


def _list_reading(command: ListCommand, history: Sequence[Sequence[str]]) -> Reading:
    """A list command of the reader (text/commands.py): the items, and the list it names — its name as said,
    the list running in the conversation for a removal from a bare *die Liste*, else the bare word (the search
    node asks which list when several exist); a list's name said as a bare dative (*meiner Baumarkt*). A pronoun item (*nimm ihn von der Liste*) is the thing named in the
    same sentence, else the one item last talked about; with neither, nothing is written (issue 26)."""
    action = "add_content" if command.action == ADD else "remove_content"
    items_text = without_time(command.items) or command.items  # *Füge Milch am Freitag hinzu*: „Milch“ (issue 26)
    put_on = _put_on(items_text) if command.action == REMOVE and command.container is None else ""
    if put_on:  # notizen.md §3: *Schmeiß noch Milch drauf* puts it on — never a removal of „Milch drauf“
        action, items_text = "add_content", put_on
    if command.pronoun:
        items_text = command.antecedent or _last_item(history)
        if not items_text:
            return Reading(REJECTED, reason="ein Fürwort, dessen Bezug ich nicht kenne")
    container = command.container
    receiver = dative_receiver(items_text) if container is None and command.verb in DATIVE_VERBS else None
    if receiver is not None:  # *Füge Kabelbinder meiner Baumarkt hinzu*: the list by its name, never in the item
        items_text, name = receiver
        target, named, resolved = _title(name), True, False
    elif container is not None and container.name:
        target, named, resolved = _title(container.name), True, False
    elif container is not None and action == "add_content":
        # *Ergänze Backpapier in der Liste*: an addition to the bare list word is never guessed onto the running
        # list — one list of hers takes it, with several the search asks which (a wrong write is worse than none)
        target, named, resolved = _bare_word(container.said), False, False
    else:
        target = running_list(history)
        named, resolved = False, bool(target)
        if not target and container is not None:  # the bare list word (*auf die Liste für morgen*: „Liste“)
            target = _bare_word(container.said)
    return _checked_items(Reading(action, target, items=split_items(items_text), named=named, resolved=resolved,
                                  typ=type_for(target) if target else ""))


def _put_on(items: str) -> str:
    """The items before a closing particle of putting on (*Milch drauf* → *Milch*), or ''."""
    said = items.split()
    if len(said) > 1 and normalize(said[-1]) in _putting_on():
        return " ".join(said[:-1])
    return ""


@cache
def _putting_on() -> frozenset[str]:
    return frozenset(normalize(word) for word in load_raw_commands()["elliptic_on"])


def _bare_word(said: str) -> str:
    words = said.split()
    return _title(next((w for w in words if names_a_container(w)), words[-1]))


def _without_lead_noun(item: str) -> str:
    """*den Posten Paris* → *Paris*: the word for an entry is no part of the entry."""
    words = item.split()
    lead = 1 if words and normalize(words[0]) in ("den", "die", "das", "der") else 0
    if len(words) > lead + 1 and normalize(words[lead]) in words_of("item_lead_nouns"):
        return " ".join(words[lead + 1:])
    return item


def _checked_items(reading: Reading) -> Reading:
    """An item that names nothing (*eine neue*, *diese Dinge*) or starts with a list verb (*markiere Salat*, *alles
    wurde gekauft*) is a misread order: nothing is written (issue 26: a wrong write is worse than none)."""
    if reading.action not in ("add_content", "remove_content"):
        return reading
    items = tuple(_without_lead_noun(item) for item in reading.items)
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
    return _checked_items(Reading(action, _title(target) if target else "", items=split_items(command.items),
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
        candidate = _clean(candidate).rstrip("?").strip()
        if READ_ALL.match(candidate):
            return Reading("read")
        for rx in (READ_ON, READ_SHOW, READ_TELL, READ_LOOKS, *READ_CHECKS, ASK_ON, ASK_ANY):
            if m := rx.match(candidate):
                target, named, resolved = _target(m, history)
                return Reading("read", target, named=named, resolved=resolved)
    asked = _clean(core).rstrip("?").strip()
    activity = _activity_list(asked)
    if activity:
        return Reading("read", activity)
    if WHAT_IS_MISSING.match(asked):  # *Was fehlt noch?*: the list being worked on
        target = running_list(history) or str(vocabulary()["list_of_type"]["einkauf"])
        return Reading("read", target, resolved=True)
    return Reading(REJECTED, reason="eine Frage, kein Notizauftrag")






def _activity_list(question: str) -> str:
    """*Was muss ich noch einkaufen?*, *Was brauch ich vom Supermarkt?*: a question about what is still to
    do for an activity or at a place reads the list of that kind (its usual name), or ''."""
    m = WHAT_FOR_ME.match(question)
    if not m:
        return ""
    vocab = vocabulary()
    for word in words(m.group("rest")):
        kind = vocab["activity_words"].get(word) or next(
            (typ for stem, typ in vocab["type_by_word"].items() if word.startswith(stem) and typ != "merkliste"), "")
        if kind in vocab["list_of_type"]:
            return str(vocab["list_of_type"][kind])
    return ""


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
    return any(rx.match(_clean(text)) for rx in NEED)


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
        return Reading("rename", target, new_name=_unquote(m.group("new")), named=named, resolved=resolved)
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
        return Reading("delete", _clean(m.group("content")), target_typ="inhalt", named=True)
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
        quoted = m.group("n")  # *Erstelle eine Liste Baumarkt mit Spachtel, Pinsel* (issue 26): the name follows
    elif m.group("n"):
        return Reading(REJECTED, reason="ein Wort nach dem Listennamen, das ich nicht zuordnen kann")
    purpose = m.group("for")
    content = (m.group("content") or "").strip()
    if quoted:
        name = _clean(quoted)
    elif purpose and normalize(container) not in words_of("generic_containers"):
        name = f"{_title(container)} für {' '.join(purpose.split())}"  # *eine Packliste für den Urlaub*: both said
    elif purpose:
        name = _title(_clean(purpose))
    elif normalize(container) in words_of("generic_containers"):
        name = ""
    else:
        name = _title(container)
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
