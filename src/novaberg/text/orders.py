"""The words that open or join orders (`orders.json`): the planner splits a turn at them, the offers tell a bare
refusal from a new order by them. Below the agents and the situation, which both read them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from novaberg.text.data_files import read_json
from novaberg.text.words import ascii_variants

__all__ = ["order_words", "order_joiners"]


@cache
def order_words() -> dict[str, frozenset[str]]:
    """The planner's words (`orders.json`), ASCII spellings included."""
    raw = read_json(__package__, "orders.json")
    return {key: frozenset(v for word in raw[key] for v in ascii_variants(word))
            for key in ("order_openers", "order_joiners")}


# what can part two orders said in one breath: *und*, *dann*, *außerdem* (with a comma or not), a semicolon
_JOINER = re.compile(r"\s*(?:,|;)?\s+(?:und\s+dann|und\s+außerdem|und\s+ausserdem|und|dann|außerdem|ausserdem)\s+"
                     r"|\s*;\s*", re.IGNORECASE)


def order_joiners(text: str) -> Iterator[re.Match[str]]:
    """The joiners in `text` that may part two orders, left to right."""
    return _JOINER.finditer(text)
