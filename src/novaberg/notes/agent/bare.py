"""What the notes take of a bare order (`agents.registry.BareSide`, `graph.bare_orders`): a strike (*Lösch Käse*,
*Streich das*) of an item on one of the person's lists. The notes have no move. A pronoun follows a list only when
the last turn wrote one (a list only read names no single item). The item must stand on a line of the list as whole
words, as the notes strike it; on several lists the notes ask which."""

from __future__ import annotations

from collections.abc import Sequence

from novaberg.agents.holdings import Holdings, like_pattern
from novaberg.agents.registry import BareSide, SideOrder
from novaberg.notes.agent.const import LIST_TYPES
from novaberg.text.answers import answer_words
from novaberg.text.commands import REMOVE, names_a_container
from novaberg.text.words import contains_word, fold

__all__ = ["NOTES_BARE", "STRIKE"]

STRIKE = "Streich"  # the notes' own word for taking an item off (their reader reads it without a list)


def _holding(item: str, said_verb: bool, holdings: Holdings, user_id: str, character_id: str) -> tuple[str, ...]:
    held = holdings.held(user_id, character_id, list_types=LIST_TYPES, item_patterns=[like_pattern(item)],
                         title_patterns=[])
    return tuple(name for name, text in held.lists if any(contains_word(line, item) for line in _lines(text)))


def _lines(text: str) -> list[str]:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) == 1 and "," in lines[0]:  # a list written on one line, comma-separated (as the notes read it)
        return [part.strip() for part in lines[0].split(",") if part.strip()]
    return lines


def _strike(item: str, lists: tuple[str, ...]) -> SideOrder:
    """Strike `item` from the one list that holds it; from several, the notes ask which."""
    if len(lists) != 1:
        return SideOrder(f"{STRIKE} {item}")
    return SideOrder(f"{STRIKE} {item}", "remove_content", {
        "target": lists[0], "inhalt": item, "normalisiert": f"remove_content: {item} aus Notiz '{lists[0]}' entfernen"})


def _pronoun(pronoun: str) -> SideOrder:
    return SideOrder(f"{STRIKE} {pronoun}")


def _place(lists: tuple[str, ...]) -> str:
    quoted = [f"„{name}“" for name in lists]
    return "auf " + (quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " und " + quoted[-1])


def _list_key(name: str) -> str:
    """What names this list in an answer: its name folded, letters only, without a trailing *liste*."""
    key = "".join(ch for ch in fold(name) if ch.isalpha())
    return key.removesuffix("liste") if len(key) > len("liste") else ""


def _names_one(word: str, lists: tuple[str, ...]) -> bool:
    keys = [_list_key(name) for name in lists]
    return any(key and (word.startswith(key) or key.startswith(word) and len(word) >= 4) for key in keys)


def _names_it(word: str, lists: tuple[str, ...]) -> bool:
    """A list word (*Liste*, *Einkaufsliste*), an item word (*den Eintrag*) or a list's own name."""
    return names_a_container(word) or word in answer_words().which_item_words or _names_one(word, lists)


def _named(said: Sequence[str], lists: tuple[str, ...]) -> tuple[str, ...]:
    joined = "".join(said)
    return tuple(name for name in lists if (key := _list_key(name)) and key in joined)


NOTES_BARE = BareSide(kinds=frozenset({REMOVE}), holding=_holding, order=_strike,
                      pronoun=_pronoun, place=_place, choice="den Eintrag auf der Liste", answer="„die Liste“",
                      names_it=_names_it, named=_named, written_only=True)
