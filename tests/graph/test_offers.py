"""Offers and consent through `Nova.turn` (timeline.md §3a, „Der Objektbezug“; notizen.md E3).

The composer and the corrector are scripted and paraphrase; everything else is the offline model.
"""

from __future__ import annotations

from novaberg.llm.scripted import ScriptedLLM
from novaberg.notes.repository import NotesRepository
from novaberg.situation.lage import load_situation, offer_key, peek_offer, situation_key
from novaberg.situation.texts import OFFER_EXPIRED, OFFER_OTHER_FIGURE, OFFER_REFUSED
from novaberg.timeline.repository import TimelineRepository
from tests.support import berlin, make_nova, make_offline_llm

NOW = berlin(2026, 11, 30, 10)  # Monday
CLAIM = "Ich habe den Flohmarkt am Samstag um 14 Uhr eingetragen."
RESTATED = "Du möchtest den Flohmarkt am Samstag um 14 Uhr in deinem Kalender haben. Soll ich ihn eintragen?"


def _titles(db, user="u1", character="nova"):
    return [(r["title"], r["event_time"]) for r in TimelineRepository(db).list(user, character)]


def _offered(db, redis, tmp_path):
    """Turn 1: a false claim, the corrector turns it into an offer (paraphrased)."""
    llm = ScriptedLLM({"compose": {"antwort": CLAIM}, "correct": {"antwort": RESTATED}}, fallback=make_offline_llm())
    nova = make_nova(db, redis, llm, tmp_path)
    first = nova.turn("u1", "nova", "Am Samstag ist Flohmarkt, da will ich um 14 Uhr hin.", NOW)
    return nova, llm, first


def test_section5_consent_executes_exactly_the_offer_through_the_service(db, redis, tmp_path):
    """„Soll ich ihn eintragen?“ → „Ja, gerne“ → the Flohmarkt stands on Saturday 14:00, verified."""
    nova, llm, first = _offered(db, redis, tmp_path)
    assert first.answer == RESTATED and _titles(db) == []
    assert peek_offer(redis, "u1").target == "Flohmarkt"
    llm.script("compose", {"antwort": "Erledigt, der Flohmarkt am Samstag um 14 Uhr ist jetzt eingetragen."})
    second = nova.turn("u1", "nova", "Ja, gerne", berlin(2026, 11, 30, 10, 1))
    assert _titles(db) == [("Flohmarkt", berlin(2026, 12, 5, 14))]
    timeline = [s for s in second.services if s["name"] == "timeline"]
    assert timeline and timeline[0]["status"] == "abgeschlossen"
    assert any(step.get("verifiziert") is True for step in timeline[0]["steps"])
    assert second.verdict == "ok" and "Richtigstellung" not in second.answer
    assert peek_offer(redis, "u1") is None  # taken: a second „Ja“ writes nothing more


def test_twin_without_offer_a_bare_consent_writes_nothing(db, redis, tmp_path):
    """The twin: the same „Ja, gerne“ without an open offer enters nothing."""
    llm = ScriptedLLM({"compose": {"antwort": "Schön!"}}, fallback=make_offline_llm())
    make_nova(db, redis, llm, tmp_path).turn("u1", "nova", "Ja, gerne", NOW)
    assert _titles(db) == []


def test_e3_refusal_drops_the_offer_and_marks_the_object(db, redis, tmp_path):
    """notizen.md E3 „Speichern = abgelehnt“: „Nein, danke“ drops it; the same mention later gets no new offer."""
    nova, llm, _ = _offered(db, redis, tmp_path)
    llm.script("compose", lambda data: {"antwort": "\n".join(s["answer"] for s in data["service_reports"])})
    refused = nova.turn("u1", "nova", "Nein, danke", berlin(2026, 11, 30, 10, 1))
    assert OFFER_REFUSED.format(title="Flohmarkt") in refused.answer
    assert _titles(db) == [] and peek_offer(redis, "u1") is None
    llm.script("compose", {"antwort": "Viel Spaß dort!"})
    again = nova.turn("u1", "nova", "Am Samstag um 14 Uhr ist übrigens Flohmarkt.", berlin(2026, 11, 30, 10, 2))
    assert "Soll ich" not in again.answer and peek_offer(redis, "u1") is None


