"""The German texts of the Lage and its offers, in one place (CONTRIBUTING.md "German is data")."""

from __future__ import annotations

__all__ = ["OFFER_APPOINTMENT", "OFFER_REFUSED", "OFFER_EXPIRED", "OFFER_OTHER_FIGURE", "OFFER_GONE"]

# The §3a offer for a mentioned coming appointment (timeline.md §3a, decided 17.10.2026).
OFFER_APPOINTMENT = "Soll ich „{title}“ am {day} um {time} Uhr eintragen?"
# A refusal drops the offer and marks the object (notizen.md E3 „Speichern = abgelehnt“).
OFFER_REFUSED = "Gut, dann trage ich „{title}“ nicht ein."
# A consent that comes too late, or to an offer another figure made: nothing is written, and it is said.
OFFER_EXPIRED = ("Mein Angebot, „{title}“ einzutragen, ist abgelaufen — geschrieben habe ich nichts. "
                 "Sag mir bitte noch einmal ausdrücklich, was ich eintragen soll.")
OFFER_OTHER_FIGURE = ("Dieses Angebot kam nicht von mir, sondern aus einem Gespräch mit einer anderen Figur — "
                      "geschrieben habe ich nichts. Sag mir bitte ausdrücklich, was ich eintragen soll.")
OFFER_GONE = "Dieses Angebot gibt es nicht mehr — geschrieben habe ich nichts."
# Two orders in one turn and the first asks back: the others wait for the answer.
ORDERS_WAITING = "Danach kümmere ich mich um {auftraege} — das wartet, bis diese Frage geklärt ist."
