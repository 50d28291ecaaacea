"""Grammatical causes of misses in list commands written by others, each pinned over
generated words (never the dev sentence alone). Every new form keeps the invariants: an item never
holds a list phrase or its own verb's particle, and no form names a list the sentence did not name."""

from __future__ import annotations

import itertools

import pytest

from novaberg.text.commands import ADD, REMOVE, read_list_command, unsafe_item_text
from novaberg.text.words import fold

ITEMS = ("Milch", "Eier", "Backpapier", "zwei Zitronen", "Hafermilch")
LISTS = (("Einkaufsliste", "Einkaufsliste"), ("Baumarkt-Liste", "Baumarkt-Liste"), ("Haushaltsliste", "Haushaltsliste"))


def _read(text):
    command = read_list_command(text)
    assert command is not None, text
    assert not unsafe_item_text(command.items), (text, command.items)
    return command


# --- cause 1: colloquial *machen* as a putting verb ---------------------------------------------------------

@pytest.mark.parametrize(("form", "item", "said"), list(itertools.product(
    ("Mach", "Mache", "Mach mal", "Mach bitte"), ITEMS, ("auf die {l}", "auf meine {l}", "in unsere {l}"))))
def test_colloquial_machen_puts_the_item_on_the_named_list(form, item, said):
    """*„Mach Hafermilch auf meine Einkaufsliste"* (paranerd's Alexa model): *machen* with a container of
    direction *to* adds, the item without the verb (it was read as „Mach Hafermilch" or not at all)."""
    for words, name in LISTS:
        command = _read(f"{form} {item} {said.format(l=words)}")
        assert (command.action, command.items, command.container.name) == (ADD, item, name)


@pytest.mark.parametrize(("item", "particle"), list(itertools.product(ITEMS, ("drauf", "dazu", "rauf"))))
def test_machen_with_a_particle_of_putting_adds_and_asks_which_list(item, particle):
    """*„Mach Backpapier drauf"*: a list item without a list — the notes ask which list (no container)."""
    command = _read(f"Mach {item} {particle}")
    assert (command.action, command.items, command.container) == (ADD, item, None)


@pytest.mark.parametrize(("item", "particle", "said"), list(itertools.product(
    ITEMS, ("runter", "weg", "raus"), ("von der Einkaufsliste", "aus meiner Einkaufsliste"))))
def test_machen_takes_off_only_with_a_particle_of_taking_off(item, particle, said):
    assert _read(f"Mach {item} {said} {particle}").action == REMOVE
    assert read_list_command(f"Mach {item} {said}") is None  # *Mach ein Foto von der Einkaufsliste*: no removal


@pytest.mark.parametrize("text", ["Mach das Licht aus", "Mach die Musik leiser", "Mach ein Foto von der Einkaufsliste",
                                  "Mach die Einkaufsliste leer", "Mach mir eine Packliste für den Urlaub",
                                  "Mach einen Termin beim Zahnarzt", "Machst du Milch auf die Liste?"])
def test_machen_is_no_list_command_elsewhere(text):
    assert read_list_command(text) is None


# --- cause 2: *stellen*, *legen* put an item; an imperative the lexicon does not know never starts an item ----

@pytest.mark.parametrize(("verb", "item"), list(itertools.product(("Stell", "Stelle", "Leg", "Lege"), ITEMS)))
def test_stellen_and_legen_put_the_item_on_the_list(verb, item):
    command = _read(f"{verb} {item} auf die Einkaufsliste")
    assert (command.action, command.items, command.container.name) == (ADD, item, "Einkaufsliste")


@pytest.mark.parametrize(("verb", "item"), list(itertools.product(
    ("Kleb", "Kauf", "Kaufe", "Bring", "Hol", "Besorg", "Tipp"), ITEMS)))
def test_an_unknown_imperative_never_becomes_the_first_word_of_an_item(verb, item):
    """*„Stell Milch auf die Einkaufsliste"* was read as the elliptic item „Stell Milch" (a wrong write): an
    imperative the lexicon does not know leaves the sentence unread (no write is better than a wrong one)."""
    assert read_list_command(f"{verb} {item} auf die Einkaufsliste") is None


