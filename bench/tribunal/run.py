"""The tribunal's wall time over one judge call (issue 12 §3, target ≤ 1.3).

A connector sleeps a fixed time per call and answers a valid vote. One call: a single judge through the same
path (prompt from the loader, connector, checked reading). The tribunal: `run_judges` with all judges at once.

Run: .venv/bin/python -m bench.tribunal.run [--sleep 0.5] [--runs 7]   (prints medians; nothing here is a test)
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Mapping
from typing import Any

from novaberg.llm.ask import Asker
from novaberg.llm.base import LLMResult, Prompt
from novaberg.tribunal.judges import AGENTS, judge_input, run_judges


class SleepingLLM:
    """Sleeps `seconds` per call (a model that takes that long), then answers a valid vote."""

    connector = "sleeping"
    model: str | None = None

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.timeout = seconds * 10

    def complete(self, task: str, prompt: Prompt, data: Mapping[str, Any]) -> LLMResult:
        time.sleep(self.seconds)
        return LLMResult(json.dumps({"score": 0.1, "direktiven_score": 0.0, "reasoning": "unauffällig"}), 0, 0,
                         self.connector)

    def describe(self) -> dict[str, Any]:
        return {"connector": self.connector, "reachable": True}


def measure(seconds: float, runs: int) -> dict[str, float]:
    asker = Asker(SleepingLLM(seconds))
    data = judge_input("Wie wird das Wetter?", "Morgen wird es sonnig.", directives=["Sprich mich mit Sie an"])
    one, tribunal = [], []
    for _ in range(runs):
        started = time.perf_counter()
        run_judges(asker, data, agents=AGENTS[:1])
        one.append(time.perf_counter() - started)
        started = time.perf_counter()
        votes = run_judges(asker, data)
        tribunal.append(time.perf_counter() - started)
        assert all(v.status == "beurteilt" for v in votes), votes
    one_median, tribunal_median = statistics.median(one), statistics.median(tribunal)
    return {"sleep_s": seconds, "judges": len(AGENTS), "one_call_s": round(one_median, 4),
            "tribunal_s": round(tribunal_median, 4), "ratio": round(tribunal_median / one_median, 3),
            "sequential_would_be_s": round(one_median * len(AGENTS), 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sleep", type=float, default=0.5)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    print(json.dumps(measure(args.sleep, args.runs), ensure_ascii=False))


if __name__ == "__main__":
    main()
