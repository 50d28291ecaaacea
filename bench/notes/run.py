"""Notes search latency: p50/p95 of `find_notes` at 1,000 and 50,000 notes
of one person, on the embedded default (PostgreSQL 18 with pg_trgm), the only search path.

    python -m bench.notes.run
    python -m bench.notes.run --sizes 1000 --queries 20

NOVABERG_BENCH_DATABASE_URL names another server (with vector and pg_trgm) instead of the embedded one.
Target: p95 < 30 ms at 50,000. Also the median of the writes a conversation makes (insert, rename, text,
archive), which keep the trigram postings in step.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from collections.abc import Iterator
from datetime import UTC, datetime

from bench.database import bench_database
from novaberg.notes.repository import NotesRepository, summary_of
from novaberg.notes.search import find_notes
from novaberg.store.db import Database

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 50000])
    parser.add_argument("--queries", type=int, default=40, help="queries per size")
    args = parser.parse_args()
    rows: list[tuple[int, int, float, float, float]] = []
    with bench_database("bench_notes") as db:
        for size in args.sizes:
            _fill(db, size)
            p50, p95, hits, slowest = _measure(db, args.queries)
            rows.append((size, args.queries, p50, p95, slowest[0][0]))
            worst = ", ".join(f"{query} {ms:.0f}" for ms, query in slowest)
            print(f"{size:>7} notes  {args.queries:>3} queries  p50 {p50:9.1f} ms  p95 {p95:9.1f} ms"
                  f"  ({hits} with a hit; slowest: {worst})", flush=True)
            writes = ", ".join(f"{kind} {ms:.1f}" for kind, ms in _writes(db).items())
            print(f"{size:>7} notes  writes, median ms: {writes}", flush=True)
    print("\n| notes | queries | p50 ms | p95 ms | max ms |\n|---:|---:|---:|---:|---:|")
    for size, queries, p50, p95, worst_ms in rows:
        print(f"| {size:,} | {queries} | {p50:.1f} | {p95:.1f} | {worst_ms:.1f} |")


if __name__ == "__main__":
    main()
