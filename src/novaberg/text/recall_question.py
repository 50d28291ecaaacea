"""Memory questions in everyday words, read: *Was ist mein Lieblingsessen?*, *Welchen Sport mach ich?*, *Wo arbeite
ich nochmal?*, *Was hab ich dir über meine Schwester erzählt?*.

A question is read into the words its fact must hold (a topic, widened by a few word families: *Sport* finds
*Volleyball*), the person it is about (*mein Mann* is not *ich*, a name asked is that name), a year asked, the slot
asked about, and whether nothing found is said so (`abstains`). The memory scores the told sentences against the
reading (`memory/recall_scoring.py`); nothing here reads a store.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from novaberg.text.calendar import MONTH_NAMES
from novaberg.text.lexicon import DIRECT_QUESTION_WORDS, QUESTION_DETERMINERS
from novaberg.text.recall_forms import (
    COLLECTIVE_KIN as _COLLECTIVE_KIN,
)
from novaberg.text.recall_forms import (
    FAMILIES as _FAMILIES,
)
from novaberg.text.recall_forms import (
    KIN_WORDS as _KIN_WORDS,
)
from novaberg.text.recall_forms import (
    STOP as _STOP,
)
from novaberg.text.recall_forms import (
    WORDS as _WORDS,
)
from novaberg.text.recall_forms import same as _same
from novaberg.text.recall_forms import widened as _widened
from novaberg.text.recall_forms import words_of as _words
from novaberg.text.recall_patterns import ABOUT_NAMED as _ABOUT_NAMED
from novaberg.text.recall_patterns import ASKS_A_NAME
from novaberg.text.recall_patterns import OWNED as _OWNED
from novaberg.text.tokens import tokenize
from novaberg.text.told_slots import RELATIVES, SYNONYMS, relative_of
from novaberg.text.words import alternation, contains_words, fold, words

__all__ = ["MemoryQuestion", "memory_question", "plain_question", "asks_what_was_told"]

_POSSESSIVE = r"(mein|meine|meinem|meinen|meiner|meines)"
_POSSESSIVES = frozenset(_WORDS["question_possessives"])
_FILLERS = r"((nochmal|noch\s+mal|eigentlich|denn|gleich|genau)\s+)*"
_TOLD_ABOUT = re.compile(r"\b(was|wann)\s+(hab|habe|hatte)\s+ich\s+(dir|ihnen)\s+(\w+\s+){0,3}?"
                         r"(ueber|uebers|ueberm|von|vom)\s+(?P<topic>.+?)\s+(erzaehlt|gesagt|berichtet)\b")
_TOLD_THAT = re.compile(r"\bwann\s+(hab|habe|hatte)\s+ich\s+(dir|ihnen)\s+(\w+\s+){0,2}?(erzaehlt|gesagt|berichtet)"
                        r"\s*,?\s*(dass|was|wo\w*|wie|wann|wer|welche\w*|ob|warum|wieso|weshalb)\s+(?P<topic>[^?]+)")
_TOLD_ANYTHING = re.compile(r"^\s*was\s+(hab|habe|hatte)\s+ich\s+(dir|ihnen)\s+(\w+\s+){0,4}?(erzaehlt|gesagt|berichtet)\b")
_ABOUT_MY = re.compile(r"\bwas\s+((weisst|weist|weiss)\s+du|wissen\s+sie)\s+(alles\s+|noch\s+|denn\s+)*(ueber|von)\s+"
                       r"(?P<topic>[^?]+)")
_JOB = re.compile(r"\b(was|wer)\s+bin\s+ich\s+(eigentlich\s+|nochmal\s+)?(von\s+beruf|beruflich)\b")
_GENERIC = re.compile(r"^\s*((in|an|mit|bei|fuer|aus|zu|nach|seit)\s+)?(was|wie|wo|wer|wen|wem|wann|welche[nsrm]?|"
                      r"wogegen|woher|wohin|womit|worauf|wovon|wofuer|wieso|warum|weshalb|weswegen)\b")
_FIRST = re.compile(r"\b(ich|mein|meine|meinem|meinen|meiner|meines|mir|mich|wir|unser|unsere|unseren|unserem)\b")
_WHAT_IS_MINE = re.compile(r"\b(was|wie|wer|wo|wann|wie\s+alt|welche[rsnm]?)\s+(?P<verb>ist|sind|heisst|heissen|hiess|hiessen|"
                           r"war|waren|wohnt|wohnen|macht|arbeitet|lebt|studiert)\s+" + _FILLERS + _POSSESSIVE +
                           r"\s+(?P<topic>\w+(?:\s+\w+)?)")
# *Wo arbeitet mein Bruder?*: the verb names the slot asked about — a sentence that only mentions the brother is
# no answer (*Ich wohne mit meinem Partner und seinem Bruder*)
_SLOT_VERBS: dict[str, str] = _WORDS["slot_verbs"]
_WHICH_DO_I = re.compile(r"\bwelche[nsrm]?\s+(?P<topic>\w+)\s+(?!(ist|sind|war|waren|hat|haben|wird)\b)(?P<verb>[a-z]+)"
                         r"\s+ich\b")
_WHERE_DO_I = re.compile(r"\b(wo|was|als\s+was|wie)\s+(?P<topic>arbeite|wohne|lebe|studiere)\s+ich\b|"
                         r"\bwas\s+(?P<job>mach|mache)\s+ich\s+" + _FILLERS + r"beruflich\b")


# Personal things: a question about one of them is a memory question even when nothing was told (abstention).
_PERSONAL = frozenset(_WORDS["personal"]) | RELATIVES
# The family as a whole (*Krankheiten in meiner Familie*): a question about her relatives, not about herself.
# The services' own objects: a question about them is theirs (*Was ist mein nächster Termin?*), never memory's.
_SERVICE_WORDS = tuple(_WORDS["service_words"])
_HABIT_ADVERBS = frozenset(_WORDS["habit_adverbs"])
_PREFERENCE = frozenset(_WORDS["preference_words"])
_DO_VERBS = frozenset(_WORDS["do_verbs"])


@dataclass(frozen=True)
class MemoryQuestion:
    topics: frozenset[str]  # folded words; a told sentence holding one of them answers
    abstains: bool  # nothing found → „noch nicht erzählt" (else the block's usual search goes on)
    about_herself: bool = False  # *Wo wohne ich?*: a sentence about a relative (*Meine Tante wohnt …*) never answers
    asked: frozenset[str] = frozenset()  # the question's own topic words (before widening), for the ranking
    slot: str | None = None  # the kind of slot asked about (`text/told_slots.py`): a sentence filling it answers too
    any_topic: bool = False  # *Was hab ich dir letzte Woche erzählt?*: everything told in the asked period
    nouns: frozenset[str] = frozenset()  # the asked words written as nouns (*Alkohol*): a sentence must hold one
    wants_name: bool = False  # *Wie heißt meine Schwester?*: only a sentence that names her answers
    kin: bool = False  # *Krankheiten in meiner Familie*: only a sentence about a relative answers
    verb: frozenset[str] = frozenset()  # *Wo arbeitet mein Bruder?*: a sentence holds a word of it or fills the slot
    # Never a neighbour fact: the person the question is about (*mein Mann*: mann, ehemann, gatte; *meine Kinder*:
    # kind, sohn, tochter …; a name: *Minka*) — a sentence answers only when it is about that person (its subject,
    # or it names them and is about nobody else); empty: the question names no one but her
    who: frozenset[str] = frozenset()
    years: frozenset[str] = frozenset()  # *die Steuererklärung für 2024*: a sentence must say that year
    named: bool = False  # `who` is a name (*Minka*): a sentence must say it — the cat *Mimi* is another cat
    # what is asked of the person (*Beruf* in *Was ist meine Frau von Beruf?*): a sentence about them holds one of
    # these or fills their slot; None: every asked word that does not name them; empty: anything about them
    what: frozenset[str] | None = None
    # *Was hab ich dir über meine Schwester erzählt?*, *Was weißt du über …?*: everything told about it answers;
    # any other question is answered by the sentences that hold most of what is asked (never one that holds less)
    broad: bool = False
    # the question says *ich* or *wir* (*Wohin fahren wir mit den Kindern?*): her own trip is not a neighbour's
    first_person: bool = False
    # *Mit wem wohne ich zusammen?*: asks for a person — a sentence names one (a relative, a name, *allein*)
    with_whom: bool = False
    # *Rauche ich?*: a yes-no question — a sentence saying she does it no more answers it too
    yes_no: bool = False


# *Wissen Sie noch, wo ich arbeite?*, *Weißt du noch, was ich beruflich mache?*, *Erinnern Sie sich, wie mein Hund
# heißt?*: the asking frame is left off and the clause put back in question order (*wo arbeite ich?*); a frame at
# the end (*…, wissen Sie das noch?*) is left off.
_FRAME = re.compile(r"^\s*(?:(?:weisst|wisst|wissen)\s+(?:du|sie)|erinnerst\s+du\s+dich|erinnern\s+sie\s+sich|"
                    r"(?:kannst|koenntest)\s+du\s+mir\s+(?:\w+\s+)?sagen|(?:koennen|koennten)\s+sie\s+mir\s+"
                    r"(?:\w+\s+)?sagen)(?:\s+(?:noch|eigentlich|denn|daran))*\s*,?\s*")
_FRAME_END = re.compile(r"\s*,\s*(?:weisst|wisst|wissen)\s+(?:du|sie)\s+(?:das\s+)?(?:noch\s*)?(?=\?\s*$)")
# The question words are the one list (text/lexicon_de.json): those before a noun take it with them (*welchen
# sport*, *wessen hund*); *ob* opens no clause that is put back in question order.
_CLAUSE = re.compile(rf"^(?P<w>(?:{alternation(fold(w) for w in QUESTION_DETERMINERS)})\s+\w+|"
                     r"was\s+fuer\s+(?:ein\w*\s+)?\w+|wie\s+(?:alt|oft|lange|viele?)|"
                     rf"{alternation(fold(w) for w in DIRECT_QUESTION_WORDS - QUESTION_DETERMINERS)})\s+(?P<rest>.+?)\s+"
                     r"(?P<verb>[a-z]+)\s*\?\s*$")


_PAST_VERBS = frozenset(_WORDS["past_verbs"])
_PARTICIPLE = re.compile(r"\b(?:\w+)?ge\w+(?:t|en)\b")
_WHEN_PLAIN = re.compile(r"^wann\s+(?P<verb>[a-z]+)\s+(?P<rest>.*?)\s*\?\s*$")


def _asks_when_it_is(plain: str) -> bool:
    """*wann habe ich den zahnarzt?* (a framed question made plain): a when-question in the present asks for an
    appointment, not for something told — *wann war ich in rom?*, *wann bin ich umgezogen?* stay memory's."""
    when = _WHEN_PLAIN.match(plain)
    if not when:
        return False
    return when["verb"] not in _PAST_VERBS and not _PARTICIPLE.search(when["rest"])


