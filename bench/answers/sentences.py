"""Sentences of a German text for the BM25 baseline: abbreviations (z. B., Dr., Nr.), initials and ordinal
numbers (`12. März`, `im 19. Jahrhundert`) do not end a sentence."""

from __future__ import annotations

import re

__all__ = ["split_sentences"]

_ABBREVIATIONS = frozenset({
    "z", "b", "d", "h", "u", "a", "s", "o", "v", "n", "chr", "dr", "nr", "prof", "st", "str", "ca", "bzw", "usw",
    "etc", "vgl", "evtl", "ggf", "inkl", "jh", "jhd", "mio", "mrd", "tel", "abs", "bd", "hrsg", "min", "max", "sog",
    "geb", "gest", "dt", "engl", "franz", "lat", "gr", "mr", "mrs", "jr", "sen", "hl", "zzgl", "exkl", "co",
})
_END = re.compile(r"[.!?…]+[\"“”'»«)]*\s+")
_LAST_WORD = re.compile(r"(\w+)\.$")


def _ends_here(line: str, stop: re.Match[str]) -> bool:
    """Whether the punctuation `stop` in `line` ends a sentence."""
    following = line[stop.end():stop.end() + 1]
    if following.islower():
        return False  # no German sentence begins in lower case: an abbreviation we do not know
    if not stop.group(0).lstrip().startswith(".") or stop.group(0).strip().startswith(".."):
        return True  # ! ? … and an ellipsis
    last = _LAST_WORD.search(line[:stop.start() + 1])
    if last is None:
        return True
    word = last.group(1)
    if word.isdigit():
        return len(word) > 2  # `am 12. März` is an ordinal; a year ends a sentence
    return word.casefold() not in _ABBREVIATIONS and not (len(word) == 1 and word.isupper())


def split_sentences(text: str) -> list[str]:
    """The sentences of a text, one line of Markdown at a time (a heading is a sentence of its own)."""
    sentences: list[str] = []
    for raw in text.splitlines():
        line = raw.strip().lstrip("#").strip()
        start = 0
        for stop in _END.finditer(line):
            if _ends_here(line, stop):
                sentences.append(line[start:stop.end()].strip())
                start = stop.end()
        if line[start:].strip():
            sentences.append(line[start:].strip())
    return sentences
