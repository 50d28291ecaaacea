"""dateien.md §3.0b, the parts of the deepening without a turn: the readiness (crisis as word families and
constructions, colloquial, with twins that are no crisis), the offline weighing, the checked reading of the
model's decision, and the budget booked per reason."""

from __future__ import annotations

from typing import Any

import pytest

from novaberg.core.errors import ModelAnswerError
from novaberg.files.deepening import budget
from novaberg.files.deepening.decide import (
    MAX_TERMS,
    Refused,
    asked_words,
    asks,
    candidates_input,
    offline_decide,
    read_decision,
    stem,
)
from novaberg.files.retrieval import Hit
from novaberg.llm.reader import read_object
from novaberg.situation.readiness import ADMIT_MIN, readiness

CRISIS = [
    ("Ich kann nicht mehr.", "belastung"),
    ("ich kann echt nicht mehr", "belastung"),
    ("Ich halt das nicht mehr aus", "belastung"),
    ("ich pack das alles nicht mehr", "belastung"),
    ("Ich bin fix und fertig", "belastung"),
    ("Ich bin völlig am Ende", "belastung"),
    ("Das wird mir alles zu viel", "belastung"),
    ("Mir gehts grad total beschissen", "belastung"),
    ("mir geht es richtig schlecht", "belastung"),
    ("Ich muss die ganze Zeit heulen", "belastung"),
    ("Ich bin so überfordert mit allem", "belastung"),
    ("ich bin so ueberfordert", "belastung"),
    ("Ich bin so verzweifelt", "verzweiflung"),
    ("Es ist alles so hoffnungslos", "verzweiflung"),
    ("Hab voll die Panik", "panik"),
    ("Ich krieg keine Luft", "panik"),
    ("Ich hab solche Angst", "angst"),
    ("Meine Oma ist heute Nacht gestorben", "trauer"),
    ("Mein Vater ist tot", "trauer"),
    ("Wir waren heute auf der Beerdigung von meinem Onkel", "trauer"),
    ("Ich habe meinen Hund verloren", "trauer"),
    ("Ich will nicht mehr leben", "lebensgefahr"),
    ("Hilfe!", "notlage"),
    ("Mein Mann ist bewusstlos", "notlage"),
    ("Ruf bitte die 112", "notlage"),
    ("Hab solche Angst", "angst"),
    ("Mir gehts echt mies grad", "belastung"),
    ("Alles zu viel gerade", "belastung"),
    ("weiß echt nicht mehr weiter", "belastung"),
    ("Ich bin am Boden zerstört", "belastung"),
    ("ich fühl mich so leer", "belastung"),
    ("Bitte hilf mir, mir geht's nicht gut", "belastung"),
    ("Opa ist tot", "trauer"),
    ("Oma ist gestern gestorben", "trauer"),
    ("Meine Frau hatte einen Unfall", "notlage"),
    ("mir ist alles egal, ich will nur noch weg", "belastung"),
    ("Mein Bruder liegt im Krankenhaus auf der Intensiv", "notlage"),
    ("ich packs nicht mehr", "belastung"),
    ("Ich fühl mich so allein", "belastung"),
    ("alles ist so sinnlos", "belastung"),
    ("Ich hab Herzrasen und zitter", "panik"),
]
TWINS = [
    "Ich kann den Zettel nicht mehr finden",
    "Keine Panik, das hat Zeit",
    "Wann ist Goethe gestorben?",
    "Ich bin fertig mit der Steuererklärung",
    "Was steht am Ende der Datei?",
    "Ich lach mich tot",
    "Mein Drucker ist kaputt",
    "Ich habe meinen Schlüssel verloren",
    "Hab ich zu viel bezahlt?",
    "Mir geht es nicht schlecht",
    "Ich trinke gern Wein",
    "Hilf mir kurz: Gastherme Kaltenbach Oktober, weißt du noch?",
    "Ich habe keine Angst vor der Prüfung",
    "Die Heizung ist im Notbetrieb",
    "Ich weiß nicht mehr, wer die Therme gewartet hat",
    "Weiß nicht mehr weiter mit der Heizung, wer hat die gewartet?",
    "Die Heizung ist tot",
    "Wo ist die Unfallversicherung abgelegt?",
    "Der Tank ist leer",
    "Hat Opa die Gastherme gewartet?",
    "Mir geht es gut",
    "Ich bin fertig, was steht als nächstes an?",
    "Ich habe Angstwerte im Fragebogen notiert",
    "Wo liegt der Krankenhausbericht?",
    "Ich bin durch die Prüfung gekommen",
]


