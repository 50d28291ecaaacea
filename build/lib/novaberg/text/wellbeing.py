"""How a person feels, as data (`wellbeing_de.json`): one lexicon for the readiness value, the care answer and
salience (issue 25 item 2). All words are lower case with umlauts folded; readers fold their input once with
`text.words.fold_umlauts`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

__all__ = ["CrisisFamily", "Wellbeing", "wellbeing", "DANGER", "CRISIS_KIND", "STRAIN"]

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
    raw = json.loads(resources.files(__package__).joinpath("wellbeing_de.json").read_text(encoding="utf-8"))
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
