"""One negation list, one list of delete verbs and one list of question words (`text/lexicon_de.json`), read by every
reader: a word added there is a negation or a delete verb for the list reader, the request grammar, the notes and the
files' dialogue alike, and a question word for the request grammar, the claim checks, the closed reading of consent
and the memory question's frame alike (each reader takes the named part of the list it needs); and one list of number
words, read by the time parser and the memory's periods."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from novaberg.files.dialogue import read_revocation
from novaberg.notes.agent.offline import parse
from novaberg.text.commands import ADD, REMOVE, read_list_command
from novaberg.text.consent import SERVICES, consent_lists
from novaberg.text.grammar import QUESTION, REQUEST, analyse, is_question
from novaberg.text.lexicon import (
    DELETE_VERBS,
    DIRECT_QUESTION_WORDS,
    NEGATIONS,
    NUMBER_WORDS,
    ONE_ARTICLES,
    QUESTION_DETERMINERS,
    QUESTION_WORDS,
    negated,
)
from novaberg.text.recall_question import plain_question
from novaberg.text.told_periods import AGO, DAY, WEEK, NamedPeriod, named_period
from novaberg.text.words import ascii_variants, fold
from novaberg.timeparse import parse as parse_time
from novaberg.tribunal.claims import find_storage_claims

_CLAUSE_ONLY = sorted(QUESTION_WORDS - DIRECT_QUESTION_WORDS)
_BERLIN = ZoneInfo("Europe/Berlin")
_NOW = datetime(2026, 3, 2, 10, 0, tzinfo=_BERLIN)
_COUNTING = sorted((spelling, value) for word, value in NUMBER_WORDS.items() if value >= 1
                   for spelling in ascii_variants(word))


@pytest.mark.parametrize("stem", DELETE_VERBS)
def test_every_delete_verb_of_the_one_list_takes_an_item_off_and_is_an_order(stem):
    said = f"{stem[:1].upper()}{stem[1:]} Milch von der Einkaufsliste"
    command = read_list_command(said)
    assert command is not None and command.action == REMOVE and command.items == "Milch"
    assert analyse(said).mood == REQUEST
    assert parse(said).action == "remove_content"


@pytest.mark.parametrize("word", sorted(NEGATIONS))
def test_every_negation_of_the_one_list_keeps_a_list_order_from_writing(word):
    plain = read_list_command("Setz Milch auf die Einkaufsliste")
    assert plain is not None and plain.action == ADD
    assert read_list_command(f"Setz Milch {word} auf die Einkaufsliste") is None
    assert negated(f"Setz Milch {word} auf die Einkaufsliste")


@pytest.mark.parametrize("answer", ["Streich sie", "Entfern das", "lösch sie", "vergiss es"])
def test_a_delete_verb_of_the_one_list_answers_the_files_revocation_as_forget(answer):
    assert read_revocation(answer) == "vergessen"


@pytest.mark.parametrize("word", sorted(DIRECT_QUESTION_WORDS))
def test_every_direct_question_word_of_the_one_list_asks_first_in_a_sentence(word):
    said = f"{word.capitalize()} Anna morgen vorhat"
    assert is_question(said)
    assert analyse(said).mood == QUESTION


@pytest.mark.parametrize("word", _CLAUSE_ONLY)
def test_a_word_that_opens_only_a_clause_does_not_ask_first_in_a_sentence(word):
    assert not is_question(f"{word.capitalize()} Anna morgen kommt")


@pytest.mark.parametrize("word", sorted(QUESTION_WORDS))
def test_every_question_word_of_the_one_list_makes_an_order_to_show_a_question(word):
    """*Zeig mir, wann ich im Dezember frei habe*, *Schau mal, ob …*: the clause after the order to show asks."""
    assert analyse(f"Zeig mir, {word} ich im Dezember frei habe").mood == QUESTION
    assert analyse("Zeig mir die Einkaufsliste").mood == REQUEST


@pytest.mark.parametrize("word", sorted(QUESTION_WORDS))
def test_a_clause_opened_by_any_question_word_of_the_one_list_claims_no_write(word):
    """tribunal.md, the storage claim: a clause that asks or depends on a question word states no write."""
    assert find_storage_claims("Ich habe es eingetragen.")
    assert find_storage_claims(f"{word.capitalize()} ich es eingetragen habe, weiß ich nicht mehr.") == []


@pytest.mark.parametrize("service", SERVICES)
def test_the_closed_reading_of_consent_never_accepts_a_question_word_of_the_one_list(service):
    """notizen.md §7 (b), dateien.md §2a.2: a question word is never a filler of a consent answer."""
    lists = consent_lists(service)
    assert lists.question_words == QUESTION_WORDS
    assert not (lists.consent_words | lists.filler_words) & QUESTION_WORDS


@pytest.mark.parametrize("word", sorted(DIRECT_QUESTION_WORDS - QUESTION_DETERMINERS))
def test_every_direct_question_word_of_the_one_list_opens_a_framed_memory_question(word):
    """*Weißt du noch, warum ich umgezogen bin?* is read as *warum bin ich umgezogen?*."""
    asked = plain_question(fold(f"Weißt du noch, {word} ich nach Rom gezogen bin?"))
    assert asked == f"{fold(word)} bin ich nach rom gezogen?"


@pytest.mark.parametrize("word", sorted(QUESTION_DETERMINERS))
def test_a_question_word_before_a_noun_keeps_its_noun_in_a_framed_memory_question(word):
    assert plain_question(fold(f"Weißt du noch, {word} Sport ich mache?")) == f"{word} sport mache ich?"


@pytest.mark.parametrize("word", _CLAUSE_ONLY)
def test_a_framed_yes_no_question_is_not_put_in_question_order(word):
    """*Weißt du noch, ob ich umgezogen bin?*: *ob* is no w-word that takes the verb after it."""
    assert plain_question(fold(f"Weißt du noch, {word} ich umgezogen bin?")) == f"{word} ich umgezogen bin?"


@pytest.mark.parametrize(("word", "value"), _COUNTING)
def test_every_number_word_of_the_one_list_counts_for_the_time_parser_and_the_memory_periods(word, value):
    """*in zwölf Wochen* for an appointment, *vor zwölf Tagen* for what was told: the same word, the same number."""
    in_weeks = date(2026, 3, 2) + timedelta(weeks=value)
    assert parse_time(f"in {word} Wochen", _NOW).moment == datetime.combine(in_weeks, time(0), tzinfo=_BERLIN)
    assert named_period(f"Was hab ich dir vor {word} Tagen erzählt?") == NamedPeriod(AGO, DAY, value)


@pytest.mark.parametrize("article", ONE_ARTICLES)
def test_every_article_that_counts_one_counts_one_week_for_the_memory_periods(article):
    assert named_period(f"Was hab ich dir vor {article} Woche erzählt?") == NamedPeriod(AGO, WEEK, 1)
