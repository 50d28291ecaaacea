"""Every sentence the timeline agent says, in one place (CONTRIBUTING.md "German is data"), keyed by the situation.

Placeholders are filled with `str.format`; titles stand in „…“. A failed order always says that
nothing was entered and nothing changed (§5.2 *Ein gescheiterter Auftrag erreicht die Antwort*).
"""

from __future__ import annotations

from novaberg.text.calendar import MONTH_NAMES, WEEKDAY_NAMES

__all__ = ["TEXTS", "say", "half_of_day_words", "rule_label"]

NOTHING_DONE = "Es wurde nichts eingetragen und nichts geändert."

TEXTS: dict[str, str] = {
    # validate
    "pair_missing": "Ich kann die Termine gerade nicht zuordnen — mir fehlt, wem sie gehören. Nichts gelesen, "
                    "nichts geschrieben.",
    "bad_request": "Mit diesem Auftrag kann ich nichts anfangen. " + NOTHING_DONE,
    # classify
    "rejected": "Ich habe nichts eingetragen — das klang nach einer Mitteilung, nicht nach einem Auftrag. Wenn ich "
                "es eintragen soll, sag es ausdrücklich, etwa: „Trag mir morgen um 10 Uhr den Zahnarzt ein.“",
    "model_answer_broken": "Ich habe meinen eigenen Auftrag nicht sauber verstanden ({reason}). " + NOTHING_DONE,
    "model_down": "Ich erreiche gerade mein Sprachmodell nicht ({reason}). " + NOTHING_DONE,
    # the reason in the person's words: the library's message can carry the server's address (issue 10)
    "model_unreachable": "es antwortet nicht",
    "model_failed": "es meldet einen Fehler",
    "unknown_action": "Ich weiß nicht, was ich mit dem Termin tun soll (Aktion „{action}“). " + NOTHING_DONE,
    "unknown_type": "Die Art „{type}“ kenne ich für Termine nicht. " + NOTHING_DONE,
    # create
    "title_missing": "Mir fehlt, wie der Termin heißen soll. " + NOTHING_DONE + " Sag zum Beispiel: „Trag mir "
                     "morgen um 10 Uhr den Zahnarzt ein.“",
    "time_missing": "Mir fehlt, wann „{title}“ sein soll. " + NOTHING_DONE + " Nenne mir bitte Tag und Uhrzeit im "
                    "Auftrag.",
    "title_too_long": "Der Name des Termins ist mit {chars} Zeichen zu lang (höchstens {max}). " + NOTHING_DONE
                      + " Nenne ihn mir bitte kürzer.",
    "time_question_create": "Wann soll „{title}“ sein? Noch ist nichts eingetragen — nenne mir Tag und Uhrzeit, "
                            "dann trage ich es ein.",
    "time_unreadable_question": "Die Zeitangabe „{expression}“ kann ich nicht sicher lesen, noch ist nichts "
                                "eingetragen. Wann soll „{title}“ sein — etwa „am Freitag um 15 Uhr“?",
    "time_unreadable": "Die Zeitangabe „{expression}“ kann ich nicht sicher lesen. " + NOTHING_DONE
                       + " Nenne mir bitte Tag und Uhrzeit, etwa „am Freitag um 15 Uhr“.",
    "duplicate": "„{title}“ ist bereits eingetragen ({when}). Ich habe nichts doppelt eingetragen.",
    "created": "Eingetragen: „{title}“ am {when}.",
    # series (issue 29 item 3)
    "series_which_delete": "„{title}“ ist eine Serie ({rule}). Soll nur ein Termin ausfallen oder die ganze Serie "
                           "weg? Sag etwa „nur nächsten {weekday}“ oder „die ganze Serie“. " + NOTHING_DONE,
    "series_which_move": "„{title}“ ist eine Serie ({rule}). Soll sich nur ein Termin ändern oder die ganze Serie? "
                         "Sag etwa „nur nächsten {weekday}“ — oder für die ganze Serie „{title} ist ab jetzt immer "
                         "‹an einem anderen Tag›“. " + NOTHING_DONE,
    "series_move_whole_how": "Wie soll „{title}“ künftig stattfinden ({rule})? Sag es mir in einem Satz, etwa "
                             "„{title} ist ab jetzt immer ‹an einem anderen Tag›“. " + NOTHING_DONE,
    "series_no_occurrence": "An diesem Tag findet „{title}“ nicht statt ({rule}). " + NOTHING_DONE,
    "series_several": "In diesem Zeitraum findet „{title}“ mehrmals statt ({rule}). Nenne mir bitte den Tag. "
                      + NOTHING_DONE,
    "series_deleted": "Gelöscht: die ganze Serie „{title}“ ({rule}).",
    "series_cancelled": "Abgesagt: „{title}“ am {when}. Die Serie bleibt ({rule}).",
    "series_occurrence_moved": "Verschoben: „{title}“ von {old} auf {new} — nur dieser eine Termin, die Serie bleibt "
                               "({rule}).",
    "series_changed": "Geändert: „{title}“ ist ab {when} {rule} (vorher {old}).",
    "created_series": "Eingetragen: „{title}“ {rule}, zum ersten Mal am {when}.",
    "series_impossible": "Die Wiederholung „{expression}“ ergibt keinen einzigen Termin — so einen Tag gibt es "
                         "nicht, oder das Ende liegt vor dem Anfang. " + NOTHING_DONE,
    # read
    "read_header_range": "Deine Termine von {start} bis {end}{direction}:",
    "read_header_search": "Deine Termine zu „{keyword}“{direction}:",
    "read_header_proactive": "Deine Termine von {start} bis {end}:",
    # issue 29: a capped list says the true number first, so that no shortening of the answer can hide it
    "read_header_capped": "Deine Termine von {start} bis {end} — {total} insgesamt, hier die ersten {listed}:",
    "read_header_next": "Dein nächster Termin:",
    "read_header_next_few": "Deine nächsten Termine:",
    "read_empty_next": "Es ist kein kommender Termin eingetragen — gesucht habe ich alle deine Termine ab jetzt.",
    # §4a / issue 13: an empty read says what was searched, so an empty answer cannot pass for a false „none“.
    "read_empty_range": "Von {start} bis {end} ist nichts eingetragen — gesucht habe ich alle deine Termine in "
                        "diesem Zeitraum.",
    "read_empty_search": "Unter dem Titel „{keyword}“ ist nichts eingetragen — gesucht habe ich in deinen "
                         "kommenden und vergangenen Terminen nach „{keyword}“.",
    "read_which": "Welchen Termin meinst du? Nenne mir bitte seinen Namen oder den Tag, etwa: „Wann ist der "
                  "Zahnarzt?“ oder „Was habe ich am Freitag?“",
    "read_events_header": "Ereignisse im Umfeld, keine eigenen Termine:",
    # issue 29, the list cap: a range lists at most 25, then the exact rest and how to narrow it
    "read_more_one": "… und 1 weiterer Termin in diesem Zeitraum — nenn mir einen Tag, dann lese ich dir alle vor.",
    "read_more_many": "… und {count} weitere Termine in diesem Zeitraum — nenn mir einen Tag, dann lese ich dir "
                      "alle vor.",
    "read_more_events_one": "… und 1 weiteres Ereignis im Umfeld in diesem Zeitraum.",
    "read_more_events_many": "… und {count} weitere Ereignisse im Umfeld in diesem Zeitraum.",
    "read_failed": "Ich konnte deine Termine gerade nicht lesen — ich weiß deshalb nicht, was eingetragen ist.",
    "period_unreadable": "Den Zeitraum „{expression}“ kann ich nicht sicher lesen. Nenne ihn bitte anders, etwa "
                         "„diese Woche“ oder „am Freitag“.",
    # change, delete, reschedule (§4.5)
    "not_found": "Einen Termin „{title}“ finde ich in deinem Kalender nicht — gesucht habe ich nach diesem Titel in "
                 "allen deinen Terminen. " + NOTHING_DONE,
    "clarify_period": "{period} {found} Welchen Termin meinst du? Nenne ihn bitte mit seinem Namen, "
                      "etwa: „{example}“. " + NOTHING_DONE,
    "clarify_period_all": "{period} {found} Alle auf einmal lösche ich nicht — nenne mir bitte jeden Termin, der "
                          "weg soll, mit seinem Namen, etwa: „{example}“. " + NOTHING_DONE,
    "clarify_period_reschedule": "{period} — dort soll der Termin hin — {found} Welchen Termin soll ich "
                                 "verschieben? Nenne ihn bitte mit seinem Namen, etwa: „{example}“. " + NOTHING_DONE,
    "period_day": "Am {day}",
    "not_on_named_day": "{period} steht kein Termin „{title}“. Gefunden habe ich:\n{lines}\nIch habe nichts gelöscht. "
                        "Sag mir bitte den Tag, an dem er steht.",
    "period_range": "Von {start} bis {end}",
    "clarify_found_none": "finde ich keinen Termin.",
    "clarify_more_one": "… und 1 weiterer Termin.",
    "clarify_more_many": "… und {count} weitere Termine.",
    "clarify_found_some": "stehen:\n{lines}\n",
    "clarify_no_period": "Welchen Termin meinst du? Nenne ihn bitte mit seinem Namen, etwa: „{example}“. "
                         + NOTHING_DONE,
    "example_delete": "Lösch den Zahnarzt",
    "example_reschedule": "Verschieb den Zahnarzt auf Freitag um 15 Uhr",
    "example_update": "Verschieb den Zahnarzt auf Freitag um 15 Uhr",
    "clarify_again": "Ich ändere erst etwas, wenn du den Auftrag mit dem Namen des Termins gibst, etwa: „{example}“. "
                     + NOTHING_DONE,
    "selection": "Ich habe mehrere Termine „{title}“ gefunden:\n{lines}\nZwischen ihnen kann ich noch nicht "
                 "auswählen — auch nicht über ein Datum in deiner Antwort. " + NOTHING_DONE,
    "selection_again": "Zwischen diesen Terminen kann ich noch nicht auswählen:\n{lines}\n" + NOTHING_DONE,
    "dismissed": "In Ordnung, ich lasse alles, wie es ist.",
    "deleted": "Gelöscht: „{title}“ ({when}).",
    "reminder_removed": "Die Erinnerung an „{title}“ ({when}) ist gelöscht — der Termin selbst bleibt eingetragen.",
    "no_reminder_on": "An „{title}“ ({when}) ist keine Erinnerung gesetzt — der Termin bleibt, wie er ist. "
                      + NOTHING_DONE,
    "moved": "Verschoben: „{title}“ von {old} auf {new}.",
    "already_there": "„{title}“ steht schon am {when} — ich habe nichts geändert.",
    "details_changed": "Geändert: „{title}“ am {when} — jetzt: {details}.",
    "details_already": "„{title}“ am {when} steht schon mit „{details}“ — ich habe nichts geändert.",
    "details_of_series": "Bei der Serie „{title}“ kann ich eine Angabe wie Ort oder Person noch nicht ändern — "
                         "nur verschieben oder löschen. " + NOTHING_DONE,
    "update_without_time": "Einzelheiten eines Termins kann ich noch nicht ändern, nur seine Zeit. " + NOTHING_DONE,
    # §5.2 questions
    "time_question": "Ich konnte die neue Zeit nicht eindeutig erkennen. Wann soll „{title}“ stattfinden? "
                     + NOTHING_DONE,
    "time_question_no_date": "Ich konnte keinen neuen Zeitpunkt erkennen. Wann soll „{title}“ stattfinden? "
                             + NOTHING_DONE,
    "time_question_daypart": "Die Tageszeit passt nicht zur Stunde. Wann soll „{title}“ stattfinden? "
                             + NOTHING_DONE,
    "half_of_day_question": "Soll „{title}“ um {hour} Uhr {first_word} ({first}) oder um {hour} Uhr {second_word} "
                            "({second}) stattfinden?",
    "create_half_of_day_question": "Soll ich „{title}“ am {day} um {hour} Uhr {first_word} ({first}) oder um {hour} "
                                   "Uhr {second_word} ({second}) eintragen? Noch ist nichts eingetragen.",
    # §7.3: unsure → a question, never a write
    "confirm_create": "Ich bin nicht sicher, ob ich dich richtig verstehe: Soll ich „{title}“ {when} eintragen? "
                      "Noch ist nichts eingetragen.",
    "confirm_reschedule": "Ich bin nicht sicher, ob ich dich richtig verstehe: Soll ich „{title}“ auf {when} "
                          "verschieben? Noch ist nichts geändert.",
    "confirm_delete": "Ich bin nicht sicher, ob ich dich richtig verstehe: Soll ich „{title}“ löschen? Noch ist "
                      "nichts geändert.",
    "confirm_update": "Ich bin nicht sicher, ob ich dich richtig verstehe: Soll ich „{title}“ ändern? Noch ist "
                      "nichts geändert.",
    "confirm_again": "Soll ich es so machen? Antworte bitte mit Ja oder Nein. " + NOTHING_DONE,
    # writes
    "write_failed": "Das hat nicht geklappt ({reason}). " + NOTHING_DONE,
    "not_verified": "Ich konnte nicht bestätigen, dass der Eintrag stimmt ({reason}). Bitte prüf es noch einmal.",
    "rolled_back": "Ich konnte nicht bestätigen, dass der Eintrag stimmt ({reason}), und habe ihn deshalb "
                   "zurückgenommen. " + NOTHING_DONE,
}


