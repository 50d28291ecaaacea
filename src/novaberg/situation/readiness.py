"""The readiness value (dateien.md §3.0b, `aufnahmebereitschaft`): whether this turn is a moment for her to
be curious — to pause and read on — or a moment in which the person needs something else.

*Der Vektor sagt, wohin sie will. Die Bereitschaft sagt, ob jetzt der Moment dafür ist.* The value is
0.0 in a crisis — distress, an acute need, grief, panic — and then nothing curious is admitted (the
deepening of §3.0b asks it; a repair never does, it must fire in a crisis too). It reads two things:

* **the turn** (`krise:<family>`): German word families and a few constructions, read per clause, lower
  case and with umlauts folded, colloquial forms included — *ich kann nicht mehr*, *mir geht's grad
  total beschissen*, *hab voll Panik*, *meine Oma ist heute Nacht gestorben*. A family word after a
  negation does not count (*keine Panik*); the state words count only in a state construction at the
  end of a clause about the speaker, particles at the end left aside (*ich bin fix und fertig*, *mir geht's
  mies grad*, not *ich bin fertig mit der Steuer*); a death counts when it is of someone close (*mein
  Vater ist gestorben*, *Opa ist tot*, not *wann ist Goethe gestorben*, not *ich lach mich tot*);
  *ich weiß nicht mehr* is forgetting, *ich weiß nicht mehr weiter* is not.
* **the recent history** (`nachklang`): a crisis in one of the last person turns still lowers the value
  below the admission floor — a factual question right after a breakdown is no invitation to go reading.

Otherwise the value is 1.0 (`offen`). The families are data (`text/wellbeing_de.json`, shared with the care
answer and salience; the constructions' words in `readiness_de.json`). The cautious error is
the cheap one: a deepening left out still leaves the summary in the answer; a lookup pause in a crisis
leaves a person waiting while she needs something else.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from novaberg.text.lexicon import QUESTION_WORDS
from novaberg.text.per_turn import read_once
from novaberg.text.wellbeing import wellbeing
from novaberg.text.words import fold, fold_umlauts, split_clauses

__all__ = ["Readiness", "readiness", "crisis_in", "ADMIT_MIN", "CRISIS", "AFTERGLOW", "OPEN", "HISTORY_TURNS"]

ADMIT_MIN = 0.5  # a curious step is admitted at this readiness or above
CRISIS = 0.0  # §3.0b: „bei Krise geht er auf 0,00"
AFTERGLOW = 0.2  # a crisis in the recent history: below the admission floor, but not the acute zero
OPEN = 1.0
HISTORY_TURNS = 2  # the person's last turns that still count (a crisis two turns ago still sounds)
_CLAUSE_SIGNS = ",.!?;:…\n"


@dataclass(frozen=True)
class Readiness:
    value: float
    dimension: str  # `krise:<family>`, `nachklang:<family>` or `offen`
    evidence: str = ""  # the words that decided it, for the turn log

    @property
    def admits(self) -> bool:
        return self.value >= ADMIT_MIN

    def as_dict(self) -> dict[str, Any]:
        return {"wert": self.value, "dimension": self.dimension, "beleg": self.evidence}


@dataclass(frozen=True)
class _Families:
    stems: tuple[tuple[str, bool, tuple[str, ...], frozenset[str]], ...]  # (family, needs person, stems, words)
    emergency: frozenset[str]
    state: frozenset[str]
    weep: frozenset[str]
    loss: frozenset[str]
    kin: frozenset[str]
    first_person: frozenset[str]
    negations: frozenset[str]
    coping: frozenset[str]
    after_no_more: frozenset[str]
    state_verbs: frozenset[str]
    feeling_verbs: frozenset[str]
    trailing: frozenset[str]
    intensified: frozenset[str]
    intensifiers: frozenset[str]
    escape: frozenset[str]
    openers: frozenset[str]
    late: frozenset[str]  # *verstorbene(r)* as an attribute before a family word


@cache
def _families() -> _Families:
    raw = json.loads(resources.files(__package__).joinpath("readiness_de.json").read_text(encoding="utf-8"))

    def as_set(items: Sequence[str]) -> frozenset[str]:
        return frozenset(fold_umlauts(item.lower()) for item in items)

    lexicon = wellbeing()  # the crisis families, emergency and strain words: shared with care and salience
    return _Families(
        stems=tuple((f.name, f.first_person, f.stems, f.words) for f in lexicon.families),
        emergency=lexicon.emergency, state=lexicon.strain, weep=as_set(raw["weep_words"]),
        loss=as_set(raw["loss_words"]), kin=as_set(raw["kin"]), first_person=as_set(raw["first_person"]),
        negations=as_set(raw["negations"]), coping=as_set(raw["coping_verbs"]),
        after_no_more=as_set(raw["after_no_more"]), state_verbs=as_set(raw["state_verbs"]),
        feeling_verbs=as_set(raw["feeling_verbs"]), trailing=as_set(raw["trailing_particles"]),
        intensified=as_set(raw["intensified_state_words"]), intensifiers=as_set(raw["intensifiers"]),
        escape=as_set(raw["escape_words"]),
        openers=as_set((*raw["clause_openers"], *QUESTION_WORDS)), late=as_set(raw["late_attributes"]))


def _clauses(text: str) -> list[list[str]]:
    """The folded words of each clause: split at signs, and before a conjunction or question word."""
    folded = fold(str(text)).replace("fix und fertig", "fix fertig")
    return split_clauses(folded, _CLAUSE_SIGNS, _families().openers)


def _negated(clause: list[str], index: int) -> bool:
    return any(word in _families().negations for word in clause[max(0, index - 2):index])


def _no_more(clause: list[str]) -> bool:
    """*ich kann nicht mehr*, *ich halt das nicht mehr aus*, *ich will nicht mehr leben*: a coping verb,
    then *nicht mehr* with nothing but a particle after it — *ich kann den Zettel nicht mehr finden* names
    something else that no longer works."""
    f = _families()
    for index in range(len(clause) - 1):
        if clause[index] == "nicht" and clause[index + 1] in ("mehr", "weiter"):
            tail = clause[index + 2:]
            verbs = [w for w in clause[:index] if w in f.coping]
            if all(word in f.after_no_more for word in tail) and verbs:
                # *ich weiß nicht mehr* is forgetting; *ich weiß nicht mehr weiter* is the end of one's tether
                if verbs != ["weiss"] or "weiter" in clause[index + 1:]:
                    return True
    return False


def _without_trailing(clause: list[str]) -> list[str]:
    """The clause without particles at its end (*mir geht's mies grad* ends in *mies*)."""
    trailing = _families().trailing
    end = len(clause)
    while end > 1 and clause[end - 1] in trailing:
        end -= 1
    return clause[:end]


def _state(clause: list[str], first_person: bool) -> bool:
    """*mir geht's total beschissen*, *ich bin völlig fertig*, *mir ist elend*, *ich bin am Ende*, *das wird
    mir alles zu viel*: a state word closing a clause about the speaker with a copula or *geht*."""
    f = _families()
    clause = _without_trailing(clause)
    if not clause:
        return False
    if clause[-2:] == ["zu", "viel"] and ("mir" in clause or "alles" in clause):  # *alles zu viel gerade*
        return True
    if not first_person and "alles" not in clause:  # *alles ist so sinnlos* speaks of the speaker's world
        return False
    copula = "bin" in clause or any(word in f.feeling_verbs for word in clause) or \
        (("mir" in clause or "alles" in clause) and any(word in f.state_verbs for word in clause))
    last = clause[-1]
    if copula and last in f.state and not _negated(clause, len(clause) - 1):
        # *ich bin fertig* is done, *ich bin total fertig* is not
        return last not in f.intensified or (len(clause) > 1 and clause[-2] in f.intensifiers)
    if clause[-3:-1] == ["nur", "noch"] and last in f.escape:  # *ich will nur noch weg*
        return True
    ends = clause[-2:]
    return (copula and ends in (["am", "ende"], ["nicht", "gut"])) or \
        (clause[-3:] == ["ueber", "den", "kopf"] and "mir" in clause)


def _late_relative(clause: list[str], index: int) -> bool:
    """*mein verstorbener Mann*, *meiner verstorbenen Großmutter*: the participle as an attribute before a family
    word describes the relative (a question about a late relative is memory's, no crisis);
    *mein Mann ist verstorben* or *gestern verstorben* still tells a death."""
    after = clause[index + 1] if index + 1 < len(clause) else ""
    return clause[index] in _families().late and any(after == kin or (after.endswith(kin) and len(kin) >= 4)
                                          for kin in _families().kin)


def crisis_in(text: str) -> tuple[str, str] | None:
    """(family, the words that showed it) when the text speaks of a crisis, else None. Read once per text in a turn
    (`text.per_turn`): a turn asks it three times (care, deepening, the judges' tone) for its own text and for each
    of the person's last turns."""
    key = str(text)
    return read_once("crisis", key, lambda: _crisis_in(key))


def _crisis_in(text: str) -> tuple[str, str] | None:
    f = _families()
    for clause in _clauses(text):
        first_person = any(word in f.first_person for word in clause)
        said = " ".join(clause)
        if clause in (["hilfe"], ["hilfe", "hilfe"]) or any(word in f.emergency for word in clause):
            return "notlage", said
        if "keine" in clause and "luft" in clause:  # *ich krieg keine Luft*: the negation is the symptom
            return "panik", said
        kin = any(word in f.kin for word in clause)  # *Opa ist tot*: a family word is the speaker's own
        for index, word in enumerate(clause):
            if _late_relative(clause, index):
                continue  # *Wie hieß mein verstorbener Mann?* names someone long gone, it tells no death
            for family, needs_person, stems, whole in f.stems:
                person = first_person or (family == "trauer" and kin)
                matches = (bool(stems) and word.startswith(stems)) or word in whole
                if matches and (person or not needs_person) and not _negated(clause, index):
                    return family, said
            if word in f.weep and first_person:
                return "belastung", said
            if word in f.loss and kin:  # a loss of someone close, not *ich lach mich tot*
                return "trauer", said
        if _no_more(clause):
            return ("lebensgefahr" if clause[-1] == "leben" else "belastung"), said
        if _state(clause, first_person):
            return "belastung", said
    return None


def readiness(text: str, history: Sequence[tuple[str, str]] = ()) -> Readiness:
    """The readiness of this turn: 0.0 in a crisis of the turn, 0.2 after one in the last person turns,
    else 1.0. `history` is the turn's (person, nova) pairs, oldest first."""
    found = crisis_in(text)
    if found is not None:
        return Readiness(CRISIS, f"krise:{found[0]}", found[1])
    for person, _nova in list(history)[-HISTORY_TURNS:]:
        earlier = crisis_in(person)
        if earlier is not None:
            return Readiness(AFTERGLOW, f"nachklang:{earlier[0]}", earlier[1])
    return Readiness(OPEN, "offen")
