"""End-to-end turns through `nova.turn` (notizen.md §4 "Rueckfrage bei nicht
gefundener Notiz", §5, §7 "Die geschlossene Annahme"): the shopping-list dialogue."""

from __future__ import annotations

from novaberg.notes.repository import NotesRepository
from tests.support import berlin

NOW = berlin(2026, 11, 30, 9, 30)


def _notes(db, user="u1"):
    return NotesRepository(db).list(user)


def _say(nova, text, user="u1"):
    result = nova.turn(user, "nova", text, NOW)
    services = [s for s in result.services if s["name"] == "notizen"]
    return result, (services[0] if services else None)


def test_shopping_list_dialogue_not_found_question_ja_created_then_add_remove_read_rename_delete(nova, db):
    """§4/§7 nicht_gefunden → zustimmung creates from the original request; then §5 every path."""
    result, service = _say(nova, "Setz Milch auf die Einkaufsliste")
    assert service["status"] == "rueckfrage"
    assert "Soll ich sie anlegen?" in result.answer
    assert _notes(db) == []

    result, service = _say(nova, "ja")
    assert service["status"] == "abgeschlossen"
    [note] = _notes(db)
    assert note["name"] == "Einkaufsliste" and note["text"] == "Milch"  # never the word "ja"
    assert {"schritt": "verifikation", "verifiziert": True} in service["steps"]

    _, service = _say(nova, "Schreib Eier und Butter auf die Einkaufsliste")
    assert service["status"] == "abgeschlossen"
    assert _notes(db)[0]["text"] == "Milch\nEier\nButter"

    _, service = _say(nova, "Streich die Milch von der Einkaufsliste")
    assert service["status"] == "abgeschlossen"
    assert _notes(db)[0]["text"] == "Eier\nButter"

    result, service = _say(nova, "Was steht auf der Einkaufsliste?")
    assert service["status"] == "abgeschlossen"
    assert "Eier, Butter" in result.answer

    _, service = _say(nova, "Nenn die Einkaufsliste 'Wocheneinkauf'")
    assert service["status"] == "abgeschlossen"
    assert _notes(db)[0]["name"] == "Wocheneinkauf"

    _, service = _say(nova, "Lösch die Liste 'Wocheneinkauf'")
    assert service["status"] == "abgeschlossen"
    assert _notes(db) == []
    with db.transaction() as conn:
        row = conn.execute("SELECT status, aktiv FROM notizen").fetchone()
    assert row == {"status": "archiviert", "aktiv": False}  # §5 Delete: soft, both fields together


def test_nein_bitte_nicht_refuses_and_ends_dismissed(nova, db):
    """§7 nicht_gefunden: "nein, bitte nicht" refuses (refusal first and wins) → dismissed."""
    _say(nova, "Setz Milch auf die Einkaufsliste")
    result, service = _say(nova, "nein, bitte nicht")
    assert service["status"] == "dismissed"
    assert result.answer == "Okay, 'Einkaufsliste' wird nicht angelegt."
    assert _notes(db) == []


def test_wie_bitte_asks_again_and_writes_nothing(nova, db, redis):
    """§7 "Die geschlossene Annahme": "Wie bitte?" is unklar → the same question again, no execution."""
    first, _ = _say(nova, "Setz Milch auf die Einkaufsliste")
    result, service = _say(nova, "Wie bitte?")
    assert service["status"] == "rueckfrage"
    assert first.answer in result.answer and "noch einmal" in result.answer
    assert _notes(db) == []
    assert redis.get("pending_agent:u1") is not None  # still waiting for a real answer
    _, service = _say(nova, "ja")
    assert service["status"] == "abgeschlossen"
    assert [n["text"] for n in _notes(db)] == ["Milch"]


def test_ja_leg_ne_neue_an_refuses(nova, db):
    """§7 nicht_gefunden: every other *ne* refuses, also "ja, leg ne neue an" (the safe direction)."""
    _say(nova, "Setz Milch auf die Einkaufsliste")
    _, service = _say(nova, "ja, leg ne neue an")
    assert service["status"] == "dismissed"
    assert _notes(db) == []


def test_statement_of_need_is_rejected_without_a_running_list(nova, db):
    """End of notizen.md "Nur auf ausdrücklichen Auftrag": a statement writes nothing."""
    _, service = _say(nova, "Ich brauche noch Mehl und Hefe")
    assert service is not None and service["status"] == "rejected"
    assert any(step.get("kein_auftrag") for step in service["steps"])
    assert _notes(db) == []


def test_statement_of_need_extends_the_running_list(nova, db):
    """End of notizen.md: "Die Ergänzung einer laufenden Liste bleibt ein Auftrag"."""
    _say(nova, "Erstelle eine Einkaufsliste: Milch")
    _, service = _say(nova, "Wir brauchen auch Mülltüten")
    assert service["status"] == "abgeschlossen"
    assert _notes(db)[0]["text"] == "Milch\nMülltüten"


