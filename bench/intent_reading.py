"""CPU time of reading one turn against every service's declared intents (`text.intents.read_intents`).

Run: .venv/bin/python -m bench.intent_reading
Sentences: the generated corpus (bench/offline/corpus.py) and, where present, the external list-command set
`dev` (written by others). Prints the median, the 95th percentile and the maximum per turn (CPU time, so the
machine's load changes it little), and the share of sentences some intent read.
"""

from __future__ import annotations

import statistics
import time

from bench.offline.corpus import corpus
from bench.offline.external.local import available
from bench.offline.external.score import load
from novaberg.api.catalog import SERVICES
from novaberg.text.intents import NONE, read_intents


def main() -> None:
    sets = tuple(entry.intents for entry in SERVICES)
    parts = {"corpus": [case.text for case in corpus()]}
    if available("dev"):
        parts["dev"] = [case["text"] for case in load("dev")]
    read_intents("Trag mir morgen um 10 den Zahnarzt ein", sets)  # compiled once, outside the measure
    for name, texts in parts.items():
        took, read = [], 0
        for text in texts:
            started = time.process_time()
            verdict = read_intents(text, sets)
            took.append(time.process_time() - started)
            read += verdict.kind != NONE
        took.sort()
        print(f"{name:7} {len(texts):5} sentences: median {statistics.median(took) * 1000:.3f} ms, "
              f"p95 {took[int(len(took) * 0.95)] * 1000:.3f} ms, max {took[-1] * 1000:.3f} ms of CPU per turn; "
              f"read by an intent {read}/{len(texts)} = {read / len(texts):.1%}")


if __name__ == "__main__":
    main()
