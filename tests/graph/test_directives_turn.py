"""Directives by conversation: ask first, write on the closed consent reading, bound to the pair."""

from __future__ import annotations

from uuid import uuid4

from novaberg.agents.services import AgentRequest
from novaberg.directives.agent import SERVICE, parse
from novaberg.directives.repository import DirectivesRepository
from tests.support import berlin, make_deps, make_offline_llm

NOW = berlin(2026, 11, 30, 10)


def _texts(db, user="u1", character="nova"):
    return [d.text for d in DirectivesRepository(db).list(user, character)]


def test_add_asks_then_writes_on_consent_and_the_jurist_sees_it(nova, db):
    """Created by conversation with the closed consent reading; every write verified."""
    first = nova.turn("u1", "nova", "Sprich mich mit Sie an", NOW)
    assert first.services[0]["status"] == "rueckfrage" and "Sprich mich mit Sie an" in first.answer
    assert _texts(db) == []
    second = nova.turn("u1", "nova", "Ja, gerne", NOW)
    service = second.services[0]
    assert service["status"] == "abgeschlossen"
    assert any(step.get("verifiziert") is True for step in service["steps"])
    assert _texts(db) == ["Sprich mich mit Sie an"]
    assert _texts(db, character="andere") == [] and _texts(db, user="u2") == []
    assert second.verdict == "ok"  # quoting the rule in the confirmation does not break it


def test_refusal_and_unclear_answers_write_nothing(nova, db):
    """The closed reading (notizen.md §7 copy for 'direktiven'): refusal ends, anything unsure asks again."""
    nova.turn("u1", "nova", "Nenn mich nie „Schatz“", NOW)
    again = nova.turn("u1", "nova", "hm, mal sehen", NOW)
    assert again.services[0]["status"] == "rueckfrage"
    refused = nova.turn("u1", "nova", "nein", NOW)
    assert refused.services[0]["status"] == "dismissed"
    assert _texts(db) == []


def test_list_and_remove_by_conversation(nova, db):
    repo = DirectivesRepository(db)
    repo.add("u1", "nova", "Keine Emojis", NOW)
    repo.add("u1", "nova", "Erwähne nie meine Ex", NOW)
    listing = nova.turn("u1", "nova", "Welche Regeln gelten für dich?", NOW)
    assert "1. Keine Emojis" in listing.answer and "2. Erwähne nie meine Ex" in listing.answer
    ask = nova.turn("u1", "nova", "Streiche die Regel 2", NOW)
    assert ask.services[0]["status"] == "rueckfrage" and "Erwähne nie meine Ex" in ask.answer
    done = nova.turn("u1", "nova", "ja", NOW)
    assert done.services[0]["status"] == "abgeschlossen"
    assert _texts(db) == ["Keine Emojis"]


def test_too_long_directive_is_refused_with_a_sentence(nova, db):
    """Longer than 500 characters → refused with a clear sentence, nothing written."""
    result = nova.turn("u1", "nova", "Neue Regel: " + "Sag nie Quark. " * 40, NOW)
    assert result.services[0]["status"] == "fehler" and "höchstens 500 Zeichen" in result.answer
    assert _texts(db) == []


def test_a_pending_question_of_another_pair_is_refused(db, redis):
    """A directive that would apply to another pair is refused, nothing written."""
    deps = make_deps(db, redis, make_offline_llm())
    pending = {"aktion": "hinzufuegen", "text": "Sieze mich", "frage": "?", "user_id": "u2", "character_id": "nova"}
    request = AgentRequest(user_id="u1", character_id="nova", text="ja", now=NOW, turn_id=uuid4(), action="resume",
                           pending=pending)
    result = SERVICE.run(request, deps)
    assert result.status == "fehler" and "Figur" in result.answer
    assert _texts(db) == [] and _texts(db, user="u2") == []


def test_offline_reading_of_the_phrasings():
    assert parse("Sieze mich bitte")["aktion"] == "hinzufuegen"
    assert parse("Merk dir als Regel: keine Emojis")["text"] == "keine Emojis"
    assert parse("Zeig mir meine Regeln")["aktion"] == "auflisten"
    assert parse("Lösch die Regel Nummer 1") == {"aktion": "entfernen", "nummer": 1, "text": ""}
    assert parse("Wie wird das Wetter?")["aktion"] == "keine"
    assert parse("Trag mir morgen um 9 den Zahnarzt ein")["aktion"] == "keine"
