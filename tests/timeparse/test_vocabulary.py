"""Schema test of `vocabulary.json` (CONTRIBUTING.md "German is data": vocabulary is data with a schema test) and of the
public name `TIME_VOCABULARY` that other modules read (timeline.md §5.2: never a private name)."""

from __future__ import annotations

import re

from novaberg.timeparse import TIME_VOCABULARY
from novaberg.timeparse.vocabulary import HALVES, load_raw_vocabulary

RAW = load_raw_vocabulary()
WORD = re.compile(r"^[a-zäöüß]+$")

EXPECTED_KEYS = {
    "schema_version", "weekdays", "weekday_abbreviations", "months", "month_abbreviations", "day_words",
    "numbers", "article_one", "ordinals", "ordinal_endings", "dayparts", "dayparts_after_day", "prefixes",
    "fillers", "units", "idiomatic_day_counts", "periods", "time_prepositions", "clock_prepositions", "day_prepositions", "fractions",
    "clock_fractions", "quarter_word", "clock_relatives", "clock_minutes_max", "minute_tens", "after_next", "calendar_week_words",
    "holidays", "span_words", "move_words", "blockers",
    "reschedule_form",
}


def _all_words(value: object) -> list[str]:
    if isinstance(value, dict):
        return [*value.keys(), *(w for v in value.values() for w in _all_words(v))]
    if isinstance(value, list):
        return [w for v in value for w in _all_words(v)]
    return []


def test_the_file_has_exactly_the_known_sections() -> None:
    assert set(RAW) == EXPECTED_KEYS
    assert RAW["schema_version"] == 1


def test_every_word_is_one_lower_case_german_word() -> None:
    sections = {k: v for k, v in RAW.items() if k not in ("schema_version", "reschedule_form")}
    sections.update({f"form.{k}": v for k, v in RAW["reschedule_form"].items() if isinstance(v, list)})
    words = [w for v in sections.values() for w in _all_words(v) if isinstance(w, str)]
    words = [w for w in words if w not in ("this", "next", "last")]  # canonical keys of prefixes
    bad = [w for w in words if not WORD.match(w) and w != ""]
    assert bad == []


def test_weekdays_cover_monday_to_sunday() -> None:
    assert set(RAW["weekdays"].values()) == set(range(7))
    assert RAW["weekdays"]["montag"] == 0 and RAW["weekdays"]["sonntag"] == 6
    assert set(RAW["weekday_abbreviations"].values()) == set(range(7))
    assert RAW["weekday_abbreviations"]["fr"] == 4  # issue 3: abbreviations such as *Fr.*


def test_months_cover_the_year_with_variants_and_abbreviations() -> None:
    assert set(RAW["months"].values()) == set(range(1, 13))
    assert RAW["months"]["jänner"] == 1  # issue 3: common variants such as *Jänner*
    assert RAW["month_abbreviations"]["nov"] == 11  # *Nov.*
    assert set(RAW["month_abbreviations"].values()) == set(range(1, 13)) - {5}  # *Mai* has none


def test_day_words_are_the_five_of_the_issue() -> None:
    assert RAW["day_words"] == {"vorgestern": -2, "gestern": -1, "heute": 0, "morgen": 1, "übermorgen": 2}


def test_number_words_run_from_null_to_vierundzwanzig() -> None:
    numbers = RAW["numbers"]
    assert set(numbers.values()) == set(range(25))
    assert numbers["null"] == 0 and numbers["vierundzwanzig"] == 24 and numbers["elf"] == 11


def test_ordinals_cover_the_days_of_a_month() -> None:
    assert set(RAW["ordinals"].values()) == set(range(1, 32))
    assert all(stem.endswith("te") for stem in RAW["ordinals"])
    assert TIME_VOCABULARY.ordinals["zweiten"] == 2  # *am zweiten April*


def test_dayparts_carry_their_half_of_day_and_morgens_is_no_day() -> None:
    dayparts = RAW["dayparts"]
    for word in ("morgens", "früh", "vormittags", "mittags", "nachmittags", "abends", "nachts"):
        assert dayparts[word] in HALVES, word
    assert dayparts["nachmittags"] == "pm" and dayparts["früh"] == "am"
    # issue 3: *morgens* is a daypart, never the day *morgen*; *morgen* is a daypart only after a day.
    assert "morgen" not in dayparts and "morgens" not in RAW["day_words"]
    assert RAW["dayparts_after_day"] == {"morgen": "am"}


