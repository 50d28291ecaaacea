"""Word stems for matching a question's words against a sentence's: inflections and German compounds.

A question says *Kündigungsfrist*, the note says *Frist … kündigen*; a question says *geimpft*, the note
*Impfung am 3. Mai* does not match by stem and needs no help here (a sentence of the same topic carries
other words). Stems come from the Snowball German stemmer (umlauts folded by it). Two stems *meet* when
they are equal, or one is a part of the other's compound: a prefix or suffix of at least `PART_MIN`
characters, or (for the longer part of a participle, *gekündigt* ↔ *kündig*) contained in it.
"""

from __future__ import annotations

from functools import lru_cache

import snowballstemmer

from novaberg.text.words import normalize, words

__all__ = ["stem", "stems", "base", "meet", "shares_a_part", "PART_MIN", "SHARED_MIN"]

PART_MIN = 4  # a compound part shorter than this is no part (*rat* in *Beratung*)
SHARED_MIN = 7  # a part one word begins with and the other ends with (*Haftpflicht*): only long ones
_CONTAINED_MIN = 6  # a part inside a word (not at its start or end): only long ones (*kundig* in *gekundigt*)
_STEMMER = snowballstemmer.stemmer("german")
HEAD = 0.7  # a compound's last part names what it is
MODIFIER_OF_SAID = 0.5  # the question's word begins a compound of the sentence (*Kündigung* → *Kündigungsfrist*)
MODIFIER_OF_ASKED = 0.35  # a sentence's word only begins the question's compound (*Geige* → *Geigenlehrerin*)


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """The stem of one word (lower case; digits stay as they are)."""
    word = normalize(word)
    if not word.isalpha():
        return word
    return _STEMMER.stemWord(word)


def stems(text: str) -> list[str]:
    """The stems of the words of `text`, in order (hyphenated compounds give their parts)."""
    return [stem(w) for w in words(text)]


@lru_cache(maxsize=65536)
def base(word_stem: str) -> str:
    """A stem without a participle's *ge-* and *-t* or a noun's *-ung*: *geimpft* and *Impfung* share *impf*."""
    core = word_stem
    if core.startswith("ge") and len(core) - 2 >= PART_MIN:
        core = core[2:]
        for ending in ("et", "t"):  # *gewartet* → *wart*, *geimpft* → *impf*
            if core.endswith(ending) and len(core) - len(ending) >= PART_MIN:
                core = core[:-len(ending)]
                break
    if core.endswith("ung") and len(core) >= PART_MIN + 3:
        core = core[:-3]
    return core


@lru_cache(maxsize=262144)
def meet(asked: str, said: str) -> float:
    """How well a stem of the question meets a stem of a sentence: 1.0 equal; a compound part of the other —
    the head (its end: *Frist* in *Kündigungsfrist*) 0.7, a modifier (its start: *Geige* in *Geigenlehrerin*)
    less; both the same verb as participle and noun 0.7; else 0.0."""
    if asked == said:
        return 1.0
    if base(asked) == base(said) and len(base(asked)) >= PART_MIN:
        return 0.7
    short, long_ = (asked, said) if len(asked) <= len(said) else (said, asked)
    if len(short) < PART_MIN or not short.isalpha():
        return 0.0
    if long_.endswith(short):
        return HEAD
    if long_.startswith(short):
        return MODIFIER_OF_SAID if short == asked else MODIFIER_OF_ASKED
    if len(short) >= _CONTAINED_MIN and short in long_:
        return MODIFIER_OF_SAID
    if shares_a_part(asked, said):
        return MODIFIER_OF_SAID  # a part in the middle: the said word's head begins the asked one
    return 0.0


def shares_a_part(asked: str, said: str) -> bool:
    """Whether the said stem ends with what the asked one begins with, a part of at least `SHARED_MIN` letters:
    *Hundehaftpflicht* is a *Haftpflicht*(versicherung); *Versicherungsnummer* is no *Haftpflichtversicherung*."""
    return any(said.endswith(asked[:size]) for size in range(min(len(asked), len(said)) - 1, SHARED_MIN - 1, -1))
