"""German phrasings of the timeline, read by rules: keyword hints, the literal time expression, the title.

Used by the offline model's classification rule, by the keyword hints of §7.2 (Stufe A, computed
before any model call) and by the `[TERMINE]` reader to tell a question about appointments from
anything else. The words and patterns are data (`text/calendar_phrases_de.json`); time words come from the time
parser's public vocabulary (`TIME_VOCABULARY`). Nothing here parses a moment — that is `timeparse`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from novaberg.text.calendar_phrases import Phrases, load_raw_phrases, phrases
from novaberg.text.calendar_words import CALENDAR_WORDS
from novaberg.text.grammar import QUESTION, STATEMENT, analyse, verb_of
from novaberg.timeline.series_phrases import series_statement as _series_statement
from novaberg.timeparse.vocabulary import TIME_VOCABULARY

__all__ = [
    "Phrases",
    "phrases",
    "load_raw_phrases",
    "keyword_hints",
    "elliptic_order",
    "reads_without_mark",
    "order_hints",
    "time_spans",
    "time_expression",
    "without_time",
    "title_of",
    "is_title",
    "title_words",
    "same_appointment",
    "keywords_of",
    "is_read_question",
    "is_past_tense",
    "asks_for_all",
    "opens_with_own_verb",
    "type_of",
]

_TOKEN = re.compile(
    r"\d{4}-\d{1,2}-\d{1,2}|\d{1,2}:\d{2}|\d{1,2}\.\d{1,2}\.(?:\d{4}|\d{2})?|\d{1,2}\.\d{2}|\d+\.?|[^\W\d_]+\.?"
)
_CORE_DIGITS = re.compile(r"^(\d{4}-\d{1,2}-\d{1,2}|\d{1,2}:\d{2}|\d{1,2}\.\d{1,2}\.(\d{2,4})?|\d{1,2}\.\d{2}|\d{1,2}\.)$")
_TIME_PREPOSITIONS = CALENDAR_WORDS["time_prepositions"]
_GRAMMAR_BLOCKERS = CALENDAR_WORDS["grammar_blockers"]
_HOLIDAYS_BY_START: dict[str, list[Any]] = {}
for _holiday in TIME_VOCABULARY.holidays:
    for _word in _holiday.words[0]:
        _HOLIDAYS_BY_START.setdefault(_word, []).append(_holiday)
# *und*/*oder* join a second number to a time only after a first one (*zwischen drei und vier*); alone
# they join things (*Mehl und zwei Liter Milch*)
_RANGE_JOINERS = CALENDAR_WORDS["range_joiners"]
_EDGE_LINKS = CALENDAR_WORDS["edge_links"]


# --- keyword hints (§7.2 Stufe A) ---------------------------------------------------------------------

def keyword_hints(text: str) -> list[str]:
    """The actions whose patterns match, in priority order; a `…_with_time` group counts only with a time."""
    lowered = text.lower().strip()
    found: list[str] = []
    for action in phrases().action_priority:
        if any(p.search(lowered) for p in phrases().action_patterns.get(action, ())):
            name = action.removesuffix("_with_time")
            if name != action and not time_spans(text):
                continue
            if name not in found:
                found.append(name)
    return found


_NEW = CALENDAR_WORDS["new_words"]


def elliptic_order(text: str) -> bool:
    """*Termin morgen um 10 Uhr beim Zahnarzt*, *Arzttermin nächsten Montag 14:30* (issue 26): an appointment
    word first, a time, no verb, subject or negation — an order to enter it said without its verb. A sentence
    with a verb of its own (*Termin ist morgen*, *Ich hab morgen einen Termin*) stays a statement."""
    p = phrases()
    words = [t.word for t in _tokens(text)]
    while words and words[0] in _NEW:
        words = words[1:]
    if not words or not any(words[0].endswith(head) for head in p.elliptic_heads) or not time_spans(text):
        return False
    return not any(w in p.elliptic_not for w in words) and verb_of(text)[0] is None


def reads_without_mark(text: str) -> bool:
    """A question about appointments said without its verb or its mark (issue 26, the voice-assistant phrasings):
    *Termine für morgen*, *meine Kalendereinträge für diese Woche* (a plural head, a time, no verb of its own);
    *ist am freitag noch was frei*, *steht morgen was an* (a finite verb first, a time, and free time or *was …
    an* asked after). A singular head (*Kalendereintrag für nächste Woche*) is an order (`elliptic_order`)."""
    p = phrases()
    words = [t.word for t in _tokens(text)]
    if not words or not time_spans(text) or any(w in _NEGATIONS for w in words):
        return False
    head = words[1:] if words[0] in p.query_openers else words
    if head and head[0] in p.query_heads:
        return not any(w in p.elliptic_not for w in head[1:]) and verb_of(text)[0] is None
    if words[0] not in p.verb_first_questions:
        return False
    return any(w in p.availability_words for w in words) or ("was" in words and words[-1] == "an")


_NEGATIONS = CALENDAR_WORDS["negations"]


def order_hints(text: str) -> list[str]:
    """§7.2 Stufe A read through the request grammar (issue 13): an order's hints come from its bare
    form (*„Kannst du … verschieben?“* → reschedule); a question hints `read`; a statement hints nothing —
    only an explicit request writes (§3a)."""
    utterance = analyse(text)
    if utterance.mood == QUESTION or reads_without_mark(text):
        return ["read"]
    statement = _series_statement(text)
    if statement is not None:  # issue 29: a series statement is an order (*fällt … aus*, *ab jetzt immer …*)
        return [statement]
    if utterance.mood == STATEMENT:
        return ["create"] if elliptic_order(text) else []  # *Termin morgen um 10 beim Zahnarzt* (issue 26)
    return keyword_hints(utterance.core)


def is_read_question(text: str) -> bool:
    return "read" in keyword_hints(text)


def opens_with_own_verb(text: str) -> bool:
    """*stelle eine Erinnerung für morgen ein*, *buche einen Termin beim Friseur*, *storniere den Termin*: an imperative
    of the calendar the request grammar does not read as one opens the sentence (issue 26)."""
    toks = _tokens(text)
    return bool(toks) and toks[0].word in phrases().own_openers


def asks_for_all(text: str) -> bool:
    """*Lösch alle Termine für morgen*: the order is meant for every appointment of its period."""
    return any(w in phrases().all_words for w in _words(text))


def is_past_tense(text: str) -> bool:
    return any(w in phrases().past_tense_words for w in _words(text))


def type_of(text: str) -> str:
    """The event type the wording suggests; `termin` unless a word says otherwise."""
    words = set(_words(text))
    for name, markers in phrases().type_words.items():
        if words & markers:
            return name
    if phrases().reminder_pattern.search(text.lower()):
        return "erinnerung"
    return "termin"


# --- the literal time expression ---------------------------------------------------------------------

@dataclass(frozen=True)
class _Tok:
    text: str
    word: str  # lower case, without a trailing dot
    dotted: bool
    start: int
    end: int


def _tokens(text: str) -> list[_Tok]:
    out = []
    for m in _TOKEN.finditer(text):
        raw = m.group()
        dotted = raw.endswith(".")
        out.append(_Tok(raw, raw.lower().rstrip(".") if not raw[:1].isdigit() else raw.lower(), dotted,
                        m.start(), m.end()))
    return out


def _words(text: str) -> list[str]:
    return [t.word for t in _tokens(text) if not t.word[:1].isdigit()]


def _role(tok: _Tok, previous: str | None) -> str | None:
    """core: a time on its own; num: a number that is a time only after a preposition; link: glue."""
    v = TIME_VOCABULARY
    w = tok.word
    if w[:1].isdigit():
        if _CORE_DIGITS.match(w):
            return "core"
        return "num"
    if w in v.weekdays or w in v.months or w in v.day_words or w in v.dayparts or w in v.ordinals \
            or w in v.periods or w == "uhr":
        return "core"
    if tok.dotted and (w in v.weekday_abbreviations or w in v.month_abbreviations):
        return "core"
    if w in v.units and previous == "num":
        return "core"
    if w in v.numbers:
        return "num"
    if w in v.prefixes or w in v.after_next or w in phrases().time_links:
        return "link"
    if w in v.blockers:  # *irgendwann*, *bald*, *Ostern*: a time the parser refuses — still a time, not a title
        return "link" if w in _GRAMMAR_BLOCKERS else "core"
    return None


def _mark_phrases(toks: list[_Tok], roles: list[str | None]) -> None:
    """Times of several words (issue 18): a holiday (*Tag der Arbeit*, *Christi Himmelfahrt*) is a time, and
    *in einer Woche* is a distance like *in zwei Wochen*."""
    v = TIME_VOCABULARY
    words = [t.word for t in toks]
    for i, word in enumerate(words):
        if word in v.article_one and i > 0 and words[i - 1] == "in" and i + 1 < len(words) and words[i + 1] in v.units:
            roles[i], roles[i + 1] = "num", "core"
        if word in v.minutes and i > 0 and words[i - 1] == "uhr":  # issue 26: *vierzehn Uhr dreißig* is one time
            roles[i] = "num"
        for holiday in _HOLIDAYS_BY_START.get(word, ()):
            size = len(holiday.words)
            if holiday.said_at(words[i - 1] if i > 0 else None) and all(
                    i + n < len(words) and words[i + n] in holiday.words[n] for n in range(size)):
                roles[i : i + size] = ["core"] * size
                if holiday.only_after:
                    roles[i - 1] = "core"  # *an Nikolaus*: without its *an* the words name a person
                break


_GREETING_ADJECTIVES = CALENDAR_WORDS["greeting_adjectives"]
_GREETING_NOUNS = CALENDAR_WORDS["greeting_nouns"]


def time_spans(text: str) -> list[tuple[int, int]]:
    """Character spans of the time expressions in `text` (literal, nothing parsed)."""
    toks = _tokens(text)
    roles: list[str | None] = []
    for tok in toks:
        roles.append(_role(tok, roles[-1] if roles else None))
    for k in range(1, len(toks)):  # *Guten Morgen*, *guten Abend*, *gute Nacht*: a greeting, not a time
        if toks[k - 1].word in _GREETING_ADJECTIVES and toks[k].word in _GREETING_NOUNS:
            roles[k] = None
    _mark_phrases(toks, roles)
    spans: list[tuple[int, int]] = []
    i = 0
    while i < len(toks):
        if roles[i] is None:
            i += 1
            continue
        j = i
        while j + 1 < len(toks) and roles[j + 1] is not None:
            j += 1
        run = list(range(i, j + 1))
        i = j + 1
        timed = any(roles[k] == "core" for k in run) or any(
            roles[k] == "num" and k > run[0] and toks[k - 1].word in _TIME_PREPOSITIONS
            and (toks[k - 1].word not in _RANGE_JOINERS or any(roles[m] == "num" for m in run if m < k - 1))
            for k in run)
        if not timed:
            continue
        while run and (roles[run[-1]] == "link" or toks[run[-1]].word in _EDGE_LINKS):
            run.pop()
        while run and toks[run[0]].word in {"und", "oder", "nicht", "statt", "bis", "den"}:
            run.pop(0)
        if run:
            spans.append((toks[run[0]].start, toks[run[-1]].end))
    return spans


_DANGLING = CALENDAR_WORDS["dangling"]


def without_time(text: str) -> str:
    """`text` with its time expressions and the prepositions left hanging at them taken out (issue 26: *Milch am
    Freitag* is the item „Milch“ — a time phrase never becomes part of an item or a title); '' when nothing else
    is said."""
    kept: list[str] = []
    cursor = 0
    for start, end in time_spans(text):
        kept.append(text[cursor:start])
        cursor = end
    kept.append(text[cursor:])
    pieces = [" ".join(p.split()) for p in kept]
    out: list[str] = []
    for i, piece in enumerate(pieces):
        piece_words = piece.split()
        if i < len(pieces) - 1:  # a preposition before the time that was taken out
            while piece_words and piece_words[-1].casefold() in _DANGLING:
                piece_words.pop()
        out.extend(piece_words)
    return " ".join(out).strip(" ,;:")


def time_expression(text: str, drop_opener: bool = False) -> str:
    """The time expression as said (§3: literal). `drop_opener` turns *auf Freitag* into *Freitag*;
    a phrase said twice is kept once (a monologue repeating *morgen um 10* is one time, issue 13)."""
    parts: list[str] = []
    for start, end in time_spans(text):
        part = text[start:end]
        if drop_opener:
            first, _, rest = part.partition(" ")
            if rest and first.lower() in phrases().span_openers_dropped:
                part = rest
        if part not in parts:
            parts.append(part)
    return " ".join(parts)


# --- the title ---------------------------------------------------------------------------------------

def title_of(text: str) -> str:
    """The words of the order that are neither time, verb nor filler — the appointment's name."""
    spans = time_spans(text)
    toks = [t for t in _tokens(text) if not any(s <= t.start < e for s, e in spans)]
    edge = phrases().title_edge_words
    content = [t for t in toks if t.word not in edge]
    if not content:
        return ""
    first = content[0]
    clause_end = min((i for i in (text.find(sign, first.end) for sign in ",;!?") if i >= 0), default=len(text))
    last = [t for t in content if t.start < clause_end][-1]
    start, end = _whole_compound(text, first.start, last.end)
    pieces: list[str] = []
    cursor = start
    for s, e in spans:
        if start < s and e <= end:
            pieces.append(text[cursor:s])
            cursor = e
    pieces.append(text[cursor:end])
    title = " ".join(" ".join(p.split()) for p in pieces if p.strip())
    return title.strip(" ,;:!?\"'„“").rstrip(".") if not title.endswith(("Dr.", "Fr.", "Hr.")) else title


