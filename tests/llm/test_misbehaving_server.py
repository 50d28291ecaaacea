"""A model server that misbehaves, through every kind of turn, for two persons: prose, English JSON with its own
keys, wrong keys, wrong types, truncated JSON, an empty answer, `{}`, HTTP 500 and a hang.

What must hold: no wrong write (only the order each person gave, only in her own rows), the turn ends with an answer
(no error a web request would turn into a 5xx), the answer is German (nothing of the server's English reaches the
person), and each fallback is in the turn's trace — a task whose answer did not fit its schema names itself
(`modell`/`rueckfall`), a server that failed is a `fehler` row of the step that asked it.
"""

from __future__ import annotations

import time
from datetime import timedelta

import pytest

from novaberg.api import catalog
from novaberg.llm.registry import make_llm
from novaberg.notes.repository import NotesRepository
from novaberg.timeline.repository import TimelineRepository
from tests.llm.fake_server import fake_server
from tests.support import berlin, make_nova

NOW = berlin(2026, 11, 30, 9, 30)  # Monday
TOMORROW_TEN = berlin(2026, 12, 1, 10)
GREETING = "Hallo Nova!"
CREATE = "Bitte morgen um 10 den Zahnarzt eintragen"  # read by the classification (no template vouches)
NEW_LIST = "Leg eine Einkaufsliste an"
KINDS = (  # (kind, lead-in, measured turn): the turn kinds of bench.model_turn
    ("create", (GREETING,), CREATE),
    ("read", (GREETING, CREATE), "Was steht diese Woche an?"),
    ("list add", (GREETING, NEW_LIST), "Setz Milch auf die Einkaufsliste"),
    ("told fact", (GREETING,), "Meine Schwester heißt Lena"),
    ("small talk", (GREETING,), "Wie geht es dir?"),
    ("correction", (GREETING,), "Ich gehe morgen zum Friseur"),
)
ENGLISH = ("Sure", "I have", "I've", "dentist", "appointment", "Done", "Hello", "here is", "added")
SERVED = {
    "prose": "Sure! I have added your appointment for tomorrow at 10. Anything else?",
    "english": '{"answer": "Done! I added the dentist.", "action": "create", "title": "dentist", "score": "low"}',
    "wrong keys": '{"foo": 1, "bar": [2]}',
    "wrong types": '{"antwort": 5, "action": 7, "domain": 3, "score": "hoch", "salienz": "hoch", "text": [1]}',
    "truncated": '{"antwort": "Ich habe den Termin für morgen um 10 Uhr eingetr',
    "empty": "",
    "empty object": "{}",
}
TIMEOUT = 0.3  # seconds the connector waits (the hang lasts longer)


def _route(mode: str):
    def answer(request):
        if mode == "500":
            return 500, {"error": "CUDA out of memory"}
        if mode == "hang":
            time.sleep(TIMEOUT + 0.4)
        return 200, {"choices": [{"message": {"content": SERVED.get(mode, "")}}],
                     "usage": {"prompt_tokens": 1, "completion_tokens": 1}}
    return answer


def _trace(db, turn_id) -> list[dict]:
    with db.transaction() as conn:
        return list(conn.execute("SELECT node, kind, source, payload FROM pipeline_log WHERE turn_id = %s ORDER BY id",
                                 (turn_id,)))


def _only_what_was_ordered(db, user: str) -> None:
    """Her rows hold at most what she ordered: the Zahnarzt tomorrow at 10, an Einkaufsliste with Milch."""
    for row in TimelineRepository(db).list(user, "nova", active_only=False):
        assert row["title"] == "Zahnarzt" and row["event_time"] == TOMORROW_TEN, row
    for note in NotesRepository(db).list(user):
        assert note["name"] == "Einkaufsliste", note
        assert set(filter(None, (line.strip("- ").strip() for line in note["text"].splitlines()))) <= {"Milch"}, note


@pytest.mark.parametrize("mode", [*SERVED, "500", "hang"])
def test_a_misbehaving_server_writes_nothing_wrong_answers_german_and_traces_each_fallback(db, redis, tmp_path, mode):
    with fake_server({"/v1/chat/completions": _route(mode)}) as (url, seen):
        llm = make_llm("openai:kaputt-8b", f"{url}/v1", TIMEOUT, rules=catalog.offline_rules(),
                       temperatures=catalog.temperatures())
        nova = make_nova(db, redis, llm, tmp_path)
        for person in ("anna", "ben"):
            for number, (kind, lead_in, text) in enumerate(KINDS):
                now = NOW + timedelta(hours=number)
                for said in lead_in:
                    nova.turn(person, "nova", said, now)
                    now += timedelta(minutes=1)
                asked = len(seen)
                result = nova.turn(person, "nova", text, now)  # an exception here would be a 5xx of the API
                assert result.answer.strip(), (mode, kind)
                assert not any(word.lower() in result.answer.lower() for word in ENGLISH), (mode, kind, result.answer)
                if len(seen) == asked:
                    continue  # nothing of this turn went to the server (its computed path decided)
                rows = _trace(db, result.turn_id)
                fallbacks = {r["payload"]["aufgabe"] for r in rows if (r["node"], r["kind"]) == ("modell", "rueckfall")}
                failures = [r for r in rows if r["kind"] == "fehler" or r["payload"].get("status") == "fehler"
                            or r["payload"].get("ausgang") in ("salienz_fehler", "modell_fehler")]
                if mode in ("500", "hang"):
                    assert failures and not fallbacks, (mode, kind)  # a server that failed is no answer to replace
                else:
                    # every answer but the English one fits no task's schema; the English one carries an `action` a
                    # classification's schema takes (it is read, and its module decides — nothing wrong is written)
                    assert fallbacks or mode == "english", (mode, kind)
                    for task in fallbacks:  # each names its task and why
                        reason = next(r["payload"]["grund"] for r in rows if r["payload"].get("aufgabe") == task)
                        assert reason.startswith(("kein_objekt", "schema_ungueltig", "feld_falscher_typ")), reason
        for person in ("anna", "ben"):
            _only_what_was_ordered(db, person)
    assert not TimelineRepository(db).list("anna", "andere", active_only=False)


def test_the_offline_rule_answers_when_the_server_speaks_prose_and_names_the_task(db, redis, tmp_path):
    """The create turn against a server that answers prose: the classification is the offline rule's (traced),
    and the appointment the person ordered is written once, in her rows only."""
    with fake_server({"/v1/chat/completions": _route("prose")}) as (url, _):
        llm = make_llm("openai:kaputt-8b", f"{url}/v1", TIMEOUT, rules=catalog.offline_rules(),
                       temperatures=catalog.temperatures())
        nova = make_nova(db, redis, llm, tmp_path)
        result = nova.turn("anna", "nova", CREATE, NOW)
    rows = _trace(db, result.turn_id)
    assert [r["payload"]["aufgabe"] for r in rows if r["node"] == "modell"] == ["timeline_classify"]
    assert [(r["title"], r["event_time"]) for r in TimelineRepository(db).list("anna", "nova")] == [
        ("Zahnarzt", TOMORROW_TEN)]
    assert TimelineRepository(db).list("ben", "nova") == []
