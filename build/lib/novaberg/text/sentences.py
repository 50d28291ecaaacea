"""Sentences of a document, for quoting one: *Mietbeginn war der 1. April 2019. Die Kaltmiete beträgt 890 Euro.*
is two sentences — a year or a phone number may end one, a day before its month (*1. April*), an initial
(*J. S. Bach*), a date without year (*12.03.*) or a listed abbreviation (*z. B.*, *Dr.*) never does.

`text.words.split_sentences` reads what a person says in one turn and never ends a sentence after a number
(*am 12.* may be a day); a document needs the finer rule here.
"""

from __future__ import annotations

import re

from novaberg.text.words import is_abbreviation

__all__ = ["sentence_spans", "document_sentences"]

_END = re.compile(r"[.!?…]+[\"'“”»)]*(?=\s+[\"'„“»(]?[A-ZÄÖÜ0-9])")
_DAY_MONTH = re.compile(r"^\d{1,2}\.\d{1,2}\.?$")


def _ends_here(text: str, start: int, end_mark: int) -> bool:
    """Whether the mark at `end_mark` ends the sentence that began at `start`."""
    if text[end_mark] != ".":
        return True
    before = text[start:end_mark].split()
    last = before[-1].lstrip("([{\"'„“‚") if before else ""
    if not last:
        return False
    if last.isdigit() and len(last) <= 2:
        return False  # a day or an ordinal: *am 1. April*, *der 3. Platz*
    if len(last) == 1 and last.isalpha():
        return False  # an initial: *J. S. Bach*
    if _DAY_MONTH.match(last):
        return False
    return not is_abbreviation(last)


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence of `text`, end marks included, spaces around left out."""
    spans = []
    start = 0
    for match in _END.finditer(text):
        if not _ends_here(text, start, match.start()):
            continue
        spans.append((start, match.end()))
        start = match.end()
    spans.append((start, len(text)))
    found = []
    for begin, end in spans:
        while begin < end and text[begin].isspace():
            begin += 1
        while end > begin and text[end - 1].isspace():
            end -= 1
        if begin < end:
            found.append((begin, end))
    return found


def document_sentences(text: str) -> list[str]:
    return [text[begin:end] for begin, end in sentence_spans(text)]
