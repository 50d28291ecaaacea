"""End to end through `Nova.turn` + `Nova.pixie.tick`: told, promoted, a week later asked — and the
rules around it (commands and false confirmations are no memories, pairs are apart, faults keep the turn)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import redis as redis_lib

from novaberg.llm.scripted import ScriptedLLM
from novaberg.memory.short_term import ShortTermMemory
from novaberg.timeline.repository import NewRow, TimelineRepository
from tests.memory.helpers import node_count
from tests.support import berlin, make_nova, make_offline_llm

NOW = berlin(2026, 12, 1, 10)
WEEK = NOW + timedelta(days=7)


def _trace(db, node: str, kind: str) -> list[dict]:
    with db.transaction() as conn:
        return [r["payload"] for r in conn.execute(
            "SELECT payload FROM pipeline_log WHERE node = %s AND kind = %s ORDER BY id", (node, kind)).fetchall()]


def test_told_today_known_next_week(nova, db):
    """Done-when: tell a fact, tick, a week later ask → the answer contains it."""
    nova.turn("u1", "nova", "Mein Hund heißt Bello.", NOW)
    assert nova.pixie.tick(NOW + timedelta(minutes=1))["synapsen_promotion"]["neuanlage"] == 1
    assert nova.memory.short_term("u1", "nova") == []  # step 4: the hash is gone after the new node
    answer = nova.turn("u1", "nova", "Wie heißt mein Hund?", WEEK).answer
    assert "Bello" in answer
    assert "Bello" in nova.turn("u1", "nova", "Was weißt du über mich?", WEEK).answer
    delivered = _trace(db, "erinnerungen", "geliefert")
    assert delivered[-1]["anzahl"] >= 1 and delivered[-1]["schlechteste_aehnlichkeit"] is not None


def test_the_same_fact_twice_is_one_node(nova, db):
    nova.turn("u1", "nova", "Mein Hund heißt Bello.", NOW)
    nova.turn("u1", "nova", "Mein Hund heißt Bello.", NOW + timedelta(hours=1))
    report = nova.pixie.tick(NOW + timedelta(hours=2))["synapsen_promotion"]
    assert report["neuanlage"] == 1 and report["dublette"] == 1
    assert [n["inhalt"] for n in nova.memory.long_term("u1", "nova")] == ["Mein Hund heißt Bello."]


def test_another_pair_never_sees_it(nova):
    nova.turn("u1", "nova", "Mein Hund heißt Bello.", NOW)
    nova.pixie.tick(NOW + timedelta(minutes=1))
    for user, character in (("u2", "nova"), ("u1", "lumi")):
        assert "Bello" not in nova.turn(user, character, "Wie heißt mein Hund?", WEEK).answer
        assert "Bello" not in nova.turn(user, character, "Was weißt du über mich?", WEEK).answer
        assert nova.memory.long_term(user, character) == [] and nova.memory.short_term(user, character) == []


def test_a_fresh_entry_above_mid_is_read_back_before_promotion(nova):
    nova.turn("u1", "nova", "Meine Schwester heißt Lena.", NOW)
    assert "Lena" in nova.turn("u1", "nova", "Wie heißt meine Schwester?", NOW + timedelta(hours=1)).answer


def test_a_command_is_no_memory(nova, db):
    """Commands and questions to the services are not memories."""
    nova.turn("u1", "nova", "Trag mir morgen um 10 den Zahnarzt ein", NOW)
    nova.turn("u1", "nova", "Notier mir Milch und Brot", NOW)
    assert nova.memory.short_term("u1", "nova") == []
    assert [p["ausgang"] for p in _trace(db, "salienz", "kzg")] == ["dienstauftrag", "dienstauftrag"]


def test_a_false_storage_claim_never_becomes_a_memory(db, redis, tmp_path):
    """tribunal.md FALSCHE-BESTAETIGUNG-WIRD-ERINNERUNG: the answer claims a note nobody wrote; what is kept is
    the person's words only — the claim is in no short-term entry and no long-term node."""
    llm = ScriptedLLM({"compose": {"antwort": "Ich habe notiert, dass dein Hund Bello heißt und morgen zum Tierarzt muss."}},
                      fallback=make_offline_llm())
    nova = make_nova(db, redis, llm, tmp_path)
    result = nova.turn("u1", "nova", "Mein Hund heißt Bello.", NOW)
    assert "notiert" in result.answer  # the claim went out (with its correction sentence)
    nova.pixie.tick(NOW + timedelta(minutes=1))
    kept = [n["inhalt"] for n in nova.memory.long_term("u1", "nova")]
    assert kept == ["Mein Hund heißt Bello."]
    assert not any("notiert" in e["inhalt"] or "Tierarzt" in e["inhalt"] for e in ShortTermMemory(redis).entries("u1", "nova"))


