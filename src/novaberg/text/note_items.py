"""The items and names of a notes order, read from German: items split at commas and *und* (one task when a
verb at the end governs them: *Obst und Gemüse zu kaufen*), a list's type from the words of its name (§8), the
scope of an order (container or content, §3), an enumeration said in the conversation, the particle of putting on
(*Milch drauf*), the word for an entry (*den Posten Paris*), the list of an activity (*Was muss ich noch
einkaufen?*). Read by the notes' offline rules (`notes/agent/offline.py`)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from novaberg.text.commands import load_raw_commands, names_a_container
from novaberg.text.note_orders import (
    AND,
    ENUMERATION_BREAK,
    LIST_BREAK,
    QUOTES_CLOSE,
    QUOTES_OPEN,
    WHAT_FOR_ME,
    content_preposition_before_list,
)
from novaberg.text.note_words import vocabulary, words_of
from novaberg.text.words import contains_word, normalize, words

__all__ = ["clean", "unquote", "title", "split_items", "items_of_text", "type_for", "operation_scope", "enumeration",
           "put_on", "bare_word", "without_lead_noun", "activity_list", "DEFAULT_TYPE"]

DEFAULT_TYPE = "notiz"  # §8: a note without a list's word


def clean(text: str) -> str:
    return " ".join(text.strip().split())


def unquote(text: str) -> str:
    text = text.strip().rstrip(".!").strip()
    if len(text) >= 2 and text[0] in QUOTES_OPEN and text[-1] in QUOTES_CLOSE:
        text = text[1:-1]
    return text.strip()


def title(word: str) -> str:
    return word[:1].upper() + word[1:] if word else word


def _one_activity(chunk: str) -> bool:
    """*Obst und Gemüse zu kaufen*, *Milch und Brot besorgen*: the verb at the end governs every noun joined by
    *und* before it — one task, not the item *Obst* and the task *Gemüse zu kaufen* (a Bot Framework phrasing). Only when
    the earlier parts hold no verb of their own (*Oma anrufen und Fenster putzen* stays two)."""
    parts = AND.split(chunk.strip().strip(".!"))
    if len(parts) < 2:
        return False
    last = parts[-1].split()
    if len(last) < 2:
        return False
    verb = normalize(last[-1])
    activity = verb in vocabulary()["activity_words"] or normalize(last[-2]) == "zu"
    return activity and all(len(part.split()) <= 2 for part in parts[:-1])


def split_items(text: str) -> tuple[str, ...]:
    """'Eier und die Butter, noch Salz' → ('Eier', 'Butter', 'Salz'); 'Obst und Gemüse zu kaufen' stays one;
    'etwas zu essen holen' keeps its *etwas* (a filler before a zu-infinitive is its object)."""
    fillers = set(words_of("item_fillers"))
    kept_before = set(words_of("filler_kept_before"))
    items: list[str] = []
    pieces = [part for chunk in LIST_BREAK.split(text)
              for part in ([chunk] if _one_activity(chunk) else AND.split(chunk))]
    for part in pieces:
        tokens = part.strip().strip(".!").split()
        while tokens and normalize(tokens[0]) in fillers and not (len(tokens) > 1 and normalize(tokens[1]) in kept_before):
            tokens.pop(0)  # *noch Salz* → Salz; *etwas zu essen holen* keeps its object
        while tokens and normalize(tokens[-1]) in fillers:
            tokens.pop()
        item = " ".join(tokens).strip(" -")
        if item:
            items.append(unquote(item))
    return tuple(i for i in items if i)


def items_of_text(text: str) -> list[str]:
    """The items of a list text (one per line; a single comma-separated line also counts)."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) == 1 and "," in lines[0]:
        return [part.strip() for part in lines[0].split(",") if part.strip()]
    return lines


def type_for(*words: str) -> str:
    """§8: the type from the words of a name ('Einkaufsliste' → einkauf); generic lists are merklisten."""
    table: Mapping[str, str] = vocabulary()["type_by_word"]
    for word in words:
        low = normalize(word)
        for key in sorted(table, key=len, reverse=True):
            if key in low and table[key] not in ("merkliste", "notiz"):
                return table[key]
    for word in words:
        low = normalize(word)
        if low.endswith(("liste", "listen")):
            return "merkliste"
    return DEFAULT_TYPE


def operation_scope(text: str) -> str:
    """§3 Container vs. Inhalt: a preposition (von/aus/auf/zu) before the note, or a particle such as
    *drauf*/*raus*, makes a content operation ('inhalt'); without one it is the container ('container')."""
    if content_preposition_before_list(text):
        return "inhalt"
    if any(contains_word(text, particle) for particle in words_of("content_particles")):
        return "inhalt"
    return "container"


def enumeration(text: str) -> str:
    """'Halloumi, Feta, Paneer kommen mir in den Sinn' → 'Halloumi, Feta, Paneer'."""
    text = clean(text)
    if "," not in text:
        return text.rstrip(".!")
    parts = [p.strip() for p in ENUMERATION_BREAK.split(text) if p.strip()]
    first_words = parts[0].split()
    start = len(first_words)
    while start > 0 and first_words[start - 1][:1].isupper():
        start -= 1
    parts[0] = " ".join(first_words[start:]) or parts[0]
    last_words = parts[-1].split()
    end = 0
    while end < len(last_words) and last_words[end][:1].isupper():
        end += 1
    parts[-1] = " ".join(last_words[:end]) or parts[-1]
    return ", ".join(p.rstrip(".!") for p in parts if p)


def put_on(items: str) -> str:
    """The items before a closing particle of putting on (*Milch drauf* → *Milch*), or ''."""
    said = items.split()
    if len(said) > 1 and normalize(said[-1]) in _putting_on():
        return " ".join(said[:-1])
    return ""


@cache
def _putting_on() -> frozenset[str]:
    return frozenset(normalize(word) for word in load_raw_commands()["elliptic_on"])


def bare_word(said: str) -> str:
    words = said.split()
    return title(next((w for w in words if names_a_container(w)), words[-1]))


def without_lead_noun(item: str) -> str:
    """*den Posten Paris* → *Paris*: the word for an entry is no part of the entry."""
    words = item.split()
    lead = 1 if words and normalize(words[0]) in ("den", "die", "das", "der") else 0
    if len(words) > lead + 1 and normalize(words[lead]) in words_of("item_lead_nouns"):
        return " ".join(words[lead + 1:])
    return item


def activity_list(question: str) -> str:
    """*Was muss ich noch einkaufen?*, *Was brauch ich vom Supermarkt?*: a question about what is still to
    do for an activity or at a place reads the list of that kind (its usual name), or ''."""
    m = WHAT_FOR_ME.match(question)
    if not m:
        return ""
    vocab = vocabulary()
    for word in words(m.group("rest")):
        kind = vocab["activity_words"].get(word) or next(
            (typ for stem, typ in vocab["type_by_word"].items() if word.startswith(stem) and typ != "merkliste"), "")
        if kind in vocab["list_of_type"]:
            return str(vocab["list_of_type"][kind])
    return ""
