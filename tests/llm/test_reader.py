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
