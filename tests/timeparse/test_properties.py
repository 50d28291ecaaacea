"""Properties over arbitrary input (*Bad input*): `parse` never raises on a string, never
returns a moment for text without a digit or a time word, and never hangs."""

from __future__ import annotations

import re
import time
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from novaberg.timeparse import (
    TIME_VOCABULARY,
    ZeitVektor,
    named_period,
    parse,
    raw_time_form,
    read_time,
    reschedule_target,
)
from tests.timeparse.support import BERLIN, WEDNESDAY, at

NOW = WEDNESDAY
OLD = at(2026, 10, 16, 9, 30)
_LETTERS = re.compile(r"[a-zäöüß]+")


def _has_time_material(text: str) -> bool:
    """A digit, or a word of any list of the vocabulary (weekday, month, day word, number word, unit…)."""
    if re.search(r"[0-9]", text):
        return True
    words = _LETTERS.findall(unicodedata.normalize("NFC", text).lower())
    return any(w in TIME_VOCABULARY.words for w in words)


# Words that make up sentences: time words, fillers, modifiers, noise, punctuation.
_VOCAB = sorted(TIME_VOCABULARY.words | TIME_VOCABULARY.fillers | TIME_VOCABULARY.blockers)
_NOISE = ["Zahnarzt", "Termin", "bitte", "verschieb", "den", "und", "oder", "nach", "vor", "von", "bis", "zwischen"]
_PIECES = st.one_of(
    st.sampled_from(_VOCAB),
    st.sampled_from(_NOISE),
    st.integers(min_value=0, max_value=3000).map(str),
    st.tuples(st.integers(0, 40), st.integers(0, 99)).map(lambda p: f"{p[0]}:{p[1]:02d}"),
    st.tuples(st.integers(0, 40), st.integers(0, 15)).map(lambda p: f"{p[0]}.{p[1]}."),
    st.sampled_from([",", ".", "-", "–", "?", "/", "Uhr", "Fr.", "Nov."]),
)
_SENTENCES = st.lists(_PIECES, min_size=0, max_size=12).map(" ".join)


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=200))
def test_parse_never_raises_on_arbitrary_strings(text: str) -> None:
    vector = parse(text, NOW)
    assert isinstance(vector, ZeitVektor)
    if not _has_time_material(text):
        assert vector.moment is None


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Nd",)), max_size=120).filter(lambda t: not _has_time_material(t)))
def test_no_digit_and_no_time_word_never_gives_a_moment(text: str) -> None:
    assert parse(text, NOW).moment is None
    assert parse(text, NOW, reference=OLD).moment is None


@settings(max_examples=600, deadline=None)
@given(_SENTENCES)
def test_sentences_of_time_words_never_raise_and_give_consistent_vectors(text: str) -> None:
    vector = parse(text, NOW)
    if vector.moment is None:
        assert vector == ZeitVektor()
        return
    assert vector.moment.tzinfo is BERLIN or vector.moment.utcoffset() is not None
    assert vector.precision == ("minute" if vector.uhrzeit_erkannt else "day")
    assert vector.tag_erkannt or vector.uhrzeit_erkannt
    if vector.precision == "day":
        assert (vector.moment.hour, vector.moment.minute) == (0, 0)
    if vector.end is not None:
        assert vector.end > vector.moment


@settings(max_examples=300, deadline=None)
@given(st.one_of(_SENTENCES, st.text(max_size=120)))
def test_the_other_readers_never_raise(text: str) -> None:
    read_time(text).clock_time()
    named_period(text, NOW)
    raw_time_form(text, "Zahnarzt")
    result = reschedule_target(text, OLD, NOW, title="Zahnarzt", expression=text[:40])
    assert (result.moment is None) == (result.reason is not None)


@pytest.mark.parametrize("bad", [None, 0, 1.5, b"morgen", ["morgen"], {"text": "morgen"}, object()])
def test_non_strings_raise_type_error(bad: object) -> None:
    for reader in (lambda: parse(bad, NOW), lambda: read_time(bad), lambda: named_period(bad, NOW)):  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            reader()


@pytest.mark.parametrize(
    "text",
    [
        "morgen um 10 " * 8000,  # ~100 kB
        "1" * 100_000,
        "um " * 40_000,
        "morgen\x00um 10",
        "\x00" * 1000,
        "heute\x1bum 10",
    ],
)
def test_long_and_control_text_returns_nothing_quickly(text: str) -> None:
    start = time.perf_counter()
    assert parse(text, NOW).moment is None
    assert read_time(text).hours == ()
    assert named_period(text, NOW) is None
    assert time.perf_counter() - start < 0.5


def test_the_longest_read_text_stays_fast() -> None:
    """Below the length limit the work stays linear: 2000 characters of time words take milliseconds
    (the bound is loose for loaded machines; a backtracking regex would take seconds)."""
    text = ("morgen um 10 Uhr, " * 200)[:2000]
    parse("morgen um 10 Uhr", NOW)  # the patterns compiled and the vocabulary loaded outside the timed part
    read_time("morgen um 10 Uhr")
    raw_time_form("morgen um 10 Uhr", "Zahnarzt")
    start = time.perf_counter()
    parse(text, NOW)
    read_time(text)
    raw_time_form(text, "Zahnarzt")
    raw_time_form("auf" + " " * 1990 + "x", "Zahnarzt")
    assert time.perf_counter() - start < 0.25
