"""Memory questions in everyday words (issue 28 items 2 and 4): *Was ist mein Lieblingsessen?*, *Welchen Sport
mach ich?*, *Wo arbeite ich nochmal?*, *Was hab ich dir über meine Schwester erzählt?*.

A question is read into the words its fact must hold (a topic, widened by a few word families: *Sport* finds
*Volleyball*); a told sentence answers it only when one of its words is such a word — never by nearness, so
*Lieblingsfarbe* never finds *Lieblingsessen*. A question about a personal thing nothing was told about is
answered „noch nicht erzählt" (`abstains`); any other question with no match is left to the block's usual search.
Never a neighbour fact: the person asked about is the subject of the sentence that answers (*mein Mann*
is not *ich*, *die Katze meiner Nachbarin* not ours), a name asked is that name (*Minka* is not *Mimi*), a year asked
is that year; and of the sentences found, those holding fewer of the asked words than the best one are left out.
No model call, no SQL here: the block reader hands in the pair's told sentences.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from novaberg.memory.slots import RELATIVES, SYNONYMS, TIME_NOUNS, relative_of, slot_of, subject_of
from novaberg.text.calendar import MONTH_NAMES
from novaberg.text.recall_patterns import ABOUT_NAMED as _ABOUT_NAMED
from novaberg.text.recall_patterns import ASKS_A_NAME, recall_words
from novaberg.text.recall_patterns import DRUG_ENDING as _DRUG
from novaberg.text.recall_patterns import OWNED as _OWNED
from novaberg.text.recall_patterns import SHARED as _SHARED
from novaberg.text.words import fold

__all__ = ["MemoryQuestion", "memory_question", "plain_question", "told_about", "score_told", "TopicScorer", "said_on", "asks_what_was_told",
           "asked_period", "bare_answer"]

_POSSESSIVE = r"(mein|meine|meinem|meinen|meiner|meines)"
_POSSESSIVES = frozenset({"mein", "meine", "meinem", "meinen", "meiner", "meines", "unser", "unsere", "unserem",
                          "unseren"})
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
_SLOT_VERBS = {"arbeitet": "arbeite", "wohnt": "wohne", "wohnen": "wohne", "lebt": "wohne", "studiert": "studiere"}
_WHICH_DO_I = re.compile(r"\bwelche[nsrm]?\s+(?P<topic>\w+)\s+(?!(ist|sind|war|waren|hat|haben|wird)\b)(?P<verb>[a-z]+)"
                         r"\s+ich\b")
_WHERE_DO_I = re.compile(r"\b(wo|was|als\s+was|wie)\s+(?P<topic>arbeite|wohne|lebe|studiere)\s+ich\b|"
                         r"\bwas\s+(?P<job>mach|mache)\s+ich\s+" + _FILLERS + r"beruflich\b")

_WORDS = recall_words()  # `text/recall_de.json`
# Word families: a topic word finds the told sentences holding any of its family (folded, whole words). In a
# family of kinds only its general words (`heads`) widen so — *Sport* finds *Tennis*, *Volleyball* finds only
# itself, never a neighbour of the same kind; a head finds the families it `includes` too (*Hobbys*: the sports).
_BY_NAME = {f["name"]: frozenset(f["words"]) for f in _WORDS["families"]}
_FAMILIES: tuple[tuple[frozenset[str], frozenset[str]], ...] = tuple(
    (frozenset(f["heads"] or f["words"]),
     _BY_NAME[f["name"]].union(*(_BY_NAME[name] for name in f["includes"]))) for f in _WORDS["families"])
# Families of kinds (a sport, a music, an instrument, a hobby): a compound ending in a member is a kind too
# (*Rennrad*, *Beachvolleyball*, *E-Gitarre*, *Kirchenchor*) — the others' words (*Haus*, *Stelle*) are no heads.
_KIND_FAMILIES = frozenset(w for f in _WORDS["families"] if f["kind"] for w in f["words"] if len(w) >= 3)
# Personal things: a question about one of them is a memory question even when nothing was told (abstention).
_PERSONAL = frozenset(_WORDS["personal"]) | RELATIVES
# The family as a whole (*Krankheiten in meiner Familie*): a question about her relatives, not about herself.
_COLLECTIVE_KIN = frozenset(_WORDS["collective_kin"])
# The services' own objects: a question about them is theirs (*Was ist mein nächster Termin?*), never memory's.
_SERVICE_WORDS = tuple(_WORDS["service_words"])
_STOP = frozenset(_WORDS["stop_words"])
_HABIT_ADVERBS = frozenset(_WORDS["habit_adverbs"])
_PREFERENCE = frozenset(_WORDS["preference_words"])
_DO_VERBS = frozenset(_WORDS["do_verbs"])
# the family as a whole: every relative word, and the plurals that are no short ending away (*Brüder*, *Söhne*)
_KIN_WORDS = frozenset(RELATIVES - set(_WORDS["pets"]) | set(_WORDS["kin_plurals"]))  # a pet is no relative here
_ENDINGS = tuple(_WORDS["endings"])


@dataclass(frozen=True)
class MemoryQuestion:
    topics: frozenset[str]  # folded words; a told sentence holding one of them answers
    abstains: bool  # nothing found → „noch nicht erzählt" (else the block's usual search goes on)
    about_herself: bool = False  # *Wo wohne ich?*: a sentence about a relative (*Meine Tante wohnt …*) never answers
    asked: frozenset[str] = frozenset()  # the question's own topic words (before widening), for the ranking
    slot: str | None = None  # the kind of slot asked about (`slots.py`): a sentence filling it answers too
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


def _words(text: str) -> list[str]:
    return list(_cached_words(text))


@lru_cache(maxsize=8192)
def _cached_words(text: str) -> tuple[str, ...]:
    words = tuple(re.findall(r"[a-z0-9]+", fold(text)))
    if _TAKES.isdisjoint(words) or not any(_DRUG.search(word) for word in words if len(word) >= 6):
        return words
    return (*words, "medikament")  # *Ich nehme Ipratropium und Metformin*: she told what medicines she takes


# A medicine by its name's ending (*Metformin*, *Ipratropium*, *Ramipril*, *Ibuprofen*, *Pantoprazol*), taken
# (*nehme*): the sentence tells her medicines, though it never says *Tabletten* (a GerMedIQ answer, as told).
_TAKES = frozenset({"nehme", "nehmen", "nimmt", "nahm", "genommen", "einnehmen"})


def _widened(words: Iterable[str]) -> frozenset[str]:
    out = set(words)
    for word in list(out):
        for heads, family in _FAMILIES:
            if any(_same(word, head) for head in heads):
                out |= family
    return frozenset(out)


# *Wissen Sie noch, wo ich arbeite?*, *Weißt du noch, was ich beruflich mache?*, *Erinnern Sie sich, wie mein Hund
# heißt?*: the asking frame is left off and the clause put back in question order (*wo arbeite ich?*); a frame at
# the end (*…, wissen Sie das noch?*) is left off.
_FRAME = re.compile(r"^\s*(?:(?:weisst|wisst|wissen)\s+(?:du|sie)|erinnerst\s+du\s+dich|erinnern\s+sie\s+sich|"
                    r"(?:kannst|koenntest)\s+du\s+mir\s+(?:\w+\s+)?sagen|(?:koennen|koennten)\s+sie\s+mir\s+"
                    r"(?:\w+\s+)?sagen)(?:\s+(?:noch|eigentlich|denn|daran))*\s*,?\s*")
_FRAME_END = re.compile(r"\s*,\s*(?:weisst|wisst|wissen)\s+(?:du|sie)\s+(?:das\s+)?(?:noch\s*)?(?=\?\s*$)")
_CLAUSE = re.compile(r"^(?P<w>welche[nsrm]?\s+\w+|was\s+fuer\s+(?:ein\w*\s+)?\w+|wie\s+(?:alt|oft|lange|viele?)|was|wo|"
                     r"wie|wer|wen|wem|wann|woher|wohin|wogegen|womit|wovon|wofuer|woran)\s+(?P<rest>.+?)\s+"
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
    person told Nova — answered from memory, never an appointment search (issue 28, the router's named check).

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
_MODALS = frozenset("""soll sollte kann koennte muss musste darf duerfte moechte will werde wuerde brauche""".split())


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
_POLITE = frozenset({"sie", "ihnen", "ihr", "ihre", "ihren", "ihrem", "ihrer", "ihres"})


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
    first_person = bool(found.who) and not _FIRST_PERSON.isdisjoint(re.findall(r"[a-z]+", plain_question(folded)))
    return replace(found, years=years, first_person=first_person) if years or first_person else found


_FIRST_PERSON = frozenset({"ich", "wir"})
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
# *Wie alt ist Minka?*, *Wo arbeitet Lena?*: a question about someone by name (a word written as a name right after
# the verb, no article before it) — memory's when a told sentence names them; never anybody else's fact.
# a thing or person of a relative, said in the genitive: it is the relative's, never hers (nor another's)
_NOT_NAMES = frozenset("""du sie er es wir ihr man das der die den dem des ein eine einen einem einer dein deine
denn eigentlich nochmal noch jetzt heute morgen gestern da hier dort""".split())


def _named_question(text: str, folded: str) -> MemoryQuestion | None:
    found = _ABOUT_NAMED.match(folded)
    if not found:
        return None
    name = found["name"]
    written = any(word[:1].isupper() and fold(word) == name for word in re.findall(r"\w+", text)[1:])
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
    return _question(words, abstains=True, nouns=nouns)


def _same(word: str, topic: str) -> bool:
    """One word in two forms (*Schwester*/*Schwestern*, *arbeite*/*Arbeit*): equal up to a short ending."""
    short, long = sorted((word, topic), key=len)
    return long.startswith(short) and long[len(short):] in _ENDINGS and len(short) >= 3


def told_about(question: MemoryQuestion, said: str, names: dict[str, str] | None = None) -> bool:
    """The told sentence holds a word of the question's topic (whole words, folded, or a compound's head); with
    `names` a relative's name stands for the relative (*Lena* for *Schwester*) and the other way round."""
    return score_told(question, said, names) > 0


