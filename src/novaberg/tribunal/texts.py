"""The German texts of the computed checks, in one place (STYLE.md, "Adopted here" 1).

The orders go to the corrector, who reads only the summary; they say what is right instead of
naming words to avoid — a ban on words makes a model write the same claim with synonyms
(tribunal.md, "Die Korrekturrunde, gemessen", Lauf 1). The storage order asks for a restatement
of what the person said or wants, which is true both for an invented claim and for the repetition
of an earlier real write.
"""

from __future__ import annotations

__all__ = [
    "CONFIRMATION_ORDER",
    "CORRECTION_NOTE",
    "HEAD_STORAGE",
    "HEAD_TIME",
    "STORAGE_ORDER",
    "STORAGE_ORDER_LINE",
    "SURVIVING_CLAIM_ERROR",
    "WEEKDAY_ORDER_LINE",
    "WEEKDAY_ORDER_LINE_UNREPORTED",
]

# Heads fixed by the specification; the evaluate node's output check looks for them.
HEAD_STORAGE = "SPEICHERUNG NICHT BELEGT"
HEAD_TIME = "ZEITANGABE FALSCH"

STORAGE_ORDER = (
    HEAD_STORAGE + "\n"
    "In diesem Turn hat kein Dienst eine Schreibung bestätigt, aber diese Sätze der Antwort melden eine:\n"
    "{lines}\n"
    "Fasse jeden dieser Sätze als Wiedergabe dessen, was der Mensch gesagt oder sich gewünscht hat, "
    "zum Beispiel „Du möchtest …“ oder „Du hast … genannt“. Alles andere in der Antwort bleibt, wie es ist."
)
STORAGE_ORDER_LINE = "- „{sentence}“"

WEEKDAY_ORDER_LINE = (
    "- „{phrase}“: Der {date} ist ein {correct}, kein {stated}. Schreibe stattdessen „{corrected}“."
)
# When the date itself is not the reported one, fixing only the weekday would confirm a wrong day.
WEEKDAY_ORDER_LINE_UNREPORTED = (
    "- „{phrase}“: Der {date} ist ein {correct}, kein {stated} — und er ist nicht der gemeldete Tag (unten)."
)

CONFIRMATION_ORDER = (
    HEAD_TIME + "\n"
    "Die Antwort nennt {stated}, die Dienste dieses Turns haben aber {reported} gemeldet. "
    "Bestätige den gemeldeten Tag mit diesem Wochentag."
)

# Appended once after the last correction round; both of its clauses are negated, so the claim
# check never reads it as a claim (tribunal.md, "Der Korrektursatz").
CORRECTION_NOTE = "(Richtigstellung: Davon ist nichts gespeichert – ein Eintrag dazu wurde nicht angelegt.)"

# The error line the specification names ("Der dauerhafte Eintrag und die letzte Runde"), verbatim.
SURVIVING_CLAIM_ERROR = "Speicherbehauptung nach {rounds} Korrekturrunde(n) nicht beseitigt"
