"""Routing and action accuracy of the offline model on the generated phrasing corpus (issue 13) — a\nregression net only — and the external list-command set (issue 26), the quality figure.

Run: .venv/bin/python -m bench.offline.run [--failures N]
Prints the accuracy, the target accuracy, the writes from statements or questions, and per group the errors.
"""

from __future__ import annotations

import argparse
import time

from bench.offline.external.calendar import score_calendar
from bench.offline.external.score import ASKED, DONE, NOT_DONE, WRONG, score_external
from bench.offline.heldout import HELD_OUT
from bench.offline.score import score


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--failures", type=int, default=15, help="how many wrong sentences to print")
    args = parser.parse_args()
    started = time.perf_counter()
    report = score()
    took = time.perf_counter() - started
    print(f"corpus: {report.total} sentences ({took:.1f} s)")
    print(f"routing+action accuracy: {report.correct}/{report.total} = {report.accuracy:.1%}")
    if report.target_checked:
        print(f"target accuracy (of correct requests with a target): {report.target_correct}/{report.target_checked}"
              f" = {report.target_correct / report.target_checked:.1%}")
    print(f"writes from a statement or a question: {report.writes_from_statements_or_questions}")
    for group, total in sorted(report.by_group.items()):
        wrong = report.wrong_by_group.get(group, 0)
        print(f"  {'/'.join(group):40} {total - wrong:4}/{total:<4}")
    for case, outcome in report.failures[: args.failures]:
        print(f"  WRONG {case.text!r}: expected {case.domain}/{case.action}, got {outcome.domain}/{outcome.action}")
    held = score(list(HELD_OUT))
    print(f"held-out sentences (hand-written, not tuned against): {held.correct}/{held.total} = {held.accuracy:.1%}, "
          f"writes from a statement or a question: {held.writes_from_statements_or_questions}")
    for case, outcome in held.failures[: args.failures]:
        print(f"  WRONG {case.text!r}: expected {case.domain}/{case.action}, got {outcome.domain}/{outcome.action}")
    print("external list commands (issue 26; written by others — the quality figure; see bench/offline/external;"
          " others_heldout = an Alexa skill model, not Home Assistant, never tuned on):")
    for part in ("dev", "heldout", "others_heldout", "bonalyze_dev", "bonalyze_heldout", "indep_lists_dev",
                 "indep_lists_heldout"):
        ext = score_external(part)
        print(f"  {part:8} {ext.total:5} sentences: executed as meant {ext.meant}/{ext.total} = "
              f"{ext.meant / ext.total:.1%} (done {ext.outcomes[DONE]}, asked which list {ext.outcomes[ASKED]}), "
              f"not done {ext.outcomes[NOT_DONE]}, WRONG writes {ext.outcomes[WRONG]}")
        if part.endswith("dev"):  # never print held-out failures: they would invite tuning on them
            for outcome in (WRONG, NOT_DONE):
                for line in ext.examples.get(outcome, [])[: args.failures]:
                    print(f"    {outcome}: {line}")
    print("external calendar requests (multistage-assist, gathered.py; TheFes + MycroftAI, independent.py):")
    for part in ("calendar_dev", "calendar_heldout", "indep_calendar_dev", "indep_calendar_heldout"):
        cal = score_calendar(part)
        print(f"  {part:22} {cal.total:3} sentences: executed as meant {cal.outcomes[DONE]}/{cal.total} = "
              f"{cal.outcomes[DONE] / cal.total:.1%}, not done {cal.outcomes[NOT_DONE]}, WRONG writes {cal.outcomes[WRONG]}")
        if part.endswith("dev"):
            for outcome in (WRONG, NOT_DONE):
                for line in cal.examples.get(outcome, [])[: args.failures]:
                    print(f"    {outcome}: {line}")


if __name__ == "__main__":
    main()