@pytest.mark.parametrize(("text", "family"), CRISIS)
def test_crisis_sets_readiness_to_zero(text: str, family: str) -> None:
    """§3.0b „bei Krise geht er auf 0,00": distress, acute need, grief, panic — colloquial forms too."""
    ready = readiness(text)
    assert ready.value == 0.0 and not ready.admits and ready.dimension == f"krise:{family}", (text, ready)


@pytest.mark.parametrize("text", TWINS)
def test_twins_without_crisis_keep_readiness_open(text: str) -> None:
    """§3.0b: the same words without a crisis — a negation, another subject, another object — are no crisis."""
    ready = readiness(text)
    assert ready.value == 1.0 and ready.admits, (text, ready)


def test_a_crisis_in_the_last_person_turns_still_sounds() -> None:
    """§3.0b „ob jetzt der Moment dafür ist": a crisis one or two turns ago keeps her from a lookup pause."""
    history = [("Ich kann nicht mehr.", "Ich bin da."), ("Danke.", "Gern.")]
    ready = readiness("Wer hat die Gastherme gewartet?", history)
    assert ready.dimension == "nachklang:belastung" and 0.0 < ready.value < ADMIT_MIN
    older = [("Ich kann nicht mehr.", "Ich bin da."), ("Danke.", "Gern."), ("Wie spät ist es?", "Zehn.")]
    assert readiness("Wer hat die Gastherme gewartet?", older).admits


@pytest.mark.parametrize("text", [
    "Wer hat die Gastherme gewartet?",
    "wer hat eigentlich die therme gewartet",
    "Ich frag mich, wer die Gastherme gewartet hat.",
    "Weißt du noch, wer die Gastherme gewartet hat?",
    "Ich weiß nicht mehr, wer die Gastherme gewartet hat",
    "Keine Ahnung, wer die Gastherme zuletzt gewartet hat",
    "Ich würde gern wissen, wer die Gastherme gewartet hat.",
    "Kannst du mal schauen, wer die Gastherme gewartet hat?",
    "Hat jemand die Gastherme gewartet?",
])
def test_question_forms_are_asking(text: str) -> None:
    """§3.0b offline reading: the person asks — direct, indirect and colloquial questions."""
    assert asks(text), text


@pytest.mark.parametrize("text", ["Die Gastherme wurde gewartet.", "Schön, dass die Therme läuft.", "Danke dir"])
def test_statements_are_not_asking(text: str) -> None:
    assert not asks(text), text


def _hit(summary: str, thema: str = "Gastherme im Keller", path: str = "/h/docs/gastherme.md") -> Hit:
    return Hit(path=path, root_id=1, thema=thema, score=0.5, channels=("scharf",), relative="gastherme.md",
               zusammenfassung=summary, zeilen=40)


def _weigh(text: str, *hits: Hit) -> dict[str, Any]:
    return offline_decide(candidates_input(text, list(hits)))


def test_offline_weighing_reads_on_when_the_excerpt_lacks_the_asked_content() -> None:
    """§3.0b „wenn die Zusammenfassung ein Thema trifft und der Auszug die Frage nicht beantwortet"."""
    hit = _hit("Die Gastherme im Keller wurde 2009 eingebaut. Sie heizt das ganze Haus.")
    decision = _weigh("Wer hat die Gastherme zuletzt gewartet?", hit)
    assert decision["nachlesen"] is True and decision["dateien"] == [1]
    assert "gewartet" in decision["begriffe"] and "wart" in decision["begriffe"]
    assert len(decision["begriffe"]) <= MAX_TERMS


