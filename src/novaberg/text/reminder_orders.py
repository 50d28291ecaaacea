"""Reminders said as a noun (`reminder_orders_de.json`), by whole words — no pattern: *Zeige meine Erinnerung*,
*Habe ich irgendwelche Erinnerungen gesetzt?* show them; *Ich brauche eine Erinnerung um Lisa abzuholen*, *erstelle
eine Geburtstagserinnerung für max*, *Stelle einen Erinnerungsalarm für den 7. Oktober ein*, *Schicken Sie mir eine
Erinnerung für …* set one; *Schick mir meine Erinnerungen* shows them; a notice in the singular
(*Benachrichtigung für Besprechung einrichten*) sets one like a reminder.

`reminder_order(text)` gives what the sentence asks (READ or CREATE) and, for a new reminder, its parts as said: the
subject of a compound (*Geburtstag*), the rest after the reminder word without the closing particle, and whether
that rest is a purpose clause (*um Lisa abzuholen*). A sentence that opens with *erinnere mich* is the timeline's
own order and None here, like a sentence without a reminder word or one that names a list.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from novaberg.text.commands import names_a_container
from novaberg.text.data_files import read_json
from novaberg.text.lexicon import DIRECT_QUESTION_WORDS
from novaberg.text.words import fold

__all__ = ["ReminderOrder", "reminder_order", "reminder_clause_vocabulary", "READ", "CREATE", "CANCEL"]

READ, CREATE, CANCEL = "read", "create", "cancel"
_SIGNS = ",;.!?:"


@dataclass(frozen=True)
class ReminderOrder:
    kind: str  # READ | CREATE | CANCEL
    subject: str = ""  # the compound's first part (*Geburtstag* of *Geburtstagserinnerung*), '' when none
    rest: str = ""  # the words after the reminder word, as said, without the closing particle (CANCEL: what it names)
    purpose: bool = False  # the rest is a purpose clause (*Lisa abzuholen*, its *um* left out)
    thing: bool = False  # the rest opens with what to be reminded of (*Zahnarzt morgen um 9*), not a preposition


def _bare(word: str) -> str:
    """The word without its signs; an ordinal keeps its point (*7.*)."""
    bare = word.strip(_SIGNS)
    return f"{bare}." if bare[-1:].isdigit() and word.rstrip(",;!?:").endswith(".") else bare


@cache
def _vocabulary() -> dict[str, Any]:
    return read_json(__package__, "reminder_orders_de.json")


@cache
def _question_words() -> frozenset[str]:
    """The direct question words of the one lexicon, folded: a sentence they open asks (*Welche Erinnerungen …*)."""
    return frozenset(fold(word) for word in DIRECT_QUESTION_WORDS)


def reminder_clause_vocabulary() -> dict[str, Any]:
    """The words of a reminder clause in an order (*… und erinner mich eine Stunde vorher*,
    `reminder_orders_clause_de.json`), read by the timeline's reminder reading (`timeline/reminders.py`)."""
    return read_json(__package__, "reminder_orders_clause_de.json")


def reminder_order(text: str) -> ReminderOrder | None:
    vocabulary = _vocabulary()
    said = [_bare(word) for word in str(text).split() if _bare(word)]
    folded = [fold(word) for word in said]
    start = 0
    while start < len(folded) and folded[start] in vocabulary["skip_words"]:
        start += 1
    if any(names_a_container(w) for w in folded):
        return None
    cancelled = _cancelled(said, folded, start, vocabulary)
    if cancelled is not None:
        return cancelled
    if start < len(folded) and folded[start] in vocabulary["remind_verbs"]:
        return None
    at = next((k for k in range(start, len(folded)) if vocabulary["reminder_word"] in folded[k]), None)
    if at is None:
        return _noticed(said, folded, start, vocabulary)
    if any(word in vocabulary["read_verbs"] for word in folded):
        return ReminderOrder(READ)
    if any(word in vocabulary["create_words"] for word in folded):
        return _created(said, folded, at, vocabulary)
    if any(word in vocabulary["send_verbs"] for word in folded):  # *Schicken Sie mir eine Erinnerung für …*
        plural = vocabulary["reminder_word"] + vocabulary["plural_ending"]
        return ReminderOrder(READ) if folded[at].endswith(plural) else _created(said, folded, at, vocabulary)
    if str(text).rstrip().endswith("?") or folded[start] in vocabulary["question_openers"] or \
            folded[start] in _question_words():
        return ReminderOrder(READ)
    return None


