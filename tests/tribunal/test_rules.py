"""The directives a rule can check without a model (issue 12 §6; tribunal.md §3.1 "NUR der exakte Wortlaut")."""

from __future__ import annotations

import pytest

from novaberg.text.directive_rules import KIND_DU, KIND_NO_EMOJI, KIND_SIE, KIND_WORD, read_directive
from novaberg.tribunal.rules import directive_findings, directive_order


@pytest.mark.parametrize(("text", "kind", "word"), [
    ("Sprich mich mit Sie an", KIND_SIE, ""),
    ("Bitte sieze mich.", KIND_SIE, ""),
    ("Ich möchte gesiezt werden", KIND_SIE, ""),
    ("Duz mich ruhig", KIND_DU, ""),
    ("Sprich mich mit du an", KIND_DU, ""),
    ("Keine Emojis bitte", KIND_NO_EMOJI, ""),
    ("Schreib ohne Smileys", KIND_NO_EMOJI, ""),
    ("Nenn mich nie „Schatz“", KIND_WORD, "Schatz"),
    ('Benutze niemals das Wort "Liebling"', KIND_WORD, "Liebling"),
    ("Erwähne nie Thomas", KIND_WORD, "Thomas"),
    ("Thomas nie mehr erwähnen", KIND_WORD, "Thomas"),
])
def test_checkable_directives_are_read(text, kind, word):
    rule = read_directive(text)
    assert rule is not None and rule.kind == kind and rule.word == word


@pytest.mark.parametrize("text", ["Erwähne nie meine Ex", "Sei freundlich", "Antworte kurz", "", "   "])
def test_uncheckable_directives_are_the_models(text):
    """„Erwähne nie meine Ex“ names no word: only a model can judge it."""
    assert read_directive(text) is None


def test_sie_directive_against_du_answer():
    found = directive_findings("Ich sag dir was: Dein Termin ist morgen.", ["Sprich mich mit Sie an"])
    assert len(found) == 1 and set(found[0].hits) == {"dir", "Dein"}
    assert "duzt" in found[0].reason and "Sie-Form" in found[0].fix


def test_sie_form_answer_passes_a_sie_directive():
    assert directive_findings("Ihr Termin ist morgen; soll ich Sie erinnern?", ["Sieze mich"]) == []


def test_du_directive_against_sie_answer():
    found = directive_findings("Soll ich Sie erinnern? Ihr Termin ist morgen.", ["Duz mich"])
    assert found and found[0].rule.kind == KIND_DU


def test_sentence_initial_sie_is_not_formal_address():
    """„Sie“ at a sentence start is often third person: in doubt no breach (§3.1)."""
    assert directive_findings("Anna hat angerufen. Sie kommt morgen.", ["Duz mich"]) == []


def test_forbidden_word_is_the_exact_word_only():
    """§3.1: only the exact wording counts — „Schätzchen“ is the model's, not the rule's."""
    assert directive_findings("Guten Morgen, Schatz!", ["Nenn mich nie „Schatz“"])
    assert directive_findings("Guten Morgen, Schätzchen!", ["Nenn mich nie „Schatz“"]) == []
    assert directive_findings("Der Schatzmeister ruft an.", ["Nenn mich nie „Schatz“"]) == []


def test_emoji():
    assert directive_findings("Super gemacht 🎉", ["Keine Emojis"])
    assert directive_findings("Super gemacht!", ["Keine Emojis"]) == []


def test_order_names_the_directive_and_the_fix():
    order = directive_order(directive_findings("Hallo du", ["Sprich mich mit Sie an"]))
    assert order.startswith("DIREKTIVE VERLETZT") and "„Sprich mich mit Sie an“" in order


def test_answer_must_be_text():
    with pytest.raises(TypeError):
        directive_findings(None, ["Sieze mich"])  # type: ignore[arg-type]
