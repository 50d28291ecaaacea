"""Where a list command names its list: the container phrase read as one unit — preposition, article or
possessive, the list's name in any of its forms (*Einkaufsliste*, *Einkaufs Liste*, *Baumarkt-Liste*, *Liste
Baumarkt*, *dem Einkauf*) — and never part of an item."""

from __future__ import annotations

from novaberg.text.list_lexicon import (
    DATIVE,
    Container,
    _Lexicon,
    _lexicon,
    _Tok,
)
from novaberg.text.words import fold

__all__ = ["names_a_container", "is_pronoun"]

def _head_of(folded: str, lx: _Lexicon) -> str:
    """The container word a folded word is or ends in ('' when none)."""
    bare = folded.replace("-", "")
    for head in lx.heads:
        if bare.endswith(head):
            return head
    return ""


def names_a_container(word: str) -> bool:
    """Whether a word names a list by itself (*Einkaufsliste*, *Liste*, *Einkauf*)."""
    lx = _lexicon()
    folded = fold(word)
    return bool(_head_of(folded, lx)) or folded in lx.aliases


def is_pronoun(text: str) -> bool:
    return fold(" ".join(text.split())) in _lexicon().pronouns


def _title(word: str) -> str:
    return word[:1].upper() + word[1:]


def _container_at(toks: list[_Tok], i: int, lx: _Lexicon, items_follow: bool,
                  bare_names: bool = False) -> tuple[int, Container] | None:
    """A container phrase starting at token i: (its end, the container), or None."""
    j = i
    direction = ""
    if j < len(toks) and toks[j].folded in lx.directions:
        direction = lx.directions[toks[j].folded]
        j += 1
    det = ""
    if j < len(toks) and toks[j].folded in lx.determiners:
        det = toks[j].folded
        j += 1
    if not direction:
        direction = DATIVE  # *der Einkaufsliste*, or the list word bare: *füge Eier Einkaufsliste hinzu*
        if not det and j < len(toks) and not (_head_of(toks[j].folded, lx) or toks[j].folded in lx.aliases
                                              or _two_word_list(toks, j, lx)):
            return None
    if j >= len(toks):
        return None
    word = toks[j]
    head = _head_of(word.folded, lx)
    if head and word.folded.replace("-", "") != head:  # *Einkaufsliste*, *Baumarkt-Liste*, *EinkaufsListe*
        end = _scope_end(toks, j + 1, lx)  # *auf die Einkaufsliste für morgen*: when it is bought, no item
        return end, Container(_said(toks, i, end), word.said, direction)
    if head:  # the bare word: *meine Liste*, or *Liste Baumarkt* with a name after it
        named = _named_for(toks, j + 1, lx)
        if named:  # *die Liste für den Baumarkt*
            return named, Container(_said(toks, i, named), toks[named - 1].said, direction)
        rest = len(toks) - (j + 1)
        joined = rest >= 2 and toks[j + 2].folded in ("und", "oder", ",")  # *Liste Brot und Butter*: items
        if rest >= 1 and _is_name(toks[j + 1], lx) and (not items_follow or rest >= 2 and not joined):
            return j + 2, Container(_said(toks, i, j + 2), toks[j + 1].said, direction)
        end = _scope_end(toks, j + 1, lx)
        return end, Container(_said(toks, i, end), "", direction)
    if j + 1 < len(toks) and _head_of(toks[j + 1].folded, lx) == toks[j + 1].folded.replace("-", "") \
            and _is_name(word, lx) and (j > i or i > 0 or word.folded.removesuffix("s") in lx.aliases):
        # *die Haushalt Liste*, *der Einkaufs Liste*; first after the verb only a list's own stem: *Füge Einkaufs
        # Liste Öl hinzu* — *Füge Backpapier Liste hinzu* keeps its item
        name = lx.aliases.get(word.folded.removesuffix("s"), f"{word.said}-{_title(toks[j + 1].said)}")
        return j + 2, Container(_said(toks, i, j + 2), name, direction)
    if word.folded in lx.aliases:  # *dem Einkauf*
        return j + 1, Container(_said(toks, i, j + 1), lx.aliases[word.folded], direction)
    if bare_names and direction != DATIVE and j == len(toks) - 1 and _is_name(word, lx) \
            and word.folded not in lx.pronouns and word.folded not in lx.not_items:
        return j + 1, Container(_said(toks, i, j + 1), word.said, direction, bare=True)  # *aus Baumarkt*
    return None


