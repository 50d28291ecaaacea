"""One negation list and one list of delete verbs (`text/lexicon_de.json`), read by every reader: a word added there
is a negation or a delete verb for the list reader, the request grammar, the notes and the files' dialogue alike."""

from __future__ import annotations

import pytest

from novaberg.files.dialogue import read_revocation
from novaberg.notes.agent.offline import parse
from novaberg.text.commands import ADD, REMOVE, read_list_command
from novaberg.text.grammar import REQUEST, analyse
from novaberg.text.lexicon import DELETE_VERBS, NEGATIONS, negated


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