def score_told(question: MemoryQuestion, said: str, names: dict[str, str] | None = None) -> int:
    """How many of the question's own topic words the sentence holds (a widened family word counts once); a
    sentence filling the asked slot (`slots.py`: *Ich bin Schreiner* for *Was arbeite ich?*) counts as found."""
    return TopicScorer.of(question, names).score(said)


class TopicScorer:
    """`score_told` for one question over many told sentences, prepared once per read: the names joined to the
    topic, and for each word the question can be found by, the sentence words that find it. A sentence is then
    scored by set lookups against its own words and word endings (cached per sentence text).

    The rule: a sentence answers when one of its words is a topic word up to a short ending (*Schwestern*; no stop
    word), or one of the asked words in two forms (*arbeite*/*Arbeit*), or five or more letters from the start or
    the end of a longer asked word (*Rücken* for *Rückenschmerzen*), or a compound ending in a form of an asked word
    of four or more letters or in a kind (*Tierhaarallergie* for *Allergien*, *Beachvolleyball*: at least three
    letters before the head), or it fills the asked slot; its score is one plus the number of asked words it holds
    so. Issue 28 item 4 — never a neighbour: a question with nouns as written (*Wie viel Alkohol trinke ich?*) is
    answered only by a sentence holding one of them (or a word of its family); a name question (*Wie heißt meine
    Schwester?*) only by one that says a name of hers or names someone; a question about the family only by one
    about a relative; *Wo arbeitet mein Bruder?* only by one about work (or filling that slot)."""

    def __init__(self, question: MemoryQuestion, names: dict[str, str]) -> None:
        topics, asked = set(question.topics), set(question.asked)
        nouns = set(_widened(question.nouns)) if question.nouns else set()
        for name, rel in names.items():  # in the names' order: a name joined earlier lets its relative's names in
            if rel in topics or name in topics:
                topics |= {name, rel}
                if rel in asked or name in asked:
                    asked |= {name, rel}
            if nouns and (rel in nouns or name in nouns):
                nouns |= {name, rel}
        self.slot, self.names = question.slot, names
        self.per_asked = tuple((topic, _asked_words(topic), _tails(frozenset({topic}), frozenset()))
                               for topic in sorted(asked))
        self.whole = (_topic_words(frozenset(topics)) - _STOP).union(*(words for _, words, _ in self.per_asked))
        self.tails = _tails(frozenset(asked), frozenset(topics))
        self.noun_whole, self.noun_tails = frozenset(), frozenset()
        if nouns:
            self.noun_whole = (_topic_words(frozenset(nouns)) - _STOP).union(
                *(words for topic, words, _ in self.per_asked if topic in nouns))
            self.noun_tails = _tails(frozenset(nouns) & frozenset(asked), frozenset(nouns))
        relatives = {w for w in asked if w in RELATIVES}
        self.names_asked = frozenset(n for n, rel in names.items() if rel in relatives) | _NAMING \
            if question.wants_name else frozenset()
        self.kin = _topic_words(_KIN_WORDS | _COLLECTIVE_KIN) | frozenset(names) if question.kin else frozenset()
        self.verb = (_topic_words(question.verb) - _STOP) if question.verb else frozenset()
        # the person asked about: the subjects that answer, the words that name them (their names too), and the
        # asked words that say what of them (*Beruf* in *Was ist meine Frau von Beruf?*) — one of these must be
        # held too (or the person's slot filled) when there are any
        self.by_name = question.who if question.named else frozenset()
        self.who = question.who
        self.who_words = (_topic_words(self.who) | frozenset(n for n, rel in names.items() if rel in self.who)) \
            if self.who and not self.by_name else self.by_name
        self.names_key = frozenset(names.items())
        # whose slot answers: the asked relatives, or the relative a name asked for was introduced as
        self.fill_who = self.who | frozenset(names[w] for w in self.by_name if w in names)
        related = self.fill_who  # *Mimi*: her *Katze* too
        self.content = tuple((words | (_topic_words(_widened([topic])) - _STOP), heads)
                             for topic, words, heads in self.per_asked
                             if not (words & self.who_words) and topic not in related
                             and (question.what is None or topic in question.what)) \
            if self.who and not question.wants_name and question.what != frozenset() else ()
        self.years = question.years
        # *Wie oft trinke ich Alkohol?*: the asked verb, for a sentence that says it and names nothing else
        self.bare = frozenset(w for w in question.asked - question.nouns if w not in _STOP) if question.nouns \
            else frozenset()
        self.herself = question.about_herself
        self.first_person = question.first_person

    @classmethod
    def of(cls, question: MemoryQuestion, names: dict[str, str] | None = None) -> TopicScorer:
        return cls(question, names or {})

    def score(self, said: str) -> int:
        word_set, tails = _sentence_words(said)
        fills = self._fills(said)
        if word_set.isdisjoint(self.whole) and tails.isdisjoint(self.tails) and not fills:
            return 0
        if self.noun_whole and word_set.isdisjoint(self.noun_whole) and tails.isdisjoint(self.noun_tails) \
                and not fills and not (self.bare and bare_answer(said, self.bare)):
            return 0
        if self.names_asked and word_set.isdisjoint(self.names_asked):
            return 0
        if self.kin and word_set.isdisjoint(self.kin) and tails.isdisjoint(_KIN_TAILS):
            return 0
        if self.verb and word_set.isdisjoint(self.verb) and not fills:
            return 0
        if self.who and not self._about_who(said, word_set, tails, fills):
            return 0
        if self.herself and _subject(said, self.names_key) not in (None, "ich"):  # *Wo arbeite ich?*: not his work
            return 0
        if self.years and word_set.isdisjoint(self.years):  # the 2023 tax return is no answer about 2024
            return 0
        return 1 + sum(1 for _, words, heads in self.per_asked
                       if not word_set.isdisjoint(words) or not tails.isdisjoint(heads))

    def _fills(self, said: str) -> bool:
        if self.slot is None:
            return False
        filled = slot_of(said, self.names) or ""
        if not filled.endswith("|" + self.slot):
            return False
        subject = filled[: -len(self.slot) - 1]  # *Ich bin Lehrerin* fills her own work slot, not her husband's
        return subject in self.fill_who if self.who else subject == "ich" if self.herself else True

    def _fills_her_own(self, said: str) -> bool:
        """The sentence fills her own slot of the asked kind (or says her own verb of it: *Ich wohne …*), and does
        not share it with the asked person (*Ich wohne mit meinem Mann in Regensburg*, *Mein Mann und ich …*)."""
        if self.slot is None:
            return False
        if (slot_of(said, self.names) or "") != "ich|" + self.slot and _sentence_words(said)[0].isdisjoint(
                _OWN_VERBS.get(self.slot, ())):
            return False
        return not _shares(said, self.who)

    def _about_who(self, said: str, word_set: frozenset[str], tails: frozenset[str], fills: bool) -> bool:
        """The sentence is about the asked person: its subject is them, or it names them and its subject is she
        (*Ich wohne mit meinem Mann in Regensburg*) — never someone else's sentence (*Die Frau meines Bruders …*);
        and when the question asks what of them, it holds that too or fills their slot."""
        if self.by_name:
            if word_set.isdisjoint(self.by_name):
                return False
        else:
            subject = _subject(said, self.names_key)
            if subject not in self.who and not (subject in (None, "ich") and (
                    not word_set.isdisjoint(self.who_words) or any(_relative(w) in self.who for w in word_set))):
                return False  # (*Söhne* names a son: a plural that is no short ending away)
            if subject not in self.who and not self.first_person and self._fills_her_own(said):
                return False  # *Ich wohne seit der Trennung von meinem Mann in Köln*: her home, not his
        return not self.content or fills or any(not word_set.isdisjoint(words) or not tails.isdisjoint(heads)
                                                for words, heads in self.content)