# --- cause 3: a separable particle said before the item -----------------------------------------------------

@pytest.mark.parametrize(("verb", "particle", "item"), [
    ("Füge", "hinzu", "Milch"), ("Füg", "dazu", "Eier"), ("Streich", "durch", "Käse"), ("Hak", "ab", "Quark"),
    ("Nimm", "raus", "Öl"), ("Setz", "drauf", "Brot"), ("Füge", "hinzu", "Fenster putzen")])
def test_the_verbs_own_particle_never_stands_inside_an_item(verb, particle, item):
    """*„Füge eine Aufgabe hinzu Fenster putzen"* put „eine Aufgabe hinzu Fenster putzen" on a list: a particle
    of the order's verb inside the item means the sentence was not read — refused, whatever the list."""
    for text in (f"{verb} {particle} {item}", f"{verb} die Sache {particle} {item} auf die Einkaufsliste"):
        command = read_list_command(text)
        assert command is None or particle not in fold(command.items).split(), (text, command)


# --- cause 4: a task as the object of a creating verb ---------------------------------------------------------

TASKS = ("Fenster putzen", "Mama anrufen", "Steuererklärung machen", "Bericht schreiben", "Keller aufräumen")
TASK_FRAMES = ("Erstelle eine Aufgabe {t}", "Erstell eine neue Aufgabe: {t}", "Füge eine Aufgabe hinzu {t}",
               "Füg eine neue Aufgabe hinzu: {t}", "Ich möchte eine Aufgabe anlegen {t}", "Bitte erstelle ein To-do {t}",
               "Leg eine Aufgabe an: {t}", "Neue Aufgabe: {t}", "Trag ein To-do ein: {t}",
               "Kannst du eine neue Aufgabe erstellen: {t}", "Schreib eine Aufgabe auf: {t}")


@pytest.mark.parametrize(("frame", "task"), list(itertools.product(TASK_FRAMES, TASKS)))
def test_a_task_said_as_the_object_goes_on_the_to_do_list(frame, task):
    """vikunja's voice commands: *„Erstelle eine Aufgabe Lebensmittel kaufen"* — notizen.md §8: a task is
    an item of the list of type `todo`; the task keeps its own infinitive (*Bericht schreiben*)."""
    command = _read(frame.format(t=task))
    assert (command.action, command.items, command.container.name) == (ADD, task, "To-do-Liste")


@pytest.mark.parametrize(("frame", "task"), list(itertools.product(
    ("Streich die Aufgabe {t}", "Lösch die Aufgabe {t}", "Hak die Aufgabe {t} ab", "Entferne das To-do {t}"),
    TASKS)))
def test_a_task_struck_by_name_comes_off_the_to_do_list(frame, task):
    command = _read(frame.format(t=task))
    assert (command.action, command.items, command.container.name) == (REMOVE, task, "To-do-Liste")


@pytest.mark.parametrize("text", [
    "Ich habe eine Aufgabe für dich", "Die Aufgabe ist erledigt", "Was ist meine nächste Aufgabe?",
    "Aufgabe erledigt", "Erstelle eine Aufgabe", "Lösch die Aufgabe und erstelle eine Aufgabe Fenster putzen",
    "Erstelle eine Aufgabe ich muss putzen", "Erstelle eine Aufgabe auf der Einkaufsliste"])
def test_the_task_frame_reads_nothing_else(text):
    assert read_list_command(text) is None


# --- cause 5: the list named first, then a colon (*Einkaufsliste: Milch, Eier*) -------------------------------

@pytest.mark.parametrize(("words", "name", "items"), [
    (w, n, i) for (w, n), i in itertools.product(LISTS, ("Milch", "Milch, Eier", "Brot und Butter"))])
def test_a_list_named_before_a_colon_takes_the_items(words, name, items):
    command = _read(f"{words}: {items}")
    assert (command.action, command.items, command.container.name) == (ADD, items, name)


