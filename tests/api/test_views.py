"""§2: the JSON views of the web app — chat history from `turns`, the tribunal's reasons of a
corrected or held-back answer, week/month appointments with the moved/deleted history through
`nachfolger_id` (timeline.md §5.2/§5.3), notes and lists — each bound to the signed-in person."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta

import pytest
from fastapi.testclient import TestClient

from novaberg.api.app import create_app
from novaberg.api.views import appointment_views, appointments_window
from novaberg.core.clock import FixedClock
from novaberg.core.errors import DatabaseUnavailableError
from novaberg.core.turn_history import TurnHistory
from novaberg.directives.repository import DirectivesRepository
from novaberg.llm.scripted import ScriptedLLM
from tests.support import BERLIN, berlin, make_nova, make_offline_llm

TOKEN = "operator-token-views-0123456789"
NOW = berlin(2026, 11, 30, 10)  # Monday
AUTH = {"Authorization": f"Bearer {TOKEN}"}


def _client(nova) -> TestClient:
    return TestClient(create_app(nova, FixedClock(NOW), token=TOKEN), base_url="http://127.0.0.1:8765",
                      raise_server_exceptions=False)


def _get(client, path: str) -> dict:
    response = client.get(path, headers=AUTH)
    assert response.status_code == 200, response.text
    return response.json()


def test_history_is_the_pairs_turns_oldest_first_with_the_pending_question(nova):
    """§1: history per person × figure from `turns`; a waiting question of the last turn is marked."""
    nova.turn("anna", "nova", "Hallo", NOW)
    nova.turn("anna", "luna", "Hallo Luna", NOW + timedelta(minutes=1))
    nova.turn("anna", "nova", "Schreib Milch auf die Einkaufsliste", NOW + timedelta(minutes=2))
    nova.turn("bob", "nova", "Ich bin Bob", NOW + timedelta(minutes=3))
    client = _client(nova)
    history = _get(client, "/api/history?user_id=anna&character_id=nova")
    assert [t["text"] for t in history["turns"]] == ["Hallo", "Schreib Milch auf die Einkaufsliste"]
    assert history["pending_question"] is True
    assert history["turns"][0]["at"] == "2026-11-30T10:00+01:00" and history["turns"][0]["verdict"] == "ok"
    assert _get(client, "/api/history?user_id=anna&character_id=luna")["pending_question"] is False
    assert _get(client, "/api/me")["characters"] == []  # the operator's own person "ich" has no turns
    assert TurnHistory(nova.stack.db).characters("anna") == ["nova", "luna"]
    assert _get(client, "/api/history?user_id=anna&limit=1")["turns"][0]["text"].startswith("Schreib")
    assert client.get("/api/history?limit=0", headers=AUTH).status_code == 422


def test_the_review_of_a_corrected_answer_names_the_objection_and_is_owner_bound(db, redis, tmp_path):
    """§1, tribunal.md §3.1/§5.3: a Sie directive, a du-form answer (paraphrased by the scripted model),
    a correction → verdict ok with one correction; round 1 holds the directive finding. Another person, or another figure, gets 404 for the same turn id."""
    DirectivesRepository(db).add("anna", "nova", "Bitte siez mich", datetime.fromisoformat("2026-11-29T10:00:00+00:00"))
    llm = ScriptedLLM({"compose": {"antwort": "Na klar, das mache ich für dich gern."},
                       "correct": {"antwort": "Sehr gern erledige ich das für Sie."}}, fallback=make_offline_llm())
    nova = make_nova(db, redis, llm, tmp_path)
    result = nova.turn("anna", "nova", "Kannst du das machen?", NOW)
    assert result.verdict == "ok" and result.reasons == []  # the final round has nothing to say: the trace does
    client = _client(nova)
    review = _get(client, f"/api/turns/{result.turn_id}/review?user_id=anna")
    assert review["corrections"] == 1 and review["verdict"] == "ok"
    first = review["rounds"][0]
    assert first["round"] == 0 and first["verdict"] != "ok"
    # the broken directive decides the correction by itself: round 0 names it, its judges are not asked
    assert first["reasons"] == []
    assert first["directive_findings"] == ["Anrede mit „Sie“ (dich)"]
    assert review["rounds"][-1]["verdict"] == "ok"
    assert _get(client, "/api/history?user_id=anna")["turns"][0]["corrections"] == 1
    assert client.get(f"/api/turns/{result.turn_id}/review?user_id=bob", headers=AUTH).status_code == 404
    assert client.get(f"/api/turns/{result.turn_id}/review?user_id=anna&character_id=luna",
                      headers=AUTH).status_code == 404
    assert client.get("/api/turns/kein-uuid/review", headers=AUTH).status_code == 422


def test_the_review_of_a_held_back_answer_gives_the_reasons(db, redis, tmp_path):
    """tribunal.md §4 "Korrektur-Grenze": two `ablehnen` votes in every round → the fixed text; the review
    lists the judges' reasons (paraphrased, not the offline rule's wording) and the held-back reasons."""
    bad = {"score": 0.95, "reasoning": "Setzt den Menschen unter Zeitdruck."}
    llm = ScriptedLLM({"compose": {"antwort": "Tu es sofort."}, "correct": {"antwort": "Tu es gleich."},
                       "tribunal_psychologe": bad, "tribunal_ethik": {**bad, "reasoning": "Bevormundend."}},
                      fallback=make_offline_llm())
    nova = make_nova(db, redis, llm, tmp_path)
    result = nova.turn("anna", "nova", "Was soll ich tun?", NOW)
    review = _get(_client(nova), f"/api/turns/{result.turn_id}/review?user_id=anna")
    assert review["verdict"] == "ablehnen" and review["corrections"] == 2
    assert "[psychologe] Setzt den Menschen unter Zeitdruck." in review["rounds"][0]["reasons"]
    assert "[ethik] Bevormundend." in review["held_back"]


def test_appointments_of_the_week_with_moved_and_deleted_history(nova):
    """§2, timeline.md §5.2/§5.3: the moved row stays in its old place as `verschoben` with its successor's
    time; the successor lists the earlier version; a deleted row is `geloescht`; no row ids leave."""
    for text in ("Trag mir morgen um 10 den Zahnarzt ein", "Verschieb den Zahnarzt auf Donnerstag um 15 Uhr",
                 "Trag mir Freitag um 9 den Friseur ein", "Lösch den Friseur", "Trag mir am 20.12. um 8 das Turnen ein"):
        nova.turn("anna", "nova", text, NOW)
    client = _client(nova)
    week = _get(client, "/api/appointments?user_id=anna")
    assert (week["view"], week["first_day"], week["last_day"], week["today"]) == \
        ("woche", "2026-11-30", "2026-12-06", "2026-11-30")
    rows = [(a["title"], a["start"], a["status"]) for a in week["appointments"]]
    assert rows == [("Zahnarzt", "2026-12-01T10:00+01:00", "verschoben"),
                    ("Zahnarzt", "2026-12-03T15:00+01:00", "aktiv"),
                    ("Friseur", "2026-12-04T09:00+01:00", "geloescht")]
    moved, active, deleted = week["appointments"]
    assert moved["moved_to"] == "2026-12-03T15:00+01:00"
    assert [step["start"] for step in active["earlier"]] == ["2026-12-01T10:00+01:00"]
    assert deleted["moved_to"] is None and deleted["changed"] == "2026-11-30T10:00+01:00"
    text = json.dumps(week)
    assert '"id"' not in text and "nachfolger" not in text
    month = _get(client, "/api/appointments?user_id=anna&view=monat&date=2026-12-15")
    assert (month["first_day"], month["last_day"]) == ("2026-12-01", "2026-12-31")
    assert [a["title"] for a in month["appointments"] if a["status"] == "aktiv"] == ["Zahnarzt", "Turnen"]
    assert _get(client, "/api/appointments?user_id=bob")["appointments"] == []
    assert _get(client, "/api/appointments?user_id=anna&character_id=luna")["appointments"] == []


@pytest.mark.parametrize("query", ["date=0001-01-01", "date=9999-12-31", "date=2026-02-30", "date=heute",
                                   "view=jahr", "character_id=%00", "user_id=" + "u" * 201, "character_id="])
def test_bad_view_parameters_are_422_never_500(nova, query):
    """Ids and dates are checked at every edge, here the views: dates outside 1900–2199, no date, unknown view, NUL, too long or empty ids."""
    response = _client(nova).get(f"/api/appointments?{query}", headers=AUTH)
    assert response.status_code == 422, response.text


def test_notes_and_lists(nova):
    for text in ("Schreib Milch auf die Einkaufsliste", "Ja", "Schreib Brot auf die Einkaufsliste",
                 "Mach eine Notiz: WLAN-Schlüssel liegt im Flur"):
        nova.turn("anna", "nova", text, NOW)
    notes = _get(_client(nova), "/api/notes?user_id=anna")["notes"]
    shopping = next(n for n in notes if n["is_list"])
    assert shopping["name"] == "Einkaufsliste" and shopping["items"] == ["Milch", "Brot"]
    assert any("WLAN" in n["text"] and not n["is_list"] for n in notes)
    assert _get(_client(nova), "/api/notes?user_id=bob")["notes"] == []


def test_database_down_is_a_short_german_503(nova, monkeypatch):
    def down(*_args, **_kwargs):
        raise DatabaseUnavailableError("postgresql://nova:geheim@10.0.0.5/nova does not answer")

    monkeypatch.setattr(TurnHistory, "recent", down)
    response = _client(nova).get("/api/history", headers=AUTH)
    assert response.status_code == 503 and "Datenbank" in response.json()["detail"]
    assert "geheim" not in response.text


def test_the_window_is_monday_to_sunday_or_the_calendar_month():
    assert appointments_window("woche", date(2026, 12, 6)) == (date(2026, 11, 30), date(2026, 12, 6))
    assert appointments_window("monat", date(2028, 2, 10)) == (date(2028, 2, 1), date(2028, 2, 29))


def test_a_cycle_in_the_successor_chain_ends_the_walk():
    """timeline.md §5.2: a broken chain (a cycle) must not hang the view."""
    moment = datetime(2026, 12, 1, 9, tzinfo=BERLIN)
    rows = [{"id": 1, "event_time": moment, "aktiv": False, "nachfolger_id": 2, "title": "A", "precision": "minute"},
            {"id": 2, "event_time": moment, "aktiv": False, "nachfolger_id": 1, "title": "A", "precision": "minute"}]
    found = appointment_views(rows, date(2026, 11, 30), date(2026, 12, 6), BERLIN)
    assert [a.status for a in found] == ["verschoben", "verschoben"]


def test_roots_with_their_index_status_and_the_features(nova, tmp_path_factory):
    """§2: shared roots with their index status, for the pair only; /api/me says which views exist."""
    home = tmp_path_factory.mktemp("home").resolve()  # outside the test Nova's data directory
    nova.files.allow("anna", str(home), now=NOW)
    shared = home / "geteilt"
    shared.mkdir()
    (shared / "rezept.txt").write_text("Apfelkuchen: Äpfel, Mehl, Zucker\n")
    nova.files.grant("anna", "nova", str(shared), bezeichnung="Rezepte", now=NOW)
    client = _client(nova)
    before = _get(client, "/api/roots?user_id=anna")["roots"]
    assert [(r["label"], r["active"], r["files_indexed"], r["last_indexed"]) for r in before] == \
        [("Rezepte", True, 0, None)]
    nova.files.index(NOW, user_id="anna", character_id="nova")
    after = _get(client, "/api/roots?user_id=anna")["roots"][0]
    assert after["files_indexed"] == 1 and after["last_indexed"] == "2026-11-30T10:00+01:00"
    assert after["files_not_evaluated"] == 0  # an indexed file carries grund 'created' — it was evaluated
    (shared / "rezept.txt").write_text("")  # §5.5a: still on disk, now excluded (empty)
    nova.files.index(NOW, user_id="anna", character_id="nova")
    excluded = _get(client, "/api/roots?user_id=anna")["roots"][0]
    assert (excluded["files_indexed"], excluded["files_not_evaluated"]) == (0, 1)
    assert _get(client, "/api/roots?user_id=bob")["roots"] == []
    assert _get(client, "/api/roots?user_id=anna&character_id=luna")["roots"] == []
    assert '"id"' not in json.dumps(after)
    assert _get(client, "/api/me")["features"] == {"memory": True, "roots": True}


def test_features_are_off_where_a_facade_is_missing():
    from novaberg.api.views import features_of

    class Bare:
        pass

    class Broken:
        @property
        def memory(self):
            raise RuntimeError("not built")

    assert features_of(Bare()).model_dump() == {"memory": False, "roots": False}
    assert features_of(Broken()).memory is False


def test_the_review_names_a_wrong_weekday_in_german(db, redis, tmp_path):
    """tribunal.md §5.3 (computed date check): an answer that calls Tuesday 1.12.2026 a Wednesday — the review's
    computed findings say so in German (the trace keeps only the finding, not the order text)."""
    llm = ScriptedLLM({"compose": {"antwort": "Am Mittwoch, dem 01.12.2026, hast du frei."},
                       "correct": {"antwort": "Am Mittwoch, dem 01.12.2026, hast du wirklich frei."}},
                      fallback=make_offline_llm())
    nova = make_nova(db, redis, llm, tmp_path)
    result = nova.turn("anna", "nova", "Wann habe ich frei?", NOW)
    review = _get(_client(nova), f"/api/turns/{result.turn_id}/review?user_id=anna")
    findings = [f for r in review["rounds"] for f in r["computed_findings"]]
    assert "Der 1.12.2026 ist ein Dienstag, nicht ein Mittwoch." in findings