def test_a_paraphrasing_model_is_remembered_in_her_words(db, redis, tmp_path):
    llm = ScriptedLLM({"salience": {"salienz": 0.92, "grund": "Sie verrät, wie ihr Haustier gerufen wird."}},
                      fallback=make_offline_llm())
    nova = make_nova(db, redis, llm, tmp_path)
    nova.turn("u1", "nova", "Unser Vierbeiner hört auf den Namen Bello.", NOW)
    entry = nova.memory.short_term("u1", "nova")[0]
    assert entry["inhalt"] == "Unser Vierbeiner hört auf den Namen Bello." and entry["salienz_roh"] == 0.92
    nova.pixie.tick(NOW + timedelta(minutes=1))
    assert "Bello" in nova.turn("u1", "nova", "Was weißt du über mich?", WEEK).answer


def test_a_broken_rating_keeps_the_turn_and_stores_nothing(db, redis, tmp_path):
    nova = make_nova(db, redis, ScriptedLLM({"salience": {"salienz": None}}, fallback=make_offline_llm()), tmp_path)
    assert nova.turn("u1", "nova", "Mein Hund heißt Bello.", NOW).answer
    assert nova.memory.short_term("u1", "nova") == []
    assert _trace(db, "salienz", "kzg")[-1]["ausgang"] == "salienz_fehler"


def test_redis_unreachable_the_turn_still_answers(nova, db, monkeypatch):
    """Redis unreachable — no memory this turn, logged; the answer goes out."""
    def down(*args, **kwargs):
        raise redis_lib.ConnectionError("Redis is gone")

    monkeypatch.setattr(ShortTermMemory, "write_and_list", down)
    monkeypatch.setattr(ShortTermMemory, "entries", down)
    result = nova.turn("u1", "nova", "Mein Hund heißt Bello.", NOW)
    assert result.answer and result.verdict
    assert _trace(db, "salienz", "kzg")[-1]["ausgang"] == "kzg_nicht_erreichbar"
    assert _trace(db, "erinnerungen", "fehler")


def test_parallel_turns_of_one_person_lose_no_memory(nova, db):
    """Parallel turns on one person — every confirmed write kept, each once."""
    facts = ["Mein Bruder heißt Jan.", "Meine Katze heißt Mimi.", "Ich wohne in Kassel.", "Meine Mutter heißt Inge.",
             "Ich arbeite als Tischlerin."]
    with ThreadPoolExecutor(5) as pool:
        list(pool.map(lambda text: nova.turn("u1", "nova", text, NOW), facts))
    assert sorted(e["inhalt"] for e in nova.memory.short_term("u1", "nova")) == sorted(facts)
    nova.pixie.tick(NOW + timedelta(minutes=1))
    assert sorted(n["inhalt"] for n in nova.memory.long_term("u1", "nova")) == sorted(facts)
    assert node_count(db) == 5


def test_an_event_of_another_person_reaches_the_timeline_by_the_heartbeat(nova):
    """timeline.md §5.5: above the salience limit, without an order, month precision — run as a heartbeat job."""
    nova.turn("u1", "nova", "Meine Schwester Lena zieht im März nach Kassel.", NOW)
    assert nova.timeline.list("u1", "nova") == []  # not in the turn: the heartbeat runs the passive order
    report = nova.pixie.tick(NOW + timedelta(minutes=1))
    assert report["ereignisse"]["auftraege"] == 1
    rows = nova.timeline.list("u1", "nova")
    assert [(r["event_type"], r["precision"], r["details"]) for r in rows] == [("ereignis", "month", "Lena")]
    assert rows[0]["event_time"].astimezone(NOW.tzinfo).month == 3


