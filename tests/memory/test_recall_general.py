"""The general causes behind the held-out misses of `bench.memory.recall` (each pinned here with other
words than the bench's): facts of origin and of learning are kept; a pet named after its clause (*eine Katze,
sie heißt …*) is known by name; a compound of a kind (*Hallenfußball*) answers the question for the kind; a
change of subject is a study update; *vor drei Wochen*, *vorgestern*, *im Sommer* read as periods."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from novaberg.llm.ask import Asker
from novaberg.memory.recall_periods import asked_period
from novaberg.memory.recall_scoring import score_told
from novaberg.memory.salience import rate
from novaberg.text.recall_question import memory_question
from novaberg.text.told_slots import names_of, slot_of
from tests.support import berlin, make_offline_llm

BERLIN = ZoneInfo("Europe/Berlin")
ASKED = datetime(2026, 12, 7, 19, tzinfo=BERLIN)  # a Monday
MONDAY = berlin(2026, 11, 2, 18)


@pytest.mark.parametrize("told", ["Ich stamme eigentlich aus Graz.", "Wir kommen ursprünglich aus Sizilien.",
                                  "Ich lerne seit dem Sommer Japanisch.", "Ich mache gerade eine Ausbildung zum Koch.",
                                  "Ich bin seit März in Pension, vorher war ich Förster."])
def test_origin_learning_and_retirement_are_kept(told):
    """dateien.md §4b.1: raw ≥ 0.7 (HIGH) is queued for long-term memory — where she comes from and what she
    learns are facts about her, not small talk."""
    assert rate(Asker(make_offline_llm()), told).raw >= 0.7


@pytest.mark.parametrize(("told", "names"), [
    ("Wir haben einen Kater, er heißt Moritz.", {"moritz": "kater"}),
    ("Ich habe mir eine Katze aus dem Tierheim geholt, sie heißt Luna.", {"luna": "katze"}),
    ("Wir haben zwei Hunde, sie heißen Max und Paul.", {"max": "hund", "paul": "hund"}),
])
def test_a_name_given_after_the_clause_is_the_relatives(told, names):
    assert names_of([told]) == names


def test_the_pets_name_joins_what_was_told_about_the_pet():
    told = ["Wir haben einen Kater, er heißt Moritz.", "Moritz schläft den ganzen Tag auf dem Sofa."]
    question = memory_question("Was hab ich dir über meinen Kater erzählt?")
    assert question is not None and all(score_told(question, said, names_of(told)) > 0 for said in told)


@pytest.mark.parametrize(("question", "told"), [
    ("Welchen Sport mache ich?", "Ich spiele mittwochs Hallenfußball mit Kollegen."),
    ("Welches Instrument spiele ich?", "Ich übe jeden Abend auf meiner E-Gitarre."),
    ("Welche Sprachen lerne ich?", "Ich lerne Italienisch im Abendkurs."),
    ("Welche Zeitung lese ich?", "Ich lese jeden Morgen die Zeitung beim Frühstück."),
    ("Woher komme ich?", "Ich stamme eigentlich aus Graz."),
])
def test_kinds_compounds_and_any_verb_find_the_fact(question, told):
    read = memory_question(question)
    assert read is not None and score_told(read, told, {}) > 0


@pytest.mark.parametrize(("question", "told"), [
    ("Wo wohne ich?", "Ich arbeite im Krankenhaus."),  # *Haus* is no kind: a compound of it is no home
    ("Welchen Sport mache ich?", "Ich arbeite in der Stadtverwaltung."),
])
def test_a_compound_of_a_plain_word_finds_nothing(question, told):
    read = memory_question(question)
    assert read is not None and score_told(read, told, {}) == 0


@pytest.mark.parametrize(("older", "newer", "same"), [
    ("Ich studiere Physik in Jena.", "Ich bin zu Germanistik gewechselt.", True),
    ("Ich studiere BWL.", "Ich habe den Studiengang gewechselt, jetzt Soziologie.", True),
    ("Ich studiere BWL.", "Ich bin zu Bosch gewechselt.", False),
])
def test_a_change_of_subject_is_a_study_update(older, newer, same):
    assert (slot_of(older, {}) == slot_of(newer, {})) is same


def _days(text: str) -> tuple[str, str] | None:
    period = asked_period(text, ASKED, BERLIN)
    return None if period is None else (period[0].date().isoformat(), period[1].date().isoformat())


@pytest.mark.parametrize(("text", "days"), [
    ("Was hab ich dir vor drei Wochen über Tom erzählt?", ("2026-11-13", "2026-11-20")),
    ("Was hab ich dir vor zwei Tagen erzählt?", ("2026-12-04", "2026-12-06")),
    ("Was hab ich dir vorgestern erzählt?", ("2026-12-05", "2026-12-06")),
    ("Was hab ich dir vorletzte Woche erzählt?", ("2026-11-23", "2026-11-30")),
    ("Was hab ich dir letzten Monat über Tom erzählt?", ("2026-11-01", "2026-12-01")),
    ("Was hab ich dir im Sommer erzählt?", ("2026-06-01", "2026-09-01")),
    ("Was hab ich dir im Oktober über Tom erzählt?", ("2026-10-01", "2026-11-01")),
    ("Was hab ich dir am Wochenende erzählt?", ("2026-12-05", "2026-12-07")),
    ("Wohin fahren wir im Sommer?", None),  # what it is about, not when it was told
])
def test_the_asked_period(text, days):
    assert _days(text) == days


def test_what_was_told_three_weeks_ago_is_what_was_told_then(nova):
    """A question about a period with no topic: the sentences told in it, each with its day."""
    for day, said in ((0, "Ich spiele Schach im Verein."), (14, "Mein Bruder Tom hat ein Restaurant eröffnet."),
                      (30, "Ich habe mit Pilates angefangen.")):
        nova.turn("vera", "nova", said, MONDAY + timedelta(days=day))
        nova.pixie.tick(MONDAY + timedelta(days=day, hours=2))
    answer = nova.turn("vera", "nova", "Was hab ich dir vor drei Wochen erzählt?", MONDAY + timedelta(days=35)).answer
    assert answer == "Am 16. November hast du mir erzählt: „Mein Bruder Tom hat ein Restaurant eröffnet.“"


# --- the general causes behind the second held-out set's misses (bench/memory/recall_second.py), other words ---

@pytest.mark.parametrize("told", ["Meine Patentochter Mara macht eine Lehre als Gärtnerin.",
                                  "Im Mai fliege ich für drei Wochen nach Kanada.",
                                  "Ich hab seit Monaten Knieprobleme vom Joggen.",
                                  "Seit Oktober bin ich Filialleiterin bei einer Bäckerei.",
                                  "Ich bin Landwirt und habe einen Hof im Allgäu.",
                                  "Mein Arzt hat mir Krankengymnastik verschrieben.",
                                  "Wir haben uns für den Namen Ida entschieden.",
                                  "Meine Mitbewohnerin Tanja kommt aus Chemnitz."])
def test_compound_relatives_travel_health_and_roles_are_kept(told):
    assert rate(Asker(make_offline_llm()), told).raw >= 0.7


@pytest.mark.parametrize("told", ["Ich bin Montag nicht da.", "Ich bin wieder da.", "Der Bus ist heute voll."])
def test_a_weekday_after_ich_bin_is_no_role(told):
    assert rate(Asker(make_offline_llm()), told).raw < 0.7


@pytest.mark.parametrize(("older", "newer"), [
    ("Ich arbeite als Verkäuferin.", "Seit Oktober bin ich Filialleiterin bei einer Bäckerei."),
    ("Ich arbeite in einer Gärtnerei.", "Ich bin Landwirt und habe einen Hof im Allgäu."),
    ("Meine Tochter wohnt in Berlin.", "Meine Tochter ist von Berlin nach Potsdam gezogen."),
    ("Im Mai fahren wir an die Ostsee.", "Die Reise im Mai geht jetzt nach Rom."),
])
def test_more_ways_to_fill_a_slot(older, newer):
    names = names_of([older, newer])
    assert slot_of(older, names) is not None and slot_of(older, names) == slot_of(newer, names)


def test_another_word_for_a_relative_and_an_animals_compound():
    assert names_of(["Meine Enkeltochter Ronja geht in die erste Klasse.", "Mein Pflegepferd heißt Luna."]) == \
        {"ronja": "enkelin", "luna": "pferd"}


@pytest.mark.parametrize(("question", "told"), [
    ("Wann hab ich dir von meinen Rückenschmerzen erzählt?", "Mir tut der Rücken weh, seit ich so viel sitze."),
    ("Was sind meine Hobbys?", "Ich spiele dienstags Skat mit meinen Nachbarn."),
    ("Was hab ich dir über meine Enkelin erzählt?", "Meine Enkeltochter Ronja geht in die erste Klasse."),
])
def test_a_compound_question_and_a_hobby_find_the_fact(question, told):
    read = memory_question(question)
    assert read is not None and score_told(read, told, names_of([told])) > 0


@pytest.mark.parametrize("question", ["Wie heißt mein Friseur?", "Wie heißt mein Schwiegersohn?"])
def test_a_name_never_told_is_a_memory_question_that_abstains(question):
    read = memory_question(question)
    assert read is not None and read.abstains
