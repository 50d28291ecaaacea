"""The edge validation: ids 1–200 printable characters, text ≤ 20,000 characters without
NUL and lone surrogates; anything else is an InputError naming the field, never another exception."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from novaberg.core.edge import EmptyTextError, check_id, check_text, check_turn
from novaberg.core.errors import InputError
from novaberg.core.settings import ID_MAX_CHARS, TEXT_MAX_CHARS

_ANYTHING = st.one_of(
    st.text(), st.text(alphabet=st.characters(exclude_categories=())),  # surrogates included
    st.text(alphabet=st.sampled_from("a \x00\ud800\udfff\t\u200bß")),
    st.text(min_size=195, max_size=205), st.none(), st.integers(), st.floats(), st.booleans(), st.binary(),
    st.lists(st.text(), max_size=2), st.just("\x00"), st.just("\ud800"),
)


@given(_ANYTHING)
def test_an_id_is_valid_printable_bounded_text_or_an_input_error(value):
    """check_id passes only printable 1–200 character strings, else InputError."""
    try:
        checked = check_id(value, "user_id")
    except InputError as err:
        assert "user_id" in str(err)
        return
    assert checked is value and isinstance(checked, str)
    assert 1 <= len(checked) <= ID_MAX_CHARS and checked.isprintable() and checked.strip()
    assert "\x00" not in checked
    checked.encode("utf-8")  # no lone surrogate: encodable


@given(_ANYTHING)
def test_a_text_is_valid_bounded_text_or_an_input_error(value):
    """check_text passes only non-empty strings ≤ 20,000 without NUL/surrogates."""
    try:
        checked = check_text(value)
    except InputError as err:
        assert "text" in str(err)
        return
    assert checked is value and isinstance(checked, str)
    assert len(checked) <= TEXT_MAX_CHARS and checked.strip() and "\x00" not in checked
    checked.encode("utf-8")


@given(st.text(min_size=1, max_size=ID_MAX_CHARS).filter(lambda s: s.isprintable() and s.strip()))
def test_every_printable_id_up_to_the_limit_passes(value):
    """No valid id is refused."""
    assert check_id(value, "character_id") == value


@pytest.mark.parametrize(("value", "rule"), [
    ("u\x00", "NUL"), ("u\ud800", "Surrogat"), ("x" * (ID_MAX_CHARS + 1), "zu lang"), ("", "leer"),
    ("   ", "Leerzeichen"), ("a\tb", "Steuer"), ("a\nb", "Steuer"), ("a\u200bb", "Steuer"),
    (math.nan, "NaN"), (None, "null"), (7, "int"),
])
def test_bad_ids_are_refused_with_the_rule_named(value, rule):
    """NUL, lone surrogate, 201 characters, empty, blank, control characters, NaN, None, int."""
    with pytest.raises(InputError, match=rule) as caught:
        check_id(value, "user_id")
    assert "user_id" in str(caught.value)


def test_an_id_of_exactly_200_characters_and_german_letters_pass():
    """The limit is inclusive; Umlaute, ß, spaces inside and emoji are printable."""
    assert check_id("x" * ID_MAX_CHARS, "user_id")
    assert check_id("Jürgen Weiß 🙂", "user_id") == "Jürgen Weiß 🙂"


@pytest.mark.parametrize(("value", "rule"), [
    ("Hallo\x00", "NUL"), ("Hallo \udc80", "Surrogat"), ("x" * (TEXT_MAX_CHARS + 1), "zu lang"),
    (math.nan, "NaN"), (None, "null"), (42, "int"), (["Hallo"], "list"),
])
def test_bad_texts_are_refused_with_the_rule_named(value, rule):
    """NUL, lone surrogate, 20,001 characters, NaN, None, a number, a list."""
    with pytest.raises(InputError, match=rule):
        check_text(value)


@pytest.mark.parametrize("value", ["", "  ", "\n\t "])
def test_an_empty_text_is_the_empty_error(value):
    """Empty stays its own error (the facade's EmptyTurnError), still an InputError/ValueError."""
    with pytest.raises(EmptyTextError) as caught:
        check_text(value)
    assert isinstance(caught.value, ValueError)


def test_a_text_of_exactly_20000_characters_with_line_breaks_passes():
    """The limit is inclusive; tabs and line breaks belong in a text."""
    text = ("Zeile\tmit Tab\n" * 2000)[:TEXT_MAX_CHARS]
    assert check_text(text) == text


def test_a_turn_checks_ids_before_the_text():
    """The more basic error (who) is named first."""
    with pytest.raises(InputError, match="character_id"):
        check_turn("u", "", "")
