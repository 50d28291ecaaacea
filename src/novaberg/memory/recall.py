"""Memory questions in everyday words (issue 28 items 2 and 4): *Was ist mein Lieblingsessen?*, *Welchen Sport
mach ich?*, *Wo arbeite ich nochmal?*, *Was hab ich dir über meine Schwester erzählt?*.

A question is read into the words its fact must hold (a topic, widened by a few word families: *Sport* finds
*Volleyball*); a told sentence answers it only when one of its words is such a word — never by nearness, so
*Lieblingsfarbe* never finds *Lieblingsessen*. A question about a personal thing nothing was told about is
answered „noch nicht erzählt" (`abstains`); any other question with no match is left to the block's usual search.
No model call, no SQL here: the block reader hands in the pair's told sentences.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from novaberg.text.calendar import MONTH_NAMES
from novaberg.text.words import fold

__all__ = ["MemoryQuestion", "memory_question", "told_about", "said_on"]

_POSSESSIVE = r"(mein|meine|meinem|meinen|meiner|meines)"
_FILLERS = r"((nochmal|noch\s+mal|eigentlich|denn|gleich|genau)\s+)*"
_TOLD_ABOUT = re.compile(r"\b(was|wann)\s+(hab|habe|hatte)\s+ich\s+(dir|ihnen)\s+(alles\s+|schon\s+|nochmal\s+)*"
                         r"(ueber|von)\s+(?P<topic>.+?)\s+(erzaehlt|gesagt|berichtet)\b")
_WHAT_IS_MINE = re.compile(r"\b(was|wie|wer|wo|wann|wie\s+alt)\s+(ist|sind|heisst|heissen|war|waren|wohnt|wohnen|"
                           r"arbeitet|lebt|studiert)\s+" + _FILLERS + _POSSESSIVE + r"\s+(?P<topic>\w+)")
_WHICH_DO_I = re.compile(r"\bwelche[nsrm]?\s+(?P<topic>\w+)\s+(mach|mache|spiel|spiele|treib|treibe|mag|hab|habe|"
                         r"hoer|hoere|les|lese|ess|esse)\s+ich\b")
_WHERE_DO_I = re.compile(r"\b(wo|was|als\s+was|wie)\s+(?P<topic>arbeite|wohne|lebe|studiere)\s+ich\b|"
                         r"\bwas\s+(?P<job>mach|mache)\s+ich\s+" + _FILLERS + r"beruflich\b")

# Word families: a topic word finds the told sentences holding any of its family (folded, whole words).
_FAMILIES: tuple[frozenset[str], ...] = tuple(frozenset(words.split()) for words in (
    "sport volleyball fussball tennis handball basketball tischtennis badminton hockey golf schwimme schwimmen "
    "jogge joggen laufe laufen klettere klettern yoga reite reiten tanze tanzen ski skifahren verein training "
    "trainiere fitnessstudio marathon radfahren rad wandere wandern boxe boxen turnen rudere rudern segle segeln",
    "arbeite arbeit arbeitet beruf beruflich job stelle firma ausbildung unterrichte jobbe schichtdienst",
    "wohne wohnen wohnt lebe leben lebt wohnung umgezogen gezogen ziehe haus heimatstadt wohnort",
    "studiere studium studiert uni universitaet hochschule",
    "musik band hoere jazz rock pop klassik",
    "hobby hobbys freizeit",
))
# Personal things: a question about one of them is a memory question even when nothing was told (abstention).
_PERSONAL = frozenset("""mutter vater mama papa bruder schwester sohn tochter frau mann freund freundin partner
partnerin oma opa kind kinder hund katze kollege kollegin chef chefin eltern geschwister enkel enkelin nichte neffe
onkel tante cousin cousine schwiegermutter schwiegervater haustier beruf job arbeit arbeitgeber firma sport hobby
hobbys wohnort heimatstadt allergie krankheit ehemann ehefrau musik""".split())
_STOP = frozenset("""ich du mir dir mich dich ihnen mein meine meinem meinen meiner meines der die das den dem des
ein eine einem einen einer und oder was wann wie wer wo alles schon nochmal mal noch eigentlich denn naechster
naechste naechsten naechstes letzter letzte letzten letztes erster erste ersten""".split())
_ENDINGS = ("", "e", "n", "en", "s", "es", "er", "ern", "in", "innen")


@dataclass(frozen=True)
class MemoryQuestion:
    topics: frozenset[str]  # folded words; a told sentence holding one of them answers
    abstains: bool  # nothing found → „noch nicht erzählt" (else the block's usual search goes on)


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", fold(text))


def _widened(words: Iterable[str]) -> frozenset[str]:
    out = set(words)
    for word in list(out):
        for family in _FAMILIES:
            if any(_same(word, member) for member in family):
                out |= family
    return frozenset(out)


def memory_question(text: str) -> MemoryQuestion | None:
    """The topic of an everyday memory question, or None when the text is no such question."""
    if not text.strip().endswith("?"):
        return None
    folded = fold(text)
    told = _TOLD_ABOUT.search(folded)
    if told:
        topic = [w for w in _words(told["topic"]) if w not in _STOP]
        return MemoryQuestion(_widened(topic), True) if topic else None
    where = _WHERE_DO_I.search(folded)
    if where:
        return MemoryQuestion(_widened(["arbeite" if where["job"] else where["topic"]]), True)
    which = _WHICH_DO_I.search(folded) or _WHAT_IS_MINE.search(folded)
    if which:
        topic = which["topic"]
        if topic in _STOP:
            return None
        personal = topic.startswith("lieblings") or any(_same(topic, word) for word in _PERSONAL)
        return MemoryQuestion(_widened([topic]), personal)
    return None


def _same(word: str, topic: str) -> bool:
    """One word in two forms (*Schwester*/*Schwestern*, *arbeite*/*Arbeit*): equal up to a short ending."""
    short, long = sorted((word, topic), key=len)
    return long.startswith(short) and long[len(short):] in _ENDINGS and len(short) >= 3


def told_about(question: MemoryQuestion, said: str) -> bool:
    """The told sentence holds a word of the question's topic (whole words, folded)."""
    return any(_same(word, topic) for word in _words(said) for topic in question.topics)


def said_on(moment: Any, zone: Any, now: datetime) -> str:
    """*3. Dezember* (with the year when it is not this year's), in the person's zone."""
    if not isinstance(moment, datetime):
        return "?"
    local, today = moment.astimezone(zone), now.astimezone(zone)
    day = f"{local.day}. {MONTH_NAMES[local.month - 1]}"
    return day if local.year == today.year else f"{day} {local.year}"
