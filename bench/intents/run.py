"""An intent benchmark in German written by others: the German translation of the NLU Evaluation Data (the HWU64
home-assistant utterances, translated with DeepL by Philip May / Deutsche Telekom; CC BY 4.0, `data/NOTICE.md`).

Each sentence goes through `Nova.turn` once, by a person of its own, on an embedded stack with the offline model; the
person holds three appointments and two lists (`_seed`). The outcome is read from the rows after the turn:

- `reminder_set` (a reminder or an appointment to enter): handled when only the timeline changed, by a new entry or a
  change to one of hers (a reminder on it), or when nothing was written and she asked for what was missing;
- `calendar_query`: handled when nothing was written and the timeline answered;
- `calendar_remove`: handled when the timeline answered and nothing was created (a delete, a question, or *not found*);
- `list_add` / `list_remove` / `list_query` / `list_create` / `list_delete`: the notes made that kind of change, or
  asked, or (a query) answered without a write;
- `ood_*` (an alarm clock, the weather, music, booking and ordering, messages and calls, the smart home, news, events
  near by): handled when nothing was written and the answer says she cannot do it;
- `other` (questions and small talk of other kinds): handled when nothing was written.

A write in an `ood_*` or `other` sentence is an out-of-domain write; a write of another kind than the class asks for
is a wrong write. Labels were read from each sentence by hand (`data/labels.json`, with the rules that proposed them
in `data/NOTICE.md`); the part (dev / held-out) is fixed by sha256(sentence)[0] < 86 → held-out, set before the first
run. Tune only on dev; the held-out part prints its figures, never its sentences.

Run: python -m bench.intents [--part dev|heldout] [--classes a,b] [--examples N] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter, defaultdict
from datetime import timedelta
from pathlib import Path
from typing import Any

from bench.offline.turns import FIGURE, NOW, open_world

__all__ = ["CASES", "Outcome", "cases", "judge", "main", "refuses"]

HERE = Path(__file__).parent
DATA = HERE / "data"
HANDLED, NOT_HANDLED, WRONG, OOD_WRITE = "handled", "not handled", "wrong write", "out-of-domain write"
TIMELINE, NOTES = "timeline", "notizen"
_APPOINTMENTS = (("Zahnarzttermin", 5, 10), ("Besprechung", 1, 15), ("Treffen mit Joe", 6, 10))
_LISTS = {"Einkaufsliste": ("einkauf", "Milch\nBananen\nÄpfel\nEier"), "To-do-Liste": ("todo", "Wäsche waschen")}
_REFUSALS = ("kann ich nicht", "keinen zugang")


def cases(part: str | None = None) -> list[tuple[str, str, str]]:
    """(class, part, sentence) of the labelled set, optionally one part."""
    rows = json.loads((DATA / "labels.json").read_text(encoding="utf-8"))
    return [(label, where, text) for label, where, text in rows if part in (None, where)]


CASES = cases


def _seed(nova: Any, user: str) -> None:
    from novaberg.timeline.repository import NewRow

    day = NOW.replace(hour=0, minute=0)
    for title, days, hour in _APPOINTMENTS:
        moment = (day + timedelta(days=days)).replace(hour=hour)
        nova.timeline.insert(user, FIGURE, NewRow.for_type("termin", title=title, event_time=moment,
                                                           precision="minute"), NOW)
    for name, (kind, text) in _LISTS.items():
        nova.notes.insert(user, name, kind, text, [], NOW)


def _timeline(nova: Any, user: str) -> dict[int, tuple[str, str, bool, bool]]:
    return {row["id"]: (row["title"], row["event_time"].isoformat(), bool(row["aktiv"]), bool(row["remind"]))
            for row in nova.timeline.list(user, FIGURE, active_only=False)}


def _notes(nova: Any, user: str) -> dict[int, tuple[str, str]]:
    return {row["id"]: (row["name"], row["text"]) for row in nova.notes.list(user)}


def _timeline_kinds(before: dict, after: dict) -> set[str]:
    kinds = set()
    gone = {k for k in before if before[k][2] and not (k in after and after[k][2])}
    new = {k for k in after if k not in before}
    if new:
        kinds.add("create")
    if gone and not ({after[k][0] for k in new} >= {before[k][0] for k in gone}):
        kinds.add("delete")
    if any(before[k] != after[k] for k in before if k in after and k not in gone):
        kinds.add("update")
    return kinds


def _notes_kinds(before: dict, after: dict) -> set[str]:
    kinds = set()
    if set(after) - set(before):
        kinds.add("create")
    if set(before) - set(after):
        kinds.add("delete")
    for key in set(before) & set(after):
        (old_name, old_text), (new_name, new_text) = before[key], after[key]
        old, new = set(old_text.splitlines()), set(new_text.splitlines())
        if old_name != new_name:
            kinds.add("rename")
        if new - old:
            kinds.add("add")
        if old - new:
            kinds.add("remove")
    return kinds


def refuses(answer: str) -> bool:
    """Whether the answer says she cannot do it (the capability note or the like)."""
    folded = answer.casefold()
    return any(phrase in folded for phrase in _REFUSALS)


_MISSING = ("titel_fehlt", "zeit_fehlt", "tageshaelfte_offen")  # the timeline's question for what a create lacks


def _asked(result: Any) -> bool:
    """A question back: a waiting question, or the timeline's question for a missing title or time."""
    return any(service.get("status") == "rueckfrage" or any(step.get("ausgang") in _MISSING
                                                            for step in service.get("steps", []))
               for service in result.services)


