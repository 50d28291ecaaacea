"""The planner runs more than one service per turn, and a waiting question hands over to a clearly
new request (notizen.md §7 „Kette“, timeline.md §10 pending)."""

from __future__ import annotations

from novaberg.agents.pending import load_pending
from novaberg.api.catalog import build_registry
from novaberg.graph.router import is_new_request, split_orders
from novaberg.llm.scripted import ScriptedLLM
from novaberg.notes.repository import NotesRepository
from novaberg.timeline.repository import TimelineRepository
from tests.support import berlin, make_nova, make_offline_llm

NOW = berlin(2026, 11, 30, 10)

CATALOG = build_registry()


def _nova(db, redis, tmp_path, llm=None):
    return make_nova(db, redis, llm or make_offline_llm(), tmp_path)


def test_section8_two_orders_run_in_the_order_said_each_verified(db, redis, tmp_path):
    """„Trag den Zahnarzt … ein und schreib Zahnseide auf die Einkaufsliste“ → timeline, then notes."""
    nova = _nova(db, redis, tmp_path)
    nova.turn("u1", "nova", "Leg eine Einkaufsliste an mit Brot", NOW)
    result = nova.turn("u1", "nova",
                       "Trag mir morgen um 10 Uhr den Zahnarzt ein und schreib Zahnseide auf die Einkaufsliste",
                       berlin(2026, 11, 30, 10, 1))
    assert [s["name"] for s in result.services] == ["timeline", "notizen"]
    for service in result.services:
        assert service["status"] == "abgeschlossen", service
        assert any(step.get("verifiziert") is True for step in service["steps"]), service
    assert [r["title"] for r in TimelineRepository(db).list("u1", "nova")] == ["Zahnarzt"]
    assert "Zahnseide" in NotesRepository(db).list("u1")[0]["text"]
    assert result.verdict == "ok"


def test_section8_a_sentence_without_a_time_asks_and_the_second_order_waits(db, redis, tmp_path):
    """A calendar order without a time and a list order in one sentence: the timeline asks „Wann?“, the notes order waits behind the question (the answer
    says so) and runs after the answer — never on a guess before it, never lost."""
    nova = _nova(db, redis, tmp_path)
    nova.turn("u1", "nova", "Leg eine Einkaufsliste an mit Brot", NOW)
    asked = nova.turn("u1", "nova", "Trag den Zahnarzt ein und schreib Zahnseide auf die Einkaufsliste",
                      berlin(2026, 11, 30, 10, 1))
    assert [(s["name"], s["status"]) for s in asked.services] == [("timeline", "rueckfrage")]
    assert "Zahnseide" in asked.answer and "wartet" in asked.answer, asked.answer
    assert "Zahnseide" not in NotesRepository(db).list("u1")[0]["text"]
    assert TimelineRepository(db).list("u1", "nova") == []
    assert asked.verdict == "ok", asked.reasons
    done = nova.turn("u1", "nova", "Am Freitag um 10", berlin(2026, 11, 30, 10, 2))
    assert [(s["name"], s["status"]) for s in done.services] == [("timeline", "abgeschlossen"),
                                                                  ("notizen", "abgeschlossen")]
    assert [(r["title"], r["event_time"]) for r in TimelineRepository(db).list("u1", "nova")] == [
        ("Zahnarzt", berlin(2026, 12, 4, 10))]
    assert "Zahnseide" in NotesRepository(db).list("u1")[0]["text"]
    assert load_pending(redis, "u1", "nova") is None


def test_the_waiting_order_waits_again_when_the_answer_asks_again(db, redis, tmp_path):
    """An answer that is no time asks again — the waiting order stays behind the question."""
    nova = _nova(db, redis, tmp_path)
    nova.turn("u1", "nova", "Leg eine Einkaufsliste an mit Brot", NOW)
    nova.turn("u1", "nova", "Trag den Zahnarzt ein und schreib Zahnseide auf die Einkaufsliste",
              berlin(2026, 11, 30, 10, 1))
    again = nova.turn("u1", "nova", "Hmm, gute Frage", berlin(2026, 11, 30, 10, 2))
    assert [(s["name"], s["status"]) for s in again.services] == [("timeline", "rueckfrage")]
    assert load_pending(redis, "u1", "nova")["spaeter"] == [
        {"domain": "notizen", "text": "schreib Zahnseide auf die Einkaufsliste"}]
    nova.turn("u1", "nova", "Freitag um 10 Uhr", berlin(2026, 11, 30, 10, 3))
    assert "Zahnseide" in NotesRepository(db).list("u1")[0]["text"]


