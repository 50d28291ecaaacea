"""Cold start of the embedded stack and the warm turn overhead with the offline model.

Run: .venv/bin/python -m bench.turn          (cold start, `say`, three warm turns; prints medians)
     .venv/bin/python -m bench.turn --warm   (issue 30 §1: seven kinds of warm turn, median per kind and
                                              overall, the time per graph node, and the counts per turn of
                                              SQL statements, transactions, pool check-outs, health checks
                                              and Redis commands)
Nothing here is a test.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

NOW = datetime(2026, 11, 30, 9, 30, tzinfo=ZoneInfo("Europe/Berlin"))
_COLD = """
import time, sys
t = time.perf_counter()
from novaberg import Nova
nova = Nova.open(data_dir=sys.argv[1])
opened = time.perf_counter() - t
nova.close()
print(opened)
"""


def cold_start(runs: int = 3) -> tuple[list[float], list[float], list[float]]:
    """Fresh data directory (initdb) and warm directory (existing cluster), each in a new process: the
    process from start to exit, and `import novaberg` + `Nova.open` inside it (the facade's cold start)."""
    fresh, warm, opened = [], [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            data = str(Path(tmp) / "data")
            for bucket in (fresh, warm):
                started = time.perf_counter()
                done = subprocess.run([sys.executable, "-c", _COLD, data], check=True, capture_output=True,
                                      text=True)
                bucket.append(time.perf_counter() - started)
            opened.append(float(done.stdout.strip().splitlines()[-1]))
    return fresh, warm, opened


def say_existing(runs: int = 5) -> list[float]:
    """`novaberg say` end to end (process start, imports, servers, one turn, clean stop) on an existing data
    directory — the figure of issue 10 §7 (target < 3 s)."""
    cli = str(Path(sys.executable).with_name("novaberg"))
    samples = []
    with tempfile.TemporaryDirectory() as tmp:
        data = str(Path(tmp) / "data")
        command = [cli, "say", "--user", "bench", "--character", "nova", "--data-dir", data,
                   "Trag mir morgen um 10 den Zahnarzt ein"]
        subprocess.run(command, check=True, capture_output=True)  # makes the cluster
        for _ in range(runs):
            started = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True)
            samples.append(time.perf_counter() - started)
    return samples


def warm_turns(texts: list[str], rounds: int = 30) -> dict[str, float]:
    from novaberg import Nova

    with tempfile.TemporaryDirectory() as tmp, Nova.open(data_dir=Path(tmp) / "data") as nova:
        for text in texts:  # warm up
            nova.turn("bench", "nova", text, NOW)
        medians = {}
        for text in texts:
            samples = []
            for _ in range(rounds):
                started = time.perf_counter()
                nova.turn("bench", "nova", text, NOW)
                samples.append((time.perf_counter() - started) * 1000)
            medians[text] = statistics.median(samples)
        return medians


def main() -> None:
    if "--warm" in sys.argv[1:]:
        from bench.turn_warm import main as warm_main

        warm_main()
        return
    fresh, warm, opened = cold_start()
    print("| cold start (new process, incl. imports) | median s | runs |")
    print("|---|---|---|")
    print(f"| fresh data directory (initdb) | {statistics.median(fresh):.2f} | {len(fresh)} |")
    print(f"| existing data directory, process start to exit | {statistics.median(warm):.2f} | {len(warm)} |")
    print(f"| existing data directory, `import novaberg` + `Nova.open` | {statistics.median(opened):.2f} | "
          f"{len(opened)} |")
    say = say_existing()
    print(f"| `novaberg say` on an existing data directory (open, turn, close) | {statistics.median(say):.2f} "
          f"(max {max(say):.2f}) | {len(say)} |")
    print()
    print("| warm turn, offline model | median ms |")
    print("|---|---|")
    for text, ms in warm_turns(["Hallo", "Wie geht es dir?", "Was steht diese Woche an?"]).items():
        print(f"| {text} | {ms:.1f} |")


if __name__ == "__main__":
    main()
