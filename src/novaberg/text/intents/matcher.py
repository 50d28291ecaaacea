"""Matching compiled templates (`templates`) against the folded tokens of one sentence (`text.tokens`).

A template matches the whole sentence (skip words taken out first: *bitte*, *mal*, *doch* …). Each match
counts its literal words — the more words a template fixes, the more specific it is (hassil's rule); a free
slot fixes none. Backtracking over small trees: a sentence longer than `MAX_TOKENS` is matched by no template.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations

from novaberg.text.intents.templates import FREE, PRONOUN, TIME, Alt, Head, Lit, Node, Opt, Perm, Seq, Slot

__all__ = ["Capture", "match", "required_words", "MAX_TOKENS", "MAX_READINGS"]

MAX_TOKENS = 24  # a longer sentence is no everyday order: the fallback reads it
MAX_READINGS = 16  # full readings of one template weighed against each other (a bound on backtracking)

Capture = tuple[str, str, int, int]  # slot name, kind, first token, end token (exclusive)
_Found = tuple[int, tuple[Capture, ...], int]  # end token, captures, literal words matched


def match(node: Node, tokens: tuple[str, ...], time_words: frozenset[str],
          weak_time_words: frozenset[str] = frozenset()) -> tuple[tuple[Capture, ...], int] | None:
    """The best full match of `node` over `tokens`: its captures and its count of literal words, or None.

    Of the ways one template reads the sentence (at most `MAX_READINGS`), the best fixes the most literal
    words, then gives the time slots the most words (*den Zahnarzt* | *morgen um 10*, not a title that
    swallowed the time). A time slot ends with a word that is a time on its own (not *den*, *um*)."""
    if len(tokens) > MAX_TOKENS:
        return None
    best: tuple[tuple[int, int], tuple[Capture, ...], int] | None = None
    seen = 0
    for end, captures, literal in _walk(node, tokens, 0, time_words, len(tokens), True):
        if end != len(tokens):
            continue
        if any(kind == TIME and tokens[b - 1] in weak_time_words for _, kind, a, b in captures):
            continue  # a time ends with a time of its own (*morgen um 10*), never with *um* or *den*
        key = (literal, sum(b - a for _, kind, a, b in captures if kind == TIME))
        if best is None or key > best[0]:
            best = (key, captures, literal)
        seen += 1
        if seen >= MAX_READINGS:
            break
    return None if best is None else (best[1], best[2])


def _walk(node: Node, tokens: tuple[str, ...], i: int, time_words: frozenset[str], limit: int,
          exact: bool) -> Iterator[_Found]:
    """The readings of `node` from token `i`, ending at `limit` at the latest (what follows needs the rest) —
    or exactly there when `exact` (the node ends the sentence): a wrong path is left early, not at the end."""
    if isinstance(node, Lit | Head):
        if i < limit and (not exact or i + 1 == limit) and (
                tokens[i] in node.words if isinstance(node, Lit) else tokens[i].endswith(node.suffix)):
            yield i + 1, (), 1
    elif isinstance(node, Slot):
        for found in _slot(node, tokens, i, time_words, limit):
            if not exact or found[0] == limit:
                yield found
    elif isinstance(node, Seq):
        yield from _chain(node.parts, tokens, i, time_words, limit, exact)
    elif isinstance(node, Alt):
        for option in node.options:
            yield from _walk(option, tokens, i, time_words, limit, exact)
    elif isinstance(node, Opt):
        yield from _walk(node.inner, tokens, i, time_words, limit, exact)
        if not exact or i == limit:
            yield i, (), 0
    elif isinstance(node, Perm):  # an optional part left out reads alike in every order: each reading once
        seen: set[_Found] = set()
        for order in permutations(node.parts):
            for found in _chain(order, tokens, i, time_words, limit, exact):
                if found not in seen:
                    seen.add(found)
                    yield found


def _chain(parts: tuple[Node, ...], tokens: tuple[str, ...], i: int, time_words: frozenset[str],
           limit: int, exact: bool) -> Iterator[_Found]:
    if not parts:
        if not exact or i == limit:
            yield i, (), 0
        return
    rest = sum(part.min_len for part in parts[1:])
    if i + parts[0].min_len + rest > limit:
        return
    # the part ends exactly where the fixed rest begins when the sentence must end at `limit`
    fixed = exact and all(part.min_len == part.max_len for part in parts[1:])
    for end, captures, literal in _walk(parts[0], tokens, i, time_words, limit - rest, fixed):
        for stop, more, counted in _chain(parts[1:], tokens, end, time_words, limit, exact):
            yield stop, captures + more, literal + counted


def _slot(slot: Slot, tokens: tuple[str, ...], i: int, time_words: frozenset[str], limit: int) -> Iterator[_Found]:
    if slot.kind == FREE:
        for end in range(limit, i, -1):  # the longest first: the rest of the sentence is the usual filling
            yield end, ((slot.name, slot.kind, i, end),), 0
    elif slot.kind == TIME:
        end = i
        while end < limit and (tokens[end] in time_words or tokens[end].isdigit()):
            end += 1
        for stop in range(end, i, -1):
            yield stop, ((slot.name, slot.kind, i, stop),), 0
    else:
        for value in slot.values:
            end = i + len(value)
            if end <= limit and all(_word_fits(w, t) for w, t in zip(value, tokens[i:end], strict=True)):
                yield end, ((slot.name, slot.kind, i, end),), len(value) if slot.kind != PRONOUN else 0


def _word_fits(word: str, token: str) -> bool:
    return token.endswith(word[1:]) if word.startswith("*") else token == word


def required_words(node: Node) -> tuple[frozenset[str], ...]:
    """Word sets of which any match holds one word each (a quick filter before matching); () when unknown."""
    if isinstance(node, Lit):
        return (node.words,)
    if isinstance(node, Seq | Perm):
        return tuple(words for part in node.parts for words in required_words(part))
    if isinstance(node, Alt):
        each = [required_words(option) for option in node.options]
        if not all(each):
            return ()
        return (frozenset().union(*(words for sets in each for words in sets)),)
    return ()
