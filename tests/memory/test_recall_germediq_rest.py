"""The general causes behind the misses of the third set's development part (`bench/memory/recall_germediq_rest.py`,
GerMedIQ answers in the participants' own words), each pinned here with our own words:

1. the salience rule did not keep the fact (how often, what she has, health, a statement before a question);
2. the question was not read as memory's, or nothing found fell through to the nearest search (a question about
   herself with *ich* as subject, *übers*, *weshalb*);
3. the topic scorer picked a neighbour (never a neighbour fact — sister vs brother, work vs study,
   Volleyball vs Tennis, alcohol vs water, her own allergy for the family's illnesses);
4. a compound in another form than the asked word (*Tierhaarallergie* for *Allergien*), *Hobbys* and the sports.

And: „Wie hieß mein verstorbener Mann?" is a memory question, no crisis.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from novaberg.graph.care import care_answer
from novaberg.llm.ask import Asker
from novaberg.memory.recall_scoring import score_told
from novaberg.memory.salience import rate
from novaberg.situation.readiness import crisis_in
from novaberg.text.recall_question import memory_question
from novaberg.text.told_slots import names_of
from tests.support import berlin, make_offline_llm

MONDAY = berlin(2026, 11, 2, 18)


def _raw(text: str) -> float:
    return rate(Asker(make_offline_llm()), text).raw


def _score(question: str, *told: str) -> list[int]:
    asked = memory_question(question)
    assert asked is not None, question
    names = names_of(told)
    return [score_told(asked, said, names) for said in told]


# --- 1. what is worth keeping is kept -------------------------------------------------------------

@pytest.mark.parametrize("told", [
    "Ich trinke so dreimal die Woche ein Glas Wein.",  # how often
    "Ich gehe zweimal pro Woche schwimmen.",
    "Manchmal kann ich nachts schlecht einschlafen.",
    "Ich rauche etwa fünf Zigaretten am Tag.",
    "Ich habe zwei Tattoos am Arm.",  # what she has, a noun as written
    "Ich hatte schon drei Knieoperationen.",
    "Ich habe den grauen Star auf dem linken Auge.",
    "Ja, ich bin auf einem Ohr taub.",  # health words and compounds
    "Mir wurden die Mandeln entfernt.",
    "Ich bin seit der Kindheit laktoseintolerant.",
    "Ich habe eine Hausstauballergie.",
    "Tennis spiele ich seit der Schule nicht mehr, aber Badminton schon.",  # a pastime
    "Nur bei Kopfschmerzen nehme ich Ibuprofen. Zählt das auch?",  # told before a trailing question
])
def test_facts_of_habit_possession_and_health_are_kept(told):
    """A fact about the person reaches raw 0.7 (KZG_SALIENZ_HIGH, dateien.md §4b.1)."""
    assert _raw(told) >= 0.7


@pytest.mark.parametrize("said", ["Ich habe Hunger.", "Ich hab heute nicht so viel vor.", "Ich habe keine Zeit.",
                                  "Ich höre dich nicht.", "Ich spiele gerade Fußball auf der Konsole.",
                                  "Ich trinke gerade einen Tee.", "Hast du heute Zeit?"])
def test_a_passing_moment_is_still_not_kept(said):
    assert _raw(said) < 0.7


# --- 2. a question about herself is memory's, and nothing told is said so ---------------------------------------

@pytest.mark.parametrize("question", ["Was für Tabletten nehme ich?", "Wie schlafe ich?", "Wo wurde ich operiert?",
                                      "Weshalb war ich im Krankenhaus?", "Wie oft gehe ich schwimmen?",
                                      "Was habe ich Ihnen übers Rauchen erzählt?"])
def test_a_question_about_herself_abstains_when_nothing_is_found(question):
    """Item 4: nothing told → „noch nicht erzählt", never the nearest sentence or the offline capabilities."""
    asked = memory_question(question)
    assert asked is not None and asked.abstains and asked.asked


@pytest.mark.parametrize("question", ["Was soll ich heute kochen?", "Was kann ich morgen unternehmen?",
                                      "Wann habe ich die Kaution überwiesen?",  # the files may answer
                                      "Wie viele Eier brauche ich für den Hefezopf?"])
def test_advice_plans_and_the_files_questions_are_not_answered_from_memory_alone(question):
    """„Noch nicht erzählt" would end the turn before the files' answer (graph/nodes.files_may_answer): only a
    question about a thing of the recall's families abstains."""
    asked = memory_question(question)
    assert asked is None or not asked.abstains


# --- 3. never a neighbour fact of the same kind ---------------------------------------------------------------------

