"""The told sentence that answers a question about what the person told Nova — for a question path outside the
memory block (the block `[ERINNERUNGEN]` answers through the composer, `block.py`).

    told_answer(deps, user_id, character_id, text, now) -> ToldAnswer | NothingTold | None

- `ToldAnswer`: the sentence as told, the moment it was told and whom it is about — the newest version of a
  thing told again (the older ones in `earlier`, newest first, each said only as earlier);
- `NothingTold`: the question is about a thing of her life that only she can have told (*Wo arbeitet meine
  Tochter?*, *Was für ein Auto fahre ich?*) and nothing told answers it: the caller says so („Dazu hast du mir
  nichts erzählt") rather than search files or guess;
- None: the text is no question about what was told, or nothing told answers a question that other stores may
  (*Wann habe ich die Steuererklärung für 2024 abgegeben?*), or a memory could not be read this time.

Never a neighbour fact (`recall.TopicScorer`): the subject of the question is the subject of the sentence
(*mein Mann* is not *ich*), a name is that name (*Minka* is not *Mimi*), a year that year. No model call; the
pair's told sentences are read as the block reads them (long-term nodes, fresh short-term entries).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from novaberg.memory.block import Told, recall_told
from novaberg.memory.recall import memory_question, said_on
from novaberg.memory.slots import names_of, subject_of
from novaberg.memory.texts import HISTORY_LINE, RECALL_LINE, RECALL_LINE_SIE

__all__ = ["ToldAnswer", "NothingTold", "told_answer"]


@dataclass(frozen=True)
class ToldAnswer:
    sentence: str  # as the person told it
    said_on: datetime  # when it was told (UTC or aware)
    about: str  # whom it is about: "ich", a relative word ("mann", "tochter"), or a name ("minka")
    earlier: tuple[ToldAnswer, ...] = ()  # older versions of the same thing, superseded by this one, newest first

    def line(self, zone: Any, now: datetime, sie: bool = False) -> str:
        """The offline answer: *Am 5. Oktober hast du mir erzählt: „…“*, then each earlier version marked so."""
        told = (RECALL_LINE_SIE if sie else RECALL_LINE).format(tag=said_on(self.said_on, zone, now),
                                                                inhalt=self.sentence)
        return "\n".join([told, *(HISTORY_LINE.format(tag=said_on(old.said_on, zone, now), inhalt=old.sentence)
                                  for old in self.earlier)])


@dataclass(frozen=True)
class NothingTold:
    """A question about a told personal thing that nothing told answers (say so; never the nearest sentence)."""

    about: str  # whom or what was asked about ("tochter", "ich", or the asked words)


def told_answer(deps: Any, user_id: str, character_id: str, text: str,
                now: datetime) -> ToldAnswer | NothingTold | None:
    """The told sentence that answers `text` (see the module's text); `deps` needs db, redis, embedder, zone."""
    question = memory_question(text)
    if question is None:
        return None
    state = {"user_id": user_id, "character_id": character_id, "now": now, "text": text, "turn_id": None}
    recalled = recall_told(state, deps, question)
    if recalled is None or recalled.unread:
        return None  # a memory unread this time: neither an answer nor „nothing told" can be said
    asked = _asked(question.who, question.about_herself, question.asked)
    if not recalled.current:
        return NothingTold(asked) if question.abstains else None
    best = recalled.current[0]
    names = names_of(said for _, said, _ in recalled.every)
    earlier = sorted((old for old, new in recalled.history if new is best), key=lambda item: item[0], reverse=True)
    return ToldAnswer(best[1], best[0], _about(best, names, question.who),
                      tuple(ToldAnswer(old[1], old[0], _about(old, names, question.who)) for old in earlier))


def _about(item: Told, names: dict[str, str], who: frozenset[str]) -> str:
    subject = subject_of(item[1], names)
    named = sorted(who & set(names))  # asked by name: the name, not the relative it stands for
    return named[0] if named else subject or "ich"


def _asked(who: frozenset[str], herself: bool, asked: frozenset[str]) -> str:
    if who:
        return min(who, key=len)
    return "ich" if herself else " ".join(sorted(asked))
