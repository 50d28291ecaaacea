"""Facts about the person reach long-term memory (raw ≥ 0.7, dateien.md §4b.1: "roh 0,7" is
`KZG_SALIENZ_HIGH`, the promotion's queueing point); small talk does not. Measured on a written set of told
sentences (tests/memory/data/told_sentences.json) with the offline rule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from novaberg.core.settings import KZG_SALIENZ_HIGH, KZG_SALIENZ_MINIMUM
from novaberg.llm.ask import Asker
from novaberg.memory.salience import rate, reaches
from tests.support import make_offline_llm

_SET = json.loads((Path(__file__).parent / "data" / "told_sentences.json").read_text(encoding="utf-8"))
FACT_KINDS = ("habit", "work", "family", "preference", "health", "home")


def _kept(text: str) -> bool:
    return reaches(rate(Asker(make_offline_llm()), text).effective, KZG_SALIENZ_HIGH)


@pytest.mark.parametrize("kind", FACT_KINDS)
def test_facts_of_each_kind_are_queued_for_long_term(kind):
    """§4b.1: a told fact about the person reaches HIGH (roh 0,7) — queued for promotion."""
    assert _SET[kind], f"{kind}: no told sentences to rate"
    missed = [text for text in _SET[kind] if not _kept(text)]
    assert missed == [], f"{kind}: {len(_SET[kind]) - len(missed)}/{len(_SET[kind])} kept"


def test_small_talk_makes_no_memory():
    """§4b.1: below roh 0,3 no entry is made — small talk stays out of both memories."""
    assert _SET["small_talk"], "no small talk to rate"
    kept = [text for text in _SET["small_talk"]
            if rate(Asker(make_offline_llm()), text).effective >= KZG_SALIENZ_MINIMUM]
    assert kept == []


@pytest.mark.parametrize("text", ["Ich finde meinen Schlüssel nicht.", "Ich bin wieder da.",
                                  "Ich spiele gerade ein Spiel.", "Ich gehe jetzt einkaufen."])
def test_everyday_words_near_a_fact_are_not_kept(text):
    assert not _kept(text)
