"""Score the external sets through the real turn: what a person gets, not what the router
and the classification say on their own.

`external/score.py` and `external/calendar.py` call the router and the classifications directly, so a decision
the turn makes around them — the bare-order route by the person's data (*„Loesch Käse“*), the resume of a
pending question, the search node's question which list — is not in their figures. Here every sentence is one
`Nova.turn` on an embedded stack with the offline model, by a person of its own (nothing carries over between
sentences) whose world is set up from the sentence's label:

- four lists (`SOURCES.json` names them), each with a filler line of its own, so a write on the wrong list or a
  guessed list is visible;
- a removal: the labelled item on the named list and on a second one (a strike from the wrong list shows); with
  no list named, on the Einkaufsliste alone — the only list of hers that holds it, so striking it there is what
  she meant, and so is asking which;
- a read-out: the answer must show the named list's filler line (or ask which list when none is named).

The outcome is read from the rows after the turn (lists and appointments), never from the answer's wording
alone: done (exactly the expected change), asked (nothing written, a question asked, where the sentence left the
list or the appointment's title or time open), not done (nothing written otherwise), WRONG write (any other change).
"""

from __future__ import annotations

import json
import tempfile
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from bench.offline.external.score import (
    ASKED,
    DONE,
    NO_WRITE,
    NOT_DONE,
    READ,
    WRONG,
    ExternalReport,
    item_options,
    load,
)
from novaberg.text.words import fold_umlauts

__all__ = ["open_world", "score_turns", "judge_turn", "lists_present", "FILLERS", "NOW"]

HERE = Path(__file__).parent / "external"
NOW = datetime(2026, 11, 11, 9, 30, tzinfo=ZoneInfo("Europe/Berlin"))  # a Wednesday, as the other scorers
FIGURE = "nova"
DEFAULT_LIST = "Einkaufsliste"
FILLERS = {"Einkaufsliste": "Zahnstocher", "Baumarkt": "Dübel", "Haushalt": "Kerzen", "To-do-Liste": "Wäsche waschen"}
_TYPES = {"To-do-Liste": "todo"}  # the others are shopping lists
ADD, REMOVE, CREATE = "add_content", "remove_content", "create"


@contextmanager
def open_world() -> Iterator[Any]:
    """A throw-away embedded stack with the offline model, as `Nova.open(llm="offline")` runs."""
    from novaberg import Nova

    with tempfile.TemporaryDirectory() as tmp, Nova.open(data_dir=Path(tmp) / "data", llm="offline") as nova:
        yield nova


def lists_present() -> list[str]:
    return list(json.loads((HERE / "SOURCES.json").read_text(encoding="utf-8"))["lists_present"])


def _fold(text: str) -> str:
    return " ".join(fold_umlauts(text.casefold()).split())


def _second_list(named: str, lists: list[str]) -> str:
    return next(name for name in lists if name != named)


def _seed(nova: Any, user: str, case: dict[str, str], lists: list[str]) -> None:
    """The person's lists before the sentence (see the module's description)."""
    lines = {name: [FILLERS.get(name, "Notizblock")] for name in lists}
    if case["action"] in (REMOVE, READ) and case.get("item"):
        home = case["list"] or DEFAULT_LIST
        held = item_options(case["item"])[0]  # the first alternative is the text on the list
        lines[home].extend(held)
        if case["action"] == REMOVE and case["list"]:
            lines[_second_list(home, lists)].extend(held)
    for name in lists:
        nova.notes.insert(user, name, _TYPES.get(name, "einkauf"), "\n".join(lines[name]), [], NOW)


def _snapshot(nova: Any, user: str) -> dict[str, list[str]]:
    return {row["name"]: [line.strip() for line in row["text"].splitlines() if line.strip()]
            for row in nova.notes.list(user)}


def _appointments(nova: Any, user: str) -> list[tuple[str, str]]:
    zone = NOW.tzinfo
    return [(row["title"], row["event_time"].astimezone(zone).strftime("%Y-%m-%dT%H:%M"))
            for row in nova.timeline.list(user, FIGURE, active_only=False)]


def _changes(before: dict[str, list[str]], after: dict[str, list[str]]) -> dict[str, tuple[list[str], list[str]]]:
    """Per list (name): (lines added, lines removed); a new list shows all its lines added, a gone one removed."""
    out = {}
    for name in sorted(set(before) | set(after)):
        old, new = before.get(name, []), after.get(name, [])
        added = [line for line in new if line not in old]
        removed = [line for line in old if line not in new]
        if added or removed or name not in before or name not in after:
            out[name] = (added, removed)
    return out


def _asked(result: Any) -> bool:
    return any(service.get("status") == "rueckfrage" for service in result.services)


