"""The timeline's scene of `novaberg demo`, run at the fixed clock Monday 30.11.2026 09:30.

Create, read (the `[TERMINE]` lines), a duplicate, reschedule with the half-of-day question and its
answer, a statement that is not an order (rejected, nothing written), a clarification that does not
write, delete, and the overview at the end.
"""

from __future__ import annotations

__all__ = ["DEMO_SCENES"]

DEMO_SCENES: list[tuple[str, list[str]]] = [
    ("Termine: eintragen und lesen", [
        "Trag mir morgen um 10 den Zahnarzt ein",
        "Merk dir den Elternabend am Donnerstag um 19 Uhr",
        "Trag mir morgen um 10 den Zahnarzt ein",
        "Was steht diese Woche an?",
    ]),
    ("Termine: verschieben mit Rückfrage nach der Tageshälfte", [
        "Verschieb den Zahnarzt auf 4 Uhr",
        "nachmittags",
    ]),
    ("Termine: nur auf Auftrag", [
        "Morgen um 11 habe ich Friseur",
        "Lösch den Termin am Donnerstag",
        "ja",
        "Lösch den Elternabend",
        "Was steht an?",
    ]),
]