def test_twin_section3a_a_mentioned_coming_appointment_is_offered(db, redis, tmp_path):
    """timeline.md §3a (17.10.2026): without a refusal the same mention gets the offer, and nothing is written."""
    llm = ScriptedLLM({"compose": {"antwort": "Viel Spaß dort!"}}, fallback=make_offline_llm())
    result = make_nova(db, redis, llm, tmp_path).turn("u1", "nova", "Am Samstag um 14 Uhr ist übrigens Flohmarkt.",
                                                      NOW)
    assert "Soll ich „Flohmarkt“ am Samstag, 05.12. um 14:00 Uhr eintragen?" in result.answer
    assert _titles(db) == [] and peek_offer(redis, "u1").day == "2026-12-05"


def test_bad_input_a_consent_after_the_offer_expired_writes_nothing_and_says_so(db, redis, tmp_path):
    """The consent comes in the next turn, but after the offer's time ran out — nothing
    written, the answer says so."""
    nova, llm, _ = _offered(db, redis, tmp_path)
    llm.script("compose", lambda data: {"antwort": "\n".join(s["answer"] for s in data["service_reports"]) or "Hm."})
    late = nova.turn("u1", "nova", "Ja", berlin(2026, 11, 30, 10, 6))  # the offer was valid for 5 minutes
    assert _titles(db) == []
    assert late.answer.startswith(OFFER_EXPIRED.format(title="Flohmarkt"))
    assert peek_offer(redis, "u1") is None


def test_twin_an_answer_counts_only_in_the_first_turn_after_the_offer(db, redis, tmp_path):
    """The offer counts only in the turn right after it: a „Ja“ two turns later answers something else and writes
    nothing (the offer was dropped in between)."""
    nova, llm, _ = _offered(db, redis, tmp_path)
    llm.script("compose", {"antwort": "Gern erzähle ich dir mehr."})
    nova.turn("u1", "nova", "Wie wird das Wetter?", berlin(2026, 11, 30, 10, 1))
    later = nova.turn("u1", "nova", "Ja", berlin(2026, 11, 30, 10, 2))
    assert _titles(db) == [] and later.answer == "Gern erzähle ich dir mehr."
    assert peek_offer(redis, "u1") is None


def test_bad_input_a_consent_to_another_figures_offer_writes_nothing_and_says_so(db, redis, tmp_path):
    """The offer was made by figure „nova“; „Ja“ to figure „lena“ writes nothing."""
    nova, llm, _ = _offered(db, redis, tmp_path)
    llm.script("compose", lambda data: {"antwort": "\n".join(s["answer"] for s in data["service_reports"]) or "Hm."})
    other = nova.turn("u1", "lena", "Ja", berlin(2026, 11, 30, 10, 1))
    assert other.answer.startswith(OFFER_OTHER_FIGURE)
    assert _titles(db) == [] and _titles(db, character="lena") == []
    assert peek_offer(redis, "u1") is not None  # still nova's


def test_bad_input_a_corrupt_offer_is_ignored(db, redis, tmp_path):
    """A corrupt [OBJEKT] entry is ignored and logged, never used."""
    redis.set(offer_key("u1"), "{kaputt")
    redis.set(situation_key("u1", "nova"), '{"user_id": "u2", "character_id": "nova", "turn": 1}')
    llm = ScriptedLLM({"compose": {"antwort": "Schön!"}}, fallback=make_offline_llm())
    result = make_nova(db, redis, llm, tmp_path).turn("u1", "nova", "Ja, gerne", NOW)
    assert result.answer == "Schön!" and _titles(db) == []


