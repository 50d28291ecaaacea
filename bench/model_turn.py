"""Typical turns against a one-slot model server: what a turn costs in model calls and tokens.

Run: python -m bench.model_turn [--speed 10] [--api openai|ollama] [--timeout 60] [--rounds 1]

Starts the fake server of `tests.model_server` (answering as `tests.model_answers` says) on 127.0.0.1 (one
request at a time; prompt 1,000 tokens/s, answer 40 tokens/s, both times `--speed`), opens Nova with the real
HTTP connector (`openai:` or `ollama:`) against it, and runs six kinds of turn, each for its own person after a short lead-in: create, read, list
add, told fact, small talk, and a turn whose first answer claims a write no service made (the computed check
sends it into one correction round). Per kind: model calls, prompt tokens sent, prompt tokens the server had
to evaluate (its prefix cache serves the rest), answer tokens, wall time, judges that timed out.

Tokens are characters / 4 (`tests.model_server.tokens`). The model time-out is `--timeout / --speed` so
that time-out and server speed keep their real ratio. Wall times are inflated by the machine's load: read
them with `uptime` and as ratios; the token counts are exact for the prompts sent.
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from tests.model_answers import answer, recognise
from tests.model_server import OneSlotServer, Served, one_slot_server

NOW = datetime(2026, 11, 30, 9, 30, tzinfo=ZoneInfo("Europe/Berlin"))
GREETING = "Hallo Nova!"
CREATE = "Trag mir morgen um 10 den Zahnarzt ein"
NEW_LIST = "Leg eine Einkaufsliste an"


@dataclass(frozen=True)
class Kind:
    name: str
    lead_in: tuple[str, ...]
    text: str


KINDS = (
    Kind("create", (GREETING,), CREATE),
    Kind("read", (GREETING, CREATE), "Was steht diese Woche an?"),
    Kind("list add", (GREETING, NEW_LIST), "Setz Milch auf die Einkaufsliste"),
    Kind("told fact", (GREETING,), "Meine Schwester heißt Lena"),
    Kind("small talk", (GREETING,), "Wie geht es dir?"),
    Kind("correction", (GREETING,), "Ich gehe morgen zum Friseur"),
)

FILE_QUESTION = Kind("file question", (GREETING,), "Wann muss ich wieder zum Zahnarzt?")

# A person who shared a directory of everyday notes (`--shared-files`): the same four files for every person,
# written here once, before any measurement. The files' blocks reach the prompts where retrieval finds them.
SHARED_FILES = {
    "Gesundheit.md": "# Gesundheit\n\nZahnarzt: Dr. Berger, Praxis am Markt 4, Telefon 0761 123 45. Kontrolle alle "
                     "sechs Monate, zuletzt im Mai. Allergie gegen Penicillin.\n",
    "Vorraete.md": "# Vorräte und Einkauf\n\nIm Keller: Mehl, Zucker, Reis, Nudeln. Milch und Eier vom Hof Sommer, "
                   "samstags. Die Einkaufsliste hängt am Kühlschrank.\n",
    "Familie.md": "# Familie\n\nMeine Schwester wohnt in Freiburg, ihr Mann heißt Jonas. Mama hat am 3. März "
                  "Geburtstag. Sonntags telefonieren wir.\n",
    "Haushalt.md": "# Haushalt\n\nFriseur: Salon Haarmonie, alle fünf Wochen dienstags. Müllabfuhr donnerstags. "
                   "Der Schlüssel für den Keller liegt in der Schublade im Flur.\n",
}

# --- the run --------------------------------------------------------------------------------------------


class _TimedOutJudges(logging.Handler):
    """Counts the judges the tribunal gave up on: its log line names 'no answer within' (the tribunal's wait) or
    'did not answer within' (the connector's deadline, as logged by older versions)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if message.startswith("judge ") and ("no answer within" in message or "did not answer within" in message):
            self.count += 1


@dataclass
class Figures:
    kind: str
    calls: int
    prompt: int
    evaluated: int
    answered: int
    seconds: float
    timed_out: int
    tasks: str
    verdict: str
    by_task: dict[str, tuple[int, int, int]]  # task -> (calls, prompt tokens sent, evaluated)
    served: tuple[Served, ...] = ()


def _share_files(nova: object, folder: Path, person: str, now: datetime) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in SHARED_FILES.items():
        (folder / name).write_text(text, encoding="utf-8")
    files = nova.files  # type: ignore[attr-defined]
    files.allow(person, str(folder), now=now)
    files.grant(person, "nova", str(folder), now=now)
    files.index(now, person, "nova")


def run(speed: float = 10.0, api: str = "openai", timeout: float = 60.0, rounds: int = 1,
        kinds: Sequence[Kind] = KINDS, shared_files: bool = False, prompt_rate: float = 1000.0,
        answer_rate: float = 40.0) -> list[Figures]:
    from novaberg import Nova
    from novaberg.core.settings import Settings

    server = OneSlotServer(answer, recognise, prompt_rate=prompt_rate, answer_rate=answer_rate, speed=speed)
    watch = _TimedOutJudges()
    logging.getLogger("novaberg.tribunal").addHandler(watch)
    figures: list[Figures] = []
    try:
        with one_slot_server(server) as url, tempfile.TemporaryDirectory() as tmp:
            base = url + "/v1" if api == "openai" else url
            settings = Settings(data_dir=Path(tmp) / "data", llm=f"{api}:bench-8b", llm_url=base,
                                llm_timeout=timeout / speed)
            with Nova.open(settings=settings) as nova:
                for round_ in range(rounds):
                    for number, kind in enumerate(kinds):
                        person = f"bench-{round_}-{number}"
                        now = NOW
                        if shared_files:
                            _share_files(nova, Path(tmp) / "unterlagen" / person, person, now)
                        for text in kind.lead_in:
                            nova.turn(person, "nova", text, now)
                            now += timedelta(minutes=1)
                        server.idle()
                        seen, lost = len(server.served), watch.count
                        started = time.perf_counter()
                        result = nova.turn(person, "nova", kind.text, now)
                        wall = time.perf_counter() - started
                        server.idle()  # a judge the turn gave up on still holds the slot: count it here
                        served: list[Served] = server.served[seen:]
                        by_task: dict[str, tuple[int, int, int]] = {}
                        for item in served:
                            calls, sent, evaluated = by_task.get(item.task, (0, 0, 0))
                            by_task[item.task] = (calls + 1, sent + item.prompt_tokens,
                                                  evaluated + item.evaluated_tokens)
                        figures.append(Figures(kind.name, len(served), sum(s.prompt_tokens for s in served),
                                               sum(s.evaluated_tokens for s in served),
                                               sum(s.answer_tokens for s in served), wall, watch.count - lost,
                                               " ".join(s.task.removeprefix("tribunal_") for s in served),
                                               result.verdict, by_task, tuple(served)))
    finally:
        logging.getLogger("novaberg.tribunal").removeHandler(watch)
    return figures


def table(figures: Sequence[Figures], speed: float) -> str:
    lines = [f"| turn kind | model calls | prompt tokens sent | evaluated (after prefix cache) | answer tokens "
             f"| wall s (at --speed {speed:g}) | judges timed out | verdict | calls |",
             "|---|---|---|---|---|---|---|---|---|"]
    for item in figures:
        lines.append(f"| {item.kind} | {item.calls} | {item.prompt} | {item.evaluated} | {item.answered} | "
                     f"{item.seconds:.2f} | {item.timed_out} | {item.verdict} | {item.tasks} |")
    total = [sum(getattr(f, name) for f in figures) for name in ("calls", "prompt", "evaluated", "answered")]
    lines.append(f"| **all** | {total[0]} | {total[1]} | {total[2]} | {total[3]} | "
                 f"{sum(f.seconds for f in figures):.2f} | {sum(f.timed_out for f in figures)} | |")
    return "\n".join(lines)


def median_table(figures: Sequence[Figures]) -> str:
    """Per turn kind over the rounds: the median seconds until the person has the answer (the turn's wall time)."""
    kinds = list(dict.fromkeys(item.kind for item in figures))
    lines = ["| turn kind | rounds | median s | min s | max s | verdicts |", "|---|---|---|---|---|---|"]
    for kind in kinds:
        seconds = [item.seconds for item in figures if item.kind == kind]
        verdicts = sorted({item.verdict for item in figures if item.kind == kind})
        lines.append(f"| {kind} | {len(seconds)} | {statistics.median(seconds):.2f} | {min(seconds):.2f} | "
                     f"{max(seconds):.2f} | {', '.join(verdicts)} |")
    return "\n".join(lines)


def task_table(figures: Sequence[Figures]) -> str:
    """Where the prompt tokens of all measured turns go, per task (judges together)."""
    totals: dict[str, list[int]] = {}
    for item in figures:
        for task, numbers in item.by_task.items():
            key = "judges (3 per round)" if task.startswith("tribunal_") else task
            row = totals.setdefault(key, [0, 0, 0])
            for index, number in enumerate(numbers):
                row[index] += number
    sent = sum(row[1] for row in totals.values()) or 1
    lines = ["| task | calls | prompt tokens sent | share | evaluated |", "|---|---|---|---|---|"]
    for task, (calls, prompt, evaluated) in sorted(totals.items(), key=lambda kv: -kv[1][1]):
        lines.append(f"| {task} | {calls} | {prompt} | {prompt / sent:.0%} | {evaluated} |")
    return "\n".join(lines)


def detail_table(figures: Sequence[Figures]) -> str:
    """Every model call of each turn kind's first measured turn: tokens and the seconds the slot held it."""
    lines = ["| turn kind | task | prompt sent | evaluated | answer | seconds |", "|---|---|---|---|---|---|"]
    seen: set[str] = set()
    for item in figures:
        if item.kind in seen:
            continue
        seen.add(item.kind)
        for call in item.served:
            lines.append(f"| {item.kind} | {call.task} | {call.prompt_tokens} | {call.evaluated_tokens} | "
                         f"{call.answer_tokens} | {call.finished - call.started:.2f} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.model_turn", description=__doc__.split("\n")[0])
    parser.add_argument("--speed", type=float, default=10.0, help="server speed factor (1 = the stated rates)")
    parser.add_argument("--api", choices=("openai", "ollama"), default="openai")
    parser.add_argument("--timeout", type=float, default=60.0, help="model time-out at real speed, seconds")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--shared-files", action="store_true",
                        help="every person has shared a directory of four everyday notes (SHARED_FILES)")
    parser.add_argument("--prompt-rate", type=float, default=1000.0, help="prompt tokens/s at speed 1")
    parser.add_argument("--answer-rate", type=float, default=40.0, help="answer tokens/s at speed 1")
    parser.add_argument("--detail", action="store_true", help="one line per model call of the first round")
    args = parser.parse_args(argv)
    kinds = (*KINDS, FILE_QUESTION) if args.shared_files else KINDS
    figures = run(args.speed, args.api, args.timeout, args.rounds, kinds, shared_files=args.shared_files,
                  prompt_rate=args.prompt_rate, answer_rate=args.answer_rate)
    print(f"one-slot fake server, prompt {args.prompt_rate:g} tok/s, answer {args.answer_rate:g} tok/s, "
          f"speed x{args.speed:g}, api {args.api}, "
          f"time-out {args.timeout:g} s real ({args.timeout / args.speed:g} s here); load: "
          f"{os.getloadavg()[0]:.2f}" + ("; every person shared four everyday notes" if args.shared_files else ""))
    print(table(figures, args.speed))
    print()
    print(median_table(figures))
    print()
    print(task_table(figures))
    if args.detail:
        print()
        print(detail_table(figures))


if __name__ == "__main__":
    main()