def _ran(result: Any, name: str) -> bool:
    return any(service.get("name") == name for service in result.services)


_WANTED = {  # class → (service, the kinds of change that are right)
    "reminder_set": (TIMELINE, {"create", "update"}),
    "calendar_remove": (TIMELINE, {"delete", "update"}),
    "list_add": (NOTES, {"add", "create"}),
    "list_remove": (NOTES, {"remove"}),
    "list_create": (NOTES, {"create"}),
    "list_delete": (NOTES, {"delete"}),
}
_READS = {"calendar_query": TIMELINE, "list_query": NOTES}


def judge(nova: Any, user: str, label: str, text: str) -> tuple[str, str]:
    """(outcome, what happened) of one sentence said once by a person of its own."""
    _seed(nova, user)
    timeline, notes = _timeline(nova, user), _notes(nova, user)
    result = nova.turn(user, FIGURE, text, NOW)
    made = {TIMELINE: _timeline_kinds(timeline, _timeline(nova, user)), NOTES: _notes_kinds(notes, _notes(nova, user))}
    made = {service: kinds for service, kinds in made.items() if kinds}
    said = f"{made or 'no change'}: {result.answer[:90]!r}"
    if label.startswith("ood_") or label == "other":
        if made:
            return OOD_WRITE, said
        return (HANDLED if label == "other" or refuses(result.answer) else NOT_HANDLED), said
    if label in _READS:
        if made:
            return WRONG, said
        return (HANDLED if _ran(result, _READS[label]) else NOT_HANDLED), said
    service, right = _WANTED[label]
    if made:
        return (HANDLED if set(made) == {service} and made[service] <= right else WRONG), said
    if label == "calendar_remove":
        return (HANDLED if _ran(result, TIMELINE) else NOT_HANDLED), said
    return (HANDLED if _asked(result) and _ran(result, service) else NOT_HANDLED), said


class Outcome(Counter):
    """Outcomes of one class."""

    @property
    def total(self) -> int:
        return sum(self.values())


def run(part: str, classes: set[str] | None, examples: int) -> dict[str, Outcome]:
    table: dict[str, Outcome] = defaultdict(Outcome)
    shown: dict[str, list[str]] = defaultdict(list)
    with open_world() as nova:
        for number, (label, _, text) in enumerate(cases(part)):
            if classes and label not in classes:
                continue
            outcome, said = judge(nova, f"{part}-{number}", label, text)
            table[label][outcome] += 1
            if outcome != HANDLED and part == "dev" and len(shown[label]) < examples:
                shown[label].append(f"    {outcome}: {text!r} → {said}")
    for label in sorted(table):
        for line in shown[label]:
            print(line)
    return table


def _print(part: str, table: dict[str, Outcome]) -> None:
    print(f"| {part} class | sentences | handled | share | wrong writes | out-of-domain writes |")
    print("|---|---|---|---|---|---|")
    total = Outcome()
    for label in sorted(table):
        row = table[label]
        total.update(row)
        print(f"| {label} | {row.total} | {row[HANDLED]} | {row[HANDLED] / row.total:.1%} | {row[WRONG]} | "
              f"{row[OOD_WRITE]} |")
    print(f"| all | {total.total} | {total[HANDLED]} | {total[HANDLED] / max(total.total, 1):.1%} | {total[WRONG]} | "
          f"{total[OOD_WRITE]} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=("dev", "heldout"), default="dev")
    parser.add_argument("--classes", help="comma-separated classes (default: all)")
    parser.add_argument("--examples", type=int, default=0, help="print up to N misses per class (dev only)")
    parser.add_argument("--json", type=Path, help="write the table as JSON to this file")
    args = parser.parse_args()
    started, cpu = time.perf_counter(), time.process_time()
    table = run(args.part, set(args.classes.split(",")) if args.classes else None, args.examples)
    _print(args.part, table)
    print(f"{sum(row.total for row in table.values())} turns, {time.perf_counter() - started:.0f} s wall, "
          f"{time.process_time() - cpu:.0f} s CPU")
    if args.json:
        args.json.write_text(json.dumps({label: dict(row) for label, row in table.items()}, indent=1) + "\n",
                             encoding="utf-8")


if __name__ == "__main__":
    main()
