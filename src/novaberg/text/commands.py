"""The German list-command reader: which items go on or off which list, in the many ways
people say it — the verb first (*Füge Eier zu meiner Einkaufsliste hinzu*), split (*Nimm den Käse aus
der Einkaufsliste raus*, *Hak die Milch ab*), last as an infinitive (*Milch auf die Einkaufsliste
setzen*), after a polite frame (*Kannst du Tomaten der Einkaufsliste hinzufügen*), or left out
(*Eier auf die Einkaufsliste*); a closing *bitte* or *danke* (also after a comma) is no part of it.

The container phrase is read as one unit — preposition, article or possessive, the list's name in any of
its forms (*Einkaufsliste*, *Einkaufs Liste*, *Baumarkt-Liste*, *Liste Baumarkt*, *dem Einkauf*) — and is
never part of an item: when the rest of the sentence still holds a list word or a preposition pointing at
a list, the reader refuses (None) rather than guess. The words are data (`commands_de.json`).

`read_list_command(text)` returns a `ListCommand` or None (not a list command, or not read safely).
"""
from __future__ import annotations

import re

from novaberg.text.grammar import verb_of
from novaberg.text.list_containers import (
    _find_container,
    _head_of,
    _said,
    is_pronoun,
    names_a_container,
)
from novaberg.text.list_lexicon import (
    ADD,
    DATIVE,
    FROM,
    REMOVE,
    TO,
    Container,
    ListCommand,
    _ends_with,
    _Lexicon,
    _lexicon,
    _starts_with,
    _strip_closing,
    _Tok,
    _tokens,
    _Verb,
    load_raw_commands,
)
from novaberg.text.list_text import ambiguous_enumeration, antecedent, join_list_compounds, restore_list_colon
from novaberg.text.per_turn import read_once
from novaberg.text.words import fold

__all__ = ["Container", "ListCommand", "load_raw_commands", "read_list_command", "read_order_on_list", "antecedent", "ADD", "REMOVE",
           "is_pronoun", "means_a_list", "names_a_container", "unsafe_item_text", "join_list_compounds",
           "ambiguous_enumeration", "restore_list_colon"]

_ON_PARTICLES = frozenset({"drauf", "rauf", "dazu"})
_OFF_PARTICLES = frozenset({"raus", "heraus", "runter", "herunter", "weg"})
_HEAD_COLON = re.compile(r"^\s*(?P<head>[^\W\d_][\w-]*)\s*:\s*(?P<rest>\S.*)$")


def _verb_first(toks: list[_Tok], lx: _Lexicon) -> _Verb | None:
    if not toks:
        return None
    if len(toks) > 1 and toks[1].folded in lx.subjects:
        return None  # *Setzt du …*, *Nimmst du …*: a question, not an order
    return next((v for v in lx.verbs if toks[0].folded in v.forms), None)


def _verb_last(toks: list[_Tok], lx: _Lexicon) -> tuple[_Verb, int, str] | None:
    """(verb, how many tokens it takes at the end, the particle said apart: *raus nehmen*)."""
    if not toks:
        return None
    last = toks[-1].folded
    for verb in lx.verbs:
        infinitive = last if last in verb.infinitives else _without_zu(last, verb)
        if infinitive:
            if len(toks) > 1 and toks[-2].folded in verb.particles:
                return verb, 2, toks[-2].folded
            if len(toks) > 2 and toks[-2].folded == "zu" and infinitive == last:  # *… auf die Liste zu setzen*
                return verb, 2, _joined_particle(last, verb)
            return verb, 1, _joined_particle(infinitive, verb)
    return None


def _without_zu(word: str, verb: _Verb) -> str:
    """*hinzuzufügen* → *hinzufügen*, *aufzuschreiben* → *aufschreiben*: the zu-infinitive of a separable verb."""
    for particle in verb.particles:
        if word.startswith(particle + "zu") and particle + word[len(particle) + 2:] in verb.infinitives:
            return particle + word[len(particle) + 2:]
    return ""


def _joined_particle(infinitive: str, verb: _Verb) -> str:
    return next((p for p in verb.particles if infinitive.startswith(p)), "")