def plain_question(folded: str) -> str:
    """A folded question without its asking frame, in question order (see `_FRAME`)."""
    end = _FRAME_END.sub("", folded)
    framed = _FRAME.match(end)
    if not framed:
        return end
    clause = _CLAUSE.match(end[framed.end():])
    if not clause:
        return end[framed.end():]
    return f"{clause['w']} {clause['verb']} {clause['rest']}?"


def asks_what_was_told(text: str, names_a_time: bool = False) -> bool:
    """*Wann hab ich dir von X erzählt?*, *Was hab ich dir letzte Woche über X erzählt?*: a question about what the
    person told Nova — answered from memory, never an appointment search (the router asks this by name).

    A question that is memory's only by its frame (*Weißt du noch, …?*, *Kannst du mir sagen, …?*) is not, when it
    asks about a time the caller found in it (`names_a_time`: *…, was ich morgen vorhabe?*) or when an appointment
    is (*…, wann ich den Zahnarzt habe?*) — those are the timeline's questions in a polite wrapping."""
    folded = plain_question(fold(text))
    if not text.strip().endswith("?"):
        return False
    if _TOLD_ABOUT.search(folded) or _TOLD_THAT.search(folded) or _TOLD_ANYTHING.search(folded):
        return True
    if _FRAME.match(fold(text)) and memory_question(text) is not None and not names_a_time \
            and not _asks_when_it_is(folded):
        return True  # *Weißt du noch, wo ich arbeite?* — but *…, wann ich den Zahnarzt habe?* is the timeline's
    about = _ABOUT_MY.search(folded)  # *Was weißt du über meine Schwester?*: a person of her life, not a subject
    words = _words(about["topic"]) if about else []
    return len(words) >= 2 and words[0] in _POSSESSIVES and any(_same(w, p) for w in words[1:3] for p in _PERSONAL)


