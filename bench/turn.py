"""Cold start of the embedded stack and the warm turn overhead with the offline model.

Run: .venv/bin/python -m bench.turn          (cold start, `say` with and without a bytecode cache, the CPU of
                                              the import sets — LangGraph's floor —, three warm turns; medians)
     .venv/bin/python -m bench.turn --warm   (seven kinds of warm turn, median per kind and
                                              overall, the time per graph node, and the counts per turn of
                                              SQL statements, transactions, pool check-outs, health checks
                                              and Redis commands)
Nothing here is a test.
"""

from __future__ import annotations

import os
import resource
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


def _bytecode_env(cache: str | None) -> dict[str, str]:
    """The environment of a measured process: with `cache`, compiled modules are kept under that directory
    (an installed package has them; PYTHONDONTWRITEBYTECODE=1 would make every start compile ~220 modules
    of novaberg from source), else as this process has it."""
    env = dict(os.environ)
    if cache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = cache
    return env


def _child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def say_existing(runs: int = 5, cache: str | None = None) -> tuple[list[float], list[float]]:
    """`novaberg say` end to end (process start, imports, servers, one turn, clean stop) on an existing data
    directory — the figure §7 (target < 3 s) and the speed target (< 1.5 s): wall seconds and the CPU
    seconds of the process and its children (the servers' start-up included)."""
    cli = str(Path(sys.executable).with_name("novaberg"))
    env = _bytecode_env(cache)
    samples, cpu = [], []
    with tempfile.TemporaryDirectory() as tmp:
        data = str(Path(tmp) / "data")
        command = [cli, "say", "--user", "bench", "--character", "nova", "--data-dir", data,
                   "Trag mir morgen um 10 den Zahnarzt ein"]
        subprocess.run(command, check=True, capture_output=True, env=env)  # makes the cluster (and the cache)
        for _ in range(runs):
            started, cpu_started = time.perf_counter(), _child_cpu()
            subprocess.run(command, check=True, capture_output=True, env=env)
            samples.append(time.perf_counter() - started)
            cpu.append(_child_cpu() - cpu_started)
    return samples, cpu


_IMPORTS = {
    "python alone": "pass",
    "import langgraph.graph (the floor LangGraph sets)": "import langgraph.graph",
    "+ psycopg, psycopg_pool, redis, typer": "import langgraph.graph, psycopg, psycopg_pool, redis, typer",
    "everything `say` imports (cli, api.nova, graph.turn, api.catalog)":
        "import novaberg.cli, novaberg.api.nova, novaberg.graph.turn, novaberg.api.catalog",
}


def import_cpu(runs: int = 5, cache: str | None = None) -> dict[str, tuple[float, float]]:
    """CPU seconds (median) and wall seconds (median) of a new process that only imports, by import set."""
    env = _bytecode_env(cache)
    found = {}
    for label, code in _IMPORTS.items():
        subprocess.run([sys.executable, "-c", code], check=True, env=env)  # fills the cache
        wall, cpu = [], []
        for _ in range(runs):
            started, cpu_started = time.perf_counter(), _child_cpu()
            subprocess.run([sys.executable, "-c", code], check=True, env=env)
            wall.append(time.perf_counter() - started)
            cpu.append(_child_cpu() - cpu_started)
        found[label] = (statistics.median(cpu), statistics.median(wall))
    return found


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
    with tempfile.TemporaryDirectory() as cache:
        for label, bytecode in (("bytecode cached", cache), ("as this shell has it", None)):
            say, say_cpu = say_existing(cache=bytecode)
            print(f"| `novaberg say` on an existing data directory (open, turn, close), {label} | "
                  f"{statistics.median(say):.2f} (max {max(say):.2f}; CPU {statistics.median(say_cpu):.2f}) | "
                  f"{len(say)} |")
        print()
        print("| new process that only imports (bytecode cached) | median CPU s | median wall s |")
        print("|---|---|---|")
        for label, (cpu, wall) in import_cpu(cache=cache).items():
            print(f"| {label} | {cpu:.2f} | {wall:.2f} |")
    print()
    print("| warm turn, offline model | median ms |")
    print("|---|---|")
    for text, ms in warm_turns(["Hallo", "Wie geht es dir?", "Was steht diese Woche an?"]).items():
        print(f"| {text} | {ms:.1f} |")


if __name__ == "__main__":
    main()