# her own verb of a slot's kind (*ich wohne … in Köln*, however far the place is from the verb)
_OWN_VERBS = {"wohnort": frozenset({"wohne", "lebe"}), "arbeit": frozenset({"arbeite", "jobbe"}),
              "studium": frozenset({"studiere"}), "auto": frozenset({"fahre"})}


def _shares(said: str, who: frozenset[str]) -> bool:
    """She says it of herself and the asked person together (*mit meinem Mann*, *Mein Mann und ich*, *Wir*)."""
    return any(found["we"] or _relative(found["with"] or found["first"] or "") in who
               for found in _SHARED.finditer(fold(said)))


@lru_cache(maxsize=16384)
def bare_answer(said: str, verbs: frozenset[str]) -> bool:
    """*Ich trinke 4mal die Woche.* for *Wie oft trinke ich Alkohol?*: she says the asked verb of herself and names
    no thing (her only nouns say when) — it answers though it lacks the asked noun; *Ich trinke jeden Morgen
    Kaffee* names another thing and never does."""
    tokens = re.findall(r"[\wäöüÄÖÜß]+", said)
    folded = [fold(token) for token in tokens]
    if "ich" not in folded or verbs.isdisjoint(folded):
        return False
    return all(fold(token) in TIME_NOUNS or fold(token) in _STOP for token in tokens[1:] if token[:1].isupper())