# A question word → the slot kind it asks about (*Was bin ich von Beruf?* is answered by *Ich bin Lehrerin*).
_SLOT_WORDS = {word: slot for slot, words in _WORDS["slot_words"].items() for word in words}
_NOUN_VERBS: dict[str, list[str]] = _WORDS["noun_verbs"]
_HOLIDAY = re.compile(r"\bwohin\b.*\b(fahre|fahren|fliege|fliegen|reise|reisen|geht)\b")


def _question(words: list[str], abstains: bool | None = None, holiday: bool = False,
              herself: bool = True, nouns: frozenset[str] = frozenset()) -> MemoryQuestion | None:
    topic = [w for w in words if w not in _STOP and len(w) >= 3]
    if topic and all(w in _DO_VERBS for w in topic) and not _PREFERENCE.isdisjoint(words):
        topic = sorted(_PREFERENCE)  # *Was mache ich gern?*: the verb says nothing, the liking is the topic
    if not topic:
        return None
    topic = [SYNONYMS.get(w, w) for w in topic]
    personal = any(w.startswith("lieblings") or any(_same(w, p) for p in _PERSONAL) or _relative_compound(w)
                   for w in topic)
    relative = any(w in RELATIVES or w in _COLLECTIVE_KIN for w in topic)
    slot = "urlaub" if holiday else next((_SLOT_WORDS[w] for w in topic if w in _SLOT_WORDS), None)
    # *Wann hab ich dir von meinem Alkohol erzählt?*: a thing written as a noun is said by its verb too (*Ich trinke
    # 4mal die Woche*) — asked beside it, while the noun still gates (a sentence naming another thing never answers)
    said_by = [verb for word in topic if word in nouns for verb in _NOUN_VERBS.get(word, ()) if verb not in topic]
    topic = [*topic, *said_by]
    topics = _widened(topic)
    if all(w in _COLLECTIVE_KIN for w in topic) or nouns and all(n in _COLLECTIVE_KIN for n in nouns):
        # *Was hab ich dir über meine Familie erzählt?*, *…, wie groß meine Familie ist?*: any relative
        topics |= _KIN_WORDS  # (the kin gate keeps it to sentences about a relative; the noun is no gate here)
        nouns = frozenset()
    return MemoryQuestion(topics, personal if abstains is None else abstains,
                          about_herself=herself and not relative, asked=frozenset(topic), slot=slot,
                          nouns=frozenset(SYNONYMS.get(n, n) for n in nouns) & frozenset(topic),
                          kin=any(w in _COLLECTIVE_KIN for w in topic), who=_who(topic))


