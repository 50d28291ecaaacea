"""The fourth exit's offer can be taken (dateien.md §8.2).

When the needle misses, the reading service names the nearest finding and asks *„Soll ich dir diese Stelle
vorlesen?"*. That offer is kept for the pair — the index row's id and the line range, nothing of the text —
and lives for exactly the next turn: `take_read_offer` removes it whatever that turn says. A consent reads the
passage (the row read again with the pair in its condition, the file opened through the watcher's boundary
checks), a refusal ends it politely, and any other sentence is a turn of its own.
"""

from __future__ import annotations

import json
import logging
from dataclasses import replace
from pathlib import Path
from typing import Any

from novaberg.agents.services import ServiceResult
from novaberg.core.edge import check_id
from novaberg.files.allowlist import AllowListRepository
from novaberg.files.blocks import location, shown_path
from novaberg.files.reading import texts
from novaberg.files.reading.repository import ReadingRepository
from novaberg.files.reading.zoom import open_said, read_block
from novaberg.files.retrieval import Hit
from novaberg.memory.keys import colon_pair
from novaberg.store.redis_store import redis_errors

__all__ = ["READ_OFFER", "keep_read_offer", "take_read_offer", "read_offered", "refuse_read", "PASSAGE_LINES"]

logger = logging.getLogger(__name__)

READ_OFFER = "vorlesen"  # the proposal's name in the reading service's data (`vorschlag`)
PASSAGE_LINES = 12  # what is read out at most: a passage, not the file
_TTL_SECONDS = 30 * 60


def _key(user_id: str, character_id: str) -> str:
    """`dateien_vorlesen:<user>:<character>` with `%` and `:` encoded in each id (`memory.keys.colon_pair`): unchanged
    for ids without them; an offer under an older, ambiguous key is not read (its value does not name its pair) —
    it expires in half an hour, and Nova asks again."""
    return f"dateien_vorlesen:{colon_pair(check_id(user_id, 'user_id'), check_id(character_id, 'character_id'))}"


def keep_read_offer(redis: Any, user_id: str, character_id: str, result: ServiceResult) -> bool:
    """Keep the offer of a result that proposes reading a passage (`vorschlag` = READ_OFFER); True if kept."""
    if result.data.get("vorschlag") != READ_OFFER or not isinstance(result.data.get("index_id"), int):
        return False
    lines = result.data.get("zeilenbereich")
    with redis_errors("the read offer"):
        redis.set(_key(user_id, character_id), json.dumps({"index_id": result.data["index_id"], "zeilen": lines}),
                  ex=_TTL_SECONDS)
    return True


def take_read_offer(redis: Any, user_id: str, character_id: str) -> dict[str, Any] | None:
    """The pair's open read offer, removed (an offer answers only the turn right after it), or None."""
    key = _key(user_id, character_id)
    with redis_errors("the read offer"), redis.pipeline() as pipe:
        pipe.get(key)
        pipe.delete(key)
        raw, _ = pipe.execute()
    if raw is None:
        return None
    try:
        offer = json.loads(raw)
    except (TypeError, ValueError):
        logger.error("a read offer for %s is unreadable and dropped", user_id)
        return None
    return offer if isinstance(offer, dict) and isinstance(offer.get("index_id"), int) else None


def refuse_read() -> ServiceResult:
    return ServiceResult("dateien", "dismissed", texts.READ_REFUSED, [{"schritt": "vorlesen", "ausgang": "abgelehnt"}])


def read_offered(offer: dict[str, Any], user_id: str, character_id: str, deps: Any) -> ServiceResult:
    """Read the offered passage: the row of this pair only, the file through the boundary checks."""
    steps: list[dict[str, Any]] = [{"schritt": "vorlesen", "index_id": offer["index_id"]}]
    row = ReadingRepository(deps.db).by_ids(user_id, character_id, [offer["index_id"]]).get(offer["index_id"])
    if row is None:
        return ServiceResult("dateien", "fehler", texts.READ_GONE, [*steps, {"ausgang": "kein_eintrag"}])
    span = offer.get("zeilen")
    start = int(span[0]) if isinstance(span, list) and span and isinstance(span[0], int) else 1
    hit = Hit(path=str(Path(row["wurzel_pfad"]) / row["pfad"]), root_id=row["root_id"], thema=row["thema"] or "",
              score=1.0, channels=(), relative=row["pfad"], eigentum=row["eigentum"], zeilen=row["zeilen"] or 0,
              index_id=row["id"])
    problems: list[str] = []
    opened = open_said(hit, AllowListRepository(deps.db).of(user_id), problems)
    if opened is None:
        return ServiceResult("dateien", "fehler", "\n".join(problems), [*steps, {"ausgang": "nicht_lesbar"}])
    lines = [(number, text) for number, text in read_block(opened, start, start + PASSAGE_LINES - 1) if text.strip()]
    if not lines:
        return ServiceResult("dateien", "fehler", texts.READ_GONE, [*steps, {"ausgang": "leer"}])
    shown = replace(hit, lines=(lines[0][0], lines[-1][0]))
    body = [texts.READ_HEAD.format(fundstelle=location(shown)), *(f"  {text.rstrip()}" for _, text in lines)]
    steps.append({"schritt": "gelesen", "datei": shown_path(hit), "zeilen": [lines[0][0], lines[-1][0]]})
    return ServiceResult("dateien", "abgeschlossen", "\n".join(body), steps,
                         data={"fundstellen": [shown_path(hit)], "zeilen": [n for n, _ in lines]})