def _action(verb: _Verb | None, particle: str, container: Container | None) -> str:
    direction = container.direction if container else ""
    if verb is None:
        return ADD if direction == TO else ""
    if verb.action == "by_particle":  # *mach X drauf*, *mach X auf die Liste*; off only with its particle
        if particle in _OFF_PARTICLES:
            return REMOVE if direction != TO else ""
        return ADD if (particle in _ON_PARTICLES or direction == TO) and direction != FROM else ""
    if verb.action == "by_direction":
        if particle in ("raus", "heraus", "runter", "herunter", "weg"):
            return REMOVE if direction != TO or particle else ""
        if direction == TO or particle == "auf" and direction != FROM:
            return ADD  # *nimm X auf die Liste*, *nimm X mit auf* (aufnehmen)
        return REMOVE if direction == FROM else ""
    if verb.action == ADD:
        return ADD if direction != FROM else ""
    if particle in ("drauf", "rauf", "dazu"):
        return ""
    if container is not None and container.said and fold(container.said.split()[0]) in ("zu", "zur", "zum"):
        return ""  # *streich X zur Liste*: no removal points that way
    if container is not None and _onto(container):
        return ""  # *Streich Milch auf die Einkaufsliste*, *Hau Milch in die Liste*: the accusative says onto
    return REMOVE


def _onto(container: Container) -> bool:
    """*auf die Liste*, *in meine Liste*, *ins …*: a direction onto the list (accusative) — not the place on it
    (*auf der Liste*, *in meiner Liste*, dative), where an item is struck."""
    words = [fold(w) for w in container.said.split()]
    if not words or words[0] not in ("auf", "in", "ins"):
        return False
    return words[0] == "ins" or len(words) > 1 and words[1] in _lexicon().determiners and words[1] not in _lexicon().dative


def _trim(toks: list[_Tok], lx: _Lexicon) -> list[_Tok]:
    while toks and (toks[0].folded in lx.fillers or toks[0].folded in (",", ";")):
        toks = toks[1:]
    while toks and (toks[-1].folded in lx.fillers or toks[-1].folded in (",", ";")):
        toks = toks[:-1]
    return toks


def _names_an_access(toks: list[_Tok], lx: _Lexicon) -> bool:
    """*Zugriff*, *den Überblick*: a noun of getting at or looking into the list (an article before it at most) —
    what the person wants done with the list, never a thing to put on it."""
    words = [tok for tok in toks if tok.folded not in lx.determiners and tok.folded not in lx.fillers]
    return len(words) == 1 and words[0].folded in lx.access_nouns


def _unsafe_item(toks: list[_Tok], lx: _Lexicon) -> bool:
    """An item text must hold no list word, no preposition pointing at a list, no subject, no second verb, and
    be no noun of access to the list (*Zugriff auf die Lebensmittelliste* asks to see it, adds nothing)."""
    if _names_an_access(toks, lx):
        return True
    if toks and toks[-1].folded in lx.determiners and not (len(toks) == 1 and toks[0].folded in lx.pronouns):
        return True  # *Kaffee meine …*: the article of the list, left behind — not *streich die* (a pronoun)
    for k, tok in enumerate(toks):
        if _head_of(tok.folded, lx) or tok.folded in lx.aliases or tok.folded in lx.subjects:
            return True
        if tok.folded in lx.reflexives:
            return True  # *Stell dir vor, Milch …*: a clause, not an item
        if tok.folded in lx.directions and k + 1 < len(toks) and toks[k + 1].folded in lx.determiners:
            return True
        if any(tok.folded in v.forms or tok.folded in v.infinitives for v in lx.verbs):
            return True
        if tok.folded in lx.finite_verbs:
            return True  # *Kaffee ist alle*: a clause, not an item
    return False


def unsafe_item_text(text: str) -> bool:
    """The write path's invariant: an item never holds a list word (*Einkaufsliste*,
    *Liste*, *Einkauf*) nor a preposition with an article pointing at one (*zu meiner*, *von der*), and is no
    noun of access to the list alone (*Zugriff*)."""
    lx = _lexicon()
    toks = _tokens(text)
    if _names_an_access(toks, lx):
        return True  # *Zugriff*: a noun of access to the list, never an item on it
    for k, tok in enumerate(toks):
        if _head_of(tok.folded, lx) or tok.folded in lx.aliases:
            return True
        if tok.folded in lx.directions and k + 1 < len(toks) and toks[k + 1].folded in lx.determiners:
            return True
    return False


def read_list_command(text: str, bare_names: bool = False) -> ListCommand | None:
    """One list command read from `text`, or None. A sentence of clauses (*Den Käse hab ich schon, nimm
    ihn bitte von der Liste*) is read from its last clause; a pronoun item points back to the thing the
    earlier clause names (`ListCommand.antecedent`). With `bare_names`, a list said by its name alone at
    the end after a preposition (*Streich Käse aus Baumarkt*) is read too, marked `Container.bare`: the
    caller must confirm the name against the person's lists (it may be no list at all). Read once per text in a
    turn (`text.per_turn`)."""
    said = " ".join(str(text).split())
    return read_once("list_command", (said, bare_names), lambda: _read_list_command(said, bare_names))


