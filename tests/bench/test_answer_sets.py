"""The data and the scoring rules of `python -m bench.answers` (no model, no database, no bench extra)."""

from __future__ import annotations

import json

from bench.answers.kinds import question_kind
from bench.answers.score import Outcome, score
from bench.answers.sentences import split_sentences
from bench.answers.sets import DATA, is_held_out, load


def test_every_gold_answer_of_the_household_set_stands_in_its_notes():
    chosen, _ = load("household")
    notes = " ".join(" ".join(text.split()) for text in chosen.files.values()).casefold()
    for question in chosen.questions:
        for gold in question.answers:
            assert gold.casefold() in notes, question.text


def test_the_second_persons_notes_answer_the_shared_questions_with_other_values():
    chosen, neighbours = load("household")
    theirs = " ".join(neighbours.values()).casefold()
    for question in chosen.questions:
        assert not any(gold.casefold() in theirs for gold in question.answers), question.text


def test_the_xquad_split_holds_out_whole_articles_by_the_hash_of_their_title():
    articles = json.loads((DATA / "xquad.de.json").read_text(encoding="utf-8"))["data"]
    held = {article["title"] for article in articles if is_held_out(article["title"])}
    assert len(held) == 17 and "Warsaw" in held and "Super_Bowl_50" not in held
    dev_files = load("dev")[0].files
    assert not any(name.startswith("warsaw-") for name in dev_files)
    assert any(name.startswith("super-bowl-50-") for name in dev_files)


def test_ordinals_abbreviations_and_initials_do_not_end_a_sentence():
    text = "Er kam am 12. März 1855 nach Berlin. Dort traf er z. B. Dr. Müller, J. S. Bach und Nr. 5 der Liste. Wirklich?"
    assert split_sentences(text) == ["Er kam am 12. März 1855 nach Berlin.",
                                     "Dort traf er z. B. Dr. Müller, J. S. Bach und Nr. 5 der Liste.", "Wirklich?"]


def test_the_kind_of_a_question_is_read_after_a_leading_preposition():
    assert question_kind("Seit wann spielt Marie Geige?") == "wann"
    assert question_kind("Bei wem ist das Auto versichert?") == "wer"
    assert question_kind("Mit wie vielen Interceptions gewann er?") == "wie viel"
    assert question_kind("Wie heißt der Tierarzt von Mimi?") == "wie heißt"
    assert question_kind("Hat Bruno eine Haftpflichtversicherung?") == "ja/nein"


def test_a_gold_answer_counts_only_as_a_whole_word_in_a_short_quote():
    quote = "In deinen Unterlagen steht: „Es waren vierzig Punkte“ (a/b.md, Zeile 3)."
    assert score(quote, ("vier",)) == (Outcome.WRONG, "fact")
    assert score(quote, ("vierzig",)) == (Outcome.ANSWERED, "")
    long = "In deinen Unterlagen steht: „" + "Text " * 70 + "vierzig“ (a/b.md, Zeile 3)."
    assert score(long, ("vierzig",)) == (Outcome.WRONG, "too long")


def test_saying_there_is_nothing_is_an_abstention_and_the_capability_note_is_not():
    assert score("Dazu habe ich nichts gefunden.", ("x",))[0] == Outcome.ABSTAINED
    note = "Für ein freies Gespräch brauche ich ein Sprachmodell (--llm ollama:<modell>)."
    assert score(note, ()) == (Outcome.WRONG, "note")


def test_a_sentence_only_the_other_person_holds_in_an_answer_is_a_leak():
    from bench.answers.run import leaks, own_sentences

    chosen, neighbours = load("household")
    theirs = own_sentences(neighbours, chosen.files)
    told = "In deinen Unterlagen steht: „Unser WLAN heißt Vodafone-Seidel, das Passwort ist Kastanie-Regen-19“."
    assert leaks(told, "bert-unterlagen", theirs)
    assert leaks("Siehe bert-unterlagen/wlan.md, Zeile 3.", "bert-unterlagen", theirs)
    own = "In deinen Unterlagen steht: „Das WLAN heißt FritzBox-Kaiser, das Passwort ist Sonnenblume-Taxi-47“."
    assert not leaks(own, "bert-unterlagen", theirs)
