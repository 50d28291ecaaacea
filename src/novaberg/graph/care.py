"""What Nova says without a model when the person tells her how they are — never „Gut zu wissen — danke."
to *Mir geht's nicht gut*, never a calendar's „Ich habe nichts eingetragen" to *Ich fühl mich heute schlecht*.

A crisis is read by the readiness of the turn (`situation.readiness`, dateien.md §3.0b: 0.0 in distress, an
acute need, grief, panic); danger to life or an emergency gets the numbers where people answer (Notruf 112,
Telefonseelsorge). Feeling unwell without a crisis is read here: a first-person experiencer (*ich fühl(e)
mich*, *mir geht's*, *ich bin*) with *nicht (so) gut* or a state word in the same clause. The answers are
honest about what she cannot do offline and claim nothing stored.
"""

from __future__ import annotations

from novaberg.graph.texts import CARE_CRISIS, CARE_DANGER_TO_LIFE, CARE_EMERGENCY, CARE_UNWELL
from novaberg.situation.readiness import CRISIS, readiness
from novaberg.text.wellbeing import STRAIN, feels_unwell, wellbeing

__all__ = ["care_answer", "feels_unwell"]

_DANGER_TEXTS = {"lebensgefahr": CARE_DANGER_TO_LIFE, "notlage": CARE_EMERGENCY}  # families with a text of their own
def care_answer(text: str, sie: bool = False, crisis_only: bool = False) -> str:
    """The offline answer to how the person is (`sie`: in the Sie-form), or '' when the turn says nothing about
    it (`crisis_only`: nothing short of a crisis — beside work done, *ich bin müde* needs no second sentence)."""
    state = readiness(text, ())
    if state.value == CRISIS:
        family = state.dimension.partition(":")[2]
        if wellbeing().kind_of(family) == STRAIN and feels_unwell(text):
            return CARE_UNWELL[sie]  # *Mir geht es nicht gut*: cautious for curiosity, no case for a hotline
        return _DANGER_TEXTS.get(family, CARE_CRISIS)[sie]
    if feels_unwell(text) and not crisis_only:
        return CARE_UNWELL[sie]
    return ""
