"""The Lage of the turn and every sentence of the specification's examples, end to end through `Nova.turn` with a
scripted composer that paraphrases (the services' own reports are never copied); the rest is the offline model.
"""

from __future__ import annotations

import json

import pytest

from novaberg.llm.scripted import ScriptedLLM
from novaberg.situation.lage import (
    SITUATION_TTL_SECONDS,
    TURN_PAIRS,
    AcuteObject,
    Situation,
    load_situation,
    situation_key,
    update_situation,
)
from novaberg.tribunal.texts import CORRECTION_NOTE, HEAD_STORAGE
from tests.support import BERLIN, berlin, make_nova, make_offline_llm


@pytest.fixture(autouse=True)
def _composer_paraphrases_every_report(monkeypatch):
    """These cases measure the tribunal on a composer's paraphrase of a service's report: the composer is asked for
    every report (a verified write's report or a service's question is otherwise said by rule)."""
    monkeypatch.setattr("novaberg.graph.compose.SAY_REPORTS_BY_RULE", False)


NOW = berlin(2026, 11, 30, 10)  # Monday
PHYSIO = "Trag mir am Freitag um 11 Uhr die Physiotherapie ein"
PACK = "Schreib Pass und Ladekabel auf die Packliste"


def _nova(db, redis, tmp_path):
    llm = ScriptedLLM({}, fallback=make_offline_llm())
    return make_nova(db, redis, llm, tmp_path), llm


def _said(nova, llm, setup, text, answer):
    """Setup turns with the offline composer, then the measured turn with the paraphrasing composer; the
    corrector holds the sentence (a model that does not give in), so a claim that is not covered shows."""
    for minute, line in enumerate(setup):
        nova.turn("u1", "nova", line, berlin(2026, 11, 30, 10, minute))
    llm.script("compose", {"antwort": answer})
    llm.script("correct", {"antwort": answer})
    result = nova.turn("u1", "nova", text, berlin(2026, 11, 30, 10, 30))
    orders = [call["orders"] for call in llm.calls["correct"]]
    corrected = CORRECTION_NOTE in result.answer or any(HEAD_STORAGE in o for o in orders)
    return result, corrected


# --- true statements: never corrected ---------------------------------------------------------------------------

TRUE = [
    ("example: Physiotherapie steht drin", (PHYSIO,), "Steht die Physiotherapie am Freitag um 11 drin?",
     "Ja, die Physiotherapie am Freitag um 11 Uhr ist eingetragen."),
    ("example: Packliste nach dem Lesen", (PACK, "Ja"), "Was steht auf meiner Packliste?",
     "Auf deiner Packliste stehen Pass und Ladekabel."),
    ("example: umgelegt", (PHYSIO,), "Verschieb die Physiotherapie auf Montag um 15 Uhr",
     "Ich habe die Physiotherapie auf Montag umgelegt."),
    ("example: umbenannt", ("Schreib Äpfel und Milch auf die Einkaufsliste", "Ja"),
     "Benenne die Einkaufsliste in Wocheneinkauf um", "Ich hab die Liste in Wocheneinkauf umbenannt."),
    ("example: geleert", (PACK, "Ja"), "Leere die Packliste", "Hab die Packliste komplett geleert."),
    ("example: verlegt", (PHYSIO,), "Verschieb die Physiotherapie auf Donnerstag um 16 Uhr", "Klar, schon verlegt!"),
    ("example: Pass geschrieben", ("Schreib Ladekabel auf die Packliste", "Ja"), "Schreib Pass auf die Packliste",
     "Ich habe Pass auf die Packliste geschrieben."),
    ("example: Äpfel genommen", ("Schreib Äpfel und Milch auf die Einkaufsliste", "Ja"),
     "Nimm Äpfel von der Einkaufsliste", "Ich habe Äpfel von der Liste genommen."),
    ("Wiederholung einen Turn später", ("Trag mir morgen um 10 Uhr den Zahnarzt ein",), "Danke dir!",
     "Gern! Der Zahnarzt morgen um 10 Uhr ist eingetragen."),
]


@pytest.mark.parametrize(("witness", "setup", "text", "answer"), TRUE, ids=[t[0] for t in TRUE])
def test_true_statements_go_out_without_correction(db, redis, tmp_path, witness, setup, text, answer):
    """0 false corrections of true statements — the quoted sentences, paraphrased by the composer."""
    nova, llm = _nova(db, redis, tmp_path)
    result, corrected = _said(nova, llm, setup, text, answer)
    assert not corrected, (witness, result.answer)
    assert result.answer == answer


# --- the same sentences as false claims: always corrected ----------------------------------------------------

