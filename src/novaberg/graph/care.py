"""What Nova says without a model when the person tells her how they are — never „Gut zu wissen — danke."
to *Mir geht's nicht gut*, never a calendar's „Ich habe nichts eingetragen" to *Ich fühl mich heute schlecht*.

A crisis is read by the readiness of the turn (`situation.readiness`, dateien.md §3.0b: 0.0 in distress, an
acute need, grief, panic); danger to life or an emergency gets the numbers where people answer (Notruf 112,
Telefonseelsorge). Feeling unwell without a crisis is read here: a first-person experiencer (*ich fühl(e)
mich*, *mir geht's*, *ich bin*) with *nicht (so) gut* or a state word in the same clause. The answers are
honest about what she cannot do offline and claim nothing stored.
"""

from __future__ import annotations

import re

from novaberg.situation.readiness import CRISIS, readiness

__all__ = ["care_answer", "feels_unwell"]

_SEELSORGE = "0800 111 0 111 oder 0800 111 0 222"
_TEXTS = {
    "lebensgefahr": (
        "Es tut mir sehr leid, dass es dir so geht. Bitte bleib damit nicht allein: Die Telefonseelsorge ist rund "
        f"um die Uhr kostenlos und anonym erreichbar, {_SEELSORGE}; in akuter Gefahr ruf den Notruf 112. Ohne "
        "Sprachmodell kann ich dir nicht so antworten, wie du es jetzt brauchst.",
        "Es tut mir sehr leid, dass es Ihnen so geht. Bitte bleiben Sie damit nicht allein: Die Telefonseelsorge ist "
        f"rund um die Uhr kostenlos und anonym erreichbar, {_SEELSORGE}; in akuter Gefahr rufen Sie den Notruf "
        "112. Ohne Sprachmodell kann ich Ihnen nicht so antworten, wie Sie es jetzt brauchen."),
    "notlage": (
        "Das klingt nach einem Notfall. Wenn jemand in Gefahr ist, ruf bitte sofort den Notruf 112. Ohne "
        "Sprachmodell kann ich dir gerade nicht mehr helfen als das.",
        "Das klingt nach einem Notfall. Wenn jemand in Gefahr ist, rufen Sie bitte sofort den Notruf 112. Ohne "
        "Sprachmodell kann ich Ihnen gerade nicht mehr helfen als das."),
    "krise": (
        "Das tut mir leid — das klingt gerade sehr schwer. Ohne Sprachmodell kann ich dir nicht so antworten, wie "
        f"du es verdienst. Wenn es dir zu viel wird: Die Telefonseelsorge ist rund um die Uhr da, {_SEELSORGE}.",
        "Das tut mir leid — das klingt gerade sehr schwer. Ohne Sprachmodell kann ich Ihnen nicht so antworten, "
        f"wie Sie es verdienen. Wenn es Ihnen zu viel wird: Die Telefonseelsorge ist rund um die Uhr da, "
        f"{_SEELSORGE}."),
    "unwohl": (
        "Das tut mir leid zu hören. Ohne Sprachmodell kann ich nicht richtig darauf eingehen — aber wenn ich dir "
        "etwas abnehmen kann, sag es mir.",
        "Das tut mir leid zu hören. Ohne Sprachmodell kann ich nicht richtig darauf eingehen — aber wenn ich Ihnen "
        "etwas abnehmen kann, sagen Sie es mir."),
}
_DANGER = frozenset({"lebensgefahr", "notlage"})  # families with a text of their own
_MILD = frozenset({"belastung"})  # the readiness's strain family also holds plain *mir geht's nicht gut*
_EXPERIENCER = r"(?:ich\s+f(?:ü|ue)hl(?:e)?\s+mich|mir\s+geht(?:'s|s|\s+es)|ich\s+bin|bin\s+ich)"
_UNWELL = re.compile(
    rf"\b{_EXPERIENCER}\b[^,.;!?]*?\b(?:nicht\s+(?:so\s+|besonders\s+|ganz\s+|sehr\s+)?(?:gut|wohl|fit)|"
    r"schlecht|mies|miserabel|elend|krank|traurig|m(?:ü|ue)de|ersch(?:ö|oe)pft|einsam|down|schlapp|"
    r"niedergeschlagen|deprimiert|gestresst)\b",
    re.IGNORECASE)


def feels_unwell(text: str) -> bool:
    """Whether the person says they feel unwell (first person, in one clause); no crisis reading."""
    return bool(_UNWELL.search(text))


def care_answer(text: str, sie: bool = False, crisis_only: bool = False) -> str:
    """The offline answer to how the person is (`sie`: in the Sie-form), or '' when the turn says nothing about
    it (`crisis_only`: nothing short of a crisis — beside work done, *ich bin müde* needs no second sentence)."""
    state = readiness(text, ())
    if state.value == CRISIS:
        family = state.dimension.partition(":")[2]
        if family in _MILD and feels_unwell(text):
            return _TEXTS["unwohl"][sie]  # *Mir geht es nicht gut*: cautious for curiosity, no case for a hotline
        return _TEXTS[family if family in _DANGER else "krise"][sie]
    if feels_unwell(text) and not crisis_only:
        return _TEXTS["unwohl"][sie]
    return ""