def _read_list_command(said: str, bare_names: bool) -> ListCommand | None:
    if not said:
        return None
    lx = _lexicon()
    headed = _HEAD_COLON.match(said)
    if headed and _is_list_word(fold(headed.group("head")), lx) and not said.rstrip().endswith("?"):
        said = f"auf die {headed.group('head')} {headed.group('rest')}"  # *Einkaufsliste: Milch, Eier*
    toks = _tokens(said)
    if any(t.folded.startswith(other) for t in toks for other in lx.other_containers):
        return None  # *aus dem Kalender*: not a list
    command = _read(toks, lx, said.rstrip().endswith("?"))
    if command is None and bare_names:
        command = _read(toks, lx, said.rstrip().endswith("?"), bare_names=True)
        if command is not None and not command.verb and not _ordered(toks, lx):
            command = None  # *Urlaub auf Mallorca*: without a list verb a bare name is no list
    if command is not None:
        # *Schreib das auf*: what was said before is written down — a note of the notes' own rules, no list item
        return None if command.pronoun and command.particle == "auf" else command
    first = next((k for k, t in enumerate(toks) if t.folded in (",", ";")), -1)
    if first > 0 and first + 1 < len(toks) and toks[first + 1].folded in lx.aside_openers:
        command = _read(toks[:first], lx, False)  # *Streiche Milch, die haben wir schon*: a remark after the order
        if command is not None and command.verb and not command.pronoun:
            return command
    cut = max((k for k, t in enumerate(toks) if t.folded in (",", ";")), default=-1)
    if cut <= 0:
        return None
    command = _read(toks[cut + 1:], lx, said.rstrip().endswith("?"))
    if command is None or command.verb == "":
        return None
    earlier = antecedent(_said(toks, 0, cut))
    if command.pronoun:
        return ListCommand(command.action, command.items, command.container, command.verb, True, earlier,
                           command.particle)
    return command


def read_order_on_list(order: str, name: str) -> ListCommand | None:
    """The order of *„Einkaufsliste, lösche Eier"* read with the list said before it as its container: the items
    and the action of the order alone, the list given — never the sentence put together again for another read.
    A verb that takes or puts by its direction (*nimm*) takes off first (*von der*), a verb that only puts adds."""
    toks = _tokens(" ".join(str(order).split()))
    lx = _lexicon()
    for direction, wanted in ((FROM, REMOVE), (TO, ADD)):
        command = _read(toks, lx, False, given=Container(name, name, direction))
        if command is not None and command.action == wanted:
            return command
    return None


def _ordered(toks: list[_Tok], lx: _Lexicon) -> bool:
    """An elliptic order that names its list by the list's name alone (*Backpapier auf Baumarkt bitte*,
    *Würdest du Käse in Baumarkt bitte*, *Backpapier in unsere Baumarkt*) is an order by its form — a polite frame,
    a closing *bitte*/*danke*, or a possessive before the name; the caller confirms the name against the person's
    lists (`Container.bare`). *Urlaub auf Mallorca* has none of these and stays no list."""
    words = [t for t in toks if t.folded not in (",", ";")]
    while words and words[0].folded in ("bitte", "ach", "also", "ok", "okay", "und", "nova", "hey"):
        words = words[1:]
    if any(_starts_with(words, phrase) for phrase in lx.polite) or any(_ends_with(words, p) for p in lx.closing):
        return True
    return len(words) > 2 and words[-2].folded in lx.determiners and words[-2].folded not in ("die", "der", "den",
                                                                                             "dem")


