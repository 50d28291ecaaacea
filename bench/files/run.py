"""Index watcher timings: a generated tree of text files, three runs.

    python -m bench.files.run
    python -m bench.files.run --files 2000

First run (offline describer, hashing embedder), an unchanged re-run (target < 2 s, 0 model calls) and a
run after changing 1 % of the files. NOVABERG_BENCH_DATABASE_URL names another server (with vector and
pg_trgm) instead of a throw-away embedded one.
"""

from __future__ import annotations

import argparse
import random
import shutil
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bench.database import bench_database
from novaberg.core.logs import PipelineLog
from novaberg.embed.hashing import HashingEmbedder
from novaberg.files.service import FilesService

NOW = datetime(2026, 11, 30, 8, 30, tzinfo=UTC)
_WORDS = ("Projekt", "Bericht", "Garten", "Rezept", "Reise", "Steuer", "Vertrag", "Musik", "Fuge", "Bienen",
          "Honig", "Umzug", "Keller", "Fahrrad", "Konzept", "Planung", "Archiv", "Leipzig", "Orgel", "Kantate",
          "Tomaten", "Wetter", "Zahnarzt", "Versicherung", "Heizung", "Dach", "Fenster", "Lampe", "Buch", "Kapitel")
_EXT = (".md", ".txt", ".rst", ".org", ".html")


def _text(rng: random.Random, i: int, ext: str) -> str:
    title = " ".join(rng.sample(_WORDS, 3)) + f" {i}"
    body = " ".join(
        " ".join(rng.choice(_WORDS).lower() if rng.random() < 0.5 else rng.choice(_WORDS) for _ in range(12)) + "."
        for _ in range(rng.randint(3, 12)))
    if ext == ".md":
        return f"# {title}\n\n{body}\n\n## Abschnitt\n\n{body[:200]}\n"
    if ext == ".html":
        return f"<html><body><h1>{title}</h1><p>{body}</p></body></html>"
    if ext == ".org":
        return f"* {title}\n{body}\n"
    if ext == ".rst":
        return f"{title}\n{'=' * len(title)}\n\n{body}\n"
    return f"{title}\n\n{body}\n"


def generate(root: Path, count: int, seed: int = 15) -> list[Path]:
    rng = random.Random(seed)
    paths = []
    for i in range(count):
        ext = _EXT[i % len(_EXT)]
        folder = root / f"bereich{i % 20:02d}" / f"teil{(i // 20) % 25:02d}"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"datei{i:05d}{ext}"
        path.write_text(_text(rng, i, ext), encoding="utf-8")
        paths.append(path)
    return paths


def _line(label: str, report: dict) -> str:
    return (f"{label:<22} {report['seconds']:>8.2f} s  neu {report['neu']:>6}  geändert {report['geaendert']:>5}  "
            f"unverändert {report['unveraendert']:>6}  model_calls {report['model_calls']:>6}  "
            f"embedding_calls {report['embedding_calls']:>6}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=10_000)
    args = parser.parse_args()
    tree = Path(tempfile.mkdtemp(prefix="bench_files_tree_"))
    ok = False
    try:
        paths = generate(tree / "docs", args.files)
        with bench_database("bench_files") as db:
            files = FilesService(db, HashingEmbedder(), PipelineLog(db))
            files.allow("bench", str(tree), now=NOW)  # the per-person allow-list
            files.grant("bench", "nova", str(tree / "docs"), now=NOW)
            first = files.index(NOW)
            print(_line("first run", first))
            again = files.index(NOW + timedelta(minutes=5))
            print(_line("unchanged re-run", again))
            rng = random.Random(1)
            touched = rng.sample(paths, max(1, len(paths) // 100))
            for path in touched:
                path.write_text(path.read_text(encoding="utf-8") + "\nNachtrag.\n", encoding="utf-8")
            third = files.index(NOW + timedelta(minutes=10))
            print(_line("after 1 % changed", third))
            ok = again["seconds"] < 2 and again["model_calls"] == 0 and third["geaendert"] == len(touched)
            print(f"unchanged re-run < 2 s with 0 model calls; {len(touched)} changed found: {'ok' if ok else 'MISSED'}")
    finally:
        shutil.rmtree(tree, ignore_errors=True)
    if not ok:
        raise SystemExit(1)  # a missed target is a failed bench, not a printed word under exit code 0


if __name__ == "__main__":
    main()
