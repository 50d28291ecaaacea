"""The offline composer answers small talk in the form of address the person's directives demand
(tribunal.md §3.1 "Einhaltung der User-Direktiven"; §7 `direktiven`): with „Sprich mich mit Sie an“ a greeting
says Sie, and the tribunal has nothing to warn about."""

from __future__ import annotations

from datetime import datetime

import pytest

from novaberg.directives.repository import DirectivesRepository
from novaberg.text.small_talk import small_talk, small_talk_templates
from novaberg.tribunal.rules import directive_findings
from tests.support import berlin

NOW = berlin(2026, 11, 30, 10)
SIE = "Sprich mich mit Sie an"


def _add(db, text: str, user: str = "u-sie") -> None:
    DirectivesRepository(db).add(user, "nova", text, datetime.fromisoformat("2026-11-29T10:00:00+00:00"))


@pytest.mark.parametrize("text", ["Hallo", "Hallo, wie geht's?", "Gute Nacht", "Danke", "Tschüss"])
def test_sie_directive_small_talk_end_to_end_in_sie_form_and_ok(nova, db, text):
    """tribunal.md §3.1: the directive „Sprich mich mit Sie an“ binds the offline composer too — no du-form,
    verdict `ok` (before: „Schön, dass du da bist.“ → `warnung`)."""
    _add(db, SIE)
    result = nova.turn("u-sie", "nova", text, NOW)
    assert result.verdict == "ok", result
    assert directive_findings(result.answer, [SIE]) == []
    assert result.answer == small_talk(text, "Sie")


def test_greeting_with_sie_directive_says_sie(nova, db):
    """tribunal.md §3.1: „Hallo“ → the greeting in Sie-form, with the honest offline note in Sie-form."""
    _add(db, "Bitte siezen Sie mich")
    result = nova.turn("u-sie", "nova", "Hallo", NOW)
    assert "Schön, dass Sie da sind." in result.answer and "Sprachmodell" in result.answer
    assert result.verdict == "ok"


def test_without_directive_the_greeting_stays_du(nova):
    result = nova.turn("u-du", "nova", "Hallo", NOW)
    assert "Schön, dass du da bist." in result.answer
    assert result.verdict == "ok"


def test_directive_of_another_figure_does_not_change_the_address(nova, db):
    """Directives are bound to the pair (user, figure): a Sie rule for another figure leaves nova at du."""
    DirectivesRepository(db).add("u-sie", "other", SIE, datetime.fromisoformat("2026-11-29T10:00:00+00:00"))
    assert "Schön, dass du da bist." in nova.turn("u-sie", "nova", "Hallo", NOW).answer


def test_every_template_has_a_sie_form_free_of_du_words():
    data = small_talk_templates()
    for template in data["templates"]:
        assert directive_findings(template["answer_sie"], [SIE]) == [], template["kind"]
    assert directive_findings(data["offline_note_sie"], [SIE]) == []
