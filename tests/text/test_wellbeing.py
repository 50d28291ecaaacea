"""One lexicon of how a person feels (`text/wellbeing_de.json`), read by three: the readiness
value (dateien.md §3.0b: 0,00 in a crisis), the offline care answer (sympathy for feeling unwell, the numbers
only in a crisis) and the offline salience (dateien.md §4b.1: feelings and health facts are kept). Before the
merge the three lists disagreed: salience did not keep *ich bin erschöpft / schlapp / deprimiert*."""

from __future__ import annotations

import pytest

from novaberg.core.settings import KZG_SALIENZ_HIGH, KZG_SALIENZ_MINIMUM
from novaberg.graph.care import care_answer, feels_unwell
from novaberg.graph.texts import CARE_CRISIS, CARE_DANGER_TO_LIFE, CARE_EMERGENCY, CARE_UNWELL, HOTLINES
from novaberg.llm.ask import Asker
from novaberg.memory.salience import effective, rate
from novaberg.situation.readiness import CRISIS, OPEN, readiness
from novaberg.text.wellbeing import DANGER, STRAIN, wellbeing
from tests.support import make_offline_llm

UNWELL = wellbeing().unwell


@pytest.mark.parametrize("word", UNWELL)
def test_each_unwell_word_gets_sympathy_and_no_hotline(word):
    """Care: plain unwell is no case for the Telefonseelsorge, in either form of address."""
    text = f"Ich fühle mich heute {word}."
    assert feels_unwell(text)
    assert care_answer(text) == CARE_UNWELL[False]
    assert care_answer(text, sie=True) == CARE_UNWELL[True]
    assert HOTLINES not in care_answer(text)


@pytest.mark.parametrize("word", UNWELL)
def test_each_unwell_word_is_a_feeling_salience_keeps(word):
    """§4b.1: a feeling of the person is remembered (mid band), not rated like small talk."""
    rating = rate(Asker(make_offline_llm()), f"Ich bin heute total {word}.")
    assert KZG_SALIENZ_MINIMUM <= rating.effective, (word, rating)
    assert rating.reason in {"ein Gefühl", "ein Ereignis mit Gewicht"}


@pytest.mark.parametrize("word", wellbeing().health)
def test_health_facts_are_events_with_weight(word):
    rating = rate(Asker(make_offline_llm()), f"Gestern kam die Nachricht: {word}.")
    assert effective(rating.raw) >= KZG_SALIENZ_HIGH, (word, rating)


@pytest.mark.parametrize("text", ["Ich fühle mich müde", "Ich fuehle mich muede", "ICH BIN ERSCHÖPFT",
                                  "Ich bin erschoepft", "Ich fühle mich NIEDERGESCHLAGEN"])
def test_umlauts_and_case_are_folded_once_for_every_reader(text):
    assert feels_unwell(text)
    assert rate(Asker(make_offline_llm()), text).reason == "ein Gefühl"


def test_a_strain_family_is_sympathy_but_a_danger_family_is_the_notruf():
    """Readiness 0 for both; the care answer by the family's kind from the one lexicon."""
    assert readiness("Mir geht's total beschissen", ()).dimension == "krise:belastung"
    assert wellbeing().kind_of("belastung") == STRAIN
    assert care_answer("Mir geht es schlecht") == CARE_UNWELL[False]
    assert wellbeing().kind_of("notlage") == wellbeing().kind_of("lebensgefahr") == DANGER
    assert care_answer("Mein Vater hatte einen Unfall, er ist im Krankenhaus") == CARE_EMERGENCY[False]
    assert care_answer("Ich will nicht mehr leben.") == CARE_DANGER_TO_LIFE[False]
    assert care_answer("Ich hab voll Panik") == CARE_CRISIS[False]
    assert readiness("Ich hab voll Panik", ()).value == CRISIS


def test_an_unwell_word_alone_does_not_drop_readiness():
    """*ich bin müde* is no crisis: curiosity stays allowed (the strain words need their construction)."""
    assert readiness("Ich bin so müde.", ()).value == OPEN
