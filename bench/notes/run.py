"""Notes search latency (issue 5 "Done when"): p50/p95 of `find_notes` at 1,000 and 50,000 notes of one
person, with the SQL fallback `similarity` (embedded pgserver, no contrib) and with pg_trgm.

    python -m bench.notes.run                  # both backends where available
    python -m bench.notes.run --sizes 1000 --queries 20

pg_trgm: NOVABERG_BENCH_TRGM_URL (a Postgres with pg_trgm), else a throw-away cluster of the system's
PostgreSQL (`/usr/lib/postgresql/*/bin`) when it ships pg_trgm; only the notes schema is applied there
(the system package has no pgvector, which the full migration needs). Target: p95 < 30 ms at 50,000
with pg_trgm. Also the median of the writes a conversation makes (insert, rename, text, archive), which
with pg_trgm keep the trigram postings in step.
"""

from __future__ import annotations

import argparse
import itertools
import random
import shutil
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from novaberg.notes.repository import NotesRepository, summary_of
from novaberg.notes.search import find_notes
from novaberg.store.db import Database
from novaberg.store.migrations import migrate
from novaberg.store.system_cluster import apply_notes_schema, scratch_database, system_trgm_cluster

USER = "bench"
NOW = datetime(2026, 11, 30, 8, 30, tzinfo=UTC)
# A person's notes: pseudo-German words from syllables (onset, vowel, coda; a vocabulary of 20,000 words
# used Zipf-like, so common words recur as in real text),
# names of one to three words, sometimes a list or note word; texts of 3 to 60 words. A few real notes
# carry the names the queries look for.
_ONSETS = ("", "b", "br", "d", "dr", "f", "fl", "g", "gr", "h", "k", "kl", "kr", "l", "m", "n", "p", "pf", "r",
           "s", "sch", "schw", "sp", "st", "t", "tr", "w", "z")
_VOWELS = ("a", "e", "i", "o", "u", "ä", "ö", "ü", "au", "ei", "ie", "eu")
_CODAS = ("", "n", "r", "l", "s", "t", "ch", "ck", "ng", "nd", "st", "rt", "m", "ft", "tz")
_SYLLABLES = tuple(o + v + c for o in _ONSETS for v in _VOWELS for c in _CODAS)
_KINDS = ("liste", "notiz", "ideen", "plan", "")
REAL = ("Einkaufsliste", "Packliste Urlaub", "Gartenideen", "Rezept Lasagne", "Baumarkt", "Geschenke Oma",
        "Winterreifen", "Steuererklärung", "Leseliste", "Umzugsplan")
QUERIES = ("Einkaufsliste", "Packliste", "Gartenideen", "Rezept Lasagne", "Baumarkt", "Geschenke für Oma",
           "Winterreifen", "Steuer", "Leseliste", "Umzug", "Einkaufslste", "Lasagne", "Oma", "Urlaub packen",
           "Milch", "Gartenhaus", "Fahrradliste", "Kellerliste", "Partyplanung", "Hochzeit")


def _vocabulary(rng: random.Random, size: int = 20000) -> list[str]:
    words = set()
    while len(words) < size:
        words.add("".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(1, 3))).capitalize())
    return sorted(words)


def _notes(count: int, seed: int = 7) -> Iterator[tuple]:
    rng = random.Random(seed)
    vocabulary = _vocabulary(rng)
    cumulative = list(itertools.accumulate(1 / (rank + 1) for rank in range(len(vocabulary))))  # Zipf-like

    def pick(k: int) -> list[str]:
        return rng.choices(vocabulary, cum_weights=cumulative, k=k)

    for i in range(count):
        if i < len(REAL):
            name = REAL[i]
        else:
            name = " ".join(pick(rng.randint(1, 3))) + rng.choice(_KINDS)
        text = " ".join(pick(rng.randint(3, 60)))
        themen = pick(rng.randint(0, 3))
        yield (USER, name, "notiz", text, summary_of(text), themen, NOW, NOW, NOW)


def _fill(db: Database, count: int) -> None:
    with db.transaction() as conn:
        conn.execute("DELETE FROM notizen")
        with conn.cursor().copy("COPY notizen (user_id, name, typ, text, zusammenfassung, themen, created_at, "
                                "updated_at, last_touched) FROM STDIN") as copy:
            for row in _notes(count):
                copy.write_row(row)
    # What autovacuum does to a table that has settled: statistics, visibility map, no GIN pending list.
    db.maintain("VACUUM ANALYZE")


