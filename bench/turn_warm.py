"""Issue 30 §1: the warm offline turn by kind, split by graph node, with the work each turn does.

Run: .venv/bin/python -m bench.turn --warm [--rounds N] [--show] [--profile KIND|all] [--dump FILE]

Seven kinds of turn (create, week read, list add, consent, list read, small talk, a told fact), each measured
`rounds` times on one person of a fresh embedded stack with the offline model. A write kind varies its words
per round (another day, another item) so every round does the same work as the first, never a duplicate
question. The consent kind is set up by an unmeasured turn that makes the §3a offer. Printed: the median per
kind and over all turns; the median milliseconds per graph node (the graph's nodes are wrapped for the run);
the counts per turn of SQL statements, transactions, pool check-outs, health checks, Redis commands and
readings of the offline grammar; the turn's CPU time in this thread and in the whole process (threads such as
the judges' included; the servers' CPU is in neither); LangGraph's own CPU per turn — the turn graph's runner
and the agents' subgraphs (the timeline and notes agents are LangGraph graphs run inside `plan`) — and its share
of the turn's CPU.
`--profile KIND` prints the cProfile of that kind's rounds (`all`: of every kind; cumulative top 60 and own
time top 40); `--dump FILE` keeps the raw statistics for `pstats`.
"""

from __future__ import annotations

import cProfile
import functools
import pstats
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

NOW = datetime(2026, 11, 30, 9, 30, tzinfo=ZoneInfo("Europe/Berlin"))  # a Monday
_ITEMS = ("Milch", "Brot", "Eier", "Butter", "Käse", "Äpfel", "Birnen", "Reis", "Nudeln", "Tomaten", "Gurken",
          "Zwiebeln", "Kaffee", "Tee", "Honig", "Senf", "Salz", "Pfeffer", "Mehl", "Zucker", "Joghurt", "Quark",
          "Sahne", "Linsen", "Bohnen", "Erbsen", "Möhren", "Lauch", "Kartoffeln", "Spinat", "Oliven", "Essig",
          "Haferflocken", "Müsli", "Marmelade", "Bananen", "Zitronen", "Orangen", "Trauben", "Kekse")
_EVENTS = ("Zahnarzt", "Friseur", "Elternabend", "Yoga", "Chorprobe", "Steuerberater", "Augenarzt", "Fahrstunde",
           "Gitarrenunterricht", "Tierarzt", "Physiotherapie", "Schwimmkurs", "Sprachkurs", "Notar", "Hausarzt")
_MENTIONS = ("Flohmarkt", "Konzert", "Stadtfest", "Lesung", "Weinprobe", "Theater", "Vernissage", "Kinoabend",
             "Grillfest", "Sommerfest", "Basar", "Tanzabend", "Vortrag", "Workshop", "Stammtisch")
_WEEKDAYS = ("Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag")
_PREPARE = ("Leg eine Einkaufsliste an",)  # the list the list kinds add to and read
NODES = ("route", "read_blocks", "plan", "reread_blocks", "deepen", "files_answer", "compose", "judge", "evaluate",
         "correct", "salience")


def _day(round_no: int) -> datetime:
    return NOW + timedelta(days=2 + round_no)


def kinds() -> dict[str, Callable[[int], tuple[str | None, str]]]:
    """kind → round → (an unmeasured set-up text or None, the measured text)."""
    return {
        "create": lambda r: (None, f"Trag mir am {_day(r):%d.%m.} um {9 + r % 8} Uhr "
                                   f"{_EVENTS[r % len(_EVENTS)]} ein"),
        "week read": lambda r: (None, "Was steht diese Woche an?"),
        "list add": lambda r: (None, f"Setz {_ITEMS[r % len(_ITEMS)]} auf die Einkaufsliste"),
        "consent": lambda r: (f"Am {_WEEKDAYS[(r + 2) % 7]} ist {_MENTIONS[r % len(_MENTIONS)]}, da will ich "
                              f"um {14 + r % 6} Uhr hin.", "Ja, gerne"),
        "list read": lambda r: (None, "Was steht auf der Einkaufsliste?"),
        "small talk": lambda r: (None, "Wie geht es dir?"),
        "told fact": lambda r: (None, "Ich arbeite als Lehrerin in einer Grundschule."),
    }


