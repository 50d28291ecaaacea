"""The one confirm step of every write path (timeline.md §2.1 `bestaetigen`, §7.4; notizen.md §2, §6
"Verifikation"; a write reports success only after reading the row back).

The write nodes report what they did — a write and whether its read-back agreed — and leave the verdict to
this step: a reported write that was not verified ends `fehler`, whatever the write node thought; a
question, a refusal or a failure already set stays; everything else is `abgeschlossen`.
"""

from __future__ import annotations

__all__ = ["COMPLETED", "FAILED", "KEPT_STATUSES", "confirmed_status"]

COMPLETED = "abgeschlossen"
FAILED = "fehler"
KEPT_STATUSES = ("rueckfrage", "fehler", "dismissed", "rejected")  # never overwritten by the confirm step


def confirmed_status(status: str | None, wrote: bool, verified: bool) -> str:
    """The final status of a run: `wrote` — the run reported a write; `verified` — it was read back and agreed."""
    if status in KEPT_STATUSES:
        return status  # type: ignore[return-value]
    if wrote and not verified:
        return FAILED
    return COMPLETED
