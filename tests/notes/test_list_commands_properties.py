"""As a property: over verb frame × container phrase × item × politeness × closing
particle, the list-command reader (text/commands.py) and the notes' offline reading built on it never put a
container phrase into an item, and never name a list the sentence did not name."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from novaberg.notes.agent.offline import parse
from novaberg.text.commands import ADD, REMOVE, read_list_command, unsafe_item_text
from novaberg.text.words import fold

# (template, action); {i} the item, {c} the container phrase of the right direction
_ORDERS_FIRST = (
    ("Füge {i} {to} hinzu", ADD), ("Setz {i} {on}", ADD), ("Pack {i} {on}", ADD), ("Schreib {i} {on}", ADD),
    ("Ergänze {i} {in_}", ADD), ("Nimm {i} {on}", ADD), ("Nimm {i} {from_} raus", REMOVE),
    ("Nehme {i} {from_} runter", REMOVE), ("Streich {i} {from_}", REMOVE), ("Hak {i} {from_} ab", REMOVE),
    ("Schließe {i} {from_} ab", REMOVE), ("Lösch {i} {from_} raus", REMOVE), ("Entferne {i} {from_}", REMOVE),
    # colloquial *machen* and the putting verbs *stellen*, *legen*
    ("Mach {i} {on}", ADD), ("Mache {i} {on}", ADD), ("Mach {i} {from_} runter", REMOVE),
    ("Mach {i} {from_} weg", REMOVE), ("Stell {i} {on}", ADD), ("Leg {i} {on}", ADD),
)
_ORDERS_LAST = (
    ("{i} {to} hinzufügen", ADD), ("{i} {on} setzen", ADD), ("{i} {in_} ergänzen", ADD),
    ("{i} {from_} nehmen", REMOVE), ("{i} {from_} streichen", REMOVE), ("{i} {from_} rausnehmen", REMOVE),
    ("{i} {from_} abhaken", REMOVE), ("{i} {from_} entfernen", REMOVE),
)
_ELLIPTIC = (("{i} {on}", ADD),)
# (how the list is said after an article, the word the target must carry)
_LISTS = (
    ("Einkaufsliste", "einkauf"), ("Baumarkt-Liste", "baumarkt"), ("Liste Baumarkt", "baumarkt"),
    ("Baumarkt Liste", "baumarkt"), ("Haushaltsliste", "haushalt"), ("Packliste", "pack"),
)
_TO = ("zu meiner {l}", "zur {l}", "zu unserer {l}", "der {l}")
_ON = ("auf die {l}", "auf meine {l}", "in unsere {l}")
_IN = ("in meiner {l}", "auf der {l}")
_FROM = ("von der {l}", "aus meiner {l}", "von unserer {l}", "aus der {l}")
_POLITE_LAST = ("", "Bitte ", "Kannst du ", "Könntest du bitte ", "Würdest du ")
_POLITE_FIRST = ("", "Bitte ", "Ach, ")
_CLOSING = ("", " bitte", ", bitte", ", danke", " danke", ", danke dir")
_ITEMS = ("Milch", "Eier", "Käse", "Backpapier", "Öl", "zwei Zitronen", "Brot und Butter", "Spachtel, Pinsel",
          "Hafermilch", "Schrauben")
_WORD = st.from_regex(r"[A-ZÄÖÜ][a-zäöü]{3,9}", fullmatch=True).filter(
    lambda w: not any(h in fold(w) for h in ("liste", "zettel", "notiz", "einkauf")))


@st.composite
def _sentences(draw):
    kind = draw(st.sampled_from(("first", "last", "elliptic")))
    template, action = draw(st.sampled_from({"first": _ORDERS_FIRST, "last": _ORDERS_LAST,
                                             "elliptic": _ELLIPTIC}[kind]))
    said, key = draw(st.sampled_from(_LISTS))
    item = draw(st.one_of(st.sampled_from(_ITEMS), _WORD))
    phrases = {name: draw(st.sampled_from(options)).format(l=said)
               for name, options in (("to", _TO), ("on", _ON), ("in_", _IN), ("from_", _FROM))}
    polite = draw(st.sampled_from(_POLITE_LAST if kind == "last" else _POLITE_FIRST))
    closing = draw(st.sampled_from(_CLOSING))
    body = template.format(i=item, **phrases)
    text = polite + (body[:1].lower() + body[1:] if polite.endswith("du ") else body) + closing
    return text, action, item, key


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_sentences())
def test_no_item_holds_a_container_phrase_and_no_write_lands_on_an_unnamed_list(case):
    text, action, item, key = case
    command = read_list_command(text)
    assert command is not None, text  # every generated order is read …
    assert command.action == action, text
    assert not unsafe_item_text(command.items), (text, command.items)  # … without the list inside the item
    assert fold(command.items) == fold(item), (text, command.items)
    reading = parse(text)
    assert reading.action == ("add_content" if action == ADD else "remove_content"), (text, reading)
    assert key in fold(reading.target).replace("-", ""), (text, reading.target)  # only the list it named
    assert all(not unsafe_item_text(i) for i in reading.items), (text, reading.items)


# --- the list first, no list at all, a bare list word, modal particles ---------------------------------------

_LIST_FIRST = (("Auf die {l} {p}{i}", ADD), ("Bitte auf die {l} {p}{i}", ADD), ("Auf meine {l} {p}{i}", ADD))
_NO_LIST = (("Schreib {p}{i} auf", ADD), ("Nimm {p}{i} mit auf", ADD), ("Entferne {p}{i}", REMOVE),
            ("Hak {p}{i} ab", REMOVE), ("Streich {p}{i} durch", REMOVE), ("Ergänze {p}{i}", ADD),
            ("Füge {p}{i} hinzu", ADD), ("Kannst du {p}{i} aufschreiben", ADD))
_BARE = (("Mach {p}{i} drauf", ADD), ("Setz {p}{i} auf die Liste", ADD), ("Auf die Liste {p}{i}", ADD), ("Nimm {p}{i} von der Liste", REMOVE),
         ("Streich {p}{i} von meiner Liste", REMOVE), ("{i} auf unsere Liste", ADD))
_PARTICLES = ("", "mal ", "noch ", "auch ", "bitte ", "doch mal ")


@st.composite
def _more_sentences(draw):
    kind = draw(st.sampled_from(("first", "none", "bare")))
    template, action = draw(st.sampled_from({"first": _LIST_FIRST, "none": _NO_LIST, "bare": _BARE}[kind]))
    said, key = draw(st.sampled_from([pair for pair in _LISTS if " " not in pair[0]] if kind == "first" else _LISTS))
    item = draw(st.one_of(st.sampled_from(_ITEMS), _WORD))
    particle = draw(st.sampled_from(_PARTICLES))
    closing = draw(st.sampled_from(_CLOSING))
    return template.format(i=item, l=said, p=particle) + closing, action, item, key if kind == "first" else ""


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_more_sentences())
def test_without_a_named_list_no_list_is_chosen_and_no_item_holds_a_list_phrase(case):
    """A list said first is that list; no list, or only *die Liste*: the reading names no list (the search
    node asks which) — and in every case the item is exactly the item, never a list phrase."""
    text, action, item, key = case
    command = read_list_command(text)
    assert command is not None, text
    assert command.action == action, text
    assert not unsafe_item_text(command.items), (text, command.items)
    assert fold(command.items) == fold(item), (text, command.items)
    reading = parse(text)
    assert reading.action == ("add_content" if action == ADD else "remove_content"), (text, reading)
    assert all(not unsafe_item_text(i) for i in reading.items), (text, reading.items)
    if key:
        assert key in fold(reading.target).replace("-", ""), (text, reading.target)
    else:
        assert not reading.named and fold(reading.target) in ("", "liste"), (text, reading.target)


# --- the list named before a colon, and a task as the object of a creating verb ----------------------

_HEADED = ("{l}: {i}", "{l}: {i}, bitte")
_TASK_FRAMES = ("Erstelle eine Aufgabe {t}", "Füge eine neue Aufgabe hinzu: {t}", "Ich möchte eine Aufgabe anlegen {t}",
                "Kannst du ein To-do erstellen: {t}", "Leg eine Aufgabe an: {t}", "Neue Aufgabe: {t}")
_TASKS = ("Fenster putzen", "Mama anrufen", "Bericht schreiben", "Rasen mähen", "Steuererklärung machen")


def _plain_word(word: str) -> bool:
    from novaberg.text.commands import load_raw_commands

    raw = load_raw_commands()
    reserved = {w for key in ("fillers", "finite_verbs", "not_elliptic", "pronouns", "not_items", "subjects",
                              "determiners", "item_openers_refused", "task_articles", "task_adjectives")
                for w in raw[key]} | set(raw["task_nouns"]) | set(raw["directions"])
    return fold(word) not in reserved


_TASK_WORD = _WORD.filter(_plain_word)


@st.composite
def _framed(draw):
    if draw(st.booleans()):
        said, key = draw(st.sampled_from([pair for pair in _LISTS if " " not in pair[0]]))
        item = draw(st.one_of(st.sampled_from(_ITEMS), _TASK_WORD))
        return draw(st.sampled_from(_HEADED)).format(l=said, i=item), item, key
    task = draw(st.one_of(st.sampled_from(_TASKS), _TASK_WORD))
    polite = draw(st.sampled_from(("", "Bitte ")))
    frame = draw(st.sampled_from(_TASK_FRAMES))
    body = frame.format(t=task)
    return polite + (body[:1].lower() + body[1:] if polite and not body.startswith("Neue") else body), task, "todo"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_framed())
def test_a_headed_list_or_a_task_frame_adds_exactly_the_item_to_the_list_it_names(case):
    """*Einkaufsliste: Milch*, *Erstelle eine Aufgabe Fenster putzen*: the item is exactly what was said after the
    list or the task noun — never the noun, a verb particle or a list phrase — and lands only on the list named
    (a task noun names the to-do list)."""
    text, item, key = case
    command = read_list_command(text)
    assert command is not None and command.action == ADD, text
    assert not unsafe_item_text(command.items), (text, command.items)
    assert fold(command.items) == fold(item), (text, command.items)
    reading = parse(text)
    assert reading.action == "add_content", (text, reading)
    assert key in fold(reading.target).replace("-", ""), (text, reading.target)
