"""A weekday said beside a date in an answer, read from German (tribunal.md „Der Wochentag"): the weekday right
before the date (*Dienstag, den 9. Dezember*, *Di. 9.12.*) and the weekday as the date's predicate (*der 9. Dezember
ist ein Dienstag*, *… fällt auf einen Dienstag*, *… war ein Dienstag*). Only the copula (or *fallen auf*) and an
indefinite article stand between; *kein Dienstag* is a negation and never matches. The tribunal's weekday check
reads the answers with these.
"""

from __future__ import annotations

import re

from novaberg.text.claim_vocabulary import VOCABULARY
from novaberg.text.words import alternation
from novaberg.timeparse.vocabulary import TIME_VOCABULARY

__all__ = ["WEEKDAY_BEFORE", "WEEKDAY_AFTER"]

_NOT_BEFORE_LETTER = r"(?![^\W\d_])"
# a weekday, an optional comma or bracket and an optional article, right before the date (searched up to its start)
WEEKDAY_BEFORE = re.compile(
    r"(?<![^\W\d_])(?P<wd>(?:"
    + alternation(TIME_VOCABULARY.weekdays)
    + r")"
    + _NOT_BEFORE_LETTER
    + r"|(?:"
    + alternation(TIME_VOCABULARY.weekday_abbreviations)
    + r")\.)"
    + r"[ \t]*(?:[,(][ \t]*)?(?:(?:"
    + alternation(VOCABULARY.date_articles.words)
    + r")[ \t]+)?$",
    re.IGNORECASE,
)
# the date as subject, the weekday its predicate (matched right after the date)
WEEKDAY_AFTER = re.compile(
    r"[ \t]*(?:ist|war|wäre|waere|wird|fällt|faellt|fiel)[ \t]+(?:(?:auf[ \t]+)?einen|an[ \t]+einem|ein|auf)?[ \t]*"
    r"(?P<wd>" + alternation(TIME_VOCABULARY.weekdays) + r")" + _NOT_BEFORE_LETTER,
    re.IGNORECASE,
)