_HYPHEN_PART = re.compile(r"-[^\W\d_]+")
_PART_HYPHEN = re.compile(r"[^\W\d_]+-$")


def _whole_compound(text: str, start: int, end: int) -> tuple[int, int]:
    """A word joined by a hyphen is one word: *Haar-Termin* keeps its *-Termin*, *Termin-Absprache* its *Termin-* —
    the edge words are dropped only when they stand alone (s12: „Plane haar-termin am montag“ entered „haar“)."""
    while (m := _HYPHEN_PART.match(text, end)) is not None:
        end = m.end()
    while (m := _PART_HYPHEN.search(text, 0, start)) is not None and m.end() == start:
        start = m.start()
    return start, end


def is_title(target: str) -> bool:
    """Whether `target` names an appointment: a word of three letters or more that is no pronoun,
    ordinal, consent word, filler or time word (*ihn*, *den zweiten*, *ja*, *am 9.* name nothing)."""
    p = phrases()
    for tok in _tokens(target or ""):
        w = tok.word
        if w[:1].isdigit() or len(w) < 3 or w in p.not_a_title or w in p.title_edge_words:
            continue
        if _role(tok, None) in ("core", "num", "link"):
            continue
        return True
    return False


def title_words(title: str) -> set[str]:
    """The content words of a title, lower case (§4.4: a duplicate shares one of them)."""
    p = phrases()
    return {w for w in (_strip_suffix(t.word) for t in _tokens(title or "") if not t.word[:1].isdigit())
            if len(w) >= 3 and w not in p.stop_words}