@pytest.mark.parametrize("text", ["Notiz: Zahnarzt anrufen", "Einkaufsliste: was steht drauf?",
                                  "Einkaufsliste: was steht drauf", "Hinweis: Milch", "Liste: Milch"])
def test_a_colon_after_anything_but_a_named_list_is_no_item(text):
    command = read_list_command(text)
    assert command is None or command.container.name == "", (text, command)  # *Liste:* asks which list


# --- cause 6: the end of an elliptic order says the direction (*hinzu*, a modal next to the list it leaves) ----

@pytest.mark.parametrize(("item", "tail", "action"), [
    (i, t, a) for i, (t, a) in itertools.product(ITEMS, (
        ("zur Einkaufsliste hinzu", ADD), ("auf die Einkaufsliste drauf", ADD), ("zur Einkaufsliste dazu", ADD),
        ("kann von der Einkaufsliste", REMOVE), ("muss von der Einkaufsliste", REMOVE),
        ("darf von meiner Einkaufsliste", REMOVE), ("soll aus der Einkaufsliste", REMOVE)))])
def test_an_elliptic_order_ends_in_its_direction(item, tail, action):
    command = _read(f"{item} {tail}")
    assert (command.action, command.items, command.container.name) == (action, item, "Einkaufsliste")


@pytest.mark.parametrize("text", ["Milch kommt von der Einkaufsliste", "Milch von der Einkaufsliste hinzu",
                                  "Milch kann zur Einkaufsliste weg"])
def test_a_direction_against_the_list_is_no_order(text):
    assert read_list_command(text) is None


# --- cause 7: frames before a zu-infinitive or a wish, and *erweitern um* ----------------------------------------

@pytest.mark.parametrize(("frame", "item"), list(itertools.product((
    "Vergiss nicht, {i} auf die Einkaufsliste zu setzen", "Denk dran, {i} zur Einkaufsliste hinzuzufügen",
    "Denk daran {i} auf die Einkaufsliste aufzuschreiben", "Ich will {i} auf meiner Einkaufsliste haben",
    "Ich hätte gern {i} auf der Einkaufsliste", "Wir hätten gerne {i} auf der Einkaufsliste",
    "Erweitere die Einkaufsliste um {i}"), ITEMS)))
def test_a_frame_before_the_order_is_no_part_of_the_item(frame, item):
    command = _read(frame.format(i=item))
    assert (command.action, command.items, command.container.name) == (ADD, item, "Einkaufsliste")


@pytest.mark.parametrize("text", ["Ich hätte gerne Käse", "Vergiss nicht die Milch", "Denk dran, Milch zu kaufen",
                                  "Ich will wissen, was auf der Einkaufsliste steht", "Ich hätte gern einen Termin"])
def test_a_wish_without_a_list_order_is_no_list_command(text):
    assert read_list_command(text) is None


# --- cause 8: a remark after the order (*, die haben wir schon*) -----------------------------------------------

@pytest.mark.parametrize(("order", "remark"), list(itertools.product(
    ("Streiche Milch von der Einkaufsliste", "Setz Milch auf die Einkaufsliste", "Streich Milch durch"),
    ("die haben wir schon", "die ist alle", "weil wir keine mehr haben", "das brauchen wir"))))
def test_a_remark_after_the_order_is_no_item(order, remark):
    command = _read(f"{order}, {remark}")
    assert fold(command.items) == "milch", (order, remark, command)


# --- cause 9: the case of the container phrase — onto (accusative) never takes off --------------------------------

@pytest.mark.parametrize(("verb", "item", "said"), list(itertools.product(
    ("Streich", "Lösch", "Entferne", "Hau", "Wirf"), ITEMS[:3], ("auf die Einkaufsliste", "in meine Einkaufsliste",
                                                                  "auf unsere Einkaufsliste", "ins Einkaufsheft"))))
def test_a_striking_verb_with_a_direction_onto_the_list_is_not_read(verb, item, said):
    """*„Hau Milch auf die Einkaufsliste"* struck the Milch (a wrong write): *auf die*/*in meine* (accusative) point
    onto the list — a removal never points that way; nothing is read, nothing written."""
    assert read_list_command(f"{verb} {item} {said}") is None


