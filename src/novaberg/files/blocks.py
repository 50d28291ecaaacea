"""The blocks in the turn (dateien.md §1a.2, §1a.5, §4c, §5.6): `[AUFZEICHNUNGEN]` and `[EIGENE FUNDE]`.

The enricher source (§3.0) runs once per turn (one statement, no model call) and hands the composer its
hits in two blocks, chosen by the root's `eigentum`: `nutzer` and `gemischt` → `[AUFZEICHNUNGEN]`
(foreign material), `figur` → `[EIGENE FUNDE]` (her own work). A block is present only when it has
entries, and then it carries its own framing (a prompt file: origin, location, the conflict rule). Every
entry reads `- <Fundstelle>: <Thema> — <Auszug>`, the location a person can open — absolute path and line
range — with `(archiviert)` on every archived location (`labels.is_archived`, one rule for all paths).
Duplicates are removed only inside one source class (§4c): a file entry never replaces a memory entry.
"""

from __future__ import annotations

import logging
import re
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from novaberg.agents.readers import Block
from novaberg.core.errors import DatabaseError, InputError
from novaberg.core.settings import FILES_HITS_CAP
from novaberg.files.labels import is_archived
from novaberg.files.reading import texts
from novaberg.files.retrieval import Hit, Retriever, root_of
from novaberg.text.file_requests import asks_records

__all__ = ["FOREIGN_HEADER", "OWN_HEADER", "location", "shown_path", "entry", "dedupe", "block_text", "split_hits",
           "turn_hits", "aufzeichnungen_block", "eigene_funde_block", "asks_records", "EXCERPT_CHARS", "framed",
           "QUESTION_FILES"]

logger = logging.getLogger(__name__)

FOREIGN_HEADER = "[AUFZEICHNUNGEN]"
OWN_HEADER = "[EIGENE FUNDE]"  # §1a.5: does not contain the other header as a substring
_PROMPT_BLOCKS = {FOREIGN_HEADER: "aufzeichnungen", OWN_HEADER: "eigene_funde"}
_OWN = frozenset({"figur"})  # §1a.5: `gemischt` goes to the foreign block
EXCERPT_CHARS = 240
# the files a question's answer is looked for in (answers.sources): the block's K and the next three of the same
# search. XQuAD dev through the question path: the paragraph that answers is 6th to 8th for 4 of the 110 questions
# that got no answer with 5; the head of the list is the block's, unchanged (retrieval.py, `depth`)
QUESTION_FILES = 8


def shown_path(hit: Hit) -> str:
    """The file as a person is told it: `<root folder>/<relative path>` — never the server's absolute path
    (no server path in an answer or a service step)."""
    return f"{root_of(hit).name}/{hit.relative}" if hit.relative else root_of(hit).name


def location(hit: Hit) -> str:
    """The place a person can find: root folder + relative path, line range, and `(archiviert)` where
    archived (§5.6)."""
    place = shown_path(hit)
    if hit.lines is not None:
        von, bis = hit.lines
        place += ", " + (texts.LINE.format(zeile=von) if von == bis else texts.LINES.format(von=von, bis=bis))
    elif hit.zeilen:
        place += ", " + (texts.LINE.format(zeile=1) if hit.zeilen == 1 else texts.LINES.format(von=1, bis=hit.zeilen))
    if is_archived(hit.path):
        place += " " + texts.ARCHIVED
    return place


def _excerpt(text: str) -> str:
    flat = " ".join(text.split())
    if len(flat) <= EXCERPT_CHARS:
        return flat or texts.NO_SUMMARY
    cut = flat[:EXCERPT_CHARS].rsplit(" ", 1)[0]
    return cut + " …"


def entry(hit: Hit) -> str:
    """`- <Fundstelle>: <Thema> — <Auszug>` plus how it was found and how long the file is (§3.0b: she
    weighs reading on against talking on with these two facts)."""
    found = texts.FOUND_BY.format(kanaele=", ".join(texts.CHANNEL_NAMES[c] for c in hit.channels),
                                  zeilen=hit.zeilen)
    return f"- {location(hit)}: {' '.join(hit.thema.split())} — {_excerpt(hit.zusammenfassung)} ({found})"