@pytest.mark.parametrize(("question", "neighbour"), [
    ("Wie heißt meine Schwester?", "Mein Bruder heißt Jonas."),
    ("Wie heißt meine Schwester?", "Meine Schwester hat Diabetes."),  # named by no name
    ("Wo arbeite ich?", "Ich studiere Informatik in Aachen."),
    ("Wo arbeitet mein Bruder?", "Ich wohne mit meinem Freund und seinem Bruder zusammen."),
    ("Was hab ich dir über Volleyball erzählt?", "Ich spiele jeden Montag Tennis im Verein."),
    ("Wie viel Alkohol trinke ich?", "Ich trinke jeden Tag zwei Liter Wasser."),
    ("Wie viel rauche ich?", "Ich mache in meiner Freizeit viel Sport."),
    ("Was gibt es in meiner Familie für Krankheiten?", "Ich habe eine Pollenallergie."),
    ("Welche Medikamente nehme ich?", "Ich nehme jeden Morgen den Bus zur Arbeit."),
    ("Was hab ich dir über meine Hobbys erzählt?", "Ich rauche ein Mal in der Woche."),  # *Mal* is no *malen*
    ("Wie heißt meine Enkelin?", "Mein Enkel heißt Paul."),  # the other gender is another person
    ("Wie heißt mein Freund?", "Meine Freundin heißt Mia."),
    ("Was hab ich dir über meine Kollegin erzählt?", "Mein Kollege Jens ist krank."),
    ("Was hab ich dir über meinen Cousin erzählt?", "Meine Cousine Lea studiert Jura."),
])
def test_a_neighbour_of_the_same_kind_never_answers(question, neighbour):
    assert _score(question, neighbour) == [0]


@pytest.mark.parametrize(("question", "told"), [
    ("Wie heißt meine Schwester?", "Meine Schwester Carla wohnt in Kiel."),
    ("Wo arbeitet mein Bruder?", "Mein Bruder arbeitet als Koch in Bremen."),
    ("Wie viel Alkohol trinke ich?", "Alkohol trinke ich nur am Wochenende."),
    ("Was gibt es in meiner Familie für Krankheiten?", "Meine Mutter hat Rheuma und mein Opa hatte Krebs."),
    ("Welchen Sport mache ich?", "Ich spiele jeden Montag Tennis im Verein."),
    ("Wie heißt meine Enkelin?", "Meine Enkelinnen heißen Mia und Ida."),
    ("Wie heißt mein Freund?", "Meine Freunde heißen Tom und Jan."),
])
def test_the_fact_itself_still_answers(question, told):
    assert _score(question, told)[0] > 0


# --- 4. compounds in another form, hobbies and sports --------------------------------------------------------------

@pytest.mark.parametrize(("question", "told"), [
    ("Welche Allergien habe ich?", "Ich habe eine Tierhaarallergie."),
    ("Was für Schmerzen habe ich?", "Ich habe oft Rückenschmerzen."),
    ("Was hab ich dir über meine Hobbys erzählt?", "Ich gehe zweimal die Woche klettern."),
    ("Was habe ich Ihnen über meine Tattoos erzählt?", "Ich habe mir einen Anker auf den Arm tätowieren lassen."),
    ("Wie wohne ich?", "Ich lebe in einer Wohngemeinschaft mit zwei Studentinnen."),
    ("Wann hab ich dir vom Wandern erzählt?", "Ich wandere jeden Sommer in den Alpen."),  # a shared stem
    ("Was hab ich dir übers Rudern erzählt?", "Ich rudere samstags auf der Alster."),
])
def test_a_compound_a_family_word_or_a_sport_answers(question, told):
    assert _score(question, told)[0] > 0


def test_the_neighbours_are_never_said_through_the_turn(nova):
    """Item 4 through `Nova.turn` and the heartbeat, two persons: what was never told is said so (no neighbour of
    the same kind), what was told is said, and nobody hears the other person's facts."""
    for day, said in ((0, "Mein Bruder heißt Jonas und arbeitet als Koch."), (2, "Ich spiele jeden Montag Tennis."),
                      (4, "Ich trinke jeden Tag zwei Liter Wasser.")):
        nova.turn("tilda", "nova", said, MONDAY + timedelta(days=day))
        nova.pixie.tick(MONDAY + timedelta(days=day, hours=2))
    nova.turn("udo", "nova", "Meine Schwester heißt Frieda.", MONDAY + timedelta(days=1))
    nova.pixie.tick(MONDAY + timedelta(days=1, hours=2))
    asked = MONDAY + timedelta(days=14)
    for minutes, question in enumerate(("Wie heißt meine Schwester?", "Was hab ich dir über Volleyball erzählt?",
                                        "Wie viel Alkohol trinke ich?")):
        answer = nova.turn("tilda", "nova", question, asked + timedelta(minutes=6 * minutes)).answer
        assert answer == "Das hast du mir noch nicht erzählt.", (question, answer)
    answer = nova.turn("tilda", "nova", "Welchen Sport mache ich?", asked + timedelta(minutes=30)).answer
    assert "Tennis" in answer and "Jonas" not in answer
    answer = nova.turn("udo", "nova", "Wie heißt meine Schwester?", asked + timedelta(minutes=36)).answer
    assert "Frieda" in answer and "Jonas" not in answer


