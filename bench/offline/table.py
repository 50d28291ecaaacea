"""One table of every phrasing set through `Nova.turn`: handled and wrong writes per part, for a before/after.

Each sentence is one turn of a person of its own on an embedded stack with the offline model (`turns.open_world`);
the outcome is read from the rows after the turn, never from the answer's wording alone.

- the external sets (`external/`, committed with their licences): judged by `turns.judge_turn` — handled = done or
  rightly asked;
- their voice forms (`voice.VOICE`: lower case, no punctuation, numbers as words, umlauts spelled out, list compounds
  split, all at once) on the development parts, with the labels of the written form;
- the generated corpus (`corpus.py`, sampled) and the hand-written held-out sentences (`heldout.py`): judged by
  `_judge_case` below on a person with appointments and lists of the corpus's names.

Run: python -m bench.offline.table [--every N] [--parts a,b] [--show-wrong] [--json FILE]
(`--every` samples the two large parts, `dev` and `corpus`; default 4). Held-out parts print figures only.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

from bench.offline.corpus import NOTES, TIMELINE, Case, corpus
from bench.offline.external.local import available, missing
from bench.offline.external.score import ASKED, DONE, NOT_DONE, WRONG, load
from bench.offline.heldout import HELD_OUT
from bench.offline.run import CALENDAR_PARTS, LIST_PARTS
from bench.offline.turns import FIGURE, NOW, judge_turn, lists_present, open_world
from bench.offline.voice import VOICE

__all__ = ["Row", "PARTS", "judge_case", "main", "table"]

VOICE_PARTS = ("dev", "bonalyze_dev", "indep_lists_dev", "bf_lists_dev", "calendar_dev", "indep_calendar_dev",
               "bf_calendar_dev")
PARTS = (*LIST_PARTS, *CALENDAR_PARTS, *(f"voice:{part}" for part in VOICE_PARTS), "corpus", "heldout_hand")
LARGE = ("dev", "voice:dev", "corpus")


@dataclass
class Row:
    part: str
    total: int
    handled: int
    wrong: int
    not_done: int

    def line(self) -> str:
        share = self.handled / self.total if self.total else 0.0
        return (f"| {self.part:26} | {self.total:5} | {self.handled:5} | {share:6.1%} | {self.not_done:4} | "
                f"{self.wrong:3} |")


# --- the corpus and the hand-written held-out sentences --------------------------------------------------------

_APPOINTMENTS = (("Zahnarzt", 1, 10), ("Physiotherapie", 2, 15), ("Termin bei der Steuerberaterin", 5, 9),
                 ("Kino mit Jonas", 2, 20), ("Elternabend", 1, 19), ("Friseur", 2, 16), ("Meeting mit Tom", 5, 14),
                 ("Ölwechsel", 6, 8))
_NOTES = {"Einkaufsliste": "einkauf", "Packliste": "einkauf", "Todo-Liste": "todo"}
_FILLER = {"Einkaufsliste": "Zahnstocher", "Packliste": "Zelt", "Todo-Liste": "Wäsche waschen"}
_HELD = ("Äpfel", "Bananen", "Milch", "Pass", "Ladekabel", "Sonnencreme", "Zahnbürste", "Kaffee", "Butter")
_WRITES = {TIMELINE: {"create", "update", "delete", "reschedule"},
           NOTES: {"create", "update", "append", "add_content", "remove_content", "clear_content", "rename", "delete"}}


def _seed_case_world(nova: Any, user: str, case: Case) -> None:
    """The corpus's appointments (not for a create: it would be a duplicate) and its three lists (none for a new
    list); the items the sentences name stand on every list only where they are to be taken off or read."""
    from novaberg.timeline.repository import NewRow

    if not (case.domain == TIMELINE and case.action == "create"):
        day = NOW.replace(hour=0, minute=0)
        for title, days, hour in _APPOINTMENTS:
            moment = (day + timedelta(days=days)).replace(hour=hour)
            nova.timeline.insert(user, FIGURE, NewRow.for_type("termin", title=title, event_time=moment,
                                                               precision="minute"), NOW)
    if case.domain == NOTES and case.action == "create":
        return
    held = case.domain == NOTES and case.action not in ("add_content",)
    for name, kind in _NOTES.items():
        lines = [_FILLER[name], *(_HELD if held else ())]
        nova.notes.insert(user, name, kind, "\n".join(lines), [], NOW)


def _timeline_state(nova: Any, user: str) -> dict[int, tuple[str, str, bool]]:
    return {row["id"]: (row["title"], row["event_time"].isoformat(), bool(row.get("aktiv", True)))
            for row in nova.timeline.list(user, FIGURE, active_only=False)}


def _notes_state(nova: Any, user: str) -> dict[int, tuple[str, str]]:
    return {row["id"]: (row["name"], row["text"]) for row in nova.notes.list(user)}


def _timeline_change(before: dict, after: dict) -> str:
    if before == after:
        return ""
    gone = {before[k][0] for k in before if before[k][2] and not (k in after and after[k][2])}
    new = {after[k][0] for k in after if k not in before}
    if new and new <= gone:  # a moved appointment is a successor row of the same title
        return "reschedule"
    if new:
        return "create"
    if gone:
        return "delete"
    if any(before[k][1] != after[k][1] for k in before if k in after):
        return "reschedule"
    return "update"


def _notes_change(before: dict, after: dict) -> str:
    if before == after:
        return ""
    if set(after) - set(before):
        return "create"
    if set(before) - set(after):
        return "delete"
    for key in before:
        (old_name, old_text), (new_name, new_text) = before[key], after[key]
        if old_name != new_name:
            return "rename"
        if old_text == new_text:
            continue
        old, new = set(old_text.splitlines()), set(new_text.splitlines())
        if not new_text.strip():
            return "clear_content"
        if new - old and not old - new:
            return "add_content"
        if old - new and not new - old:
            return "remove_content"
        return "update"
    return "update"


def judge_case(nova: Any, user: str, case: Case) -> tuple[str, str]:
    """(outcome, what happened): handled when the expected service made the expected kind of change (or, for a
    read or a statement, made none); WRONG for any change of another kind or in another service."""
    _seed_case_world(nova, user, case)
    timeline, notes = _timeline_state(nova, user), _notes_state(nova, user)
    result = nova.turn(user, FIGURE, case.text, NOW)
    changes = {TIMELINE: _timeline_change(timeline, _timeline_state(nova, user)),
               NOTES: _notes_change(notes, _notes_state(nova, user))}
    made = {domain: kind for domain, kind in changes.items() if kind}
    said = f"{made or 'no change'}: {result.answer[:70]!r}"
    expects_write = case.action in _WRITES.get(case.domain, ())
    if not expects_write:
        if made:
            return WRONG, said
        if case.action == "read":
            ran = any(s.get("name") == case.domain and s.get("status") == "abgeschlossen" for s in result.services)
            return (DONE if ran else NOT_DONE), said
        return DONE, said
    if not made:
        asked = any(s.get("status") == "rueckfrage" for s in result.services)
        return (ASKED if asked else NOT_DONE), said
    if made == {case.domain: case.action} or (case.domain == NOTES and made == {NOTES: "update"}
                                             and case.action in ("add_content", "remove_content")):
        return DONE, said
    return WRONG, said


# --- the table -----------------------------------------------------------------------------------------------

def _cases(part: str, every: int) -> list[tuple[str, Any]]:
    step = every if part in LARGE else 1
    if part == "corpus":
        items: list[Any] = list(corpus())
    elif part == "heldout_hand":
        items = list(HELD_OUT)
    else:
        rows = load(part.removeprefix("voice:"))
        items = [{**row, "text": VOICE(row["text"])} for row in rows] if part.startswith("voice:") else rows
    return [(f"{part}-{n}", item) for n, item in enumerate(items) if n % step == 0]


def table(parts: tuple[str, ...] = PARTS, every: int = 4, examples: int = 0, show_wrong: bool = False) -> list[Row]:
    lists = lists_present()
    rows: list[Row] = []
    with open_world() as nova:
        for part in parts:
            name = part.removeprefix("voice:")
            if name not in ("corpus", "heldout_hand") and not available(name):
                print(f"| {part:26} | missing: {missing(name)} |", flush=True)
                continue
            outcomes: Counter[str] = Counter()
            shown: list[str] = []
            for user, case in _cases(part, every):
                if isinstance(case, Case):
                    outcome, said = judge_case(nova, user, case)
                    text = case.text
                else:
                    outcome, said = judge_turn(nova, user, case, lists)
                    text = case["text"]
                outcomes[outcome] += 1
                if "heldout" in part:
                    continue
                if (outcome in (WRONG, NOT_DONE) and len(shown) < examples) or (show_wrong and outcome == WRONG):
                    shown.append(f"    {outcome}: {text!r}: {said}")
            row = Row(part, sum(outcomes.values()), outcomes[DONE] + outcomes[ASKED], outcomes[WRONG],
                      outcomes[NOT_DONE])
            rows.append(row)
            print(row.line(), flush=True)
            for line in shown:
                print(line)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=4, help="sample every Nth sentence of dev, voice:dev, corpus")
    parser.add_argument("--parts", help="comma-separated parts (default: all)")
    parser.add_argument("--examples", type=int, default=0, help="print up to N misses per development part")
    parser.add_argument("--show-wrong", action="store_true",
                        help="print every wrong write of a development part (held-out parts print figures only)")
    parser.add_argument("--json", type=Path, help="write the rows as JSON to this file")
    args = parser.parse_args()
    parts = tuple(args.parts.split(",")) if args.parts else PARTS
    started, cpu = time.perf_counter(), time.process_time()
    print("| part                       | turns | handled | share  | not done | wrong writes |")
    print("|---|---|---|---|---|---|")
    rows = table(parts, args.every, args.examples, args.show_wrong)
    print(f"{sum(r.total for r in rows)} turns, {time.perf_counter() - started:.0f} s wall, "
          f"{time.process_time() - cpu:.0f} s CPU")
    if args.json:
        args.json.write_text(json.dumps([row.__dict__ for row in rows], indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
