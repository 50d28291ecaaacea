"""The three judges in one request against three requests, on a one-slot server: same verdicts? seconds?

The scripted tribunal cases below go through the real OpenAI-compatible connector to the fake server of
`tests.model_server` (one slot, prompt 1,000 and answer 40 tokens/s, prefix cache, times `--speed`): once as three
requests (`run_judges`, one after another as on a one-slot server), once as one request with one verdict per
perspective (`run_judges_in_one_request`). The fake model scores each perspective from the case (the same scores in
both ways), so equal verdicts show that the one-request path reads the verdicts as the three requests do; whether a
real model judges as well with three perspectives in one prompt is not measured here (no model weights in this
repository). Tokens are characters / 4.

Run: .venv/bin/python -m bench.tribunal.one_request [--speed 1] [--rounds 3]   (prints medians; not a test)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

from tests.model_server import OneSlotServer, one_slot_server

from novaberg.llm.ask import Asker
from novaberg.llm.http_connectors import OpenAICompatibleLLM
from novaberg.llm.prompts import PromptLoader
from novaberg.tribunal.judge_runs import run_judges, run_judges_in_one_request
from novaberg.tribunal.judges import AGENTS, judge_input, verdict_of


@dataclass(frozen=True)
class Case:
    name: str
    text: str
    answer: str
    scores: dict[str, float]  # perspective -> score (the jurist's directive score under "direktiven")
    directives: tuple[str, ...] = ()


CASES = (
    Case("befinden", "Wie geht es dir?", "Mir geht es gut, danke der Nachfrage! Und wie geht es dir heute?", {}),
    Case("termin", "Trag mir morgen um 10 den Zahnarzt ein", "Eingetragen: „Zahnarzt“ am Dienstag um 10 Uhr.", {}),
    Case("kraenkend", "Mir geht es heute schlecht", "Das ist doch egal, hör auf zu jammern.",
         {"psychologe": 0.95, "ethik": 0.8}),
    Case("gefaehrlich", "Ich habe Kopfweh", "Nimm einfach die doppelte Dosis, das schadet nie.",
         {"jurist": 0.95, "psychologe": 0.3, "ethik": 0.95}),
    Case("kosename", "Hallo", "Hallo Schatz! Schön, dass du da bist.", {"direktiven": 1.0},
         ("Nenn mich nicht Schatz",)),
    Case("grenzwertig", "Soll ich kündigen?", "Kündige sofort, alles andere ist feige.",
         {"psychologe": 0.75, "ethik": 0.4}),
    Case("abwertend", "Ich verstehe das nicht", "Du bist wirklich zu dumm dafür.", {"psychologe": 0.95, "ethik": 0.95}),
)
REASONS = {"jurist": "Rechtlich bedenklicher Rat.", "psychologe": "Die Antwort kränkt den Menschen.",
           "ethik": "Die Antwort kann schaden."}


def _case_of(user: str) -> Case:
    said = user.split("ANTWORT VON NOVA:", 1)[1].split("\n", 1)[0].strip()
    return next(c for c in CASES if c.answer == said)


def _verdict(case: Case, name: str, with_directives: bool) -> dict:
    score = case.scores.get(name, 0.0)
    fields: dict = {"score": score}
    if name == "jurist" and with_directives:
        fields["direktiven_score"] = case.scores.get("direktiven", 0.0)
    if score >= 0.7 or fields.get("direktiven_score", 0.0) >= 0.5:
        fields["reasoning"] = REASONS[name] if score >= 0.7 else "Die Antwort bricht eine Direktive."
    return fields


def _recognise(system: str, user: str) -> str:
    if "### jurist" in user:
        return "tribunal"
    for judge in AGENTS:
        own = PromptLoader().load(f"tribunal_{judge.name}", "system").strip()
        if own in user:
            return f"tribunal_{judge.name}"
    return "unbekannt"


def _answer(task: str, system: str, user: str) -> str:
    case = _case_of(user)
    directives = bool(case.directives)
    if task == "tribunal":
        return json.dumps({j.name: _verdict(case, j.name, directives) for j in AGENTS}, ensure_ascii=False)
    return json.dumps(_verdict(case, task.removeprefix("tribunal_"), directives), ensure_ascii=False)


def run(speed: float = 1.0, rounds: int = 3) -> list[tuple[str, str, str, float, int, int]]:
    """(case, way, verdict, seconds, evaluated prompt tokens, answer tokens) per case, way and round."""
    server = OneSlotServer(_answer, _recognise, speed=speed)
    rows = []
    with one_slot_server(server) as url:
        llm = OpenAICompatibleLLM("bench-8b", url + "/v1", timeout=60 / speed)
        asker = Asker(llm, PromptLoader())
        for _ in range(rounds):
            for case in CASES:
                data = judge_input(case.text, case.answer, intent="", tone="", directives=case.directives)
                for way, ask in (("drei", run_judges), ("eine", run_judges_in_one_request)):
                    server.idle()
                    seen = len(server.served)
                    started = time.perf_counter()
                    votes = ask(asker, data)
                    seconds = time.perf_counter() - started
                    served = server.served[seen:]
                    rows.append((case.name, way, verdict_of([v.as_dict() for v in votes]), seconds,
                                 sum(s.evaluated_tokens for s in served), sum(s.answer_tokens for s in served)))
    return rows


def table(rows: Sequence[tuple[str, str, str, float, int, int]]) -> str:
    lines = ["| case | verdict 3 requests | verdict 1 request | same | median s, 3 | median s, 1 | ratio 1/3 | "
             "evaluated tokens 3 / 1 | answer tokens 3 / 1 |", "|---|---|---|---|---|---|---|---|---|"]
    totals = {"drei": [], "eine": []}
    for case in CASES:
        got = {way: [r for r in rows if r[0] == case.name and r[1] == way] for way in ("drei", "eine")}
        verdicts = {way: sorted({r[2] for r in got[way]}) for way in got}
        medians = {way: statistics.median(r[3] for r in got[way]) for way in got}
        for way in got:
            totals[way].append(medians[way])
        lines.append(f"| {case.name} | {', '.join(verdicts['drei'])} | {', '.join(verdicts['eine'])} | "
                     f"{'ja' if verdicts['drei'] == verdicts['eine'] else 'NEIN'} | {medians['drei']:.2f} | "
                     f"{medians['eine']:.2f} | {medians['eine'] / medians['drei']:.2f} | "
                     f"{got['drei'][0][4]} / {got['eine'][0][4]} | {got['drei'][0][5]} / {got['eine'][0][5]} |")
    lines.append(f"| **sum of medians** | | | | {sum(totals['drei']):.2f} | {sum(totals['eine']):.2f} | "
                 f"{sum(totals['eine']) / sum(totals['drei']):.2f} | | |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.tribunal.one_request", description=__doc__.split("\n")[0])
    parser.add_argument("--speed", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    rows = run(args.speed, args.rounds)
    print(f"one-slot fake server, prompt 1000 tok/s, answer 40 tok/s, speed x{args.speed:g}, {args.rounds} rounds; "
          f"load: {os.getloadavg()[0]:.2f}")
    print(table(rows))


if __name__ == "__main__":
    main()
