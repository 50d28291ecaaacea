"""Phrasings of the external development sets (bench/offline/external/gathered.py,
*_dev parts) end to end through `Nova.turn`, with a second list present so that a wrong list shows, and a
second person whose lists and appointments must stay untouched. notizen.md §3, §5, §7; timeline.md §3, §5.1."""

from __future__ import annotations

from novaberg.notes.repository import NotesRepository
from novaberg.timeline.repository import TimelineRepository
from tests.support import berlin

NOW = berlin(2026, 11, 11, 9, 30)  # a Wednesday


def _lists(db, user):
    return {row["name"]: row["text"] for row in NotesRepository(db).list(user)}


def _setup(db):
    for user in ("u1", "u2"):
        repo = NotesRepository(db)
        repo.insert(user, "Baumarkt-Liste", "einkauf", "Schrauben", [], NOW)
        repo.insert(user, "Einkaufsliste", "einkauf", "Milch", [], NOW)


def _service(result, name):
    return next((s for s in result.services if s["name"] == name), None)


def test_an_elliptic_order_naming_the_list_first_adds_there(nova, db):
    """bonalyze dev *„Bitte auf die Einkaufsliste Eier"*: the item after the list, on that list only."""
    _setup(db)
    result = nova.turn("u1", "nova", "Bitte auf die Einkaufsliste Eier", NOW)
    assert _service(result, "notizen")["status"] == "abgeschlossen"
    assert _lists(db, "u1") == {"Baumarkt-Liste": "Schrauben", "Einkaufsliste": "Milch\nEier"}
    assert _lists(db, "u2") == {"Baumarkt-Liste": "Schrauben", "Einkaufsliste": "Milch"}


def test_written_down_or_removed_without_a_list_asks_which_and_writes_nothing(nova, db):
    """bonalyze dev *„Schreib Brot auf"*, *„Entferne Milch"* (Milch on both lists): none is named and two
    fit — Nova asks which list (a question, no guess); no list changes, the other person's neither."""
    for user in ("u1", "u2"):
        repo = NotesRepository(db)
        repo.insert(user, "Baumarkt-Liste", "einkauf", "Milch", [], NOW)
        repo.insert(user, "Einkaufsliste", "einkauf", "Milch", [], NOW)
    for sentence in ("Schreib Brot auf", "Entferne Milch"):
        result = nova.turn("u1", "nova", sentence, NOW)
        service = _service(result, "notizen")
        assert service is not None and service["status"] == "rueckfrage", (sentence, result.answer)
        nova.turn("u1", "nova", "Vergiss es", NOW)
    for user in ("u1", "u2"):
        assert _lists(db, user) == {"Baumarkt-Liste": "Milch", "Einkaufsliste": "Milch"}


def test_a_list_verb_without_a_list_takes_the_one_list_holding_the_item(nova, db):
    """*„Entferne Milch"* with Milch on the Einkaufsliste only: no guess — the one list that holds it."""
    _setup(db)
    result = nova.turn("u1", "nova", "Entferne Milch", NOW)
    assert _service(result, "notizen")["status"] == "abgeschlossen", result.answer
    assert _lists(db, "u1") == {"Baumarkt-Liste": "Schrauben", "Einkaufsliste": ""}
    assert _lists(db, "u2") == {"Baumarkt-Liste": "Schrauben", "Einkaufsliste": "Milch"}


def test_an_appointment_said_without_its_verb_is_entered(nova, db):
    """multistage-assist dev *„Termin morgen um 10 Uhr beim Zahnarzt"*: an order without a verb (timeline.md
    §3: the request is explicit — the appointment word, a time, no verb of a statement) enters it."""
    result = nova.turn("u1", "nova", "Termin morgen um 10 Uhr beim Zahnarzt", NOW)
    assert _service(result, "timeline")["status"] == "abgeschlossen", result.answer
    rows = TimelineRepository(db).list("u1", "nova")
    assert [(r["title"], r["event_time"].astimezone(NOW.tzinfo).strftime("%Y-%m-%d %H:%M")) for r in rows] == [
        ("Zahnarzt", "2026-11-12 10:00")]
    assert TimelineRepository(db).list("u2", "nova") == []


def test_a_calendar_entry_without_a_title_asks_for_it(nova, db):
    """*„Erstelle einen Kalendereintrag für morgen 15.00 Uhr"*: no title said — Nova asks, writes nothing
    (never an appointment called „Kalendereintrag")."""
    result = nova.turn("u1", "nova", "Erstelle einen Kalendereintrag für morgen 15.00 Uhr", NOW)
    assert _service(result, "timeline")["status"] in ("rueckfrage", "fehler"), result.answer
    assert "heißen" in result.answer
    assert TimelineRepository(db).list("u1", "nova") == []


def test_a_statement_about_an_appointment_stays_a_statement(nova, db):
    """*„Termin ist morgen um 10"*, *„Ich hab morgen um 10 einen Termin"*: a verb of its own — nothing entered."""
    for sentence in ("Termin ist morgen um 10 Uhr", "Ich hab morgen um 10 einen Termin"):
        nova.turn("u1", "nova", sentence, NOW)
    assert TimelineRepository(db).list("u1", "nova") == []


def test_used_up_is_a_need_for_the_running_list_only(nova, db):
    """notizen.md *Nur auf ausdrücklichen Auftrag* and the owner's decision after it: *„Milch ist alle"* right
    after a list was filled adds to that list; without a running list nothing is written (u2)."""
    _setup(db)
    nova.turn("u1", "nova", "Setz Käse auf die Einkaufsliste", NOW)
    nova.turn("u1", "nova", "Kaffee ist alle", NOW)
    assert _lists(db, "u1") == {"Baumarkt-Liste": "Schrauben", "Einkaufsliste": "Milch\nKäse\nKaffee"}
    nova.turn("u2", "nova", "Kaffee ist alle", NOW)
    nova.turn("u2", "nova", "Der Akku ist leer", NOW)
    assert _lists(db, "u2") == {"Baumarkt-Liste": "Schrauben", "Einkaufsliste": "Milch"}


def test_a_clause_is_never_an_item(nova, db):
    """*„Kaffee ist alle, bitte aufschreiben"*: never the item „Kaffee ist alle" on any list."""
    _setup(db)
    nova.turn("u1", "nova", "Kaffee ist alle, bitte aufschreiben", NOW)
    nova.turn("u1", "nova", "Einkaufsliste", NOW)
    texts = _lists(db, "u1")
    assert all("ist alle" not in text for text in texts.values()), texts


def test_neuer_termin_is_no_part_of_the_title(nova, db):
    """*„neuer Termin übermorgen 9 Uhr Zahnarzt"* (an example phrasing of another assistant's README) and
    *„Neuer Termin: Elternabend …"*: the title is the appointment, never „neuer Termin Zahnarzt"."""
    nova.turn("u1", "nova", "neuer Termin übermorgen 9 Uhr Zahnarzt", NOW)
    nova.turn("u1", "nova", "Neuer Termin: Elternabend am Donnerstag um 19 Uhr", NOW)
    rows = TimelineRepository(db).list("u1", "nova")
    assert sorted((r["title"], r["event_time"].astimezone(NOW.tzinfo).strftime("%Y-%m-%d %H:%M")) for r in rows) == [
        ("Elternabend", "2026-11-12 19:00"), ("Zahnarzt", "2026-11-13 09:00")]
    assert TimelineRepository(db).list("u2", "nova") == []
