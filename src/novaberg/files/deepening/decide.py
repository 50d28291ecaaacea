"""Whether the summary is enough (dateien.md §3.0b „Wann sie das tun darf, und wann nicht"): a weighing,
not a threshold — the model is asked, with the question and every hit as the block shows it (topic,
excerpt, how it was found, how long the file is).

The answer names the candidates and what to look for (§3.0b „Die Nutzlast muss die Kandidaten tragen"),
so the second pass does not start at zero. It is untrusted and read at the edge: a file is named by its
number in the list or by a hit's own path — never a path the model made up; the terms are short texts,
at most `MAX_TERMS`; anything else (unknown file, too many files or terms, wrong types, NaN, NUL — the
last two already refused by the checked JSON reading) refuses the deepening with a named reason. A
refusal is logged and costs the person nothing: the turn goes on with the summary.

The offline rule is one deterministic reading of the same weighing: the person asks (a question, also
an indirect one: *ich frag mich, wer …*, *weißt du noch, wann …*), a hit's topic carries a word of the
question, and its excerpt does not carry the rest of the question — or not the kind of thing asked
(*wann* → a date, *wie viel* → a number, *wer* → a name after *von/durch/Firma/Herr/Frau*) → read on in
that file for the rest of the question's words.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from novaberg.core.errors import ModelAnswerError, ModelError
from novaberg.files.blocks import location, shown_path
from novaberg.files.reading import texts
from novaberg.files.reading.classify import offline_terms
from novaberg.files.reading.zoom import MAX_TERMS
from novaberg.files.retrieval import Hit
from novaberg.llm.reader import read_text
from novaberg.text.deepening_words import (
    DEEPEN_NO,
    DEEPEN_YES,
    NON_CONTENT,
    asks_indirectly,
    bare_location,
    kind_answered,
)
from novaberg.text.grammar import QUESTION, analyse, grammar
from novaberg.text.words import fold_umlauts, words

__all__ = ["TASK", "Decision", "Refused", "MAX_FILES", "MAX_TERMS", "TERM_MAX_CHARS", "candidates_input",
           "read_decision", "asks", "stem", "ask_model", "kind_answered", "carries", "asked_words", "question_part"]

logger = logging.getLogger(__name__)

TASK = "files_deepen"
MAX_FILES = 2  # candidate files of one deepening: each is opened once (the cap on file accesses)
TERM_MAX_CHARS = 60
_PART_END = re.compile(r"(?<=[.!?…,;:])\s+")
_ENDINGS = ("ungen", "ung", "en", "er", "es", "et", "e", "t", "st", "n", "s")


class Refused(Exception):
    """The model's answer cannot be used; `reason` names why (for the turn log)."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason


@dataclass(frozen=True)
class Decision:
    deepen: bool
    files: tuple[Hit, ...] = ()
    terms: tuple[str, ...] = ()
    reason: str = ""  # what the model (or the offline rule) gave as its reason, cut short
    refusal: str = ""  # set when the answer was refused at the edge (or never came): why

    def as_dict(self) -> dict[str, Any]:
        return {"nachlesen": self.deepen, "dateien": [hit.path for hit in self.files], "begriffe": list(self.terms),
                "grund": self.reason, "verworfen": self.refusal or None}


def candidates_input(text: str, hits: Sequence[Hit]) -> dict[str, Any]:
    """The model's input: the question and the hits numbered, each as the block shows it."""
    entries = [{"nr": number, "fundstelle": location(hit), "pfad": hit.path, "thema": " ".join(hit.thema.split()),
                "auszug": " ".join((hit.zusammenfassung or "").split()),
                "gefunden": ", ".join(texts.CHANNEL_NAMES.get(c, c) for c in hit.channels), "zeilen": hit.zeilen}
               for number, hit in enumerate(hits, start=1)]
    listing = "\n".join(f"{e['nr']}. {e['fundstelle']}: {e['thema']} — {e['auszug'] or texts.NO_SUMMARY} "
                        f"(gefunden über {e['gefunden']}; {e['zeilen']} Zeilen)" for e in entries)
    return {"text": text, "treffer": listing, "eintraege": entries, "max_dateien": MAX_FILES,
            "max_begriffe": MAX_TERMS}