def test_section5_a_note_offer_is_executed_on_its_list(db, redis, tmp_path, monkeypatch):
    """An offer to put something on a list: the consent adds exactly that item through the notes service."""
    monkeypatch.setattr("novaberg.graph.compose.SAY_REPORTS_BY_RULE", False)  # the composer's offer beside a report
    llm = ScriptedLLM({}, fallback=make_offline_llm())
    nova = make_nova(db, redis, llm, tmp_path)
    nova.turn("u1", "nova", "Schreib Äpfel auf die Einkaufsliste", NOW)
    nova.turn("u1", "nova", "Ja", berlin(2026, 11, 30, 10, 1))
    llm.script("compose", {"antwort": "Zahnseide fehlt dir noch. Soll ich Zahnseide auf die Einkaufsliste schreiben?"})
    nova.turn("u1", "nova", "Mir ist die Zahnseide ausgegangen.", berlin(2026, 11, 30, 10, 2))
    llm.script("compose", {"antwort": "Gemacht."})
    result = nova.turn("u1", "nova", "Ja, bitte", berlin(2026, 11, 30, 10, 3))
    notes = [s for s in result.services if s["name"] == "notizen"]
    assert notes and notes[0]["status"] == "abgeschlossen"
    text = NotesRepository(db).list("u1")[0]["text"]
    assert "Zahnseide" in text and "Äpfel" in text


def test_section3a_the_composers_own_offer_is_kept_and_not_doubled(db, redis, tmp_path):
    """A model that offers by itself: its offer is the [OBJEKT], no second offer is appended; „Ja“ executes it."""
    own = "Klingt gut! Soll ich dir den Flohmarkt am Samstag um 14 Uhr eintragen?"
    llm = ScriptedLLM({"compose": {"antwort": own}}, fallback=make_offline_llm())
    nova = make_nova(db, redis, llm, tmp_path)
    first = nova.turn("u1", "nova", "Am Samstag um 14 Uhr ist übrigens Flohmarkt.", NOW)
    assert first.answer == own and first.answer.count("Soll ich") == 1
    llm.script("compose", {"antwort": "Ist drin."})
    nova.turn("u1", "nova", "Ja", berlin(2026, 11, 30, 10, 1))
    assert _titles(db) == [("Flohmarkt", berlin(2026, 12, 5, 14))]


def test_section3a_a_mention_the_router_gives_to_no_service_is_offered_too(db, redis, tmp_path):
    """A model router sends a statement with a time to no service (timeline.md §3a „Empfang“); the mention is still
    offered. Twin: a past moment is not offered."""
    llm = ScriptedLLM({"router": {"domain": "keine", "management_action": "keine"}, "compose": {"antwort": "Schön."}},
                      fallback=make_offline_llm())
    nova = make_nova(db, redis, llm, tmp_path)
    coming = nova.turn("u1", "nova", "Am Samstag um 14 Uhr ist übrigens Flohmarkt.", NOW)
    assert coming.answer.endswith("Soll ich „Flohmarkt“ am Samstag, 05.12. um 14:00 Uhr eintragen?")
    past = nova.turn("u2", "nova", "Gestern um 14 Uhr war übrigens Flohmarkt.", NOW)
    assert past.answer == "Schön."


def test_an_order_with_a_refusal_stem_is_no_answer_to_the_offer(db, redis, tmp_path):
    """E3 is a *bare* no: „Lösch den Termin am Donnerstag“ holds the stem *ne* (Donnerstag) but is an order of its
    own — it runs, and the offer is dropped unrefused. Twin: „Nein, danke“ refuses. The offer names the thing from
    its own phrase on, not from the example quoted before it."""
    nova = make_nova(db, redis, make_offline_llm(), tmp_path)
    first = nova.turn("u1", "nova", "Morgen um 11 habe ich Friseur", NOW)
    assert first.answer.endswith("Soll ich „Friseur“ am Dienstag, 01.12. um 11:00 Uhr eintragen?")
    assert peek_offer(redis, "u1").target == "Friseur"
    order = nova.turn("u1", "nova", "Lösch den Termin am Donnerstag", berlin(2026, 11, 30, 10, 1))
    assert [s["name"] for s in order.services] == ["timeline"]
    assert peek_offer(redis, "u1") is None and load_situation(redis, "u1", "nova").refused == ()
    nova.turn("u2", "nova", "Morgen um 11 habe ich Friseur", NOW)
    refused = nova.turn("u2", "nova", "Nein, danke", berlin(2026, 11, 30, 10, 1))
    assert refused.answer.startswith(OFFER_REFUSED.format(title="Friseur"))
    assert load_situation(redis, "u2", "nova").refused