_SAME_PERSON = {word: frozenset({head, *others}) for head, others in _WORDS["same_person"].items()
                for word in (head, *others)}
_GROUPS = {group: frozenset(members) for group, members in _WORDS["groups"].items()}


def _who(topic: Iterable[str]) -> frozenset[str]:
    """The relatives a question is about (*meine Frau*, *meinem Sohn*, *meine Kinder*), each with the words that
    name the same person (*Ehefrau*) or, for a group, its members (*Kinder*: *Sohn*, *Tochter*)."""
    out: set[str] = set()
    for word in topic:
        rel = relative_of(word)
        if rel is None:
            continue
        out |= _SAME_PERSON.get(rel, frozenset({rel})) | _GROUPS.get(rel, frozenset())
    return frozenset(out)


# *Was trinke ich?*, *Was mache ich gern?*, *Wie alt bin ich jetzt?*: a question with *ich* as the subject of a
# verb in the present and nothing after *ich* but words of habit and time (`habit_adverbs`) asks about her own
# ways — memory's, and nothing told about them is said so. *Wie komme ich zum Bahnhof?* has more after *ich*; a
# modal (*Was soll ich kochen?*) asks for advice.
_HABIT_QUESTION = re.compile(r"^\s*(?:was\s+fuer\s+(?:ein\w*\s+)?\w+|welche[nsrm]?\s+\w+|wie\s+(?:alt|oft|viel|viele|"
                             r"lange)|was|wie|wo|woher|wohin|wogegen|womit|wovon|woran)\s+(?P<verb>[a-z]+)\s+ich"
                             r"(?P<rest>(?:\s+[a-z]+)*)\s*\?\s*$")
_MODALS = frozenset(_WORDS["modals"])


def _habit_question(plain: str) -> bool:
    found = _HABIT_QUESTION.match(plain)
    return bool(found) and found["verb"] not in _MODALS and set(found["rest"].split()) <= _HABIT_ADVERBS


