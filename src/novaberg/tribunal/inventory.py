"""The inventory check before a correction (tribunal.md „Der Bestandsabgleich“, „Die Nennung“, „Die Nennung,
geschärft“) and, beyond the specification, the same check for what a reading service delivered and for
notes.

`check_inventory`: a storage claim without a writing service of this turn is held against the timeline. Every
acute object of the turn's Lage whose covered values name exactly one day and one time is a moment; the
pair's active appointments at exactly that minute are asked through `lookup` (bound to the pair by the caller,
`TimelineRepository.find_at_moment`). *Found* is only what is found for every moment, and *covered* only what
every claiming sentence names. Outcomes, verbatim for the durable entry: `gefunden` · `gefunden_nicht_genannt`
· `nicht_gefunden` · `kein_akutes_objekt_mit_zeit` · `abfrage_gescheitert`. A read error is an error in the
log and never a finding.

Beyond the specification, everything else as strict as above:
- `reading_covers`: a state sentence (`zustand`) that names a row a service of this turn *read* is covered.
- `note_covers`: a claim that names a note of the person by its name, and as items only what the note's
  current content holds, is covered — never a claim of removing, clearing, renaming, changing or deleting
  (the content cannot show that it happened).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from zoneinfo import ZoneInfo

from novaberg.core.errors import NovabergError
from novaberg.situation.sources import Lookup, NoteView
from novaberg.text.claim_vocabulary import VOCABULARY, ascii_variants
from novaberg.tribunal.claims import StorageClaim
from novaberg.tribunal.const import (
    FORM_STATE,
    INVENTORY_FAILED,
    INVENTORY_FOUND,
    INVENTORY_NO_OBJECT,
    INVENTORY_NOT_FOUND,
    INVENTORY_NOT_NAMED,
)
from novaberg.tribunal.naming import (
    DAY_WORDS,
    REVERSE_PREFIX_MIN,
    STEM_MIN,
    content_words,
    names,
    names_appointment,
)

__all__ = ["InventoryResult", "check_inventory", "reading_covers", "note_covers",
           "UNPROVABLE_BY_NOTES"]

_log = logging.getLogger("novaberg.tribunal")

# Claims the current content of a note cannot prove: removing, clearing, renaming, changing, deleting.
_NOTES = VOCABULARY.write_actions.get("notizen", {})
_ADDING = {p for a in ("create", "append", "add_content") for p in _NOTES.get(a, ())}
UNPROVABLE_BY_NOTES = frozenset(
    variant for a in ("remove_content", "clear_content", "rename", "update", "delete") for p in _NOTES.get(a, ())
    if p not in _ADDING for variant in ascii_variants(p)
)


@dataclass(frozen=True)
class InventoryResult:
    outcome: str
    moments: tuple[str, ...]  # `abgleich_zeitpunkte`, local ISO minutes
    errors: tuple[str, ...]  # `abgleich_fehler`
    rows: tuple[dict, ...] = ()
    naming: tuple[tuple[str, ...], ...] = ()  # per claim, the ways it names a found appointment

    @property
    def covered(self) -> bool:
        return self.outcome == INVENTORY_FOUND


def check_inventory(claims: Sequence[StorageClaim], moments: Iterable[datetime], lookup: Lookup, today: date,
                    zone: ZoneInfo) -> InventoryResult:
    """Hold the claims against the pair's appointments at the acute moments. Without a claim: `ValueError`."""
    if not claims:
        raise ValueError("the inventory check needs at least one storage claim")
    wanted = sorted({m.astimezone(zone).replace(second=0, microsecond=0) for m in moments})
    stamps = tuple(m.isoformat() for m in wanted)
    if not wanted:
        return InventoryResult(INVENTORY_NO_OBJECT, stamps, ())
    rows: list[dict] = []
    for moment in wanted:
        try:
            found = list(lookup(moment))
        except (NovabergError, ValueError, TypeError) as err:
            _log.error("inventory check: the timeline could not be asked for %s: %s", moment.isoformat(), err)
            return InventoryResult(INVENTORY_FAILED, stamps, (f"{type(err).__name__}: {err}",))
        if not found:
            return InventoryResult(INVENTORY_NOT_FOUND, stamps, ())
        rows.extend(found)
    naming = tuple(_best_ways(claim.sentence, rows, today, zone) for claim in claims)
    outcome = INVENTORY_FOUND if all(names(ways) for ways in naming) else INVENTORY_NOT_NAMED
    return InventoryResult(outcome, stamps, (), tuple(rows), naming)


def _best_ways(sentence: str, rows: Sequence[dict], today: date, zone: ZoneInfo) -> tuple[str, ...]:
    best: tuple[str, ...] = ()
    for row in rows:
        ways = names_appointment(sentence, row, today, zone)
        if names(ways):
            return ways
        best = best or ways
    return best


def reading_covers(claim: StorageClaim, read_rows: Sequence[dict], today: date, zone: ZoneInfo) -> bool:
    """A state sentence that names a row a service of this turn read describes what was read."""
    if claim.form != FORM_STATE:
        return False
    return any(names(names_appointment(claim.sentence, row, today, zone)) for row in read_rows)


def _letters(word: str) -> str:
    return word.lower().strip("-")


def _name_words(name: str) -> list[str]:
    return [w for w in (_letters(w) for w in name.replace("-", " ").split()) if len(w) >= STEM_MIN]


def _names_note(word: str, name_words: Sequence[str]) -> bool:
    return any(word.startswith(n) or (len(word) >= REVERSE_PREFIX_MIN and n.startswith(word)) for n in name_words)


def _holds(item: str, held: set[str]) -> bool:
    return item in held or any(
        len(min(item, word, key=len)) >= STEM_MIN and (word.startswith(item) or item.startswith(word)) for word in held
    )


def _is_place(word: str) -> bool:
    return any(word == place or word.endswith(place) for place in VOCABULARY.storage_places.words)


def note_covers(claim: StorageClaim, notes: Sequence[NoteView]) -> bool:
    """The claim names a note of the person and only items its current content holds."""
    if claim.word in UNPROVABLE_BY_NOTES:
        return False
    words = [_letters(w) for w in content_words(claim.sentence)]
    for note in notes:
        name_words = _name_words(note.name)
        if not name_words or not any(_names_note(w, name_words) for w in words):
            continue
        held = {_letters(w) for w in note.content.replace(",", " ").replace("-", " ").split() if w.strip()}
        held = {w.strip(".;:!?()[]„“\"'") for w in held}
        items = [w for w in words if not _names_note(w, name_words) and w not in DAY_WORDS
                 and w not in VOCABULARY.not_items and w not in VOCABULARY.participles and not _is_place(w)]
        if all(_holds(item, held) for item in items):
            return True
    return False
