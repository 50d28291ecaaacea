"""`novaberg say` through a running `serve` and without one, on the same embedded data directory.

Run: .venv/bin/python -m bench.cli_beside_server [--runs 10] [--cold-runs 5]

A temporary data directory is made (first start), `serve` is started on it and `say` is timed — to the answer's
first line and to the end of the process — through the server, then `serve` is stopped and `say` is timed again running Nova
itself (cold: it starts the embedded servers, imports LangGraph, stops the servers). Medians with min and
max, the ratio, and the one-minute load average before each set. Nothing here is a test.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

NOVABERG = str(Path(sys.executable).with_name("novaberg"))
TEXT = "Was steht morgen an?"


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("NOVABERG_")}
    env.update({"NOVABERG_TIMEZONE": "Europe/Berlin", "NOVABERG_LLM": "offline"})
    return env


def _say(data: str) -> tuple[float, float]:
    """Seconds to the answer's first line on standard output, and to the end of the process."""
    started = time.perf_counter()
    process = subprocess.Popen([NOVABERG, "say", "--user", "bench", "--character", "nova", "--data-dir", data, TEXT],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=_env())
    assert process.stdout is not None
    process.stdout.readline()
    answered = time.perf_counter() - started
    process.stdout.read()
    if process.wait() != 0:
        raise SystemExit(f"say ended with {process.returncode}")
    return answered, time.perf_counter() - started


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _serve(data: str) -> subprocess.Popen[bytes]:
    port = _free_port()
    process = subprocess.Popen([NOVABERG, "serve", "--data-dir", data, "--port", str(port)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=_env())
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if (Path(data) / "serve.json").exists():
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5):
                    return process
            except OSError:
                pass
        time.sleep(0.1)
    process.kill()
    raise SystemExit("serve did not answer within 120 s")


def _figures(samples: list[tuple[float, float]]) -> dict[str, float]:
    answered, ended = [s[0] for s in samples], [s[1] for s in samples]
    return {"answer_median_s": round(statistics.median(answered), 3),
            "process_median_s": round(statistics.median(ended), 3), "process_min_s": round(min(ended), 3),
            "process_max_s": round(max(ended), 3), "runs": len(samples)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--cold-runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="novaberg-bench-cli-") as folder:
        data = str(Path(folder) / "data")
        _say(data)  # the first start: cluster, schema, Redis file
        server = _serve(data)
        try:
            _say(data)  # warm-up through the server
            load_server = os.getloadavg()[0]
            through = [_say(data) for _ in range(args.runs)]
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(30)
        _say(data)  # warm-up without a server
        load_cold = os.getloadavg()[0]
        cold = [_say(data) for _ in range(args.cold_runs)]
    print(json.dumps({"say through serve": {**_figures(through), "load_1min": round(load_server, 2)},
                      "say cold, no server": {**_figures(cold), "load_1min": round(load_cold, 2)},
                      "ratio cold / through serve (process)": round(
                          statistics.median(s[1] for s in cold) / statistics.median(s[1] for s in through), 1)},
                     indent=2))


if __name__ == "__main__":
    main()
