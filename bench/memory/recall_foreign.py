"""A recall set written by others: told facts from the GerMedIQ corpus — German answers that 39
participants gave in their own words to anamnesis questions (Hofenbitzer et al., ACL SRW 2025,
https://github.com/Jhofenbitzer/GerMedIQ-Corpus, CC BY 4.0; see `data/GERMEDIQ_NOTICE.md`). The corpus file is
committed unchanged (`data/GerMedIQ-Human.csv`) and so is the subset built from it (`--build`, below), in
`data/germediq_subset.csv`. Without the subset the set is left out of the bench.

**How the set is made, fixed before the first run and never tuned:** the participants whose id is 1 mod 4 and who
gave at least four usable answers; an answer is usable when it is one of eight everyday items (sport, alcohol,
allergy, illness in the family, mother tongue, how one lives, medicines, operations), has four words or more,
speaks in the first person and does not open with *Nein*/*Kein*. Each usable answer is told as it stands, on its
own day (day 2, 6, 10, …), among the bench's small talk and commands; on day 35 each is asked with a question of
ours for its item, the first one also as "wann", plus one question about something never told. Every second
person says *Sie*. An answer is right when it holds one of the two longest words of the told answer (folded;
`recall_cases.answer_keys` — never a word that any answer holds, such as *nicht* or *habe*).

    python -m bench.memory.recall_foreign --build bench/memory/data/GerMedIQ-Human.csv   # rebuilds the subset
"""

from __future__ import annotations

import argparse
import csv
from pathlib import Path

from bench.memory.recall_cases import ABSTENTION, Question, Scenario, first_person_answer, germediq_person

__all__ = ["FOREIGN", "PART"]

PART = "fremd"
SUBSET = Path(__file__).parent / "data" / "germediq_subset.csv"
# item id → (topic for "wann … von …", du-question, Sie-question)
ITEMS: dict[str, tuple[str, str, str]] = {
    "10": ("meinem Sport", "Welchen Sport mache ich?", "Wissen Sie noch, welchen Sport ich mache?"),
    "13": ("Alkohol", "Wie oft trinke ich Alkohol?", "Was habe ich Ihnen über Alkohol erzählt?"),
    "31": ("meiner Allergie", "Wogegen bin ich allergisch?", "Wissen Sie noch, wogegen ich allergisch bin?"),
    "42": ("den Krankheiten in meiner Familie", "Welche Krankheiten gibt es in meiner Familie?",
           "Was habe ich Ihnen über Krankheiten in meiner Familie erzählt?"),
    "62": ("meiner Muttersprache", "Was ist meine Muttersprache?", "Wissen Sie noch, was meine Muttersprache ist?"),
    "64": ("meiner Wohnsituation", "Wie wohne ich?", "Was habe ich Ihnen über meine Wohnsituation erzählt?"),
    "97": ("meinen Medikamenten", "Welche Medikamente nehme ich?",
           "Welche Medikamente nehme ich, wissen Sie das noch?"),
    "99": ("meinen Operationen", "Welche Operationen hatte ich schon?",
           "Was habe ich Ihnen über meine Operationen erzählt?"),
}
_NEVER_TOLD = ("Wie heißt mein Hund?", "Wie heißt meine Enkelin?")


def usable(item: str, response: str) -> bool:
    return item in ITEMS and first_person_answer(response)


def build(source: Path) -> None:
    with source.open(encoding="utf-8") as handle:
        rows = [r for r in csv.DictReader(handle, delimiter=";") if usable(r["id"], r["response"])]
    counts: dict[int, int] = {}
    for row in rows:
        counts[int(row["participant_id"])] = counts.get(int(row["participant_id"]), 0) + 1
    chosen = {p for p, n in counts.items() if p % 4 == 1 and n >= 4}
    with SUBSET.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, delimiter=";")
        writer.writerow(["id", "question", "response", "participant_id"])
        for row in sorted(rows, key=lambda r: (int(r["participant_id"]), int(r["id"]))):
            if int(row["participant_id"]) in chosen:
                writer.writerow([row["id"], row["question"], row["response"], row["participant_id"]])


def _scenarios() -> tuple[Scenario, ...]:
    if not SUBSET.exists():
        return ()
    with SUBSET.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter=";"))
    people: dict[str, list[dict[str, str]]] = {}
    for row in rows:
        people.setdefault(row["participant_id"], []).append(row)
    out = []
    for index, (participant, told) in enumerate(sorted(people.items(), key=lambda kv: int(kv[0]))):
        sie = index % 2 == 1
        facts, questions = germediq_person(told, ITEMS, sie)
        questions.append(Question(ABSTENTION, _NEVER_TOLD[index % 2]))
        out.append(Scenario(f"germediq{participant}", facts, tuple(questions), part=PART, sie=sie))
    return tuple(out)


FOREIGN: tuple[Scenario, ...] = _scenarios()


def main() -> None:
    parser = argparse.ArgumentParser(description="rebuild the GerMedIQ subset")
    parser.add_argument("--build", type=Path, required=True)
    build(parser.parse_args().build)


if __name__ == "__main__":
    main()
