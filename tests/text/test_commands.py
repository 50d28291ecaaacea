"""The list-command reader: what it reads, and what it must leave alone — a question, a
statement, the whole list, the calendar, *alles* — so that no other rule's sentence turns into an item."""

from __future__ import annotations

import pytest

from novaberg.text.commands import ADD, REMOVE, read_list_command, unsafe_item_text


@pytest.mark.parametrize(
    ("text", "action", "items", "name"),
    [
        ("Füge Eier zu meiner Einkaufsliste hinzu, danke", ADD, "Eier", "Einkaufsliste"),
        ("Nimm den Käse bitte aus der Einkaufsliste raus", REMOVE, "den Käse", "Einkaufsliste"),
        ("Kannst du Tomaten der Einkaufsliste hinzufügen", ADD, "Tomaten", "Einkaufsliste"),
        ("Lösch den Käse aus meinem Einkauf raus", REMOVE, "den Käse", "Einkaufsliste"),
        ("füge zur Liste Haushalt Putzen hinzu", ADD, "Putzen", "Haushalt"),
        ("Putzen auf die Haushalt Liste packen", ADD, "Putzen", "Haushalt-Liste"),
        ("Putzen von meiner Haushaltsliste runter nehmen", REMOVE, "Putzen", "Haushaltsliste"),
        ("Bitte Backpapier zu unserer Liste hinzufügen", ADD, "Backpapier", ""),
    ],
)
def test_reads_the_command_with_the_container_as_one_unit(text, action, items, name):
    command = read_list_command(text)
    assert command is not None
    assert (command.action, command.items, command.container.name if command.container else None) == (
        action, items, name)


@pytest.mark.parametrize(
    "text",
    [
        "Steht Butter schon auf der Einkaufsliste?",  # a question reads
        "Ich habe den Kaffee schon gekauft",  # a statement writes nothing
        "Auf der Packliste fehlt noch die Sonnencreme",
        "Streich die Einkaufsliste",  # the whole list: the delete rule's
        "Lösch alles von der Einkaufsliste",  # clear_content's
        "Nimm den Zahnarzt aus dem Kalender",  # the calendar's
        "Ergänze Backpapier auf Baumarkt",  # a place without a list word: not read safely
        "Füge Milch zur Einkaufsliste und zur Packliste hinzu",  # two lists
    ],
)
def test_leaves_other_sentences_alone(text):
    assert read_list_command(text) is None


def test_the_write_invariant_knows_list_phrases():
    assert unsafe_item_text("Tomaten der Einkaufsliste")
    assert unsafe_item_text("Öl zu unserem Einkauf")
    assert unsafe_item_text("Eier zu meiner")
    assert not unsafe_item_text("zwei Zitronen")
    assert not unsafe_item_text("Brot und Butter")


@pytest.mark.parametrize(
    ("text", "items", "name"),
    [
        ("Notier Milch auf der Einkaufsliste", "Milch", "Einkaufsliste"),
        ("Notiere Quark auf meiner Einkaufsliste, bitte", "Quark", "Einkaufsliste"),
        ("Vermerk Spachtel auf der Baumarkt-Liste", "Spachtel", "Baumarkt-Liste"),
    ],
)
def test_note_verbs_with_a_list_add_the_item_not_the_verb(text, items, name):
    """An item never holds more than the item: *„Notier Milch auf der Einkaufsliste“* was
    read as an elliptic order and wrote the item „Notier Milch“; *notieren* / *vermerken* are add verbs of the
    lexicon now (found while probing the reader beside the external set's dev part)."""
    command = read_list_command(text)
    assert command is not None
    assert (command.action, command.items, command.container.name) == (ADD, items, name)


def test_a_note_verb_without_a_list_is_no_list_command():
    """*„Notier Milch“* names no list: it stays the note rule's (notizen.md §1), never a list item."""
    assert read_list_command("Notier Milch") is None


@pytest.mark.parametrize(
    ("text", "action", "items"),
    [
        ("Streich Käse aus Baumarkt", REMOVE, "Käse"),
        ("Streiche Quark von der Baumarkt, bitte", REMOVE, "Quark"),
        ("Ergänze Backpapier auf Baumarkt", ADD, "Backpapier"),
        ("Pack Klopapier in Baumarkt bitte", ADD, "Klopapier"),
    ],
)
def test_a_list_said_by_its_name_alone_is_read_as_bare(text, action, items):
    """A development phrasing (home-assistant-intents *„Streiche Quark von der Baumarkt“*): a list verb
    and a name alone after a preposition, at the end — read only when asked for (`bare_names`), marked
    `bare` so that the person's lists decide."""
    assert read_list_command(text) is None
    command = read_list_command(text, bare_names=True)
    assert command is not None and command.container.bare
    assert (command.action, command.items, command.container.name) == (action, items, "Baumarkt")


