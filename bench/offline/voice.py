"""Voice forms of a written command (commands as voice assistants and hurried people type them) and
the reading they must share with the written form.

A speech recogniser or a hurried person writes *„trage ein treffen mit anna am freitag um zehn uhr ein"* for
*„Trage ein Treffen mit Anna am Freitag um 10 Uhr ein."*: lower case, no punctuation, numbers as words, umlauts
as ae/oe/ue, compounds split. Each transform here makes one of these changes; `VOICE` makes them all at once.
`reading` is what the offline model understands of a text — service, action, target, list, time and items —
in a form that does not depend on the spelling (folded, number words as digits), so that a written sentence
and its voice forms can be compared; `wrong_write` tells a voice form that would write something else.

Run `python -m bench.offline.voice` for the number of sentences whose reading changes, per transform and set.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path

from tests.offline.reading import Reading as TestReading
from tests.offline.reading import key, notes_order
from tests.timeparse.oracle import number_word

from bench.offline.score import CATALOG, NOW, WRITING
from novaberg.api.catalog import offline_rules
from novaberg.graph.router import route
from novaberg.llm.ask import Asker
from novaberg.llm.offline import OfflineLLM
from novaberg.text.words import fold_umlauts
from novaberg.timeparse import parse

__all__ = ["TRANSFORMS", "VOICE", "Reading", "number_word", "reading", "spoken_numbers", "unpunctuated",
           "wrong_write", "asker", "sentences", "compare"]

# --- number words (spelled by the tests' oracle, `tests/timeparse/oracle.py`) ------------------------------

_MONTHS = ("januar", "februar", "märz", "april", "mai", "juni", "juli", "august", "september", "oktober", "november",
           "dezember")


def _ordinal(n: int) -> str:
    """1..31 as the dative ordinal of a date (*am ersten*, *am dritten*, *am zwanzigsten*)."""
    special = {1: "ersten", 3: "dritten", 7: "siebten", 8: "achten"}
    if n in special:
        return special[n]
    return number_word(n) + ("ten" if n < 20 else "sten")


# --- the transforms --------------------------------------------------------------------------------------

_PUNCT = re.compile(r"[,!?;„“”\"»«‚‘()…–]|(?<!\d)[.:]|[.:](?!\d)")
_DATE = re.compile(r"\b(\d{1,2})\.(\d{1,2})\.(?:(\d{4})\b)?")
_DAY_MONTH_NAME = re.compile(r"\b(\d{1,2})\.\s+(?=(?:" + "|".join(_MONTHS) + r")\b)", re.IGNORECASE)
_CLOCK = re.compile(r"\b(\d{1,2})[:.](\d{2})(?:\s+Uhr\b)?", re.IGNORECASE)
_NUMBER = re.compile(r"\b\d{1,2}\b")


def lower(text: str) -> str:
    return text.lower()


def unpunctuated(text: str) -> str:
    """Sentence signs out; a sign inside a number stays (*14:30*, *20.11.2026*), and a date's closing dot goes
    with the others (*am 20.11.* → *am 20.11*). A hyphen stays: `split_compounds` reads it."""
    return " ".join(_PUNCT.sub(" ", text).split())


def spoken_numbers(text: str) -> str:
    """Clock times, dates and numbers up to 99 as words: *um 10 Uhr* → *um zehn Uhr*, *14:30* → *vierzehn Uhr
    dreißig*, *am 20.11.* → *am zwanzigsten November*, *am 15. Mai* → *am fünfzehnten Mai*, *3 Eier* → *drei Eier*."""
    def clock(m: re.Match[str]) -> str:
        hour, minute = int(m.group(1)), int(m.group(2))
        if hour > 24 or minute > 59:
            return m.group()
        said = f"{number_word(hour)} Uhr"
        return f"{said} {number_word(minute)}" if minute else said

    def date(m: re.Match[str]) -> str:
        day, month = int(m.group(1)), int(m.group(2))
        if not (1 <= day <= 31 and 1 <= month <= 12):
            return m.group()
        said = f"{_ordinal(day)} {_MONTHS[month - 1].capitalize()}"
        return f"{said} {m.group(3)}" if m.group(3) else said

    text = _DATE.sub(date, text)
    text = _DAY_MONTH_NAME.sub(lambda m: _ordinal(int(m.group(1))) + " " if 1 <= int(m.group(1)) <= 31 else m.group(),
                               text)
    text = _CLOCK.sub(clock, text)
    return _NUMBER.sub(lambda m: number_word(int(m.group())), text)


def transliterated(text: str) -> str:
    """ä/ö/ü/ß → ae/oe/ue/ss (the case kept)."""
    return fold_umlauts(text)


_LIST_COMPOUND = re.compile(r"(?<=[^\W\d_])-?(liste[n]?)\b", re.IGNORECASE)


def split_compounds(text: str) -> str:
    """*Einkaufsliste* → *Einkaufs Liste*, *Todo-Liste* → *Todo Liste*: a list compound said as two words."""
    return _LIST_COMPOUND.sub(lambda m: " " + m.group(1), text)


def _all(text: str) -> str:
    return transliterated(lower(unpunctuated(spoken_numbers(text))))


TRANSFORMS: dict[str, Callable[[str], str]] = {
    "lower": lower,
    "unpunctuated": unpunctuated,
    "numbers": spoken_numbers,
    "ae_oe_ue": transliterated,
    "split": split_compounds,
    "voice": _all,
}
VOICE = _all

# --- the reading ----------------------------------------------------------------------------------------

class Reading(TestReading):
    """The tests' reading of one sentence, and whether the bench counts it as a write."""

    @property
    def writes(self) -> bool:
        return self.action in WRITING.get(self.domain, ())


