"""A German long-term memory benchmark in the style of LongMemEval.

    python -m bench.memory.recall                # offline and with the scripted block reader
    python -m bench.memory.recall --mode offline --show-wrong

Fifteen persons (and six more, `recall_second.py`) tell their facts over five weeks (`bench/memory/recall_cases.py`) among small talk, list and
calendar commands, each day closed by a heartbeat (`nova.pixie.tick`, which promotes); on day 35 they ask. Every
turn goes through `Nova.turn` with a clock the bench advances. Two runs on one throw-away embedded stack:

- `offline`: the offline model, as `Nova.open(llm="offline")` runs.
- `skript`: a scripted composer that sees only the `[ERINNERUNGEN]` block and answers from it (each line it
  holds, a line marked as superseded said as history) — what the block gives a model.

Scoring: an answer is right when it states one key of every wanted fact; an update answer also must not state
the old value as current (before a history word such as *vorher*; a key the new sentence itself holds does not count,
`_old_markers`); a "wann" answer must say the fact's day;
an abstention answer must say that nothing was told, and every key of the person's facts in it counts as an
invented fact. The held-out third (every third scenario), the second held-out set (`recall_second.py`) and the set
written by others (`recall_foreign.py`, GerMedIQ, CC BY 4.0) are reported on their own, and so are the two parts of
the third set written by others (`recall_germediq_rest.py`, the GerMedIQ participants the first set leaves out, read from `--germediq PATH`: its
development part is looked at, its held-out part only as aggregates), and so are the two parts of the fourth set
(`recall_tatoeba.py`, everyday first-person sentences from Tatoeba, read from `--tatoeba PATH`); to a person who says *Sie*,
a du-form answer is wrong (`inhalt_ohne_anrede` counts the content alone), and so are the two neighbour sets
(`recall_neighbours.py`: *other person* and *updated*, each split by the sha256 of its case ids into a development
and a held-out part). Every part is also reported as answered / abstained / invented / missed (`outcome`: a fact of
the person the question does not ask for, or an old version as current, counts as invented). `--part NAME` runs one part,
`--show-held-out` prints the held-out parts' wrong answers (looking at them spends the part). `--answers FILE`
writes every answer (mode, person, question, answer) as JSON lines, to compare two versions with `cmp` unread.
"""

from __future__ import annotations

import argparse
import json
import re
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Mapping
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from bench.memory.recall_cases import (
    ABSTENTION,
    CATEGORIES,
    OTHER_PERSON,
    SCENARIOS,
    TEMPORAL,
    UPDATE,
    Fact,
    Question,
    Scenario,
)
from bench.memory.recall_foreign import FOREIGN
from bench.memory.recall_germediq_rest import DEV as THIRD_DEV
from bench.memory.recall_germediq_rest import HELD_OUT as THIRD_HELD_OUT
from bench.memory.recall_germediq_rest import third_scenarios
from bench.memory.recall_neighbours import (
    NEIGHBOURS,
    OTHER_DEV,
    OTHER_HELD_OUT,
    UPDATED_DEV,
    UPDATED_HELD_OUT,
)
from bench.memory.recall_second import SECOND
from bench.memory.recall_tatoeba import DEV as FOURTH_DEV
from bench.memory.recall_tatoeba import HELD_OUT as FOURTH_HELD_OUT
from bench.memory.recall_tatoeba import fourth_scenarios
from novaberg.memory.address import address_of
from novaberg.text.calendar import MONTH_NAMES
from novaberg.text.small_talk import ADDRESS_SIE
from novaberg.text.words import fold

BERLIN = ZoneInfo("Europe/Berlin")
START = datetime(2026, 11, 2, 0, 0, tzinfo=BERLIN)  # a Monday
ASK_DAY = 35  # Monday 7 December: "letzte Woche" is days 28–34
CHARACTER = "nova"
_SMALL_TALK = ("Hallo Nova!", "Guten Morgen!", "Das Wetter ist heute ziemlich trüb.", "Danke dir.",
               "Heute war ein langer Tag.", "Na, alles klar bei dir?", "Ich hab heute nicht so viel vor.")
_ITEMS = ("Milch", "Brot", "Eier", "Butter", "Käse", "Tomaten", "Reis", "Kaffee", "Äpfel", "Zwiebeln", "Nudeln",
          "Joghurt", "Honig", "Mehl", "Salz", "Senf")
_APPOINTMENTS = ("Zahnarzt", "Friseur", "Elternabend", "Werkstatt", "Steuerberater", "Physiotherapie", "Bürgeramt")
_HISTORY_WORDS = ("vorher", "frueher", "davor", "zuvor", "bis dahin", "davor")
_ABSTAIN = re.compile(r"noch nicht erzaehlt|nichts erzaehlt|noch nichts|weiss ich nicht|nicht bekannt|keine ahnung")
_LINE = re.compile(r"^- „(?P<said>.*)“ \((?P<meta>[^)]*)\)$")


