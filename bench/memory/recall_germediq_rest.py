"""The third recall set written by others: told facts from the GerMedIQ corpus's participants
that the first set written by others (`recall_foreign.py`, participants whose id is 1 mod 4) leaves out — German
answers in the participants' own words (Hofenbitzer et al., ACL SRW 2025,
https://github.com/Jhofenbitzer/GerMedIQ-Corpus, `CorpusFiles/GerMedIQ-Human.csv`, CC BY 4.0; see
`data/GERMEDIQ_NOTICE.md`). The corpus file is committed as `data/GerMedIQ-Human.csv`;
it is read from `--germediq PATH`.

**How the set is made, fixed before the first run:** every participant whose id is *not* 1 mod 4; an answer is
usable when it answers one of the items below, has four words or more, speaks in the first person and does not open
with *Nein*/*Kein* (the first set's rule). A participant with four or more usable answers becomes a person; of their
usable answers the six with the smallest hash of (participant, item) are told, as they stand, each on its own day
(day 2, 6, 10, …) among the bench's small talk and commands. On day 35 each is asked with our question for its item,
the first also as "wann", and two questions about something never told: the question of a neighbour item of a told
one (*Rauchen* beside *Alkohol*, *Tattoo* beside *Piercing* — the answer must not give the neighbour) and a question
about a person of their life. Every second person says *Sie*. An answer is right when it holds one of the two longest
words of the told answer (folded; words such as *nicht*, *habe* are no keys). The persons are split by a hash of their id into a development part
(`fremd_3_entwicklung`, looked at and tuned on) and a held-out part (`fremd_3_zurueck`, reported as aggregates only).

    python -m bench.memory.recall --germediq bench/memory/data/GerMedIQ-Human.csv --part fremd_3_entwicklung --show-wrong
"""

from __future__ import annotations

import csv
import hashlib
from pathlib import Path

from bench.memory.recall_cases import ABSTENTION, Question, Scenario, first_person_answer, germediq_person

__all__ = ["DEV", "HELD_OUT", "third_scenarios", "usable"]

DEV, HELD_OUT = "fremd_3_entwicklung", "fremd_3_zurueck"
TOLD_PER_PERSON = 6
# item id → (topic for "wann … von …", du-question, Sie-question); written before the first run
ITEMS: dict[str, tuple[str, str, str]] = {
    "10": ("meinem Sport", "Was für Sport mache ich?", "Welchen Sport treibe ich, wissen Sie das noch?"),
    "11": ("dem Rauchen", "Wie viel rauche ich?", "Was habe ich Ihnen übers Rauchen erzählt?"),
    "13": ("meinem Alkohol", "Wie viel Alkohol trinke ich so?", "Wie oft trinke ich Alkohol, wissen Sie das noch?"),
    "21": ("meinen Hobbys", "Was hab ich dir über meine Hobbys erzählt?",
           "Was habe ich Ihnen über meine Hobbys erzählt?"),
    "25": ("meinem Schlaf", "Wie schlafe ich?", "Was habe ich Ihnen über meinen Schlaf erzählt?"),
    "31": ("meinen Allergien", "Welche Allergien hab ich?", "Was habe ich Ihnen über meine Allergien erzählt?"),
    "42": ("den Krankheiten in meiner Familie", "Was gibt es in meiner Familie für Krankheiten?",
           "Welche Erkrankungen gibt es in meiner Verwandtschaft?"),
    "43": ("meinem Piercing", "Wo hab ich ein Piercing?", "Wo habe ich ein Piercing, wissen Sie das noch?"),
    "44": ("meinen Tattoos", "Was hab ich für Tattoos?", "Was habe ich Ihnen über meine Tattoos erzählt?"),
    "45": ("meinen Schmerzen", "Was für Schmerzen hab ich?", "Welche Schmerzen habe ich, wissen Sie das noch?"),
    "53": ("meiner Migräne", "Was hab ich dir über Migräne erzählt?",
           "Was habe ich Ihnen über meine Migräne erzählt?"),
    "62": ("meiner Muttersprache", "Welche Sprache ist meine Muttersprache?", "Welche Muttersprache habe ich?"),
    "64": ("meiner Wohnsituation", "Mit wem wohne ich zusammen?", "Wie wohne ich, wissen Sie das noch?"),
    "78": ("meinem Gehör", "Wie gut höre ich?", "Was habe ich Ihnen über mein Gehör erzählt?"),
    "79": ("meinen Augen", "Was ist mit meinen Augen?", "Was habe ich Ihnen über meine Augen erzählt?"),
    "92": ("meiner Lunge", "Was hab ich an der Lunge?", "Welche Lungenerkrankung habe ich?"),
    "94": ("meinen Zähnen", "Was ist mit meinen Zähnen?", "Was habe ich Ihnen über meine Zähne erzählt?"),
    "96": ("meiner letzten Behandlung", "Warum war ich zuletzt beim Arzt?",
           "Weshalb war ich zuletzt in ärztlicher Behandlung?"),
    "97": ("meinen Medikamenten", "Was für Tabletten nehme ich?", "Welche Medikamente nehme ich ein?"),
    "99": ("meinen Operationen", "Wo wurde ich schon operiert?", "Welche Operationen hatte ich, wissen Sie das noch?"),
    "114": ("meinen Implantaten", "Was hab ich für Implantate?", "Welche Implantate habe ich?"),
}
# neighbour items: of two things of one kind, the one never told is asked (its answer must not be the other)
NEIGHBOURS: tuple[tuple[str, str], ...] = (("11", "13"), ("43", "44"), ("97", "99"), ("78", "79"), ("62", "64"),
                                           ("31", "42"), ("10", "92"))