FALSE = [
    ("example: umgelegt ohne Dienst", (PHYSIO,), "Die Physio passt mir am Freitag gar nicht.",
     "Ich habe die Physiotherapie auf Montag umgelegt."),
    ("example: umbenannt ohne Dienst", ("Schreib Äpfel und Milch auf die Einkaufsliste", "Ja"),
     "Die Liste heißt bei mir eigentlich Wocheneinkauf.", "Ich hab die Liste in Wocheneinkauf umbenannt."),
    ("example: geleert ohne Dienst", (PACK, "Ja"), "Ich bin so müde heute.", "Hab die Packliste komplett geleert."),
    ("example: verlegt ohne Dienst", (PHYSIO,), "Freitag wird schwierig.", "Klar, schon verlegt!"),
    ("example: Pass nicht auf der Liste", ("Schreib Ladekabel auf die Packliste", "Ja"),
     "Den Pass darf ich nicht vergessen.", "Ich habe Pass auf die Packliste geschrieben."),
    ("example: Äpfel genommen ohne Dienst", ("Schreib Äpfel und Milch auf die Einkaufsliste", "Ja"),
     "Äpfel habe ich noch genug.", "Ich habe Äpfel von der Liste genommen."),
    ("FALSCHE-BESTAETIGUNG-WIRD-ERINNERUNG", (PHYSIO,), "Ich brauche noch Mehl.", "Alles klar, ich habe es notiert."),
    ("Packliste erfunden", (PACK, "Ja"), "Was steht auf meiner Packliste?",
     "Auf deiner Packliste stehen Pass und Sonnencreme."),
]


@pytest.mark.parametrize(("witness", "setup", "text", "answer"), FALSE, ids=[t[0] for t in FALSE])
def test_false_claims_are_corrected(db, redis, tmp_path, witness, setup, text, answer):
    """0 uncovered false claims — the twins of the sentences above, said where nothing was written."""
    nova, llm = _nova(db, redis, tmp_path)
    result, corrected = _said(nova, llm, setup, text, answer)
    assert corrected, (witness, result.answer)
    assert result.answer.endswith(CORRECTION_NOTE)


def test_the_durable_entry_carries_the_inventory_outcome(db, redis, tmp_path):
    """tribunal.md „Der dauerhafte Eintrag“: `bestandsabgleich` with `abgleich_zeitpunkte` in the evaluate entry."""
    nova, llm = _nova(db, redis, tmp_path)
    _said(nova, llm, ("Trag mir morgen um 10 Uhr den Zahnarzt ein",), "Danke dir!",
          "Gern! Der Zahnarzt morgen um 10 Uhr ist eingetragen.")
    with db.transaction() as conn:
        entries = [r["payload"] for r in conn.execute(
            "SELECT payload FROM pipeline_log WHERE node = 'evaluate' AND kind = 'berechnung' ORDER BY id")]
    last = entries[-1]
    assert last["ergebnis"] == "nicht_belegt" and last["bestandsabgleich"] == "gefunden"
    assert last["abgleich_zeitpunkte"] == [berlin(2026, 12, 1, 10).isoformat()]


# --- the Lage itself -------------------------------------------------------------------------------------------

def test_section1_the_lage_holds_written_read_and_named_objects(db, redis, tmp_path):
    nova, _ = _nova(db, redis, tmp_path)
    nova.turn("u1", "nova", PHYSIO, NOW)
    nova.turn("u1", "nova", "Am Samstag um 14 Uhr ist Flohmarkt.", berlin(2026, 11, 30, 10, 1))
    situation = load_situation(redis, "u1", "nova")
    by_source = {(o.kind, o.source, o.day, o.time) for o in situation.objects}
    assert ("termin", "geschrieben", "2026-12-04", "11:00") in by_source
    assert ("zeitpunkt", "genannt", "2026-12-05", "14:00") in by_source
    assert situation.moments(BERLIN) == (berlin(2026, 12, 4, 11), berlin(2026, 12, 5, 14))
    assert 0 < redis.ttl(situation_key("u1", "nova")) <= SITUATION_TTL_SECONDS


def test_section1_objects_older_than_five_turn_pairs_leave_the_lage():
    """The last five turn pairs and this turn: an object from six turns ago is gone, one from five is kept."""
    situation = Situation("u1", "nova", 1, (AcuteObject("zeitpunkt", "alt", "genannt", 1, "2026-12-01", "10:00"),))
    for _ in range(TURN_PAIRS):
        situation = situation.begin()
    assert situation.objects  # turn 6: turn 1 is five pairs back
    assert not situation.begin().objects


def test_section1_a_moved_or_deleted_row_leaves_the_lage(db, redis, tmp_path):
    nova, _ = _nova(db, redis, tmp_path)
    nova.turn("u1", "nova", PHYSIO, NOW)
    nova.turn("u1", "nova", "Verschieb die Physiotherapie auf Montag um 15 Uhr", berlin(2026, 11, 30, 10, 1))
    rows = [(o.day, o.time) for o in load_situation(redis, "u1", "nova").objects if o.kind == "termin"]
    assert rows == [("2026-12-07", "15:00")]


