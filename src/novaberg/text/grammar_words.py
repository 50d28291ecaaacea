"""The request grammar's words (`grammar_de.json`, read once) and what is read from them alone: the verb lexemes
with their imperatives, infinitives and particles; the openers and particles of politeness taken out before a
sentence is read (*ach, also, hm*, *sag mal,*, *bitte, mal, doch*); the verb of a sentence; whether it asks."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from novaberg.text.data_files import read_json
from novaberg.text.lexicon import DIRECT_QUESTION_WORDS, QUESTION_WORDS, question_word_spellings
from novaberg.text.words import alternation, normalize

REQUEST, QUESTION, STATEMENT = "request", "question", "statement"

__all__ = ["REQUEST", "QUESTION", "STATEMENT", "Lexeme", "Grammar", "Utterance", "grammar", "load_raw_grammar",
           "statement_adverb_first", "strip_particles", "verb_of", "lexeme_of_word", "is_question"]


_WORD = re.compile(r"[^\W_]+(?:[-'’][^\W_]+)*", re.UNICODE)
_END_SIGNS = " \t\n.!?…,;:"
_PARTICIPLE_AUX = frozenset({"haben", "bekommen", "lassen"})
# a subordinate clause as the content after a particle (*schreib auf, dass …*, *…, wann …*): *dass* and the one list of
# question words
_CLAUSE_OPENER = alternation(("dass", *question_word_spellings(QUESTION_WORDS)))
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
    return read_json(__package__, "grammar_de.json")


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
        question_words=DIRECT_QUESTION_WORDS,  # the one list (text/lexicon_de.json): a sentence starts with one
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
    """An opening clause of interjections said without its comma (*sag mal leg mir …*, *ok gut was hab
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
        if lexeme.particle and re.search(rf"\b{lexeme.particle}\s*(?::|\bmit\b|,\s*(?:{_CLAUSE_OPENER})\b)",
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
        return True  # *steht milch auf der einkaufsliste*, *steht morgen was an* — asked without its mark
    return words[0] in g.question_verbs and len(words) > 1 and words[1] in g.subject_words


def _opener(lowered: str, openers: tuple[str, ...]) -> str | None:
    for opener in openers:
        if lowered == opener or lowered.startswith(opener + " ") or lowered.startswith(opener + ","):
            return opener
    return None
