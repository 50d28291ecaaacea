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
from novaberg.text.calendar import MONTH_WORDS, WEEKDAY_WORDS
from novaberg.text.grammar import QUESTION, analyse, grammar
from novaberg.text.words import ascii_variants, fold, fold_umlauts, words

__all__ = ["TASK", "Decision", "Refused", "MAX_FILES", "MAX_TERMS", "TERM_MAX_CHARS", "candidates_input",
           "read_decision", "asks", "stem", "ask_model", "kind_answered", "carries", "asked_words", "question_part"]

logger = logging.getLogger(__name__)

TASK = "files_deepen"
MAX_FILES = 2  # candidate files of one deepening: each is opened once (the cap on file accesses)
TERM_MAX_CHARS = 60
_YES = frozenset({"ja", "nachlesen", "nachsehen", "weiterlesen", "lesen"})
_NO = frozenset({"nein", "reicht", "genug"})
_INDIRECT = re.compile(
    r"\b(frag\w* mich|weiss (ich )?(nicht|nich|net) (mehr)?|weisst du (noch)?|keine ahnung|"
    r"(moechte|will|wuerde gern|haette gern) (gern |gerne )?wissen|sag mir|erinner\w* mich nicht)"
    r"[\s,]+(?:(?:nur|mal|halt|eben|gerade|grad|echt|so|jetzt|gern|gerne)[\s,]+)*"
    r"(wer|wen|wem|wann|wo|was|wie|welche\w*|ob|warum|womit|wohin|woher|wieviel)\b")  # on folded text
_CALENDAR_WORDS = sorted({v for word in (*MONTH_WORDS, *WEEKDAY_WORDS) for v in ascii_variants(word)})  # one copy
_WHEN = re.compile(r"\b\d{1,2}\.\s?\d{1,2}\.|\b(19|20)\d\d\b|\b(" + "|".join(_CALENDAR_WORDS) +
                   r"|frühjahr|herbst|sommer|winter|uhr)\b", re.IGNORECASE)
_NUMBER = re.compile(r"\d")
_WHO = re.compile(r"\b(?i:von|durch|bei|firma|herr|frau|dr\.?)\s+(?i:der firma\s+)?[A-ZÄÖÜ][\w\-]+")
_WHERE = re.compile(r"\b(im|in der|in dem|am|auf dem|auf der|unter|hinter|neben|bei)\s+\w+", re.IGNORECASE)
_NON_CONTENT = frozenset({"wurde", "wurden", "worden", "wird", "werden", "hatte", "hatten", "hätte", "haette",
                          "habt", "seid", "wäre", "waere", "gewesen", "kannst", "könnte", "koennte", "weiß", "weisst",
                          "mich", "dich", "sich", "euch", "dir", "frag", "frage", "fragen", "wissen", "gerne", "gern",
                          # light verbs and prepositions carry no content of their own (*Wie viel bar braucht …*)
                          "braucht", "brauche", "brauchen", "macht", "mache", "machen", "tut", "tue", "tun",
                          "gibt", "geben", "kommt", "kommen", "sollte", "sollten", "müssen", "muessen", "seit",
                          "ab", "gegen", "während", "waehrend", "zwischen", "eigentlich", "genau", "denn",
                          # the adjective of a *wie …* question names the kind of answer, not its content
                          "hoch", "oft", "lange", "alt", "viel", "viele", "teuer", "weit", "groß", "gross"})
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
        if len(said) == 1 and said[0] in _YES:
            return True
        if len(said) == 1 and said[0] in _NO:
            return False
    raise Refused("ohne_entscheidung", f"nachlesen is {type(value).__name__}")


def _bare_path(value: str) -> str:
    """A location as the block writes it, back to its path (the model may echo the location)."""
    place = value.strip()
    place = re.sub(r"\s*\(archiviert\)\s*$", "", place)
    return re.sub(r",\s*Zeilen?\s+\d+(\s*[–-]\s*\d+)?\s*$", "", place)


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
    return analyse(text).mood == QUESTION or bool(_INDIRECT.search(fold(text)))


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


def kind_answered(text: str, excerpt: str) -> bool:
    """Whether the excerpt holds the kind of thing the question word asks for (no question word: yes)."""
    lowered = " ".join(words(text))
    if re.search(r"\b(wann|seit wann|bis wann)\b", lowered):
        return bool(_WHEN.search(excerpt))
    if re.search(r"\b(wie ?viel\w*|wie hoch|wie teuer|was kostet|wie lange|wie oft|wie alt)\b", lowered):
        return bool(_NUMBER.search(excerpt))
    if re.search(r"\b(wer|wen|wem)\b", lowered):
        return bool(_WHO.search(excerpt))
    if re.search(r"\b(wo|woher|wohin)\b", lowered):
        return bool(_WHERE.search(excerpt))
    return True


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
    skip = g.question_words | g.particles | g.interjections | _NON_CONTENT
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
