"""Every German text of the memory in one place (what the composer and the judges read, and `memory show`), and
the day a sentence was told as the person reads it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from novaberg.text.calendar import MONTH_NAMES

__all__ = ["BLOCK_HEADER", "BLOCK_INTRO", "BLOCK_NOTHING_YET", "LONG_TERM_LINE", "SHORT_TERM_LINE", "REPLY_INTRO",
           "REPLY_LINE", "REPLY_NOTHING_YET", "RECALL_LINE", "NOT_TOLD", "BLOCK_NOT_TOLD",
           "CURRENT_LINE", "SUPERSEDED_LINE", "HISTORY_LINE", "RECALL_LINE_SIE", "NOT_TOLD_SIE", "said_on"]

BLOCK_HEADER = "[ERINNERUNGEN]"
# Said as what the person told, never as Nova's own knowledge: the composer repeats it in her words.
BLOCK_INTRO = "Das hat Person B Nova in früheren Gesprächen erzählt (ihre eigenen Worte):"
# "Was weißt du über mich?" with nothing remembered: an honest nothing, never an invention.
BLOCK_NOTHING_YET = "Über Person B ist noch nichts gemerkt — aus früheren Gesprächen ist nichts bekannt."
LONG_TERM_LINE = "- „{inhalt}“ (erzählt am {tag})"
SHORT_TERM_LINE = "- „{inhalt}“ (erzählt am {tag}, frisch)"
# A newer fact about the same thing is current, the older one is history — both with their days.
CURRENT_LINE = "- „{inhalt}“ (erzählt am {tag}, aktuell)"
SUPERSEDED_LINE = "- „{inhalt}“ (erzählt am {tag}, früher — abgelöst am {neu})"

# The offline composer's answer from the block (the lines above are for a model): in words that fit du and
# Sie alike — the block does not know the pair's form of address.
REPLY_INTRO = "Aus unseren Gesprächen weiß ich:"
REPLY_LINE = "- {inhalt} (am {tag})"
REPLY_NOTHING_YET = "Aus unseren bisherigen Gesprächen habe ich mir noch nichts gemerkt."

# A memory question in everyday words: the told sentence with the day it was told.
RECALL_LINE = "Am {tag} hast du mir erzählt: „{inhalt}“"
RECALL_LINE_SIE = "Am {tag} haben Sie mir erzählt: „{inhalt}“"  # to a person who says *Sie* (`address.py`)
HISTORY_LINE = "Vorher, am {tag}: „{inhalt}“"
# Nothing told about it: said so — never a neighbouring fact.
NOT_TOLD = "Das hast du mir noch nicht erzählt."
NOT_TOLD_SIE = "Das haben Sie mir noch nicht erzählt."
BLOCK_NOT_TOLD = "Dazu hat Person B Nova noch nichts erzählt — aus früheren Gesprächen ist nichts bekannt."


def said_on(moment: Any, zone: Any, now: datetime) -> str:
    """*3. Dezember* (with the year when it is not this year's), in the person's zone."""
    if not isinstance(moment, datetime):
        return "?"
    local, today = moment.astimezone(zone), now.astimezone(zone)
    day = f"{local.day}. {MONTH_NAMES[local.month - 1]}"
    return day if local.year == today.year else f"{day} {local.year}"