def asker() -> Asker:
    return Asker(OfflineLLM(offline_rules()))


def reading(text: str, ask: Asker) -> Reading:
    """What the offline model makes of `text` (no database): the route, then the service's classification."""
    from novaberg.notes.agent.const import REJECTED
    from novaberg.notes.agent.offline import parse as parse_items
    from novaberg.timeline.agent.classify import classify_text

    domain = route(ask, text, [], "Mittwoch, 2026-11-11", CATALOG)["domain"]
    if domain == "timeline":
        try:
            order = classify_text(_Deps(ask), text, NOW)
        except Exception as err:  # noqa: BLE001 - a failed classification writes nothing
            return Reading(domain, f"fehler:{type(err).__name__}")
        vector = parse(order.zeitausdruck, NOW) if order.zeitausdruck else None
        moment = (vector.moment, vector.end, vector.precision) if vector else ()
        return Reading(domain, order.action, key(order.target), moment)
    if domain == "notizen":
        action, fields, read = notes_order(ask, text)
        if action == REJECTED:
            return Reading(domain, action)
        target = _list_of(read.get("target", "")) + ("?" if fields.get("mehrdeutig") else "")
        offline = parse_items(text, ())
        items = tuple(key(i) for i in offline.items) if action in WRITING["notizen"] else ()
        if action == "create":
            items += (key(offline.content),)
        return Reading(domain, action, target, (), items)
    return Reading(domain, "rejected")


def _list_of(target: str) -> str:
    """The list a target names among the bench's lists (*EinkaufListe*, *Einkauf Liste* and *Einkaufsliste* are one
    list, as the search node finds it), else the target's key."""
    from bench.offline.external.score import resolve

    kind, name = resolve(target, _LISTS)
    return f"list:{name}" if kind == "list" else key(target)


_LISTS = list(json.loads((Path(__file__).parent / "external" / "SOURCES.json").read_text(encoding="utf-8"))
              ["lists_present"])


class _Deps:
    def __init__(self, ask: Asker) -> None:
        self.asker = ask


def wrong_write(written: Reading, voiced: Reading) -> bool:
    """The voice form writes, and not what the written form writes (a no-op or a question is allowed)."""
    return voiced.writes and voiced != written


# --- the measurement ------------------------------------------------------------------------------------

def sentences(part: str) -> list[str]:
    """The texts of one set: `corpus`, `heldout` (the hand-written sentences of heldout.py) or an external dev part."""
    if part == "corpus":
        from bench.offline.corpus import corpus
        return [case.text for case in corpus()]
    if part == "heldout":
        from bench.offline.heldout import HELD_OUT
        return [case.text for case in HELD_OUT]
    from bench.offline.external.score import load
    return [case["text"] for case in load(part)]


def compare(texts: Iterable[str], transform: Callable[[str], str], ask: Asker,
            memo: dict[str, Reading] | None = None) -> tuple[Counter[str], list[tuple[str, Reading, Reading]]]:
    """How many sentences keep their reading under `transform` ('same'), read differently ('differ'), and of
    those, write something else ('wrong'); with the differing ones (voice text, written reading, voiced reading).
    `memo` keeps the readings of texts already read (the written forms are read once for every transform)."""
    memo = {} if memo is None else memo
    counts: Counter[str] = Counter()
    differing: list[tuple[str, Reading, Reading]] = []
    for text in texts:
        voiced_text = transform(text)
        if voiced_text == text:
            counts["unchanged"] += 1
            continue
        if text not in memo:
            memo[text] = reading(text, ask)
        written, voiced = memo[text], reading(voiced_text, ask)
        counts["same" if written == voiced else "differ"] += 1
        counts["wrong"] += wrong_write(written, voiced)
        if written != voiced:
            differing.append((voiced_text, written, voiced))
    return counts, differing


DEV_PARTS = ("dev", "bonalyze_dev", "indep_lists_dev", "calendar_dev", "indep_calendar_dev")


def main(argv: list[str]) -> None:
    from bench.offline.external.local import available

    show = int(argv[0]) if argv else 0
    ask = asker()
    parts = ["corpus", "heldout", *(p for p in DEV_PARTS if available(p))]
    for part in parts:
        texts = sentences(part)
        memo: dict[str, Reading] = {}
        for name, transform in TRANSFORMS.items():
            counts, differing = compare(texts, transform, ask, memo)
            print(f"{part:20} {name:13} {len(texts):5} sentences: changed {len(texts) - counts['unchanged']:5}, "
                  f"same reading {counts['same']:5}, differ {counts['differ']:4}, WRONG writes {counts['wrong']}")
            for voiced_text, written, voiced in sorted(differing, key=lambda d: not wrong_write(d[1], d[2]))[:show]:
                mark = "WRONG" if wrong_write(written, voiced) else "differ"
                print(f"    {mark} {voiced_text!r}\n      written {written}\n      voiced  {voiced}")


if __name__ == "__main__":
    main(sys.argv[1:])