def _measure(db: Database, queries: int) -> tuple[float, float, int, list[tuple[float, str]]]:
    """p50 and p95 over the queries, how many found something, and the three slowest (ms, query)."""
    repo = NotesRepository(db)
    find_notes(repo, USER, "Aufwärmen")  # warm the pool and the plan cache
    timings = []
    hits = 0
    for query in (QUERIES * (queries // len(QUERIES) + 1))[:queries]:
        started = time.perf_counter()
        outcome = find_notes(repo, USER, query)
        timings.append(((time.perf_counter() - started) * 1000, query))
        hits += bool(outcome.notes)
    ordered = sorted(timings)
    values = [ms for ms, _ in ordered]
    p95 = values[min(len(values) - 1, max(0, round(0.95 * len(values)) - 1))]
    return statistics.median(values), p95, hits, ordered[-3:][::-1]


_MOVED_TEXT = "Sonnencreme Hut Badehose Handtuch"  # another size than the first text: the codes carry it


def _writes(db: Database, rounds: int = 9) -> dict[str, float]:
    """Median ms of the writes a conversation makes, at the current size: with pg_trgm every one also
    keeps the trigram postings (006_trigram_postings.sql) in step."""
    repo = NotesRepository(db)
    timings: dict[str, list[float]] = {"insert": [], "rename": [], "text": [], "archive": []}
    for i in range(rounds):
        started = time.perf_counter()
        note_id = repo.insert(USER, f"Einkaufsliste Woche {i}", "einkauf", "Milch Brot Käse", ["Haushalt", "Küche"],
                              NOW)["id"]
        timings["insert"].append((time.perf_counter() - started) * 1000)
        steps = (("rename", "name", [f"Packliste Urlaub {i}", NOW, NOW]),
                 ("text", "inhalt", [_MOVED_TEXT, _MOVED_TEXT, NOW, NOW]),
                 ("archive", "archiv", [NOW, NOW]))
        for label, kind, values in steps:
            started = time.perf_counter()
            repo.write(kind, values, note_id, USER)
            timings[label].append((time.perf_counter() - started) * 1000)
    return {label: statistics.median(values) for label, values in timings.items()}


@contextmanager
def _embedded() -> Iterator[str]:
    from novaberg.store.embedded import EmbeddedPostgres

    folder = Path(tempfile.mkdtemp(prefix="bench_notes_pg_"))
    server = EmbeddedPostgres(folder / "data")
    try:
        yield server.url
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 50000])
    parser.add_argument("--queries", type=int, default=40, help="queries per size (the fallback at 50,000 uses 10)")
    parser.add_argument("--backend", choices=("both", "fallback", "pg_trgm"), default="both")
    args = parser.parse_args()
    rows: list[tuple[str, int, int, float, float, float]] = []
    backends = ("fallback", "pg_trgm") if args.backend == "both" else (args.backend,)
    for backend in backends:
        source = _embedded() if backend == "fallback" else system_trgm_cluster()
        with source as admin_url:
            if admin_url is None:
                print("pg_trgm: no Postgres with pg_trgm found (set NOVABERG_BENCH_TRGM_URL)")
                continue
            with scratch_database(admin_url, migrate if backend == "fallback" else apply_notes_schema) as db:
                assert NotesRepository(db).uses_pg_trgm() == (backend == "pg_trgm")
                for size in args.sizes:
                    _fill(db, size)
                    queries = args.queries if backend == "pg_trgm" or size <= 5000 else min(args.queries, 10)
                    p50, p95, hits, slowest = _measure(db, queries)
                    rows.append((backend, size, queries, p50, p95, slowest[0][0]))
                    worst = ", ".join(f"{query} {ms:.0f}" for ms, query in slowest)
                    print(f"{backend:9} {size:>7} notes  {queries:>3} queries  p50 {p50:9.1f} ms  p95 {p95:9.1f} ms"
                          f"  ({hits} with a hit; slowest: {worst})", flush=True)
                    writes = ", ".join(f"{kind} {ms:.1f}" for kind, ms in _writes(db).items())
                    print(f"{'':9} {size:>7} notes  writes, median ms: {writes}", flush=True)
    print("\n| backend | notes | queries | p50 ms | p95 ms | max ms |\n|---|---:|---:|---:|---:|---:|")
    for backend, size, queries, p50, p95, worst_ms in rows:
        print(f"| {backend} | {size:,} | {queries} | {p50:.1f} | {p95:.1f} | {worst_ms:.1f} |")


if __name__ == "__main__":
    main()
