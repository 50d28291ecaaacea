"""The words that open or join orders (`orders.json`): the planner splits a turn at them, the offers tell a bare
refusal from a new order by them. Below the agents and the situation, which both read them.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from novaberg.text.words import ascii_variants

__all__ = ["order_words"]


@cache
def order_words() -> dict[str, frozenset[str]]:
    """The planner's words (`orders.json`), ASCII spellings included."""
    raw = json.loads(resources.files(__package__).joinpath("orders.json").read_text(encoding="utf-8"))
    return {key: frozenset(v for word in raw[key] for v in ascii_variants(word))
            for key in ("order_openers", "order_joiners")}