@lru_cache(maxsize=16384)
def _relative(word: str) -> str | None:
    return relative_of(word)


@lru_cache(maxsize=16384)
def _subject(said: str, names: frozenset[tuple[str, str]]) -> str | None:
    """`slots.subject_of` per sentence and the pair's names, cached: the same told sentences are read every turn."""
    return subject_of(said, dict(names))


_NAMING = frozenset({"heisst", "hiess", "heissen", "hiessen", "namens", "name"})
_KIN_TAILS = frozenset(rel for rel in RELATIVES if len(rel) >= 4)  # *Schwiegermutter*, *Großvater*


def _tails(asked: frozenset[str], topics: frozenset[str]) -> frozenset[str]:
    """The heads a compound may end in: an asked word of four or more letters in any of its forms (*Allergien* →
    *Tierhaarallergie*), or a kind of a kind family (*Beachvolleyball*)."""
    return frozenset(form for topic in asked if len(topic) >= 4 for form in _forms(topic)
                     if len(form) >= 4 and form not in _partner_words(topic)) | (topics & _KIND_FAMILIES)


@lru_cache(maxsize=1024)
def _topic_words(topics: frozenset[str]) -> frozenset[str]:
    """The words that are a topic word up to a short ending, either way round, or share a stem of four or more
    letters with it (*Klettern*/*klettere*) — never the other gender of a relative (`_partner_words`)."""
    stems = _forms_of(topics)
    words = stems | topics | {topic + end for topic in topics if len(topic) >= 3 for end in _ENDINGS} \
        | {stem + end for stem in stems if len(stem) >= 4 for end in _ENDINGS}
    return words - frozenset().union(*(_partner_words(topic) for topic in topics)) if topics else words


