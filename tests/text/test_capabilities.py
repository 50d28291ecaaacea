"""Orders Nova cannot carry out, read from the lexicon `text/capabilities_de.json` (the reading alone; the turn's
behaviour is proved in tests/offline/test_orders_beyond_reach.py)."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from novaberg.text.capabilities import APPOINTMENT, LIST, NOTHING, beyond_reach


@pytest.mark.parametrize(("said", "kind"), [
    ("Buche einen Tisch heute für acht Personen in einem Steakhouse da Sashimi serviert", "buchen"),
    ("Buche bei The Halal Guys am 17. Oktober", "buchen"),
    ("Buche ein Restaurant um 16 Uhr in SC", "buchen"),
    ("Kannst du mir einen Flug nach Berlin buchen?", "buchen"),
    ("ich möchte ein hotel in hamburg reservieren", "buchen"),
    ("Hey Nova, bestell mir eine Pizza", "bestellen"),
    ("Kauf online neue Schuhe", "online_kaufen"),
    ("Spiel Musik von Queen", "abspielen"),
    ("Ruf Mama an", "anrufen"),
    ("Navigiere nach Hause", "navigieren"),
    ("Stell einen Wecker auf 7 Uhr", "wecker"),
    ("Wie wird das Wetter morgen?", "wetter"),
    ("Schick Lisa eine Nachricht", "nachricht"),
    ("Taylor Swift abspielen", "abspielen"),  # the verb alone names the order
    ("Spiel Mocking Bird von Eminem", "abspielen"),
    ("Wiedergabeliste mit klassischer Musik abspielen", "abspielen"),  # a media list is no list of hers
    ("Wer singt dieses Lied?", "abspielen"),  # what is playing now
    ("Erstelle eine neue Liste in meiner Wiedergabeliste", "abspielen"),  # the list of a media list
    ("Starte ein Pokerspiel mit mir", "spielen"),
    ("Empfiehl mir ein gutes Hörbuch", "abspielen"),
    ("E-Mail an meine Mutter", "mail"),
    ("Tweet über den schlechten Service", "soziale_netzwerke"),
    ("Wann fährt der nächste Zug nach Paris?", "fahrt"),  # a timetable asked about
    ("Liefern die auch nach Hause?", "bestellen"),
    ("Helligkeit 90 Prozent", "geraete"),
    ("Cnn aktuelle Schlagzeilen", "nachrichten_lesen"),
    ("Mehr Lautstärke bitte", "lautstaerke"),
    ("Sollte ich heute Regenstiefel tragen?", "wetter"),  # *tragen* is no *Trag … ein*
    ("Jarvis, such mir ein Taxi zum Bahnhof", "fahrt"),  # an order after an address
    ("Welche Konzerte gibt es in Hamburg?", "veranstaltungen_suchen"),  # events in a place
    ("Lampen dimmen, wenn der Film anfängt", "geraete"),  # the order, then a clause after the comma
])
def test_an_order_beyond_her_reach_is_read_with_its_kind(said: str, kind: str) -> None:
    found = beyond_reach(said)
    assert found is not None and found.kind == kind, said


@pytest.mark.parametrize("said", [
    "Stelle einen Erinnerungsalarm für den 7. Oktober ein",  # a reminder: hers
    "Trag mir ein: Tisch reservieren am Freitag",  # her own order with a booking as its title
    "Erinnere mich, morgen Mama anzurufen",
    "Mama anrufen morgen um 10",  # a task said without an order verb first
    "Ich habe den Flug gebucht",  # told, not ordered
    "Das Wetter ist schön",  # a statement about the weather asks nothing
    "Leg die Musikschule auf Montag",  # a move; *Musik* only opens the compound
    "Schreib Milch auf die Einkaufsliste",
    "Buche einen Termin beim Friseur für Freitag um 10",  # an appointment word: hers
    "Wann fährt mein Zug nach Paris?",  # her own train: an appointment of hers may answer
    "Wann kommt meine Bestellung?",
    "Worum ging es in der Mail von Anna?",  # what she was told about a mail
    "Am Samstag Tennis spielen",  # an infinitive last is no order to play music
    "Markiere, spiele Badminton mit Tom, als beendet",  # a quoted item, no address before the comma
    "Setz Lautsprecher auf die Einkaufsliste",
    "Welche Veranstaltungen habe ich in der nächsten Woche?",  # her own events: the calendar's
])
def test_an_order_of_her_own_or_a_statement_is_not_beyond_reach(said: str) -> None:
    assert beyond_reach(said) is None, said


def test_every_order_kind_offers_a_known_instead() -> None:
    raw = json.loads(resources.files("novaberg.text").joinpath("capabilities_de.json").read_text(encoding="utf-8"))
    offers = {APPOINTMENT: "appointment_open", LIST: "list", NOTHING: "nothing"}
    assert {order["instead"] for order in raw["orders"]} <= set(offers)
    assert set(offers.values()) == set(raw["instead_texts"])
