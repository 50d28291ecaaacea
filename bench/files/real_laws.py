"""Retrieval on a real corpus of a third kind: German federal statutes, one file per section, which no retrieval
setting was tuned on.

    python -m bench.files.laws_corpus CHECKOUT/laws /work/corpus/gesetze    # once: the corpus (laws_corpus.py)
    python -m bench.files.real_laws                                          # once, at the end

The corpus is every section of 28 everyday statutes (4,620 files; `bench/files/laws_corpus.py`); the questions
(`bench/files/laws_questions.json`, 46, written by this project in everyday words before any search ran on the
corpus) each name the sections that answer them. All of them are held out: nothing is tuned on them. Indexed and
searched as `bench.files.real` measures the Debian corpus (the watcher, `Retriever.run`, Okapi BM25 with the
Snowball German stemmer over the full texts), scored by its functions: NDCG@5, recall@5, p50/p95 wall and CPU.
Target: NDCG@5 ≥ 1.05 × BM25.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bench.files.real import print_summary, run

__all__ = ["main", "QUESTIONS", "TARGET"]

QUESTIONS = Path(__file__).with_name("laws_questions.json")
TARGET = 1.05


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=Path("/work/corpus/gesetze"))
    parser.add_argument("--embedder", default="hashing")
    parser.add_argument("--per-query", action="store_true")
    parser.add_argument("--dump", type=Path, default=None, help="every question's channel lists as JSON lines")
    args = parser.parse_args()
    if not args.corpus.is_dir() or not any(args.corpus.rglob("*.txt")):
        parser.error(f"no corpus at {args.corpus}: python -m bench.files.laws_corpus CHECKOUT/laws {args.corpus}")
    questions = json.loads(QUESTIONS.read_text(encoding="utf-8"))["fragen"]
    print_summary(run(args.corpus, args.embedder, args.per_query, args.dump, questions), TARGET)


if __name__ == "__main__":
    main()
