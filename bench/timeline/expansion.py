"""The series expansion alone: 1,000 weekly series expanded for one week, no database.

    python -m bench.timeline.expansion            # cold (fresh caches) and warm, median of the runs

The series are those of `bench.timeline.run.seed_series` (started within the last two years, a third with
an end); the window is the week of `NOW`. Prints milliseconds per window read of all series.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from datetime import timedelta

from bench.timeline.run import _DAYS, BERLIN, NOW
from novaberg.timeline import recurrence


def series_rows(count: int, years: int = 2) -> list[dict]:
    rng = random.Random(count)
    rows = []
    for index in range(count):
        start = (NOW - timedelta(days=rng.randrange(365 * years))).replace(
            hour=rng.randrange(7, 22), minute=0, second=0, microsecond=0)
        rule = f"FREQ=WEEKLY;BYDAY={_DAYS[start.weekday()]}"
        if rng.random() < 0.33:
            rule += f";UNTIL={(NOW + timedelta(days=rng.randrange(-200, 400))).strftime('%Y%m%dT000000Z')}"
        rows.append({"id": index + 1, "event_time": start, "event_ende": None, "rrule": rule, "exdates": [],
                     "aktiv": True})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--years", type=int, default=2)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    rows = series_rows(args.count, args.years)
    start, end = NOW, NOW + timedelta(days=7)
    cold, warm = [], []
    for _ in range(args.runs):
        recurrence.clear_caches()
        began = time.perf_counter()
        found = recurrence.expand(rows, start, end, BERLIN)
        cold.append((time.perf_counter() - began) * 1000)
        began = time.perf_counter()
        recurrence.expand(rows, start, end, BERLIN)
        warm.append((time.perf_counter() - began) * 1000)
    print(f"{args.count} weekly series over {args.years} years, one week: {len(found)} occurrences; "
          f"cold {statistics.median(cold):.1f} ms, warm {statistics.median(warm):.1f} ms")


if __name__ == "__main__":
    main()