def test_bad_input_a_corrupt_or_foreign_lage_is_ignored_and_logged(redis, caplog):
    """Corrupt JSON, another pair's entry, a wrong field type — ignored, never used."""
    for raw in ("{kaputt", json.dumps({"user_id": "u2", "character_id": "nova", "turn": 3, "objects": [],
                                        "refused": []}),
                json.dumps({"user_id": "u1", "character_id": "nova", "turn": "drei", "objects": [], "refused": []}),
                json.dumps({"user_id": "u1", "character_id": "nova", "turn": 2, "refused": [],
                            "objects": [{"kind": "termin", "name": "x", "source": "erfunden", "turn": 1}]})):
        redis.set(situation_key("u1", "nova"), raw)
        assert load_situation(redis, "u1", "nova") == Situation("u1", "nova")
    assert "unusable and ignored" in caplog.text
    # the twin: a sound entry is read
    update_situation(redis, "u1", "nova", lambda s: s.begin([AcuteObject("zeitpunkt", "x", "genannt", 0,
                                                                         "2026-12-01", "10:00")]))
    assert load_situation(redis, "u1", "nova").turn == 1


def test_the_lage_is_bound_to_the_pair(db, redis, tmp_path):
    """Another figure of the same person has a Lage of its own: an appointment there covers nothing here."""
    nova, llm = _nova(db, redis, tmp_path)
    nova.turn("u1", "lena", "Trag mir morgen um 10 Uhr den Zahnarzt ein", NOW)
    assert load_situation(redis, "u1", "nova").objects == ()
    result, corrected = _said(nova, llm, (), "Danke dir!", "Gern! Der Zahnarzt morgen um 10 Uhr ist eingetragen.")
    assert corrected


def test_the_agents_get_the_lages_object_as_objekt_bezug(db, redis, tmp_path):
    """timeline.md „Der Objektbezug in der Klassifikation“: the timeline's classification gets the Lage's latest
    appointment as `[OBJEKT]` (no offer in it); the twin: with an empty Lage there is no block."""
    nova, llm = _nova(db, redis, tmp_path)
    nova.turn("u1", "nova", "Bitte den Zahnarzt auf Montag um 15 Uhr verschieben", NOW)  # no template reads it
    assert llm.calls["timeline_classify"][-1]["objekt"] == ""
    nova.turn("u1", "nova", PHYSIO, berlin(2026, 11, 30, 10, 1))
    nova.turn("u1", "nova", "Verschieb sie auf Montag um 15 Uhr", berlin(2026, 11, 30, 10, 2))
    block = llm.calls["timeline_classify"][-1]["objekt"]
    assert "[OBJEKT]" in block and "Physiotherapie" in block and "angeboten" not in block


def test_acute_object_stored_form_is_every_field_as_asdict_gives_it() -> None:
    """The Lage is stored without `dataclasses.asdict` (its deep copies were 5 % of a turn); the
    hand-written form keeps every field, in order — a new field cannot be dropped from Redis silently."""
    from dataclasses import asdict

    obj = AcuteObject("termin", "Zahnarzt", "geschrieben", 3, "2026-12-01", "10:00", 17)
    assert obj.as_dict() == asdict(obj)
    assert list(obj.as_dict()) == list(asdict(obj))
    situation = Situation("u1", "nova", 3, (obj,), ("k",))
    assert Situation.read(json.loads(json.dumps(situation.as_dict())), "u1", "nova") == situation


def test_a_turns_lage_update_costs_two_round_trips_and_an_absent_offer_one(redis, monkeypatch):
    """Updating the Lage reads it and sets it by a compare-and-set script (not WATCH, GET, MULTI/SET/EXEC: three
    round trips); a turn whose person has no open offer finds that with one read (not WATCH, GET, UNWATCH).
    Two pairs, each its own Lage."""
    from redis.connection import AbstractConnection

    from novaberg.situation.lage import Situation, drop_stale_offer, load_situation, update_situation

    sent: list[bytes] = []
    original = AbstractConnection.send_packed_command

    def counted(self, command, *args, **kwargs):
        sent.append(b"".join(command) if isinstance(command, list) else command)
        return original(self, command, *args, **kwargs)

    monkeypatch.setattr(AbstractConnection, "send_packed_command", counted)
    for user in ("anna", "ben"):
        for _ in range(2):  # the first write (no Lage yet) and a change of a stored one
            sent.clear()
            update_situation(redis, user, "nova", Situation.begin)
            assert len(sent) == 2, (user, sent)
        sent.clear()
        assert drop_stale_offer(redis, user, "nova", 5) is False
        assert len(sent) == 1, (user, sent)
    assert load_situation(redis, "anna", "nova").turn == 2
    assert load_situation(redis, "ben", "nova").turn == 2