def ask_model(asker: Any, text: str, hits: Sequence[Hit]) -> Decision:
    """Ask and read checked; a broken or unusable answer is a refused decision, never an error."""
    try:
        fields = asker.ask(TASK, candidates_input(text, hits)).fields
        return read_decision(fields, hits)
    except ModelAnswerError as err:
        logger.warning("vertiefung: the model's answer is unreadable, no deepening: %s", err)
        return Decision(False, refusal="unlesbar")
    except ModelError as err:  # unreachable or failing: the turn goes on with the summary
        logger.warning("vertiefung: the model did not answer, no deepening: %s", err)
        return Decision(False, refusal="modell_fehler")
    except Refused as err:
        logger.warning("vertiefung: the model's answer is refused, no deepening: %s", err)
        return Decision(False, refusal=err.reason)


def _decision_word(fields: Mapping[str, Any]) -> bool:
    value = fields.get("nachlesen")
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        said = words(value)
        if len(said) == 1 and said[0] in DEEPEN_YES:
            return True
        if len(said) == 1 and said[0] in DEEPEN_NO:
            return False
    raise Refused("ohne_entscheidung", f"nachlesen is {type(value).__name__}")


def _bare_path(value: str) -> str:
    """A location as the block writes it, back to its path (the model may echo the location)."""
    return bare_location(value)


def _files(value: Any, hits: Sequence[Hit]) -> tuple[Hit, ...]:
    if not isinstance(value, list) or not value:
        raise Refused("ohne_datei", "dateien is no list of candidates")
    by_path = {**{shown_path(hit): hit for hit in hits}, **{hit.path: hit for hit in hits}}
    chosen: list[Hit] = []
    for item in value:
        if isinstance(item, int) and not isinstance(item, bool) and 1 <= item <= len(hits):
            hit = hits[item - 1]
        elif isinstance(item, str) and _bare_path(item) in by_path:
            hit = by_path[_bare_path(item)]
        else:
            raise Refused("unbekannte_datei", f"{str(item)[:80]!r} is not among the {len(hits)} hits")
        if hit not in chosen:
            chosen.append(hit)
    if len(chosen) > MAX_FILES:
        raise Refused("zu_viele_dateien", f"{len(chosen)} files, at most {MAX_FILES}")
    return tuple(chosen)


