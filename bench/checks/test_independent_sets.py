"""The third independent set (bench/offline/external/independent.py): its files are its templates split by a hash
before any figure, and no part of it gets a wrong write from the offline model."""

from __future__ import annotations

import pytest

from bench.offline.external.calendar import score_calendar
from bench.offline.external.score import WRONG, load, score_external


def test_the_third_set_is_its_templates_split_by_hash_before_scoring():
    from bench.offline.external.independent import calendar_cases, list_cases

    assert load("indep_lists_dev") == list_cases(False) and load("indep_lists_heldout") == list_cases(True)
    assert load("indep_calendar_dev") == calendar_cases(False)
    assert load("indep_calendar_heldout") == calendar_cases(True)
    for part in ("lists", "calendar"):
        dev = {case["source"] for case in load(f"indep_{part}_dev")}
        assert not dev & {case["source"] for case in load(f"indep_{part}_heldout")}


@pytest.mark.parametrize("part", ["indep_lists_dev", "indep_lists_heldout"])
def test_no_wrong_write_on_the_third_sets_lists(part):
    report = score_external(part)
    assert report.outcomes[WRONG] == 0, report.examples.get(WRONG)


@pytest.mark.parametrize("part", ["indep_calendar_dev", "indep_calendar_heldout"])
def test_no_wrong_write_on_the_third_sets_calendar(part):
    report = score_calendar(part)
    assert report.outcomes[WRONG] == 0, report.examples.get(WRONG)
