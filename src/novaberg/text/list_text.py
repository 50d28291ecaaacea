"""The list text around the reader (`commands.py`): a list compound said in two words joined (*die einkaufs liste*),
an enumeration without commas that may be one item or several, the colon of *Neue Liste Baumarkt: Dübel* put
back, and the thing an earlier clause names for a pronoun (*Den Käse hab ich schon, nimm ihn …*)."""

from __future__ import annotations

import re
import unicodedata

from novaberg.text.lexicon import AMOUNT_WORDS, NUMBER_WORDS, ONE_ARTICLES
from novaberg.text.list_containers import (
    _head_of,
    _said,
)
from novaberg.text.list_lexicon import (
    LIST_MARKS,
    _Lexicon,
    _lexicon,
    _Tok,
    _tokens,
)
from novaberg.text.tokens import tokenize
from novaberg.text.words import fold

__all__ = ["antecedent", "join_list_compounds", "ambiguous_enumeration", "restore_list_colon"]

def antecedent(clause: str) -> str:
    """The thing a clause names before its finite verb (*Den Käse hab ich schon* → *Käse*, *Oma anrufen ist
    erledigt* → *Oma anrufen*), or after *ich hab* up to *schon/gekauft* (*Ich hab den Käse schon*); ''."""
    lx = _lexicon()
    toks = [t for t in _tokens(clause) if t.folded not in (",", ";")]
    for k, tok in enumerate(toks):
        if tok.folded in lx.antecedent_verbs:
            head = toks[:k]
            if head and head[0].folded in lx.subjects:  # *Ich hab den Käse schon*
                tail = toks[k + 1:]
                stop = next((m for m, t in enumerate(tail) if t.folded in lx.done_words), len(tail))
                head = tail[:stop]
            while head and (head[0].folded in lx.determiners or head[0].folded in lx.fillers):
                head = head[1:]
            if not head or any(t.folded in lx.subjects or t.folded in lx.pronouns for t in head) or len(head) > 4:
                return ""
            return _said(head, 0, len(head))
    return ""


# --- the forms of speech ---------------------------------------------------------------------

_SPLIT_HEADS = ("liste", "listen", "zettel")
_TO_DO = re.compile(r"\b(to)[\s-]+(do)[\s-]+(liste|listen)\b", re.IGNORECASE)
_ARTICLE_LIKE = frozenset({"eine", "einer", "einen", "ein", "zur", "zum", "vom", "im", "ins", "beim", "aufs"})


def join_list_compounds(text: str) -> str:
    """A list compound said as two words after an article or a preposition (*eine einkaufs liste*, *die Pack Liste*,
    *meine to do liste*) written as one word (*einkaufsliste*, *Packliste*, *to-do-liste*), so that every rule that
    names a list by its word reads it. Only after an article: *Füge Backpapier Liste hinzu* keeps its item."""
    lx = _lexicon()
    text = unicodedata.normalize("NFC", _TO_DO.sub(lambda m: f"{m.group(1)}-{m.group(2)}-{m.group(3)}", text))
    toks = tokenize(text, compounds=True, marks=LIST_MARKS)  # offsets into `text`, which is NFC already
    out, cursor = [], 0
    for k in range(len(toks) - 1):
        before, name, head = toks[max(k - 1, 0)], toks[k], toks[k + 1]
        if head.folded not in _SPLIT_HEADS or text[name.end:head.start] != " ":
            continue
        said = before.folded
        folded = name.folded
        own_stem = folded.removesuffix("s") in lx.aliases  # *einkaufs liste* anywhere: the shopping list's own stem
        if said not in lx.determiners and said not in _ARTICLE_LIKE and said not in lx.directions and not own_stem:
            continue
        if not name.surface.isalpha() or folded in lx.pronouns or folded in lx.subjects or folded in lx.not_items \
                or folded in lx.fillers or folded in lx.determiners or folded in lx.directions or _head_of(folded, lx):
            continue  # after an article a verb's form is a name again: *die Pack Liste*
        out.append(text[cursor:name.end])
        out.append(head.surface.lower())
        cursor = head.end
    out.append(text[cursor:])
    return "".join(out)


