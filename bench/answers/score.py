"""How an answer is scored: answered (a gold string inside at most 300 characters of quoted material), abstained
(it says there is nothing), wrong (anything else) — and the form of a wrong answer."""

from __future__ import annotations

import re

__all__ = ["ABSTAIN_PHRASES", "CAPABILITY_NOTE", "MAX_QUOTED", "Outcome", "contains_gold", "normalise", "score"]

MAX_QUOTED = 300
# Nova's texts that say she found nothing (the question's answer path and the existing no-result texts).
ABSTAIN_PHRASES = (
    "dazu habe ich nichts",
    "habe ich nichts:",  # „Zu „…“ habe ich nichts: weder in deinen Notizen noch …“
    "ist nichts eingetragen — gesucht habe ich",  # a calendar search without result
    "raten möchte ich nicht",  # a file names the words but no line of the asked kind (the earlier wording)
    "aber keine zeile mit",  # the same, as the question path says it: a place, no fact
)
CAPABILITY_NOTE = "für ein freies gespräch brauche ich ein sprachmodell"

_QUOTED = re.compile(r"„(.*)“", re.DOTALL)  # greedy: a quoted sentence may itself hold „…“ (a title, a saying)
_SOURCE = re.compile(r"\s*\((?:[^()]*\.\w{1,5}, Zeilen? [^()]*|gefunden über[^()]*)\)")
_LIST_SOURCE = re.compile(r"^- [^:\n]+\.\w{1,5}, Zeilen? [^:\n]*:\s*", re.MULTILINE)
_LEAD_INS = re.compile(r"^(?:In deinen Unterlagen steht(?: dazu)?:|Ich habe dazu Aufzeichnungen und habe "
                       r"nachgesehen: In [^:]*? steht:|Dazu habe ich selbst etwas abgelegt und nachgelesen: "
                       r"In [^:]*? steht:)\s*")


class Outcome:
    ANSWERED, ABSTAINED, WRONG = "answered", "abstained", "wrong"


def normalise(text: str) -> str:
    return " ".join(text.casefold().split())


def contains_gold(text: str, golds: tuple[str, ...]) -> bool:
    """A gold string inside the text as whole words (`vier` is not in `vierzig`)."""
    folded = normalise(text)
    return any(re.search(rf"(?<!\w){re.escape(normalise(gold))}(?!\w)", folded) for gold in golds)


def quoted_material(answer: str) -> str:
    """What the answer quotes: the text in „…“, else the answer without its lead-in and source notes."""
    quoted = _QUOTED.findall(answer)
    if quoted:
        return " ".join(quoted)
    return _LIST_SOURCE.sub("", _SOURCE.sub("", _LEAD_INS.sub("", answer.strip()))).strip()


def score(answer: str, golds: tuple[str, ...]) -> tuple[str, str]:
    """(outcome, form); the form of a wrong answer: `note` (the capability note), `too long` (the gold inside
    more than MAX_QUOTED characters of quoted material), `fact` (anything else). No gold: nothing to answer."""
    folded = normalise(answer)
    if any(phrase in folded for phrase in ABSTAIN_PHRASES):
        return Outcome.ABSTAINED, ""
    material = quoted_material(answer)
    if golds and contains_gold(material, golds):
        if len(material) <= MAX_QUOTED:
            return Outcome.ANSWERED, ""
        return Outcome.WRONG, "too long"
    return Outcome.WRONG, "note" if CAPABILITY_NOTE in folded else "fact"
