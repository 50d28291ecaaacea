"""Every German text of the web app in one place: the server fills the page's `{{key}}`
placeholders from `UI`, and the ES modules import the same dictionary from `/web/texts.js`."""

from __future__ import annotations

from novaberg.core.settings import TEXT_MAX_CHARS
from novaberg.text.calendar import MONTH_NAMES, WEEKDAY_SHORT

__all__ = ["UI", "LOGIN_WRONG", "ERR_FOREIGN_PERSON", "ERR_NO_SUCH_TURN", "ERR_DATABASE", "ERR_PERSON_ERASING", "ERR_MODEL",
           "ERR_INTERNAL", "ERR_TOO_MANY_LOGINS", "ERR_TOO_MANY_TURNS", "TURN_CUT_SHORT", "CUT_SHORT_DATABASE",
           "CUT_SHORT_MODEL", "CUT_SHORT_OTHER", "CUT_SHORT_REASON", "ERR_ORIGIN", "INVALID_FIELD", "INVALID_RULES", "INVALID_OTHER", "VERDICT_LABELS", "REVIEW_UNPROVEN_CLAIM", "REVIEW_WRONG_WEEKDAY",
           "DIRECTIVE_KINDS"]

VERDICT_LABELS = {"ok": "geprüft", "korrigiert": "korrigiert", "warnung": "Warnung", "ablehnen": "zurückgehalten"}

UI: dict[str, str] = {
    "app_title": "Nova",
    "login_title": "Nova – Anmelden",
    "login_label": "Dein Zugangsschlüssel",
    "login_hint": "Den Schlüssel bekommst du von der Person, die Nova betreibt (novaberg token create --user …).",
    "login_button": "Anmelden",
    "logout": "Abmelden",
    "nav_chat": "Chat",
    "nav_appointments": "Termine",
    "nav_notes": "Notizen",
    "due_title": "Fällig:",  # the reminders due when the app is opened
    "due_clock": "Uhr",
    "nav_memory": "Gedächtnis",
    "nav_roots": "Ordner",
    "figure_label": "Figur",
    "signed_in_as": "Angemeldet als",
    "input_label": "Nachricht an Nova",
    "input_placeholder": "Schreib Nova etwas …",
    "input_keys": "Enter sendet, Umschalt+Enter beginnt eine neue Zeile.",
    "send": "Senden",
    "you": "Du",
    "typing": "Nova schreibt",
    "empty_history": "Noch kein Gespräch mit dieser Figur. Sag einfach Hallo.",
    "pending_badge": "Rückfrage",
    "pending_hint": "Nova wartet auf deine Antwort auf ihre Rückfrage.",
    "verdict_ok": VERDICT_LABELS["ok"],
    "verdict_korrigiert": VERDICT_LABELS["korrigiert"],
    "verdict_warnung": VERDICT_LABELS["warnung"],
    "verdict_ablehnen": VERDICT_LABELS["ablehnen"],
    "verdict_title": "Die Prüfung dieser Antwort",
    "verdict_open": "Warum? – Begründung anzeigen",
    "review_round": "Runde",
    "review_first": "erste Antwort",
    "review_correction": "nach Korrektur",
    "review_computed": "Gerechnete Prüfung",
    "review_directive": "Deine Vorgabe verletzt",
    "review_held_back": "Zurückgehalten, weil",
    "review_now": "Gründe der letzten Runde",
    "review_none": "Keine Einwände aufgezeichnet.",
    "err_empty": "Bitte schreib zuerst etwas – eine leere Nachricht kann Nova nicht beantworten.",
    "err_too_long": f"Die Nachricht ist zu lang: höchstens {TEXT_MAX_CHARS} Zeichen.",
    "err_model": "Nova kann gerade nicht antworten (das Sprachmodell ist nicht erreichbar). "
                 "Dein Text ist noch da – versuch es gleich noch einmal.",
    "err_database": "Die Datenbank antwortet gerade nicht. Dein Text ist noch da – versuch es gleich noch einmal.",
    "err_network": "Der Server ist nicht erreichbar. Dein Text ist noch da.",
    "err_session": "Deine Anmeldung ist abgelaufen. Bitte melde dich neu an.",
    "err_forbidden": "Das ist nicht erlaubt.",
    "err_input": "Das konnte Nova so nicht annehmen:",
    "err_internal": "Etwas ist schiefgegangen. Dein Text ist noch da.",
    "err_load": "Konnte nicht geladen werden:",
    "week": "Woche",
    "month": "Monat",
    "previous": "Zurück",
    "next": "Weiter",
    "today": "Heute",
    "week_of": "Woche vom",
    "no_appointments": "Keine Termine in diesem Zeitraum.",
    "all_day": "ganztägig",
    "status_verschoben": "verschoben",
    "status_geloescht": "gelöscht",
    "moved_from": "vorher",
    "moved_to": "verschoben auf",
    "deleted_at": "gelöscht am",
    "show_history": "Verschobene und gelöschte zeigen",
    "no_notes": "Noch keine Notizen oder Listen.",
    "list_items": "Einträge",
    "due": "fällig",
    "updated": "geändert",
    "memory_short": "Kurzzeitgedächtnis",
    "memory_long": "Langzeitgedächtnis",
    "memory_empty": "Noch nichts gespeichert.",
    "memory_salience": "Gewicht",
    "memory_links": "Verbindungen",
    "roots_empty": "Keine geteilten Ordner.",
    "root_files": "Dateien im Index",
    "root_not_evaluated": "nicht ausgewertet",
    "root_last_indexed": "zuletzt gelesen",
    "root_never_indexed": "noch nicht gelesen",
    "root_active": "aktiv",
    "root_inactive": "stillgelegt",
    "weekdays": ",".join(WEEKDAY_SHORT),  # the one copy: text/calendar_de.json
    "months": ",".join(MONTH_NAMES),
}

