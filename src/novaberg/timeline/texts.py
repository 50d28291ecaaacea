"""The German sentences of the timeline's reading path (`reading.py`) that are new with the list cap.

The `[TERMINE]` block speaks to the model: the rest line says that the appointments not listed exist and how many
there are, so that an answer never takes the listed ones for all of them.
"""

from __future__ import annotations

__all__ = ["block_more_line", "block_more_events_line"]


def block_more_line(count: int) -> str:
    """The `[TERMINE]` line after the listed appointments when the cap left `count` of them out."""
    if count == 1:
        return ("… und 1 weiterer Termin in diesem Zeitraum, hier nicht einzeln aufgeführt, aber eingetragen. "
                "Alle Termine eines Zeitraums stehen hier erst, wenn nach einem einzelnen Tag gefragt wird.")
    return (f"… und {count} weitere Termine in diesem Zeitraum, hier nicht einzeln aufgeführt, aber eingetragen. "
            "Alle Termine eines Zeitraums stehen hier erst, wenn nach einem einzelnen Tag gefragt wird.")


def block_more_events_line(count: int) -> str:
    """The same after the listed events of other persons."""
    if count == 1:
        return "… und 1 weiteres Ereignis im Umfeld in diesem Zeitraum, hier nicht einzeln aufgeführt."
    return f"… und {count} weitere Ereignisse im Umfeld in diesem Zeitraum, hier nicht einzeln aufgeführt."