@pytest.mark.parametrize(("verb", "item", "said"), list(itertools.product(
    ("Streich", "Lösch", "Entferne"), ITEMS[:3], ("auf der Einkaufsliste", "in meiner Einkaufsliste",
                                                 "auf unserer Einkaufsliste", "von der Einkaufsliste"))))
def test_a_striking_verb_at_the_place_on_the_list_takes_off(verb, item, said):
    command = _read(f"{verb} {item} {said}")
    assert (command.action, command.items, command.container.name) == (REMOVE, item, "Einkaufsliste")


# --- cause 10: a negated order ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("frame", "item"), list(itertools.product((
    "Setz {i} nicht auf die Einkaufsliste", "{i} bitte nicht auf die Einkaufsliste", "Setz keine {i} auf die Liste",
    "Lösch {i} nicht von der Einkaufsliste", "Nimm {i} bloß nicht von der Liste", "Füge {i} nicht hinzu",
    "Einkaufsliste: keine {i}", "{i} nicht auf die Einkaufsliste setzen", "Streich {i} niemals durch",
    "Erstelle keine Aufgabe {i}"), ITEMS)))
def test_a_negated_order_is_no_list_command(frame, item):
    """*„Setz Milch nicht auf die Einkaufsliste"* added the item „Milch nicht“ (a wrong write): a negation in the
    order leaves it unread — nothing is written. The frame *Vergiss nicht, …* is no negation of the order."""
    assert read_list_command(frame.format(i=item)) is None
    command = _read(f"Vergiss nicht, {item} auf die Einkaufsliste zu setzen")
    assert (command.action, command.items) == (ADD, item)


# --- cause 11: a clause of its own is no item (a modal of wish, a reflexive) ------------------------------------

@pytest.mark.parametrize(("frame", "item"), list(itertools.product((
    "Die Kinder wollen {i} auf der Einkaufsliste", "Anna möchte {i} auf der Einkaufsliste",
    "Papa mag {i} auf der Einkaufsliste", "Stell dir vor, {i} auf der Einkaufsliste",
    "Schreib dir {i} auf die Liste", "Er will {i} auf der Einkaufsliste"), ITEMS)))
def test_a_clause_with_a_wish_or_a_reflexive_is_no_item(frame, item):
    """*„Die Kinder wollen Schokolade auf der Einkaufsliste"* became the item „Die Kinder wollen Schokolade“: a
    finite modal (*wollen, möchte, mag*) or a reflexive (*dir, dich, sich*) makes the words a clause — unread."""
    assert read_list_command(frame.format(i=item)) is None


# --- cause 12: what the list is for — a time after it, or *für den Baumarkt* naming it -------------------------

@pytest.mark.parametrize(("item", "scope"), list(itertools.product(ITEMS, (
    "für morgen", "fürs Wochenende", "für nächsten Samstag", "für diese Woche", "für Freitag"))))
def test_the_time_a_list_is_for_is_no_part_of_an_item(item, scope):
    """*„Setz Milch auf die Einkaufsliste für morgen"* was unread (and went to the calendar as a move): the time
    after the list belongs to the container phrase; the item is exactly the item."""
    command = _read(f"Setz {item} auf die Einkaufsliste {scope}")
    assert (command.action, command.items, command.container.name) == (ADD, item, "Einkaufsliste")
    command = _read(f"Setz {item} auf die Liste {scope}")
    assert (command.action, command.items, command.container.name) == (ADD, item, "")


@pytest.mark.parametrize(("said", "name"), [("für den Baumarkt", "Baumarkt"), ("für die Drogerie", "Drogerie"),
                                            ("fürs Büro", "Büro"), ("für Rewe", "Rewe")])
def test_a_bare_list_for_a_place_is_the_list_of_that_name(said, name):
    for verb, action, prep in (("Setz", ADD, "auf die"), ("Streich", REMOVE, "von der")):
        command = _read(f"{verb} Schrauben {prep} Liste {said}")
        assert (command.action, command.items, command.container.name) == (action, "Schrauben", name)
