"""Searches right after sharing: the latency while a shared directory's index is still written in the background.

    python -m bench.files.real --right-after               # the same as:
    python -m bench.files.right_after                      # ~1,000 documents, the writer on a thread (as in `serve`)
    python -m bench.files.right_after --writer process     # the writer in a process of its own (no shared GIL)
    python -m bench.files.right_after --sample             # + what the searches' backends wait on, sampled

A directory of `--documents` German documents is shared and its index written the way the heartbeat's
`dateien_index` job writes it (`FilesService.index(now)`, here on a thread of the same process, as the
heartbeat runs inside `novaberg serve`); meanwhile another thread asks `FilesService.search` — the call behind
`nova.files.search` — one question after another with a short pause. Reported: p50/p95 of the searches during
the writing ("right after sharing"), right after the writer finished (nothing maintained), and settled (after
VACUUM ANALYZE), each with the load average beside it.

The documents are XQuAD's German Wikipedia paragraphs (`bench/answers/data/xquad.de.json`, both parts: nothing
is scored here, only timed), two to four consecutive paragraphs of one article per document, so ~1,000
documents of 2–4 KB each; the questions are XQuAD's questions, cycled. Nobody in this project wrote these texts.
`--sample` reads `pg_stat_activity` and `pg_locks` every 50 ms on a connection of its own and counts the wait
events of the backends running a search statement; `--explain FILE` writes EXPLAIN ANALYZE of the search's two
statements during the window, right after it and settled.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import tempfile
import threading
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg

from bench.answers.sets import DATA
from bench.database import bench_database
from bench.files.real import _percentile
from novaberg.core.logs import PipelineLog
from novaberg.embed.registry import make_embedder
from novaberg.files.service import FilesService
from novaberg.store.vectors import with_vectors

__all__ = ["write_corpus", "questions", "run", "main"]

NOW = datetime(2026, 12, 1, 8, 0, tzinfo=UTC)
USER, CHARACTER = "bench", "nova"
_CLEAN_PENDING = """
SELECT c.relname AS name, gin_clean_pending_list(c.oid) AS pages FROM pg_class c JOIN pg_am a ON a.oid = c.relam
WHERE a.amname = 'gin' AND c.relname LIKE 'idx_dateien%' ORDER BY c.relname
"""
_SAMPLE = """
SELECT a.pid, a.state, a.wait_event_type, a.wait_event, left(a.query, 60) AS query,
       (SELECT string_agg(l.locktype || ':' || l.mode, ',') FROM pg_locks l WHERE l.pid = a.pid AND NOT l.granted)
           AS waits_for
