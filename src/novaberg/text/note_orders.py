"""The notes' orders read by pattern (notizen.md §3): rename, clear, append, read, update, the note verbs, create,
delete (by name or by content) and the statements of need. Patterns only — what they mean is the notes' offline
reading (`notes/agent/offline.py`); the words come from `notes_de.json` and the lexicon (`text/lexicon_de.json`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from novaberg.text.note_and_detail_orders import delete_by_content
from novaberg.text.note_words import words_of
from novaberg.text.words import alternation

__all__ = ["APPOINTMENT_WORD", "CLOCK_TIME", "NEED_WORD", "NOTE_NOUN", "NOTE_VERB", "AND", "APPEND", "ART", "ASK_ANY", "ASK_ON", "BARE_NAME", "CHECK_VERB", "CLEAR", "CLEAR_ALL", "CLEAR_MAKE", "CLOSE", "CONTAINER", "CONTENT_MARK", "CREATE", "DATIVE_VERBS", "DELETE", "DELETE_BY_CONTENT", "END", "I_WANT", "LIST_BREAK", "NAMED", "NEED", "NOTE_COLON", "NOTE_PLAIN", "NOTE_THAT", "NOT_A_NAME", "PLEASE", "QUOTED", "QUOTED_NAME", "QUOTES_CLOSE", "QUOTES_OPEN", "READ_ALL", "READ_CHECKS", "READ_LOOKS", "READ_ON", "READ_SHOW", "READ_TELL", "REFERENCE", "RENAME", "SEE", "SHOW_TO_ME", "TASKS", "UPDATE", "WHAT_FOR_ME", "WHAT_IS_MISSING", "content_preposition_before_list", "ENUMERATION_BREAK"]


DATIVE_VERBS = frozenset({"hinzufuegen"})  # the lexicon's verbs whose list may be said as a bare dative name
QUOTES_OPEN = "'\"„‚»“‘"
QUOTES_CLOSE = "'\"“”‘’«"


def _stem(words: Sequence[str]) -> str:
    """Verb stems: the stem plus any ending (setz → setze, setzt)."""
    return rf"(?:{alternation(words)})\w*"


ART = rf"(?:(?:{alternation(words_of('articles'))})\s+)?"
CONTAINER = rf"(?P<c>[\w-]*?(?:{alternation(words_of('container_words'))}))\b"
QUOTED_NAME = rf"\s+[{QUOTES_OPEN}](?P<q>[^{QUOTES_CLOSE}]+)[{QUOTES_CLOSE}]"
QUOTED = rf"(?:{QUOTED_NAME})?"
NOT_A_NAME = (
    "von", "vom", "aus", "auf", "zu", "zur", "zum", "in", "an", "dran", "drauf", "hinzu", "um", "runter", "raus", "weg",
    "komplett", "ganz", "vor", "bitte", "noch", "mal", "für", "fuer", "mit", "und",
)
# A generic container may carry its name unquoted: "die Notiz Ideen".
BARE_NAME = rf"\s+(?!(?:{'|'.join(NOT_A_NAME)})\b)(?P<n>[\w-]+)"
NAMED = rf"{ART}{CONTAINER}(?:{QUOTED_NAME}|{BARE_NAME})?"
PLEASE = r"(?:bitte\s+)?"
END = r"(?:\s+bitte)?\s*[.!]*\s*$"


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


RENAME = _rx(rf"^{PLEASE}{_stem(words_of('rename_verbs'))}\s+{NAMED}\s+(?:um\s+)?(?:in\s+|zu\s+)?(?P<new>.+?)(?:\s+um)?{END}")
CLEAR = _rx(rf"^{PLEASE}{_stem(words_of('clear_verbs'))}\s+(?:mir\s+)?{NAMED}\s*(?:komplett|ganz)?{END}")
CLEAR_MAKE = _rx(rf"^{PLEASE}(?:mach|räum|raeum)\w*\s+(?:mir\s+)?{NAMED}\s+(?:komplett\s+|ganz\s+)?leer{END}")
CLEAR_ALL = _rx(rf"^{PLEASE}{_stem(words_of('delete_verbs'))}\s+alles\s+(?:von|auf|aus|in|vom)\s+{NAMED}{END}")
APPEND = _rx(rf"^{PLEASE}{_stem(words_of('append_verbs'))}\s+(?:an|bei|unter)\s+{NAMED}\s*(?:dran|an|hinzu)?\s*:\s*(?P<content>.+)$")
READ_ALL = _rx(
    rf"^(?:{PLEASE}(?:{_stem(words_of('read_verbs'))}|nenn\w*)\s+(?:mir\s+)?(?:mal\s+)?(?:bitte\s+)?(?:alle\s+)?(?:meine\s+)?"
    rf"(?:alle\s+)?(?:notizen|listen)\b.*|welche\s+(?:notizen|listen)\s+(?:habe|hab)\s+ich.*"
    rf"|was\s+(?:habe|hab)\s+ich\s+(?:alles\s+)?notiert.*)$"
)
READ_ON = _rx(rf"^(?:und\s+)?was\s+steht\s+(?:alles\s+|noch\s+|denn\s+|jetzt\s+)*(?:auf|in)\s+{NAMED}.*$")
ASK_ON = _rx(rf"^(?:steht|stehen|ist|sind|hab\w*)\s+.+?\s+(?:auf|in)\s+{NAMED}.*$")
ASK_ANY = _rx(rf"^(?:was|welche\w*|wie\s*viele?)\b.*?\s(?:auf|in)\s+{NAMED}\s*$")
READ_SHOW = _rx(rf"^{PLEASE}{_stem(words_of('read_verbs'))}\s+(?:mir\s+|uns\s+)?(?:mal\s+|bitte\s+)*{NAMED}(?:\s+(?:vor|an))?"
                 r"\s*[.!?]*\s*$")  # *Zeig die Einkaufsliste an*, *Les mir die Liste vor* (split *anzeigen*)
# an embedded question (*Sag mir, was auf der Einkaufsliste steht*) and *Wie sieht meine Liste aus?* read
READ_TELL = _rx(rf"^{PLEASE}(?:(?:sag|verrat|erzähl|erzaehl)\w*\s+(?:mir|uns)|(?:ich|wir)\s+(?:möchte|moechte|will|wollen|"
                 r"würde\s+gerne?|wuerde\s+gerne?)\s+wissen)\s*,?\s*(?:bitte\s+|mal\s+|doch\s+)*,?\s*"
                 rf"was\s+(?:alles\s+|noch\s+|gerade\s+|jetzt\s+)*(?:auf|in)\s+{NAMED}\s+(?:steht|stehen|ist)\s*[.!?]*\s*$")
READ_LOOKS = _rx(rf"^wie\s+sieht\s+(?:es\s+(?:auf|in|mit)\s+)?{NAMED}\s+(?:gerade\s+|jetzt\s+|aktuell\s+)*aus\s*[.!?]*\s*$")
# A list looked at, checked or wanted in sight — *Finde meine Einkaufsliste*, *Sieh meine Liste an*,
# *Überprüfe meine Aufgabenliste*, *Ich möchte meine Einkaufsliste sehen*, *Ist irgendetwas auf meiner Liste* — and
# the tasks by their noun (*Zeige meine Aufgaben*, *Lies meine Aufgaben vor*: the search maps the noun to its list)
TASKS = r"(?:(?:meine|die|alle)\s+)?(?P<c>aufgaben|to-?dos)"
CHECK_VERB = r"(?:find|such|sieh|schau|überprüf|ueberpruef|prüf|pruef|check)\w*"
SHOW_TO_ME = r"(?:kannst|könntest|koenntest|würdest|wuerdest)\s+du\s+(?:mir\s+|uns\s+)?(?:mal\s+|bitte\s+)*"
I_WANT = r"(?:ich|wir)\s+(?:möchte|moechte|will|wollen|muss|müssen|muessen)\s+(?:mal\s+|gerne?\s+)*"
SEE = r"\s+(?:sehen|überprüfen|ueberpruefen|prüfen|pruefen|checken|hören|hoeren)"
CLOSE = r"\s*[.!?]*\s*$"
READ_CHECKS = tuple(_rx(rf"^{PLEASE}{body}{CLOSE}") for body in (
    rf"{CHECK_VERB}\s+(?:mir\s+)?(?:mal\s+|bitte\s+)*{NAMED}(?:\s+(?:an|nach|durch))?",
    rf"(?:zeig|lies|les)\w*\s+(?:mir\s+|uns\s+)?(?:mal\s+|bitte\s+)*{TASKS}(?:\s+(?:vor|an))?",
    rf"{SHOW_TO_ME}{NAMED}\s+(?:zeigen|vorlesen|anzeigen)",
    rf"{SHOW_TO_ME}{TASKS}\s+(?:zeigen|vorlesen|anzeigen)",
    rf"{I_WANT}{NAMED}{SEE}",
    rf"{I_WANT}{TASKS}{SEE}",
    rf"(?:ist|steht)\s+(?:irgend)?(?:etwas|was)\s+(?:auf|in)\s+{NAMED}",
))
UPDATE = _rx(rf"^{PLEASE}{_stem(words_of('update_verbs'))}\s+{NAMED}\s*:\s*(?P<content>.+)$")
NOTE_COLON = _rx(rf"^{PLEASE}{_stem(words_of('note_openers'))}\s+(?:(?:dir|mir)\b\s*)?(?:bitte\s+)?(?:auf\s*)?:\s*(?P<content>.+)$")
NOTE_THAT = _rx(rf"^{PLEASE}(?:(?:merk|notier)\w*\s+(?:dir\b)?|schreib\w*\s+(?:(?:mir|dir|uns)\s+)?(?:bitte\s+)?auf\b)"
                 r"\s*(?:bitte\b)?\s*,?\s*dass\s+(?P<content>.+?)\s*[.!]*$")
REFERENCE = _rx(
    rf"^{PLEASE}(?:leg|schreib|notier|speicher|merk|nimm)\w*\s+(?:dir\s+)?(?:bitte\s+)?(?:{alternation(words_of('reference_words'))})"
    rf"\s+(?:bitte\s+|doch\s+|mal\s+)*(?:(?:als|in|auf)\s+(?:eine\s+|ne\s+)?(?:neue\s+)?(?P<c>\w+)\s+)?(?:bitte\s+)?(?:an|auf|ab)?{END}"
)
CREATE = _rx(
    rf"^{PLEASE}{_stem(words_of('create_verbs'))}\s+(?:mir\s+)?(?:bitte\s+)?(?:(?:eine?n?|ne|'ne)\s+)?(?:neue[ns]?\s+)?"
    rf"{CONTAINER}(?:{QUOTED_NAME}|{BARE_NAME})?(?:\s+(?:für|fuer|namens|mit\s+dem\s+namen|zum\s+thema)\s+(?:den|die|das|meinen|meine)?\s*"
    rf"(?P<for>[^:]+?))?(?:\s+(?:an|auf))?\s*(?:(?::|\bmit\b)\s*(?P<content>.+?))?{END}"
)
NOTE_PLAIN = _rx(rf"^{PLEASE}notier\w*\s+(?:(?:dir|mir)\b\s*)?(?:bitte\s+)?(?P<content>.+?){END}")
# notizen.md §4 (target_typ `inhalt`): a note named by what it holds — *Lösch die Notiz mit der hohlen Gasse*
DELETE_BY_CONTENT = delete_by_content(words_of("delete_verbs"), words_of("note_words"), words_of("content_links"))
DELETE = _rx(rf"^{PLEASE}{_stem(words_of('delete_verbs'))}\s+(?:mir\s+)?{NAMED}\s*(?:komplett|ganz)?{END}")
NEED = (
    _rx(r"^(?:ach,?\s+)?(?:und\s+)?(?:ich|wir)\s+(?:brauche|brauchen)\s+(?:noch\s+|auch\s+|dringend\s+|unbedingt\s+)*(?P<items>.+?)\s*[.!]*$"),
    _rx(r"^(?:ach,?\s+)?(?:uns|mir|es)\s+(?:fehlt|fehlen)\s+(?:noch\s+|auch\s+)*(?P<items>.+?)\s*[.!]*$"),
    _rx(r"^(?P<items>.+?)\s+(?:brauche|brauchen)\s+(?:ich|wir)\s*(?:auch|noch)?\s*[.!]*$"),
    _rx(r"^(?:ach,?\s+)?und\s+(?:noch\s+|auch\s+)*(?P<items>[^?]+?)\s*[.!]*$"),  # *Und Zahnpasta.* after a list
    # used up: *Milch ist alle*, *Die Eier sind aufgebraucht*, *Uns ist das Mehl ausgegangen* — a need
    # like *wir brauchen*: an item for the running list, else nothing written. Not *leer*, *aus* or *wir haben
    # keine X mehr*: *Der Akku ist leer*, *Die Party ist aus*, *keine Zeit mehr* name no item to buy
    _rx(r"^(?:ach,?\s+)?(?:der\s+|die\s+|das\s+|unser\w*\s+)?(?P<items>[^,;?]+?)\s+(?:ist|sind)\s+(?:schon\s+|jetzt\s+)?"
        r"(?:alle|aufgebraucht|ausgegangen|verbraucht)\s*[.!]*$"),
    _rx(r"^(?:ach,?\s+)?(?:uns|mir)\s+(?:ist|sind)\s+(?:der\s+|die\s+|das\s+)?(?P<items>[^,;?]+?)\s+ausgegangen\s*[.!]*$"),
)
CONTENT_MARK = re.compile(r"mit Inhalt:\s*(?P<content>.+)$", re.IGNORECASE | re.DOTALL)

LIST_BREAK = re.compile(r",|;|\n")
AND = re.compile(r"\s+und\s+|\s+sowie\s+|\s+&\s+", re.IGNORECASE)

WHAT_IS_MISSING = _rx(r"^was\s+(?:fehlt|fehlen)\s*(?:noch|mir|uns|denn|eigentlich|\s)*$")

WHAT_FOR_ME = _rx(r"^was\s+(?:muss|müssen|muessen|soll|sollte|brauch\w*)\s+(?:ich|wir)\b(?P<rest>.*)$")


_CONTENT_BEFORE_LIST = _rx(rf"\b(?:{alternation(words_of('content_prepositions'))})\s+{NAMED}")


def content_preposition_before_list(text: str) -> bool:
    """§3 Container vs. Inhalt: a preposition of the content (von/aus/auf/zu) before a named list."""
    return _CONTENT_BEFORE_LIST.search(text) is not None


ENUMERATION_BREAK = re.compile(r",|\s+und\s+", re.IGNORECASE)  # *Halloumi, Feta und Paneer*

# the notes' route hint (notes/agent/dispatch.py): a list or note named, a note verb, an appointment word, a clock
# time, a word of need
NOTE_NOUN = re.compile(r"\b\w*(?:liste|listen|notiz|notizen|zettel|entwurf|entwürfe)\b", re.IGNORECASE)
NOTE_VERB = re.compile(r"\b(?:notier\w*|merk\w*\s+dir|schreib\w*\s+(?:das|es|sie|dir)\b.*\bauf"
                       r"|schreib\w*(?:\s+(?:mir|dir|uns|bitte|mal|doch|kurz|schnell))*\s+auf(?=\s*[,:]))\b",
                       re.IGNORECASE)
APPOINTMENT_WORD = re.compile(r"\b(?:termin\w*|kalender\w*|eintrag\w*|trag\w*\b.*\bein|erinner\w*|verschieb\w*)\b",
                              re.IGNORECASE)
CLOCK_TIME = re.compile(r"\bum\s+\d{1,2}(?:[:.]\d{2})?\b|\b\d{1,2}(?:[:.]\d{2})?\s*uhr\b", re.IGNORECASE)
NEED_WORD = re.compile(rf"\b(?:{'|'.join(words_of('need_verbs'))})\b|^\s*(?:ach,?\s+)?und\s+[^?]*$", re.IGNORECASE)
