"""Score `novaberg.timeparse.parse` and dateparser side by side on the cases of `cases.py`.

Run from the repository root: `python -m bench.timeparse.run` (`make bench`). Prints a markdown table:
correct / wrong / abstained per category and the median microseconds per call. dateparser is a
bench-only dependency (`pip install -e ".[bench]"`); it gets `languages=['de']`, `RELATIVE_BASE` =
the naive local `now` and `PREFER_DATES_FROM='future'`. The targets of zero wrong answers
for novaberg (abstaining is allowed, guessing is not), more correct answers than dateparser, and at
least 10× faster per call. A second case file, `cases_spoken.py` (clock forms, relative
days, *übernächsten*, holidays, words that only look like time), has its own table; its targets: zero
wrong and at least 90 % correct. `--file` picks one file (`written`, `spoken`) or both (default).
`--check` exits 1 when a target is missed; `--show` lists the cases that were not correct.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from datetime import datetime

from bench.timeparse import cases_spoken
from bench.timeparse.cases import CATEGORIES, Case, build_cases
from novaberg.timeparse import ZeitVektor, parse

CORRECT, WRONG, ABSTAINED = "correct", "wrong", "abstained"


def score_novaberg(case: Case, vector: ZeitVektor) -> str:
    if case.expected is None:
        return CORRECT if vector.moment is None else WRONG
    if vector.moment is None:
        return ABSTAINED
    if vector.precision != case.precision:
        return WRONG
    if case.precision == "day":
        return CORRECT if vector.moment.date() == case.expected.date() else WRONG
    return CORRECT if vector.moment == case.expected else WRONG


def score_dateparser(case: Case, result: datetime | None) -> str:
    if case.expected is None:
        return CORRECT if result is None else WRONG
    if result is None:
        return ABSTAINED
    if case.precision == "day":
        return CORRECT if result.date() == case.expected.date() else WRONG
    wall = case.expected.replace(tzinfo=None)
    return CORRECT if result.replace(second=0, microsecond=0) == wall else WRONG


def _dateparser() -> Callable[[Case], datetime | None]:
    try:
        import dateparser
    except ImportError:  # pragma: no cover - a bench-only dependency
        sys.exit('dateparser is missing: pip install -e ".[bench]"')

    def run(case: Case) -> datetime | None:
        settings = {"RELATIVE_BASE": case.now.replace(tzinfo=None), "PREFER_DATES_FROM": "future"}
        return dateparser.parse(case.text, languages=["de"], settings=settings)

    return run


def _timed(call: Callable[[], object], repeat: int) -> float:
    """Mean microseconds of one call over `repeat` calls (after one untimed warm call)."""
    call()
    start = time.perf_counter_ns()
    for _ in range(repeat):
        call()
    return (time.perf_counter_ns() - start) / repeat / 1000


def main(argv: list[str] | None = None) -> int:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    args.add_argument("--show", action="store_true", help="list every case that was not correct")
    args.add_argument("--repeat", type=int, default=50, help="timed calls per case for novaberg")
    args.add_argument("--file", choices=("written", "spoken", "all"), default="all", help="which case file")
    opts = args.parse_args(argv)
    dp = _dateparser()
    met = True
    if opts.file in ("written", "all"):
        met = _run_file("cases.py", build_cases(), CATEGORIES, dp, opts, _targets_met) and met
    if opts.file in ("spoken", "all"):
        print()
        met = _run_file("cases_spoken.py", cases_spoken.build_cases(), cases_spoken.CATEGORIES, dp, opts,
                        _spoken_targets_met) and met
    return 0 if not opts.check or met else 1


def _spoken_targets_met(scores: dict[str, dict[str, Counter[str]]], times: dict[str, list[float]]) -> bool:
    """Zero wrong, at least 90 % correct."""
    nb = _totals(scores["novaberg"])
    return nb[WRONG] == 0 and nb[CORRECT] >= 0.9 * sum(nb.values())


def _run_file(name: str, cases: list[Case], categories: list[str], dp: Callable[[Case], datetime | None],
              opts: argparse.Namespace,
              targets: Callable[[dict[str, dict[str, Counter[str]]], dict[str, list[float]]], bool]) -> bool:
    dp(cases[0])  # dateparser loads its language data on the first call: not part of the timing
    scores: dict[str, dict[str, Counter[str]]] = {"novaberg": {}, "dateparser": {}}
    times: dict[str, list[float]] = {"novaberg": [], "dateparser": []}
    misses: list[str] = []
    for case in cases:
        vector = parse(case.text, case.now)
        result = dp(case)
        nb, dps = score_novaberg(case, vector), score_dateparser(case, result)
        scores["novaberg"].setdefault(case.category, Counter())[nb] += 1
        scores["dateparser"].setdefault(case.category, Counter())[dps] += 1
        times["novaberg"].append(_timed(lambda c=case: parse(c.text, c.now), opts.repeat))
        times["dateparser"].append(_timed(lambda c=case: dp(c), max(2, opts.repeat // 25)))
        if nb != CORRECT:
            misses.append(
                f"- novaberg {nb}: `{case.text}` at {case.now:%a %d.%m.%Y %H:%M} → {vector.moment} "
                f"({vector.precision}); expected {case.expected} ({case.precision}); dateparser {dps}: {result}"
            )

    print(f"## {name}\n")
    _print_table(cases, categories, scores, times, targets)
    if opts.show and misses:
        print("\nnovaberg, not correct:\n" + "\n".join(misses))
    return targets(scores, times)


def _totals(scores: dict[str, Counter[str]]) -> Counter[str]:
    total: Counter[str] = Counter()
    for counter in scores.values():
        total.update(counter)
    return total


def _targets_met(scores: dict[str, dict[str, Counter[str]]], times: dict[str, list[float]]) -> bool:
    nb, dp = _totals(scores["novaberg"]), _totals(scores["dateparser"])
    speedup = statistics.median(times["dateparser"]) / statistics.median(times["novaberg"])
    return nb[WRONG] == 0 and nb[CORRECT] > dp[CORRECT] and speedup >= 10


def _print_table(
    cases: list[Case], categories: list[str], scores: dict[str, dict[str, Counter[str]]], times: dict[str, list[float]],
    targets: Callable[[dict[str, dict[str, Counter[str]]], dict[str, list[float]]], bool],
) -> None:
    counts = Counter(case.category for case in cases)
    print(f"Time parser benchmark: {len(cases)} German expressions, {len({c.now for c in cases})} fixed clocks "
          "(Europe/Berlin)\n")
    print("| category | cases | novaberg correct | wrong | abstained | dateparser correct | wrong | abstained |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for category in categories:
        nb, dp = scores["novaberg"].get(category, Counter()), scores["dateparser"].get(category, Counter())
        print(f"| {category} | {counts[category]} | {nb[CORRECT]} | {nb[WRONG]} | {nb[ABSTAINED]} "
              f"| {dp[CORRECT]} | {dp[WRONG]} | {dp[ABSTAINED]} |")
    nb, dp = _totals(scores["novaberg"]), _totals(scores["dateparser"])
    print(f"| **total** | **{len(cases)}** | **{nb[CORRECT]}** | **{nb[WRONG]}** | **{nb[ABSTAINED]}** "
          f"| **{dp[CORRECT]}** | **{dp[WRONG]}** | **{dp[ABSTAINED]}** |")
    nb_us, dp_us = statistics.median(times["novaberg"]), statistics.median(times["dateparser"])
    print("\n| parser | median µs per call |\n|---|---:|")
    print(f"| novaberg.timeparse.parse | {nb_us:.1f} |\n| dateparser.parse | {dp_us:.1f} |")
    print(f"\nnovaberg is {dp_us / nb_us:.0f}× faster per call (median).")
    met = targets(scores, times)
    wanted = ("zero wrong, more correct than dateparser, ≥10× faster" if targets is _targets_met
              else "zero wrong, ≥90 % correct")
    print(f"Targets ({wanted}): {'met' if met else 'MISSED'}")


if __name__ == "__main__":
    raise SystemExit(main())