FROM pg_stat_activity a WHERE a.datname = current_database() AND a.pid <> pg_backend_pid() AND a.state <> 'idle'
"""


def write_corpus(folder: Path, count: int) -> int:
    """`count` documents under `folder`: runs of two to four consecutive paragraphs of one XQuAD article (German),
    the article's title as first line; later rounds take the paragraphs in reverse. Returns the bytes written."""
    articles = json.loads((DATA / "xquad.de.json").read_text(encoding="utf-8"))["data"]
    size = 0
    for number in range(count):
        article = articles[number % len(articles)]
        paragraphs = [p["context"] for p in article["paragraphs"]]
        turn = number // len(articles)
        start = turn % len(paragraphs)
        length = 2 + (turn // len(paragraphs)) % 3
        chosen = [paragraphs[(start + i) % len(paragraphs)] for i in range(length)]
        if (turn // (3 * len(paragraphs))) % 2:
            chosen.reverse()
        text = article["title"].replace("_", " ") + "\n\n" + "\n\n".join(chosen) + "\n"
        path = folder / article["title"] / f"teil-{number:04d}.txt"
        path.parent.mkdir(parents=True, exist_ok=True)
        size += path.write_text(text, encoding="utf-8")
    return size


def questions() -> list[str]:
    articles = json.loads((DATA / "xquad.de.json").read_text(encoding="utf-8"))["data"]
    return [qa["question"] for article in articles for paragraph in article["paragraphs"] for qa in paragraph["qas"]]


def _load() -> float:
    return os.getloadavg()[0]


def _summary(values: list[float]) -> str:
    if not values:
        return "no search"
    return (f"n={len(values):>4}  p50 {statistics.median(values):7.1f} ms  p95 {_percentile(values, 0.95):7.1f} ms"
            f"  max {max(values):7.1f} ms")


class _Sampler(threading.Thread):
    """What the backends running a search statement wait on, every `every` seconds (own connection)."""

    def __init__(self, url: str, every: float = 0.05) -> None:
        super().__init__(name="bench-sampler", daemon=True)
        self.url, self.every = url, every
        self.stop = threading.Event()
        self.search: Counter[str] = Counter()
        self.writer: Counter[str] = Counter()
        self.lock_waits: Counter[str] = Counter()

    def run(self) -> None:
        with psycopg.connect(self.url, autocommit=True) as conn:
            while not self.stop.wait(self.every):
                for _pid, state, kind, event, query, waits in conn.execute(_SAMPLE).fetchall():
                    text = " ".join((query or "").split())
                    label = f"{state}/{kind or 'CPU'}:{event or '-'}"
                    if text.startswith("WITH wurzeln") or text.startswith("WITH woerter"):
                        self.search[label] += 1
                    else:
                        self.writer[label] += 1
                    if waits:
                        self.lock_waits[f"{text[:40]} → {waits}"] += 1


def _explain(db: Any, service: FilesService, question: str) -> str:
    """EXPLAIN ANALYZE of the search's two statements (the channels', the full text's) for one question."""
    from novaberg.files.fulltext import FULLTEXT, FULLTEXT_PARAMS
    from novaberg.files.retrieval import ITERATIVE_SCAN, Retriever
    from novaberg.files.search_sql import SEARCH

    params = _params(Retriever(db, service.embedder), question)
    out = []
    for name, statement, values in (("channels", SEARCH, params), ("fulltext", FULLTEXT, {**params, **FULLTEXT_PARAMS})):
        with db.transaction() as conn:
            with_vectors(conn)
            conn.execute(ITERATIVE_SCAN)
            plan = [row["QUERY PLAN"] for row in conn.execute("EXPLAIN (ANALYZE, BUFFERS) " + statement, values)]
        out.append(f"-- {name}\n" + "\n".join(plan))
    return "\n".join(out)


def _params(retriever: Any, question: str) -> dict[str, Any]:
    from novaberg.core.settings import FILES_QUERY_MAX_TERMS
    from novaberg.files import retrieval as r
    from novaberg.files.search_sql import TRACK_KEEP

    depth = retriever.cap * r.DEPTH_FACTOR
    return {"user_id": USER, "character_id": CHARACTER, "text": question, "vector": retriever._vector(question),  # noqa: SLF001
            "max_terms": FILES_QUERY_MAX_TERMS, "limit": depth, "dense_k": depth, "cap": retriever.cap,
            "prefix_min": r.PREFIX_MIN, "head_min": r.HEAD_MIN, "tail_min": r.TAIL_MIN, "head_weight": r.HEAD_WEIGHT,
            "movierung": r.MOVIERUNG, "head_min_base": max(r.HEAD_MIN, 4), "part_min": r.PART_MIN,
            "part_max": r.PART_MAX, "exact_max": r.DENSE_EXACT_MAX, "df_probe": r.DF_PROBE, "inhalt": True,
            "track": False, "keep": TRACK_KEEP, "now": NOW}


def _write_index(url: str, embedder_name: str) -> None:
    """The writer in a process of its own (`--writer process`): the same call on its own pool."""
    from novaberg.store.db import Database

    db = Database(url, max_size=2)
    try:
        FilesService(db, make_embedder(embedder_name), PipelineLog(db)).index(NOW)
    finally:
        db.close()


def _search_while(service: FilesService, asked: list[str], busy: Any, pause: float,
                  offset: int = 0) -> tuple[list[float], list[float], int]:
    """Searches one after another while `busy()`; (milliseconds, seconds since the start, next question)."""
    times: list[float] = []
    when: list[float] = []
    begun = time.perf_counter()
    number = offset
    while busy():
        question = asked[number % len(asked)]
        number += 1
        started = time.perf_counter()
        service.search(USER, CHARACTER, question, now=NOW)
        times.append((time.perf_counter() - started) * 1000)
        when.append(started - begun)
        time.sleep(pause)
    return times, when, number


def run(count: int, embedder_name: str, writer: str, pause: float, sample: bool, explain: bool,
        settled_searches: int, gin: tuple[str, ...] = ()) -> dict[str, Any]:
    asked = questions()
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="bench_right_after_") as tmp:
        tree = Path(tmp) / "geteilt"
        size = write_corpus(tree, count)
        print(f"{count} documents, {size / 1e6:.1f} MB of text")
        with bench_database("bench_right_after", max_size=8) as db:  # the stack's pool (store/stack.py)
            service = FilesService(db, make_embedder(embedder_name), PipelineLog(db))
            service.allow(USER, str(tree), now=NOW)
            service.grant(USER, CHARACTER, str(tree), now=NOW)
            for option in gin:  # an experiment's GIN storage option, e.g. fastupdate=off
                db.maintain(f"ALTER INDEX idx_dateien_abschnitte_suchtext SET ({option})")
                db.maintain(f"ALTER INDEX idx_dateien_index_stichwort_lexeme SET ({option})")
            sampler = _Sampler(db.url) if sample else None
            report: dict[str, Any] = {}
            if writer == "thread":
                worker: Any = threading.Thread(target=lambda: report.update(service.index(NOW)), name="bench-writer")
            else:
                worker = multiprocessing.get_context("spawn").Process(target=_write_index, args=(db.url, embedder_name))
            load_before = _load()
            started = time.perf_counter()
            worker.start()
            if sampler is not None:
                sampler.start()
            time.sleep(0.5)  # the walk and the first batch under way
            plans: list[str] = []
            if explain:
                plans.append("during:\n" + _explain(db, service, asked[0]))
            during, when, number = _search_while(service, asked, worker.is_alive, pause)
            worker.join()
            written = time.perf_counter() - started
            load_during = _load()
            if sampler is not None:
                sampler.stop.set()
                sampler.join()
            left = [settled_searches]

            def more() -> bool:
                left[0] -= 1
                return left[0] >= 0

            after, _, number = _search_while(service, asked, more, pause, number)
            load_after = _load()
            if explain:
                plans.append("writer just finished:\n" + _explain(db, service, asked[0]))
            with db.transaction() as conn:  # what is left in the GIN indexes' pending lists, moved into them
                pending = {row["name"]: row["pages"] for row in conn.execute(_CLEAN_PENDING).fetchall()}
            left = [settled_searches]
            cleaned, _, number = _search_while(service, asked, more, pause, number)
            db.maintain("VACUUM ANALYZE")
            left = [settled_searches]
            settled, _, _ = _search_while(service, asked, more, pause, number)
            load_settled = _load()
            if explain:
                plans.append("settled:\n" + _explain(db, service, asked[0]))
            with db.transaction() as conn:
                rows = conn.execute("SELECT count(*) AS n FROM dateien_index WHERE aktiv").fetchone()["n"]
    out = {"documents": rows, "written_seconds": written, "report": report, "during": during, "when": when,
           "after": after, "pending": pending, "cleaned": cleaned, "settled": settled, "load": {"before": load_before, "during": load_during,
                                                        "after": load_after, "settled": load_settled},
           "plans": plans}
    if sampler is not None:
        out["sampled"] = {"search": sampler.search, "writer": sampler.writer, "lock_waits": sampler.lock_waits}
    return out


def print_result(result: dict[str, Any]) -> None:
    load = result["load"]
    print(f"indexed {result['documents']} documents in {result['written_seconds']:.1f} s "
          f"(load before {load['before']:.2f})")
    print(f"right after sharing (writing) {_summary(result['during'])}   load {load['during']:.2f}")
    print(f"writer just finished          {_summary(result['after'])}   load {load['after']:.2f}")
    print("GIN pending pages left: " + ", ".join(f"{k} {v}" for k, v in result["pending"].items()))
    print(f"GIN pending lists cleaned     {_summary(result['cleaned'])}")
    print(f"settled (VACUUM ANALYZE)      {_summary(result['settled'])}   load {load['settled']:.2f}")
    if result["during"]:
        slow = [f"{t:.1f}s:{ms:.0f}" for t, ms in zip(result["when"], result["during"], strict=True) if ms >= 100]
        print(f"searches ≥ 100 ms while writing: {len(slow)} of {len(result['during'])}  (at s:ms) {' '.join(slow[:30])}")
    for name, counts in result.get("sampled", {}).items():
        total = sum(counts.values())
        print(f"sampled {name}: " + ", ".join(f"{k} {v}" for k, v in counts.most_common(8)) + f" (of {total})")
    for plan in result["plans"]:
        print("\n".join(line for line in plan.splitlines() if not line.startswith(" ")))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=1000)
    parser.add_argument("--embedder", default="hashing")
    parser.add_argument("--writer", choices=("thread", "process"), default="thread")
    parser.add_argument("--pause", type=float, default=0.1, help="seconds between two searches")
    parser.add_argument("--settled-searches", type=int, default=60)
    parser.add_argument("--sample", action="store_true")
    parser.add_argument("--gin", action="append", default=[], help="a storage option of the searched GIN indexes to "
                        "try (fastupdate=off, gin_pending_list_limit=256)")
    parser.add_argument("--explain", type=Path, default=None, help="a file for the plans (EXPLAIN ANALYZE)")
    args = parser.parse_args()
    result = run(args.documents, args.embedder, args.writer, args.pause, args.sample, args.explain is not None,
                 args.settled_searches, tuple(args.gin))
    print_result(result)
    if args.explain is not None:
        args.explain.write_text("\n\n".join(result["plans"]) + "\n", encoding="utf-8")
        print(f"plans: {args.explain}")


if __name__ == "__main__":
    main()
