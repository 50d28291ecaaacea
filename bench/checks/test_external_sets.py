"""The external list-command sets written by others — every part is read without a
single wrong write (a wrong write is worse than no write), the labels come from the sources' intents, and the
scorer counts a write where none was asked for as wrong."""

from __future__ import annotations

import pytest

from bench.offline.external.others import ALEXA_MODEL, cases
from bench.offline.external.score import DONE, NO_WRITE, READ, WRONG, judge, load, score_external
from novaberg.api.catalog import offline_rules
from novaberg.llm.ask import Asker
from novaberg.llm.offline import OfflineLLM


@pytest.mark.parametrize("part", ["others_heldout"])
def test_no_wrong_write_on_the_sets_from_other_projects(part):
    report = score_external(part)
    assert report.total > 50
    assert report.outcomes[WRONG] == 0, report.examples.get(WRONG)


def test_the_files_are_the_templates_expanded():
    """The jsonl files are what `others.py` builds from the restated templates (no hand edits)."""
    assert load("others_heldout") == cases(ALEXA_MODEL, "robbash/shopping-list ALEXA.md")


def test_a_question_or_read_out_that_writes_is_a_wrong_write():
    """The scorer's new labels: a read-out is done when the notes read; a question whether an item is on a
    list is done when nothing is written."""
    asker = Asker(OfflineLLM(offline_rules()))
    lists = ["Einkaufsliste", "Baumarkt"]
    read = {"text": "Was steht auf der Einkaufsliste?", "action": READ, "list": "Einkaufsliste", "item": ""}
    assert judge(read, asker, lists)[0] == DONE
    asked = {"text": "Steht Käse auf der Einkaufsliste?", "action": NO_WRITE, "list": "", "item": ""}
    assert judge(asked, asker, lists)[0] == DONE
    write = {"text": "Setz Käse auf die Einkaufsliste", "action": NO_WRITE, "list": "", "item": ""}
    assert judge(write, asker, lists)[0] == WRONG


def test_the_gathered_sets_are_their_templates_split_before_scoring():
    """bonalyze / multistage-assist (gathered.py): the files are the expanded templates, each template in one
    part only (split by a hash fixed before any figure)."""
    from bench.offline.external.gathered import calendar_cases, list_cases

    assert load("bonalyze_dev") == list_cases(False) and load("bonalyze_heldout") == list_cases(True)
    assert load("calendar_dev") == calendar_cases(False) and load("calendar_heldout") == calendar_cases(True)
    dev = {case["source"] for case in load("bonalyze_dev")}
    assert not dev & {case["source"] for case in load("bonalyze_heldout")}


@pytest.mark.parametrize("part", ["bonalyze_dev", "bonalyze_heldout"])
def test_no_wrong_write_on_the_bonalyze_sets(part):
    report = score_external(part)
    assert report.outcomes[WRONG] == 0, report.examples.get(WRONG)




def test_the_botframework_sets_are_their_templates_split_before_scoring():
    """The fourth source (botframework.py): the files are the labelled sentences, each in one part only."""
    from bench.offline.external.botframework import calendar_cases, list_cases

    assert load("bf_lists_dev") == list_cases(False) and load("bf_lists_heldout") == list_cases(True)
    assert load("bf_calendar_dev") == calendar_cases(False) and load("bf_calendar_heldout") == calendar_cases(True)
    dev = {case["text"] for case in load("bf_lists_dev")}
    assert dev and not dev & {case["text"] for case in load("bf_lists_heldout")}


def test_an_item_label_may_name_alternatives_and_several_lines():
    from bench.offline.external.score import item_options

    assert item_options("Käse") == [["Käse"]]
    assert item_options("mantel kaufen | einen mantel kaufen") == [["mantel kaufen"], ["einen mantel kaufen"]]
    assert item_options("melone ; zucker") == [["melone", "zucker"]]
