"""Redis names of the memory (synapsen-promotion.md §2–§3): one place, so writer and agent agree.

A pair is written as one token with `:` and `|` escaped in both ids, so `queue:{pair}` and its side
lists `queue:{pair}:arbeit|:gescheitert|:versuche` are never ambiguous, whatever characters the ids carry.

The older keys of the shape `<prefix><user>:<character>` (the Lage, the read offer) keep that shape with `%` and `:`
percent-encoded in each id (`colon_pair`): an id without either character gives the very key it always had, so
stored data is found as it is; an id with one used to give an ambiguous key (`a:b` + `c` and `a` + `b:c` met), and
its readers may still look at that old key (`raw_colon_pair`) where the stored value names its pair.
"""

from __future__ import annotations

from urllib.parse import quote, unquote

__all__ = ["KZG_PREFIX", "QUEUE_PREFIX", "SIDE_LISTS", "WORK", "FAILED", "ATTEMPTS", "pair_token", "pair_of_token",
           "kzg_key", "kzg_index", "queue", "work_list", "failed_list", "attempts_hash", "pair_of_queue",
           "EVENT_ORDERS", "EVENT_ORDERS_WORK", "RETURN_PREFIX", "return_path", "colon_part", "colon_pair",
           "raw_colon_pair", "unambiguous_raw"]

KZG_PREFIX = "kzg:"
QUEUE_PREFIX = "queue:"
RETURN_PREFIX = "rueckweg:"
WORK, FAILED, ATTEMPTS = ":arbeit", ":gescheitert", ":versuche"
SIDE_LISTS = (WORK, FAILED, ATTEMPTS)  # §2a: side lists are no pairs


def colon_part(text: str) -> str:
    """One id as a part of a `…:<user>:<character>` key: `%` and `:` percent-encoded, all else as it is."""
    return text.replace("%", "%25").replace(":", "%3A")


def colon_pair(user_id: str, character_id: str) -> str:
    """`<user>:<character>` with both ids encoded by `colon_part`: one pair, one name."""
    return f"{colon_part(user_id)}:{colon_part(character_id)}"


def raw_colon_pair(user_id: str, character_id: str) -> str:
    """The old, unencoded `<user>:<character>`: the same as `colon_pair` unless an id holds `%` or `:`."""
    return f"{user_id}:{character_id}"


def unambiguous_raw(user_id: str, character_id: str) -> bool:
    """Whether the old key of this pair could belong to no other pair (neither id holds a `:`)."""
    return ":" not in user_id and ":" not in character_id


def pair_token(user_id: str, character_id: str) -> str:
    return f"{quote(user_id, safe='')}|{quote(character_id, safe='')}"


def pair_of_token(token: str) -> tuple[str, str] | None:
    user, sep, character = token.partition("|")
    if not sep or not user or not character or "|" in character or ":" in token:
        return None
    return unquote(user), unquote(character)


def kzg_key(user_id: str, character_id: str, turn_id: str) -> str:
    return f"{KZG_PREFIX}{pair_token(user_id, character_id)}:{turn_id}"


def kzg_index(user_id: str, character_id: str) -> str:
    """The pair's short-term keys, scored by creation time (a hash that expired is dropped on reading)."""
    return f"kzg_index:{pair_token(user_id, character_id)}"


def queue(user_id: str, character_id: str) -> str:
    return f"{QUEUE_PREFIX}{pair_token(user_id, character_id)}"


def work_list(user_id: str, character_id: str) -> str:
    return queue(user_id, character_id) + WORK


def failed_list(user_id: str, character_id: str) -> str:
    return queue(user_id, character_id) + FAILED


def attempts_hash(user_id: str, character_id: str) -> str:
    return queue(user_id, character_id) + ATTEMPTS


def return_path(user_id: str, character_id: str) -> str:
    """§3b: the pair's return-path orders (key, node id, turn id), queued by the bridge, read by `return_path.py`."""
    return f"{RETURN_PREFIX}{pair_token(user_id, character_id)}"


def pair_of_queue(name: str) -> tuple[str, str] | None:
    """The pair of a waiting queue's name; None for a side list or a name that is no pair's queue."""
    if not name.startswith(QUEUE_PREFIX) or name.endswith(SIDE_LISTS):
        return None
    return pair_of_token(name[len(QUEUE_PREFIX):])


EVENT_ORDERS = "passiv:ereignisse"  # timeline.md §5.5: passive orders of the turn, run by the heartbeat
EVENT_ORDERS_WORK = EVENT_ORDERS + WORK