def _partner(word: str) -> str | None:
    """The relative of the other gender (*Freund*/*Freundin*, *Enkel*/*Enkelin*, *Kollege*/*Kollegin*, *Cousin*/
    *Cousine*) — a neighbour of the same kind, never the asked one (issue 28 item 4)."""
    for male, female in _GENDER_PAIRS:
        if word == male:
            return female
        if word == female:
            return male
    return None


_GENDER_PAIRS = tuple(sorted({(w, w + "in") for w in RELATIVES if w + "in" in RELATIVES}
                             | {(w, w[:-1] + "in") for w in RELATIVES if w.endswith("e") and w[:-1] + "in" in RELATIVES}
                             | {(w, w + "e") for w in RELATIVES if w + "e" in RELATIVES and w + "in" not in RELATIVES}))


@lru_cache(maxsize=1024)
def _partner_words(topic: str) -> frozenset[str]:
    """The partner relative's words (its forms with every short ending) that are not the topic's own forms."""
    partner = _partner(SYNONYMS.get(topic, topic)) or _partner(next((f for f in _forms(topic) if f in RELATIVES),
                                                                    topic))
    if partner is None:
        return frozenset()
    own = {topic + end for end in _OWN_ENDINGS if topic + end != partner} | (
        {topic + "nen"} if topic.endswith("in") else set())
    return frozenset({partner + end for end in _ENDINGS} | _forms(partner)) - own


