"""The warm offline turn of two source trees side by side in one sitting: an A/B that the machine's load bends alike.

Run: .venv/bin/python -m bench.turn_warm_ab TREE_A TREE_B [--rounds N] [--json FILE]

Each TREE is a directory with `src/` and `bench/` (e.g. `git archive <commit> src bench | tar -x -C TREE`). Two worker
processes, one per tree (its `src` first on the path), each on a fresh embedded stack with the offline model, run
the rounds of `bench.turn_warm` (seven kinds of turn) on command; the rounds alternate A B, B A, … so a change of
the machine's load falls on both alike. Printed per kind: the median wall and CPU milliseconds of A and B (CPU: this
thread's, the figure to compare on a busy machine), their ratio and LangGraph's own CPU (the turn graph and the
agents' subgraphs, as `bench.turn_warm` splits it); then the median CPU per graph node. Two warm-up rounds are not
counted. Nothing here is a test.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

_READY = "ready"
_WARM_UP = 2


def worker() -> None:
    """One side: waits for round numbers on stdin, answers each with one JSON line of the round's turns."""
    import bench.turn_warm as warm
    from novaberg import Nova

    table = warm.kinds()
    counts = warm.Counts()
    with tempfile.TemporaryDirectory() as tmp, Nova.open(data_dir=Path(tmp) / "data", llm="offline") as nova, \
            counts.installed():
        moment = warm.NOW
        for text in warm._PREPARE:  # noqa: SLF001 - the same preparation as the single-tree benchmark
            nova.turn("bench", "nova", text, moment)
        print(_READY, flush=True)
        for line in sys.stdin:
            round_no = int(line)
            turns = []
            for kind, texts in table.items():
                setup, text = texts(round_no % 97)
                moment += timedelta(minutes=1)
                if setup is not None:
                    nova.turn("bench", "nova", setup, moment)
                    moment += timedelta(seconds=20)
                before = counts.begin_turn()
                started, cpu_started = time.perf_counter(), time.thread_time()
                nova.turn("bench", "nova", text, moment)
                wall, cpu = (time.perf_counter() - started) * 1000, (time.thread_time() - cpu_started) * 1000
                nodes = dict(counts._current_cpu)  # noqa: SLF001 - this turn's split, before end_turn files it
                invoke = nodes.pop(warm._INVOKE, 0.0)  # noqa: SLF001
                counts.end_turn(before, wall, cpu)
                nodes["graph runner"] = invoke - sum(nodes.values())
                nodes["outside the graph"] = cpu - invoke
                turns.append({"kind": kind, "wall": wall, "cpu": cpu, "langgraph": counts.langgraph.runner_ms[-1],
                              "nodes": nodes})
            print(json.dumps(turns), flush=True)


def run(trees: dict[str, str], rounds: int) -> dict[str, Any]:
    workers = {}
    for side, tree in trees.items():
        env = dict(os.environ, PYTHONPATH=f"{tree}/src{os.pathsep}{tree}")
        # this file run as a script: the tree that is measured need not have it (an older commit)
        workers[side] = subprocess.Popen([sys.executable, __file__, "--worker"], cwd=tree, env=env,
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                         text=True)
    try:
        for process in workers.values():
            while (line := process.stdout.readline()) and line.strip() != _READY:  # type: ignore[union-attr]
                pass
        turns: dict[str, list[dict[str, Any]]] = {side: [] for side in trees}
        loads = []
        for round_no in range(-_WARM_UP, rounds):
            for side in ("A", "B") if round_no % 2 == 0 else ("B", "A"):
                process = workers[side]
                process.stdin.write(f"{round_no}\n")  # type: ignore[union-attr]
                process.stdin.flush()  # type: ignore[union-attr]
                answered = json.loads(process.stdout.readline())  # type: ignore[union-attr]
                if round_no >= 0:
                    turns[side].extend(answered)
            loads.append(os.getloadavg()[0])
    finally:
        for process in workers.values():
            process.stdin.close()  # type: ignore[union-attr]
            process.wait()
    return {"turns": turns, "loads": loads, "rounds": rounds}


def report(figures: dict[str, Any]) -> None:
    turns, loads = figures["turns"], figures["loads"]
    median = statistics.median
    print(f"{figures['rounds']} rounds; machine load (1 min) median {median(loads):.1f}, {min(loads):.1f}–{max(loads):.1f}")
    print("| warm turn | A wall ms | B wall ms | A CPU ms | B CPU ms | CPU B/A | A LangGraph CPU ms | "
          "B LangGraph CPU ms |")
    print("|---|---|---|---|---|---|---|---|")
    kinds = list(dict.fromkeys(turn["kind"] for turn in turns["A"]))
    for kind in [*kinds, "all"]:
        a = [t for t in turns["A"] if kind in (t["kind"], "all")]
        b = [t for t in turns["B"] if kind in (t["kind"], "all")]
        a_cpu, b_cpu = median(t["cpu"] for t in a), median(t["cpu"] for t in b)
        print(f"| {kind} | {median(t['wall'] for t in a):.1f} | {median(t['wall'] for t in b):.1f} | {a_cpu:.1f} | "
              f"{b_cpu:.1f} | {b_cpu / a_cpu:.2f} | {median(t['langgraph'] for t in a):.2f} | "
              f"{median(t['langgraph'] for t in b):.2f} |")
    for side in ("A", "B"):
        share = median(t["langgraph"] / t["cpu"] for t in turns[side])
        print(f"{side}: LangGraph's share of the turn's CPU, median of the turns: {100 * share:.0f} %")
    print()
    print("| graph node | A CPU ms (turns) | B CPU ms (turns) |")
    print("|---|---|---|")
    for node in sorted({name for side in turns.values() for turn in side for name in turn["nodes"]}):
        a = [t["nodes"][node] for t in turns["A"] if node in t["nodes"]]
        b = [t["nodes"][node] for t in turns["B"] if node in t["nodes"]]
        print(f"| {node} | {median(a) if a else 0.0:.2f} ({len(a)}) | {median(b) if b else 0.0:.2f} ({len(b)}) |")


def main() -> None:
    args = sys.argv[1:]
    if "--worker" in args:
        worker()
        return
    rounds = int(args[args.index("--rounds") + 1]) if "--rounds" in args else 20
    values = {args.index(option) + 1 for option in ("--rounds", "--json") if option in args}
    trees = [arg for index, arg in enumerate(args) if not arg.startswith("--") and index not in values]
    if len(trees) != 2:
        raise SystemExit("usage: python -m bench.turn_warm_ab TREE_A TREE_B [--rounds N] [--json FILE]")
    figures = run({"A": str(Path(trees[0]).resolve()), "B": str(Path(trees[1]).resolve())}, rounds)
    if "--json" in args:
        Path(args[args.index("--json") + 1]).write_text(json.dumps(figures), encoding="utf-8")
    report(figures)


if __name__ == "__main__":
    main()