def judge_turn(nova: Any, user: str, case: dict[str, str], lists: list[str]) -> tuple[str, str]:
    """(outcome, what happened) of one sentence, said once by a person of its own."""
    if case["action"] == CREATE:
        return _judge_create(nova, user, case)
    if "list" not in case:  # a calendar request other than a create (the third set's read-outs)
        return _judge_calendar_read(nova, user, case)
    _seed(nova, user, case, lists)
    before = _snapshot(nova, user)
    result = nova.turn(user, FIGURE, case["text"], NOW)
    changed = _changes(before, _snapshot(nova, user))
    appointments = _appointments(nova, user)
    said = f"{changed or 'no change'}{f' + appointments {appointments}' if appointments else ''}"
    if appointments:
        return WRONG, said + " (an appointment written)"
    action, named, item = case["action"], case["list"], case["item"]
    if action in (READ, NO_WRITE):
        if changed:
            return WRONG, said + " (a write where none was asked for)"
        if action == NO_WRITE:
            return DONE, said
        shown = _fold(FILLERS.get(named or DEFAULT_LIST, "")) in _fold(result.answer)
        if shown:
            return DONE, "read out"
        return (ASKED if not named and _asked(result) else NOT_DONE), f"answer {result.answer[:80]!r}"
    if not changed:
        if _asked(result):
            return (ASKED if not named else NOT_DONE), f"asked: {result.answer[:80]!r}"
        return NOT_DONE, f"answer {result.answer[:80]!r}"
    home = named or (DEFAULT_LIST if action == REMOVE else "")
    if home and action == REMOVE and _same(changed, {home: ([], item_options(item)[0])}):
        return DONE, said
    if home and action == ADD and any(_same(changed, {home: (option, [])}) for option in item_options(item)):
        return DONE, said
    if not named and action == ADD:
        return WRONG, said + " (should have asked which list)"
    return WRONG, said


def _same(changed: dict[str, tuple[list[str], list[str]]], expected: dict[str, tuple[list[str], list[str]]]) -> bool:
    def folded(d: dict[str, tuple[list[str], list[str]]]) -> dict[str, tuple[list[str], list[str]]]:
        return {name: ([_fold(x) for x in added], [_fold(x) for x in removed]) for name, (added, removed) in d.items()}

    return folded(changed) == folded(expected)


HALF_OF_DAY = "tageshaelfte_offen"  # the §5.2 question: the hour said is morning or evening


def _missing(result: Any) -> str:
    """The timeline's step that says what a create lacks (`titel_fehlt`, `zeit_fehlt`, `tageshaelfte_offen`), or ''."""
    for service in result.services:
        for step in service.get("steps", []):
            if step.get("ausgang") in ("titel_fehlt", "zeit_fehlt", HALF_OF_DAY):
                return str(step["ausgang"])
    return ""


def _asks_the_open_hour(case: dict[str, str], result: Any) -> bool:
    """A label with a date alone says the hour is open (*um 4 Uhr*): asking morning or evening on that day is meant."""
    when = case["when"]
    if len(when) != len("2026-11-11") or not case["title"]:
        return False
    day = f"{when[8:10]}.{when[5:7]}.{when[:4]}"
    return day in result.answer


def _judge_calendar_read(nova: Any, user: str, case: dict[str, str]) -> tuple[str, str]:
    """A calendar read-out: right when the timeline read and nothing was written (as `external/calendar.py`
    counts a read: the order reached the timeline as a read)."""
    before = _snapshot(nova, user)
    result = nova.turn(user, FIGURE, case["text"], NOW)
    if _appointments(nova, user) or _changes(before, _snapshot(nova, user)):
        return WRONG, "a write where a read was asked for"
    read = any(s.get("name") == "timeline" and s.get("status") == "abgeschlossen" for s in result.services)
    return (DONE, "read out") if read else (NOT_DONE, f"answer {result.answer[:80]!r}")


def _judge_create(nova: Any, user: str, case: dict[str, str]) -> tuple[str, str]:
    """A create: right when the one new appointment has the expected title words and moment, or when nothing is
    written and a question asks for what the sentence left open (title or time)."""
    result = nova.turn(user, FIGURE, case["text"], NOW)
    rows = _appointments(nova, user)
    notes = nova.notes.list(user)
    if notes:
        return WRONG, f"a note written: {[row['name'] for row in notes]}"
    if not rows:
        missing = _missing(result)
        wanted = {"titel_fehlt": not case["title"], "zeit_fehlt": bool(case["title"]) and not case["when"],
                  HALF_OF_DAY: _asks_the_open_hour(case, result)}
        if wanted.get(missing):  # as `external/calendar.py` counts it: the answer asks for what was left open
            return DONE, f"asks ({missing})"
        return NOT_DONE, f"answer {result.answer[:80]!r}"
    said = f"created {rows}"
    if len(rows) != 1 or not case["title"] or not case["when"]:
        return WRONG, said
    title, moment = rows[0]
    if not set(_fold(case["title"]).split()) <= set(_fold(title).split()) or not moment.startswith(case["when"]):
        return WRONG, said
    return DONE, said


def score_turns(nova: Any, part: str, every: int = 1) -> ExternalReport:
    """Every `every`-th sentence of `part` through `nova.turn`, one person each (ids `<part>-<n>`, unique per
    stack)."""
    lists = lists_present()
    report = ExternalReport(outcomes=Counter())
    for number, case in enumerate(load(part)):
        if number % every:
            continue
        outcome, said = judge_turn(nova, f"{part}-{number}", case, lists)
        report.total += 1
        report.outcomes[outcome] += 1
        report.examples.setdefault(outcome, []).append(f"{case['text']!r}: {said}")
    return report