@pytest.mark.parametrize(("text", "summary"), [
    ("In welchem Jahr wurde die Gastherme eingebaut?", "Die Gastherme im Keller wurde im Jahr 2009 eingebaut."),
    ("Wann wurde die Gastherme eingebaut?", "Die Gastherme wurde im Oktober 2009 eingebaut."),
    ("Wer hat die Gastherme gewartet?", "Die Gastherme hat zuletzt die Firma Kaltenbach gewartet."),
    ("Wie viel bar soll die Gastherme haben?", "Die Gastherme soll 1,5 bar Druck haben."),
    ("Wie viel bar braucht die Gastherme?", "Die Gastherme soll 1,5 bar Druck haben."),
    ("Seit wann haben wir die Gastherme?", "Die Gastherme im Keller wurde im Jahr 2009 eingebaut."),
    ("Wie hoch soll der Druck der Gastherme sein?", "Der Druck der Gastherme soll bei 1,5 bar liegen."),
    ("Wie alt ist die Gastherme?", "Die Gastherme im Keller wurde im Jahr 2009 eingebaut."),
])
def test_offline_weighing_keeps_the_summary_when_it_answers(text: str, summary: str) -> None:
    """§3.0b „sie lohnt nicht, wenn … die Frage schon beantwortet werden kann"."""
    assert _weigh(text, _hit(summary))["nachlesen"] is False


@pytest.mark.parametrize(("text", "summary"), [
    ("Wann wurde die Gastherme eingebaut?", "Die Gastherme wurde eingebaut, als das Haus neu war."),
    ("Wer hat die Gastherme gewartet?", "Die Gastherme wird gewartet, wenn der Druck fällt."),
    ("Seit wann haben wir die Gastherme?", "Die Gastherme im Keller heizt das ganze Haus."),
])
def test_offline_weighing_asks_for_the_kind_of_answer(text: str, summary: str) -> None:
    """§3.0b: every word of the question in the excerpt is not yet an answer — *wann* needs a date,
    *wer* a name."""
    assert _weigh(text, _hit(summary))["nachlesen"] is True


def test_offline_weighing_leaves_weak_hits_and_statements() -> None:
    """§3.0b „sie lohnt nicht, wenn der Treffer schwach ist": no topic match, or no question at all."""
    soup = _hit("Linsensuppe mit Möhren.", thema="Linsensuppe", path="/h/docs/suppe.md")
    assert _weigh("Wer hat die Gastherme gewartet?", soup)["nachlesen"] is False
    assert _weigh("Die Gastherme wurde gewartet.", _hit("Die Gastherme im Keller."))["nachlesen"] is False


def test_asked_words_are_the_content_of_the_question_part() -> None:
    assert asked_words("Ich lach mich tot, wer hat die Gastherme zuletzt gewartet?") == [
        "Gastherme", "zuletzt", "gewartet"]
    assert "welchem" not in asked_words("In welchem Jahr wurde die Gastherme eingebaut?")
    assert stem("gewartet") == stem("Wartung") == "wart"


HITS = [_hit("a", path="/h/docs/a.md"), _hit("b", path="/h/docs/b.md"), _hit("c", path="/h/docs/c.md")]


def test_read_decision_takes_numbers_and_the_hits_own_paths() -> None:
    """§3.0b „welche Dateien gemeint sind und wonach gesucht werden soll": only the hits' files."""
    decision = read_decision({"nachlesen": True, "dateien": [2, "/h/docs/a.md, Zeilen 1–40"],
                              "begriffe": ["Wartung", " Firma "]}, HITS)
    assert [hit.path for hit in decision.files] == ["/h/docs/b.md", "/h/docs/a.md"]
    assert decision.terms == ("Wartung", "Firma")


