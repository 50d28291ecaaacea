"""Every set the benches report on is in the repository with its source's licence beside it, so a fresh clone
measures what the figures say (no part is skipped for being absent)."""

from __future__ import annotations

import csv
import hashlib
import re
from pathlib import Path

from bench.intents.run import DATA as INTENTS
from bench.intents.run import cases
from bench.offline.external.local import DATA, HERE, available
from bench.offline.run import CALENDAR_PARTS, LIST_PARTS

ROOT = Path(__file__).resolve().parents[2]


def test_every_external_part_the_bench_reports_is_committed():
    assert [part for part in (*LIST_PARTS, *CALENDAR_PARTS) if not available(part)] == []


def test_every_licence_file_the_notices_name_is_there():
    for notice in (DATA / "NOTICE.md", INTENTS / "NOTICE.md"):
        named = set(re.findall(r"`(LICENSES/[^`]+|LICENSE)`", notice.read_text(encoding="utf-8")))
        assert named, notice
        assert [name for name in named if not (notice.parent / name).is_file()] == []
    assert (HERE / "dev.jsonl").is_file()
    for name in ("GerMedIQ-Human.csv", "germediq_subset.csv", "deu.txt", "LICENSES/CC-BY-4.0.md"):
        assert (ROOT / "bench" / "memory" / "data" / name).is_file(), name


def test_the_intent_sentences_are_the_sources_and_split_by_their_hash():
    with (INTENTS / "NLU-Data-Home-Domain-similarity-de.csv").open(encoding="utf-8") as handle:
        source = {row[key].strip() for row in csv.DictReader(handle) for key in ("sentence1", "sentence2")}
    rows = cases()
    assert rows and all(text in source for _, _, text in rows)
    for _, part, text in rows:
        assert part == ("heldout" if hashlib.sha256(text.encode("utf-8")).digest()[0] < 86 else "dev"), text
