"""A describer's answer (a model's) is input from the edge: NUL and lone surrogates are refused, the
keyword list is bounded like topic and summary."""

from __future__ import annotations

import pytest

from novaberg.files.metadata import check_description


@pytest.mark.parametrize("fields", [
    {"thema": "Umzug\x00", "zusammenfassung": "", "stichwoerter": []},
    {"thema": "Umzug", "zusammenfassung": "Kisten \ud800", "stichwoerter": []},
    {"thema": "Umzug", "zusammenfassung": "", "stichwoerter": ["Hamburg", "Mai\x00"]},
])
def test_unstorable_text_in_a_description_is_refused(fields):
    with pytest.raises(ValueError):
        check_description(fields)


def test_keywords_are_bounded():
    checked = check_description({"thema": "Umzug", "stichwoerter": ["w" * 5000] * 10_000})
    assert len(checked["stichwoerter"]) == 32 and all(len(w) == 100 for w in checked["stichwoerter"])