# --- a late relative is memory's, no crisis ------------------------------------------------------------------------

@pytest.mark.parametrize("question", ["Wie hieß mein verstorbener Mann?",
                                      "Was hab ich dir über meine verstorbene Mutter erzählt?",
                                      "Wann hatte mein verstorbener Großvater Geburtstag?"])
def test_a_question_about_a_late_relative_is_no_crisis(question):
    """The attributive *verstorben-* describes a relative long gone; it tells no death (situation/readiness.py)."""
    assert crisis_in(question) is None and care_answer(question) == ""


@pytest.mark.parametrize("said", ["Mein Mann ist gestern verstorben.", "Meine Oma ist heute Nacht gestorben.",
                                  "Mein verstorbener Mann fehlt mir so, ich bin verzweifelt."])
def test_a_death_told_or_despair_is_still_a_crisis(said):
    assert crisis_in(said) is not None and care_answer(said) != ""


def test_the_late_husbands_name_is_answered_gently_from_memory(nova):
    """*Mein Mann ist vor vier Jahren gestorben, er hieß …* told; asked weeks later, the answer gives the name —
    not the crisis sentence, and not „noch nicht erzählt"."""
    nova.turn("greta", "nova", "Mein Mann ist vor sechs Jahren gestorben, er hieß Albert.", MONDAY)
    nova.pixie.tick(MONDAY + timedelta(hours=2))
    answer = nova.turn("greta", "nova", "Wie hieß mein verstorbener Mann?", MONDAY + timedelta(days=20)).answer
    assert "Albert" in answer and "Telefonseelsorge" not in answer


# --- a thing said by its verb, a kind inside a compound ----------------------------------------------------------

def test_a_thing_asked_as_a_noun_is_found_where_she_says_only_its_verb():
    # *Alkohol* asked, *Ich trinke dreimal pro Woche* told: her verb of it, no other thing named, answers
    assert _score("Wann habe ich dir von meinem Alkohol erzählt?", "Ich trinke dreimal pro Woche.") == [2]
    assert _score("Was hab ich dir über Zigaretten erzählt?", "Ich rauche nur am Wochenende.")[0] > 0


def test_the_verb_of_an_asked_thing_never_finds_a_sentence_naming_another_thing():
    assert _score("Wann habe ich dir von meinem Alkohol erzählt?", "Ich trinke jeden Morgen Tee.",
                  "Ich trinke gern Kakao mit Sahne.") == [0, 0]


@pytest.mark.parametrize(("question", "told"), [
    ("Was hab ich an der Lunge?", "Letzten Winter hatte ich eine schwere Viruslungenentzündung."),
    ("Was habe ich dir übers Rauchen erzählt?", "Ich bin seit zwanzig Jahren Gelegenheitsraucher."),
])
def test_a_compound_ending_in_a_kind_of_the_asked_thing_answers(question, told):
    assert _score(question, told)[0] > 0


@pytest.mark.parametrize(("question", "told"), [
    ("Welche Implantate habe ich?", "Seit dem Unfall habe ich eine Hüftprothese."),  # an implant by its kind
    ("Was für Schmerzen hab ich?", "Ich habe oft Wadenkrämpfe in der Nacht."),  # cramps are pains
    ("Wo wurde ich schon operiert?", "Ich hatte eine Teilresektion der Schilddrüse."),  # an operation by its kind
    ("Welche Medikamente nehme ich ein?", "Gegen den Heuschnupfen nehme ich Cortison."),  # a medicine by name
])
def test_a_kind_of_the_asked_thing_answers_by_its_own_name(question, told):
    assert _score(question, told)[0] > 0


def test_an_illness_of_a_relative_answers_the_question_about_the_family_by_its_name():
    grandmother, herself = _score("Was gibt es in meiner Familie für Krankheiten?", "Meine Oma hatte Osteoporose.",
                                  "Ich habe Osteoporose.")
    assert grandmother > 0 and herself == 0  # hers is no family illness


def test_how_often_in_everyday_words_makes_a_habit_worth_keeping():
    assert _raw("Ich wache nachts öfters auf.") >= 0.7
