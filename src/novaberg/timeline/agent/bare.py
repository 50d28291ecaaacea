"""What the timeline takes of a bare order (`agents.registry.BareSide`, `graph.bare_orders`): a delete or a move
(*Lösch den Zahnarzt*, *Verschieb das*) whose verb its own phrasing reads — a list's strike alone (*Hak Käse ab*)
is none of its. A pronoun follows the pair's appointments of the last turn, written, read or found. A noun object
is looked up in the titles of the pair's active appointments as the timeline's title search reads it (every key
word, declined forms by their stem); the order then goes to the timeline in the person's words."""

from __future__ import annotations

from collections.abc import Sequence

from novaberg.agents.holdings import Holdings, like_pattern
from novaberg.agents.registry import BareSide, SideOrder
from novaberg.text.answers import answer_words
from novaberg.text.commands import REMOVE
from novaberg.timeline.phrases import declension_stems, keywords_of

__all__ = ["TIMELINE_BARE", "MOVE"]

MOVE = "move"  # the bare order's kind of a move (`graph.bare_orders.MOVE`)


def _holding(thing: str, said_verb: bool, holdings: Holdings, user_id: str, character_id: str) -> tuple[str, ...]:
    if not said_verb:
        return ()
    terms = keywords_of(thing)
    titles = [like_pattern(t) for t in (declension_stems(terms) or terms)]
    return tuple(holdings.held(user_id, character_id, list_types=(), item_patterns=(), title_patterns=titles).titles)


def _as_said(*_: object) -> SideOrder:
    return SideOrder()


def _place(titles: tuple[str, ...]) -> str:
    return f"im Termin „{titles[0]}“"


def _names_it(word: str, titles: tuple[str, ...]) -> bool:
    return word.startswith(answer_words().other_containers)


def _named(said: Sequence[str], titles: tuple[str, ...]) -> tuple[str, ...]:
    return ()


TIMELINE_BARE = BareSide(kinds=frozenset({REMOVE, MOVE}), holding=_holding,
                         order=_as_said, pronoun=_as_said, place=_place, choice="den Termin",
                         answer="„den Termin“", names_it=_names_it, named=_named, needs_verb=True)