class Counts:
    """Counts of the work of the turns: wrapped for the run, restored after it."""

    def __init__(self) -> None:
        self.counter: Counter[str] = Counter()
        self.node_ms: dict[str, list[float]] = defaultdict(list)
        self.node_cpu: dict[str, list[float]] = defaultdict(list)  # the same split in this thread's CPU time
        self._current: dict[str, float] = {}
        self._current_cpu: dict[str, float] = {}
        self.langgraph = _LangGraphShare()

    @contextmanager
    def installed(self) -> Iterator[None]:
        import psycopg
        import redis
        from psycopg_pool import ConnectionPool

        from novaberg.graph import turn as turn_module
        from novaberg.store.db import Database
        from novaberg.text import grammar

        patches: list[tuple[Any, str, Any]] = []

        def wrap(owner: Any, name: str, label: str) -> None:
            original = getattr(owner, name)

            @functools.wraps(original)
            def counted(*args: Any, **kwargs: Any) -> Any:
                self.counter[label] += 1
                return original(*args, **kwargs)

            patches.append((owner, name, original))
            setattr(owner, name, counted)

        wrap(psycopg.Cursor, "execute", "sql")
        wrap(psycopg.Cursor, "executemany", "sql")
        wrap(Database, "transaction", "transactions")
        wrap(Database, "_checkout", "checkouts")
        wrap(ConnectionPool, "check_connection", "health checks")
        wrap(redis.Redis, "execute_command", "redis")
        wrap(grammar, "_analyse_one", "grammar readings")
        self.langgraph.install(patches)
        for node in ("route_node", "read_blocks_node", "plan_node", "deepen_node", "files_answer_node",
                     "compose_node", "judge_node", "evaluate_node", "correct_node", "salience_node"):
            original = getattr(turn_module, node)
            patches.append((turn_module, node, original))
            setattr(turn_module, node, self._timed(original))
        turn_module.turn_graph.cache_clear()
        compiled = turn_module.turn_graph()
        patches.append((turn_module, "turn_graph", turn_module.turn_graph))
        turn_module.turn_graph = lambda: _TimedGraph(compiled, self)  # Nova.turn looks it up per turn
        try:
            yield
        finally:
            for owner, name, original in reversed(patches):
                setattr(owner, name, original)
            turn_module.turn_graph.cache_clear()

    def _timed(self, node: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(node)
        def timed(state: Any, runtime: Any) -> Any:
            started, cpu_started = time.perf_counter(), time.thread_time()
            try:
                return node(state, runtime)
            finally:
                name = node.__name__.removesuffix("_node")
                self._current[name] = self._current.get(name, 0.0) + (time.perf_counter() - started) * 1000
                self._current_cpu[name] = (self._current_cpu.get(name, 0.0)
                                           + (time.thread_time() - cpu_started) * 1000)

        return timed

    def begin_turn(self) -> Counter[str]:
        self._current = {}
        self._current_cpu = {}
        self.langgraph.begin_turn()
        return Counter(self.counter)

    def end_turn(self, before: Counter[str], total_ms: float, total_cpu_ms: float = 0.0) -> Counter[str]:
        for split, current, total in ((self.node_ms, self._current, total_ms),
                                      (self.node_cpu, self._current_cpu, total_cpu_ms)):
            nodes = {name: ms for name, ms in current.items() if name != _INVOKE}
            for name, ms in nodes.items():
                split[name].append(ms)
            invoke = current.get(_INVOKE, 0.0)
            split[_RUNNER].append(invoke - sum(nodes.values()))
            split[_OUTSIDE].append(total - invoke)
        self.langgraph.end_turn(total_cpu_ms)
        return self.counter - before


class _LangGraphShare:
    """LangGraph's own CPU time in a turn, the agents' subgraphs included (the timeline and notes agents run as
    LangGraph graphs inside the `plan` node, so "between the nodes" of the turn graph misses their runner time).

    Every `Pregel.invoke` and every novaberg function LangGraph calls (a node, a branch) is timed in this
    thread's CPU time on one stack: a frame's own time is its time minus its children's, so LangGraph's share is
    the own time of the invokes (their runner work between our functions) and ours the own time of our functions
    (their work minus the subgraphs they invoke)."""

    def __init__(self) -> None:
        self._stack: list[list[float]] = []  # [start CPU seconds, children's CPU seconds]
        self._runner = 0.0
        self.runner_ms: list[float] = []  # per turn
        self.share: list[float] = []  # per turn: runner ÷ the turn's CPU

    def install(self, patches: list[tuple[Any, str, Any]]) -> None:
        from langgraph._internal import _runnable
        from langgraph.pregel import main as pregel_main

        from novaberg.notes.agent import agent as notes_agent
        from novaberg.timeline.agent import agent as timeline_agent

        share = self
        invoke = pregel_main.Pregel.invoke

        @functools.wraps(invoke)
        def timed_invoke(graph: Any, *args: Any, **kwargs: Any) -> Any:
            with share._frame(runner=True):
                return invoke(graph, *args, **kwargs)

        init = _runnable.RunnableCallable.__init__

        @functools.wraps(init)
        def timed_init(runnable: Any, func: Any = None, *args: Any, **kwargs: Any) -> None:
            init(runnable, func, *args, **kwargs)
            if func is not None and str(getattr(func, "__module__", "")).startswith(("novaberg.", "bench.")):
                runnable.func = share._own(runnable.func)

        for owner, name, patched in ((pregel_main.Pregel, "invoke", timed_invoke),
                                     (_runnable.RunnableCallable, "__init__", timed_init)):
            patches.append((owner, name, getattr(owner, name)))
            setattr(owner, name, patched)
        timeline_agent.agent_graph.cache_clear()  # compiled again with the timed functions
        notes_agent.notes_graph.cache_clear()

    def _own(self, func: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(func)
        def timed(*args: Any, **kwargs: Any) -> Any:
            with self._frame(runner=False):
                return func(*args, **kwargs)

        return timed

    @contextmanager
    def _frame(self, runner: bool) -> Iterator[None]:
        frame = [time.thread_time(), 0.0]
        self._stack.append(frame)
        try:
            yield
        finally:
            self._stack.pop()
            spent = time.thread_time() - frame[0]
            if runner:
                self._runner += spent - frame[1]
            if self._stack:
                self._stack[-1][1] += spent

    def begin_turn(self) -> None:
        self._runner = 0.0

    def end_turn(self, total_cpu_ms: float) -> None:
        self.runner_ms.append(self._runner * 1000)
        self.share.append(self._runner * 1000 / total_cpu_ms if total_cpu_ms > 0 else 0.0)


_INVOKE = "graph invoke"
_RUNNER = "graph runner (LangGraph) between the nodes"
_OUTSIDE = "Nova.turn outside the graph (edge, history, turn rows)"


class _TimedGraph:
    """The compiled turn graph with its `invoke` timed as a whole (the runner's own share is invoke − nodes)."""

    def __init__(self, compiled: Any, counts: Counts) -> None:
        self._compiled = compiled
        self._counts = counts

    def invoke(self, *args: Any, **kwargs: Any) -> Any:
        started, cpu_started = time.perf_counter(), time.thread_time()
        try:
            return self._compiled.invoke(*args, **kwargs)
        finally:
            self._counts._current[_INVOKE] = (time.perf_counter() - started) * 1000  # noqa: SLF001
            self._counts._current_cpu[_INVOKE] = (time.thread_time() - cpu_started) * 1000  # noqa: SLF001


def run(rounds: int, show: bool = False, profile: str = "", dump: str = "") -> dict[str, Any]:
    from novaberg import Nova

    table = kinds()
    counts = Counts()
    per_kind: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)  # this thread's CPU time: less bent by the machine's load
    process_cpu: dict[str, list[float]] = defaultdict(list)  # all threads of this process (judges on threads too)
    work: dict[str, Counter[str]] = defaultdict(Counter)
    profiler = cProfile.Profile(time.thread_time)  # CPU time of this thread: waits and the load stay out
    with tempfile.TemporaryDirectory() as tmp, Nova.open(data_dir=Path(tmp) / "data", llm="offline") as nova, \
            counts.installed():
        moment = NOW
        for text in _PREPARE:
            nova.turn("bench", "nova", text, moment)
        for round_no in range(-2, rounds):  # two rounds of warm-up (negative: not counted)
            for kind, texts in table.items():
                setup, text = texts(round_no % 97)
                moment += timedelta(minutes=1)
                if setup is not None:
                    nova.turn("bench", "nova", setup, moment)
                    moment += timedelta(seconds=20)
                before = counts.begin_turn()
                profiled = profile in (kind, "all") and round_no >= 0
                if profiled:
                    profiler.enable()
                started, cpu_started, process_started = time.perf_counter(), time.thread_time(), time.process_time()
                result = nova.turn("bench", "nova", text, moment)
                elapsed = (time.perf_counter() - started) * 1000
                cpu_ms = (time.thread_time() - cpu_started) * 1000
                process_ms = (time.process_time() - process_started) * 1000
                if profiled:
                    profiler.disable()
                did = counts.end_turn(before, elapsed, cpu_ms)
                if show and round_no == 0:
                    print(f"[{kind}] {text!r} → {result.answer!r} ({result.verdict}; "
                          f"{[s['name'] + ':' + s['status'] for s in result.services]})")
                if round_no >= 0:
                    per_kind[kind].append(elapsed)
                    cpu[kind].append(cpu_ms)
                    process_cpu[kind].append(process_ms)
                    work[kind] += did
                else:
                    counts.node_ms.clear()
                    counts.node_cpu.clear()
                    counts.langgraph.runner_ms.clear()
                    counts.langgraph.share.clear()
    if profile:
        turns = rounds * (len(table) if profile == "all" else 1)
        _print_profile(profiler, turns, dump)
    return {"per_kind": per_kind, "cpu": cpu, "process_cpu": process_cpu, "work": work, "nodes": counts.node_ms,
            "node_cpu": counts.node_cpu, "rounds": rounds, "langgraph_ms": counts.langgraph.runner_ms,
            "langgraph_share": counts.langgraph.share}


def _print_profile(profiler: cProfile.Profile, rounds: int, dump: str = "") -> None:
    """Own CPU time per package (ms per turn), then the top functions by cumulative and by own CPU time;
    `dump`: the raw statistics go to that file too (for `pstats` and callers/callees)."""
    stats = pstats.Stats(profiler)
    if dump:
        stats.dump_stats(dump)
    by_area: Counter[str] = Counter()
    for (filename, _, _), (_, _, own, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        by_area[_area(filename)] += own
    print("| area | own CPU ms per turn (profiled) |")
    print("|---|---|")
    for area, seconds in by_area.most_common(25):
        print(f"| {area} | {seconds * 1000 / rounds:.2f} |")
    stats.sort_stats("cumulative").print_stats(60)
    stats.sort_stats("tottime").print_stats(40)


def _area(filename: str) -> str:
    if "site-packages/" in filename:
        return filename.split("site-packages/")[1].split("/")[0]
    if "/novaberg/" in filename:
        return "novaberg." + filename.split("/novaberg/")[1].removesuffix(".py").replace("/", ".")
    return filename.rsplit("/", 1)[-1] if "/" in filename else filename


def report(figures: dict[str, Any]) -> None:
    per_kind, work, rounds = figures["per_kind"], figures["work"], figures["rounds"]
    print("| warm turn, offline model | median ms | CPU ms | process CPU ms | SQL | transactions | check-outs | health "
          "checks | Redis | grammar readings |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for kind, samples in per_kind.items():
        did = work[kind]
        print(f"| {kind} | {statistics.median(samples):.1f} | {statistics.median(figures['cpu'][kind]):.1f} | "
              f"{statistics.median(figures['process_cpu'][kind]):.1f} | "
              + " | ".join(f"{did[label] / rounds:.1f}" for label in
                           ("sql", "transactions", "checkouts", "health checks", "redis", "grammar readings"))
              + " |")
    everything = [ms for samples in per_kind.values() for ms in samples]
    cpu = [ms for samples in figures["cpu"].values() for ms in samples]
    process = [ms for samples in figures["process_cpu"].values() for ms in samples]
    print(f"| **all {len(everything)} turns** | **{statistics.median(everything):.1f}** | "
          f"**{statistics.median(cpu):.1f}** | **{statistics.median(process):.1f}** | | | | | | |")
    print()
    print("| node | median ms per turn that ran it | median CPU ms | turns |")
    print("|---|---|---|---|")
    for node, samples in sorted(figures["nodes"].items(), key=lambda item: -statistics.median(item[1])):
        cpu_samples = figures["node_cpu"].get(node) or [0.0]
        print(f"| {node} | {statistics.median(samples):.2f} | {statistics.median(cpu_samples):.2f} | {len(samples)} |")
    if figures.get("langgraph_ms"):
        print()
        print(f"LangGraph's own CPU per turn (the turn graph and the agents' subgraphs, between our functions): "
              f"median {statistics.median(figures['langgraph_ms']):.2f} ms, "
              f"{100 * statistics.median(figures['langgraph_share']):.0f} % of the turn's CPU (median of the turns)")


def main() -> None:
    args = sys.argv[1:]
    rounds = int(args[args.index("--rounds") + 1]) if "--rounds" in args else 20
    profile = args[args.index("--profile") + 1] if "--profile" in args else ""
    dump = args[args.index("--dump") + 1] if "--dump" in args else ""
    report(run(rounds, show="--show" in args, profile=profile, dump=dump))


if __name__ == "__main__":
    main()
