"""The offline composer answers everyday small talk from templates (data) and stays
honest about what needs a model; service reports are capped and said once."""

from __future__ import annotations

import pytest

from novaberg.graph.compose import REPORT_MAX_CHARS, capped_reports
from novaberg.graph.texts import OFFLINE_CAPABILITIES
from novaberg.text.small_talk import small_talk, small_talk_templates
from tests.support import berlin

NOW = berlin(2026, 11, 11, 20, 0)


def test_templates_are_data_with_a_schema():
    data = small_talk_templates()
    assert data["schema_version"] == 1 and data["max_words"] > 0 and data["offline_note"]
    kinds = [t["kind"] for t in data["templates"]]
    assert len(kinds) == len(set(kinds))
    for template in data["templates"]:
        assert template["phrases"] and template["answer"]
        assert all(p == p.lower() for p in template["phrases"])


@pytest.mark.parametrize("text,expected", [
    ("Hallo", "Hallo!"),
    ("Danke", "Gern geschehen"),
    ("Gute Nacht", "Gute Nacht"),
    ("Wie geht's?", "mir geht es gut"),
    ("Hallo Nova, wie geht es dir?", "mir geht es gut"),
])
def test_small_talk_end_to_end_from_templates(nova, text, expected):
    result = nova.turn("u-talk", "nova", text, NOW)
    assert result.services == []
    assert expected in result.answer
    assert OFFLINE_CAPABILITIES not in result.answer


def test_a_greeting_says_honestly_that_conversation_needs_a_model():
    assert "Sprachmodell" in small_talk("Hallo")


@pytest.mark.parametrize("text", ["Erzähl mir was über Kant", "Wie war dein Tag?",
                                  "Danke, aber kannst du mir noch erklären, wie die Steuererklärung funktioniert?"])
def test_free_conversation_is_not_small_talk(nova, text):
    assert small_talk(text) == ""
    assert nova.turn("u-free", "nova", text, NOW).answer == OFFLINE_CAPABILITIES


def test_reports_are_capped_and_each_line_said_once():
    lines = [f"- Zeile {i}: morgen um 10" for i in range(200)]
    out = capped_reports(["\n".join(lines), "\n".join(lines)])
    assert len(out) <= REPORT_MAX_CHARS + 20 and out.endswith("…")
    assert len(out.splitlines()) == len(set(out.splitlines()))
    assert capped_reports(["a", "a", "b"]) == "a\nb"