@pytest.mark.parametrize(("fields", "reason"), [
    ({"nachlesen": True, "dateien": ["/h/docs/../../etc/passwd"], "begriffe": ["x"]}, "unbekannte_datei"),
    ({"nachlesen": True, "dateien": ["/h/docs/d.md"], "begriffe": ["x"]}, "unbekannte_datei"),
    ({"nachlesen": True, "dateien": [0], "begriffe": ["x"]}, "unbekannte_datei"),
    ({"nachlesen": True, "dateien": [-1], "begriffe": ["x"]}, "unbekannte_datei"),
    ({"nachlesen": True, "dateien": [10**40], "begriffe": ["x"]}, "unbekannte_datei"),
    ({"nachlesen": True, "dateien": [1, 2, 3], "begriffe": ["x"]}, "zu_viele_dateien"),
    ({"nachlesen": True, "dateien": [], "begriffe": ["x"]}, "ohne_datei"),
    ({"nachlesen": True, "dateien": "1", "begriffe": ["x"]}, "ohne_datei"),
    ({"nachlesen": True, "dateien": [1], "begriffe": "Wartung"}, "ohne_begriffe"),
    ({"nachlesen": True, "dateien": [1], "begriffe": ["!!!"]}, "begriff_ungueltig"),
    ({"nachlesen": True, "dateien": [1], "begriffe": ["a", "b", "c", "d", "e"]}, "zu_viele_begriffe"),
    ({"nachlesen": None}, "ohne_entscheidung"),
    ({"nachlesen": 1}, "ohne_entscheidung"),
    ({"nachlesen": "ja gerne sofort"}, "ohne_entscheidung"),
])
def test_read_decision_refuses_what_it_cannot_use(fields: dict[str, Any], reason: str) -> None:
    with pytest.raises(Refused) as caught:
        read_decision(fields, HITS)
    assert caught.value.reason == reason


@pytest.mark.parametrize("raw", ['{"nachlesen": NaN}', '{"nachlesen": true, "begriffe": ["a\\u0000"]}',
                                 '{"nachlesen": true, "begriffe": ["\\ud800"]}', "nachlesen: ja"])
def test_nan_nul_surrogates_and_no_json_are_refused_before_reading(raw: str) -> None:
    with pytest.raises(ModelAnswerError):
        read_object(raw)


def test_budget_is_booked_per_reason_one_deepening_per_turn() -> None:
    """§3.0b „getrennte Zähler je Grund" (decided): the deepening's counter is its own; one per turn."""
    assert budget.may_spend(None, budget.DEEPENING)
    booked = budget.book({"andere": 3}, budget.DEEPENING)
    assert booked == {"andere": 3, "vertiefung": 1}
    assert not budget.may_spend(booked, budget.DEEPENING)
    with pytest.raises(ValueError):
        budget.book(booked, budget.DEEPENING)
    with pytest.raises(KeyError):
        budget.may_spend({}, "reparatur")  # the repair is not booked here: it keeps its own bound


def test_the_weighing_prompt_is_complete_and_names_the_limits() -> None:
    """§3.0b „Der Block sagt, wie gut der Treffer war und wie groß die Datei ist": both reach the model,
    with the limits its answer is held to; no field of the template stays unfilled."""
    from novaberg.files.deepening.decide import MAX_FILES, TASK
    from novaberg.llm.prompts import PromptLoader

    prompt = PromptLoader().build(TASK, candidates_input("Wer hat die Gastherme gewartet?", HITS))
    assert "$" not in prompt.system + prompt.user
    assert "1. docs/gastherme.md, Zeilen 1–40: Gastherme im Keller — a (gefunden über Stichwort; 40 Zeilen)" in prompt.user
    assert f"Höchstens {MAX_FILES} Dateien und höchstens {MAX_TERMS} Suchwörter." in prompt.user


@pytest.mark.parametrize("text", ["wer hat " * 1250 + "die Gastherme gewartet?", "?!…", "🔥🔥🔥", "   \n\t"])
def test_bad_input_gives_a_reading_not_an_error(text: str) -> None:
    """Bad input for §3.0b's parts: a 10,000-character question, only signs or emoji — the
    readiness and the offline weighing answer, quickly, without an error."""
    import time

    started = time.perf_counter()
    assert readiness(text).value in (0.0, 1.0)
    decision = _weigh(text, _hit("Die Gastherme im Keller."))
    assert decision["nachlesen"] in (True, False) and len(decision.get("begriffe", [])) <= MAX_TERMS
    assert time.perf_counter() - started < 2.0