def _terms(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise Refused("ohne_begriffe", "begriffe is no list of texts")
    terms: list[str] = []
    for item in value:
        term = " ".join(item.split())
        if not term or not any(char.isalnum() for char in term) or len(term) > TERM_MAX_CHARS:
            raise Refused("begriff_ungueltig", f"{term[:80]!r}")
        if term.casefold() not in (t.casefold() for t in terms):
            terms.append(term)
    if not terms:
        raise Refused("ohne_begriffe", "no term to search for")
    if len(terms) > MAX_TERMS:
        raise Refused("zu_viele_begriffe", f"{len(terms)} terms, at most {MAX_TERMS}")
    return tuple(terms)


def read_decision(fields: Mapping[str, Any], hits: Sequence[Hit]) -> Decision:
    """The checked reading: `nachlesen` true/false (or one word: ja/nachlesen/nein/reicht); when true,
    `dateien` (numbers of the list or the hits' own paths, at most MAX_FILES) and `begriffe` (1..MAX_TERMS
    short texts). Raises Refused or ModelAnswerError."""
    reason = " ".join(read_text(fields, "grund", "").split())[:200]
    if not _decision_word(fields):
        return Decision(False, reason=reason)
    return Decision(True, _files(fields.get("dateien"), hits), _terms(fields.get("begriffe")), reason)


# ---- the offline reading ---------------------------------------------------------------------------------

def asks(text: str) -> bool:
    """The person asks something: a question (also verb-first or in a polite frame) or an indirect one."""
    return analyse(text).mood == QUESTION or asks_indirectly(text)


def stem(word: str) -> str:
    """A rough German stem for comparing (not for showing): folded, lower case, a participle's *ge-* and a
    common ending taken off, at least four letters kept (*gewartet* → *wart*, *Wartung* → *wart*)."""
    folded = fold_umlauts(word).casefold()
    if folded.startswith("ge") and len(folded) > 6 and folded.endswith("t"):
        folded = folded[2:]
    for ending in _ENDINGS:
        if folded.endswith(ending) and len(folded) - len(ending) >= 4:
            return folded[: -len(ending)]
    return folded


def carries(term: str, text: str) -> bool:
    """Whether `text` carries the word `term` — the same stem, or one inside a compound (*Therme* in
    *Gastherme*, *Gastherme* → *Therme*)."""
    wanted = stem(term)
    if len(wanted) < 3:
        return False
    for word in words(text):
        have = stem(word)
        if wanted in have or (len(have) >= 5 and have in wanted):
            return True
    return False


def _search_terms(rest: Sequence[str]) -> list[str]:
    """What to search for: the remaining words of the question, then the stems of the inflected ones
    (*gewartet* → *wart*, which also finds *Wartung*) — the needle is exact, German is not (§8.1b)."""
    terms: list[str] = []
    for candidate in [*rest, *(stem(word) for word in rest if len(word) - len(stem(word)) >= 2)]:
        if len(candidate) >= 4 and candidate.casefold() not in (t.casefold() for t in terms):
            terms.append(candidate)
    return terms[:MAX_TERMS]


def question_part(text: str) -> str:
    """The part of an utterance that asks: from the first clause that opens with a question word or is a
    question (*Ich lach mich tot, wer hat …?* asks *wer hat …?*); the whole text when none does."""
    parts = [part for part in _PART_END.split(str(text)) if part.strip()]
    question_words = grammar().question_words
    for index, part in enumerate(parts):
        said = words(part)
        if (said and said[0] in question_words) or analyse(part).mood == QUESTION:
            return " ".join(parts[index:])
    return str(text)


def asked_words(text: str) -> list[str]:
    """The content words of a question: the reading service's terms without question words, particles and
    auxiliaries (*In welchem Jahr wurde …* asks about *Jahr*, not about *welchem* or *wurde*)."""
    g = grammar()
    text = question_part(text)
    skip = g.question_words | g.particles | g.interjections | NON_CONTENT
    return [term for term in offline_terms(text)
            if term.casefold() not in skip and not term.casefold().startswith("welch")]


def offline_decide(data: Mapping[str, Any]) -> dict[str, Any]:
    text = str(data.get("text", ""))
    if not asks(text):
        return {"nachlesen": False, "grund": "keine Frage"}
    asked = asked_words(text)
    reason = "kein Treffer trifft das Thema der Frage"
    for entry in data.get("eintraege", ()):
        topic = f"{entry.get('thema', '')} {str(entry.get('pfad', '')).rsplit('/', 1)[-1]}"
        matched = [term for term in asked if carries(term, topic)]
        if not matched:
            continue
        rest = [term for term in asked if term not in matched]
        excerpt = str(entry.get("auszug", ""))
        if all(carries(term, excerpt) for term in rest) and kind_answered(text, excerpt):
            return {"nachlesen": False, "grund": "der Auszug beantwortet die Frage"}
        # the rest of the question is what to look for; a question only about the topic (*seit wann haben wir
        # die Gastherme?*) looks for the topic's own lines, the kind of answer decides among them
        terms = _search_terms(rest or matched)
        if terms:
            return {"nachlesen": True, "dateien": [entry["nr"]], "begriffe": terms,
                    "grund": "das Thema trifft, der Auszug beantwortet die Frage nicht"}
        reason = "kein Wort der Frage, nach dem sich suchen ließe"
    return {"nachlesen": False, "grund": reason}