_OWN_ENDINGS = ("", "e", "n", "en", "s", "es")  # a relative's own plural and case forms (*Freunde*, *Enkeln*)


@lru_cache(maxsize=4096)
def _asked_words(topic: str) -> frozenset[str]:
    """The whole words that hold an asked word: its two forms (equal up to a short ending, three letters or more
    each) and, not a stop word, its first or last five or more letters when three or more are left over."""
    same = _forms(topic) | {topic + end for end in _ENDINGS} | {stem + end for stem in _forms(topic)
                                                                 if len(stem) >= 4 for end in _ENDINGS} \
        if len(topic) >= 3 else frozenset()
    parts = {part for size in range(5, len(topic) - 2) for part in (topic[:size], topic[-size:])}
    return (frozenset(same) | (frozenset(parts) - _STOP)) - _partner_words(topic)


@lru_cache(maxsize=8192)
def _sentence_words(said: str) -> tuple[frozenset[str], frozenset[str]]:
    """The sentence's words, and every ending of a word after its first three letters that is three or more
    letters long (where a compound's head can be)."""
    words = _cached_words(said)
    return frozenset(words), frozenset(word[cut:] for word in words for cut in range(3, len(word) - 2))


@lru_cache(maxsize=65536)
def _forms(word: str) -> frozenset[str]:
    """The word and the words it is up to a short ending (`_same`): *schwestern* → schwestern, schwester, …"""
    return frozenset(word[: len(word) - len(end)] for end in _ENDINGS
                     if word.endswith(end) and len(word) - len(end) >= 3) | {word}


@lru_cache(maxsize=1024)
def _forms_of(topics: frozenset[str]) -> frozenset[str]:
    return frozenset().union(*(_forms(topic) for topic in topics)) if topics else frozenset()


_PERIOD = re.compile(r"\b(?P<last>letzte|letzten|vorige|vorigen|vergangene|vergangenen)\s+(?P<unit>woche|monat)\b|"
                     r"\b(?P<this>diese|dieser|diesen)\s+(?P<unit2>woche|monat)\b|\b(?P<yesterday>gestern)\b|"
                     r"\b(?P<before_yesterday>vorgestern)\b|"
                     r"\b(?P<before_last>vorletzte|vorletzten)\s+(?P<unit3>woche|monat)\b|"
                     r"\bvor\s+(?P<count>einer|einem|ein\s+paar|paar|zwei|drei|vier|fuenf|sechs|sieben|acht|neun|zehn|"
                     r"\d{1,2})\s+(?P<ago>tag|tagen|woche|wochen|monat|monaten)\b")