_LIFE: tuple[tuple[str, str], ...] = (
    ("Wie heißt meine Schwester?", "Wie heißt meine Schwester, wissen Sie das noch?"),
    ("Wo arbeitet mein Bruder?", "Wo arbeitet mein Bruder?"),
    ("Wie heißt mein Hund?", "Wie heißt mein Hund?"),
    ("Was ist mein Lieblingsessen?", "Was ist mein Lieblingsessen, wissen Sie das noch?"),
)


def usable(item: str, response: str) -> bool:
    return item in ITEMS and first_person_answer(response)


def _hash(*parts: str) -> int:
    return int.from_bytes(hashlib.sha256("|".join(("germediq-third", *parts)).encode()).digest()[:4], "big")


def _abstentions(told: list[str], sie: bool, index: int) -> list[Question]:
    out = []
    for first, second in NEIGHBOURS:
        if (first in told) != (second in told):
            never = second if first in told else first
            out.append(Question(ABSTENTION, ITEMS[never][2 if sie else 1]))
            break
    out.append(Question(ABSTENTION, _LIFE[index % len(_LIFE)][1 if sie else 0]))
    return out


def third_scenarios(source: Path | None) -> tuple[Scenario, ...]:
    """The persons of the third set from the corpus file (`;`-separated, as published), or () without it."""
    if source is None or not source.exists():
        return ()
    with source.open(encoding="utf-8") as handle:
        rows = [r for r in csv.DictReader(handle, delimiter=";")
                if int(r["participant_id"]) % 4 != 1 and usable(r["id"], r["response"])]
    people: dict[str, list[dict[str, str]]] = {}
    for row in rows:
        people.setdefault(row["participant_id"], []).append(row)
    out = []
    ordered = sorted((p for p, told in people.items() if len(told) >= 4), key=int)
    for index, participant in enumerate(ordered):
        chosen = sorted(people[participant], key=lambda r: _hash(participant, r["id"]))[:TOLD_PER_PERSON]
        sie = index % 2 == 1
        facts, questions = germediq_person(chosen, ITEMS, sie)
        questions.extend(_abstentions([row["id"] for row in chosen], sie, index))
        part = HELD_OUT if _hash(participant) % 2 else DEV
        out.append(Scenario(f"germediq3_{participant}", facts, tuple(questions), part=part, sie=sie))
    return tuple(out)
