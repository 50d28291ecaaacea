"""How a person feels, as data (`wellbeing_de.json`): one lexicon for the readiness value, the care answer and
salience. All words are lower case with umlauts folded; readers fold their input once with
`text.words.fold_umlauts`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from novaberg.text.data_files import read_json
from novaberg.text.words import fold

__all__ = ["CrisisFamily", "Wellbeing", "wellbeing", "DANGER", "CRISIS_KIND", "STRAIN", "feels_unwell"]

DANGER = "danger"  # life or limb: the Notruf
CRISIS_KIND = "crisis"  # the Telefonseelsorge
STRAIN = "strain"  # readiness 0, but feeling unwell alone gets plain sympathy
_KINDS = frozenset({DANGER, CRISIS_KIND, STRAIN})


@dataclass(frozen=True)
class CrisisFamily:
    name: str
    kind: str
    first_person: bool  # counts only in a clause about the speaker
    stems: tuple[str, ...]
    words: frozenset[str]


@dataclass(frozen=True)
class Wellbeing:
    families: tuple[CrisisFamily, ...]
    emergency: frozenset[str]
    strain: frozenset[str]  # state words: *mir geht's beschissen*, only in a state construction
    unwell: tuple[str, ...]  # *ich bin erschöpft*: sympathy, no hotline
    unwell_negated: tuple[str, ...]  # *nicht gut*, *nicht wohl*
    moods: tuple[str, ...]  # other feelings worth remembering
    health: tuple[str, ...]  # health events worth remembering

    def kind_of(self, family: str) -> str:
        """The kind of a family by name (`danger`, `crisis`, `strain`); KeyError for an unknown name."""
        for entry in self.families:
            if entry.name == family:
                return entry.kind
        raise KeyError(family)


@cache
def wellbeing() -> Wellbeing:
    """The lexicon, read once; a family of an unknown kind is a loud ValueError."""
    raw = read_json(__package__, "wellbeing_de.json")
    families = tuple(
        CrisisFamily(f["name"], f["kind"], bool(f["first_person"]), tuple(f["stems"]), frozenset(f["words"]))
        for f in raw["families"]
    )
    unknown = {f.kind for f in families} - _KINDS
    if unknown:
        raise ValueError(f"wellbeing_de.json: unknown family kinds {sorted(unknown)}")
    return Wellbeing(
        families=families,
        emergency=frozenset(raw["emergency_words"]),
        strain=frozenset(raw["strain_words"]),
        unwell=tuple(raw["unwell_words"]),
        unwell_negated=tuple(raw["unwell_negated"]),
        moods=tuple(raw["mood_words"]),
        health=tuple(raw["health_words"]),
    )


# The input is folded once (ä→ae, ß→ss, lower case); the words of `text/wellbeing_de.json` are folded, too.
_EXPERIENCER = r"(?:ich\s+fuehl(?:e)?\s+mich|mir\s+geht(?:'s|s|\s+es)|ich\s+bin|bin\s+ich)"


@cache
def _unwell() -> re.Pattern[str]:
    lexicon = wellbeing()
    negated = "|".join(map(re.escape, lexicon.unwell_negated))
    plain = "|".join(map(re.escape, lexicon.unwell))
    return re.compile(
        rf"\b{_EXPERIENCER}\b[^,.;!?]*?\b(?:nicht\s+(?:so\s+|besonders\s+|ganz\s+|sehr\s+)?(?:{negated})|{plain})\b"
    )


def feels_unwell(text: str) -> bool:
    """Whether the person says they feel unwell (first person, in one clause); no crisis reading."""
    return bool(_unwell().search(fold(text)))
