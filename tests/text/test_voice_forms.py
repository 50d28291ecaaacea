"""Commands as a speech recogniser or a hurried person writes them — the list-command reader and the
request grammar read them as their written forms: the case says nothing where a text has no capitals, an opening
*sag mal* needs no comma, a verb-first question needs no question mark, a list compound may come in two words,
and items enumerated without their commas are not guessed (one item or several?)."""

from __future__ import annotations

import pytest

from novaberg.text.commands import (
    ambiguous_enumeration,
    join_list_compounds,
    read_list_command,
    restore_list_colon,
)
from novaberg.text.grammar import QUESTION, REQUEST, analyse


def _reading(text: str) -> tuple[str, str, str] | None:
    command = read_list_command(text, bare_names=True)
    if command is None:
        return None
    return command.action, command.items.casefold(), (command.container.name if command.container else "").casefold()


@pytest.mark.parametrize(
    ("written", "voiced"),
    [
        ("Füge Klopapier Einkaufs Liste hinzu", "füge klopapier einkaufs liste hinzu"),
        ("Füge Tomaten der Einkaufs Liste hinzu bitte", "füge tomaten der einkaufs liste hinzu bitte"),
        ("Pack Tomaten in Einkaufs Liste", "pack tomaten in einkaufs liste"),
        ("Füge zu meiner Einkaufs Liste Backpapier hinzu", "füge zu meiner einkaufs liste backpapier hinzu"),
        ("Nimm den Käse aus der Baumarkt Liste raus", "nimm den käse aus der baumarkt liste raus"),
        ("Setz Eier auf die Einkaufsliste", "setz eier auf die einkaufsliste"),
    ],
)
def test_a_list_named_in_two_words_is_read_without_capitals(written: str, voiced: str) -> None:
    """Before: *füge klopapier einkaufs liste hinzu* gave the item „klopapier einkaufs“ on a bare *Liste* (the
    name was told by its capital letter)."""
    expected = _reading(written)
    assert expected is not None and expected[2]
    assert _reading(voiced) == expected


def test_without_capitals_an_item_before_a_bare_list_word_stays_an_item() -> None:
    """*füge backpapier liste hinzu* names no list (as *Füge Backpapier Liste hinzu* does not): the list is asked."""
    assert _reading("füge backpapier liste hinzu") == _reading("Füge Backpapier Liste hinzu") == (
        "add", "backpapier", "")


@pytest.mark.parametrize(
    ("text", "core"),
    [
        ("Sag mal leg mir morgen um 10 den Zahnarzt an", "leg mir morgen um 10 den Zahnarzt an"),
        ("sag mal vergiss den zahnarzt", "vergiss den zahnarzt"),
        ("ok gut lösch den zahnarzt", "lösch den zahnarzt"),
    ],
)
def test_an_opening_clause_needs_no_comma(text: str, core: str) -> None:
    utterance = analyse(text)
    assert (utterance.mood, utterance.core) == (REQUEST, core)


def test_a_lone_sag_stays_the_verb() -> None:
    assert analyse("sag den zahnarzt ab").core == "sag den zahnarzt ab"


@pytest.mark.parametrize("text", ["steht milch auf der einkaufsliste", "Steht morgen was an", "gibt es morgen termine"])
def test_a_verb_first_question_needs_no_question_mark(text: str) -> None:
    assert analyse(text).mood == QUESTION


@pytest.mark.parametrize("text", ["Ist erledigt", "Bin gleich da", "Steht"])
def test_a_told_sentence_without_subject_stays_told(text: str) -> None:
    """Only *steht*/*gibt* ask by their place alone: a told sentence that drops its subject is no question."""
    assert analyse(text).mood != QUESTION


@pytest.mark.parametrize(
    ("text", "joined"),
    [
        ("lösch die pack liste", "lösch die packliste"),
        ("Notier mir eine Einkaufs Liste: Milch", "Notier mir eine Einkaufsliste: Milch"),
        ("was steht auf meiner to do liste", "was steht auf meiner to-do-liste"),
        ("Füge Backpapier Liste hinzu", "Füge Backpapier Liste hinzu"),  # no article: the item stays
        ("Zeig mir die Liste Baumarkt", "Zeig mir die Liste Baumarkt"),
    ],
)
def test_a_split_list_compound_after_an_article_is_one_word(text: str, joined: str) -> None:
    assert join_list_compounds(text) == joined


