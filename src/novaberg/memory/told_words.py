"""The words of a pair's long-term nodes this process has read (`LongTermRepository.told`): the next read of the
pair asks the database only for what is newer, and an erased person's words leave at once. Beside them, the
recall's readings of those words (`readings`: tokens, subject, slot — `text.per_turn.read_kept`), kept and dropped
with the pair, so no reading of a person's sentences outlives her words in this process. No SQL here."""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from typing import Any

__all__ = ["TOLD_WORDS", "forget_told_words"]


class _ToldWords:
    """What the last `told` read of a pair returned of each node (its words, short-term time and the words' length in
    bytes), per database object (weakly: a closed test database takes its entries along) and pair, for the next read
    of that pair in this process. Sound because a node's id is never reused within a database (a sequence, never
    reset) and its words and time never change (no statement updates them); the length sent with every row is a cheap
    check besides (words held for an id that now has others of another length are read anew). Bounded: the newest
    read's nodes per pair (≤ the read's limit), at most `pairs` pairs per database, the least recently read dropped.
    A pair's erased nodes leave with its next read (they are no longer returned)."""

    def __init__(self, pairs: int = 128, reading_pairs: int = 16) -> None:
        self._pairs = pairs
        self._lock = threading.Lock()
        self._by_db: weakref.WeakKeyDictionary[Any, OrderedDict[tuple[str, str], tuple[int, dict[int, Any]]]] = \
            weakref.WeakKeyDictionary()
        self._readings: weakref.WeakKeyDictionary[Any, OrderedDict[tuple[str, str], dict[Any, Any]]] = \
            weakref.WeakKeyDictionary()
        self._reading_pairs = reading_pairs

    def held(self, db: Any, user_id: str, character_id: str) -> tuple[int, dict[int, tuple[int, tuple[Any, ...]]]]:
        """(the highest node id read before, id → (length of the words, the row as returned)); (0, {}) for a pair
        not read yet."""
        with self._lock:
            try:
                pairs = self._by_db.get(db)
            except TypeError:  # a database object without weak references (a test's stand-in): nothing is kept
                return 0, {}
            held = pairs.get((user_id, character_id)) if pairs is not None else None
            if held is None:
                return 0, {}
            pairs.move_to_end((user_id, character_id))
            return held

    def keep(self, db: Any, user_id: str, character_id: str, rows: dict[int, tuple[int, tuple[Any, ...]]]) -> None:
        """The pair's nodes as read now (id → (length of the words, the row)), in place of the ones before."""
        with self._lock:
            try:
                pairs = self._by_db.setdefault(db, OrderedDict())
            except TypeError:
                return
            pairs[(user_id, character_id)] = (max(rows, default=0), rows)  # a newer node comes in full next time
            pairs.move_to_end((user_id, character_id))
            while len(pairs) > self._pairs:
                dropped, _ = pairs.popitem(last=False)
                self._readings.get(db, {}).pop(dropped, None)

    def readings(self, db: Any, user_id: str, character_id: str) -> dict[Any, Any]:
        """The store of the recall's readings of the pair's words (`text.per_turn.readings_kept_in`): kept while
        the pair's words are kept and it is among the `reading_pairs` most recently read, dropped with the words (the
        least recently read pair, `forget`); a fresh store that is kept nowhere for a pair whose words are not held
        (or a database object without weak references)."""
        with self._lock:
            try:
                pairs = self._by_db.get(db)
            except TypeError:
                return {}
            if pairs is None or (user_id, character_id) not in pairs:
                return {}
            stores = self._readings.setdefault(db, OrderedDict())
            store = stores.setdefault((user_id, character_id), {})
            stores.move_to_end((user_id, character_id))
            while len(stores) > self._reading_pairs:  # the readings of the most recently read pairs only
                stores.popitem(last=False)
            return store

    def forget(self, user_id: str) -> int:
        """Drop every pair of `user_id` in every database object; the number of pairs dropped."""
        with self._lock:
            dropped = 0
            for pairs in list(self._by_db.values()):
                for pair in [pair for pair in pairs if pair[0] == user_id]:
                    del pairs[pair]
                    dropped += 1
            for readings in list(self._readings.values()):
                for pair in [pair for pair in readings if pair[0] == user_id]:
                    del readings[pair]
            return dropped


TOLD_WORDS = _ToldWords()


def forget_told_words(user_id: str) -> int:
    """An erased person's words leave this process's memory at once, not with the pair's next read."""
    return TOLD_WORDS.forget(user_id)
