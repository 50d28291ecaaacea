"""The composer's form of address (issue 28): Nova answers in the du-form (prompts/default/compose.system.txt) unless
the pair's directives ask otherwise (tribunal.md §3.1: the jurist holds the answer to the user's directives, „NUR der
exakte Wortlaut der Direktiven zählt“) — and, short of a directive, in the form the person uses: this turn's words,
else her latest earlier turn that addressed Nova (`memory/address.person_address`). Whoever said *Sie* three turns
ago is still addressed with *Sie*, by the offline composer and in the scripted model's input alike."""

from __future__ import annotations

from datetime import timedelta

from novaberg.graph.compose import address_form
from novaberg.llm.scripted import ScriptedLLM
from novaberg.text.directive_rules import read_directive
from novaberg.tribunal.texts import FALLBACK_TEXT, FALLBACK_TEXT_SIE
from tests.support import berlin, make_nova, make_offline_llm

MONDAY = berlin(2026, 11, 30, 10)
_SIE = ["Können Sie mir heute ein bisschen Gesellschaft leisten?", "Heute war ein langer Tag.",
        "Ich hab heute nicht so viel vor."]
_DU = ["Kannst du mir heute ein bisschen Gesellschaft leisten?", "Heute war ein langer Tag.",
       "Ich hab heute nicht so viel vor."]


def _talk(nova, user: str, said: list[str]) -> None:
    for i, text in enumerate(said):
        nova.turn(user, "nova", text, MONDAY + timedelta(minutes=i))


def test_the_person_who_said_sie_three_turns_ago_is_greeted_with_sie(nova):
    """Two persons, one saying *Sie*, one *du*, then two turns without an address word each: the greeting and the
    question how she is answer each in her own form; a third person who never addressed Nova gets the du-form."""
    _talk(nova, "sabine", _SIE)
    _talk(nova, "tom", _DU)
    later = MONDAY + timedelta(minutes=10)
    assert "Schön, dass Sie da sind." in nova.turn("sabine", "nova", "Hallo Nova!", later).answer
    assert "Schön, dass du da bist." in nova.turn("tom", "nova", "Hallo Nova!", later).answer
    assert nova.turn("sabine", "nova", "Wie geht's?", later + timedelta(minutes=1)).answer.endswith("Und Ihnen?")
    assert nova.turn("tom", "nova", "Wie geht's?", later + timedelta(minutes=1)).answer.endswith("Und dir?")
    assert "Schön, dass du da bist." in nova.turn("jana", "nova", "Hallo Nova!", later).answer


def test_this_turns_own_word_decides_before_the_history(nova):
    """She said *Sie* before and *du* now: this turn's word decides."""
    _talk(nova, "sabine", _SIE)
    answer = nova.turn("sabine", "nova", "Hallo, wie geht es dir?", MONDAY + timedelta(minutes=10)).answer
    assert "Und dir?" in answer and "Ihnen" not in answer


def test_the_scripted_composer_is_told_the_persons_form(db, redis, tmp_path):
    """The model's input carries the form (`anrede`), and its prompt says *Sie* when the person says *Sie* — the
    composer's system prompt alone says du."""
    llm = ScriptedLLM({"compose": {"antwort": "Gern."}}, fallback=make_offline_llm())
    nova = make_nova(db, redis, llm, tmp_path)
    _talk(nova, "sabine", _SIE)
    _talk(nova, "tom", _DU)
    later = MONDAY + timedelta(minutes=10)
    nova.turn("sabine", "nova", "Danke.", later)
    sabine = (llm.calls["compose"][-1], llm.prompts["compose"][-1].user)
    nova.turn("tom", "nova", "Danke.", later)
    tom = (llm.calls["compose"][-1], llm.prompts["compose"][-1].user)
    assert sabine[0]["anrede"] == "Sie" and "„Sie“" in sabine[1]
    assert tom[0]["anrede"] == "du" and "„Sie“" not in tom[1]


def test_a_directive_decides_before_the_persons_words():
    """tribunal.md §3.1: the directive is the contract — a du directive keeps du to a person who says *Sie*, a Sie
    directive keeps Sie to one who says *du*."""
    history = [("Können Sie mir helfen?", "Gern.")]
    du_rule, sie_rule = "Bitte duz mich.", "Bitte sprich mich mit Sie an."
    assert read_directive(du_rule) is not None and read_directive(sie_rule) is not None
    assert address_form([du_rule], "Danke.", history) == "du"
    assert address_form([sie_rule], "Danke dir.", [("Kannst du mir helfen?", "Gern.")]) == "Sie"
    assert address_form([], "Danke.", history) == "Sie"
    assert address_form([], "Danke.", []) == "du"


def test_the_held_back_answer_keeps_the_persons_sie(db, redis, tmp_path):
    """The fixed text after two rejected rounds (tribunal.md §4 *Korrektur-Grenze*) is in her form too: the person
    who said *Sie* two turns earlier gets the Sie text, the one who said *du* the du text."""
    bad = {"score": 1.0, "reasoning": "Gefährlich."}
    llm = ScriptedLLM({"tribunal_psychologe": bad, "tribunal_ethik": bad}, fallback=make_offline_llm())
    nova = make_nova(db, redis, llm, tmp_path)
    _talk(nova, "sabine", _SIE)
    _talk(nova, "tom", _DU)
    later = MONDAY + timedelta(minutes=10)
    assert nova.turn("sabine", "nova", "Und jetzt?", later).answer == FALLBACK_TEXT_SIE
    assert nova.turn("tom", "nova", "Und jetzt?", later).answer == FALLBACK_TEXT
