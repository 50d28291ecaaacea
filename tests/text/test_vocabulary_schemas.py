"""Every German vocabulary under `src/novaberg/**.json` against its schema (CONTRIBUTING.md "German is data": word lists
are data with a schema test). The keys each file must have, the value types, no empty strings,
no duplicates within a list, lower case (folded where the loader compares folded text), and the crisis families
non-empty. `files/dense_floors.json` is measured data, not vocabulary (`tests/files/test_retrieval_floor.py`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import novaberg
from tests.text.vocabulary_schema import (
    BOOL,
    ENDINGS,
    FOLDED,
    INT,
    INTS,
    MAYBE_FOLDED,
    MAYBE_NAMES,
    MAYBE_WORDS,
    NAMES,
    PATTERN,
    PATTERNS,
    SIGNS,
    TEXT,
    WORD,
    WORD_OR_EMPTY,
    WORDS,
    ListOf,
    Map,
    Opt,
    Records,
    check,
)

SOURCE = Path(novaberg.__file__).parent
MEASURED_DATA = {"files/dense_floors.json", "store/schema/earlier_wordings.json"}  # numbers and checksums

_CONSENT_SERVICE = {
    "_sources": Map(TEXT),
    "refusal_match": WORD,
    "refusal": WORDS,
    "consent_words": WORDS,
    "filler_words": WORDS,
    "excluded_words": WORDS,
    "asking_verbs": WORDS,
    "subject_words": WORDS,
    "dropped_signs": SIGNS,
    "clause_separators": SIGNS,
}

SCHEMAS: dict[str, dict[str, Any]] = {
    "text/notes_de.json": {
        "_comment": TEXT,
        **dict.fromkeys(
            (
                "container_words generic_containers content_prepositions content_particles articles item_fillers filler_kept_before "
                "clear_verbs rename_verbs read_verbs update_verbs append_verbs "
                "create_verbs note_openers reference_words need_verbs choice_two_first choice_two_second "
                "duplicate_update duplicate_new duplicate_refusals clause_subjects clause_finite_verbs clause_time_links missing_refusal non_item_words item_verb_openers item_lead_nouns "
                "note_words content_links"
            ).split(),
            WORDS,
        ),
        "activity_words": Map(WORD),
        "list_of_type": Map(TEXT),
        "name_synonyms": Map(WORD),
        "type_by_word": Map(WORD),
        "choice_ordinals": Map(WORDS),
    },
    "situation/readiness_de.json": {
        "_comment": TEXT,
        "_comment_intensified": TEXT,
        **dict.fromkeys(
            (
                "weep_words loss_words kin first_person negations coping_verbs after_no_more state_verbs "
                "clause_openers trailing_particles feeling_verbs intensified_state_words intensifiers escape_words "
                "late_attributes"
            ).split(),
            FOLDED,
        ),
    },
    "text/wellbeing_de.json": {
        "_comment": TEXT,
        "_comment_unwell": TEXT,
        "_comment_moods": TEXT,
        "_comment_health": TEXT,
        "schema_version": INT,
        "families": Records(
            {"name": WORD, "kind": WORD, "first_person": BOOL, "stems": MAYBE_FOLDED, "words": MAYBE_FOLDED}
        ),
        **dict.fromkeys(
            "emergency_words strain_words unwell_words unwell_negated mood_words health_words".split(), FOLDED
        ),
    },
    "text/calendar_de.json": {
        "_comment": TEXT,
        "schema_version": INT,
        "weekdays": Records({"name": TEXT, "short": NAMES, "variants": MAYBE_NAMES}),
        "months": Records({"name": TEXT, "short": MAYBE_NAMES, "variants": MAYBE_NAMES}),
    },
    "text/claim_vocabulary.json": {
        "_comment": TEXT,
        "schema_version": INT,
        "storage_verbs": Records(
            {
                "participle": WORD,
                "present": MAYBE_WORDS,  # a participle only (gelistet, geöffnet)
                "particle": Opt(WORD),
                "infinitive": Opt(WORD),
                "ambiguous": BOOL,
                "needs_one_of": Opt(WORDS),
            }
        ),
        "write_actions": {"timeline": Map(WORDS), "notizen": Map(WORDS)},
        **dict.fromkeys(
            (
                "date_articles short_only_participles short_participle_prepositions short_fillers perfect_auxiliaries "
                "first_person_ellipsis_auxiliaries state_auxiliaries future_auxiliaries location_verbs "
                "location_prepositions storage_places references reference_phrases not_items first_person_subjects "
                "person_subjects person_verbs modal_verbs subjunctives thought_experiments conditions "
                "open_subordinators subordinators clause_coordinators bare_coordinators main_clause_openers "
                "wishes_and_suppositions offer_markers finite_openers"
            ).split(),
            WORDS,
        ),
    },
    "text/consent_words.json": {
        "_comment": TEXT,
        "asking_back_words": WORDS,
        "_asking_back_source": TEXT,
        "services": {name: _CONSENT_SERVICE for name in ("notizen", "direktiven", "dateien_wurzeln")},
    },
    "text/grammar_de.json": {
        "schema_version": INT,
        "_comment": TEXT,
        **dict.fromkeys(
            (
                "interjections greetings particles particle_phrases modal_openers wish_openers need_openers need_actions "
                "question_verbs question_verbs_alone recall_frames subject_words subject_pronouns supposition_openers statement_adverbs"
            ).split(),
            WORDS,
        ),
        "participles": Map(WORD),
        "lexicon": Records(
            {
                "key": WORD,
                "imperative": WORDS,
                "particle": WORD_OR_EMPTY,
                "infinitive": WORDS,
                "actions": Map(WORD),
            }
        ),
    },
    "text/commands_de.json": {
        "schema_version": INT,
        "_comment": TEXT,
        "verbs": Records(
            {
                "key": WORD,
                "forms": FOLDED,
                "infinitives": FOLDED,
                "particles": MAYBE_FOLDED,
                "action": WORD,
                "needs_container": BOOL,
            }
        ),
        "list_aliases": Map(TEXT),
        "task_nouns": Map(TEXT),
        "directions": Map(WORD),
        **dict.fromkeys(
            (
                "container_heads determiners dative closing polite_frames fillers pronouns not_items access_nouns subjects "
                "not_elliptic other_containers antecedent_verbs done_words list_only_verbs list_only_particles finite_verbs item_openers_refused elliptic_modals elliptic_off "
                "task_verbs task_remove_verbs task_adjectives item_adjective_stems task_articles elliptic_on elliptic_off_modals wish_endings aside_openers reflexives scope_times scope_time_openers"
            ).split(),
            FOLDED,
        ),
    },
    "text/assistant_address_de.json": {  # a leading address to the assistant (text/assistant_address.py)
        "_comment": TEXT,
        "schema_version": INT,
        **dict.fromkeys("names greetings polite frame_openers verbs subjects".split(), FOLDED),
    },
    "text/capabilities_de.json": {  # orders Nova cannot carry out and what she says instead (text/capabilities.py)
        "_comment": TEXT,
        "schema_version": INT,
        **dict.fromkeys(("own_words own_whole_words foreign_containers skip_words frame_openers question_openers "
                         "self_question_words self_modals self_subjects").split(), FOLDED),
        "orders": Records({"kind": WORD, "verbs": MAYBE_FOLDED, "objects": MAYBE_FOLDED, "says": TEXT, "instead": WORD,
                            "alone": Opt(BOOL), "also": Opt(FOLDED), "not_with": Opt(FOLDED), "opens": Opt(BOOL),
                            "not_first": Opt(FOLDED)}),
        "instead_texts": {"appointment_open": TEXT, "list": TEXT, "nothing": TEXT},
    },
    "text/calendar_words_de.json": {  # small word tables of the calendar's readers (text/calendar_words.py)
        "_comment": TEXT,
        "schema_version": INT,
        **dict.fromkeys(("today_alone relative_days check_verbs time_prepositions grammar_blockers range_joiners "
                         "edge_links new_words greeting_adjectives greeting_nouns dangling datives").split(),
                        WORDS),
    },
    "text/calendar_events_de.json": {  # another person's life events (text/calendar_events.py)
        "_comment": TEXT,
        "schema_version": INT,
        "events": Records({"title": TEXT, "words": WORDS}),
        "moving_title": TEXT,
        **dict.fromkeys("reporting_verbs reported_participles not_a_person first_person relations".split(), WORDS),
    },
    "text/reminder_orders_de.json": {  # reminders said as a noun (text/reminder_orders.py)
        "_comment": TEXT,
        "schema_version": INT,
        "reminder_word": WORD,
        "purpose_opener": WORD,
        "plural_ending": WORD,
        "notice_word": WORD,
        **dict.fromkeys(("remind_verbs skip_words read_verbs question_openers create_words send_verbs notice_off trailing_words "
                         "linking_endings kept_openers cancel_negations cancel_persons cancel_fillers cancel_not cancel_openers "
                         "cancel_verbs cancel_articles").split(), FOLDED),
    },
    "text/orders.json": {
        "_comment": TEXT,
        "schema_version": INT,
        "order_openers": WORDS,
        "order_joiners": WORDS,
    },
    "text/recall_de.json": {  # the offline recall's words (text/recall_question.py, memory/recall_scoring.py)
        "_comment": TEXT,
        "schema_version": INT,
        "families": Records({"name": WORD, "kind": BOOL, "heads": MAYBE_FOLDED, "includes": MAYBE_WORDS, "words": FOLDED}),
        "personal": FOLDED,
        "collective_kin": FOLDED,
        "service_words": FOLDED,
        "stop_words": FOLDED,
        "endings": ENDINGS,
        "slot_words": Map(FOLDED),
        "past_verbs": FOLDED,
        "habit_adverbs": FOLDED,  # the fourth set: *Was trinke ich so?* is memory's
        "preference_words": FOLDED,
        "do_verbs": FOLDED,
        "kin_plurals": FOLDED,
        "pets": FOLDED,
        "professions": FOLDED,  # what fills a relative's work slot (text/told_slots.py)
        "same_person": Map(FOLDED),  # the asked person in other words (text/recall_question.py)
        "groups": Map(FOLDED),
        "question_possessives": FOLDED,
        "slot_verbs": Map(WORD),
        "modals": FOLDED,
        "polite": FOLDED,
        "first_person": FOLDED,
        "not_names": FOLDED,
        "takes": FOLDED,
        "own_verbs": Map(FOLDED),
        "naming": FOLDED,
        "own_endings": ENDINGS,
        "noun_verbs": Map(FOLDED),
        "subordinators": FOLDED,  # a clause they open tells a side matter (memory/recall_scoring.py: primary)
        "clause_subjects": FOLDED,
        "no_longer": Map(FOLDED),  # a clause saying a thing is done no more (memory/recall_scoring.py: ongoing)
        "companions": FOLDED,  # *Mit wem wohne ich?*: besides a relative or a name, these say with whom  # *da* opens a clause only before one of these (*da das …*, not *da ist …*)
    },
    "text/salience_de.json": {  # the offline salience rule's words (text/salience_rules.py)
        "_comment": TEXT,
        "schema_version": INT,
        **{key: FOLDED for key in ("life_events", "relatives", "habit_marks", "pastimes", "pastime_families",
                                   "not_pastimes", "work_words", "health_words", "health_heads", "passing",
                                   "not_a_profession", "not_a_name", "professions")},
    },
    "text/told_slots_de.json": {  # what a told sentence is about: its subject and its slot (text/told_slots.py)
        "_comment": TEXT,
        "schema_version": INT,
        "relatives": FOLDED,
        "synonyms": Map(WORD),
        "animals": FOLDED,
        "plurals": Map(WORD),
        "first_person": FOLDED,
        "possessives": FOLDED,
        "adjectives": FOLDED,
        "not_doings": FOLDED,
        "time_nouns": FOLDED,
        "prepositions": FOLDED,
    },
    "text/question_de.json": {
        "_comment": TEXT,
        "openings": Map(WORD),
        "focus_kinds": Map(WORD),
        **{key: FOLDED for key in (
            "lead_ins", "yes_no_verbs", "function_words", "relatives", "first_person", "first_plural", "possessives",
            "determiners", "appointment_words", "appointment_phrases", "duration_units", "number_words",
            "reason_markers", "definition_markers", "place_prepositions", "place_suffixes", "name_markers",
            "weekdays", "seasons", "referring_openers", "name_prepositions",
            "second_person", "qualifying_prepositions", "street_suffixes", "polite_order_verbs",
            "common_noun_endings", "fixed_phrases", "kind_phrases")},
        "currency": WORDS,
    },
    "text/smalltalk_de.json": {
        "schema_version": INT,
        "_comment": TEXT,
        "max_words": INT,
        "templates": Records({"kind": WORD, "phrases": WORDS, "answer": TEXT, "answer_sie": TEXT}),
        "offline_note": TEXT,
        "offline_note_sie": TEXT,
    },
    "text/lexicon_de.json": {"_comment": TEXT, "negations": FOLDED, "delete_verbs": WORDS, "question_words": WORDS,
                             "question_words_of_a_clause_only": WORDS, "question_words_before_a_noun": WORDS,
                             "number_words": Map(INT), "one_articles": WORDS, "_comment_amounts": TEXT,
                             "amount_words": WORDS, "negating_prepositions": WORDS},
    "text/words_de.json": {"_comment": TEXT, "abbreviations": WORDS, "not_abbreviations": WORDS},
    "text/answers_de.json": {  # the word sets of pending, bare_orders and the timeline's resume as data
        "schema_version": INT,
        "_comment": TEXT,
        **dict.fromkeys(
            (
                "own_sentence_openers which_answer_words which_item_words possessives other_containers "
                "time_answer_fillers time_answer_own_words"
            ).split(),
            FOLDED,
        ),
    },
    "text/calendar_phrases_de.json": {  # the words of calendar orders (text/calendar_phrases.py)
        "schema_version": INT,
        "_comment": TEXT,
        "action_patterns": Map(PATTERNS),
        "action_priority": WORDS,
        "type_words": Map(WORDS),
        "reminder_pattern": PATTERN,
        **dict.fromkeys(
            (
                "past_tense_words title_edge_words not_a_title title_suffixes time_links span_openers_dropped "
                "stop_words elliptic_heads elliptic_not query_heads query_openers verb_first_questions "
                "availability_words generic_title_words all_words own_openers"
            ).split(),
            WORDS,
        ),
    },
    "text/reminder_orders_clause_de.json": {  # *… und erinner mich eine Stunde vorher* (timeline/reminders.py)
        "schema_version": INT,
        "_comment": TEXT,
        **dict.fromkeys("verbs person fillers before joiners".split(), FOLDED),
        **dict.fromkeys("numbers unit_minutes fixed".split(), Map(INT)),
    },
    "timeparse/recurrence_de.json": {
        "schema_version": INT,
        **dict.fromkeys("step_ordinals step_numbers count_numbers".split(), Map(INT)),
        **dict.fromkeys("frequency_adverbs frequency_units".split(), Map(TEXT)),
        **dict.fromkeys(
            "every always workdays in_the_month until_words from_words end_words now_words".split(),
            WORDS,
        ),
    },
    "text/series_de.json": {  # how a person speaks about a series, and the answer to „one or all?“
        "schema_version": INT,
        "_comment": TEXT,
        **dict.fromkeys(
            ("cancel_verbs cancel_particles cancel_alone from_now whole_series statement_fillers answer_whole "
             "answer_next answer_fillers").split(),
            WORDS,
        ),
    },
    "timeparse/vocabulary.json": {
        "schema_version": INT,
        **dict.fromkeys(
            (
                "day_words ordinals clock_fractions clock_relatives minute_tens"
            ).split(),
            Map(INT),
        ),
        **dict.fromkeys("dayparts dayparts_after_day units periods span_words".split(), Map(WORD)),
        **dict.fromkeys(
            (
                "after_next fillers calendar_week_words time_prepositions clock_prepositions "
                "day_prepositions fractions move_words blockers"
            ).split(),
            WORDS,
        ),
        "ordinal_endings": ENDINGS,
        "prefixes": Map(WORDS),
        "idiomatic_day_counts": INTS,
        "holidays": Records(
            {"words": ListOf(WORDS), "date": Opt(INTS), "easter": Opt(INT), "after": Opt(WORDS)}
        ),
        "quarter_word": WORD,
        "clock_minutes_max": INT,
        "reschedule_form": {
            "verbs": WORDS,
            "verb_endings": ENDINGS,
            "request_words": WORDS,
            "function_words": WORDS,
            "forbidden": WORDS,
            "compound_tail": WORD,
            "min_content_letters": INT,
        },
    },
}


_INTENT_FILE = {
    "_comment": TEXT,
    "schema_version": INT,
    "dienst": WORD,
    "bezeichnung": TEXT,
    "antwortwoerter": FOLDED,
    "objektwoerter": MAYBE_FOLDED,
    "nicht_frei": Opt(FOLDED),
    "regeln": Opt(Map(TEXT)),
    "intents": Map({"modus": WORD, "saetze": Opt(ListOf(TEXT)),
                    "rahmen": Opt(ListOf({"verb": WORD, "mittelfeld": ListOf(TEXT)}))}),
}
SCHEMAS.update({
    "text/intents/common_de.json": {
        "_comment": TEXT,
        "schema_version": INT,
        "regeln": Map(TEXT),
        "listen": Map(FOLDED),
        "freie_slots": FOLDED,
        "zeit_slots": FOLDED,
        "fuerwort_slots": FOLDED,
        "verben": Map({"imperativ": FOLDED, "partikel": WORD_OR_EMPTY, "infinitiv": FOLDED}),
        "fuellwoerter": FOLDED,
        "zeitwoerter": FOLDED,
        "schwache_zeitwoerter": FOLDED,
    },
    **{f"text/intents/{service}_de.json": _INTENT_FILE
       for service in ("timeline", "notizen", "direktiven", "dateien_wurzeln", "vergessen", "notizen_listennamen", "notizen_aufgaben", "timeline_kalender", "dateien", "wissen")},
})


def _load(name: str) -> Any:
    return json.loads((SOURCE / name).read_text(encoding="utf-8"))


def test_every_vocabulary_file_has_a_schema_here() -> None:
    """A new JSON vocabulary without a schema fails here (every word list is schema-tested)."""
    found = {path.relative_to(SOURCE).as_posix() for path in SOURCE.rglob("*.json")} - MEASURED_DATA
    assert found == set(SCHEMAS)


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_the_vocabulary_fits_its_schema(name: str) -> None:
    assert check(_load(name), SCHEMAS[name]) == []


def test_every_crisis_family_has_words_and_a_known_kind() -> None:
    """dateien.md §3.0b: readiness drops to 0,00 in a crisis — a family without a word could never fire; the
    care answer picks the Notruf (danger), the Telefonseelsorge (crisis) or plain sympathy (strain) by kind."""
    lexicon = _load("text/wellbeing_de.json")
    for family in lexicon["families"]:
        assert family["stems"] or family["words"], family["name"]
        assert family["kind"] in {"danger", "crisis", "strain"}, family["name"]
    kinds = {family["name"]: family["kind"] for family in lexicon["families"]}
    assert len(kinds) == len({(f["name"], f["kind"]) for f in lexicon["families"]}), (
        "one kind per family name"
    )
    assert kinds["lebensgefahr"] == kinds["notlage"] == "danger"
    assert {"danger", "crisis", "strain"} == set(kinds.values())


def test_the_checker_catches_what_it_promises() -> None:
    """The schema test itself can fail: an empty string, a duplicate, upper case, a missing key, a wrong type."""
    assert check(["a", ""], WORDS)
    assert check(["a", "a"], WORDS)
    assert check(["Montag"], WORDS)
    assert check(["grüße"], FOLDED)
    assert check([], WORDS)
    assert check({"a": ["x"]}, {"a": WORDS, "b": WORDS})
    assert check({"a": ["x"], "c": 1}, {"a": WORDS})
    assert check({"x": "1"}, Map(INT))
    assert check(["(unclosed"], PATTERNS)
    assert check({"kind": "x"}, Records({"kind": WORD}))
    assert check(["montag"], NAMES)
    assert not check(["", "n"], ENDINGS)


def test_the_calendar_names_are_monday_and_january_first() -> None:
    """Weekday and month names have one copy; the names are capitalised as printed."""
    calendar = _load("text/calendar_de.json")
    assert [day["name"] for day in calendar["weekdays"]][::6] == ["Montag", "Sonntag"]
    assert [month["name"] for month in calendar["months"]][::11] == ["Januar", "Dezember"]
    names = [n for group in ("weekdays", "months") for e in calendar[group] for n in (e["name"], *e["variants"])]
    assert all(name[:1].isupper() and name[1:].islower() for name in names)
    shorts = [s.lower() for group in ("weekdays", "months") for e in calendar[group] for s in e["short"]]
    assert len(shorts) == len(set(shorts)) and not set(shorts) & {n.lower() for n in names}


def test_every_question_opening_and_asked_noun_names_a_known_kind() -> None:
    """What a question asks is one of the kinds the answer finders know (answering questions)."""
    from novaberg.text.question import KINDS

    lexicon = _load("text/question_de.json")
    assert set(lexicon["openings"].values()) | set(lexicon["focus_kinds"].values()) <= set(KINDS)
