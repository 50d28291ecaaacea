"""The reading service's classification (dateien.md §3.1 "LLM-Spur (Klassifikation der Anfrage)", §8.1b).

The model names what to look for: the terms (several, because a German compound in the question is rarely
the word in the text), an optional file name, and the kind (`suche` for a passage, `karte` for the
sections of a file). The answer is read checked: not an object or a wrong type is loud; `null` is missing.
The offline rule takes the content words of the question in order, nouns first, and adds the last part
of a long compound after a joint (*Heizungswartung* → *Wartung*).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from novaberg.core.errors import ModelAnswerError
from novaberg.llm.reader import WRONG_FIELD_TYPE, read_list_of_text, read_text
from novaberg.text.file_requests import asks_for_outline, first_file_name, without_file_names

__all__ = ["TASK", "KINDS", "read_classification", "offline_terms"]

TASK = "files_read"
KINDS = ("suche", "karte")
_WORD = re.compile(r"[^\W\d_][\w\-]*[^\W_]|[^\W\d_]")
_JOINTS = ("ungs", "heits", "keits", "ions", "täts", "schafts")
_SKIP = frozenset("""
aber alle allem allen aller alles als also am an auch auf aus bei bin bis bist bitte da damit dann das dass dazu
dein deine deinen deinem deiner dem den denn der des die dies diese diesem diesen dieser dieses doch dort du
durch ein eine einem einen einer eines er es etwas euch euer für gibt gibts habe haben hast hat hatte hier
ich ihm ihn ihr ihre im in ins irgendwo ist ja jetzt kann kannst kein keine mal man mein meine meinem meinen
meiner mir mit muss nach nachsehen nachlesen nachschauen nicht nichts noch nun nur ob oder ohne schau schaue
sehr sein seine sich sie sind so soll sollte steht stehen stand such suche suchen über um und uns unser
unsere unseren unter viel vom von vor war was weil weißt weisst welche welcher welches wenn wer werden wie
wieder wir wird wo wurde zu zum zur wann warum wieso weshalb woher wohin womit worüber
unterlagen unterlage aufzeichnungen aufzeichnung datei dateien dokument dokumente dokumenten ordner
verzeichnis notizen text texten stelle stellen drin drinnen geschrieben lies vor vorlesen zeig zeige
nochmal nochmals gleich erinnerst erinnere erinnern dich heißt heisst hieß hiess waren eigentlich
""".split())


def offline_terms(text: str) -> list[str]:
    """Content words of the question: capitalised words (nouns) first, then the rest; compound tails after."""
    seen: set[str] = set()
    nouns: list[str] = []
    others: list[str] = []
    for index, word in enumerate(_WORD.findall(without_file_names(text))):
        key = word.casefold()
        if key in _SKIP or len(key) < 3 or key in seen:
            continue
        seen.add(key)
        (nouns if word[:1].isupper() and index > 0 else others).append(word)
    terms: list[str] = []
    for word in nouns + others:
        terms.append(word)
        tail = _compound_tail(word)
        if tail and tail.casefold() not in seen:
            seen.add(tail.casefold())
            terms.append(tail)  # right after its compound: tried next (§8.1b)
    return terms


def _compound_tail(word: str) -> str | None:
    """The last part of a long compound after a joint (*Heizungswartung* → *Wartung*), else None."""
    lower = word.casefold()
    for joint in _JOINTS:
        cut = lower.find(joint)
        if 0 < cut and len(lower) - cut - len(joint) >= 4:
            tail = word[cut + len(joint):]
            return tail[:1].upper() + tail[1:]
    return None


def offline_classify(data: Mapping[str, Any]) -> dict[str, Any]:
    text = str(data.get("text", ""))
    name = first_file_name(text)
    return {"begriffe": offline_terms(text), "datei": name,
            "art": "karte" if asks_for_outline(text) and name else "suche"}


def read_classification(fields: Mapping[str, Any]) -> dict[str, Any]:
    """Checked reading: `begriffe` a list of texts, `datei` a text or null, `art` one of KINDS (default suche)."""
    terms = [" ".join(term.split()) for term in read_list_of_text(fields, "begriffe")]
    kind = read_text(fields, "art", "suche").strip() or "suche"
    if kind not in KINDS:
        raise ModelAnswerError(WRONG_FIELD_TYPE, f"art {kind!r} is not one of {', '.join(KINDS)}")
    name = read_text(fields, "datei", "").strip()
    return {"begriffe": [t for t in terms if t], "datei": name or None, "art": kind}