def test_section8_a_rejected_moves_on_to_the_next(db, redis, tmp_path):
    """The first order is a statement (`rejected`), the second still runs."""
    llm = ScriptedLLM({"timeline_classify": {"action": "rejected", "grund": "Mitteilung"}}, fallback=make_offline_llm())
    nova = _nova(db, redis, tmp_path, llm)
    nova.turn("u1", "nova", "Leg eine Einkaufsliste an mit Brot", NOW)
    result = nova.turn("u1", "nova", "Trag den Zahnarzt ein und schreib Zahnseide auf die Einkaufsliste",
                       berlin(2026, 11, 30, 10, 1))
    assert [(s["name"], s["status"]) for s in result.services] == [("timeline", "rejected"),
                                                                   ("notizen", "abgeschlossen")]
    assert "Zahnseide" in NotesRepository(db).list("u1")[0]["text"]


def test_twin_one_order_with_und_is_one_order():
    """The twin: „Schreib Äpfel und Milch auf die Einkaufsliste“ is one order (no imperative after „und“)."""
    _nova_services()
    assert split_orders("Schreib Äpfel und Milch auf die Einkaufsliste", CATALOG) == []
    assert [o["domain"] for o in split_orders("Trag den Zahnarzt ein und schreib Zahnseide auf die Einkaufsliste", CATALOG)] \
        == ["timeline", "notizen"]


def _nova_services():
    from novaberg.api.nova import _load_services

    _load_services()


def test_section6_a_new_request_ends_the_pending_question_with_dismissed(db, redis, tmp_path):
    """While the list question waits, „Trag mir Samstag um 14 Uhr den Flohmarkt ein“ is a new request —
    the question ends with `dismissed` and the Flohmarkt is entered (no list question again)."""
    nova = _nova(db, redis, tmp_path)
    first = nova.turn("u1", "nova", "Schreib Pass auf die Packliste", NOW)
    assert first.services[0]["status"] == "rueckfrage"
    result = nova.turn("u1", "nova", "Trag mir Samstag um 14 Uhr den Flohmarkt ein", berlin(2026, 11, 30, 10, 1))
    assert [(s["name"], s["status"]) for s in result.services] == [("notizen", "dismissed"),
                                                                   ("timeline", "abgeschlossen")]
    assert [r["title"] for r in TimelineRepository(db).list("u1", "nova")] == ["Flohmarkt"]
    assert "Packliste" not in result.answer
    assert load_pending(redis, "u1", "nova") is None


def test_twin_section6_an_answer_to_the_question_resumes_it(db, redis, tmp_path):
    """The twin: „Ja“ answers the waiting question — it resumes and the list is created."""
    nova = _nova(db, redis, tmp_path)
    nova.turn("u1", "nova", "Schreib Pass auf die Packliste", NOW)
    result = nova.turn("u1", "nova", "Ja", berlin(2026, 11, 30, 10, 1))
    assert [(s["name"], s["status"]) for s in result.services] == [("notizen", "abgeschlossen")]
    assert NotesRepository(db).list("u1")[0]["name"] == "Packliste"


def test_section6_what_counts_as_a_new_request():
    """Another domain's order, or the same service's order opening with its own action word, is new; a consent,
    a refusal, a choice or a bare object is an answer."""
    _nova_services()
    assert is_new_request("Trag mir Samstag um 14 Uhr den Flohmarkt ein", "notizen", CATALOG)
    assert is_new_request("Schreib Milch auf die Einkaufsliste", "notizen", CATALOG)
    assert not is_new_request("Ja, gerne", "notizen", CATALOG)
    assert not is_new_request("Nein", "timeline", CATALOG)
    assert not is_new_request("die Packliste", "notizen", CATALOG)
    assert not is_new_request("den am Freitag", "timeline", CATALOG)
    assert not is_new_request("die zweite", "timeline", CATALOG)