LOGIN_WRONG = "Der Schlüssel stimmt nicht."
ERR_FOREIGN_PERSON = "Diese Daten gehören einer anderen Person."
ERR_NO_SUCH_TURN = "Diese Antwort gibt es hier nicht."
ERR_DATABASE = "Die Datenbank antwortet gerade nicht. Bitte gleich noch einmal versuchen."
# a turn of a person whose data is being erased right now (HTTP 409, the CLI's say and chat)
ERR_PERSON_ERASING = ("Deine Daten werden gerade gelöscht. Solange das läuft, nimmt Nova nichts an; "
                      "danach beginnt alles von vorn.")
ERR_MODEL = "Nova kann gerade nicht antworten. Bitte gleich noch einmal versuchen."
# A turn that failed after one of its services committed a write: what stands, then why the rest is missing.
TURN_CUT_SHORT = "{stand} Den Rest meiner Antwort konnte ich gerade nicht fertigstellen ({grund}); das Gespeicherte bleibt."
CUT_SHORT_DATABASE = "die Datenbank antwortete nicht rechtzeitig"
CUT_SHORT_MODEL = "das Sprachmodell antwortete nicht"
CUT_SHORT_OTHER = "ein interner Fehler, Einzelheiten im Server-Log"
CUT_SHORT_REASON = "Die Antwort ist nur der Bericht der gespeicherten Änderung: der Zug brach danach ab, ungeprüft."
ERR_TOO_MANY_LOGINS = "Zu viele Anmeldeversuche. Bitte in {sekunden} Sekunden noch einmal versuchen."
ERR_TOO_MANY_TURNS = "Zu viele Nachrichten in kurzer Zeit. Bitte in {sekunden} Sekunden noch einmal schreiben."
ERR_INTERNAL = "Interner Fehler. Die Einzelheiten stehen im Server-Log."
ERR_ORIGIN = ("Anmelden und Abmelden gehen nur von Novas eigener Seite aus (Origin oder Referer dieses "
              "Servers fehlt oder ist fremd).")
