"""The checked reading of model answers (timeline.md §3 "Die Antwort wird geprüft gelesen")."""

from __future__ import annotations

import pytest

from novaberg.core.errors import ModelAnswerError
from novaberg.llm.reader import read_bool, read_list_of_text, read_number, read_object, read_text


def test_object_is_read():
    assert read_object('{"target": "Zahnarzt"}') == {"target": "Zahnarzt"}


def test_fenced_object_is_unwrapped():
    assert read_object('```json\n{"a": "b"}\n```') == {"a": "b"}


@pytest.mark.parametrize("text", ["kein json", "[1, 2]", '"text"', "null", "42", "", None, '{"a": 1'])
def test_not_an_object_is_loud_kein_objekt(text):
    with pytest.raises(ModelAnswerError) as err:
        read_object(text)
    assert err.value.step == "kein_objekt"


def test_null_and_missing_give_the_default():
    answer = {"target": None}
    assert read_text(answer, "target", "vorgabe") == "vorgabe"
    assert read_text(answer, "fehlt", "vorgabe") == "vorgabe"


def test_empty_string_passes_unchanged():
    assert read_text({"target": ""}, "target", "vorgabe") == ""


@pytest.mark.parametrize("value", [1, 1.5, True, ["a"], {"a": 1}])
def test_wrong_type_is_loud_feld_falscher_typ(value):
    with pytest.raises(ModelAnswerError) as err:
        read_text({"target": value}, "target")
    assert err.value.step == "feld_falscher_typ"


def test_other_field_kinds():
    assert read_number({"x": 0.5}, "x") == 0.5
    assert read_number({"x": None}, "x", 1.0) == 1.0
    with pytest.raises(ModelAnswerError):
        read_number({"x": "0.5"}, "x")
    with pytest.raises(ModelAnswerError):
        read_number({"x": True}, "x")
    assert read_bool({"x": True}, "x") is True
    with pytest.raises(ModelAnswerError):
        read_bool({"x": "ja"}, "x")
    assert read_list_of_text({"x": ["a", "b"]}, "x") == ["a", "b"]
    assert read_list_of_text({"x": None}, "x") == []
    with pytest.raises(ModelAnswerError):
        read_list_of_text({"x": ["a", 1]}, "x")


@pytest.mark.parametrize(
    "text",
    ['{"domain": NaN}', '{"domain": Infinity}', '{"a": {"b": [-Infinity]}}', '{"konfidenz": 1e999}',
     '```json\n{"limit": NaN}\n```'],
)
def test_nan_and_infinity_anywhere_are_a_wrong_type(text):
    """NaN/Infinity from a model are wrong types (checked reading), wherever they stand."""
    with pytest.raises(ModelAnswerError) as err:
        read_object(text)
    assert err.value.step == "feld_falscher_typ"


@pytest.mark.parametrize("text", ["[" * 100_000, '{"a": ' + "[" * 50_000 + "]" * 50_000 + "}", '{"a": 1' + "0" * 5000 + "}"])
def test_json_too_deep_or_too_long_is_no_object_not_a_crash(text):
    """Nesting beyond the parser's depth and a 5000-digit integer are
    `kein_objekt`, never a RecursionError or a raw ValueError."""
    with pytest.raises(ModelAnswerError) as err:
        read_object(text)
    assert err.value.step == "kein_objekt"


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf"), 10**400])
def test_read_number_refuses_what_is_not_a_finite_number(value):
    """A number field that is not finite (or beyond a float) is a wrong type."""
    with pytest.raises(ModelAnswerError) as err:
        read_number({"x": value}, "x")
    assert err.value.step == "feld_falscher_typ"


def test_read_number_refuses_a_value_outside_its_range():
    """A score outside the range the reader knows is a wrong value, loud like a wrong type."""
    assert read_number({"konfidenz": 0.7}, "konfidenz", minimum=0.0, maximum=1.0) == 0.7
    assert read_number({"konfidenz": 1}, "konfidenz", minimum=0.0, maximum=1.0) == 1.0
    for bad in (1.5, -0.1):
        with pytest.raises(ModelAnswerError) as err:
            read_number({"konfidenz": bad}, "konfidenz", minimum=0.0, maximum=1.0)
        assert err.value.step == "feld_falscher_typ"


@pytest.mark.parametrize("text", ['{"target": "Zahn\\u0000arzt"}', '{"a": ["x\\ud800"]}', '{"\\u0000": "b"}'])
def test_a_text_no_column_can_store_is_a_wrong_type(text):
    """NUL or a lone surrogate in a model's text would fail the write
    later; the checked reading refuses it at once."""
    with pytest.raises(ModelAnswerError) as err:
        read_object(text)
    assert err.value.step == "feld_falscher_typ"


def test_valid_unicode_passes():
    """A raw NUL inside a JSON string is no JSON at all; escaped surrogate pairs are one valid character."""
    with pytest.raises(ModelAnswerError) as err:
        read_object('{"a": "\x00"}')
    assert err.value.step == "kein_objekt"
    assert read_object('{"a": "Grüße \\ud83d\\ude00 😀"}') == {"a": "Grüße 😀 😀"}