def test_reference_create_takes_the_content_of_the_previous_turn(nova, db):
    """§3 "Inhalts-Auflösung aus Vor-Turns": "Leg sie bitte als Notiz an" after a listing turn."""
    _say(nova, "Halloumi, Feta, Paneer kommen mir in den Sinn")
    _, service = _say(nova, "Leg sie bitte als Notiz an")
    assert service["status"] == "abgeschlossen"
    [note] = _notes(db)
    assert note["text"] == "Halloumi, Feta, Paneer"
    assert note["name"] == "Halloumi Feta Paneer"  # §5 Create: no evidence for a name → from the content


def test_overview_without_target_lists_active_notes(nova, db):
    """§5 Read: without a target a compact overview of all active notes (name, type, summary)."""
    _say(nova, "Erstelle eine Einkaufsliste: Milch, Eier")
    _say(nova, "Notier dir: Reifen wechseln vor dem Winter")
    result, service = _say(nova, "Zeig meine Notizen")
    assert service["status"] == "abgeschlossen"
    assert "Einkaufsliste (einkauf)" in result.answer
    assert "Reifen wechseln vor dem Winter (notiz)" in result.answer


def test_duplicate_name_asks_update_or_new(nova, db):
    """§5 Create 4 / §7 Duplikat: an existing name → "Aktualisieren oder neu anlegen?"."""
    _say(nova, "Erstelle eine Einkaufsliste: Milch")
    result, service = _say(nova, "Erstelle eine Einkaufsliste: Eier")
    assert service["status"] == "rueckfrage" and "Aktualisieren oder neu anlegen?" in result.answer
    _, service = _say(nova, "aktualisieren")
    assert service["status"] == "abgeschlossen"
    assert [n["text"] for n in _notes(db)] == ["Milch\nEier"]


def test_duplicate_answer_neu_creates_a_second_note(nova, db):
    """§7 Duplikat: *neu* as a whole word skips the duplicate check."""
    _say(nova, "Erstelle eine Einkaufsliste: Milch")
    _say(nova, "Erstelle eine Einkaufsliste: Eier")
    _, service = _say(nova, "neu anlegen")
    assert service["status"] == "abgeschlossen"
    assert sorted(n["text"] for n in _notes(db)) == ["Eier", "Milch"]


def test_several_hits_ask_which_and_the_answer_chooses(nova, db):
    """§7 Disambiguierung: several notes in the winner group → question; the answer picks by name."""
    repo = NotesRepository(db)
    repo.insert("u1", "Einkaufsliste", "einkauf", "Milch", [], NOW)
    repo.insert("u1", "Packliste", "todo", "Zelt", [], NOW)
    result, service = _say(nova, "Lösch die Liste")  # no running list in the conversation
    assert service["status"] == "rueckfrage" and "Welche meinst du?" in result.answer
    _, service = _say(nova, "die Packliste")
    assert service["status"] == "abgeschlossen"
    assert [n["name"] for n in _notes(db)] == ["Einkaufsliste"]


def test_generic_list_means_the_running_list(nova, db):
    """§3 target resolution from the previous turns: "die Liste" is the list just worked on."""
    _say(nova, "Erstelle eine Einkaufsliste: Milch")
    _say(nova, "Erstelle eine Packliste: Zelt")
    _, service = _say(nova, "Streich Zelt von der Liste")
    assert service["status"] == "abgeschlossen"
    assert {n["name"]: n["text"] for n in _notes(db)} == {"Einkaufsliste": "Milch", "Packliste": ""}


def test_notes_are_per_person(nova, db):
    """§6: every note belongs to its person; another person's list is not found."""
    _say(nova, "Erstelle eine Einkaufsliste: Milch", user="anna")
    result, service = _say(nova, "Was steht auf der Einkaufsliste?", user="ben")
    assert "Ich finde keine Notiz" in result.answer
    assert [n["text"] for n in _notes(db, "anna")] == ["Milch"]


def test_merk_bitte_with_a_time_reaches_the_notes_through_the_turn(nova, db):
    """§1 "Die Grenze zur Timeline": *„Merk dir, dass ich morgen Mehl brauche“* is a note, not an appointment."""
    _, service = _say(nova, "Merk dir, dass ich morgen Mehl brauche")
    assert service is not None and service["status"] == "abgeschlossen"
    [note] = _notes(db)
    assert "Mehl" in note["text"] and note["faellig_am"] is not None


def test_overview_says_a_note_named_by_its_own_words_once(db, redis, tmp_path):
    """§5 Read without a target: a note named by its first words (§5 *Create*, name from the content) was listed
    as „- Ich brauche morgen Mehl (notiz): Ich brauche morgen Mehl“."""
    from tests.support import berlin, make_nova, make_offline_llm

    nova = make_nova(db, redis, make_offline_llm(), tmp_path)
    now = berlin(2026, 11, 30, 9)
    nova.turn("u1", "nova", "Merk dir, dass ich morgen Mehl brauche", now)
    nova.turn("u1", "nova", "Leg eine Einkaufsliste an mit Brot und Käse", now)
    answer = nova.turn("u1", "nova", "Zeig meine Notizen", now).answer
    assert "- Ich brauche morgen Mehl (notiz)\n" in answer + "\n" and answer.count("Mehl") == 1, answer
    assert "- Einkaufsliste (einkauf): Brot Käse" in answer, answer
