"""More readers of the one lexicon (`text/lexicon_de.json`): every number word counts as an amount for the list
items, an hour for the calendar's minutes in words, a frequency for salience and a number for the files' novelty;
every question word opens an indirect question for the files' deepening, a recall question after *weißt du noch*,
a subordinate clause after a separable verb's particle, a question about reminders, no word of an appointment's
title, the start of a clause for the readiness in a crisis, no elliptic list order and no person's name. Each test walks the whole list (or its named part), so a
reader that keeps a shorter copy of its own fails on the words its copy lacks."""

from __future__ import annotations

import pytest

from novaberg.files.knowledge.novelty import fact_differences
from novaberg.situation.readiness import CRISIS, readiness
from novaberg.text.calendar_frames import calendar_frame
from novaberg.text.commands import read_list_command
from novaberg.text.deepening_words import asks_indirectly
from novaberg.text.file_requests import asks_what_she_knows
from novaberg.text.grammar import analyse
from novaberg.text.lexicon import (
    AMOUNT_WORDS,
    DIRECT_QUESTION_WORDS,
    NEGATING_PREPOSITIONS,
    NEGATIONS,
    NUMBER_WORDS,
    ONE_ARTICLES,
    QUESTION_WORDS,
    number_word_spellings,
    question_word_spellings,
)
from novaberg.text.list_text import ambiguous_enumeration
from novaberg.text.reminder_orders import READ, reminder_order
from novaberg.text.salience_rules import weigh
from novaberg.text.words import ascii_variants
from novaberg.timeline.phrases import keywords_of, title_of

_AMOUNTS = sorted({v for word in (*NUMBER_WORDS, *ONE_ARTICLES, *AMOUNT_WORDS) for v in ascii_variants(word)})
_COUNTING = number_word_spellings(1)
_HOURS = number_word_spellings(1, 12)


@pytest.mark.parametrize("word", _AMOUNTS)
def test_a_number_or_amount_word_makes_an_enumeration_without_commas_one_item(word):
    """*dreizehn eier milch* said without capitals: an amount before the words makes them one item, not two items
    that lack their comma (the check that keeps a wrong item off the list)."""
    assert ambiguous_enumeration(f"{word} eier milch", f"setz {word} eier milch auf die liste") is False
    assert ambiguous_enumeration("eier milch", "setz eier milch auf die liste") is True


@pytest.mark.parametrize("word", _HOURS)
def test_an_hour_word_with_minutes_in_words_leaves_the_meeting_to_the_time_reader(word):
    """*Ein Treffen mit Anna um zwo fünfzehn*: minutes said in words after an hour word are not a meeting frame's
    title; the whole sentence goes to the reader that reads the time."""
    assert calendar_frame(f"Ein Treffen mit Anna um {word} fünfzehn") is None


@pytest.mark.parametrize("word", _COUNTING)
def test_a_number_word_before_mal_says_a_habit(word):
    """*Ich trinke dreizehn mal Kaffee*: how often, said in a sentence about herself, weighs as a habit."""
    assert weigh(f"Ich trinke {word} mal Kaffee") == (0.75, "eine Gewohnheit")


@pytest.mark.parametrize("word", sorted({v for w in (*NUMBER_WORDS, *AMOUNT_WORDS) for v in ascii_variants(w)}))
def test_a_number_word_that_differs_is_a_changed_fact_for_the_files_novelty(word):
    """*Er nimmt dreizehn Tabletten* after *Er nimmt Tabletten*: a number differs, never a silent copy."""
    assert "zahl" in fact_differences(f"Er nimmt {word} Tabletten.", "Er nimmt Tabletten.")


@pytest.mark.parametrize("word", sorted(NEGATIONS | NEGATING_PREPOSITIONS))
def test_a_denying_word_is_a_changed_fact_for_the_files_novelty(word):
    """*Sie trinkt Kaffee ohne Zucker* after *Sie trinkt Kaffee Zucker*: a negation differs."""
    assert "verneinung" in fact_differences(f"Sie trinkt {word} Kaffee.", "Sie trinkt Kaffee.")


