"""The last round (tribunal.md, "Der Korrektursatz — gebaut am 18.09.2026", "Der dauerhafte Eintrag
und die letzte Runde")."""

from __future__ import annotations

from datetime import date

import pytest

from novaberg.tribunal.claims import find_storage_claims
from novaberg.tribunal.correct import (
    CORRECTION_NOTE,
    claim_survived,
    correction_sentence,
    surviving_claim_error,
)
from novaberg.tribunal.evaluate import computed_verdict

TODAY = date(2026, 8, 17)
CLAIM = "Ist notiert, bis morgen!"
UNPROVEN = computed_verdict(CLAIM, [], TODAY)
COVERED = computed_verdict(
    CLAIM,
    [
        {
            "name": "notizen",
            "status": "abgeschlossen",
            "answer": "",
            "steps": [{"verifiziert": True}],
            "data": {},
        }
    ],
    TODAY,
)


def test_appended_once_after_the_last_round() -> None:
    out = correction_sentence(CLAIM, UNPROVEN, correction_round=2, max_corrections=2)
    assert out == f"{CLAIM} {CORRECTION_NOTE}"
    assert out.startswith(CLAIM)  # the claiming sentence stays
    again = correction_sentence(out, computed_verdict(out, [], TODAY), correction_round=2, max_corrections=2)
    assert again == out


@pytest.mark.parametrize("correction_round", [0, 1])
def test_not_before_the_last_round(correction_round: int) -> None:
    assert correction_sentence(CLAIM, UNPROVEN, correction_round=correction_round, max_corrections=2) == CLAIM
    assert not claim_survived(UNPROVEN, correction_round=correction_round, max_corrections=2)


def test_not_for_a_covered_claim_or_no_claim() -> None:
    assert correction_sentence(CLAIM, COVERED, correction_round=2, max_corrections=2) == CLAIM
    quiet = computed_verdict("Hallo!", [], TODAY)
    assert correction_sentence("Hallo!", quiet, correction_round=2, max_corrections=2) == "Hallo!"


def test_the_note_is_no_storage_claim() -> None:
    """'Der Satz selbst ist für die Erkennung keine Speicherbehauptung.'"""
    assert find_storage_claims(CORRECTION_NOTE) == []
    appended = f"{CLAIM} {CORRECTION_NOTE}"
    assert [c.sentence for c in find_storage_claims(appended)] == ["Ist notiert, bis morgen!"]


def test_error_line_is_worded_as_the_specification_names_it() -> None:
    assert surviving_claim_error(2) == "Speicherbehauptung nach 2 Korrekturrunde(n) nicht beseitigt"


@pytest.mark.parametrize(("correction_round", "max_corrections"), [(-1, 2), (1, -2), (True, 2), (1.0, 2)])
def test_bad_round_numbers_raise(correction_round: object, max_corrections: object) -> None:
    with pytest.raises(ValueError):
        correction_sentence(
            CLAIM, UNPROVEN, correction_round=correction_round, max_corrections=max_corrections
        )  # type: ignore[arg-type]
