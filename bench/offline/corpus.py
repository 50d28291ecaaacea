"""The generated phrasing corpus of politeness × verb form × target × time phrase ×
request/question/statement, for the timeline and the notes. The expected domain and action of every
sentence are computed here from the template that built it, never written by hand per sentence.

A *request* writes (or reads) by its verb; a *question* reads; a *statement* writes nothing
(`timeline.md` §3a, end of `notizen.md`: only an explicit request writes).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

__all__ = ["Case", "corpus", "REQUEST", "QUESTION", "STATEMENT", "TIMELINE", "NOTES", "NONE"]

REQUEST, QUESTION, STATEMENT = "request", "question", "statement"
TIMELINE, NOTES, NONE = "timeline", "notizen", "keine"


@dataclass(frozen=True)
class Case:
    text: str
    domain: str  # expected service, or NONE
    action: str  # expected action; 'rejected' for a statement
    kind: str  # REQUEST | QUESTION | STATEMENT
    target: str = ""  # a word the extracted target must contain ('' = not checked)


# --- timeline ----------------------------------------------------------------------------------------

_APPOINTMENTS = (  # (accusative phrase, dative phrase after bei/mit — unused, key word)
    ("den Zahnarzt", "Zahnarzt"),
    ("die Physiotherapie", "Physiotherapie"),
    ("den Termin bei der Steuerberaterin", "Steuerberaterin"),
    ("das Kino mit Jonas", "Kino"),
)
_TIMES = ("morgen um 10", "am Freitag um 11 Uhr", "übermorgen um 15 Uhr", "nächsten Montag um 9 Uhr",
          "am 20.11. um 14 Uhr")
_NEW_TIMES = ("auf Freitag um 15 Uhr", "auf morgen um 16 Uhr", "auf Montag", "auf den 20.11. um 14 Uhr")
_PERIODS = ("morgen", "am Freitag", "übermorgen", "diese Woche", "diesen Monat", "nächste Woche")
_POLITE = ("", "Bitte ", "Ach, ", "Hm, ", "Also, ", "Sag mal, ", "Ok, ")
_POLITE_END = ("", " bitte")

_TIMELINE_REQUESTS = (  # (action, template); {p} politeness, {e} end
    ("create", "{p}trag mir {time} {t} ein{e}"),
    ("create", "{p}trag mir mal {time} {t} ein{e}"),
    ("create", "{p}kannst du mir {time} {t} eintragen?"),
    ("create", "{p}könntest du {t} {time} in meinen Kalender eintragen?"),
    ("create", "{p}schreib mir {time} {t} in den Kalender{e}"),
    ("create", "{p}hau mir {time} {t} rein{e}"),
    ("create", "{p}ich möchte {time} {t} eintragen{e}"),
    ("create", "{p}sei so gut und trag {time} {t} ein"),
    ("create", "{p}würdest du mir {time} {t} in den Kalender schreiben?"),
    ("create", "{p}leg mir {time} {t} an{e}"),
    ("reschedule", "{p}verschieb {t} {new}{e}"),
    ("reschedule", "{p}verleg {t} {new}{e}"),
    ("reschedule", "{p}leg {t} {new}{e}"),
    ("reschedule", "{p}schieb {t} {new}{e}"),
    ("reschedule", "{p}kannst du {t} {new} verschieben?"),
    ("reschedule", "{p}würdest du {t} bitte {new} legen?"),
    ("delete", "{p}lösch {t}{e}"),
    ("delete", "{p}streich {t}{e}"),
    ("delete", "{p}vergiss {t}{e}"),
    ("delete", "{p}sag {t} ab{e}"),
    ("delete", "{p}nimm {t} aus dem Kalender{e}"),
    ("delete", "{p}kannst du {t} löschen?"),
    ("delete", "{p}könntest du {t} absagen?"),
    ("delete", "{p}ich möchte {t} löschen{e}"),
)
_TIMELINE_QUESTIONS = (
    "Sag mal, was hab ich {period}?",
    "Habe ich {period} Termine?",
    "Steht {period} was an?",
    "Gibt es {period} Termine?",
    "Was hab ich {period}?",
    "Was habe ich {period} noch?",
    "Was steht {period} an?",
    "Hab ich {period} was vor?",
    "Welche Termine habe ich {period}?",
    "Zeig mir meine Termine für {period}",
    "{p}was hab ich eigentlich {period}?",
)
_TIMELINE_TARGET_QUESTIONS = (
    "Wann ist {t}?",
    "Wann ist nochmal {t}?",
    "Wann war {t}?",
    "Wann hab ich {t}?",
    "Steht {t} am Freitag um 11 drin?",
    "Ist {t} diese Woche?",
    "Weißt du noch, wann ich {t} habe?",
)
_TIMELINE_CLAIMS = (  # claims of a write — statements, never an order
    "Ich habe {t} auf Montag umgelegt.",
    "Ich hab {t} schon verschoben.",
    "Klar, {t} ist schon verlegt!",
    "Ich habe {t} gestern eingetragen.",
    "{t_cap} habe ich gelöscht.",
    "Ich muss {t} noch eintragen.",
    "Du hast {t} vergessen.",
)
_TIMELINE_STATEMENTS = (
    "{Time} habe ich {t_nom}",
    "Ich hab {time} {t_nom}",
    "Ich war gestern bei {t_dat}",
    "{Time} muss ich zu {t_dat}",
    "Ach, {time} ist ja {t_nom_art}",
    "Ich glaube, {time} habe ich {t_nom}.",
)
_STATEMENT_TARGETS = (  # (bare, dative with article, nominative with article, key)
    ("Zahnarzt", "dem Zahnarzt", "der Zahnarzt"),
    ("Physiotherapie", "der Physiotherapie", "die Physiotherapie"),
    ("Steuerberaterin", "der Steuerberaterin", "die Steuerberaterin"),
)


def _timeline() -> list[Case]:
    out: list[Case] = []
    for (action, template), (phrase, key), p, e in itertools.product(_TIMELINE_REQUESTS, _APPOINTMENTS, _POLITE,
                                                                      _POLITE_END):
        if template.endswith("?") and e:
            continue
        times = _TIMES[:2] if action == "create" else _NEW_TIMES[:2] if action == "reschedule" else ("",)
        for moment in times:
            text = template.format(p=p, e=e, t=phrase, time=moment, new=moment)
            out.append(Case(_sentence(text), TIMELINE, action, REQUEST, key))
    for template, period, p in itertools.product(_TIMELINE_QUESTIONS, _PERIODS, ("", "Ach, ")):
        if "{p}" not in template and p:
            continue
        out.append(Case(_sentence(template.format(period=period, p=p)), TIMELINE, "read", QUESTION))
    for template, (phrase, key) in itertools.product(_TIMELINE_TARGET_QUESTIONS, _APPOINTMENTS):
        out.append(Case(_sentence(template.format(t=phrase)), TIMELINE, "read", QUESTION, key))
    for template, (phrase, _key) in itertools.product(_TIMELINE_CLAIMS, _APPOINTMENTS):
        text = template.format(t=phrase, t_cap=phrase[:1].upper() + phrase[1:])
        out.append(Case(_sentence(text), TIMELINE, "rejected", STATEMENT))
    for template, (bare, dat, nom), moment in itertools.product(_TIMELINE_STATEMENTS, _STATEMENT_TARGETS, _TIMES):
        text = template.format(Time=moment[:1].upper() + moment[1:], time=moment, t_nom=bare, t_dat=dat,
                               t_nom_art=nom)
        out.append(Case(_sentence(text), TIMELINE, "rejected", STATEMENT))
    return out


# --- notes -------------------------------------------------------------------------------------------

_LISTS = (  # (accusative, dative, key)
    ("meine Einkaufsliste", "meiner Einkaufsliste", "Einkaufsliste"),
    ("die Packliste", "der Packliste", "Packliste"),
    ("die Todo-Liste", "der Todo-Liste", "Todo-Liste"),
)
_NEW_LISTS = (("eine Einkaufsliste", "Einkaufsliste"), ("eine Packliste", "Packliste"))
_ITEMS = ("Äpfel und Bananen", "Milch", "Pass, Ladekabel und Sonnencreme")
_NOTES_REQUESTS = (  # (action, template, needs items)
    ("add_content", "{p}schreib {items} auf {acc}{e}"),
    ("add_content", "{p}schreib noch {items} auf {acc}{e}"),
    ("add_content", "{p}setz {items} auf {acc}{e}"),
    ("add_content", "{p}pack mal {items} auf {acc}{e}"),
    ("add_content", "{p}trag {items} in {acc} ein{e}"),
    ("add_content", "{p}kannst du {items} auf {acc} schreiben?"),
    ("add_content", "{p}füg {items} zu {dat} hinzu{e}"),
    ("remove_content", "{p}streich {items} von {dat}{e}"),
    ("remove_content", "{p}nimm {items} von {dat}{e}"),
    ("remove_content", "{p}lösch {items} von {dat}{e}"),
    ("remove_content", "{p}kannst du {items} von {dat} streichen?"),
    ("delete", "{p}lösch {acc}{e}"),
    ("delete", "{p}kannst du {acc} löschen?"),
    ("clear_content", "{p}leer {acc}{e}"),
    ("read", "{p}zeig mir {acc}{e}"),
    ("add_content", "{p}ich möchte {items} auf {acc} schreiben{e}"),
    ("add_content", "{p}nimm {items} mit auf {acc}{e}"),
    ("remove_content", "{p}nimm {items} von {dat} runter{e}"),
    ("remove_content", "{p}streich bitte {items} von {dat}{e}"),
    ("clear_content", "{p}kannst du {acc} leeren?"),
    ("clear_content", "{p}mach {acc} leer{e}"),
    ("rename", "{p}benenn {acc} in Wocheneinkauf um{e}"),
    ("rename", "{p}kannst du {acc} in Wocheneinkauf umbenennen?"),
    ("delete", "{p}ich möchte {acc} löschen{e}"),
)
_NOTES_CREATE = (
    "{p}mach mir mal {new} mit {items}{e}",
    "{p}leg {new} an mit {items}{e}",
    "{p}erstell {new}: {items}{e}",
    "{p}kannst du mir {new} anlegen mit {items}?",
    "{p}mach mir {new}{e}",
    "{p}ich hätte gern {new} mit {items}{e}",
    "{p}notier mir {new}: {items}{e}",
    "{p}schreib mir {new} auf: {items}{e}",
    "{p}könntest du {new} erstellen?",
)
_NOTES_QUESTIONS = (
    "Was hab ich auf {dat}?",
    "Welche Sachen stehen auf {dat}?",
    "Was steht auf {dat}?",
    "Was steht noch auf {dat}?",
    "Steht {item} auf {dat}?",
)
_NOTES_STATEMENTS = (
    "Ich brauche noch {items}",
    "Ich habe {items} gekauft",
    "Auf {dat} steht {items}",
    "Ach, {items} haben wir noch",
    "Ich habe {items} auf die Liste geschrieben.",
    "Ich habe {items} von der Liste genommen.",
    "Hab die Liste komplett geleert.",
    "Ich hab die Liste in Wocheneinkauf umbenannt.",
    "Auf deiner Packliste stehen {items}.",
)


def _notes() -> list[Case]:
    out: list[Case] = []
    for (action, template), (acc, dat, key), items, p, e in itertools.product(
            _NOTES_REQUESTS, _LISTS, _ITEMS[:2], _POLITE[:4], _POLITE_END):
        if template.endswith("?") and e:
            continue
        if "{items}" not in template and items != _ITEMS[0]:
            continue
        text = template.format(p=p, e=e, items=items, acc=acc, dat=dat)
        out.append(Case(_sentence(text), NOTES, action, REQUEST, key))
    for template, (new, key), items, p in itertools.product(_NOTES_CREATE, _NEW_LISTS, _ITEMS, _POLITE[:3]):
        if "{items}" not in template and items != _ITEMS[0]:
            continue
        text = template.format(p=p, e="", new=new, items=items)
        out.append(Case(_sentence(text), NOTES, "create", REQUEST, key))
    for template, (_acc, dat, key) in itertools.product(_NOTES_QUESTIONS, _LISTS):
        out.append(Case(_sentence(template.format(dat=dat, item="Milch")), NOTES, "read", QUESTION, key))
    for template, items in itertools.product(_NOTES_STATEMENTS, _ITEMS):
        text = template.format(items=items, dat=_LISTS[0][1])
        out.append(Case(_sentence(text), NOTES, "rejected", STATEMENT))
    for clause in ("ich am Wochenende Blumen gießen muss", "der Schlüssel beim Nachbarn liegt",
                   "ich Oma anrufen soll"):
        for p in _POLITE[:3]:
            out.append(Case(_sentence(f"{p}merk dir, dass {clause}"), NOTES, "create", REQUEST))
    return out


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    return text[:1].upper() + text[1:]


def corpus() -> list[Case]:
    """Every generated sentence, deduplicated, in a fixed order."""
    seen: set[str] = set()
    out: list[Case] = []
    for case in (*_timeline(), *_notes()):
        if case.text not in seen:
            seen.add(case.text)
            out.append(case)
    return out
