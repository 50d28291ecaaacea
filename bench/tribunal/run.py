"""The tribunal's wall time over one judge call (issue 12 §3, target ≤ 1.3).

A connector sleeps a fixed time per call and answers a valid vote. One call: a single judge through the same
path (prompt from the loader, connector, checked reading). The tribunal: `run_judges` with all judges at once.

With `--http` the connector is the real Ollama connector against a loopback server that sleeps per request
(httpx, the per-call deadline and JSON included).

Run: .venv/bin/python -m bench.tribunal.run [--sleep 0.5] [--runs 7] [--http]   (prints medians; not a test)
"""

from __future__ import annotations

import argparse
import json
import statistics
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from novaberg.llm.ask import Asker
from novaberg.llm.base import LLMResult, Prompt
from novaberg.llm.http_connectors import OllamaLLM
from novaberg.tribunal.judge_runs import run_judges
from novaberg.tribunal.judges import AGENTS, judge_input


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


_VOTE = json.dumps({"score": 0.1, "direktiven_score": 0.0, "reasoning": "unauffällig"})


@contextmanager
def sleeping_server(seconds: float) -> Iterator[str]:
    """An Ollama-like loopback server that sleeps `seconds` per chat request, then answers a valid vote."""

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def do_POST(self) -> None:  # noqa: N802
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            time.sleep(seconds)
            body = json.dumps({"message": {"content": _VOTE}, "prompt_eval_count": 1, "eval_count": 1}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def measure(seconds: float, runs: int, llm: Any = None) -> dict[str, float]:
    asker = Asker(llm if llm is not None else SleepingLLM(seconds))
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
    return {"connector": asker.llm.connector, "sleep_s": seconds, "judges": len(AGENTS), "one_call_s": round(one_median, 4),
            "tribunal_s": round(tribunal_median, 4), "ratio": round(tribunal_median / one_median, 3),
            "sequential_would_be_s": round(one_median * len(AGENTS), 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sleep", type=float, default=0.5)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--http", action="store_true", help="the Ollama connector against a sleeping server")
    args = parser.parse_args()
    if args.http:
        with sleeping_server(args.sleep) as url:
            figure = measure(args.sleep, args.runs, OllamaLLM("bench", url, timeout=args.sleep * 10, slots=len(AGENTS)))
    else:
        figure = measure(args.sleep, args.runs)
    print(json.dumps(figure, ensure_ascii=False))


if __name__ == "__main__":
    main()
