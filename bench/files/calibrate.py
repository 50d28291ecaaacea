"""The dense floor of an embedder, measured (dateien.md §3.0a-bis: the absolute floor is *„gemessen, steht fest"*).

    python -m bench.files.calibrate                     # the hashing embedder: prints the measurement
    python -m bench.files.calibrate --write             # … and records it in src/novaberg/files/dense_floors.json
    python -m bench.files.calibrate --embedder sentence-transformers:/path/to/model --write

The unrelated pairs come from the generated corpus of bench/files/retrieval.py (its files and its
paraphrasing questions, seed 16): a question and a file that share neither subject, nor aspect, nor place
are unrelated by construction — no relevance judgement is needed, and neither hand-written set is used, so
both stay tests of the floor and not its source. The files are indexed by the watcher with the embedder, so
each file's vector is the one the index holds (topic sentence and keywords, §5.4). The floor is the cosine
unrelated pairs exceed 1 % of the time (their 99th percentile): a dense hit alone below it is
indistinguishable from an unrelated file. For information, the hand-written sets' relevant pairs are
printed beside it — how many clear the floor says what the dense channel can deliver on its own with that
embedder on paraphrases.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import shutil
import statistics
import tempfile
from datetime import UTC, date, datetime
from pathlib import Path

from bench.database import bench_database
from bench.files.handset import FILES as HAND_FILES
from bench.files.handset import QUERIES as HAND_QUERIES
from bench.files.handset2 import FILES as HAND2_FILES
from bench.files.handset2 import QUERIES as HAND2_QUERIES
from bench.files.retrieval import fit_dimensions, generate, make_query
from novaberg.core.logs import PipelineLog
from novaberg.embed.registry import make_embedder
from novaberg.files.service import FilesService
from novaberg.files.threshold import FLOORS_FILE, embedder_key

NOW = datetime(2026, 12, 1, 8, 0, tzinfo=UTC)
QUANTILE = 0.99  # the share of unrelated pairs below the floor
GENERATED_FILES = 400
GENERATED_QUESTIONS = 100
SETS = {"hand": (HAND_FILES, HAND_QUERIES), "hand2": (HAND2_FILES, HAND2_QUERIES)}
FLOORS = Path(__file__).resolve().parents[2] / "src" / "novaberg" / "files" / FLOORS_FILE


def quantile(values: list[float], share: float) -> float:
    """The `share` quantile by linear interpolation between the closest ranks."""
    ordered = sorted(values)
    position = share * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def _cosine(a: list[float], b: list[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=True))
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return dot / norm if norm else 0.0


def measure(embedder_spec: str) -> tuple[dict, str]:
    tree = Path(tempfile.mkdtemp(prefix="bench_calibrate_"))
    embedder = make_embedder(embedder_spec)
    related: list[float] = []
    unrelated: list[float] = []
    try:
        files = generate(tree / "docs", GENERATED_FILES, seed=16)
        rng = random.Random(7)
        sample = rng.sample(files, GENERATED_QUESTIONS)
        questions = [(make_query(rng, combo, firm), combo) for _, combo, firm in sample]
        with bench_database("bench_calibrate") as db:
            fit_dimensions(db, embedder)
            service = FilesService(db, embedder, PipelineLog(db))
            service.allow("bench", str(tree), now=NOW)  # the per-person allow-list
            service.grant("bench", "docs", str(tree / "docs"), now=NOW)
            for name, (hand_files, _) in SETS.items():
                for relative, text in hand_files.items():
                    (tree / name / relative).parent.mkdir(parents=True, exist_ok=True)
                    (tree / name / relative).write_text(text, encoding="utf-8")
                service.grant("bench", name, str(tree / name), now=NOW)
            service.index(NOW)
            with db.transaction() as conn:
                rows = conn.execute("SELECT w.character_id AS menge, i.pfad, i.themen_embedding::text AS v "
                                    "FROM dateien_index i JOIN dateien_wurzeln w ON w.id = i.wurzel_id").fetchall()
        vectors = {(row["menge"], row["pfad"]): json.loads(row["v"]) for row in rows}
        combos = {str(path.relative_to(tree / "docs")): combo for path, combo, _ in files}
        asked = embedder.embed([question for question, _ in questions])
        for (_, combo), vector in zip(questions, asked, strict=True):
            for relative, other in combos.items():
                if all(a != b for a, b in zip(combo, other, strict=True)):
                    unrelated.append(_cosine(vector, vectors[("docs", relative)]))
        for name, (_, hand_questions) in SETS.items():
            asked = embedder.embed([question for question, _ in hand_questions])
            related += [_cosine(vector, vectors[(name, relevant)])
                        for (_, relevant), vector in zip(hand_questions, asked, strict=True)]
    finally:
        shutil.rmtree(tree, ignore_errors=True)
    floor = quantile(unrelated, QUANTILE)
    return {"boden": round(floor, 4), "quantil": QUANTILE, "unverwandte_paare": len(unrelated),
            "unverwandt_p95": round(quantile(unrelated, 0.95), 4),
            "hand_relevante_paare": len(related), "hand_relevant_median": round(statistics.median(related), 4),
            "hand_relevant_ueber_boden": round(sum(v >= floor for v in related) / len(related), 3),
            "gemessen_am": date.today().isoformat(),
            "befehl": f"python -m bench.files.calibrate --embedder {embedder_spec} --write"}, embedder_key(embedder)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--embedder", default="hashing")
    parser.add_argument("--write", action="store_true", help=f"record the floor in {FLOORS.name}")
    args = parser.parse_args()
    entry, key = measure(args.embedder)
    print(f"embedder {key}: {entry['unverwandte_paare']} unrelated pairs, p95 {entry['unverwandt_p95']:.3f}, "
          f"p99 (the floor) {entry['boden']:.3f}; {entry['hand_relevante_paare']} relevant pairs of the hand sets, median "
          f"{entry['hand_relevant_median']:.3f}, {entry['hand_relevant_ueber_boden'] * 100:.0f} % of them at or above the floor")
    if args.write:
        floors = json.loads(FLOORS.read_text(encoding="utf-8")) if FLOORS.exists() else {}
        floors[key] = {**floors.get(key, {}), **entry}  # the fusion weight recorded next to it stays
        FLOORS.write_text(json.dumps(floors, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        print(f"recorded in {FLOORS}")


if __name__ == "__main__":
    main()
