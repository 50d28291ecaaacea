"""Weekday and month names have one copy: `text/calendar_de.json`. Before, they were written
out in four places each (timeline/reading.py, timeline/date_question.py, situation/offers.py,
timeparse/vocabulary.json, text/claim_vocabulary.json, api/texts.py, files/deepening/decide.py, words_de.json)."""

from __future__ import annotations

import re
from pathlib import Path

import novaberg
from novaberg.api.texts import UI
from novaberg.situation.offers import WEEKDAYS
from novaberg.text.calendar import MONTH_NAMES, WEEKDAY_NAMES, WEEKDAY_SHORT, WEEKDAY_WORDS
from novaberg.text.claim_vocabulary import VOCABULARY
from novaberg.text.words import split_sentences
from novaberg.timeline.reading import MONTH_NAMES as READING_MONTHS
from novaberg.timeline.reading import WEEKDAY_NAMES as READING_WEEKDAYS
from novaberg.timeparse import TIME_VOCABULARY

SOURCE = Path(novaberg.__file__).parent
ONE_COPY = SOURCE / "text" / "calendar_de.json"


def _names_in(text: str, names: tuple[str, ...]) -> int:
    return sum(bool(re.search(rf"(?i)\b{name}\b", text)) for name in names)


def test_no_file_but_the_calendar_lists_the_names() -> None:
    """A file naming four or more weekdays (or months) is a copy of the list."""
    copies = [
        path.relative_to(SOURCE).as_posix()
        for path in sorted(SOURCE.rglob("*"))
        if path.suffix in {".py", ".json"} and path != ONE_COPY
        and (_names_in(path.read_text(encoding="utf-8"), WEEKDAY_NAMES) >= 4
             or _names_in(path.read_text(encoding="utf-8"), MONTH_NAMES) >= 4)
    ]
    assert copies == []


def test_every_reader_has_the_same_names() -> None:
    assert READING_WEEKDAYS == WEEKDAYS == VOCABULARY.weekday_names == WEEKDAY_NAMES
    assert READING_MONTHS == MONTH_NAMES and MONTH_NAMES[2] == "März"
    assert UI["weekdays"].split(",") == list(WEEKDAY_SHORT) and UI["months"].split(",") == list(MONTH_NAMES)
    assert {word: TIME_VOCABULARY.weekdays[word] for word in WEEKDAY_WORDS} == dict(WEEKDAY_WORDS)
    assert TIME_VOCABULARY.months["maerz"] == TIME_VOCABULARY.months["märz"] == 3
    assert TIME_VOCABULARY.weekdays["sonnabend"] == 5 and TIME_VOCABULARY.month_abbreviations["sept"] == 9


def test_short_names_do_not_end_a_sentence_but_so_does() -> None:
    """The sentence splitter takes the short names from the calendar; *so.* stays a sentence end."""
    assert split_sentences("Am Mo. kommt er. Am 3. Sept. ist es. Das ist so. Gut.") == [
        "Am Mo. kommt er.", "Am 3. Sept. ist es.", "Das ist so.", "Gut."]
