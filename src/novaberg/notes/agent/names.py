"""Does a found note carry the name the person said? (notizen.md §4, §7 nicht_gefunden)

The similarity search finds *Packliste* for *Kühlschrankliste*: both end in *liste*. A named list or
note — a compound of a distinguishing word and a container word (*Kühlschrank|liste*, *Einkaufs|zettel*)
— only means a note whose name carries that distinguishing word: one of the name's words, or the
distinguishing word of one of its compounds, equal, one the start of the other (at least four letters:
*Einkaufs* / *Einkauf*, *Pack* / *Packen*), or one letter off (at least five letters: a typo). Spelling
does not count: case, umlauts (*ü* = *ue*) and a hyphen or space before the container word
(*Einkaufs-Liste*) are folded away. *Einkaufszettel* therefore finds *Einkaufsliste*, *Wunschliste* does
not. A target without a distinguishing word (*die Liste*) or without a container word (*Rezepte*) is
left to the search as it is. *Merkliste* and *Merkzettel* are names (*merk*), not the bare container word:
„auf die Merkliste“ never lands on the Einkaufsliste (notizen.md §7 Rueckfrage-Szenarien).
"""

from __future__ import annotations

import re
from functools import cache

from novaberg.text.note_words import vocabulary_map, words_of
from novaberg.text.words import fold_umlauts

__all__ = ["is_bare_container", "distinguishing_word", "names_agree", "synonym_target", "main_clause",
           "note_name_of_clause"]

_MIN_PREFIX = 4
_MIN_TYPO = 5
_NOT_LETTERS = re.compile(r"[\W_]+")


def _fold(text: str) -> str:
    return fold_umlauts(text.casefold())


@cache
def _heads() -> tuple[str, ...]:
    """The container words, folded, longest first (the vocabulary is fixed: computed once)."""
    return tuple(sorted({_fold(w) for w in words_of("container_words")}, key=len, reverse=True))


def _split(compact: str) -> str | None:
    """The distinguishing word of a compound ending in a container word ('' for the bare container word),
    None when the word does not end in one. A container word that is itself a compound of a shorter one
    (*Merk|liste*, *Merk|zettel*) names a list of its own: its distinguishing word is *merk*."""
    found = None
    for head in _heads():
        if compact == head:
            found = ""
        elif compact.endswith(head):
            return compact[: -len(head)]
    return found


def is_bare_container(target: str) -> bool:
    """*Liste*, *Listen*, *Zettel*: the bare list word, which names no list of its own (*unsere Liste*,
    *Milch auf den Zettel*)."""
    return _NOT_LETTERS.sub("", _fold(target)) in ("liste", "listen", "zettel")


def distinguishing_word(target: str) -> str:
    """'Kühlschrankliste' → 'kuehlschrank', 'Einkaufs-Liste' → 'einkaufs'; '' when there is none."""
    compact = _NOT_LETTERS.sub("", _fold(target))
    return _split(compact) or ""


def _keys(name: str) -> set[str]:
    """The words of a name that can carry a distinguishing word: each word, and of a compound its first part."""
    keys: set[str] = set()
    words = [w for w in _NOT_LETTERS.split(_fold(name)) if w]
    for word in [*words, "".join(words)] if len(words) > 1 else words:
        modifier = _split(word)
        keys.add(word if modifier is None else modifier)
    keys.discard("")
    return keys


def _one_off(a: str, b: str) -> bool:
    """Levenshtein distance of at most one."""
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    for i in range(len(a)):
        if a[i] != b[i]:
            return a[i:] == b[i + 1:] if len(a) < len(b) else a[i + 1:] == b[i + 1:]
    return True


def _agree(word: str, key: str) -> bool:
    if word == key:
        return True
    short, long = sorted((word, key), key=len)
    if len(short) >= _MIN_PREFIX and long.startswith(short):
        return True
    return len(short) >= _MIN_TYPO and _one_off(word, key)


def names_agree(target: str, name: str) -> bool:
    """True when the note `name` may be what `target` names (always, when the target has no distinguishing word)."""
    word = distinguishing_word(target)
    if not word:
        return True
    return any(_agree(word, key) for key in _keys(name))


def synonym_target(target: str) -> str:
    """The list name a synonym stands for (`name_synonyms`): *Lebensmittelliste* → *einkaufsliste*, *Aufgaben* →
    *todoliste*; '' when the target carries none. Asked only when no list of the said name exists."""
    word = distinguishing_word(target) or _NOT_LETTERS.sub("", _fold(target))
    meant = vocabulary_map("name_synonyms").get(word, "")
    return f"{meant}liste" if meant else ""


# --- a note's content and name from a *dass*-clause (German word order) -------------------

_SUBJECTS = words_of("clause_subjects")
_FINITE_AUX = frozenset(words_of("clause_finite_verbs"))
_TIME_LINKS = frozenset(words_of("clause_time_links"))
_NAME_WORDS_MAX = 6


def _is_time_word(word: str) -> bool:
    from novaberg.timeparse.vocabulary import TIME_VOCABULARY as v

    low = word.casefold().rstrip(".,")
    return (low in _TIME_LINKS or low in v.weekdays or low in v.months or low in v.day_words or low in v.dayparts
            or low in v.periods or low in v.prefixes or low[:1].isdigit())


def _clause_parts(clause: str) -> tuple[str, str, list[str]] | None:
    """(subject, finite verb, the words between) of *ich am Wochenende Blumen gießen muss*; None when the
    clause does not start with a personal subject."""
    tokens = clause.strip().rstrip(".!").split()
    if len(tokens) < 3 or tokens[0].casefold() not in _SUBJECTS:
        return None
    return tokens[0], tokens[-1], tokens[1:-1]


def main_clause(clause: str) -> str:
    """*ich am Wochenende Blumen gießen muss* → *Ich muss am Wochenende Blumen gießen* (the verb second);
    a clause without a personal subject stays as said, with a capital first letter."""
    parts = _clause_parts(clause)
    if parts is None:
        text = clause.strip().rstrip(".!")
        return text[:1].upper() + text[1:]
    subject, verb, middle = parts
    return " ".join([subject[:1].upper() + subject[1:], verb, *middle])


def note_name_of_clause(clause: str) -> str:
    """The name of a note from a *dass*-clause, in German word order: the thing first, its time after —
    *ich am Wochenende Blumen gießen muss* → *Blumen gießen am Wochenende*. '' when the clause has no
    personal subject (the name then comes from the content's first words, notizen.md §5 *Create*)."""
    parts = _clause_parts(clause)
    if parts is None:
        return ""
    _subject, verb, middle = parts
    if verb.casefold() not in _FINITE_AUX:  # *ich morgen Mehl brauche*: no infinitive to name the thing by
        return ""
    words = middle
    lead = 0
    while lead < len(words) and _is_time_word(words[lead]):
        lead += 1
    ordered = [*words[lead:], *words[:lead]] if 0 < lead < len(words) else words
    name = " ".join(ordered[:_NAME_WORDS_MAX])
    return name[:1].upper() + name[1:]