def test_a_due_resubmission_is_mentioned_once(nova, db):
    """timeline.md §8: `wiedervorlage_am` due → mentioned proactively in the next turn, once."""
    when = NOW - timedelta(days=8)
    TimelineRepository(db).insert("u1", "nova", NewRow.for_type("termin", title="Zahnarzt", event_time=when,
                                                                precision="minute"), when - timedelta(days=2))
    assert nova.pixie.tick(NOW)["wiedervorlage"]["neu_gemeldet"] == 1
    assert nova.pixie.tick(NOW + timedelta(hours=2))["wiedervorlage"]["neu_gemeldet"] == 0
    nova.turn("u1", "nova", "Hallo", NOW + timedelta(hours=3))
    blocks = [p for p in _trace(db, "read_blocks", "block") if p["header"] == "[WIEDERVORLAGE]"]
    assert len(blocks) == 1
    nova.turn("u1", "nova", "Hallo", NOW + timedelta(hours=4))
    assert len([p for p in _trace(db, "read_blocks", "block") if p["header"] == "[WIEDERVORLAGE]"]) == 1
    assert nova.turn("u2", "nova", "Hallo", NOW + timedelta(hours=4)).answer  # another person: nothing


def test_the_offline_answer_is_said_to_the_person_not_the_prompt_block(nova, db):
    """The offline composer answers *Wie heißt mein Hund?* from `[ERINNERUNGEN]` alone — no
    block header, no prompt framing („Person B“), no unrelated `[TERMINE]` lines; a told fact is acknowledged
    without a claim to have stored it."""
    TimelineRepository(db).insert("u1", "nova", NewRow.for_type("termin", title="Zahnarzt",
                                                                 event_time=NOW + timedelta(days=2),
                                                                 precision="minute"), NOW)
    told = nova.turn("u1", "nova", "Mein Hund heißt Bello.", NOW)
    assert told.answer == "Gut zu wissen — danke." and told.verdict == "ok"
    answer = nova.turn("u1", "nova", "Wie heißt mein Hund?", NOW + timedelta(hours=1)).answer
    assert "Bello" in answer
    assert "[" not in answer and "Person B" not in answer and "Zahnarzt" not in answer
    nothing = nova.turn("u2", "nova", "Was weißt du über mich?", NOW).answer
    assert "noch nichts gemerkt" in nothing and "Person B" not in nothing
    unknown = nova.turn("u1", "nova", "Erzähl mir was über Kant", NOW).answer
    assert "Gut zu wissen" not in unknown  # an unknown imperative is no statement


def test_a_habit_and_a_preference_told_reach_long_term(nova):
    """Salience (dateien.md §4b.1, roh 0,7 = queueing point): *jeden Dienstag Volleyball* was never stored,
    *Lieblingsessen* stayed short-term (0.87) — both now become long-term nodes after a tick; bob keeps none."""
    nova.turn("anna", "nova", "Ich spiele jeden Dienstag Volleyball im Verein.", NOW)
    nova.turn("anna", "nova", "Mein Lieblingsessen ist Lasagne.", NOW + timedelta(minutes=1))
    nova.turn("bob", "nova", "Das Wetter ist heute schön.", NOW + timedelta(minutes=2))
    assert nova.pixie.tick(NOW + timedelta(minutes=5))["synapsen_promotion"]["neuanlage"] == 2
    assert sorted(n["inhalt"] for n in nova.memory.long_term("anna", "nova")) == [
        "Ich spiele jeden Dienstag Volleyball im Verein.", "Mein Lieblingsessen ist Lasagne."]
    assert nova.memory.long_term("bob", "nova") == [] and nova.memory.short_term("bob", "nova") == []
