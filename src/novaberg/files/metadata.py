"""Topic, summary and keywords of one file (dateien.md §4, §5.3).

A describer is anything with `describe(name, text, struktur) -> {"thema", "zusammenfassung",
"stichwoerter"}`; each call is one model call in the watcher's report. `ModelDescriber` asks the model
(task `files_describe`); `OfflineDescriber` is that task's offline rule: the first heading or the file
name, the first sentences, the most distinctive words.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import PurePath
from typing import Any

from novaberg.core.errors import ModelAnswerError
from novaberg.core.settings import FILES_EXCERPT_SENTENCES, FILES_KEYWORDS

__all__ = ["OfflineDescriber", "ModelDescriber", "check_description", "TASK", "EXCERPT_CHARS"]

TASK = "files_describe"
EXCERPT_CHARS = 6000  # what the model reads of one file: the beginning carries title, purpose and first sections

_WORD = re.compile(r"[^\W\d_][\w\-]*[^\W_]|[^\W\d_]")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_MARKUP_LINE = re.compile(r"^\s*(#{1,6}\s|\*{1,6}\s|[=\-~^\"'`#*+]{3,}\s*$|```|~~~|\|)")
_STOP = frozenset("""
aber alle allem allen aller alles als also am an ander andere anderem anderen anderer anderes auch auf aus
bei bin bis bist da damit dann das dass dein deine dem den denn der des dessen die dies diese diesem diesen
dieser dieses doch dort du durch ein eine einem einen einer eines einige er es etwas euch euer für gegen
hab habe haben hat hatte hier hin hinter ich ihm ihn ihr ihre im in ins ist jede jedem jeden jeder jedes
jetzt kann kein keine können man manche mehr mein meine mit muss nach nicht nichts noch nun nur ob oder
ohne sehr sein seine sich sie sind so solche soll sollte sondern über um und uns unser unter viel vom von
vor war waren was weil welche wenn werden wie wieder will wir wird wo wurde zu zum zur zwar zwischen
the and for with that this from are was were have has not but you your our can will all any
""".split())
_MAX_SUMMARY = 600
_MAX_TOPIC = 200
_MAX_KEYWORDS = 32  # a model's answer is bounded like topic and summary: no unbounded text[] / tsvector
_MAX_KEYWORD = 100
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")  # PostgreSQL text holds no NUL; a lone surrogate no UTF-8


def check_description(fields: Any) -> dict[str, Any]:
    """A describer's answer, read checked: not an object, a missing topic or wrong types are loud."""
    if not isinstance(fields, dict):
        raise ValueError(f"describer answered {type(fields).__name__}, not an object")
    thema, summary, words = fields.get("thema"), fields.get("zusammenfassung"), fields.get("stichwoerter")
    if not isinstance(thema, str) or not thema.strip():
        raise ValueError("describer gave no thema")
    if summary is not None and not isinstance(summary, str):
        raise ValueError("zusammenfassung is not a text")
    if words is None:
        words = []
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        raise ValueError("stichwoerter is not a list of texts")
    if any(_UNSTORABLE.search(text) for text in (thema, summary or "", *words)):
        raise ValueError("describer answered a text with NUL or a lone surrogate")  # refused, never cleaned
    return {"thema": thema.strip()[:_MAX_TOPIC], "zusammenfassung": (summary or "").strip()[:_MAX_SUMMARY],
            "stichwoerter": [w.strip()[:_MAX_KEYWORD] for w in words if w.strip()][:_MAX_KEYWORDS]}


class OfflineDescriber:
    """The offline rule of the file-index metadata task (docs/decisions.md "An offline model of fixed German rules")."""

    name = "offline"

    def describe(self, name: str, text: str, struktur: list[dict[str, Any]] | None) -> dict[str, Any]:
        thema = struktur[0]["titel"] if struktur else _name_topic(name)
        body = " ".join(line.strip() for line in text.splitlines()
                        if line.strip() and not _MARKUP_LINE.match(line))
        sentences = [s for s in _SENTENCE.split(body) if s.strip()][:FILES_EXCERPT_SENTENCES]
        return check_description({"thema": thema, "zusammenfassung": " ".join(sentences),
                                  "stichwoerter": _keywords(f"{thema} {body}")})


def _name_topic(name: str) -> str:
    stem = PurePath(name).stem
    words = re.sub(r"[_\-.]+", " ", stem).strip()
    return words or name


def _keywords(text: str) -> list[str]:
    """The most distinctive words: frequent, long, not a function word; capitalised spelling kept."""
    counts: Counter[str] = Counter()
    spelling: dict[str, str] = {}
    for word in _WORD.findall(text):
        key = word.casefold()
        if len(key) < 4 or key in _STOP:
            continue
        counts[key] += 1
        if key not in spelling or word[:1].isupper():
            spelling[key] = word
    ranked = sorted(counts, key=lambda k: (-(counts[k] * (1 + min(len(k), 12) / 6)), k))
    return [spelling[k] for k in ranked[:FILES_KEYWORDS]]


class ModelDescriber:
    """Topic, summary and keywords by the model (task `files_describe`); an unusable answer is a
    ModelAnswerError (the watcher skips that file), a model that does not answer a ModelError (the run stops)."""

    name = "model"

    def __init__(self, asker: Any) -> None:
        self.asker = asker

    def describe(self, name: str, text: str, struktur: list[dict[str, Any]] | None) -> dict[str, Any]:
        outline = "\n".join(f"{'  ' * (int(h.get('ebene', 1)) - 1)}- {h.get('titel', '')}"
                             for h in (struktur or [])[:40]) or "(keine Überschriften)"
        data = {"name": name, "text": text, "struktur": struktur or [], "gliederung": outline,
                "auszug": text[:EXCERPT_CHARS]}
        answer = self.asker.ask(TASK, data)
        fields = dict(answer.fields)
        if isinstance(fields.get("stichwoerter"), str):  # a model that lists words in one string
            fields["stichwoerter"] = [w for w in re.split(r"[,;\n]", fields["stichwoerter"]) if w.strip()]
        try:
            return check_description(fields)
        except ValueError as err:
            raise ModelAnswerError("beschreibung_unbrauchbar", str(err)) from err


def offline_describe(data: Any) -> dict[str, Any]:
    struktur = data.get("struktur") if isinstance(data.get("struktur"), list) else None
    return OfflineDescriber().describe(str(data.get("name", "")), str(data.get("text", "")), struktur)