def _fillers(scenario_index: int, day: int) -> list[str]:
    """Two or three turns before a fact: small talk and a command, varied by day and person."""
    n = scenario_index * 7 + day
    turns = [_SMALL_TALK[n % len(_SMALL_TALK)]]
    if n % 3 == 0:
        weekday = ("Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag")[n % 5]
        turns.append(f"Trag mir am {weekday} um {9 + n % 8} Uhr {_APPOINTMENTS[n % len(_APPOINTMENTS)]} ein.")
    else:
        turns.append(f"Setz {_ITEMS[(n * 5) % len(_ITEMS)]} auf die Einkaufsliste.")
    if n % 2:
        turns.append(_SMALL_TALK[(n + 3) % len(_SMALL_TALK)])
    return turns


def play(nova: Any, scenario: Scenario, index: int, user: str) -> list[tuple[Question, str]]:
    """The scenario's five weeks through `Nova.turn` and `nova.pixie.tick`, then its questions on ASK_DAY."""
    by_day: dict[int, list[str]] = defaultdict(list)
    for fact in scenario.facts.values():
        by_day[fact.day].append(fact.said)
    for day in sorted(by_day):
        moment = START + timedelta(days=day, hours=18 + index % 3)
        for filler in _fillers(index, day):
            nova.turn(user, CHARACTER, filler, moment)
            moment += timedelta(minutes=1)
        for said in by_day[day]:
            moment += timedelta(minutes=6)  # past a waiting question's 300 s (agents/pending.py)
            nova.turn(user, CHARACTER, said, moment)
        nova.pixie.tick(START + timedelta(days=day, hours=23))
    asked = START + timedelta(days=ASK_DAY, hours=19)
    answers = []
    for filler in _fillers(index, ASK_DAY)[:1]:
        nova.turn(user, CHARACTER, filler, asked)
    for question in scenario.questions:
        asked += timedelta(minutes=6)
        answers.append((question, nova.turn(user, CHARACTER, question.text, asked).answer))
    return answers


def _days(day: int) -> tuple[str, ...]:
    moment = START + timedelta(days=day)
    return (f"{moment.day}. {fold(MONTH_NAMES[moment.month - 1])}", f"{moment.day:02d}.{moment.month:02d}.")


_DU = re.compile(r"\b(du|dir|dich|dein|deine|deinen|deinem|deiner|deines|hast|bist)\b")
ALL_SCENARIOS: tuple[Scenario, ...] = (*SCENARIOS, *SECOND, *FOREIGN, *NEIGHBOURS)
PARTS = ("entwicklung", "zurueckgehalten", "zurueckgehalten_2", "fremd", THIRD_DEV, THIRD_HELD_OUT, FOURTH_DEV,
         FOURTH_HELD_OUT, OTHER_DEV, OTHER_HELD_OUT, UPDATED_DEV, UPDATED_HELD_OUT)
_DEV_PARTS = ("entwicklung", THIRD_DEV, FOURTH_DEV, OTHER_DEV, UPDATED_DEV)  # the parts looked at and tuned on
ANSWERED, ABSTAINED, INVENTED, MISSED = "beantwortet", "enthalten", "erfunden", "verfehlt"


def score(scenario: Scenario, question: Question, answer: str) -> tuple[bool, int]:
    """(right, invented facts) for one answer; to a person who says *Sie*, an answer in the du-form is wrong."""
    said = fold(answer)
    right, invented = _content(scenario, question, said)
    if scenario.sie and _DU.search(said):
        return False, invented
    return right, invented


def _content(scenario: Scenario, question: Question, said: str) -> tuple[bool, int]:
    keys = {key for fact in scenario.facts.values() for key in fact.keys}
    if question.category == ABSTENTION:
        invented = sum(1 for key in keys if key in said)
        return bool(_ABSTAIN.search(said)) and not invented, invented
    if question.category == TEMPORAL and question.day_of:
        return any(day in said for day in _days(scenario.facts[question.day_of].day)), 0
    right = all(any(key in said for key in scenario.facts[name].keys) for name in question.wants)
    if question.category == UPDATE and question.old:
        cut = min([said.find(word) for word in _HISTORY_WORDS if word in said] or [len(said)])
        current = said[:cut]
        right = right and any(key in current for key in scenario.facts[question.wants[0]].keys) \
            and not any(key in current for key in _old_markers(scenario.facts[question.old], scenario.facts[question.wants[0]]))
    return right, 0