@pytest.mark.parametrize("word", question_word_spellings())
def test_every_question_word_opens_an_indirect_question_for_the_deepening(word):
    """*Ich weiß nicht mehr, wozu …*: the deepening reads it as a question asked indirectly."""
    assert asks_indirectly(f"Ich weiß nicht mehr, {word} ich das gekauft habe")


@pytest.mark.parametrize("word", question_word_spellings(DIRECT_QUESTION_WORDS))
def test_every_direct_question_word_after_weisst_du_noch_asks_what_nova_knows(word):
    """*Weißt du noch, warum …*: a question to what she remembers of stored text."""
    assert asks_what_she_knows(f"Weißt du noch, {word} wir das gemacht haben?")


@pytest.mark.parametrize("word", question_word_spellings(QUESTION_WORDS - DIRECT_QUESTION_WORDS))
def test_a_clause_only_question_word_after_weisst_du_noch_is_not_asked_of_the_records(word):
    """*Weißt du noch, ob …* stays a yes/no question to the memory, as the named part of the list says."""
    assert not asks_what_she_knows(f"Weißt du noch, {word} wir das gemacht haben?")


@pytest.mark.parametrize("word", question_word_spellings())
def test_a_question_word_after_the_particle_makes_the_separable_verb(word):
    """*Schreib auf, wozu ich das brauche*: the clause after the particle is the content of *aufschreiben*."""
    assert analyse(f"Schreib auf, {word} ich das brauche").verb == "aufschreiben"


@pytest.mark.parametrize("word", question_word_spellings(DIRECT_QUESTION_WORDS))
def test_a_direct_question_word_first_asks_to_see_the_reminders(word):
    """*wo meine Erinnerungen* said without a question mark (a voice form) still asks to see them."""
    assert reminder_order(f"{word} meine Erinnerungen") == reminder_order("Zeige meine Erinnerungen")
    assert reminder_order(f"{word} meine Erinnerungen").kind == READ


@pytest.mark.parametrize("word", question_word_spellings())
def test_a_question_word_is_no_part_of_an_appointments_title(word):
    """*Trag morgen um 10 Zahnarzt wozu ein*: the title is *Zahnarzt*; a title search for *wozu der Zahnarzt*
    looks for *zahnarzt* only."""
    assert title_of(f"Trag morgen um 10 Zahnarzt {word} ein") == "Zahnarzt"
    assert keywords_of(f"{word} der Zahnarzt") == ["zahnarzt"]


@pytest.mark.parametrize("word", question_word_spellings())
def test_a_question_word_starts_a_new_clause_for_the_readiness_in_a_crisis(word):
    """*ich kann nicht mehr wozu ich das alles mache*: the clause *ich kann nicht mehr* ends before the question
    word, so the strain is read (dateien.md §3.0b: readiness drops in a crisis)."""
    assert readiness(f"ich kann nicht mehr {word} ich das alles mache").value == CRISIS


@pytest.mark.parametrize("word", question_word_spellings())
def test_a_sentence_opened_by_a_question_word_is_no_elliptic_list_order(word):
    """*Wozu Milch auf die Einkaufsliste?* said without its mark writes no item *Wozu Milch*."""
    assert read_list_command(f"{word.capitalize()} Milch auf die Einkaufsliste") is None
    assert read_list_command("Milch auf die Einkaufsliste") is not None


@pytest.mark.parametrize("word", question_word_spellings())
def test_a_question_word_first_names_no_person_for_salience(word):
    """*Woher hat Lena das Auto gekauft* is no sentence about a person called *Woher*."""
    assert weigh(f"{word.capitalize()} hat Lena das Auto gekauft") != (0.75, "ein Mensch aus ihrem Leben")
    assert weigh("Lena hat das Auto gekauft") == (0.75, "ein Mensch aus ihrem Leben")
