"""The notes search's scoring formula (notizen.md §4) computed in Python over plain note dicts: the reference
the SQL core is compared against (pg_trgm semantics through `novaberg.text.trigram`)."""

from __future__ import annotations

import struct
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from novaberg.core.settings import NOTES_WHERE_THRESHOLD
from novaberg.text.trigram import similarity

__all__ = ["reference_scores"]


def _float4(value: float) -> float:
    return struct.unpack("f", struct.pack("f", value))[0]


@lru_cache(maxsize=200_000)
def _similarity(text: str, query: str, float4: bool) -> float:
    """One pair's similarity, computed once: the tests ask the same pair once per set of weights."""
    value = similarity(text, query)
    return _float4(value) if float4 else value


def reference_scores(notes: Iterable[Mapping[str, Any]], query: str, weights: tuple[float, float, float],
                     float4: bool = False) -> dict[Any, float]:
    """Each kept note's score by id; `float4`: each similarity rounded as pg_trgm returns it (a similarity of
    exactly 0.15 becomes 0.15000000596 and passes `> 0.15`)."""
    w_name, w_text, w_themen = weights
    out = {}
    for note in notes:
        s_name = _similarity(note["name"], query, float4)
        s_text = _similarity(note["text"], query, float4)
        s_themen = max((_similarity(t, query, float4) for t in note["themen"]), default=0.0)
        if max(s_name, s_text, s_themen) > NOTES_WHERE_THRESHOLD:
            out[note["id"]] = s_name * w_name + s_text * w_text + s_themen * w_themen
    return out