def _cancelled(said: list[str], folded: list[str], start: int, vocabulary: dict[str, Any]) -> ReminderOrder | None:
    """A reminder cancelled (*Keine Erinnerung mehr für Lisa*, *Erinnere mich doch nicht an den Zahnarzt*), its rest
    the words that name it; None for any other sentence — and for one that names nothing."""
    at = None
    if start >= len(folded):
        return None
    if start + 1 < len(folded) and folded[start] in vocabulary["remind_verbs"] \
            and folded[start + 1] in vocabulary["cancel_persons"]:
        k = start + 2
        while k < len(folded) and folded[k] in vocabulary["cancel_fillers"]:
            k += 1
        if k < len(folded) and folded[k] in vocabulary["cancel_not"]:
            at = k
    elif folded[start] in vocabulary["cancel_verbs"]:  # *Lösch die Erinnerung an den Zahnarzt*
        k = start + 1
        while k < len(folded) and folded[k] in vocabulary["cancel_articles"]:
            k += 1
        at = k if k < len(folded) and vocabulary["reminder_word"] in folded[k] else None
    else:
        at = next((k for k in range(start + 1, len(folded)) if vocabulary["reminder_word"] in folded[k]
                   and folded[k - 1] in vocabulary["cancel_negations"]), None)
    if at is None:
        return None
    rest, rest_folded = said[at + 1:], folded[at + 1:]
    while rest and rest_folded[0] in vocabulary["cancel_fillers"]:
        rest, rest_folded = rest[1:], rest_folded[1:]
    while rest and rest_folded[-1] in vocabulary["cancel_fillers"]:
        rest, rest_folded = rest[:-1], rest_folded[:-1]
    if rest and rest_folded[0] in vocabulary["cancel_openers"]:
        rest = rest[1:]
    return ReminderOrder(CANCEL, rest=" ".join(rest))  # an empty rest names none: nothing is deleted


def _noticed(said: list[str], folded: list[str], start: int, vocabulary: dict[str, Any]) -> ReminderOrder | None:
    """A notice in the singular set like a reminder (*Aktivieren Sie eine Benachrichtigung 1 Woche vor …*); a notice
    is never read as a reminder shown — *Benachrichtigungen* are as often another app's."""
    at = next((k for k in range(start, len(folded)) if folded[k].endswith(vocabulary["notice_word"])), None)
    if at is None or not any(word in vocabulary["create_words"] or word in vocabulary["send_verbs"] for word in folded):
        return None
    if folded[-1] in vocabulary["notice_off"]:  # *Stell die Benachrichtigung aus* switches one off: not this
        return None
    return _created(said, folded, at, vocabulary, vocabulary["notice_word"])


def _created(said: list[str], folded: list[str], at: int, vocabulary: dict[str, Any],
             stem: str = "") -> ReminderOrder:
    word = said[at]
    subject = word[: word.lower().find(stem or vocabulary["reminder_word"])]  # the stems have no letter to fold
    for ending in vocabulary["linking_endings"]:
        if subject.endswith(ending) and len(subject) > len(ending) + 2:
            subject = subject[: -len(ending)]
    rest, rest_folded = said[at + 1:], folded[at + 1:]
    while rest and rest_folded[-1] in vocabulary["trailing_words"]:
        rest, rest_folded = rest[:-1], rest_folded[:-1]
    purpose = (len(rest) > 1 and rest_folded[0] == vocabulary["purpose_opener"] and not rest[1][:1].isdigit())
    if purpose:
        rest = rest[1:]
    thing = bool(rest) and not purpose and fold(rest[0]) not in vocabulary["kept_openers"]
    return ReminderOrder(CREATE, subject[:1].upper() + subject[1:], " ".join(rest), purpose, thing)
