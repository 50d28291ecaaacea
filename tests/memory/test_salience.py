"""dateien.md §4b.1: the salience curve and its bands; the model's rating read checked."""

from __future__ import annotations

import math

import pytest

from novaberg.core.errors import ModelAnswerError
from novaberg.core.settings import KZG_SALIENZ_HIGH, KZG_SALIENZ_MID, KZG_SALIENZ_MINIMUM
from novaberg.llm.ask import Asker
from novaberg.llm.scripted import ScriptedLLM
from novaberg.memory.salience import band_ttl_days, effective, rate
from tests.support import make_offline_llm


@pytest.mark.parametrize(("raw", "band"), [(0.3, KZG_SALIENZ_MINIMUM), (0.5, KZG_SALIENZ_MID), (0.7, KZG_SALIENZ_HIGH)])
def test_curve_gives_the_bands_to_five_places(raw, band):
    """§4b.1: 'nachgerechnet auf fünf Stellen' — raw 0.3/0.5/0.7 are the three thresholds."""
    assert round(effective(raw), 5) == band


def test_curve_ends_and_monotony():
    assert effective(0) == 0.0 and effective(1) == 1.0 and effective(1.0) == 1.0
    values = [effective(i / 100) for i in range(101)]
    assert values == sorted(values)


@pytest.mark.parametrize("bad", [-0.01, 1.0001, math.nan, math.inf, -math.inf, True, "0.5", None])
def test_curve_refuses_what_is_no_raw_salience(bad):
    with pytest.raises(ValueError):
        effective(bad)


def test_ttl_by_band():
    """7–30 days by band; nothing below the minimum."""
    assert band_ttl_days(effective(0.29)) is None
    assert band_ttl_days(effective(0.3)) == 7
    assert band_ttl_days(effective(0.5)) == 14
    assert band_ttl_days(effective(0.7)) == 30


@pytest.mark.parametrize(("text", "high"), [
    ("Mein Hund heißt Bello.", True),
    ("Meine Schwester Lena heiratet im Mai.", True),
    ("Ich heiße Marta.", True),
    ("Ich wohne in Kassel.", True),
    ("Ich bin heute ziemlich traurig.", None),
    ("Hallo!", False),
    ("Danke", False),
    ("Trag mir morgen um 10 den Zahnarzt ein", False),
    ("Notier mir Milch", False),
    ("Wie heißt mein Hund?", False),
])
def test_offline_rule_rates_facts_high_and_commands_low(text, high):
    rating = rate(Asker(make_offline_llm()), text)
    if high is True:
        assert rating.effective >= KZG_SALIENZ_HIGH, rating
    elif high is False:
        assert rating.effective < KZG_SALIENZ_MINIMUM, rating
    else:
        assert KZG_SALIENZ_MINIMUM <= rating.effective < KZG_SALIENZ_HIGH, rating
    assert rating.reason


def test_a_paraphrasing_model_is_read_the_same():
    llm = ScriptedLLM({"salience": {"salienz": 0.9, "grund": "Sie nennt den Namen ihres Tieres."}})
    rating = rate(Asker(llm), "Unser Vierbeiner hört auf Bello.")
    assert rating.raw == 0.9 and rating.reason == "Sie nennt den Namen ihres Tieres."


@pytest.mark.parametrize("answer", [{"salienz": 1.5}, {"salienz": -0.1}, {"salienz": "hoch"}, {"salienz": None},
                                    {"grund": "ohne Zahl"}, "kein json", [0.5], {"salienz": 0.5, "grund": 3}])
def test_a_broken_rating_is_loud(answer):
    """Checked reading: out of range, wrong type, missing or no object → ModelAnswerError, never a guess."""
    with pytest.raises(ModelAnswerError):
        rate(Asker(ScriptedLLM({"salience": answer})), "Mein Hund heißt Bello.")


def test_raw_point_seven_reaches_high_and_point_six_nine_does_not():
    """timeline.md §5.5 *Grenze*: '0,70 gibt einen Auftrag, 0,69 keinen' — on the curved scale."""
    from novaberg.memory.salience import reaches

    assert reaches(effective(0.7), KZG_SALIENZ_HIGH)
    assert not reaches(effective(0.69), KZG_SALIENZ_HIGH)
    assert reaches(effective(0.5), KZG_SALIENZ_MID) and not reaches(effective(0.49), KZG_SALIENZ_MID)