# *Welche Medikamente nehme ich?*, *Wie schlafe ich?*, *Wo wurde ich operiert?*: a question with *ich* as its
# subject about a thing of the recall's families (health, habits, pastimes, work, home) is memory's even outside
# `personal` — nothing told about it is said so, never the nearest sentence. A question about anything else
# (*Wann habe ich die Kaution überwiesen?*) is left to the block's usual search, so the files may still answer it;
# a wish, a plan or advice (*Was soll ich heute kochen?*, *Was kann ich morgen machen?*) asks for something else.
_ASKS_HER = re.compile(r"\bich\b")
_NOT_ABOUT_HER = re.compile(r"\b(soll|sollte|sollen|kann|koennte|kannst|muss|musste|darf|duerfte|moechte|will|werde|"
                            r"wuerde|heute|morgen|uebermorgen|gleich|spaeter|naechste\w*|demnaechst)\b")


def _asks_about_her(folded: str, topic: Iterable[str]) -> bool:
    return bool(_ASKS_HER.search(folded)) and not _NOT_ABOUT_HER.search(folded) and any(
        _same(word, member) for word in topic if word not in _STOP for _, family in _FAMILIES for member in family)


# A noun is written with a capital: a word inside the question that starts with one, not the polite *Sie*.
_NOUN = re.compile(r"(?<=\s)([A-ZÄÖÜ][\wäöüß-]+)")
_POLITE = frozenset(_WORDS["polite"])


def _nouns(text: str) -> frozenset[str]:
    """The question's nouns as written (*Wie viel Alkohol trinke ich?* → alkohol); none when it is all lower case."""
    return frozenset(word for found in _NOUN.findall(text) for word in _words(found) if word not in _POLITE)


def _relative_compound(word: str) -> bool:
    """*Schwiegersohn*, *Stiefbruder*, *Patentante*: a compound ending in a relative word is a person of her life."""
    return any(word.endswith(rel) and len(word) >= len(rel) + 3 for rel in RELATIVES if len(rel) >= 4)


_NAME_OF_MINE = re.compile(r"\bwie\s+(heisst|heissen|hiess|hiessen)\s+" + _POSSESSIVE + r"\b")


def memory_question(text: str) -> MemoryQuestion | None:
    """The topic of an everyday memory question, or None when the text is no such question."""
    if not text.strip().endswith("?"):
        return None
    found = _memory_question(text)
    if found is None:
        return None
    folded = fold(text)
    years = frozenset(_YEAR.findall(folded))
    first_person = bool(found.who) and not _FIRST_PERSON.isdisjoint(words(plain_question(folded)))
    with_whom = contains_words(words(plain_question(folded)), _WITH_WHOM) and not found.broad
    return replace(found, years=years, first_person=first_person, with_whom=with_whom) \
        if years or first_person or with_whom else found


_WITH_WHOM = ("mit", "wem")


_FIRST_PERSON = frozenset(_WORDS["first_person"])
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
# *Wie alt ist Minka?*, *Wo arbeitet Lena?*: a question about someone by name (a word written as a name right after
# the verb, no article before it) — memory's when a told sentence names them; never anybody else's fact.
# a thing or person of a relative, said in the genitive: it is the relative's, never hers (nor another's)
_NOT_NAMES = frozenset(_WORDS["not_names"])


def _named_question(text: str, folded: str) -> MemoryQuestion | None:
    found = _ABOUT_NAMED.match(folded)
    if not found:
        return None
    name = found["name"]
    written = any(token.capitalised and token.folded == name for token in tokenize(text)[1:])
    if not written or name in _NOT_NAMES or name in _STOP or relative_of(name) is not None or len(name) < 3 \
            or any(name == fold(month) for month in MONTH_NAMES):
        return None
    rest = [w for w in _words(found["rest"]) if w not in _STOP and len(w) >= 3]
    verb = _SLOT_VERBS.get(found["verb"])
    asks = ["alt"] if folded.lstrip().startswith("wie alt") else []
    words = [name, *rest, *asks, *([verb] if verb else [])]
    question = _question(words, abstains=False, herself=False)
    if question is None:
        return None
    return replace(question, who=frozenset({name}), named=True, verb=_widened([verb]) if verb else frozenset())


