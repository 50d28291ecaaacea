"""CPU of reading a notes sentence: the notes' route hint and the classification of the same sentence, each
sentence in a turn scope of its own (`text.per_turn`: what the route read, the classification reuses), over the
notes sentences of the generated corpus. Reports the median of three runs in CPU ms per sentence (CPU, not wall:
the build machine is shared).

Run: .venv/bin/python -m bench.offline.reading_once
"""

from __future__ import annotations

import statistics
import time

from bench.offline.corpus import corpus
from novaberg.notes.agent.dispatch import route_hint
from novaberg.notes.agent.offline import classify_rule
from novaberg.text.grammar import one_analysis_per_text

RUNS = 3
HISTORY = [["Setz Brot auf die Einkaufsliste", "Erledigt."]]  # a running list: the readings that look at it


def main() -> None:
    texts = [case.text for case in corpus() if case.domain == "notizen"]
    runs = []
    for _ in range(RUNS):
        start = time.process_time()
        for text in texts:
            with one_analysis_per_text():
                route_hint(text)
                classify_rule({"text": text, "verlauf": HISTORY})
        runs.append((time.process_time() - start) / len(texts) * 1e3)
    print(f"{len(texts)} notes sentences: CPU ms per sentence (route hint + classification), "
          f"runs {[round(r, 3) for r in runs]}, median {statistics.median(runs):.3f}")


if __name__ == "__main__":
    main()
