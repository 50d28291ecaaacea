"""A small German request grammar for the offline rules: fillers out, mood in, verb named.

`analyse(text)` strips openers (*ach, also, hm*, *sag mal,*) and particles of politeness (*bitte, mal,
noch, doch, halt, nochmal*), turns a polite frame into the bare order (*„Kannst du mir X eintragen?“*
→ *„trag mir X ein“*, *„Ich möchte X anlegen“* → *„leg X an“*) and tells an order from a question and
a statement: only an order may write (`timeline.md` §3a, end of `notizen.md`). The words are data
(`grammar_de.json`); time words are not kept here — the time parser owns them.
"""

from __future__ import annotations

import re

from novaberg.text.grammar_words import (
    _END_SIGNS,
    _INDEFINITE,
    _WORD,
    QUESTION,
    REQUEST,
    STATEMENT,
    Lexeme,
    Utterance,
    _opener,
    _strip_openers,
    _to_imperative,
    grammar,
    is_question,
    lexeme_of_word,
    load_raw_grammar,
    statement_adverb_first,
    strip_particles,
    verb_of,
)
from novaberg.text.lexicon import NEGATIONS
from novaberg.text.per_turn import one_reading_per_turn, read_once
from novaberg.text.words import normalize, split_sentences

__all__ = ["REQUEST", "QUESTION", "STATEMENT", "LONG_TEXT_CHARS", "Lexeme", "Utterance", "grammar", "load_raw_grammar", "analyse", "statement_adverb_first",
           "strip_particles", "verb_of", "lexeme_of_word", "is_question", "verb_key",
           "one_analysis_per_text"]


LONG_TEXT_CHARS = 280  # past this, a text is read sentence by sentence for the part that matters
# inside `one_analysis_per_text` (a turn: `text.per_turn`) each text is read once; the readings die with the
# scope, so nothing one person said outlives her turn in this process.
one_analysis_per_text = one_reading_per_turn


def analyse(text: str) -> Utterance:
    """Read one utterance (once per text inside `one_analysis_per_text`); see `_analyse`."""
    key = str(text)
    return read_once("analyse", key, lambda: _analyse(key))


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
    if lexeme is not None and words and words[-1] in NEGATIONS:
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
    """*weißt du noch wann ich den Zahnarzt habe* (said without its comma and question mark): a frame of
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
    """*„Ich muss den Hautarzt auf Donnerstag verschieben“* — a need ending in the infinitive of a verb
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
        body = _comma_before_clause(body)  # *zeig mir bitte was ich im dezember vorhabe*
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