_ENUMERATION = frozenset({"und", "oder", "sowie"})


def ambiguous_enumeration(items_text: str, whole_text: str) -> bool:
    """Items said without their commas (*pass ladekabel und sonnencreme*, *Schrauben Dübel*, as speech is
    transcribed) may be one item or several — *Pass, Ladekabel* or *Pass Ladekabel*. True when `whole_text` has no
    comma and an item of several words (without a number: *zwei liter milch* is one) is either all nouns by their
    capitals or stands in a text without capitals (`_tokens`), where nothing tells one item from several: the
    caller writes nothing rather than a wrong item. A lower-case multi-word item is refused too (*rote paprika*):
    a lost order is asked again, a wrong item stays on the list."""
    if re.search(r"[,;\n]", whole_text):
        return False
    said = _tokens(whole_text)
    if any(t.folded in _lexicon().task_nouns or t.folded.replace("-", "").startswith("todo") for t in said):
        return False  # a task is a phrase (*Fenster putzen*): the to-do list takes it as said
    uncased = bool(said) and said[0].uncased
    lx = _lexicon()
    part: list[_Tok] = []
    for tok in [*_tokens(items_text), _Tok("und", "und")]:
        if tok.folded not in _ENUMERATION and tok.folded not in (",", ";"):
            if tok.folded not in lx.determiners and tok.folded not in lx.fillers:
                part.append(tok)
            continue
        if len(part) > 1 and not any(t.said[:1].isdigit() or t.folded in _NUMBER_WORDS for t in part):
            if (uncased or all(t.said[:1].isupper() for t in part)) and not _adjectives_then_noun(part, lx):
                return True
        part = []
    return False


_ADJECTIVE_ENDINGS = ("", "e", "en", "er", "es", "em")


def _adjectives_then_noun(part: list[_Tok], lx: _Lexicon) -> bool:
    """*rote paprika*, *frische fettarme milch*: every word before the last is a known adjective, bare or inflected —
    one item, not two said without their comma."""
    return all(any(t.folded.endswith(e) and t.folded[:len(t.folded) - len(e)] in lx.item_adjective_stems
                   for e in _ADJECTIVE_ENDINGS) for t in part[:-1])


# an amount in an item (*zwei liter milch*, *ein paar äpfel*): the number words, articles that count one and amount
# words of the one lexicon, folded
_NUMBER_WORDS = frozenset(fold(word) for word in (*NUMBER_WORDS, *ONE_ARTICLES, *AMOUNT_WORDS))


_NEW_LIST_THEN_ITEMS = re.compile(
    r"^(?P<head>.*?\b(?:eine|ne|'ne)\s+(?:neue\s+)?(?:[^\W\d_][\w-]*?(?:liste|zettel)"
    r"|liste\s+(?:für|fuer)\s+(?:(?:den|die|das|meinen|meine|unseren|unsere)\s+)?"
    r"(?!(?:den|die|das|meinen|meine|unseren|unsere)\b)[^\W\d_]+)(?:\s+(?:an|auf))?)"
    r"\s+(?!(?:mit|für|fuer|namens|an|auf|bitte|danke|anlegen|erstellen|machen|schreiben|aufschreiben|notieren)\b)"
    r"(?P<items>[^\W\d_].*)$", re.IGNORECASE)


def restore_list_colon(text: str) -> str:
    """*notier mir eine einkaufsliste äpfel und bananen*: a new list and its items said without the colon that
    parts them (*… eine Einkaufsliste: Äpfel und Bananen*) — the colon put back, so the items never become a note
    titled with the list's name. Only in a text without a colon or comma, and only after a compound list word
    with its indefinite article (*eine Liste Baumarkt* names the list; it is left alone)."""
    if ":" in text or "," in text:
        return text
    m = _NEW_LIST_THEN_ITEMS.match(text)
    if m is None or _tokens(m.group("items"))[0].folded in _lexicon().determiners:
        return text
    return f"{m.group('head')}: {m.group('items')}"
