"""What a person tells before a question she asks in the same turn is hers to remember, though a service answered
the question (a search that found nothing, a question to the notes) — two persons, each with her own."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

from tests.support import berlin

NOW = berlin(2026, 11, 2, 18)
LATER = NOW + timedelta(days=3)


def test_a_fact_told_before_a_question_to_a_service_is_remembered(nova):
    nova.turn("anna", "nova", "Ich nehme jeden Morgen Eisentabletten. Zählt das zu den Medikamenten dazu?", NOW)
    assert "Eisentabletten" in nova.turn("anna", "nova", "Was für Tabletten nehme ich?", LATER).answer
    assert "Eisentabletten" not in nova.turn("ben", "nova", "Was für Tabletten nehme ich?", LATER).answer


def test_parallel_turns_that_tell_before_a_question_keep_each_fact_once(nova):
    told = ["Ich nehme morgens Eisentabletten. Zählt das zu den Medikamenten dazu?",
            "Ich nehme abends Magnesium. Ist das ein Medikament?",
            "Ich habe eine Hüftprothese. Gehört die zu den Implantaten?"]
    with ThreadPoolExecutor(3) as pool:
        list(pool.map(lambda text: nova.turn("anna", "nova", text, NOW), told))
    assert sorted(e["inhalt"] for e in nova.memory.short_term("anna", "nova")) == sorted(told)
    assert nova.memory.short_term("ben", "nova") == []