@pytest.mark.parametrize("text", ["Urlaub auf Mallorca", "Ich fahre nach Berlin", "Termin in Berlin bitte"])
def test_a_bare_name_without_a_list_verb_is_no_list(text):
    """Without a verb of the lexicon a bare name is never read as a list (*Urlaub auf Mallorca*) — unless the
    form orders (*Backpapier auf Baumarkt bitte*, tests/text/test_voice_forms.py)."""
    assert read_list_command(text, bare_names=True) is None


# --- phrasings of the external development sets (bench/offline/external/gathered.py, *_dev) ------

@pytest.mark.parametrize(
    ("text", "items", "name"),
    [
        ("Auf die Liste bitte Brot", "Brot", ""),  # the list first, the item after it
        ("Bitte auf die Einkaufsliste Eier", "Eier", "Einkaufsliste"),
        ("Auf die Liste Baumarkt Spachtel", "Spachtel", "Baumarkt"),
    ],
)
def test_an_elliptic_order_may_name_its_list_first(text, items, name):
    command = read_list_command(text)
    assert command is not None and command.action == ADD and command.verb == ""
    assert (command.items, command.container.name) == (items, name)


@pytest.mark.parametrize("text", ["Schreib Brot auf", "Nimm Tomaten mit auf", "Kannst du Brot aufschreiben"])
def test_written_down_without_a_list_adds_and_names_no_list(text):
    """*aufschreiben*, *mit aufnehmen*: an item to write down — the notes then ask which list (no guess)."""
    command = read_list_command(text)
    assert command is not None and command.action == ADD and command.container is None


def test_schreib_das_auf_stays_the_notes_reference_rule():
    assert read_list_command("Schreib das auf") is None


def test_raeumen_von_der_liste_removes():
    command = read_list_command("Räume Käse von der Einkaufsliste")
    assert command is not None and (command.action, command.items, command.container.name) == (
        REMOVE, "Käse", "Einkaufsliste")


@pytest.mark.parametrize(
    ("text", "list_verb"),
    [("Entferne Tomaten", True), ("Streich Quark durch", True), ("Hak die Milch ab", True),
     ("Lösch Käse", False), ("Streich Käse", False)],
)
def test_a_list_verb_without_a_list_still_speaks_of_a_list(text, list_verb):
    from novaberg.text.commands import means_a_list

    command = read_list_command(text)
    assert (command is not None and means_a_list(command)) is list_verb


def test_an_item_with_a_finite_verb_is_a_clause_and_not_read():
    """*„schreib Kaffee ist alle, auf"* (the bare infinitive turned round): „Kaffee ist alle" is no item."""
    assert read_list_command("Schreib Kaffee ist alle auf") is None
    command = read_list_command("Kaffee ist alle, schreib ihn auf")
    assert command is not None and command.pronoun and command.antecedent == "Kaffee"


@pytest.mark.parametrize(
    ("text", "action", "items", "name"),
    [
        ("Milch muss noch auf die Einkaufsliste", ADD, "Milch", "Einkaufsliste"),
        ("Auf die Einkaufsliste kommt noch Milch", ADD, "Milch", "Einkaufsliste"),
        ("Eier sollen auf die Baumarkt-Liste", ADD, "Eier", "Baumarkt-Liste"),
        ("Die Milch kann von der Einkaufsliste runter", REMOVE, "Die Milch", "Einkaufsliste"),
        ("Käse von der Liste runter", REMOVE, "Käse", ""),
        ("Ergänz die Einkaufsliste um Milch", ADD, "Milch", "Einkaufsliste"),
    ],
)
def test_everyday_orders_without_a_list_verb(text, action, items, name):
    """A modal or *kommt* next to the list, a particle of taking off, *ergänzen um*: general forms, read as
    one container phrase and one item."""
    command = read_list_command(text)
    assert command is not None
    assert (command.action, command.items, command.container.name) == (action, items, name)


@pytest.mark.parametrize(
    "text",
    ["Kleb Milch auf die Einkaufsliste", "Kauf Milch auf die Einkaufsliste", "Was muss auf die Einkaufsliste?",
     "Der Termin muss auf Freitag", "Die Einkaufsliste muss weg", "Käse von der Liste"],
)
def test_a_verb_the_lexicon_does_not_know_never_becomes_part_of_an_item(text):
    """*„Mach Milch auf die Einkaufsliste"* was read as the item „Mach Milch": refused then (no write is better
    than a wrong one) — now the lexicon knows colloquial *machen* (tests/text/test_commands_written_by_others.py), so
    *kleben*/*kaufen* stand for a verb it does not know; questions and the list itself stay unread."""
    assert read_list_command(text) is None