def _normal(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", text.casefold()).split())


def dedupe(hits: Sequence[Hit]) -> list[Hit]:
    """§4c, inside one source class only: exact over the normalised topic + excerpt (the higher score wins),
    then containment (the longer wins). Order of the survivors stays the order of the hits."""
    kept: list[Hit] = []
    for hit in sorted(hits, key=lambda h: -h.score):
        key = _normal(f"{hit.thema} {hit.zusammenfassung}")
        clash = next((i for i, other in enumerate(kept)
                      if key and (key == (other_key := _normal(f"{other.thema} {other.zusammenfassung}"))
                                  or key in other_key or other_key in key)), None)
        if clash is None:
            kept.append(hit)
        elif len(key) > len(_normal(f"{kept[clash].thema} {kept[clash].zusammenfassung}")):
            kept[clash] = hit
    order = {id(hit): index for index, hit in enumerate(hits)}
    return sorted(kept, key=lambda h: order[id(h)])


def split_hits(hits: Sequence[Hit]) -> dict[str, list[Hit]]:
    """Hits by block: `figur` roots to `[EIGENE FUNDE]`, `nutzer`/`gemischt` (and anything else) to the foreign block."""
    return {FOREIGN_HEADER: [h for h in hits if h.eigentum not in _OWN], OWN_HEADER: [h for h in hits if h.eigentum in _OWN]}


def block_text(header: str, hits: Sequence[Hit], framing: str) -> str | None:
    """The whole block, header line included; None when there is no entry (§1a.2: only when there are hits)."""
    entries = [entry(hit) for hit in dedupe(hits)]
    return framed(header, framing, entries) if entries else None


def framed(header: str, framing: str, entries: Sequence[str]) -> str:
    """A block for the composer: its header line, its framing (a prompt file), then its entries."""
    head = framing.strip()
    if not head.startswith(header):
        head = f"{header}\n{head}"
    return head + "\n\n" + "\n".join(entries)


# One search per turn for both readers (and the re-read after a write): keyed by the turn id.
_TURN_CACHE: OrderedDict[tuple[Any, ...], list[Hit]] = OrderedDict()
_CACHE_LOCK = threading.Lock()
_CACHE_SIZE = 64


def turn_hits(state: dict[str, Any], deps: Any, k: int = FILES_HITS_CAP) -> list[Hit]:
    """The turn's first `k` hits (at most `QUESTION_FILES`); one search per turn, cached, of `QUESTION_FILES`
    files — the blocks and the deepening take the first `FILES_HITS_CAP`, the question path all of them. A
    failing search is logged and gives no block, never an error."""
    key = (state.get("turn_id"), state.get("user_id"), state.get("character_id"), state.get("text", ""))
    with _CACHE_LOCK:
        if key in _TURN_CACHE:
            return _TURN_CACHE[key][:k]
    try:
        hits = Retriever(deps.db, deps.embedder, deps.log).search(
            state.get("user_id", ""), state.get("character_id", ""), state.get("text", ""), state["now"],
            k=max(QUESTION_FILES, FILES_HITS_CAP), turn_id=state.get("turn_id"))
    except (DatabaseError, InputError, ValueError) as err:
        logger.error("dateien: the enricher source failed, no block this turn: %s", err)
        hits = []
    with _CACHE_LOCK:
        _TURN_CACHE[key] = hits
        while len(_TURN_CACHE) > _CACHE_SIZE:
            _TURN_CACHE.popitem(last=False)
    return hits[:k]


def _framing(deps: Any, header: str) -> str:
    return deps.asker.prompts.load("verfasser", _PROMPT_BLOCKS[header])


def _block(header: str, state: dict[str, Any], deps: Any) -> Block:
    hits = split_hits(turn_hits(state, deps))[header]
    text = block_text(header, hits, _framing(deps, header))
    if text is None:
        return None
    return Block(header, text, answers_question=asks_records(state.get("text", "")))


def aufzeichnungen_block(state: dict[str, Any], deps: Any) -> Any:
    """Block reader of `[AUFZEICHNUNGEN]` (foreign material: `nutzer`, `gemischt`)."""
    return _block(FOREIGN_HEADER, state, deps)


def eigene_funde_block(state: dict[str, Any], deps: Any) -> Any:
    """Block reader of `[EIGENE FUNDE]` (her own research: `figur`)."""
    return _block(OWN_HEADER, state, deps)