@pytest.mark.parametrize(
    ("items", "text", "ambiguous"),
    [
        ("pass ladekabel und sonnencreme", "pack pass ladekabel und sonnencreme auf die packliste", True),
        ("Pass Ladekabel und Sonnencreme", "Pack Pass Ladekabel und Sonnencreme auf die Packliste", True),
        ("Pass, Ladekabel und Sonnencreme", "Pack Pass, Ladekabel und Sonnencreme auf die Packliste", False),
        ("frische Milch und Eier", "Setz frische Milch und Eier auf die Liste", False),
        ("zwei liter milch und eier", "setz zwei liter milch und eier auf die liste", False),
        ("äpfel und bananen", "setz äpfel und bananen auf die liste", False),
        ("rote paprika", "setz rote paprika auf die liste", False),  # a known adjective before its noun: one item
        ("frische fettarme milch", "setz frische fettarme milch auf die liste", False),
        ("Frische Milch", "Frische Milch auf die Liste bitte", False),
        ("kaese brot", "setz kaese brot auf die liste", True),  # two nouns without capitals: one item or two
        ("milch eier", "füge milch eier zur einkaufsliste hinzu", True),
        ("rote paprika eier", "setz rote paprika eier auf die liste", True),
        ("rote Paprika", "Setz rote Paprika auf die Liste", False),
        ("Schrauben Dübel", "Leg mir eine Liste für den Baumarkt an: Schrauben Dübel", True),
    ],
)
def test_items_without_their_commas_are_not_guessed(items: str, text: str, ambiguous: bool) -> None:
    """*Pass, Ladekabel und Sonnencreme* said without commas may be „Pass Ladekabel“ and „Sonnencreme“: never a
    wrong item — the notes write nothing then (notes/agent/offline.py `parse`)."""
    assert ambiguous_enumeration(items, text) is ambiguous


@pytest.mark.parametrize(
    ("text", "restored"),
    [
        ("notier mir eine einkaufsliste äpfel und bananen", "notier mir eine einkaufsliste: äpfel und bananen"),
        ("Schreib mir eine Packliste auf Milch", "Schreib mir eine Packliste auf: Milch"),
        ("leg mir eine liste für den baumarkt an schrauben", "leg mir eine liste für den baumarkt an: schrauben"),
        ("Erstell eine Liste Baumarkt", "Erstell eine Liste Baumarkt"),  # the list's name, not an item
        ("Erstell eine Liste für den Urlaub", "Erstell eine Liste für den Urlaub"),
        ("Leg eine Einkaufsliste an mit Pass", "Leg eine Einkaufsliste an mit Pass"),
        ("Erstell eine Einkaufsliste: Milch", "Erstell eine Einkaufsliste: Milch"),
    ],
)
def test_a_new_list_and_its_items_said_without_the_colon(text: str, restored: str) -> None:
    """Before: *notier mir eine einkaufsliste äpfel und bananen* wrote a note „eine einkaufsliste äpfel und
    bananen“ where the written form (with its colon) makes the list with two items."""
    assert restore_list_colon(text) == restored


@pytest.mark.parametrize("text", ["Füge Einkaufs Liste Spachtel hinzu", "füge einkaufs liste spachtel hinzu",
                                  "Füge Einkauf Liste Klopapier hinzu, danke"])
def test_a_lists_own_stem_first_is_the_list(text: str) -> None:
    """The dev miss *Füge Einkaufs Liste Spachtel hinzu* asked to create a list „Spachtel“ for the item „Einkaufs“:
    *Einkauf(s)* is the shopping list's own stem (`list_aliases`), so the item follows its list."""
    command = read_list_command(text, bare_names=True)
    assert command is not None and command.container is not None
    assert (command.items.casefold(), command.container.name) in (("spachtel", "Einkaufsliste"),
                                                                  ("klopapier", "Einkaufsliste"))


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("zeig mir bitte was ich im dezember vorhabe", "Zeig mir bitte, was ich im Dezember vorhabe"),
        ("weisst du noch wann ich den zahnarzt habe", "Weißt du noch, wann ich den Zahnarzt habe?"),
    ],
)
def test_an_embedded_question_needs_no_comma(text: str, written: str) -> None:
    """The held-out *Zeig mir bitte, was ich im Dezember vorhabe* lost its reading without the comma."""
    voiced, expected = analyse(text), analyse(written)
    assert voiced.mood == expected.mood == QUESTION
    assert voiced.core.casefold().rstrip("?") == expected.core.casefold().rstrip("?").replace("ß", "ss")


def test_a_task_is_a_phrase_even_without_commas() -> None:
    """*erstelle eine aufgabe bericht fertigstellen*: the to-do list takes the task as said (no enumeration doubt)."""
    assert not ambiguous_enumeration("bericht fertigstellen", "erstelle eine aufgabe bericht fertigstellen")


@pytest.mark.parametrize(
    "text",
    ["Backpapier auf Baumarkt bitte", "Öl auf die Baumarkt, danke", "Würdest du Käse in Baumarkt bitte",
     "Backpapier in unsere Baumarkt", "backpapier auf baumarkt bitte"],
)
def test_an_elliptic_order_may_name_its_list_alone(text: str) -> None:
    """The dev misses *Backpapier auf Baumarkt bitte* / *Würdest du Käse in Baumarkt bitte* („Ohne Sprachmodell …“):
    a closing *bitte*/*danke*, a polite frame or a possessive make the elliptic order; the name is read as a bare
    list that the search node confirms against the person's lists (none of that name: nothing written)."""
    command = read_list_command(text, bare_names=True)
    assert command is not None and command.container is not None and command.container.bare
    assert (command.action, command.container.name.casefold()) == ("add", "baumarkt")
