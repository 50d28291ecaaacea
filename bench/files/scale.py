"""Scale of the files index: 10,000 long documents, ≥ 50 MB of text, first index and re-scan.

    python -m bench.files.scale                       # from /work/corpus/de-docs (bench/files/real_corpus.py)
    python -m bench.files.scale --documents 10000 --corpus DIR

The real corpus (~3,200 documents, ~18 MB) is recombined until the count is reached: copy n of a document
keeps its paragraphs, rotated by n (the first n paragraphs moved to the end), so every copy has its own
content hash and its own sections, and the text stays real German. A document shorter than `--megabytes`
spread over the count is followed by the next documents' paragraphs until it reaches its share (the corpus's
documents average ~3 KB of text: 10,000 plain copies are 30 MB, the target is 50). Reported: documents and megabytes
written, the first index (seconds, sections, postings), an unchanged re-scan (seconds, model calls — target
0), and the latency of ten searches at that size.
"""

from __future__ import annotations

import argparse
import math
import os
import shutil
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from bench.database import bench_database
from bench.files.real import documents, load_questions
from novaberg.core.logs import PipelineLog
from novaberg.embed.hashing import HashingEmbedder
from novaberg.files.retrieval import Retriever
from novaberg.files.service import FilesService

NOW = datetime(2026, 12, 1, 8, 0, tzinfo=UTC)
_SIZES = """
SELECT (SELECT count(*) FROM dateien_abschnitte) AS abschnitte, (SELECT count(*) FROM dateien_terme) AS postings,
       pg_size_pretty(pg_total_relation_size('dateien_terme')) AS terme_groesse,
       pg_size_pretty(pg_table_size('dateien_terme')) AS terme_tabelle,
       pg_size_pretty(pg_indexes_size('dateien_terme')) AS terme_indexe,
       pg_size_pretty(pg_total_relation_size('dateien_abschnitte')) AS abschnitte_groesse,
       pg_size_pretty(pg_total_relation_size('dateien_index')) AS index_groesse,
       pg_size_pretty(pg_total_relation_size('dateien_lexem_df')) AS df_groesse
"""


def recombine(corpus: Path, target: Path, count: int, megabytes: float = 0.0) -> tuple[int, int]:
    """(documents, bytes) written under `target`; each at least its share of `megabytes` long."""
    docs = list(documents(corpus).items())
    share = int(megabytes * 1e6 / count) if megabytes else 0
    written = size = 0
    copy = 0
    while written < count:
        for number, (name, text) in enumerate(docs):
            if written >= count:
                break
            following = number + 1
            length = len(text.encode("utf-8"))
            while length < share and following < number + len(docs):  # the next documents' paragraphs
                for paragraph in docs[following % len(docs)][1].split("\n\n"):
                    if length >= share:
                        break
                    text += "\n\n" + paragraph
                    length += len(paragraph.encode("utf-8")) + 2
                following += 1
            paragraphs = text.split("\n\n")
            shift = copy % max(len(paragraphs), 1)
            body = "\n\n".join(paragraphs[shift:] + paragraphs[:shift]) if copy else text
            path = target / f"kopie{copy}" / f"{name}.txt"
            path.parent.mkdir(parents=True, exist_ok=True)
            data = body.encode("utf-8")
            path.write_bytes(data)
            written += 1
            size += len(data)
        copy += 1
    return written, size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=Path("/work/corpus/de-docs"))
    parser.add_argument("--documents", type=int, default=10_000)
    parser.add_argument("--megabytes", type=float, default=50.0, help="text in all (documents are joined to reach it)")
    args = parser.parse_args()
    tree = Path(tempfile.mkdtemp(prefix="bench_scale_"))
    try:
        count, size = recombine(args.corpus, tree, args.documents, args.megabytes)
        print(f"{count} documents, {size / 1e6:.1f} MB of text")
        with bench_database("bench_scale") as db:
            service = FilesService(db, HashingEmbedder(), PipelineLog(db))
            service.allow("bench", str(tree), now=NOW)
            service.grant("bench", "nova", str(tree), now=NOW)
            started = time.perf_counter()
            first = service.index(NOW)
            first_seconds = time.perf_counter() - started
            with db.transaction() as conn:
                counts = conn.execute(_SIZES).fetchone()
            print(f"first index: {first['neu']} new in {first_seconds:.1f} s; {counts['abschnitte']} sections, "
                  f"{counts['postings']} postings ({counts['terme_groesse']}: table {counts['terme_tabelle']}, "
                  f"indexes {counts['terme_indexe']}); sections {counts['abschnitte_groesse']}, "
                  f"files index {counts['index_groesse']}, vocabulary {counts['df_groesse']}")
            started = time.perf_counter()
            again = service.index(NOW)
            print(f"unchanged re-scan: {time.perf_counter() - started:.1f} s, unchanged {again['unveraendert']}, "
                  f"model calls {again['model_calls']}")
            db.maintain("VACUUM ANALYZE")
            retriever = Retriever(db, service.embedder)
            questions = load_questions()
            for question in questions[:10]:  # warm-up
                retriever.run("bench", "nova", question["frage"], NOW, track=False)
            seconds = []
            for question in questions:
                begun = time.perf_counter()
                retriever.run("bench", "nova", question["frage"], NOW, track=False)
                seconds.append((time.perf_counter() - begun) * 1000)
            ordered = sorted(seconds)
            print(f"search at this size: p50 {statistics.median(seconds):.1f} ms, "
                  f"p95 {ordered[math.ceil(0.95 * len(ordered)) - 1]:.1f} ms, max {max(seconds):.1f} ms "
                  f"({len(seconds)} questions; load {os.getloadavg()[0]:.1f})")
    finally:
        shutil.rmtree(tree, ignore_errors=True)


if __name__ == "__main__":
    main()