def _named_for(toks: list[_Tok], k: int, lx: _Lexicon) -> int:
    """*Liste für den Baumarkt*, *Zettel fürs Wochenende*… : the end of *für [article] Name* after a bare list word
    when the name is no time of buying (then the list stays bare), else 0."""
    if k >= len(toks) or toks[k].folded not in ("fuer", "fuers"):
        return 0
    m = k + 1
    if m < len(toks) and toks[m].folded in lx.determiners | {"das"}:
        m += 1
    if m < len(toks) and _is_name(toks[m], lx) and toks[m].folded not in lx.scope_times:
        return m + 1
    return 0


def _scope_end(toks: list[_Tok], k: int, lx: _Lexicon) -> int:
    """*… für morgen*, *… fürs Wochenende*, *… für nächsten Samstag* after the list: the time it is for belongs to
    the container phrase (never to an item); the end of the phrase either way."""
    if k >= len(toks) or toks[k].folded not in ("fuer", "fuers"):
        return k
    m = k + 1
    while m < len(toks) and toks[m].folded in lx.determiners | lx.scope_time_openers:
        m += 1
    return m + 1 if m < len(toks) and toks[m].folded in lx.scope_times else k


def _two_word_list(toks: list[_Tok], j: int, lx: _Lexicon) -> bool:
    """*Einkaufs Liste*, *Baumarkt Liste*: a name, then the bare list word."""
    return (j + 1 < len(toks) and _is_name(toks[j], lx)
            and _head_of(toks[j + 1].folded, lx) == toks[j + 1].folded.replace("-", ""))


def _is_name(tok: _Tok, lx: _Lexicon) -> bool:
    """A word that may name a list: a noun by its capital; in a text without capitals (`_Tok.uncased`) any word
    the lexicon does not know as a function word, a pronoun or a verb."""
    if (tok.folded in lx.fillers or tok.folded in lx.directions or tok.folded in lx.determiners
            or tok.folded in (",", ";") or any(tok.folded in v.particles for v in lx.verbs)):
        return False
    if tok.said[:1].isupper():
        return True
    return tok.uncased and not _function_word(tok.folded, lx)


def _function_word(folded: str, lx: _Lexicon) -> bool:
    """Pronouns, subjects, negations, closing words and verbs of the lexicon: never a list's name."""
    return (folded in lx.pronouns or folded in lx.subjects or folded in lx.not_items or folded in lx.negations
            or folded in lx.reflexives or folded in lx.finite_verbs or folded in ("und", "oder", "danke")
            or any(folded in v.forms or folded in v.infinitives for v in lx.verbs))


def _said(toks: list[_Tok], start: int, end: int) -> str:
    return " ".join(t.said for t in toks[start:end])


def _find_container(toks: list[_Tok], lx: _Lexicon, verb_first: bool,
                    bare_names: bool = False) -> tuple[int, int, Container] | None | bool:
    """(start, end, container) of the one container phrase; None when there is none; False when the
    sentence holds more than one or a list word outside a phrase (not read safely)."""
    found: list[tuple[int, int, Container]] = []
    i = 0
    while i < len(toks):
        hit = _container_at(toks, i, lx, items_follow=verb_first and i == 0, bare_names=bare_names)
        if hit is not None:
            end, container = hit
            found.append((i, end, container))
            i = end
            continue
        i += 1
    if len(found) > 1:
        return False
    return found[0] if found else None
