"""The one tokenizer (text/tokens.py): plain words split at a hyphen and drop apostrophes; the list reader's form
(`compounds=True`) keeps a hyphenated or apostrophed word whole as written and gives its item-ending signs as
tokens of their own, with offsets into the text."""

from __future__ import annotations

from novaberg.text.commands import read_list_command
from novaberg.text.list_text import join_list_compounds
from novaberg.text.tokens import tokenize


def test_plain_words_split_at_a_hyphen_and_drop_the_apostrophe():
    assert [t.surface for t in tokenize("Kellogg's auf die To-do-Liste, bitte")] == [
        "Kelloggs", "auf", "die", "To", "do", "Liste", "bitte"]


def test_the_list_form_keeps_compounds_whole_and_gives_the_item_ending_signs():
    text = "Kellogg's auf die To-do-Liste, bitte; Äpfel"
    tokens = tokenize(text, compounds=True, marks=",;")
    assert [t.surface for t in tokens] == ["Kellogg's", "auf", "die", "To-do-Liste", ",", "bitte", ";", "Äpfel"]
    assert [t.folded for t in tokens][3:] == ["to-do-liste", ",", "bitte", ";", "aepfel"]
    assert all(text[t.start:t.end] == t.surface for t in tokens)


def test_the_list_reader_keeps_an_apostrophe_and_a_hyphen_inside_an_item():
    command = read_list_command("Setz Kellogg's Corn-Flakes auf die To-do-Liste")
    assert command is not None and command.items == "Kellogg's Corn-Flakes", command
    assert command.container is not None and command.container.name == "To-do-Liste"


def test_a_list_compound_said_in_two_words_is_joined_in_a_decomposed_text_too():
    assert join_list_compounds("A\u0308pfel auf die einkaufs liste") == "Äpfel auf die einkaufsliste"