def _read(toks: list[_Tok], lx: _Lexicon, asked: bool, bare_names: bool = False,  # noqa: C901 - one order
          given: Container | None = None) -> ListCommand | None:
    toks = _strip_closing(toks, lx)
    polite = next((p for p in lx.polite if _starts_with(toks, p)), None)
    if asked and polite is None:
        return None
    if polite is not None:
        toks = toks[len(polite):]
        if len(toks) > 2 and toks[-1].folded in lx.wish_endings:
            toks = toks[:-1]  # *Ich will Käse auf meiner Einkaufsliste haben*
    toks = _strip_closing(toks, lx)
    if not toks or any(t.folded in lx.negations for t in toks):
        return None  # *Setz Milch nicht auf die Einkaufsliste* added „Milch nicht“ — a negated order writes nothing
    task = _task_order(toks, lx)
    if task is not None:
        return task
    verb = _verb_first(toks, lx) if polite is None else None
    particle = ""
    if verb is not None:
        body = toks[1:]
        if body and body[-1].folded in verb.particles:
            particle = body[-1].folded
            body = body[:-1]
        verb_first = True
    else:
        last = _verb_last(toks, lx)
        if last is not None:
            verb, taken, particle = last
            body = toks[: len(toks) - taken]
        else:
            body = toks
        verb_first = False
    if verb is None:
        body, particle = _elliptic_body(body, lx, bare_names)
    # the items may follow the list; a list said before the order (`given`) is its list
    found = _find_container(body, lx, verb_first or verb is None, bare_names) if given is None else None
    if found is False:
        return None
    container: Container | None = None
    if found:
        start, end, container = found  # type: ignore[misc]
        before, after = _trim(body[:start], lx), _trim(body[end:], lx)
        if before and after:
            return None  # items on both sides of the list: not one item span
        items = before or after
        if verb is None and not _elliptic_shape(start, before, after, container, particle):
            return None  # an elliptic order names its list at one end: *Eier auf die Einkaufsliste*
    else:
        items = _trim(body, lx)
        container = given  # *Einkaufsliste, setz Milch*: the list said first — the verb needs no list of its own
        if verb is None:
            return None
        if given is None and verb.needs_container and particle in ("", "ein"):
            return None  # *schreib Eier*, *trag Eier ein*: no list said and no particle saying where
        # *schreib Eier auf*, *nimm Eier mit auf*: written down — on a list the caller asks for
        if given is None and verb.action == "by_direction" and not particle:
            return None
        if any(t.folded in lx.directions for t in items):
            return None  # *Ergänze Backpapier auf Baumarkt*: a place said, but no list word — not read safely
    if not items or len(items) == 1 and items[0].folded in lx.not_items:
        return None
    if verb is None and (items[0].folded in lx.not_elliptic or len(items) > 6 or verb_of(items[0].said)[0] is not None):
        return None  # *Mach Milch auf die Liste*: a verb the lexicon does not know is no part of an item
    if verb is not None and verb.key in ("ergaenzen", "erweitern") and items[0].folded == "um" and container is not None:
        items = items[1:]  # *Ergänz die Einkaufsliste um Milch*, *Erweitere die Einkaufsliste um Käse*
    if not items or items[0].folded in lx.directions or items[0].folded in lx.item_openers_refused:
        return None  # *… um Milch*, *… mit Käse*: a preposition opens no item
    if _unsafe_item(items, lx):
        return None
    if verb is not None and any(t.folded in verb.particles and t.folded not in lx.directions for t in items):
        return None  # *Füge eine Aufgabe hinzu Fenster putzen*: the verb's own particle inside the item — not read
    if verb is not None or not particle:
        action = _action(verb, particle, container)
    else:
        action = ADD if particle in lx.elliptic_on else REMOVE
    if not action:
        return None
    if container is not None and container.direction == DATIVE and (verb is None or verb.action != ADD):
        return None  # a bare dative receives: *der Einkaufsliste hinzufügen*, never *der Liste streichen*
    text = _said(items, 0, len(items)).replace(" ,", ",").replace(" ;", ";")
    return ListCommand(action, text, container, verb.key if verb else "", is_pronoun(text), particle=particle)


def _elliptic_body(body: list[_Tok], lx: _Lexicon, bare_names: bool) -> tuple[list[_Tok], str]:
    """An order without a list verb, said with a modal or *kommt* next to the list (*Milch muss noch auf die
    Liste*, *Auf die Liste kommt Milch*) or ending in a particle of taking off (*Käse von der Liste runter*,
    *Die Milch kann von der Liste weg*): (the words without the modal and the particle, the particle)."""
    particle = ""
    if len(body) > 2 and (body[-1].folded in lx.elliptic_off or body[-1].folded in lx.elliptic_on):
        particle, body = body[-1].folded, body[:-1]
    for k, tok in enumerate(body):
        if k == 0 or tok.folded not in lx.elliptic_modals:
            continue
        rest = body[:k] + body[k + 1:]
        found = _find_container(rest, lx, True, bare_names)
        if found:
            start, end, container = found  # type: ignore[misc]
            next_to = start == k or start == k + 1 and rest[k].folded in lx.fillers or end == k
            if next_to and not particle and container.direction == FROM and tok.folded in lx.elliptic_off_modals:
                return rest, "weg"  # *Milch kann von der Einkaufsliste*: the modal says it comes off (as *… weg*)
            if next_to:
                return rest, particle
        break
    return body, particle


