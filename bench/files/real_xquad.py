"""Retrieval on a second real corpus of another kind: XQuAD's German Wikipedia paragraphs, which no retrieval
setting was tuned on.

    python -m bench.files.real_xquad                    # the development articles (tuned on, if at all)
    python -m bench.files.real_xquad --part heldout     # once, at the end: the held-out articles

Each paragraph of the part's articles (the split of bench/answers/data/NOTICE.md, `is_held_out`) is a text
file (the article's title as first line); each question of those articles is a query with exactly one relevant
document, its paragraph. Indexed and searched as `bench.files.real` measures the Debian corpus (the watcher,
`Retriever.run`, Okapi BM25 with the Snowball German stemmer over the full texts), scored by its functions:
NDCG@5, recall@5, p50/p95. Target: NDCG@5 ≥ 1.05 × BM25 on the held-out part.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from bench.answers.sets import xquad_documents
from bench.files.real import print_summary, run

__all__ = ["main", "write_corpus"]

TARGET = 1.05
_PART_NAMES = {"dev": "entwicklung", "heldout": "zurueckgehalten"}  # the part names of bench.files.real


def write_corpus(folder: Path, part: str) -> list[dict]:
    """The part's paragraphs as `<article>-<nn>.txt` below `folder`; its questions as bench.files.real reads them."""
    files, questions = xquad_documents(held_out=part == "heldout")
    for name, text in files.items():
        (folder / name).with_suffix(".txt").write_text(text.removeprefix("# "), encoding="utf-8")
    return [{"nr": number, "frage": question.text, "relevant": [Path(question.document).stem],
             "teil": _PART_NAMES[part]} for number, question in enumerate(questions, start=1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=tuple(_PART_NAMES), default="dev")
    parser.add_argument("--embedder", default="hashing")
    parser.add_argument("--per-query", action="store_true")
    parser.add_argument("--dump", type=Path, default=None, help="every question's channel lists as JSON lines")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="xquad_") as tmp:
        corpus = Path(tmp) / "xquad-de"
        corpus.mkdir()
        questions = write_corpus(corpus, args.part)
        print_summary(run(corpus, args.embedder, args.per_query, args.dump, questions), TARGET)


if __name__ == "__main__":
    main()
