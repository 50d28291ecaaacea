"""Storage vocabulary = every write the services make (tribunal.md „Was als Behauptung zählt“).

The write actions come from the services' own action lists (timeline `const.ACTIONS`, notes `const.ACTIONS`),
never from a copy here: a new write action without its verbs in `vocabulary.json` → `write_actions` fails the
first test. For every write action and each of the four sentence forms one sentence is derived from the verbs
the data names, and the claim check must read it in that form; each has a negated twin that is no claim.
"""

from __future__ import annotations

import pytest

from novaberg.notes.agent import const as notes_const
from novaberg.text.claim_vocabulary import VOCABULARY, load_raw_vocabulary
from novaberg.timeline.agent import const as timeline_const
from novaberg.tribunal.claims import find_storage_claims
from novaberg.tribunal.const import FORM_FIRST_PERSON, FORM_SHORT, FORM_STATE, FORM_UNDERTAKING, FORMS

READ_ACTIONS = {"read"}
SERVICES = {
    timeline_const.SERVICE_NAME: (timeline_const.ACTIONS, ("den Termin", "Der Termin")),
    notes_const.SERVICE_NAME: (notes_const.ACTIONS, ("die Liste", "Die Liste")),
}
WRITES = [(service, action) for service, (actions, _) in SERVICES.items() for action in actions
          if action not in READ_ACTIONS]


def _verbs(service: str, action: str):
    return [VOCABULARY.participles[p] for p in VOCABULARY.write_actions[service][action]]


def _sentence(service: str, action: str, form: str) -> str:
    obj, subject = SERVICES[service][1]
    verbs = _verbs(service, action)
    if form == FORM_SHORT:
        verb = next(v for v in verbs if not v.ambiguous and not v.needs_one_of)
        return f"{verb.participle.capitalize()}."
    if form == FORM_FIRST_PERSON:
        return f"Ich habe {obj} {verbs[0].participle}." if not verbs[0].needs_one_of else \
            f"Ich habe es {verbs[0].participle}."
    if form == FORM_STATE:
        return f"{subject} ist {verbs[0].participle}."
    verb = next(v for v in verbs if v.present and v.infinitive)
    present = sorted(verb.present)[0]
    return f"Ich {present} {obj}{' ' + verb.particle if verb.particle else ''}."


def test_every_write_action_of_every_service_has_its_verbs() -> None:
    """A write action a service makes without verbs here fails (read by the services' own lists)."""
    for service, action in WRITES:
        assert VOCABULARY.write_actions.get(service, {}).get(action), f"{service}.{action} has no storage verbs"


def test_write_actions_schema() -> None:
    raw = load_raw_vocabulary()["write_actions"]
    assert set(raw) == set(SERVICES)
    for service, actions in raw.items():
        assert not READ_ACTIONS & set(actions), f"{service}: a read is no write"
        for action, participles in actions.items():
            assert action in SERVICES[service][0], f"{service}.{action} is no action of the service"
            assert participles and len(participles) == len(set(participles)), (service, action)
            for participle in participles:
                assert participle in VOCABULARY.participles, f"{service}.{action}: {participle} is no storage verb"


def test_every_write_action_can_be_said_in_every_form() -> None:
    """Each action has a plain participle (for `kurz`) and a verb with present forms (for `vollzug`)."""
    for service, action in WRITES:
        verbs = _verbs(service, action)
        assert any(not v.ambiguous and not v.needs_one_of for v in verbs), f"{service}.{action}: no plain participle"
        assert any(v.present and v.infinitive for v in verbs), f"{service}.{action}: no present forms"


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(("service", "action"), WRITES)
def test_derived_sentence_is_read_as_a_claim_in_its_form(service: str, action: str, form: str) -> None:
    sentence = _sentence(service, action, form)
    claims = find_storage_claims(sentence)
    assert [c.form for c in claims] == [form], sentence


@pytest.mark.parametrize("form", [FORM_FIRST_PERSON, FORM_STATE, FORM_UNDERTAKING])
@pytest.mark.parametrize(("service", "action"), WRITES)
def test_twin_negated_sentence_is_no_claim(service: str, action: str, form: str) -> None:
    sentence = _sentence(service, action, form).rstrip(".") + " nicht."
    assert find_storage_claims(sentence) == [], sentence


@pytest.mark.parametrize("sentence", [
    "Ich habe die Physiotherapie auf Montag umgelegt.",
    "Ich hab die Liste in Wocheneinkauf umbenannt.",
    "Hab die Packliste komplett geleert.",
    "Klar, schon verlegt!",
    "Ich habe Pass auf die Packliste geschrieben.",
    "Ich habe Äpfel von der Liste genommen.",
])
def test_everyday_write_claims_are_claims(sentence: str) -> None:
    """The six sentences that were not recognised as claims at all."""
    assert find_storage_claims(sentence), sentence


@pytest.mark.parametrize("sentence", [
    "Ich habe dir um 10 Uhr geschrieben.",  # *geschrieben* without a place it went onto
    "Ich habe meine Brille genommen.",  # *genommen* without *von*
    "Ich habe Zahnseide in den Koffer gepackt.",  # *gepackt* without a storage reference
    "Wir haben die Wohnung umgestellt.",  # ambiguous, no reference
])
def test_ambiguous_participles_need_a_reference(sentence: str) -> None:
    """Ambiguous participles (*geschrieben, gesetzt, gepackt*) only with a reference."""
    assert find_storage_claims(sentence) == [], sentence