def same_appointment(title: str, other: str) -> bool:
    """§4.4: whether two titles on one day name the same appointment — a shared word that names it, not one
    that names its kind (*Meeting mit Anna* and *Meeting mit Tom* are two, issue 26); titles of kind words only
    (*Meeting*) are the same when they are the same words."""
    generic = phrases().generic_title_words
    names, other_names = title_words(title) - generic, title_words(other) - generic
    if names or other_names:
        return bool(names & other_names)
    return title_words(title) == title_words(other)


def keywords_of(target: str) -> list[str]:
    """The words a title search looks for (all must be in the title): content words, *Zahnarzttermin* → *zahnarzt*."""
    p = phrases()
    out: list[str] = []
    for tok in _tokens(target or ""):
        w = tok.word
        if w[:1].isdigit() or w in p.stop_words or w in p.title_edge_words or len(w) < 2:
            continue
        w = _strip_suffix(w)
        if w and w not in out:
            out.append(w)
    return out


def declension_stems(terms: list[str]) -> list[str] | None:
    """The search words without a case ending *-en* (*den Kieferorthopäden* → *kieferorthopäd*, *Patienten* →
    *patient*), for a second search when the words as said found nothing; None when no word has one. A stem
    keeps at least five letters (*Essen* stays)."""
    stems = [t[:-2] if t.endswith("en") and len(t) >= 7 else t for t in terms]
    return stems if stems != terms else None


def _strip_suffix(word: str) -> str:
    for suffix in phrases().title_suffixes:
        if word.endswith(suffix) and len(word) >= len(suffix) + 4:
            return word[: -len(suffix)]
    return word
