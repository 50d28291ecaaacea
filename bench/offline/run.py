"""Routing and action accuracy of the offline model on the generated phrasing corpus — a\nregression net only — and the external list-command set, the quality figure.

Run: .venv/bin/python -m bench.offline.run [--failures N] [--turns sample|all|none]
Prints the accuracy, the target accuracy, the writes from statements or questions, and per group the errors;
then each external set twice: by the router and the classification alone (`external/score.py`), and through the
real turn (`turns.py`: `Nova.turn` on an embedded stack, a person of its own per sentence, outcomes read from the
rows). `--turns sample` (the default) takes every `DEV_SAMPLE`-th sentence of the large `dev` set through the
turn and all of the others; `all` every sentence (≈ 4 min more); `none` skips the turns.
"""

from __future__ import annotations

import argparse
import time

from bench.offline.external.calendar import score_calendar
from bench.offline.external.local import available, missing
from bench.offline.external.score import ASKED, DONE, NOT_DONE, WRONG, score_external
from bench.offline.heldout import HELD_OUT
from bench.offline.score import score
from bench.offline.turns import open_world, score_turns

LIST_PARTS = ("dev", "heldout", "others_heldout", "bonalyze_dev", "bonalyze_heldout", "indep_lists_dev",
              "indep_lists_heldout", "bf_lists_dev", "bf_lists_heldout")
CALENDAR_PARTS = ("calendar_dev", "calendar_heldout", "indep_calendar_dev", "indep_calendar_heldout", "bf_calendar_dev",
                  "bf_calendar_heldout")


def _present(parts: tuple[str, ...], say: bool = True) -> list[str]:
    """The parts on this machine; a missing one is named (the sets of fetched sources are local, local.py)."""
    if say and (reason := missing(*parts)):
        print(f"  MISSING — {reason}")
    return [part for part in parts if available(part)]
DEV_SAMPLE = 4  # --turns sample: every 4th sentence of `dev` (1,569 template fillings) goes through the turn


def _print_misses(part: str, examples: dict[str, list[str]], failures: int) -> None:
    """The wrong writes and the sentences not done of a development part; never a held-out part's sentences (they
    would invite tuning on them)."""
    if not part.endswith("dev"):
        return
    for outcome in (WRONG, NOT_DONE):
        for line in examples.get(outcome, [])[:failures]:
            print(f"    {outcome}: {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--failures", type=int, default=15, help="how many wrong sentences to print")
    parser.add_argument("--turns", choices=("sample", "all", "none"), default="sample",
                        help="the external sets through Nova.turn: dev sampled (default), all, or none")
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
    print("external list commands (written by others — the quality figure; see bench/offline/external;"
          " others_heldout = an Alexa skill model, not Home Assistant, never tuned on):")
    for part in _present(LIST_PARTS):
        ext = score_external(part)
        print(f"  {part:8} {ext.total:5} sentences: executed as meant {ext.meant}/{ext.total} = "
              f"{ext.meant / ext.total:.1%} (done {ext.outcomes[DONE]}, asked which list {ext.outcomes[ASKED]}), "
              f"not done {ext.outcomes[NOT_DONE]}, WRONG writes {ext.outcomes[WRONG]}")
        _print_misses(part, ext.examples, args.failures)
    print("external calendar requests (multistage-assist, gathered.py; TheFes + MycroftAI, independent.py; Bot Framework"
          " Solutions, botframework.py):")
    for part in _present(CALENDAR_PARTS):
        cal = score_calendar(part)
        print(f"  {part:22} {cal.total:3} sentences: executed as meant {cal.outcomes[DONE]}/{cal.total} = "
              f"{cal.outcomes[DONE] / cal.total:.1%}, not done {cal.outcomes[NOT_DONE]}, WRONG writes {cal.outcomes[WRONG]}")
        _print_misses(part, cal.examples, args.failures)
    if args.turns != "none":
        _through_turns(args.failures, DEV_SAMPLE if args.turns == "sample" else 1)


def _through_turns(failures: int, dev_every: int) -> None:
    """The external sets through `Nova.turn` — what a person gets (the bare-order route, the search node's
    question, the resume included). Held-out parts: aggregates only, never a sentence."""
    print("external sets through Nova.turn (turns.py: a person of her own per sentence, four lists, outcomes "
          "read from the rows):")
    started = time.perf_counter()
    turns = 0
    with open_world() as nova:
        for part in _present((*LIST_PARTS, *CALENDAR_PARTS), say=False):
            every = dev_every if part == "dev" else 1
            ext = score_turns(nova, part, every)
            turns += ext.total
            sampled = f" (every {every}th)" if every > 1 else ""
            print(f"  {part:16} {ext.total:5} sentences{sampled}: executed as meant {ext.meant}/{ext.total} = "
                  f"{ext.meant / ext.total:.1%} (done {ext.outcomes[DONE]}, asked {ext.outcomes[ASKED]}), "
                  f"not done {ext.outcomes[NOT_DONE]}, WRONG writes {ext.outcomes[WRONG]}")
            _print_misses(part, ext.examples, failures)
    print(f"  {turns} turns in {time.perf_counter() - started:.0f} s (the stack's start included)")


if __name__ == "__main__":
    main()
