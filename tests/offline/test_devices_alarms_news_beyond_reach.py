"""Orders for devices in the house, an alarm clock already set, the weather said without a question, the news, events
near by, a taxi or a train, e-mails, the volume, music, games, social networks, a timetable or a delivery asked about,
an order after an address (*Jarvis, …*), and such orders in the imperative of *Sie*, are beyond her reach too: they
write nothing for either person and say so (the brief's rule: an order she cannot carry out writes nothing and says
so). Sentences in the manner of a translated voice-assistant benchmark, none of them taken from it. Two persons, a
fixed clock, rows read after each turn."""

from __future__ import annotations

import pytest

from tests.support import berlin, rows_of

NOW = berlin(2026, 11, 10, 9, 30)  # a Tuesday
FIG = "nova"
ORDERS = (
    ("Schalte bitte das Licht im Flur aus", "Geräte im Haus steuern kann ich nicht"),
    ("Kannst du die Heizung im Bad anmachen?", "Geräte im Haus steuern kann ich nicht"),
    ("Lampen im Wohnzimmer dimmen", "Geräte im Haus steuern kann ich nicht"),
    ("Lösche den Wecker für Samstag", "Einen Wecker stellen kann ich nicht"),
    ("Weck mich morgen um halb sieben", "Einen Wecker stellen kann ich nicht"),
    ("Welche Alarme sind gerade gestellt?", "Einen Wecker stellen kann ich nicht"),
    ("Finde die aktuelle Wetterlage in Hamburg", "Das Wetter kann ich nicht abrufen"),
    ("Wetterbericht für morgen", "Das Wetter kann ich nicht abrufen"),
    ("Wird es am Wochenende windig?", "Das Wetter kann ich nicht abrufen"),
    ("Lies mir die Schlagzeilen vor", "Nachrichten und Schlagzeilen abrufen kann ich nicht"),
    ("Gibt es heute Abend Konzerte oder Veranstaltungen in der Nähe?", "Veranstaltungen in der Umgebung suchen"),
    ("Rufen Sie mir bitte ein Taxi zum Bahnhof", "Fahrten oder Tickets besorgen kann ich nicht"),
    ("Wie sind die Zugverbindungen nach Köln?", "Fahrten oder Tickets besorgen kann ich nicht"),
    ("Bitte lesen Sie mir die Nachrichten vor", "Nachrichten und Schlagzeilen abrufen kann ich nicht"),
    ("Habe ich neue E-Mails von Robert?", "E-Mails lesen kann ich nicht"),
    ("Erhöhe die Lautstärke auf 50 Prozent", "Die Lautstärke kann ich nicht einstellen"),
    ("Mehr Lautstärke bitte", "Die Lautstärke kann ich nicht einstellen"),
    ("Taylor Swift abspielen", "Musik, Radio oder Podcasts abspielen kann ich nicht"),
    ("Wiedergabeliste mit klassischer Musik abspielen", "Musik, Radio oder Podcasts abspielen kann ich nicht"),
    ("Erstelle eine neue Liste in meiner Wiedergabeliste", "Wiedergabelisten kann ich nicht führen oder abspielen"),
    ("Spielen Sie ein Spiel mit mir", "Musik, Radio oder Podcasts abspielen und Spiele spielen kann ich nicht"),
    ("Welches Lied läuft gerade im Radio?", "Was gerade läuft, höre ich nicht"),
    ("E-Mail an meine Mutter", "E-Mails lesen oder verschicken kann ich nicht"),
    ("Twittern Sie etwas für mich", "Soziale Netzwerke wie Twitter oder Facebook kann ich nicht nutzen"),
    ("Wann fährt der nächste Zug nach Paris?", "Fahrpläne und Fahrkarten kann ich nicht nachsehen"),
    ("Liefern die auch nach Hause?", "Bestellen und Lieferungen verfolgen kann ich nicht"),
    ("Helligkeit 90 Prozent", "Geräte im Haus steuern kann ich nicht"),
    ("Aktuelle Nachrichten aus Berlin", "Nachrichten und Schlagzeilen abrufen kann ich nicht"),
    ("Sollte ich heute Regenstiefel tragen?", "Das Wetter kann ich nicht abrufen"),
    ("Lampen dimmen, wenn der Film anfängt", "Geräte im Haus steuern kann ich nicht"),
    ("Zeig mir alle Veranstaltungen in Leipzig", "Veranstaltungen in der Umgebung suchen kann ich nicht"),
    ("Jarvis, such mir ein Taxi zum Bahnhof", "Fahrten oder Tickets besorgen kann ich nicht"),
)


def _rows(nova, user: str) -> tuple[list[str], list[str]]:
    return rows_of(nova, user, FIG)


@pytest.mark.parametrize(("said", "refusal"), ORDERS)
def test_an_order_for_a_device_an_alarm_the_weather_news_or_events_writes_nothing_and_says_so(nova, said, refusal):
    nova.notes.insert("anna", "Einkaufsliste", "einkauf", "Brot", [], NOW)
    nova.notes.insert("ben", "Packliste", "einkauf", "Zelt", [], NOW)
    before = {user: _rows(nova, user) for user in ("anna", "ben")}
    result = nova.turn("anna", FIG, said, NOW)
    assert {user: _rows(nova, user) for user in ("anna", "ben")} == before, result.answer
    assert result.answer.startswith(refusal), result.answer
    assert not any(s["name"] in ("timeline", "notizen") for s in result.services), result.services


def test_a_statement_about_a_device_or_the_weather_is_no_order_to_refuse(nova):
    """Told, not ordered: the refusal is for orders and questions only (the companion hears about her day)."""
    for said in ("Die Kaffeemaschine ist kaputt", "Heute war das Wetter herrlich", "Morgen nehme ich den Zug nach Köln"):
        result = nova.turn("anna", FIG, said, NOW)
        assert "kann ich nicht" not in result.answer, (said, result.answer)


def test_a_question_about_her_own_train_or_mail_is_left_to_what_she_was_told(nova):
    """*Wann fährt mein Zug?* may be answered from what the person told her (a model reads it): no refusal."""
    for said in ("Wann fährt mein Zug?", "Worum ging es in der Mail von Anna?", "Wann kommt meine Bestellung?"):
        result = nova.turn("anna", FIG, said, NOW)
        assert "kann ich nicht" not in result.answer, (said, result.answer)


def test_a_reminder_named_with_an_alarm_word_stays_hers(nova):
    """*Erinnerungsalarm* is her own object: the timeline asks for the title, nothing is refused, nothing written."""
    result = nova.turn("anna", FIG, "Stell einen Erinnerungsalarm für Freitag um 8 Uhr", NOW)
    assert "kann ich nicht" not in result.answer, result.answer
    assert any(s["name"] == "timeline" for s in result.services), result.services
