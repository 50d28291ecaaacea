"""The parts of a calendar order the request grammar leaves to its reader (timeline.md §3, §5.2, §7.1): a passive
with a modal as its imperative (*Der Zahnarzt muss auf Montag verschoben werden*), a negated order, the changed part
before a title (*den Tag vom Elternabend*), the old name of a renaming, *wann* said in other words (*um wie viel
Uhr*), a *wann* clause inside a question, the pronoun a *wann* question asks about, and the verbs the grammar does not
know as imperatives (*erinnere mich*, *benachrichtige mich*, *lies*).
"""

from __future__ import annotations

import re

__all__ = ["passive_as_order", "is_negated_order", "without_changed_part", "old_name", "as_wann", "when_clause_start",
           "opens_with_when", "asked_pronoun", "opens_with_remind_me"]

_I = re.IGNORECASE
# an order said as a passive with a modal (*Der Zahnarzt muss auf Montag verschoben werden*, *Das Meeting soll
# gelöscht werden*) is a request like its imperative; the participle names the action
_PASSIVE = re.compile(r"^(?P<subject>.+?)\s+(?:muss|müsste|muesste|soll|sollte|kann|könnte|koennte)\s+(?P<rest>.*?)\s*"
                      r"(?P<part>verschoben|verlegt|gelöscht|geloescht|abgesagt|eingetragen|gestrichen|entfernt)"
                      r"\s+werden\s*[.!]*$", _I)
_PARTICIPLE_AS_VERB = {"verschoben": "verschieben", "verlegt": "verlegen", "gelöscht": "löschen", "geloescht": "loeschen",
                       "abgesagt": "absagen", "eingetragen": "eintragen", "gestrichen": "streichen", "entfernt": "entfernen"}
_PERSONAL = ("ich", "du", "er", "sie", "es", "wir", "ihr", "man")
_NEGATED = re.compile(r"\b(?:nicht|nichts|kein|keine|keinen|keinem|keiner|nie|niemals|keinesfalls)\b", _I)
_INSTEAD = re.compile(r"\bsondern\b|\bstatt\b|\banstatt\b", _I)  # *nicht am Freitag, sondern am Montag*
_CHANGED_PART = re.compile(r"^(?:die\s+|den\s+|das\s+)?(?:uhrzeit|zeit|datum|tag|beginn)\s+(?:vom|von|des|der|beim)\s+", _I)
# *Benachrichtige mich über den Elternabend um 15 Uhr*, *Lese die Termine für morgen vor*: the grammar does not know
# every imperative as one; *erinnere/benachrichtige mich* and *lies/lese* open an order all the same
_REMIND_ME = re.compile(r"^\s*(?:bitte\s+)?(?:(?:erinner|benachrichtig)\w*\s+(?:mich|uns)|lese?\b|lies\b)", _I)
_RENAMED_TO = re.compile(r"\s+(?:in|zu|auf)\s+(?=\S)", _I)  # the new name of a detail change
_WHEN_IN_OTHER_WORDS = re.compile(r"\b(?:um\s+)?(?:wie\s?viel\s+uhr|welche[mr]?\s+uhrzeit)\b"
                                  r"|\b(?:an\s+)?welche[mr]?\s+(?:wochen)?tag\b", _I)
_WHEN_CLAUSE = re.compile(r"(?<=[,;:]\s)wann\b", _I)
_OPENS_WITH_WHEN = re.compile(r"^\s*wann\b", _I)
_PRONOUNS = ("das", "der", "die", "es", "den", "ihn", "sie", "dieser", "diese", "dieses", "er")


def passive_as_order(core: str) -> str:
    """The passive order in imperative word order ('' when the sentence is none): the verb first, then the subject
    and the rest (*Der Zahnarzt soll auf Montag verschoben werden* → *verschieben Der Zahnarzt auf Montag*);
    *eingetragen* keeps its particle at the end (*trag … ein*)."""
    m = _PASSIVE.match(core.strip())
    if not m or m.group("subject").split()[0].casefold() in _PERSONAL:
        return ""
    verb = _PARTICIPLE_AS_VERB[m.group("part").casefold()]
    rest = f"{m.group('subject')} {m.group('rest')}".strip()
    return f"trag {rest} ein" if verb == "eintragen" else f"{verb} {rest}"


def is_negated_order(text: str) -> bool:
    """A negation without *sondern*/*statt* (*Trag den Zahnarzt nicht ein*): an order that writes nothing."""
    return _NEGATED.search(text) is not None and _INSTEAD.search(text) is None


def without_changed_part(target: str) -> str:
    """*den Tag vom Elternabend* → *Elternabend*: the part of the appointment a move changes is no part of its title."""
    return _CHANGED_PART.sub("", target)


def old_name(target: str) -> str:
    """*Zahnarzt in Kieferorthopäde* → *Zahnarzt*: the name before the new one of a renaming."""
    return _RENAMED_TO.split(target, maxsplit=1)[0]


def as_wann(text: str) -> str:
    """*Um wie viel Uhr ist das?*, *um welche Uhrzeit …*, *an welchem Tag …*: *wann* in other words, said as *wann*
    (it names no time; a question naming a day is the calendar's, `date_question`)."""
    return _WHEN_IN_OTHER_WORDS.sub("wann", text)


def when_clause_start(core: str) -> int | None:
    """Where a *wann* clause after a sign starts (*Weißt du noch, wann ich den Zahnarzt habe?*), or None."""
    found = _WHEN_CLAUSE.search(core)
    return found.start() if found else None


def opens_with_when(core: str) -> bool:
    return _OPENS_WITH_WHEN.match(core) is not None


def asked_pronoun(core: str) -> str:
    """The pronoun a *wann* question asks about (*das*, *der*), or ''."""
    words = [w.strip("?!.,").lower() for w in core.split()[1:]]
    return next((w for w in words if w in _PRONOUNS), "")


def opens_with_remind_me(core: str) -> bool:
    return _REMIND_ME.match(core) is not None
