"""A small German request grammar for the offline rules (issue 13): fillers out, mood in, verb named.

`analyse(text)` strips openers (*ach, also, hm*, *sag mal,*) and particles of politeness (*bitte, mal,
noch, doch, halt, nochmal*), turns a polite frame into the bare order (*„Kannst du mir X eintragen?“*
→ *„trag mir X ein“*, *„Ich möchte X anlegen“* → *„leg X an“*) and tells an order from a question and
a statement: only an order may write (`timeline.md` §3a, end of `notizen.md`). The words are data
(`grammar_de.json`); time words are not kept here — the time parser owns them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from novaberg.text.words import normalize, split_sentences

__all__ = ["REQUEST", "QUESTION", "STATEMENT", "LONG_TEXT_CHARS", "Lexeme", "Utterance", "grammar", "load_raw_grammar", "analyse", "statement_adverb_first",
           "strip_particles", "verb_of", "lexeme_of_word", "is_question", "verb_key",
           "one_analysis_per_text"]

REQUEST, QUESTION, STATEMENT = "request", "question", "statement"

_WORD = re.compile(r"[^\W_]+(?:[-'’][^\W_]+)*", re.UNICODE)
_END_SIGNS = " \t\n.!?…,;:"
_NEGATIONS = frozenset({"nicht", "niemals", "nie", "keinesfalls"})
_PARTICIPLE_AUX = frozenset({"haben", "bekommen", "lassen"})
_INDEFINITE = re.compile(r"^(?:eine[nrm]?|ein|ne|'ne)\s", re.IGNORECASE)


@dataclass(frozen=True)
class Lexeme:
    key: str
    imperative: tuple[str, ...]
    particle: str
    infinitive: tuple[str, ...]
    actions: dict[str, str]


@dataclass(frozen=True)
class Grammar:
    interjections: frozenset[str]
    greetings: tuple[str, ...]  # a leading greeting clause (*Guten Morgen, …*) is no part of the request
    particles: frozenset[str]
    particle_phrases: tuple[str, ...]
    modal_openers: tuple[str, ...]
    wish_openers: tuple[str, ...]
    question_words: frozenset[str]
    question_verbs: frozenset[str]
    question_verbs_alone: frozenset[str]  # *steht*, *gibt*: first, they ask even without a subject after them
    recall_frames: tuple[str, ...]  # *weißt du noch* before a w-clause: the clause is the question
    subject_words: frozenset[str]
    subject_pronouns: frozenset[str]
    lexicon: tuple[Lexeme, ...]
    participles: dict[str, str]  # past participle → infinitive (*eingetragen* → *eintragen*)
    supposition_openers: tuple[str, ...] = ()  # *ich glaub(e)*, *ich denke*: a frame, not the content
    statement_adverbs: frozenset[str] = frozenset()  # *übrigens*, *außerdem* first, then the verb: told
    need_openers: tuple[str, ...] = ()  # *ich muss … verschieben*: a need said with a verb of `need_actions`
    need_actions: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Utterance:
    """One utterance read by the grammar. `core` is the order in imperative word order without fillers
    (for a question or a statement: the text without fillers); `verb` the lexeme key ('' when none)."""

    text: str
    core: str
    mood: str
    verb: str = ""
    verb_word: str = ""  # the verb form as said, lower case: what a learned mapping is keyed by
    polite: bool = False  # a frame of politeness was turned into the order (*kannst du … ?*)


def load_raw_grammar() -> dict[str, Any]:
    """The data file as written (for its schema test)."""
    return json.loads(resources.files(__package__).joinpath("grammar_de.json").read_text(encoding="utf-8"))


@cache
def grammar() -> Grammar:
    raw = load_raw_grammar()
    return Grammar(
        interjections=frozenset(raw["interjections"]),
        greetings=tuple(sorted(raw["greetings"], key=len, reverse=True)),
        particles=frozenset(raw["particles"]),
        particle_phrases=tuple(sorted(raw["particle_phrases"], key=len, reverse=True)),
        modal_openers=tuple(sorted(raw["modal_openers"], key=len, reverse=True)),
        wish_openers=tuple(sorted(raw["wish_openers"], key=len, reverse=True)),
        question_words=frozenset(raw["question_words"]),
        question_verbs=frozenset(raw["question_verbs"]),
        question_verbs_alone=frozenset(raw["question_verbs_alone"]),
        recall_frames=tuple(sorted(raw["recall_frames"], key=len, reverse=True)),
        subject_words=frozenset(raw["subject_words"]),
        subject_pronouns=frozenset(raw["subject_pronouns"]),
        lexicon=tuple(Lexeme(e["key"], tuple(e["imperative"]), e["particle"], tuple(e["infinitive"]),
                             dict(e["actions"])) for e in raw["lexicon"]),
        participles=dict(raw.get("participles", {})),
        supposition_openers=tuple(sorted(raw.get("supposition_openers", ()), key=len, reverse=True)),
        statement_adverbs=frozenset(raw.get("statement_adverbs", ())),
        need_openers=tuple(sorted(raw.get("need_openers", ()), key=len, reverse=True)),
        need_actions=frozenset(raw.get("need_actions", ())),
    )


# --- fillers -----------------------------------------------------------------------------------------

_ALWAYS_OPENERS = frozenset({"ach", "also", "hm", "hmm", "ähm", "äh", "oh", "na", "naja", "und", "dann", "bitte",
                             "übrigens", "uebrigens", "ok", "okay", "so", "jetzt"})


def _strip_openers(text: str) -> str:
    """Leading interjections: *Ach, also* always; a leading clause of interjections before a comma
    (*Sag mal, …*, *Hey Nova, …*, *Ja gut, …*)."""
    g = grammar()
    while True:
        greeting = _greeting_clause(text, g.greetings)
        if greeting:
            text = text[greeting:].lstrip(" ,!.")
            continue
        head, sep, rest = text.partition(",")
        if sep and rest.strip() and _WORD.findall(head) and all(
                normalize(w) in g.interjections for w in _WORD.findall(head)):
            text = rest.strip()
            continue
        match = _WORD.match(text.lstrip())
        if match and normalize(match.group()) in _ALWAYS_OPENERS and text.lstrip()[match.end():].strip(" ,"):
            text = text.lstrip()[match.end():].lstrip(" ,")
            continue
        supposed = _supposition(text.strip(), g.supposition_openers)
        if supposed is not None:
            text = supposed
            continue
        unmarked = _unmarked_opener(text)
        if unmarked:
            text = text.lstrip()[unmarked:].lstrip(" ,")
            continue
        return text.strip()


def _unmarked_opener(text: str) -> int:
    """Issue 26: an opening clause of interjections said without its comma (*sag mal leg mir …*, *ok gut was hab
    ich morgen*, as speech is transcribed): the length of that run of interjections when an order (an imperative
    of the lexicon), a question word or a polite frame follows it; else 0."""
    g = grammar()
    stripped = text.lstrip()
    matches = list(_WORD.finditer(stripped))
    run = 0
    while run < len(matches) and normalize(matches[run].group()) in g.interjections:
        run += 1
    if run >= len(matches) or run == 0 or run == 1 and _is_imperative(normalize(matches[0].group())):
        return 0  # *sag den Zahnarzt ab*: a lone *sag* is the order's own verb
    rest = stripped[matches[run].start():]
    following = normalize(matches[run].group())
    starts_order = _is_imperative(following)
    framed = _opener(normalize(rest), g.modal_openers) or _opener(normalize(rest), g.wish_openers)
    return matches[run].start() if starts_order or following in g.question_words or framed else 0


def _supposition(text: str, openers: tuple[str, ...]) -> str | None:
    """What follows a leading supposition (*Ich glaub, ich hab Freitag Yoga*, *Ich denke, dass …*), else
    None: the frame says how sure she is, the rest is what she says."""
    lowered = normalize(text)
    for opener in openers:
        if lowered.startswith(opener) and (len(lowered) == len(opener) or not lowered[len(opener)].isalpha()):
            rest = text[len(opener):].lstrip(" ,")
            rest = re.sub(r"^(?:dass|das|ob)\s+", "", rest, flags=re.IGNORECASE)
            return rest if _WORD.search(rest) else None
    return None


def statement_adverb_first(text: str) -> bool:
    """Whether `text` (openers of interjection left out) starts with an adverb of telling (*übrigens*,
    *außerdem*) — the verb after it stands second: *Übrigens heißt meine Schwester Lena* is told."""
    g = grammar()
    said = [normalize(w) for w in _WORD.findall(text)]
    while said and said[0] in g.interjections and said[0] not in g.statement_adverbs:
        said = said[1:]
    return bool(said) and said[0] in g.statement_adverbs


@cache
def _greeting_pattern(phrase: str) -> re.Pattern[str]:
    """A greeting phrase that ends its clause, compiled once per phrase of the (fixed) vocabulary."""
    return re.compile(rf"\s*{re.escape(phrase)}(?:\s+nova)?\s*(?:[,!.]|$)")


@cache
def _particle_pattern(phrase: str) -> re.Pattern[str]:
    """A particle phrase as whole words, compiled once per phrase of the (fixed) vocabulary."""
    return re.compile(rf"(?<![^\W_]){re.escape(phrase)}(?![^\W_])", re.IGNORECASE)


def _greeting_clause(text: str, greetings: tuple[str, ...]) -> int:
    """The length of a leading greeting (with an optional name: *Guten Morgen Nova*) that ends its clause
    (comma, !, . or the end), else 0 — *Guten Morgen* is a greeting, never the time *morgen*."""
    lowered = text.lower()
    if len(lowered) != len(text):  # the index must fit the text as said
        return 0
    for phrase in greetings:
        match = _greeting_pattern(phrase).match(lowered)
        if match:
            return match.end()
    return 0


def strip_particles(text: str) -> str:
    """The text without particles of politeness and filler phrases (whole words, any position)."""
    g = grammar()
    lowered = normalize(text)
    for phrase in g.particle_phrases:
        lowered_pattern = _particle_pattern(phrase)
        if lowered_pattern.search(lowered):
            text = lowered_pattern.sub(" ", text)
            lowered = normalize(text)
    out = _WORD.sub(lambda m: "" if normalize(m.group()) in g.particles else m.group(), text)
    out = re.sub(r"\s+([,.!?;:])", r"\1", " ".join(out.split()))
    return re.sub(r"^[,;:\s]+|([,;])(?=[,;])", "", out).strip()


def _is_imperative(word: str) -> bool:
    return any(word in lexeme.imperative for lexeme in grammar().lexicon)


# --- verbs -------------------------------------------------------------------------------------------

def lexeme_of_word(word: str) -> Lexeme | None:
    """The lexeme an infinitive names (*eintragen* → eintragen)."""
    low = normalize(word)
    for lexeme in grammar().lexicon:
        if low in lexeme.infinitive:
            return lexeme
    return None


def verb_of(core: str) -> tuple[Lexeme | None, str]:
    """(lexeme, the verb as said) of an order in imperative word order: the first word, with its
    separable particle among the following words when the lexeme has one (*leg … an* is anlegen,
    *leg … auf Freitag* is legen)."""
    words = [normalize(w) for w in _WORD.findall(core)]
    if not words:
        return None, ""
    first = words[0]
    candidates = [lx for lx in grammar().lexicon if first in lx.imperative]
    if not candidates:
        return None, first
    for lexeme in candidates:
        if lexeme.particle and words[-1] == lexeme.particle:
            return lexeme, first
    for lexeme in candidates:  # the particle before the content: *leg eine Packliste an mit Pass*, *an: …*,
        # *schreib auf, dass …* (a subordinate clause as the content)
        if lexeme.particle and re.search(rf"\b{lexeme.particle}\s*(?::|\bmit\b|,\s*(?:dass|wie|wo|wann|was|wer|ob)\b)",
                                         normalize(core)):
            return lexeme, first
    plain = [lx for lx in candidates if not lx.particle]
    return (plain[0] if plain else candidates[0]), first


def _to_imperative(rest: str, participles: bool = False) -> tuple[str, str] | None:
    """`rest` holds an infinitive of the lexicon (or, with `participles`, a past participle: the wish
    *ich hätte gern X eingetragen*): (the order in imperative word order, the infinitive)."""
    tokens = rest.split()
    for i, token in enumerate(tokens):
        word = token.strip(_END_SIGNS)
        lexeme = lexeme_of_word(word)
        participle = False
        if lexeme is None and participles:
            lexeme = lexeme_of_word(grammar().participles.get(normalize(word), ""))
            participle = lexeme is not None
        if lexeme is None:
            continue
        tail = token[len(token.rstrip(_END_SIGNS)):].strip("?")
        before, after = tokens[:i], tokens[i + 1:]
        if participle and after and normalize(after[-1].strip(_END_SIGNS)) in _PARTICIPLE_AUX:
            after = after[:-1]  # *ich möchte den Zahnarzt gelöscht haben*
        parts = [lexeme.imperative[0], *before]
        if lexeme.particle:
            parts.append(lexeme.particle)
        order = " ".join(p for p in parts if p) + tail + (" " + " ".join(after) if after else "")
        return order.strip().rstrip("?").strip(), normalize(word)
    return None


# --- mood --------------------------------------------------------------------------------------------

def is_question(text: str) -> bool:
    """A question mark, a question word first, the verb first with a subject after it (*hab ich*, *steht der
    Zahnarzt*), or a verb that asks by its place alone (*steht Milch auf der Liste*)."""
    if text.rstrip().endswith("?"):
        return True
    words = [normalize(w) for w in _WORD.findall(text)]
    if not words:
        return False
    g = grammar()
    if words[0] in g.question_words:
        return True
    if words[0] in g.question_verbs_alone and len(words) > 1:
        return True  # issue 26: *steht milch auf der einkaufsliste*, *steht morgen was an* — asked without its mark
    return words[0] in g.question_verbs and len(words) > 1 and words[1] in g.subject_words


def _opener(lowered: str, openers: tuple[str, ...]) -> str | None:
    for opener in openers:
        if lowered == opener or lowered.startswith(opener + " ") or lowered.startswith(opener + ","):
            return opener
    return None


LONG_TEXT_CHARS = 280  # issue 13: past this, a text is read sentence by sentence for the part that matters
# Issue 30: inside `one_analysis_per_text` (a turn) each text is read once; the readings die with the scope,
# so nothing one person said outlives her turn in this process. At most this many texts are kept per scope.
_SCOPE_TEXTS = 256
_SCOPE: ContextVar[dict[str, Utterance] | None] = ContextVar("novaberg_one_analysis_per_text", default=None)


@contextmanager
def one_analysis_per_text() -> Iterator[None]:
    """Within: `analyse` reads each text once and gives every caller the same (immutable) `Utterance` — the
    router, the agents, the composer and the tribunal of one turn read the same words. Threads and LangGraph
    nodes started inside share the scope through the context; outside it every call reads afresh."""
    token = _SCOPE.set({})
    try:
        yield
    finally:
        _SCOPE.reset(token)


def analyse(text: str) -> Utterance:
    """Read one utterance (once per text inside `one_analysis_per_text`); see `_analyse`."""
    seen = _SCOPE.get()
    if seen is None:
        return _analyse(text)
    key = str(text)
    found = seen.get(key)
    if found is None:
        found = _analyse(key)
        if len(seen) < _SCOPE_TEXTS:
            seen[key] = found
    return found


def _analyse(text: str) -> Utterance:
    """Read one utterance: mood, the bare order and its verb. A long text (a monologue) is read for the
    part that matters: its last order, else its last question, else it is a statement."""
    said = " ".join(str(text).split())
    if len(said) > LONG_TEXT_CHARS:
        sentences = [_analyse_one(s) for s in split_sentences(said)]
        for mood in (REQUEST, QUESTION):
            focus = [u for u in sentences if u.mood == mood]
            if focus:
                last = focus[-1]
                return Utterance(said, last.core, last.mood, last.verb, last.verb_word, last.polite)
        return Utterance(said, sentences[-1].core if sentences else said, STATEMENT)
    return _analyse_one(said)


def _analyse_one(said: str) -> Utterance:
    body = strip_particles(_strip_openers(said))
    lowered = normalize(body)
    g = grammar()
    recalled = _recalled_question(body, lowered)
    if recalled is not None:
        return Utterance(said, recalled, QUESTION)
    framed = _opener(lowered, g.modal_openers) or _opener(lowered, g.wish_openers)
    if framed:
        rest = body[len(framed):].lstrip(" ,")
        rest = re.sub(r"^(?:dass|das)\s+du\s+", "", rest, flags=re.IGNORECASE)
        converted = _to_imperative(rest)
        if converted is None and _opener(lowered, g.wish_openers):  # *ich hätte gern X eingetragen*
            converted = _to_imperative(rest, participles=True)
        if converted is None and _opener(lowered, g.wish_openers) and _INDEFINITE.match(rest):
            converted = ("mach mir " + rest.rstrip("?!. "), "machen")  # *ich hätte gern eine Liste mit …*
        if converted is not None:
            core, _infinitive = converted
            lexeme, word = verb_of(core)
            asked = _indirect_question(core, lexeme)  # *Kannst du schauen, ob ich Freitag was hab?*
            if asked is not None:
                return Utterance(said, asked, QUESTION)
            return Utterance(said, core, REQUEST, lexeme.key if lexeme else "", word, polite=True)
    needed = _need_order(body, lowered)
    if needed is not None:
        lexeme, word = verb_of(needed)
        return Utterance(said, needed, REQUEST, lexeme.key if lexeme else "", word, polite=True)
    reordered = (_topicalised_modal(body) or _second_person_order(body) or _told_then_ordered(body)
                 or _polite_imperative(body, said))
    if reordered is not None:
        lexeme, word = verb_of(reordered)
        return Utterance(said, reordered, REQUEST, lexeme.key if lexeme else "", word, polite=True)
    lexeme, word = verb_of(body)
    words = [normalize(w) for w in _WORD.findall(body)]
    asked = _indirect_question(body, lexeme)
    if asked is not None:
        return Utterance(said, asked, QUESTION)
    if lexeme is not None and words and words[-1] in _NEGATIONS:
        return Utterance(said, body, STATEMENT)  # *„Vergiss den Zahnarzt nicht!“* asks for nothing to be done
    if lexeme is not None and not (words and words[0] in g.question_words) and not _verb_then_subject(words):
        return Utterance(said, body.rstrip("?!. "), REQUEST, lexeme.key, word)
    if is_question(body) or is_question(said):
        return Utterance(said, body, QUESTION)
    bare = _bare_infinitive_order(body, words)
    if bare is not None:
        lexeme, word = verb_of(bare)
        return Utterance(said, bare, REQUEST, lexeme.key if lexeme else "", word)
    return Utterance(said, body, STATEMENT)


def _recalled_question(body: str, lowered: str) -> str | None:
    """Issue 26: *weißt du noch wann ich den Zahnarzt habe* (said without its comma and question mark): a frame of
    recalling before a w-clause asks that clause — kept as *‹frame›, ‹clause›*, as it is written. None otherwise."""
    opener = _opener(lowered, grammar().recall_frames)
    if opener is None or "," in body[: len(opener) + 2]:
        return None
    rest = body[len(opener):].strip()
    first = _WORD.match(rest)
    if first is None or normalize(first.group()) not in grammar().question_words:
        return None
    return f"{body[:len(opener)]}, {rest.rstrip('?!. ')}"


def _need_order(body: str, lowered: str) -> str | None:
    """issue 26: *„Ich muss den Hautarzt auf Donnerstag verschieben“* — a need ending in the infinitive of a verb
    whose action is one of `need_actions` (moving an appointment) asks for it to be done → *verschieb den
    Hautarzt auf Donnerstag*. Any other need stays told (*„Ich muss am 15. zum Friseur“*)."""
    g = grammar()
    opener = _opener(lowered, g.need_openers)
    if opener is None:
        return None
    rest = body[len(opener):].lstrip(" ,").rstrip("?!. ")
    words = rest.split()
    lexeme = lexeme_of_word(words[-1].strip(_END_SIGNS)) if words else None
    if lexeme is None or not set(lexeme.actions.values()) & g.need_actions:
        return None
    converted = _to_imperative(rest)
    return converted[0] if converted else None


def _topicalised_modal(body: str) -> str | None:
    """*„Den Friseur kannst du löschen“*: the object first, the modal frame second, the infinitive last →
    *lösch den Friseur* (the same order as *kannst du den Friseur löschen*). Not after a question word."""
    g = grammar()
    tokens = body.rstrip("?!. ").split()
    lowered = [normalize(t.strip(_END_SIGNS)) for t in tokens]
    if len(tokens) < 4 or lowered[0] in g.question_words or lexeme_of_word(lowered[-1]) is None:
        return None
    for i in range(1, len(tokens) - 2):
        if f"{lowered[i]} {lowered[i + 1]}" in g.modal_openers:
            before = tokens[:i]
            if lowered[0] in g.subject_words:  # an article or pronoun loses the capital of the sentence start
                before = [before[0].lower(), *before[1:]]
            converted = _to_imperative(" ".join([*before, *tokens[i + 2:]]))
            return converted[0] if converted else None
    return None


_REFERENCES = frozenset({"das", "es", "dies", "dieses"})


def _told_then_ordered(body: str) -> str | None:
    """*„Ich muss am 15. zum Friseur, trag das ein“*: something told, then an order whose pronoun (*das*, *es*)
    points back at it → the order with the told clause in the pronoun's place (*trag Ich muss am 15. zum
    Friseur ein*), as *kannst du das eintragen* after a told clause is read (`_topicalised_modal`); an order
    that names its own object after something told (*Ich bin müde, lösch den Zahnarzt*) is that order."""
    told, sign, order = body.rstrip("?!. ").rpartition(",")
    if not sign or not told.strip():
        return None
    tokens = order.split()
    lowered = [normalize(t.strip(_END_SIGNS)) for t in tokens]
    if len(tokens) < 2:
        return None
    lexeme, _word = verb_of(order.strip())
    if lexeme is None or lowered[0] not in lexeme.imperative:
        return None
    reference = next((i for i in (1, 2) if i < len(lowered) and lowered[i] in _REFERENCES), None)
    if reference is None:  # *Ich bin müde, lösch den Zahnarzt*: the order names its own object
        return order.strip()
    return " ".join([tokens[0], *tokens[1:reference], told.strip(), *tokens[reference + 1:]])


def _second_person_forms(lexeme: Lexeme) -> set[str]:
    """*pack* → *packst*, *setz* → *setzt*, *trag* → *trägst* (the umlaut of a strong verb), *lies* → *liest*."""
    forms = set()
    for imperative in lexeme.imperative:
        stem = imperative[:-1] if imperative.endswith("e") and len(imperative) > 3 else imperative
        ending = "t" if stem.endswith(("s", "ß", "z", "x")) else "st"
        forms.add(stem + ending)
        umlauted = re.sub(r"a(?=[^aeiouäöü]*$)", "ä", stem)
        if umlauted != stem:
            forms.add(umlauted + ending)
    return forms


def _second_person_order(body: str) -> str | None:
    """*„Packst du mir Zahnbürste auf die Packliste?“*: a verb of the lexicon in the du-form, then *du* —
    a request in the form of a question → *pack mir Zahnbürste auf die Packliste*."""
    tokens = body.rstrip("?!. ").split()
    if len(tokens) < 3 or normalize(tokens[1].strip(_END_SIGNS)) != "du":
        return None
    first = normalize(tokens[0].strip(_END_SIGNS))
    for lexeme in grammar().lexicon:
        if first in _second_person_forms(lexeme):
            order = " ".join([lexeme.imperative[0], *tokens[2:]])
            return order if verb_of(order)[0] is not None else None
    return None


def _indirect_question(body: str, lexeme: Lexeme | None) -> str | None:
    """*„Zeig mir, was ich im Dezember vorhabe“*, *„Schau mal, ob ich Freitag was hab“*: an order to show,
    tell or look (a verb whose every action is `read`) whose object is a w- or ob-clause asks that clause's
    question; the clause is returned (without its *ob*)."""
    if lexeme is None or set(lexeme.actions.values()) != {"read"}:
        return None
    if "," not in body:
        body = _comma_before_clause(body)  # issue 26: *zeig mir bitte was ich im dezember vorhabe*
    head, sep, clause = body.partition(",")
    first = _WORD.findall(clause)[:1]
    if not sep or not first or normalize(first[0]) not in (*grammar().question_words, "ob"):
        return None
    if normalize(first[0]) == "ob":  # *schau, ob ich Freitag was hab*: the yes/no question itself
        clause = clause.strip()[len(first[0]):]
    if any(normalize(w) in grammar().question_words for w in _WORD.findall(head)):
        return None
    return clause.strip()


_BEFORE_CLAUSE = frozenset({"mir", "uns", "mal", "bitte", "doch", "noch", "kurz", "schnell", "einmal", "nochmal"})


def _comma_before_clause(body: str) -> str:
    """*Zeig mir bitte was ich im Dezember vorhabe* said without its comma: the comma put back before the w- or
    ob-clause when only the verb and small words (*mir*, *bitte*, *mal*) stand before it; else `body` as it is."""
    matches = list(_WORD.finditer(body))
    for match in matches[1:]:
        word = normalize(match.group())
        if word in grammar().question_words or word == "ob":
            return f"{body[:match.start()].rstrip()}, {body[match.start():]}"
        if word not in _BEFORE_CLAUSE:
            return body
    return body


def _polite_imperative(body: str, said: str) -> str | None:
    """*„Erinnern Sie mich morgen an den Zahnarzt“*, *„Tragen Sie den Friseur ein“*: the imperative of *Sie* — the
    infinitive first, *Sie* second — in the imperative word order of *du* (*erinner mich …*, *trag … ein*). A
    question (*Erinnern Sie sich?*) is none."""
    tokens = body.split()
    if len(tokens) < 3 or normalize(tokens[1]) != "sie" or is_question(said):
        return None  # *Notieren Sie, dass …*: a clause after the comma is read as the du form's is, not here
    first = normalize(tokens[0].strip(","))
    for lexeme in grammar().lexicon:
        if first in lexeme.infinitive or any(first in (f"{form}en", f"{form}n") for form in lexeme.imperative):
            return " ".join([lexeme.imperative[0], *tokens[2:]])
    return None


def _verb_then_subject(words: list[str]) -> bool:
    """*Schreibst du …*, *Trägst du …* would be questions; an imperative has no subject after it, except
    the polite *du* of *merk du dir*."""
    return len(words) > 1 and words[1] in ("ich", "wir", "er", "man")


def _bare_infinitive_order(body: str, words: list[str]) -> str | None:
    """*„Morgen um 10 Zahnarzt eintragen“*: an order in the infinitive — no subject, the last word an
    infinitive of the lexicon (a statement says who: *ich muss … eintragen*)."""
    if not words or set(words) & grammar().subject_pronouns:
        return None
    lexeme = lexeme_of_word(words[-1])
    if lexeme is None or len(words) < 2:
        return None
    converted = _to_imperative(body)
    return converted[0] if converted else None


def verb_key(text: str) -> str:
    """The verb a learned mapping is keyed by (timeline.md §7.2, notizen.md §6 Stufe B): the order's verb as
    said (*klemm* of *„Klemm mir morgen den Zahnarzt rein“*), lower case; '' when the text has none."""
    utterance = analyse(text)
    if utterance.verb_word:
        return utterance.verb_word
    first = utterance.core.split()[:1]
    word = normalize(first[0].strip(".,!?:;")) if first else ""
    return word if word.isalpha() else ""
