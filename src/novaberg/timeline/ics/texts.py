"""German texts of the calendar: subscription, export, import."""

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
SKIP_SERIES_IMPOSSIBLE = "Serientermin, dessen Regel so nie eintritt"
SKIP_NO_TITLE = "ohne Titel"
SKIP_RULE = "Wiederholungsregel nicht lesbar"
# how a reminder reaches the person (Nova sends nothing by herself).
REMINDER_AT_START = "zur eingetragenen Zeit"
REMINDER_ON_DAY = "am Morgen des Tages"
REMINDER_BEFORE = "{duration} vorher"
REMINDER_BY_FEED = ("Erinnern wird dich dein abonnierter Nova-Kalender im Telefon {when}; in der App steht es, "
                    "sobald du sie öffnest.")
REMINDER_BY_APP = ("Die Erinnerung ({when}) siehst du in der App, wenn du sie öffnest — von selbst melde ich mich "
                   "nicht. Abonnierst du deinen Nova-Kalender im Telefon, erinnert dich der Kalender.")
SKIP_TITLE_TOO_LONG = "Titel länger als {max} Zeichen"
