"""The offline corrector's Sie-form and emoji removal (issue 12 §6: deterministic where a rule can do it)."""

from __future__ import annotations

import pytest

from novaberg.text.address_forms import to_sie_form, without_emoji
from novaberg.tribunal.rules import directive_findings


@pytest.mark.parametrize(("du", "sie"), [
    ("Du hast heute frei.", "Sie haben heute frei."),
    ("Klar, ich erkläre es dir gern: Dein Zug fährt um acht.", "Klar, ich erkläre es Ihnen gern: Ihr Zug fährt um acht."),
    ("Hast du Zeit? Dann brauchst du einen Schirm.", "Haben Sie Zeit? Dann brauchen Sie einen Schirm."),
    ("Arbeitest du morgen?", "Arbeiten Sie morgen?"),
    ("Ich habe dir deine Termine gezeigt.", "Ich habe Ihnen Ihre Termine gezeigt."),
])
def test_du_to_sie(du, sie):
    assert to_sie_form(du) == sie
    assert directive_findings(to_sie_form(du), ["Sieze mich"]) == []


def test_a_du_far_from_its_verb_stays_and_the_check_still_sees_it():
    """No silent „Sie … wirst“: what the table cannot rewrite stays visible to the computed check."""
    out = to_sie_form("Nimm den Schirm, weil du sonst nass wirst.")
    assert "du sonst nass wirst" in out
    assert directive_findings(out, ["Sieze mich"])


def test_without_emoji():
    assert without_emoji("Super 🎉 gemacht 👍") == "Super gemacht"