def say(key: str, **values: object) -> str:
    return TEXTS[key].format(**values)


def half_of_day_words(hour: int) -> tuple[str, str]:
    """The two dayparts the half-of-day question names for an hour 1..12 (first = the earlier reading)."""
    if hour == 12:
        return "mittags", "nachts"
    first = "nachts" if hour <= 3 else ("vormittags" if hour == 11 else "morgens")
    second = "nachmittags" if hour <= 5 else "abends"
    return first, second


_DAY_NAMES = dict(zip(("MO", "TU", "WE", "TH", "FR", "SA", "SU"), WEEKDAY_NAMES, strict=True))
_ORDINALS = {"1": "ersten", "2": "zweiten", "3": "dritten", "4": "vierten", "5": "fünften", "-1": "letzten"}
_UNITS = {"DAILY": ("täglich", "Tage"), "WEEKLY": ("jede Woche", "Wochen"), "MONTHLY": ("jeden Monat", "Monate"),
          "YEARLY": ("jedes Jahr", "Jahre")}


def _weekdays(byday: str) -> str:
    names = [_DAY_NAMES[code] for code in byday.split(",")]
    if names == list(WEEKDAY_NAMES[:5]):
        return "werktags"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " und " + names[-1]


def rule_label(rule: str, clock: str = "") -> str:
    """A series' rule in words (*jeden ‹Tag› um 18:00 Uhr*, *alle 2 Wochen am ‹Tag›*, *jedes Jahr am 3. ‹Monat›*,
    *jeden ersten ‹Tag› im Monat*, *werktags*), with its end (*bis 30.06.2027*, *10-mal*)."""
    parts = dict(piece.split("=", 1) for piece in rule.split(";") if "=" in piece)
    freq, interval = parts.get("FREQ", ""), int(parts.get("INTERVAL", "1"))
    byday = parts.get("BYDAY", "")
    every, unit = _UNITS.get(freq, ("regelmäßig", ""))
    if freq == "MONTHLY" and byday and byday.lstrip("-")[0].isdigit():
        number, code = byday[:-2], byday[-2:]
        text = f"jeden {_ORDINALS.get(number, number + '.')} {_DAY_NAMES[code]} im Monat"
    elif freq == "WEEKLY" and byday:
        days = _weekdays(byday)
        if days == "werktags":
            text = "werktags" if interval == 1 else f"alle {interval} Wochen werktags"
        else:
            text = f"jeden {days}" if interval == 1 else f"alle {interval} Wochen am {days}"
    elif freq == "YEARLY" and "BYMONTH" in parts and "BYMONTHDAY" in parts:
        text = f"jedes Jahr am {int(parts['BYMONTHDAY'])}. {MONTH_NAMES[int(parts['BYMONTH']) - 1]}"
    elif freq == "MONTHLY" and "BYMONTHDAY" in parts:
        text = f"jeden Monat am {int(parts['BYMONTHDAY'])}."
    else:
        text = every if interval == 1 else f"alle {interval} {unit}"
    if clock:
        text += f" um {clock} Uhr"
    if "UNTIL" in parts:
        until = parts["UNTIL"]
        text += f" bis {until[6:8]}.{until[4:6]}.{until[0:4]}"
    elif "COUNT" in parts:
        text += f", {parts['COUNT']}-mal"
    return text
