"""The German texts of the directives: refusals, the question, the reports."""

from __future__ import annotations

__all__ = ["EMPTY", "TOO_LONG", "NO_PAIR", "ASK_ADD", "ASK_REMOVE", "ADDED", "ALREADY", "REMOVED", "NOT_ADDED",
           "NOT_REMOVED", "NONE", "LISTING", "LISTING_LINE", "NOT_FOUND", "UNCLEAR", "FAILED", "NO_TEXT",
           "ASK_AGAIN"]

EMPTY = "Eine leere Direktive kann ich nicht speichern — sag mir bitte, welche Regel gelten soll."
TOO_LONG = "Diese Direktive ist mit {length} Zeichen zu lang; eine Direktive darf höchstens {limit} Zeichen haben."
NO_PAIR = "Eine Direktive gehört immer zu einem Menschen und einer Figur; beides muss angegeben sein."
NO_TEXT = "Welche Regel soll ich mir merken? Bitte in einem Satz."

ASK_ADD = "Soll ich mir diese Regel dauerhaft merken: „{text}“? (ja/nein)"
ASK_REMOVE = "Soll ich diese Regel streichen: „{text}“? (ja/nein)"
ASK_AGAIN = "Das habe ich nicht sicher verstanden. {question}"
ADDED = "Ich halte mich ab jetzt an diese Regel: „{text}“."
ALREADY = "Diese Regel gilt schon: „{text}“."
REMOVED = "Die Regel „{text}“ gilt nicht mehr."
NOT_ADDED = "Gut, ich speichere diese Regel nicht."
NOT_REMOVED = "Gut, die Regel bleibt bestehen."
NONE = "Für mich gelten noch keine Regeln."
LISTING = "Diese Regeln gelten für mich:\n{lines}"
LISTING_LINE = "{number}. {text}"
NOT_FOUND = "Eine solche Regel finde ich nicht. {listing}"
UNCLEAR = "Soll ich eine Regel hinzufügen, die Regeln zeigen oder eine streichen?"
FAILED = "Die Regel konnte ich nicht sicher speichern; es wurde nichts geändert."
NOT_CONFIRMED = ("Ich konnte nicht bestätigen, dass die Änderung an deinen Regeln gespeichert ist. Frag mich bitte "
                 "gleich, welche Regeln gelten, dann sehen wir nach.")