def _memory_question(text: str) -> MemoryQuestion | None:
    folded = plain_question(fold(text))
    nouns = _nouns(text)
    told = _TOLD_ABOUT.search(folded) or _TOLD_THAT.search(folded)
    if told:
        found = _question(_words(told["topic"]), abstains=True, herself=False, nouns=nouns)
        return replace(found, broad=told.group(0).startswith("was")) if found is not None else None
    if _TOLD_ANYTHING.search(folded):
        return MemoryQuestion(frozenset(), abstains=True, about_herself=False, any_topic=True)
    about = _ABOUT_MY.search(folded)
    if about:
        found = _question(_words(about["topic"]), herself=False, nouns=nouns)
        return replace(found, broad=True) if found is not None else None
    if _JOB.search(folded):
        return _question(["beruf"], abstains=True)
    where = _WHERE_DO_I.search(folded)
    if where:
        return _question(["arbeite" if where["job"] else where["topic"]], abstains=True)
    which = _WHICH_DO_I.search(folded)
    mine = None if which else _WHAT_IS_MINE.search(folded)
    if which and which["topic"] not in _STOP:
        # *Welches Fach studiere ich?*: a verb of a family (*studiere*) says what is asked too; *mache* says nothing
        verb = [which["verb"]] if _widened([which["verb"]]) != {which["verb"]} else []
        return _question([which["topic"], *verb], abstains=True if _asks_about_her(folded, [which["topic"]]) else None,
                         nouns=nouns)
    if mine and _words(mine["topic"])[0] not in _STOP:  # *Wie heißt meine Hebamme?*: never told → said so
        named = bool(_NAME_OF_MINE.search(folded))
        # *Was ist meine Frau von Beruf?*: the words after the person ask what of them
        rest = [w for w in _words(folded[mine.end():]) if w not in _STOP and len(w) >= 3]
        found = _question(_words(mine["topic"]) + rest, abstains=True if named or _asks_about_her(
            folded, _words(mine["topic"])) else None, nouns=nouns)
        if found is not None and found.who:  # what of the person: the words after them (*verstorbener* is who)
            topic = _words(mine["topic"])
            at = next((i for i, w in enumerate(topic) if relative_of(SYNONYMS.get(w, w)) is not None), len(topic))
            found = replace(found, what=frozenset(SYNONYMS.get(w, w) for w in topic[at + 1:] + rest if w not in _STOP))
        verb = _SLOT_VERBS.get(mine["verb"])
        if found is not None and verb:
            found = replace(found, verb=_widened([verb]), slot=_SLOT_WORDS.get(verb, found.slot),
                            topics=found.topics | {verb}, asked=found.asked | {verb})
        return replace(found, wants_name=True) if found is not None and named else found
    owned = _OWNED.search(folded)
    if owned and relative_of(owned["owner"]) is not None:  # *Wie heißt die Katze meiner Nachbarin?*
        found = _question([owned["owner"], owned["thing"], *(w for w in _words(folded[owned.end():])
                                                             if w not in _STOP and len(w) >= 3)], abstains=True,
                          herself=False, nouns=nouns)
        if found is not None:
            return replace(found, who=_who([owned["owner"]]), what=frozenset({owned["thing"]}),
                           wants_name=bool(ASKS_A_NAME.search(folded)))
    named_question = _named_question(text, folded)
    if named_question is not None:
        return named_question
    if _GENERIC.search(folded) and _FIRST.search(folded):
        words = _words(folded)
        if any(word.startswith(service) or word.endswith(service) or word.endswith(service + "n")
               for word in words for service in _SERVICE_WORDS):
            return None
        return _question(words, abstains=True if _asks_about_her(folded, words) or _habit_question(folded) else None,
                         holiday=bool(_HOLIDAY.search(folded)), nouns=nouns)
    return _yes_no_question(folded, nouns)


# *Hab ich ein Haustier?*, *Spiele ich ein Instrument?*, *Trinke ich Kaffee?*: a yes-no question with *ich* as the
# subject of a verb in the present, about a thing written as a noun (or of the recall's families) — memory's, and
# nothing told is said so. Not a modal (*Darf ich …?*), not a time (*Habe ich morgen …?*), not a service's object
# (*Habe ich einen Termin?*, *… auf der Einkaufsliste?*).
_YES_NO = re.compile(r"^\s*(?P<verb>[a-z]+)\s+ich\s+(?P<rest>[a-z0-9 ]+?)\s*\?\s*$")


def _yes_no_question(plain: str, nouns: frozenset[str]) -> MemoryQuestion | None:
    found = _YES_NO.match(plain)
    if not found or found["verb"] in _MODALS or _NOT_ABOUT_HER.search(found["rest"]):
        return None
    words = [found["verb"], *found["rest"].split()]
    if any(word.startswith(service) or word.endswith(service) or word.endswith(service + "n")
           for word in words for service in _SERVICE_WORDS):
        return None
    if not nouns and not _asks_about_her(plain, words):
        return None
    found = _question(words, abstains=True, nouns=nouns)
    return replace(found, yes_no=True) if found is not None else None