# The views' 422 (FastAPI's validation): one German sentence per field, by pydantic's error type.
INVALID_FIELD = "{field}: {rule}"
INVALID_RULES = {
    "missing": "fehlt",
    "int_parsing": "muss eine ganze Zahl sein",
    "int_type": "muss eine ganze Zahl sein",
    "greater_than_equal": "muss mindestens {ge} sein",
    "greater_than": "muss größer als {gt} sein",
    "less_than_equal": "darf höchstens {le} sein",
    "less_than": "muss kleiner als {lt} sein",
    "date_parsing": "muss ein Datum sein (JJJJ-MM-TT)",
    "date_from_datetime_parsing": "muss ein Datum sein (JJJJ-MM-TT)",
    "date_from_datetime_inexact": "muss ein Datum ohne Uhrzeit sein (JJJJ-MM-TT)",
    "uuid_parsing": "muss eine gültige Kennung (UUID) sein",
    "uuid_type": "muss eine gültige Kennung (UUID) sein",
    "literal_error": "muss einer dieser Werte sein: {expected}",
    "string_type": "muss ein Text sein",
    "string_too_long": "ist zu lang: höchstens {max_length} Zeichen",
    "bool_parsing": "muss wahr oder falsch sein (true/false)",
}
INVALID_OTHER = "ist ungültig"
# POST /turn: a body that is no JSON at all, or JSON that is no object of the three fields
ERR_NOT_JSON = "kein gültiges JSON"
ERR_TURN_SHAPE = "erwartet ein JSON-Objekt mit user_id, character_id und text"
REVIEW_UNPROVEN_CLAIM = "Die Antwort sagt „{word}“, aber in diesem Zug wurde nichts gespeichert."
REVIEW_WRONG_WEEKDAY = "Der {day} ist ein {correct}, nicht ein {said}."
# tribunal/rules.py KIND_*: what the person asked for, as the review names it
DIRECTIVE_KINDS = {"sie_form": "Anrede mit „Sie“", "du_form": "Anrede mit „du“", "kein_emoji": "keine Emojis",
                   "verbotenes_wort": "ein Wort, das nicht fallen soll"}

# `novaberg person erase`: what the operator reads before and after erasing a person.
ERASE_UNKNOWN = "Von {user} ist nichts gespeichert — nichts gelöscht."
ERASE_PLAN = "Das wird von {user} endgültig gelöscht:"
ERASE_PLAN_ROWS = "  {table}: {count} Zeilen"
ERASE_PLAN_KEYS = "  Kurzzeitgedächtnis, Warteschlangen, offene Rückfragen (Redis): {count} Schlüssel, {orders} Aufträge"
ERASE_PLAN_FILES = "  Wissen (Dateien): {count}"
ERASE_PLAN_TOKEN = "  Anmelde-Token: {has}"
ERASE_ASK = "Wirklich löschen? Zum Bestätigen 'ja' eingeben"
ERASE_DECLINED = "Nicht bestätigt — nichts gelöscht."
ERASE_OPERATOR_NEEDS_YES = ("{user} ist die eigene Person des Betreibers (Standard von 'novaberg chat'); sie wird "
                            "nur mit --yes gelöscht. Nichts gelöscht.")
ERASE_DONE = "{user} ist gelöscht."
ERASE_CONFIRM_WORDS = frozenset({"ja", "yes"})

# „Vergiss alles, was du über mich weißt": Nova explains what an erasure would take and who can
# do it; she never erases everything from one chat answer (api/forget_me.py says why).
FORGET_ME_INTRO = "Alles über dich auf einmal zu vergessen, kann ich im Gespräch nicht — das ist endgültig."
FORGET_ME_WHAT = "Gespeichert ist von dir: {parts}."
FORGET_ME_NOTHING = "Gespeichert ist von dir gerade nichts außer diesem Gespräch."
FORGET_ME_HOW = ("Wenn das alles weg soll, bitte den Betreiber dieses Servers: Mit „novaberg person erase --user "
                 "{user}“ verschwindet es vollständig, nach einer Nachfrage. Einzelnes kann ich auch selbst "
                 "streichen, zum Beispiel einen Termin oder eine Liste.")
FORGET_ME_PARTS = {
    "turns": ("ein Gesprächszug", "{n} Gesprächszüge"),
    "timeline": ("ein Termin", "{n} Termine"),
    "notizen": ("eine Notiz oder Liste", "{n} Notizen und Listen"),
    "lzg_knoten": ("eine Erinnerung", "{n} Erinnerungen"),
    "direktiven": ("eine Regel für mich", "{n} Regeln für mich"),
    "dateien_wurzeln": ("ein freigegebener Ordner", "{n} freigegebene Ordner"),
    "wissen": ("ein Wissenstext", "{n} Wissenstexte"),
    "kurzzeit": ("ein Eintrag im Kurzzeitgedächtnis", "{n} Einträge im Kurzzeitgedächtnis"),
    "token": ("dein Anmelde-Token", "dein Anmelde-Token"),
}