def _elliptic_shape(start: int, before: list[_Tok], after: list[_Tok], container: Container,
                    particle: str = "") -> bool:
    """An order without a verb names its list at one end and adds: *Eier auf die Einkaufsliste*, or the list
    first, *Auf die Liste bitte Brot*; it takes off only with its particle: *Käse von der Liste runter* —
    never the items on both sides."""
    if particle in _ON_PARTICLES or particle == "hinzu":  # *Käse zur Einkaufsliste hinzu*
        return container.direction == TO and bool(before) and not after
    if particle:
        return container.direction == FROM and bool(before) and not after
    if container.direction != TO:
        return False
    if before and not after:
        return True
    return start == 0 and bool(after) and not before


def _is_list_word(folded: str, lx: _Lexicon) -> bool:
    """*Einkaufsliste*, *Einkaufszettel*, *Einkauf*: a word that names a list (a note, *Notiz*, is no list)."""
    head = _head_of(folded, lx)
    return head in ("liste", "listen", "zettel") or folded in lx.aliases


def _task_order(toks: list[_Tok], lx: _Lexicon) -> ListCommand | None:
    """A task said as the object of a creating verb (*Erstelle eine Aufgabe Fenster putzen*, *Füge eine neue
    Aufgabe hinzu: Mama anrufen*, *ein To-do anlegen Rasen mähen*, *Neue Aufgabe: Steuer machen*) or of a
    striking one (*Streich die Aufgabe Fenster putzen*): the task goes on (off) the list the noun names.
    The verb stands before the noun or between the noun and the task; anything else is not this frame."""
    k = next((n for n, t in enumerate(toks) if t.folded in lx.task_nouns), -1)
    if k < 0:
        return None
    head = [t for t in toks[:k] if t.folded not in lx.fillers]
    adjectives = False
    while head and head[-1].folded in lx.task_adjectives:
        head, adjectives = head[:-1], True
    if head and head[-1].folded in lx.task_articles:
        head = head[:-1]
    tail = toks[k + 1:]
    leading = 0
    while leading < len(tail) and (tail[leading].folded in lx.task_verbs | lx.task_remove_verbs
                                   or tail[leading].folded in lx.fillers):
        leading += 1
    said_verbs = [t.folded for t in head] + [t.folded for t in tail[:leading]]
    if any(w not in lx.task_verbs and w not in lx.task_remove_verbs for w in (t.folded for t in head)):
        return None  # *Ich habe eine Aufgabe für dich*: a subject and its verb, no order
    removing = any(w in lx.task_remove_verbs for w in said_verbs)
    if removing and any(w in lx.task_verbs for w in said_verbs if w not in lx.task_remove_verbs):
        return None  # both a creating and a striking verb: not read
    if not said_verbs and not adjectives:
        return None  # *Aufgabe erledigt*: no order
    items = _trim(tail[leading:], lx)
    while items and head and _is_particle(items[-1].folded, lx):
        items = _trim(items[:-1], lx)  # *Leg eine Aufgabe Fenster putzen an*, *Hak die Aufgabe Müll ab*
    if not items or len(items) > 8 or _unsafe_task(items, lx):
        return None
    noun = toks[k]
    container = Container(noun.said, lx.task_nouns[noun.folded], TO if not removing else FROM)
    text = _said(items, 0, len(items)).replace(" ,", ",").replace(" ;", ";")
    return ListCommand(REMOVE if removing else ADD, text, container, "hinzufuegen" if not removing else "streichen")


def _is_particle(folded: str, lx: _Lexicon) -> bool:
    return folded == "an" or any(folded in v.particles for v in lx.verbs)


def _unsafe_task(toks: list[_Tok], lx: _Lexicon) -> bool:
    """A task may end in its own infinitive (*Bericht schreiben*), but holds no list word, no pointer at a list,
    no subject, no finite verb and no second task noun."""
    for k, tok in enumerate(toks):
        if _head_of(tok.folded, lx) or tok.folded in lx.aliases or tok.folded in lx.subjects:
            return True
        if tok.folded in lx.task_nouns or tok.folded in lx.finite_verbs or tok.folded in lx.not_elliptic:
            return True
        if tok.folded in lx.directions and k + 1 < len(toks) and toks[k + 1].folded in lx.determiners:
            return True
    return toks[0].folded in lx.item_openers_refused or toks[0].folded in lx.directions


def means_a_list(command: ListCommand) -> bool:
    """Whether a command without a list still speaks of a list item by its verb (*Entferne Tomaten*, *Hak
    die Milch ab*, *Streich Quark durch*, *Schreib Brot auf*) — not of an appointment (*Lösch Zahnarzt*)."""
    lx = _lexicon()
    return bool(command.verb) and (command.verb in lx.list_only_verbs or command.particle in lx.list_only_particles)
