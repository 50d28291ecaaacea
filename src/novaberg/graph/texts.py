"""The German texts the turn graph says itself, in one place (CONTRIBUTING.md "German is data").

The answers of the turn itself (compose, nodes) and the care answers (`graph/care.py`) are what Nova says without a model when the person tells her how they are.
Each is a pair (du-form, Sie-form). They are honest about what she cannot do offline and claim nothing stored.
"""

from __future__ import annotations

__all__ = [
    "ADDRESS_SIE_HINT",
    "BARE_ORDER_WHICH",
    "ROUTE_TIE",
    "CARE_CRISIS",
    "CARE_DANGER_TO_LIFE",
    "CARE_EMERGENCY",
    "CARE_UNWELL",
    "EMERGENCY_NUMBER",
    "HOTLINES",
    "MODEL_DOWN_ANSWER",
    "OFFLINE_CAPABILITIES",
    "STATEMENT_NOTED",
]

# The numbers where people answer: Notruf and the Telefonseelsorge (free, anonymous, day and night).
EMERGENCY_NUMBER = "112"
HOTLINES = "0800 111 0 111 oder 0800 111 0 222"

# Danger to life (family `lebensgefahr`): the Telefonseelsorge first, the Notruf for acute danger.
CARE_DANGER_TO_LIFE = (
    "Es tut mir sehr leid, dass es dir so geht. Bitte bleib damit nicht allein: Die Telefonseelsorge ist rund "
    f"um die Uhr kostenlos und anonym erreichbar, {HOTLINES}; in akuter Gefahr ruf den Notruf {EMERGENCY_NUMBER}. "
    "Ohne Sprachmodell kann ich dir nicht so antworten, wie du es jetzt brauchst.",
    "Es tut mir sehr leid, dass es Ihnen so geht. Bitte bleiben Sie damit nicht allein: Die Telefonseelsorge ist "
    f"rund um die Uhr kostenlos und anonym erreichbar, {HOTLINES}; in akuter Gefahr rufen Sie den Notruf "
    f"{EMERGENCY_NUMBER}. Ohne Sprachmodell kann ich Ihnen nicht so antworten, wie Sie es jetzt brauchen.",
)
# An emergency (family `notlage`): the Notruf, nothing else in the way.
CARE_EMERGENCY = (
    f"Das klingt nach einem Notfall. Wenn jemand in Gefahr ist, ruf bitte sofort den Notruf {EMERGENCY_NUMBER}. "
    "Ohne Sprachmodell kann ich dir gerade nicht mehr helfen als das.",
    "Das klingt nach einem Notfall. Wenn jemand in Gefahr ist, rufen Sie bitte sofort den Notruf "
    f"{EMERGENCY_NUMBER}. Ohne Sprachmodell kann ich Ihnen gerade nicht mehr helfen als das.",
)
# Another crisis (panic, despair, fear, grief): sympathy and the Telefonseelsorge.
CARE_CRISIS = (
    "Das tut mir leid — das klingt gerade sehr schwer. Ohne Sprachmodell kann ich dir nicht so antworten, wie "
    f"du es verdienst. Wenn es dir zu viel wird: Die Telefonseelsorge ist rund um die Uhr da, {HOTLINES}.",
    "Das tut mir leid — das klingt gerade sehr schwer. Ohne Sprachmodell kann ich Ihnen nicht so antworten, "
    f"wie Sie es verdienen. Wenn es Ihnen zu viel wird: Die Telefonseelsorge ist rund um die Uhr da, "
    f"{HOTLINES}.",
)
# Feeling unwell without a crisis: sympathy and an offer, no hotline.
CARE_UNWELL = (
    "Das tut mir leid zu hören. Ohne Sprachmodell kann ich nicht richtig darauf eingehen — aber wenn ich dir "
    "etwas abnehmen kann, sag es mir.",
    "Das tut mir leid zu hören. Ohne Sprachmodell kann ich nicht richtig darauf eingehen — aber wenn ich Ihnen "
    "etwas abnehmen kann, sagen Sie es mir.",
)

# What she can do without a model, said when a free conversation would need one (compose).
OFFLINE_CAPABILITIES = (
    "Ohne Sprachmodell kann ich Termine eintragen, anzeigen, verschieben und löschen und Notizen und Listen "
    "führen. Für ein freies Gespräch brauche ich ein Sprachmodell (--llm ollama:<modell> oder openai:<modell>)."
)
# Offline, a statement of the person is acknowledged in words that fit du and Sie alike and claim nothing
# (whether it is remembered is the salience step's decision, after the answer).
STATEMENT_NOTED = "Gut zu wissen — danke."
# The composer's prompt line for a person addressed with Sie (compose.user.txt; the du-form needs no line).
ADDRESS_SIE_HINT = "Sprich den Menschen mit „Sie“ an (Sie-Form: Sie, Ihnen, Ihr), nicht mit du."
# The model is unreachable: say so, with the reason, and that nothing was written (nodes).
MODEL_DOWN_ANSWER = (
    "Ich erreiche gerade mein Sprachmodell nicht ({reason}). Es wurde nichts eingetragen und nichts geändert."
)
# Two services read the order equally well: ask which one is meant, write nothing (graph/router.py).
ROUTE_TIE = "Meinst du {choices}? Sag es mir kurz, dann mache ich weiter. Es wurde nichts geändert."
# A bare order whose thing stands on a list and in an appointment title: ask, write nothing.
BARE_ORDER_WHICH = (  # each service's part as it declares it (`agents.registry.BareSide`: place, choice, answer)
    "„{item}“ steht {places} — meinst du {choices}? Sag einfach {answers}. Es wurde nichts geändert."
)
