"""German texts of the calendar: subscription, export, import (issue 29 items 4–6)."""

from __future__ import annotations

URL_ONCE = ("Diese Adresse im Kalender des Telefons abonnieren (»Kalenderabo hinzufügen«). Sie wird nur dieses "
            "eine Mal angezeigt; wer sie kennt, sieht deine Termine — bei Verlust einfach widerrufen.")
TOKEN_CREATED = "Kalender-Abo für {user}: {url}"
TOKEN_NONE = "{user} hat kein Kalender-Abo."
TOKEN_SINCE = "{user} hat ein Kalender-Abo seit {since}."
TOKEN_REVOKED = "Kalender-Abo von {user} widerrufen: die alte Adresse zeigt nichts mehr."
EXPORT_WRITTEN = "{count} Termine von {user} nach {path} geschrieben."
IMPORT_BAD_FILE = "Die Datei {name} ist kein lesbarer Kalender (iCalendar): {reason}. Nichts eingetragen."
IMPORT_NO_EVENTS = "Die Datei {name} enthält keine Termine. Nichts eingetragen."
IMPORT_TAKEN = "Übernommen: {count}"
IMPORT_SKIPPED = "Übersprungen: {count}"
SKIP_DUPLICATE = "schon eingetragen (gleiche UID)"
SKIP_NO_START = "ohne Beginn (DTSTART)"
SKIP_SERIES = "Serientermin: Wiederholungen kann diese Version noch nicht speichern"
SKIP_NO_TITLE = "ohne Titel"
SKIP_RULE = "Wiederholungsregel nicht lesbar"