_BROAD = re.compile(r"\b(erzaehlt|weisst du|wissen sie)\b")


def outcome(scenario: Scenario, question: Question, answer: str) -> str:
    """ANSWERED (right, `score`), INVENTED (states a key of a fact of the person the question does not ask for —
    a neighbour fact, or an old version as current — also when it is otherwise right), ABSTAINED (says nothing was
    told while a fact was wanted), else MISSED. Keys that a wanted fact's own sentence holds never count; a question
    about everything told of a thing (*Was hab ich dir über meine Hobbys erzählt?*) of the older sets may be answered
    with more of it — there only the new sets' other-person and never-told questions count other facts."""
    said = fold(answer)
    wanted = set(question.wants) | set(question.also)
    current = said
    if question.category == UPDATE and question.old:
        cut = min([said.find(word) for word in _HISTORY_WORDS if word in said] or [len(said)])
        current = said[:cut]
        if any(key in current for key in _old_markers(scenario.facts[question.old],
                                                      scenario.facts[question.wants[0]])):
            return INVENTED
    allowed = " ".join(fold(scenario.facts[name].said) for name in wanted)
    others = [key for name, fact in scenario.facts.items() if name not in wanted and name != question.old
              for key in fact.keys if key not in allowed]
    broad = bool(_BROAD.search(fold(question.text)))  # *Was hab ich dir über X erzählt?*: all told about X answers
    if question.category != TEMPORAL and (not broad or question.category in (OTHER_PERSON, ABSTENTION)) \
            and any(key in current for key in others):
        return INVENTED
    right, _ = score(scenario, question, answer)
    if right:
        return ANSWERED
    return ABSTAINED if _ABSTAIN.search(said) else MISSED


def _outcomes(rows: list[tuple[Scenario, Question, str, bool, int]]) -> None:
    """Per part: answered / abstained / invented / missed, and the recall (answered of all)."""
    print("  -- beantwortet / enthalten / erfunden / verfehlt (recall = beantwortet von allen)")
    for part in PARTS:
        chosen = [r for r in rows if r[0].report_part == part]
        if not chosen:
            continue
        counts = Counter(outcome(r[0], r[1], r[2]) for r in chosen)
        print(f"  {part:26} {counts[ANSWERED]:4} / {counts[ABSTAINED]:3} / {counts[INVENTED]:3} / {counts[MISSED]:3}"
              f"  recall {100 * counts[ANSWERED] / len(chosen):5.1f} % of {len(chosen)}")


def _old_markers(old: Fact, new: Fact) -> list[str]:
    """What shows the old fact stated as current: its keys — but not a key the new sentence itself holds (*Die Reise
    geht jetzt doch nicht an den Gardasee, sondern nach Südtirol* names what it replaces); then the two longest words
    of the old sentence the new one lacks (three right update answers were once counted wrong without it)."""
    new_said = fold(new.said)
    keys = [key for key in old.keys if key not in new_said]
    if keys:
        return keys
    words = sorted({w for w in re.findall(r"[a-z]+", fold(old.said)) if len(w) >= 5 and w not in new_said},
                   key=lambda w: (-len(w), w))
    return words[:2]


def block_reader(data: Mapping[str, Any]) -> dict[str, str]:
    """The scripted composer: answers only from `[ERINNERUNGEN]` — each told line with its day; a line marked
    superseded is said as history; no block, or one that says nothing was told → „noch nicht erzählt"; in the
    Sie-form to a question that says *Sie*."""
    block = dict(data.get("block_map") or {}).get("[ERINNERUNGEN]", "")
    sie = address_of(str(data.get("text", ""))) == ADDRESS_SIE  # the person's own form, as the offline answer
    not_told = "Das haben Sie mir noch nicht erzählt." if sie else "Das hast du mir noch nicht erzählt."
    if not block:
        return {"antwort": not_told}
    current, history = [], []
    for line in block.splitlines():
        found = _LINE.match(line.strip())
        if not found:
            continue
        meta = found["meta"]
        day = re.search(r"\d{2}\.\d{2}\.\d{4}", meta)
        said = f"„{found['said']}“ (am {day.group(0) if day else '?'})"
        (history if "abgelöst" in meta or "früher" in meta else current).append(said)
    if not current and not history:
        return {"antwort": not_told}
    answer = ("Sie haben mir erzählt: " if sie else "Du hast mir erzählt: ") + "; ".join(current)
    if history:
        answer += " — vorher: " + "; ".join(history)
    return {"antwort": answer}


