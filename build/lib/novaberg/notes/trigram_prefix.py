"""Which notes can reach a trigram similarity: the prefix filter behind the notes search (notizen.md §4).

pg_trgm's GIN index answers `field % query` by counting shared trigrams against the query alone
(c / |Q| >= threshold), so at the specification's 0.15 one shared trigram of a five-letter word already
makes a candidate, and thousands of notes are read only to be dropped. The similarity itself is
c / (|A| + |Q| - c): a field of at least `lo` trigrams needs c >= threshold·(lo + |Q|) / (1 + threshold)
shared trigrams (`min_overlap`). If it shares `o` of them, at least one lies in any `|Q| - o + 1` of the
query's trigrams (pigeonhole), so the search asks the index only for the rarest `|Q| - o + 1`, as one
regular expression over the field's words (`prefix_pattern`). Fields are grouped in tiers of trigram
count (one partial index per tier, `schema/notes/005_search_prefix.sql`); the longer the field, the
more trigrams it must share and the fewer the index has to look up.

The result is a superset of the notes the specification's condition keeps; the exact similarity decides
afterwards. Which trigrams count as rare only decides the speed, never the result: the search orders
them by how many of the person's names carry them (the lengths of the name postings,
006_trigram_postings.sql), else by German letter frequencies.

A trigram the regular expression can express: one inside a word (`ilc`) or at its start (`  m`, ` mi`,
written `(^| )m`, `(^| )mi` over the words joined by single spaces, `notizen_suchwoerter`). A trigram at
a word's end (`ch `) is never chosen: the index cannot extract it from an expression.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from novaberg.text.trigram import trigrams

__all__ = ["TEXT_TIERS", "Tier", "TierPlan", "min_overlap", "prefix_pattern", "plan_tiers",
           "search_words"]

# Lower bounds of the tiers in trigrams; a tier runs to the next bound (the last one has none). The
# same numbers name the partial indexes of 005_search_prefix.sql; a test keeps the two in step. (Names
# had tiers of their own there; 006_trigram_postings.sql replaced them.)
TEXT_TIERS: tuple[int, ...] = (0, 16, 24, 32, 48, 64, 96, 128, 192, 256)

# Relative frequency of letters in German text (per cent); a word boundary is as common as the most
# frequent letter. Unknown characters count as rare. Only the order of the estimate matters.
_LETTER_SHARE = {
    " ": 17.0, "e": 17.4, "n": 9.8, "i": 7.6, "s": 7.3, "r": 7.0, "a": 6.5, "t": 6.2, "d": 5.1, "h": 4.8,
    "u": 4.4, "l": 3.4, "c": 3.1, "g": 3.0, "m": 2.5, "o": 2.5, "b": 1.9, "w": 1.9, "f": 1.7, "k": 1.2,
    "z": 1.1, "p": 0.8, "v": 0.7, "ü": 0.7, "ä": 0.5, "ß": 0.3, "ö": 0.3, "j": 0.3, "y": 0.1, "x": 0.1,
    "q": 0.1,
}
_RARE_SHARE = 0.5
_WORD_SEPARATORS = re.compile(r"[\W_]+")


@dataclass(frozen=True)
class Tier:
    """Fields of `lo` <= trigrams < `hi` (None: no upper bound) and how to find their candidates:
    `pattern` (a regular expression over the field's words) or, when no pattern can be built, the
    exact similarity operator over the tier (`pattern` None)."""

    lo: int
    hi: int | None
    pattern: str | None


@dataclass(frozen=True)
class TierPlan:
    """The tiers a query has to read for one field; tiers that cannot reach the threshold are left out."""

    query_trigrams: int
    tiers: tuple[Tier, ...]


def search_words(text: str) -> str:
    """The words of a text, lower case, joined by single spaces: what the pattern is matched against.

    The SQL twin is `notizen_suchwoerter` (lower(), then every run of characters that are not letters or
    digits turned into one space).
    """
    return _WORD_SEPARATORS.sub(" ", text.lower())


def min_overlap(threshold: float, lo: int, query_trigrams: int) -> int:
    """The fewest trigrams a field of at least `lo` trigrams must share with the query to reach
    similarity >= threshold (>=, so a similarity that rounds up to the threshold is never lost)."""
    if query_trigrams <= 0:
        return 1
    t = Fraction(str(threshold))
    return max(1, math.ceil(t * (lo + query_trigrams) / (1 + t)))


def _commonness(gram: str) -> float:
    share = 1.0
    for char in gram:
        share *= _LETTER_SHARE.get(char, _RARE_SHARE)
    return share


def _atom(gram: str) -> str | None:
    """The gram as a regular expression over `search_words`, or None for a word-end gram."""
    if gram.endswith(" "):
        return None
    core = gram.lstrip(" ")
    escaped = "".join(c if c.isalnum() else f"\\{c}" for c in core)
    return f"(^| ){escaped}" if gram.startswith(" ") else escaped


def prefix_pattern(query_grams: Sequence[str] | frozenset[str], overlap: int,
                   counts: Mapping[str, int] | None = None) -> str | None:
    """The rarest `|Q| - overlap + 1` query trigrams as one alternation, or None when too few of them can
    be written as a pattern (then the tier is read with the exact operator). Rarity: `counts` (how many
    fields have the trigram; a missing one counts as 0), among equal counts German letter frequencies."""
    known = counts or {}
    grams = sorted(query_grams, key=lambda g: (known.get(g, 0), _commonness(g), g))
    need = len(grams) - overlap + 1
    atoms = [atom for atom in (_atom(g) for g in grams) if atom is not None]
    if need <= 0 or len(atoms) < need:
        return None
    return "|".join(atoms[:need])


def plan_tiers(query: str, threshold: float, bounds: Sequence[int],
               counts: Mapping[str, int] | None = None) -> TierPlan:
    """For each tier that can reach `threshold`: the pattern its candidates must match (or None);
    `counts` as for `prefix_pattern`."""
    grams = trigrams(query)
    q = len(grams)
    tiers: list[Tier] = []
    if q == 0:
        return TierPlan(0, ())
    for index, lo in enumerate(bounds):
        hi = bounds[index + 1] if index + 1 < len(bounds) else None
        # similarity <= |Q| / |A| for a field longer than the query: a tier whose shortest field is
        # longer than |Q| / threshold cannot reach it.
        if lo > 0 and Fraction(q, lo) < Fraction(str(threshold)):
            break
        overlap = min_overlap(threshold, lo, q)
        if overlap > q:
            break
        tiers.append(Tier(lo, hi, prefix_pattern(grams, overlap, counts)))
    return TierPlan(q, tuple(tiers))
