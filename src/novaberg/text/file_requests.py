"""How a person speaks of what is stored — her shared files, Nova's own knowledge — read from German (dateien.md
§1a.5, §3.0c, §3a, §8.1, §8.2a): the words that send a question to the records, the ways of asking what Nova knows,
an order to write into her knowledge, a request for a file's outline, and a document's heading style.

The readers of the files service and of the turn's blocks call these; the patterns live here, one place for German.
"""

from __future__ import annotations

import re

from novaberg.text.lexicon import DIRECT_QUESTION_WORDS
from novaberg.text.words import alternation, fold

__all__ = ["names_records", "asks_what_she_knows", "about_directories_or_storing", "asks_records",
           "mentions_her_knowledge", "knowledge_order", "asks_for_outline", "heading_style_level",
           "without_file_names", "first_file_name"]

_STORED = r"(unterlagen|aufzeichnungen|dateien|datei|dokumenten|dokumente|texten)"
# §8.1 Aushang: a question about stored text (the reading service's own phrasing)
_RECORDS = re.compile(
    r"unterlagen|aufzeichnung|in (meinen|deinen|den|der|meiner|einer) (datei|dateien|dokument\w*)\b|"
    rf"steht (das|da|dazu|etwas|was)? ?irgendwo|such\w* (mal |bitte )?in (meinen|deinen|den) {_STORED}\b|"
    r"was haben wir zu|\b[\w\-]+\.(md|txt|rst|org|pdf|docx|html?)\b", re.IGNORECASE)
# „Weißt du was über X" and the other ways of asking her to remember (§3.0c): *was weißt du über*, *erinnerst du
# dich an*, *weißt du noch, wie …*, and a recall particle on *wie/was war*, *wie hieß/heißt* (*Wie war nochmal der
# WLAN-Code?*) — without the particle, *Wie heißt du?* stays small talk; *über mich* is the memory's own question
_RECALL = r"(?:noch\s?mal|nochmals|gleich|doch\s+gleich|doch\s+noch\s?mal)"
_KNOW = re.compile(r"\b(?:weisst du (et)?was|(?:was|wie ?viel) weisst du(?: noch| eigentlich| denn)*) (ueber|zu|von)\b"
                   r"(?! (?:mich|uns|dich)\b)"
                   r"|\berinnerst du dich(?: noch)? an\b"
                   rf"|\bweisst du noch,? (?:{alternation({fold(word) for word in DIRECT_QUESTION_WORDS})})\b"
                   # four words that ask after a value before a copula and a recall particle — a phrase, not the
                   # list: *Wann war nochmal der Zahnarzt?* is the calendar's
                   rf"|\b(?:wie|was|wer|wo) (?:war|waren|hiess|heisst|ist) {_RECALL}\b")  # on folded text
# the roots agent's object (a directory as a whole, §8.2a) and the writing requests (§8.1 Negativfälle)
_NOT_READING = re.compile(r"verzeichnis|freigeb|freigab|zugriff|darfst|ablegen|\bleg\w*\b.*\bab\b|speicher|merk dir|"
                          r"notier", re.IGNORECASE)
# §8.1 Aushang for the turn's blocks: the turn refers to stored text rather than to a memory
_ASKS_RECORDS = re.compile(
    r"unterlagen|aufzeichnung|dateien|\bdatei\b|dokument|ordner|in meinen notizen|steht (das|da|dazu|etwas|was)"
    r" (irgendwo|drin)|such (mal|bitte)? ?in|was haben wir zu|weisst du (et)?was (ueber|zu|von)|nachsehen|"
    r"nachlesen|nachschauen")  # on folded text
# §3a: an order in her own phrasing to write into her knowledge („… in dein Wissen …: <text>")
_KNOWLEDGE_ORDER = re.compile(
    r"(?:merk|schreib|nimm|trag|ergänz)\w*\s+(?:dir\s+)?(?:das\s+|bitte\s+)*(?:in|auf|zu)?\s*"
    r"(?:deinem|dein|deines|deine)\s+wissen\b(?:\s+(?:auf|ab|ein))?\s*"
    r"(?:(?:zu|über|unter|zum|zur)\s+(?P<thema>[^:]{1,80}?))?\s*:\s*(?P<inhalt>.+)$", re.IGNORECASE | re.DOTALL)
_KNOWLEDGE_MENTION = re.compile(r"(?:merk|schreib|nimm|trag|ergänz)\w*.*\b(?:deinem|dein|deines|deine)\s+wissen\b",
                                re.IGNORECASE | re.DOTALL)
_FILE_NAME = re.compile(r"(?<![\w\-.])[\w\-.]+\.(?:md|markdown|txt|rst|org|csv|json|html?|docx|pdf)\b", re.IGNORECASE)
_OUTLINE = re.compile(r"abschnitt|gliederung|inhaltsverzeichnis|aufbau|kapitel", re.IGNORECASE)
_HEADING_STYLE = re.compile(r"^(?:heading|überschrift)\s*(\d)$", re.IGNORECASE)


def names_records(text: str) -> bool:
    """The question names stored text: *Unterlagen*, *in meinen Dateien*, *steht das irgendwo*, a file name."""
    return _RECORDS.search(text) is not None


def asks_what_she_knows(text: str) -> bool:
    """*Was weißt du über …*, *Erinnerst du dich an …*, *Wie war nochmal …* (about something, not the person)."""
    return _KNOW.search(fold(text)) is not None


def about_directories_or_storing(text: str) -> bool:
    """The sentence is about sharing directories or about storing something — no question to read files."""
    return _NOT_READING.search(text) is not None


def asks_records(text: str) -> bool:
    """The turn refers to stored text rather than to a memory (the blocks' reading, wider than `names_records`)."""
    return _ASKS_RECORDS.search(fold(text)) is not None


def mentions_her_knowledge(text: str) -> bool:
    """An order that names her knowledge (*Merk dir das in deinem Wissen*), with or without its text."""
    return _KNOWLEDGE_MENTION.search(text) is not None


def knowledge_order(text: str) -> tuple[str | None, str]:
    """(topic or None, the paragraph) of an order to write into her knowledge; the paragraph is '' when the order
    carries none."""
    match = _KNOWLEDGE_ORDER.search(text.strip())
    if not match:
        return None, ""
    topic = (match.group("thema") or "").strip() or None
    return topic, " ".join(match.group("inhalt").split())


def asks_for_outline(text: str) -> bool:
    """A request for a file's sections or outline (*Gliederung*, *Kapitel*, *Inhaltsverzeichnis*)."""
    return _OUTLINE.search(text) is not None


def heading_style_level(style: str) -> int | None:
    """The level of a word processor's heading style (*Heading 2*, *Überschrift 2*), else None."""
    match = _HEADING_STYLE.match(style)
    return int(match.group(1)) if match else None


def without_file_names(text: str) -> str:
    """The text with every file name (*steuer.md*, *Vertrag.pdf*) blanked out."""
    return _FILE_NAME.sub(" ", text)


def first_file_name(text: str) -> str | None:
    """The first file name the text names, else None."""
    match = _FILE_NAME.search(text)
    return match.group(0) if match else None