def _report(name: str, rows: list[tuple[Scenario, Question, str, bool, int]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for part in PARTS:
        chosen = [r for r in rows if r[0].report_part == part]
        if not chosen:
            continue
        per = {c: [r[3] for r in chosen if r[1].category == c] for c in CATEGORIES}
        out[part] = {"gesamt": (sum(r[3] for r in chosen), len(chosen)),
                     **{c: (sum(v), len(v)) for c, v in per.items()},
                     "erfundene_fakten": sum(r[4] for r in chosen if r[1].category == ABSTENTION),
                     "inhalt_ohne_anrede": (sum(_content(r[0], r[1], fold(r[2]))[0] for r in chosen), len(chosen))}
    per_all = {c: [r[3] for r in rows if r[1].category == c] for c in CATEGORIES}
    out["alle"] = {"gesamt": (sum(r[3] for r in rows), len(rows)), **{c: (sum(v), len(v)) for c, v in per_all.items()},
                   "erfundene_fakten": sum(r[4] for r in rows if r[1].category == ABSTENTION)}
    print(f"\n== {name} ==")
    for part, figures in out.items():
        cells = [f"{k} {v[0]}/{v[1]} ({100 * v[0] / v[1]:.0f} %)" if isinstance(v, tuple) else f"{k} {v}"
                 for k, v in figures.items() if not (isinstance(v, tuple) and not v[1])]
        print(f"  {part:16} " + " · ".join(cells))
    return out


def run(modes: list[str], show_wrong: bool, only_dev: bool, show_held_out: bool = False,
        part: list[str] | str | None = None, answers: Path | None = None, third: Path | None = None,
        fourth: Path | None = None) -> dict[str, Any]:
    from novaberg.api.catalog import offline_rules
    from novaberg.api.nova import Nova
    from novaberg.llm.offline import OfflineLLM
    from novaberg.llm.scripted import ScriptedLLM

    results: dict[str, Any] = {}
    parts = [part] if isinstance(part, str) else part or []
    dump = answers.open("w", encoding="utf-8") if answers else None
    with tempfile.TemporaryDirectory() as tmp, Nova.open(data_dir=Path(tmp) / "data", llm="offline") as nova:
        for mode in modes:
            runner = nova
            if mode == "skript":
                llm = ScriptedLLM({"compose": block_reader}, fallback=OfflineLLM(offline_rules()))
                runner = Nova(nova.stack, llm, nova.embedder, nova.settings)
            rows = []
            started = time.perf_counter()
            turns = Counter()
            for index, scenario in enumerate((*ALL_SCENARIOS, *third_scenarios(third), *fourth_scenarios(fourth))):
                if only_dev and scenario.report_part not in _DEV_PARTS or parts and scenario.report_part not in parts:
                    continue
                for question, answer in play(runner, scenario, index, f"{mode}-{scenario.user}"):
                    right, invented = score(scenario, question, answer)
                    rows.append((scenario, question, answer, right, invented))
                    if dump:
                        dump.write(json.dumps([mode, scenario.user, question.text, answer], ensure_ascii=False) + "\n")
                    turns["fragen"] += 1
                    held_out = scenario.report_part not in _DEV_PARTS
                    if not right and (show_wrong and not held_out or show_held_out and held_out):
                        print(f"[{mode}] {scenario.user} {question.category}: {question.text}\n    → {answer!r}")
            results[mode] = _report(mode, rows)
            _outcomes(rows)
            print(f"  ({turns['fragen']} Fragen, {time.perf_counter() - started:.0f} s)")
    if dump:
        dump.close()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=("offline", "skript", "beide"), default="beide")
    parser.add_argument("--show-wrong", action="store_true", help="print the wrong answers of the development part")
    parser.add_argument("--show-held-out", action="store_true",
                        help="print the wrong answers of the held-out part (looking at them spends it: write a new one)")
    parser.add_argument("--part", choices=PARTS, action="append", help="run only this part (repeatable)")
    parser.add_argument("--only-dev", action="store_true", help="leave the held-out scenarios out")
    parser.add_argument("--answers", type=Path, help="write every answer as JSON lines to this file (compare unread)")
    parser.add_argument("--germediq", type=Path, metavar="PATH",
                        help="GerMedIQ-Human.csv: adds the third set (`recall_germediq_rest.py`)")
    parser.add_argument("--tatoeba", type=Path, metavar="PATH",
                        help="Tatoeba deu.txt: adds the fourth set (`recall_tatoeba.py`)")
    args = parser.parse_args()
    modes = ["offline", "skript"] if args.mode == "beide" else [args.mode]
    run(modes, args.show_wrong, args.only_dev, args.show_held_out, args.part, args.answers, args.germediq, args.tatoeba)


if __name__ == "__main__":
    main()