# Only in a question about what was told: a season or a month names when it was said (*Was hab ich dir im Sommer
# erzählt?*), not what it is about (*Wohin fahren wir im Sommer?*).
_TELLING = re.compile(r"\b(erzaehlt|gesagt|berichtet|erwaehnt)\b")
_SEASON = re.compile(r"\bim\s+(?P<season>fruehling|fruehjahr|sommer|herbst|winter)\b|"
                     rf"\bim\s+(?P<month>{'|'.join(fold(month) for month in MONTH_NAMES)})\b|"
                     r"\b(?P<weekend>am|letztes|vergangenes)\s+wochenende\b")
_COUNTS = {"einer": 1, "einem": 1, "zwei": 2, "drei": 3, "vier": 4, "fuenf": 5, "sechs": 6, "sieben": 7, "acht": 8,
           "neun": 9, "zehn": 10}
_SEASON_MONTHS = {"fruehling": 3, "fruehjahr": 3, "sommer": 6, "herbst": 9, "winter": 12}
_MONTHS = tuple(fold(month) for month in MONTH_NAMES)
_DAY = timedelta(days=1)


def asked_period(text: str, now: datetime, zone: Any) -> tuple[datetime, datetime] | None:
    """*letzte Woche*, *diesen Monat*, *gestern*, *vor drei Wochen*, *vor ein paar Tagen*, and — in a question about
    what was told — *im Sommer*, *im Oktober*, *am Wochenende*: the period in the person's zone. A distance (*vor
    drei Wochen*) is read loosely: that day give or take half the unit, as people round."""
    folded = fold(text)
    local = now.astimezone(zone)
    day = local.replace(hour=0, minute=0, second=0, microsecond=0)
    found = _PERIOD.search(folded)
    if found:
        return _period(found, day)
    told = _SEASON.search(folded) if _TELLING.search(folded) else None
    if told is None:
        return None
    if told["weekend"]:
        saturday = day - timedelta(days=(day.weekday() - 5) % 7 or 7) if day.weekday() != 6 else day - _DAY
        return saturday, saturday + 2 * _DAY
    first_month = _SEASON_MONTHS[told["season"]] if told["season"] else _MONTHS.index(told["month"]) + 1
    months = 3 if told["season"] else 1
    year = day.year if (day.year, day.month) >= (day.year, first_month) else day.year - 1
    start = _month_start(day, year, first_month)
    return start, _month_start(day, *_add_months(year, first_month, months))


def _add_months(year: int, month: int, count: int) -> tuple[int, int]:
    index = year * 12 + month - 1 + count
    return index // 12, index % 12 + 1


def _month_start(day: datetime, year: int, month: int) -> datetime:
    return day.replace(year=year, month=month, day=1)


def _period(found: re.Match[str], day: datetime) -> tuple[datetime, datetime]:
    if found["yesterday"]:
        return day - _DAY, day
    if found["before_yesterday"]:
        return day - 2 * _DAY, day - _DAY
    if found["ago"]:
        count = found["count"]
        unit = found["ago"]
        if "paar" in count:  # *vor ein paar Tagen/Wochen*: from two to six of them back
            size = 1 if unit.startswith("tag") else 7 if unit.startswith("woche") else 30
            return day - 6 * size * _DAY, day - (2 * size - 1) * _DAY
        size = 1 if unit.startswith("tag") else 7 if unit.startswith("woche") else 30
        centre = day - int(_COUNTS.get(count) or int(count)) * size * _DAY
        if size == 1:  # *vor zwei Tagen*: that day or the one before
            return centre - _DAY, centre + _DAY
        half = size // 2
        return centre - half * _DAY, centre + (half + 1) * _DAY
    unit = found["unit"] or found["unit2"] or found["unit3"]
    back = 2 if found["before_last"] else 1 if found["last"] else 0
    if unit == "woche":
        monday = day - timedelta(days=day.weekday()) - timedelta(days=7 * back)
        return monday, monday + timedelta(days=7)
    first = day.replace(day=1)
    year, month = _add_months(first.year, first.month, -back)
    start = _month_start(first, year, month)
    return start, _month_start(first, *_add_months(year, month, 1))


def said_on(moment: Any, zone: Any, now: datetime) -> str:
    """*3. Dezember* (with the year when it is not this year's), in the person's zone."""
    if not isinstance(moment, datetime):
        return "?"
    local, today = moment.astimezone(zone), now.astimezone(zone)
    day = f"{local.day}. {MONTH_NAMES[local.month - 1]}"
    return day if local.year == today.year else f"{day} {local.year}"
