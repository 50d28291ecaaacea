"""Prompt override order default → model → connector (tribunal.md §4, three levels)."""

from __future__ import annotations

import pytest

from novaberg.core.errors import ConfigError
from novaberg.llm.prompts import PromptLoader, render


def test_default_comes_from_the_package():
    assert "JSON" in PromptLoader().load("router", "system")


def test_model_overrides_default_and_connector_overrides_model(tmp_path):
    (tmp_path / "gemma_2b").mkdir()
    (tmp_path / "gemma_2b" / "router.system.txt").write_text("modell")
    loader = PromptLoader(tmp_path, model="gemma:2b", connector="ollama")
    assert loader.load("router", "system") == "modell"
    (tmp_path / "ollama").mkdir()
    (tmp_path / "ollama" / "router.system.txt").write_text("connector")
    assert loader.load("router", "system") == "connector"
    assert loader.load("router", "user") == PromptLoader().load("router", "user")  # not overridden


def test_unknown_prompt_is_loud():
    with pytest.raises(ConfigError, match="no prompt file"):
        PromptLoader().load("gibt_es_nicht", "system")


def test_render_keeps_json_braces_and_refuses_missing_fields():
    assert render('{"a": "$x"}', {"x": "1"}) == '{"a": "1"}'
    with pytest.raises(ConfigError, match="needs y"):
        render("$y", {})


def test_render_leaves_out_a_line_and_a_block_that_carry_nothing():
    """A block goes into a prompt only when it carries something — an empty field's line goes,
    and a paragraph that kept none of its field lines goes with its heading; lines without fields stay."""
    template = "Kopf\n\nVerlauf:\n$verlauf\n\n[LAGE]\nTon: $ton\nAbsicht: $absicht\n\nÄußerung:\n$text"
    assert render(template, {"verlauf": "(kein Verlauf)", "ton": "", "absicht": "", "text": "Hallo"}) == (
        "Kopf\n\nÄußerung:\nHallo")
    assert render(template, {"verlauf": "", "ton": "warm", "absicht": [], "text": "Hallo"}) == (
        "Kopf\n\n[LAGE]\nTon: warm\n\nÄußerung:\nHallo")
    assert render(template, {"verlauf": "Mensch: Hi", "ton": "", "absicht": "", "text": ""}) == (
        "Kopf\n\nVerlauf:\nMensch: Hi")


def test_one_template_filled_twice_carries_each_calls_own_words():
    """A template is read once, its fields are filled per call: anna's words never reach the prompt of bob's call,
    and a line left out for one call (nothing to carry) stands in the next that has something for it."""
    template = "Kopf\n[VERLAUF]\n$verlauf\n\nText: $text"
    annas = render(template, {"verlauf": "Anna: Ich nehme Eisentabletten.", "text": "Wie geht es dir?"})
    bobs = render(template, {"verlauf": "", "text": "Was steht an?"})
    assert annas == "Kopf\n[VERLAUF]\nAnna: Ich nehme Eisentabletten.\n\nText: Wie geht es dir?"
    assert bobs == "Text: Was steht an?"
    assert render(template, {"verlauf": "Bob: Hallo", "text": "?"}) == "Kopf\n[VERLAUF]\nBob: Hallo\n\nText: ?"
