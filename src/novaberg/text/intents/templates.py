"""Sentence templates, compiled once: the syntax of the intent files (`*_de.json` beside this module).

A template is a line of words, folded like the tokens it is matched against (`text.tokens`):

- `(a|b c)` alternatives, `[x]` an optional part, `<regel>` an expansion rule of `common_de.json`;
- `{slot}` a slot: a slot list of the common file (its values, one or more words; a value written `*liste`
  is the head of a compound and matches *Einkaufsliste*, *Packliste*), a free slot (`frei`: one or more
  words, its text as said), a time slot (`zeit`: words of the time vocabulary only) or a pronoun slot
  (`fuerwort`: *es*, *das*, *ihn* … resolved later from the Lage, never here);
- `(a; b; c)` the German middle field: its parts in any order (each may be optional);
- `*kopf` one word ending in `kopf` (a compound: *Einkaufsliste* for `*liste`).

A frame (`{"verb": …, "mittelfeld": […]}` in a file) is the separable verb: the imperative opens and its
particle closes the sentence (*Trag … ein*, *Füg … hinzu*), or a modal opener (`<modal>`) and the infinitive
closes it (*Kannst du … eintragen*); the middle field's parts stand between in any order.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from novaberg.text.words import fold

__all__ = ["Lit", "Head", "Slot", "Seq", "Alt", "Opt", "Perm", "Node", "Grammar", "TemplateError", "parse",
           "FREE", "TIME", "PRONOUN", "LISTED"]

FREE, TIME, PRONOUN, LISTED = "frei", "zeit", "fuerwort", "liste"
UNBOUNDED = 1 << 16  # the length of a free or time slot: no bound


class TemplateError(ValueError):
    """A template line that cannot be read: the intent file is refused loudly when it is loaded."""


@dataclass(frozen=True)
class Lit:
    words: frozenset[str]  # one token, any of these folded words
    min_len: int = field(default=1, init=False, compare=False)  # the fewest tokens it reads (for pruning)
    max_len: int = field(default=1, init=False, compare=False)  # the most (`UNBOUNDED` for a free slot)


@dataclass(frozen=True)
class Head:
    suffix: str  # one token ending in this folded word (a compound's head), the word itself included
    min_len: int = field(default=1, init=False, compare=False)
    max_len: int = field(default=1, init=False, compare=False)


@dataclass(frozen=True)
class Slot:
    name: str
    kind: str  # FREE | TIME | PRONOUN | LISTED
    values: tuple[tuple[str, ...], ...] = ()  # LISTED/PRONOUN: folded word sequences; '*x' a compound head
    min_len: int = field(default=1, init=False, compare=False)
    max_len: int = field(default=UNBOUNDED, init=False, compare=False)

    def __post_init__(self) -> None:
        if self.values:
            object.__setattr__(self, "min_len", min(len(v) for v in self.values))
            object.__setattr__(self, "max_len", max(len(v) for v in self.values))


def _add_up(node: Seq | Perm) -> None:
    """A node that reads every one of its parts (in this order or any): its lengths are their sums."""
    object.__setattr__(node, "min_len", sum(p.min_len for p in node.parts))
    object.__setattr__(node, "max_len", min(UNBOUNDED, sum(p.max_len for p in node.parts)))


@dataclass(frozen=True)
class Seq:
    parts: tuple[Node, ...]
    min_len: int = field(default=0, init=False, compare=False)
    max_len: int = field(default=0, init=False, compare=False)

    def __post_init__(self) -> None:
        _add_up(self)


@dataclass(frozen=True)
class Alt:
    options: tuple[Node, ...]
    min_len: int = field(default=0, init=False, compare=False)
    max_len: int = field(default=0, init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "min_len", min(p.min_len for p in self.options))
        object.__setattr__(self, "max_len", max(p.max_len for p in self.options))


@dataclass(frozen=True)
class Opt:
    inner: Node
    min_len: int = field(default=0, init=False, compare=False)
    max_len: int = field(default=0, init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "max_len", self.inner.max_len)


@dataclass(frozen=True)
class Perm:
    parts: tuple[Node, ...]
    min_len: int = field(default=0, init=False, compare=False)
    max_len: int = field(default=0, init=False, compare=False)

    def __post_init__(self) -> None:
        _add_up(self)


Node = Lit | Head | Slot | Seq | Alt | Opt | Perm


@dataclass(frozen=True)
class Grammar:
    """What the common file shares: expansion rules (raw lines), slot lists and the kinds of the slots."""

    rules: Mapping[str, str]
    lists: Mapping[str, tuple[tuple[str, ...], ...]]
    kinds: Mapping[str, str]  # slot name → FREE | TIME | PRONOUN | LISTED

    @classmethod
    def of(cls, raw: Mapping[str, Any]) -> Grammar:
        lists = {name: tuple(tuple(fold(v).split()) for v in values) for name, values in raw["listen"].items()}
        kinds = {name: LISTED for name in lists}
        kinds.update({name: FREE for name in raw["freie_slots"]})
        kinds.update({name: TIME for name in raw["zeit_slots"]})
        kinds.update({name: PRONOUN for name in raw["fuerwort_slots"]})
        return cls(dict(raw["regeln"]), lists, kinds)


def parse(line: str, grammar: Grammar, _depth: int = 0) -> Node:
    """The compiled form of one template line (expansion rules inlined); a fault raises `TemplateError`."""
    if _depth > 8:
        raise TemplateError(f"expansion rules nest too deep in {line!r}")
    node, rest = _sequence(fold(line), grammar, _depth, closing="")
    if rest:
        raise TemplateError(f"unexpected {rest[:20]!r} in template {line!r}")
    return node


def _sequence(text: str, grammar: Grammar, depth: int, closing: str) -> tuple[Node, str]:
    """Alternatives (`|`) of sequences, or a free order (`;`), up to `closing`; returns the node and the rest."""
    options: list[list[Node]] = [[]]
    separator = ""
    text = text.lstrip()
    while text and text[0] not in closing:
        char = text[0]
        if char in "|;":
            if separator and separator != char:
                raise TemplateError(f"'|' and ';' mixed in one group near {text[:20]!r}")
            separator = char
            options.append([])
            text = text[1:].lstrip()
            continue
        node, text = _element(text, grammar, depth)
        options[-1].append(node)
        text = text.lstrip()
    if closing and not text:
        raise TemplateError(f"missing {closing!r}")
    seqs = [parts[0] if len(parts) == 1 else Seq(tuple(parts)) for parts in options]
    if any(not parts for parts in options):
        raise TemplateError("an empty alternative or part")
    if separator == ";":
        return Perm(tuple(seqs)), text
    return (seqs[0] if len(seqs) == 1 else _alternatives(seqs)), text


def _alternatives(options: list[Node]) -> Node:
    """`(a|b|c)`: nested alternatives flattened, and the one-word options joined into one word set (one test of
    a token instead of one per word: *<det>* has two dozen)."""
    flat: list[Node] = []
    for option in options:
        flat.extend(option.options if isinstance(option, Alt) else (option,))
    words = frozenset().union(*(o.words for o in flat if isinstance(o, Lit)))
    rest = [o for o in flat if not isinstance(o, Lit)]
    joined = ([Lit(words)] if words else []) + rest
    return joined[0] if len(joined) == 1 else Alt(tuple(joined))


def _element(text: str, grammar: Grammar, depth: int) -> tuple[Node, str]:
    char = text[0]
    if char in "([":
        closing = ")" if char == "(" else "]"
        node, rest = _sequence(text[1:], grammar, depth, closing)
        return (Opt(node) if char == "[" else node), rest[1:]
    if char in "{<":
        closing = "}" if char == "{" else ">"
        end = text.find(closing)
        if end < 0:
            raise TemplateError(f"missing {closing!r} in {text[:20]!r}")
        name = text[1:end].strip()
        if char == "<":
            if name not in grammar.rules:
                raise TemplateError(f"unknown expansion rule <{name}>")
            return parse(grammar.rules[name], grammar, depth + 1), text[end + 1:]
        return _slot(name, grammar), text[end + 1:]
    end = len(text)
    for i, c in enumerate(text):
        if c.isspace() or c in "()[]{}<>|;":
            end = i
            break
    word = text[:end]
    if word.startswith("*"):
        return Head(word[1:]), text[end:]
    return Lit(frozenset({word})), text[end:]


def _slot(name: str, grammar: Grammar) -> Slot:
    kind = grammar.kinds.get(name)
    if kind is None:
        raise TemplateError(f"unknown slot {{{name}}}: declare it in common_de.json")
    values = grammar.lists.get(name, ())
    return Slot(name, kind, values)
