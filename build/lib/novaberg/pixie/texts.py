"""What the heartbeat says (German, for the person running it), in one place."""

from __future__ import annotations

__all__ = ["WAITING", "RUNNING", "LOST", "STOPPED", "BUSY", "RESUBMISSION_HEADER", "RESUBMISSION_INTRO",
           "RESUBMISSION_LINE"]

WAITING = "Ein anderer Heartbeat läuft schon ({holder}); dieser wartet, bis er frei wird."
RUNNING = "Heartbeat läuft ({holder})."
LOST = "Der Heartbeat hat seine Sperre verloren; er wartet wieder."
STOPPED = "Heartbeat beendet."
BUSY = "Ein anderer Heartbeat läuft gerade ({holder}); nichts ausgeführt."

# timeline.md §8: a due resubmission is mentioned once, proactively, next to the appointments.
RESUBMISSION_HEADER = "[WIEDERVORLAGE]"
RESUBMISSION_INTRO = ("Zur Wiedervorlage fällig — Nova darf von sich aus nachfragen, wie es war oder ob es "
                      "erledigt ist (einmal erwähnen, nichts behaupten):")
RESUBMISSION_LINE = "- {title} (war am {when})"
