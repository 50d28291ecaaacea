"""The block `[ERINNERUNGEN]` (the Enricher's memory context): each turn the pair's long-term nodes nearest
to what was said (one query, above a floor, capped) and the fresh short-term entries above MID.

No model call. The block answers the turn (`answers_question`) only when the person asks about herself
— "Was weißt du über mich?" lists what is known, "Wie heißt mein Hund?" keeps only the nearest entries,
so an answer built from the block carries the fact. Every delivery is logged: count and worst similarity.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from operator import itemgetter
from typing import Any

import psycopg
import redis as redis_lib

from novaberg.agents.readers import Block
from novaberg.core.errors import DatabaseError, ModelError
from novaberg.core.settings import MEMORY_ABOUT_ME_CAP, MEMORY_BLOCK_CAP, MEMORY_BLOCK_FLOOR
from novaberg.embed.cache import embed_cached, embed_cached_arrays
from novaberg.memory.address import person_address
from novaberg.memory.recall_periods import asked_period
from novaberg.memory.recall_scoring import TopicScorer
from novaberg.memory.repository import LongTermRepository
from novaberg.memory.short_term import ShortTermMemory
from novaberg.memory.similarity import cosines as _cosines
from novaberg.memory.texts import (
    BLOCK_HEADER,
    BLOCK_INTRO,
    BLOCK_NOT_TOLD,
    BLOCK_NOTHING_YET,
    CURRENT_LINE,
    HISTORY_LINE,
    LONG_TERM_LINE,
    NOT_TOLD,
    NOT_TOLD_SIE,
    RECALL_LINE,
    RECALL_LINE_SIE,
    REPLY_INTRO,
    REPLY_LINE,
    REPLY_NOTHING_YET,
    SHORT_TERM_LINE,
    SUPERSEDED_LINE,
    said_on,
)
from novaberg.memory.told_words import TOLD_WORDS
from novaberg.text.per_turn import read_kept, readings_kept_in
from novaberg.text.recall_patterns import ABOUT_ME_PATTERN, OWN_WORDS
from novaberg.text.recall_question import MemoryQuestion, memory_question
from novaberg.text.small_talk import ADDRESS_SIE
from novaberg.text.told_slots import names_of, slot_of, subject_of

__all__ = ["READER", "read_memory_block", "question_kind", "ABOUT_ME", "ABOUT_HERSELF", "Recalled", "recall_told"]

READER = "erinnerungen"
ABOUT_ME, ABOUT_HERSELF = "ueber_mich", "frage_zu_ihr"
_FOCUS_MARGIN = 0.12  # a question about one thing keeps the entries this close to the best one
_FOCUS_CAP = 3
_RECALL_SCAN = 500  # a memory question reads the pair's newest long-term nodes up to this many
_RECALL_CAP = 3  # … and says at most this many matching sentences, newest first
_MOST = 3  # a score of two asked words held (1 + 2): below the best such sentence, a sentence is no answer
_log = logging.getLogger("novaberg.memory")


def question_kind(text: str) -> str | None:
    """ABOUT_ME for "what do you know about me", ABOUT_HERSELF for a question about her own things."""
    if ABOUT_ME_PATTERN.search(text):
        return ABOUT_ME
    if text.strip().endswith("?") and OWN_WORDS.search(text):
        return ABOUT_HERSELF
    return None


def _day(moment: Any, zone: Any) -> str:
    return moment.astimezone(zone).strftime("%d.%m.%Y") if isinstance(moment, datetime) else "?"


def read_memory_block(state: dict[str, Any], deps: Any) -> Block | None:
    text = str(state.get("text", ""))
    question = memory_question(text)
    if question is not None:
        reads = _Reads()
        block = _recall_block(state, deps, question, reads)
        if block is not _NOTHING_TOLD:
            if block is not None:
                return block
        else:  # the pair has no sentence to find: the nearest search would read both memories for nothing
            return _nearest_block(state, deps, nothing_told=True)
        # no told sentence holds what is asked: the nearest entries go to a model as context, never as the
        # answer (the nearest sentence dressed as an answer is a neighbour fact — *2023* for *2024*)
        return _nearest_block(state, deps, fresh=reads.fresh, answers=False)  # short-term entries not read again
    return _nearest_block(state, deps)


@dataclass
class _Reads:
    """What the recall read got from the memories, for the nearest search that may follow in the same turn."""

    fresh: list[dict[str, Any]] | None = None  # the short-term entries above MID (None: not read, or unreadable)


def _told(state: dict[str, Any], deps: Any, superseded: dict[str, str] | None = None,
          unread: list[str] | None = None, reads: _Reads | None = None) -> list[tuple[datetime, str, bool]]:
    """The pair's told sentences (when, words, long-term?): long-term nodes newest first, then the short-term
    entries not yet promoted (not this turn's own words). `superseded` gets the stored links (older → newer),
    `unread` the memories that could not be read this turn, `reads` the short-term entries as read. A state
    without a turn (`turn_id` None: a read outside a turn, `recall_told`) logs no trace row."""
    superseded = {} if superseded is None else superseded
    unread = [] if unread is None else unread
    user_id, character_id, now = state["user_id"], state["character_id"], state["now"]
    turn_id = state.get("turn_id")
    told: list[tuple[datetime, str, bool]] = []
    try:
        repo = LongTermRepository(deps.db)
        repo.dimensions_for(deps.embedder, now)  # another embedder's memory is refused until reembed, as below
        nodes = repo.told(user_id, character_id, _RECALL_SCAN)
        told = [(when, said.strip(), True) for _, said, when, _ in nodes]
        if any(newer is not None for _, _, _, newer in nodes):  # the promotion's stored links
            by_id = {node[0]: item[1] for node, item in zip(nodes, told, strict=True)}
            for node_id, _, _, newer in nodes:
                if newer in by_id:
                    superseded[by_id[node_id]] = by_id[newer]
    except (DatabaseError, psycopg.Error, ModelError) as err:
        _log.error("long-term memory unreadable this turn: %s", err)
        if turn_id is not None:
            deps.log.write(turn_id, READER, "fehler", {"lzg": str(err)}, now, "memory")
        unread.append("lzg")
    try:
        entries = ShortTermMemory(deps.redis).fresh_above_mid(user_id, character_id, now)
        if reads is not None:
            reads.fresh = entries
        known = {said for _, said, _ in told} if entries else set()
        for entry in entries:
            said = entry["inhalt"].strip()
            if said and said not in known and not entry.get("lzg_id") and entry.get("turn_id") != str(turn_id):
                told.append((entry["erstellt_am"], said, False))
    except redis_lib.RedisError as err:
        _log.error("short-term memory unreachable this turn: %s", err)
        if turn_id is not None:
            deps.log.write(turn_id, READER, "fehler", {"kzg": str(err)}, now, "memory")
        unread.append("kzg")
    return told


_NOTHING_TOLD = Block(BLOCK_HEADER, "")  # the recall read's sign: both memories read, the pair has nothing in them


@dataclass(frozen=True)
class Recalled:
    """What the pair told about a memory question: the current sentences (best first: most of the asked words,
    then newest), the (older, newer) pairs of a slot told again, and what was read."""

    question: MemoryQuestion
    current: list[Told]
    history: list[tuple[Told, Told]]
    every: list[Told]  # all told sentences read (with or without a time)
    unread: list[str]  # the memories that could not be read ("lzg", "kzg")


def recall_told(state: dict[str, Any], deps: Any, question: MemoryQuestion,
                reads: _Reads | None = None) -> Recalled | None:
    """The told sentences that answer `question` (everyday memory questions; never a neighbour fact: the scorer's
    subject, name and year gates). `state` holds user_id, character_id, now, text and, in a turn, turn_id. None:
    a question about everything told without a period (the nearest search lists what is known)."""
    now = state["now"]
    period = asked_period(str(state.get("text", "")), now, deps.zone)
    if question.any_topic and period is None:  # before any read: the nearest search reads what it lists
        return None  # *Was hab ich dir erzählt?* without a period: the nearest search lists what is known
    stored: dict[str, str] = {}
    unread: list[str] = []
    every = _told(state, deps, stored, unread, reads)
    # the readings of the pair's sentences live with its told words (bounded, gone when the person is erased)
    with readings_kept_in(TOLD_WORDS.readings(deps.db, state["user_id"], state["character_id"])):
        return _recalled(question, every, stored, unread, period)


def _recalled(question: MemoryQuestion, every: list[Told], stored: dict[str, str], unread: list[str],
              period: tuple[datetime, datetime] | None) -> Recalled:
    """`recall_told` on the sentences read: scored, gated, by slot."""
    told = [item for item in every if item[0] is not None]
    known = _analysed(tuple(said for _, said, _ in told))
    names = dict(known.names)  # a copy: the kept analysis is shared by the reads that follow
    scorer = TopicScorer(question, names)  # the names joined to the topic once per read, not per sentence
    score = scorer.score
    scored = [(1, item) for item in told] if question.any_topic else \
        [(points, item) for item in told if (points := score(item[1])) > 0]
    if question.about_herself:
        scored = [(points, item) for points, item in scored if not _about_someone_else(item[1], known.names_key)]
    scores = {id(item): points for points, item in scored}
    found = [item for _, item in scored]
    if question.any_topic and period is not None:
        found = [item for item in found if period[0] <= item[0] < period[1]]
    if period is not None:  # *letzte Woche*: what was told then, when anything about it was
        within = [item for item in found if period[0] <= item[0] < period[1]]
        found = within or found
    if not question.broad and not question.any_topic:  # a sentence telling it beats one mentioning it aside
        primary = [item for item in found if scorer.primary(item[1])]
        found = primary or found
        if not question.yes_no:  # *Was für Sport mache ich?*: not the sport given up — *Rauche ich?*: that answers
            ongoing = [item for item in found if scorer.ongoing(item[1])]
            found = ongoing or found
    # by score, then newest first (two stable sorts: the order of (-score, -time) without a key tuple per item)
    found = sorted(sorted(found, key=_WHEN, reverse=True), key=lambda item: scores[id(item)], reverse=True)
    if found and not question.broad and not question.any_topic and scores[id(found[0])] >= _MOST:
        # a sentence holding two or more of the asked words: the others, holding fewer, are neighbours
        top = scores[id(found[0])]  # *Wie heißt meine Frau?* — not *Gisela und ich feiern …* beside *… heißt Gisela*
        found = [item for item in found if scores[id(item)] == top]
    current, history = _by_slot(found[:_RECALL_CAP], told, known, stored)
    return Recalled(question, current, history, every, unread)


def _recall_block(state: dict[str, Any], deps: Any, question: MemoryQuestion,
                  reads: _Reads | None = None) -> Block | None:
    """Everyday memory questions: the told sentences about the asked thing, each with its day, the newest of a slot as
    current and an older one of the same slot as history (`text/told_slots.py`); nothing told about a personal thing →
    „noch nicht erzählt\"; nothing told about anything else → None (the nearest search goes on)."""
    now = state["now"]
    recalled = recall_told(state, deps, question, reads)
    if recalled is None:
        return None
    every, unread, history = recalled.every, recalled.unread, recalled.history
    current = sorted(recalled.current, key=_WHEN, reverse=True)  # the block says them newest first
    worst = None
    if current:  # the delivery's log row as the nearest search writes it: count and worst similarity
        try:
            query = embed_cached(deps.embedder, [str(state.get("text", ""))])[0]
            worst = round(min(_cosines(query, embed_cached(deps.embedder, [said for _, said, _ in current]))), 4)
        except ModelError as err:
            _log.error("similarity of the recalled sentences not measured: %s", err)
    deps.log.write(state["turn_id"], READER, "geliefert",
                   {"anzahl": len(current) + len(history), "schlechteste_aehnlichkeit": worst,
                    "frage": "erinnerungsfrage", "themen": sorted(question.topics)[:12], "enthaltung": not current,
                    "abgeloest": len(history)}, now, "memory")
    sie = person_address(str(state.get("text", "")), state.get("history") or ()) == ADDRESS_SIE
    if not current:
        if not question.abstains:
            return _NOTHING_TOLD if not every and not unread else None
        return Block(BLOCK_HEADER, f"{BLOCK_HEADER}\n{BLOCK_NOT_TOLD}", answers_question=True,
                     reply=NOT_TOLD_SIE if sie else NOT_TOLD, holds=False)
    newer = {id(old): new for old, new in history}
    with_history = {id(new) for _, new in history}
    lines = []
    for item in current:
        when, said, long_term = item
        lines.append((CURRENT_LINE if id(item) in with_history else
                      LONG_TERM_LINE if long_term else SHORT_TERM_LINE).format(inhalt=said, tag=_day(when, deps.zone)))
    for old, new in history:
        lines.append(SUPERSEDED_LINE.format(inhalt=old[1], tag=_day(old[0], deps.zone), neu=_day(new[0], deps.zone)))
    told_line = RECALL_LINE_SIE if sie else RECALL_LINE
    reply = "\n".join(told_line.format(tag=said_on(when, deps.zone, now), inhalt=said) for when, said, _ in current)
    if history:
        reply += "\n" + "\n".join(HISTORY_LINE.format(tag=said_on(old[0], deps.zone, now), inhalt=old[1])
                                   for old, _ in history if id(old) in newer)
    return Block(BLOCK_HEADER, "\n".join([BLOCK_HEADER, BLOCK_INTRO, *lines]), answers_question=True, reply=reply)


def _about_someone_else(said: str, names: frozenset[tuple[str, str]]) -> bool:
    """The sentence is about someone of her life, not herself — per sentence and the pair's names, kept
    (`read_kept`): the block reads the same told sentences turn after turn."""
    return read_kept("block.about_someone_else", (said, names), lambda: _about_someone_else_now(said, names))


def _about_someone_else_now(said: str, names: frozenset[tuple[str, str]]) -> bool:
    subject = subject_of(said, dict(names))
    return subject is not None and subject != "ich"


Told = tuple[datetime, str, bool]
_WHEN = itemgetter(0)


@dataclass(frozen=True)
class _Analysed:
    """What the told sentences of a pair say whatever is asked: the names they introduce and each sentence's slot.
    A pure function of the sentences (their words only, not their times), made of readings kept per sentence
    (`told_slots`' `read_kept`), so a read after the first costs a lookup per sentence."""

    names: dict[str, str]
    names_key: frozenset[tuple[str, str]]
    slots: dict[str, str | None]  # sentence → its slot (`slots.slot_of` with the names)


def _analysed(told: tuple[str, ...]) -> _Analysed:
    names = names_of(told)
    return _Analysed(names, frozenset(names.items()), {said: slot_of(said, names) for said in told})


def _by_slot(found: list[Told], told: list[Told], known: _Analysed,
             stored: dict[str, str]) -> tuple[list[Told], list[tuple[Told, Told]]]:
    """A found sentence with a newer one of the same slot among everything told (or linked as
    superseded by the promotion, `stored`) is history; the newer one (the current value) is said even when the
    question's words did not find it. Returns the current sentences in the order found (best first), and (older, newer) pairs."""
    by_said = {item[1]: item for item in told}
    slots = known.slots
    newest: dict[str, Told] = {}
    for item in told:
        slot = slots[item[1]]
        if slot is not None and (slot not in newest or item[0] > newest[slot][0]):
            newest[slot] = item
    current: list[Told] = []
    history: list[tuple[Told, Told]] = []
    for item in found:
        slot = known.slots[item[1]]
        latest = newest.get(slot) if slot is not None else None
        if item[1] in stored and stored[item[1]] in by_said and (latest is None or latest[0] <= item[0]):
            latest = by_said[stored[item[1]]]
        if latest is not None and latest is not item and latest[0] > item[0]:
            history.append((item, latest))
            if latest not in current:
                current.append(latest)
        elif item not in current:
            current.append(item)
    return current, history


def _nearest_block(state: dict[str, Any], deps: Any, nothing_told: bool = False,
                   fresh: list[dict[str, Any]] | None = None, answers: bool = True) -> Block | None:
    """The nearest entries; `nothing_told`: the recall read just found both memories of the pair empty, so no
    entry is read again (the delivery is logged as empty all the same); `fresh`: the short-term entries the recall
    read got this turn (None: read them here)."""
    text, now = str(state.get("text", "")), state["now"]
    user_id, character_id = state["user_id"], state["character_id"]
    kind = question_kind(text)
    if not answers and kind == ABOUT_HERSELF:  # context for a model, never the answer (see read_memory_block)
        kind = None
    entries: list[tuple[float, str, str]] = []  # (similarity, line for the model, line for the person)
    seen: set[str] = set()
    query: list[float] | None = None
    if nothing_told:
        return _delivered(state, deps, kind, entries)
    try:
        repo = LongTermRepository(deps.db)
        if kind == ABOUT_ME:
            nodes = [{**n, "cosine": 1.0} for n in repo.recent(user_id, character_id, MEMORY_ABOUT_ME_CAP)]
        else:
            query = embed_cached(deps.embedder, [text])[0]
            dims = repo.dimensions_for(deps.embedder, now)
            nodes = [n for n in repo.similar(user_id, character_id, query, dims, MEMORY_BLOCK_CAP)
                     if n["cosine"] >= MEMORY_BLOCK_FLOOR]
        for node in nodes:
            seen.add(node["inhalt"].strip())
            said, day = node["inhalt"].strip(), _day(node["kzg_erstellt_am"], deps.zone)
            entries.append((float(node["cosine"]), LONG_TERM_LINE.format(inhalt=said, tag=day),
                            REPLY_LINE.format(inhalt=said, tag=day)))
    except (DatabaseError, psycopg.Error, ModelError) as err:
        _log.error("long-term memory unreadable this turn: %s", err)
        deps.log.write(state["turn_id"], READER, "fehler", {"lzg": str(err)}, now, "memory")
    try:
        if fresh is None:
            fresh = ShortTermMemory(deps.redis).fresh_above_mid(user_id, character_id, now)
        fresh = [e for e in fresh if e["inhalt"].strip() and e["inhalt"].strip() not in seen and not e.get("lzg_id")
                 and e.get("turn_id") != str(state["turn_id"])]
    except redis_lib.RedisError as err:
        _log.error("short-term memory unreachable this turn: %s", err)
        deps.log.write(state["turn_id"], READER, "fehler", {"kzg": str(err)}, now, "memory")
        fresh = []
    if fresh:
        if kind == ABOUT_ME:
            scores = [1.0] * len(fresh)
        else:
            scores = _cosines(embed_cached_arrays(deps.embedder, [text])[0],
                              embed_cached_arrays(deps.embedder, [e["inhalt"] for e in fresh]))
        for score, entry in zip(scores, fresh, strict=True):
            if kind == ABOUT_ME or score >= MEMORY_BLOCK_FLOOR:
                seen.add(entry["inhalt"].strip())
                said, day = entry["inhalt"].strip(), _day(entry["erstellt_am"], deps.zone)
                entries.append((score, SHORT_TERM_LINE.format(inhalt=said, tag=day),
                                REPLY_LINE.format(inhalt=said, tag=day)))
    return _delivered(state, deps, kind, entries)


def _delivered(state: dict[str, Any], deps: Any, kind: str | None,
               entries: list[tuple[float, str, str]]) -> Block | None:
    """The nearest search's block from its entries (similarity, line for the model, line for the person), logged."""
    now = state["now"]
    entries.sort(key=lambda item: -item[0])
    if kind == ABOUT_HERSELF and entries:
        best = entries[0][0]
        entries = [e for e in entries if e[0] >= best - _FOCUS_MARGIN][:_FOCUS_CAP]
    else:
        entries = entries[: MEMORY_ABOUT_ME_CAP if kind == ABOUT_ME else MEMORY_BLOCK_CAP]
    deps.log.write(state["turn_id"], READER, "geliefert",
                   {"anzahl": len(entries), "schlechteste_aehnlichkeit": round(entries[-1][0], 4) if entries else None,
                    "frage": kind}, now, "memory")
    if not entries:
        if kind == ABOUT_ME:
            return Block(BLOCK_HEADER, f"{BLOCK_HEADER}\n{BLOCK_NOTHING_YET}", answers_question=True,
                         reply=REPLY_NOTHING_YET)
        return None
    body = "\n".join(line for _, line, _ in entries)
    reply = "\n".join([REPLY_INTRO, *(said for _, _, said in entries)])
    return Block(BLOCK_HEADER, f"{BLOCK_HEADER}\n{BLOCK_INTRO}\n{body}", answers_question=kind is not None,
                 reply=reply)

