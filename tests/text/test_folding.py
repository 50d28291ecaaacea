"""Umlaut folding once: `text.words.fold` for comparing words (the input folded once),
`text.words.ascii_fold` for names on disk. Before, the knowledge service and the pair directories folded by
hand in two more ways."""

from __future__ import annotations

import unicodedata

import pytest

from novaberg.files.knowledge.pairs import safe_segment
from novaberg.files.knowledge.service import file_name
from novaberg.text.words import ascii_fold, fold


@pytest.mark.parametrize(("text", "folded"), [("Grüße", "gruesse"), ("ÄRGER", "aerger"), ("Straße", "strasse"),
                                              (unicodedata.normalize("NFD", "Müde"), "muede"), ("plain", "plain")])
def test_fold_is_nfc_umlauts_and_lower_case(text, folded):
    assert fold(text) == folded


def test_ascii_fold_keeps_both_forms_on_disk():
    assert ascii_fold("Café Grüße") == "cafe gruesse"
    assert ascii_fold("Café Grüße", umlaut_e=False) == "cafe grusse"


def test_knowledge_file_names_fold_umlauts_to_ae():
    assert file_name("Grüße aus Köln", "") == "gruesse-aus-koeln.md"
    assert file_name("Straße", "") == "strasse.md"


def test_pair_directories_keep_their_historical_form():
    """Existing pair zones must be found again: ä → a there, never ä → ae (a changed name loses the data)."""
    assert safe_segment("Jürgen Müller").startswith("jurgen-muller-")
    assert safe_segment("Maß").startswith("mass-")