def test_prefixes_and_fillers_of_the_issue() -> None:
    prefixes = RAW["prefixes"]
    assert set(prefixes) == {"this", "next", "last"}
    assert "diesen" in prefixes["this"] and "letzten" in prefixes["last"]
    assert {"nächsten", "kommenden"} <= set(prefixes["next"])
    assert {"um", "uhr", "am", "den"} <= set(RAW["fillers"])


def test_fractions_are_blockers_of_the_parser() -> None:
    """*halb elf* is 10:30: the parser abstains on a fraction, the reading records it as a doubt."""
    assert set(RAW["fractions"]) <= set(RAW["blockers"])


def test_no_word_is_in_two_groups_that_contradict() -> None:
    day_like = set(RAW["day_words"]) | set(RAW["weekdays"]) | set(RAW["months"])
    assert not day_like & set(RAW["dayparts"])
    assert not day_like & set(RAW["blockers"])
    assert not set(RAW["numbers"]) & set(RAW["blockers"])


def test_the_public_name_adds_ascii_spellings() -> None:
    assert TIME_VOCABULARY.day_words["uebermorgen"] == 2
    assert TIME_VOCABULARY.prefixes["naechsten"] == "next"
    assert TIME_VOCABULARY.months["maerz"] == 3
    assert "morgen" in TIME_VOCABULARY.words and "uhr" in TIME_VOCABULARY.words
    assert "zahnarzt" not in TIME_VOCABULARY.words


def test_reschedule_form_words_are_data_too() -> None:
    form = RAW["reschedule_form"]
    assert set(form["forbidden"]) == {"oder", "bis", "zwischen", "statt", "nicht"}  # §5.2 verbatim
    assert {"verschieb", "verleg", "leg", "setz", "änder", "pack", "mach"} == set(form["verbs"])
    assert form["min_content_letters"] == 4 and form["compound_tail"] == "termin"


def test_issue18_clock_forms_are_data() -> None:
    """issue 18 §1: *halb X* (X−1):30, *viertel X* (X−1):15, *dreiviertel X* (X−1):45; *nach* adds, *vor*
    subtracts; N of *N nach/vor X* runs to 29; the fraction words stay blockers outside a clock form."""
    assert RAW["clock_fractions"] == {"halb": 30, "viertel": 15, "dreiviertel": 45}
    assert RAW["quarter_word"] in RAW["clock_fractions"]
    assert RAW["clock_relatives"] == {"nach": 1, "vor": -1}
    assert RAW["clock_minutes_max"] == 29
    assert set(RAW["clock_fractions"]) == set(RAW["fractions"]) <= set(RAW["blockers"])


def test_issue18_after_next_and_calendar_weeks_are_data() -> None:
    assert all(w.startswith("übernächst") for w in RAW["after_next"])
    assert "übernächsten" in TIME_VOCABULARY.after_next and "uebernaechsten" in TIME_VOCABULARY.after_next
    assert not set(RAW["after_next"]) & set(RAW["blockers"])  # read by the scan itself (issue 18 §2)
    assert set(RAW["calendar_week_words"]) == {"kw", "kalenderwoche"}


def test_issue18_holidays_have_words_and_exactly_one_rule() -> None:
    """issue 18 §4: a holiday is a fixed date or an offset from Easter Sunday, never a list per year."""
    names = set()
    for entry in RAW["holidays"]:
        assert set(entry) - {"after"} in ({"words", "date"}, {"words", "easter"}), entry
        assert all(spellings and all(WORD.match(w) for w in spellings) for spellings in entry["words"])
        if "date" in entry:
            month, day = entry["date"]
            assert 1 <= month <= 12 and 1 <= day <= 31
        else:
            assert -7 <= entry["easter"] <= 70
        names.add(" ".join(entry["words"][-1][0:1]))
    assert {"heiligabend", "silvester", "ostern", "pfingsten", "fronleichnam", "himmelfahrt"} <= names
    single = {w for entry in RAW["holidays"] if len(entry["words"]) == 1 for w in entry["words"][0]}
    assert not single & set(RAW["blockers"])  # read now; *Weihnachten* and *Feiertag* stay blockers
    assert {"weihnachten", "feiertag"} <= set(RAW["blockers"])
    assert single <= TIME_VOCABULARY.words  # a text naming a holiday has a time word (the property tests)
