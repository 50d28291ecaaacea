"""Erase safety: an erasure and a running turn of the same person are kept apart by the person
gate (`store/person_gate.py`), and ids with `:` in them find their own Redis keys and no one else's."""

from __future__ import annotations

import json
import threading
from datetime import UTC, datetime
from typing import Any

import pytest

from novaberg.api.erasure import PersonErasure
from novaberg.situation.lage import situation_key
from novaberg.store.person_gate import PersonBusyError, PersonGate

NOW = datetime(2026, 3, 10, 9, 0, tzinfo=UTC)


def _rows_of(nova: Any, user: str) -> int:
    with nova.stack.db.transaction() as conn:
        return sum(conn.execute(f"SELECT count(*) AS n FROM {table} WHERE user_id = %s", (user,)).fetchone()["n"]
                   for table in ("turns", "notizen"))


def test_an_erase_during_a_running_turn_waits_for_it_and_leaves_nothing_of_the_person(nova, monkeypatch):
    """The turn is inside the gate (held at its start); the erase waits; the turn then writes its rows and
    ends; the erase runs after it, so no row of the turn survives. Without the gate the erase finishes
    first and the turn's rows stay behind."""
    nova.turn("anna", "nova", "Schreib Tee auf die Einkaufsliste", NOW)
    nova.turn("bob", "nova", "Schreib Salz auf die Einkaufsliste", NOW)
    entered, release = threading.Event(), threading.Event()
    original = nova._turn

    def slow_turn(*args: Any) -> Any:
        entered.set()
        assert release.wait(30)
        return original(*args)

    monkeypatch.setattr(nova, "_turn", slow_turn)
    turn_errors: list[BaseException] = []

    def run_turn() -> None:
        try:
            nova.turn("anna", "nova", "Schreib Milch auf die Einkaufsliste", NOW)
        except BaseException as err:  # noqa: BLE001 - handed to the test
            turn_errors.append(err)

    turn = threading.Thread(target=run_turn)
    turn.start()
    assert entered.wait(30)
    reports: list[Any] = []
    erase = threading.Thread(target=lambda: reports.append(nova.erase_person("anna")))
    erase.start()
    erase.join(0.5)
    assert erase.is_alive(), "the erase must wait for the running turn of the same person"
    release.set()
    turn.join(30)
    erase.join(30)
    assert not turn_errors and reports and reports[0].rows.get("turns", 0) >= 2
    assert _rows_of(nova, "anna") == 0
    assert _rows_of(nova, "bob") > 0
    assert PersonGate(nova.stack.redis).running_turns("anna") == 0


def test_a_turn_while_the_person_is_being_erased_is_refused_and_writes_nothing(nova):
    gate = PersonGate(nova.stack.redis)
    with gate.erasing("anna"), pytest.raises(PersonBusyError):
        nova.turn("anna", "nova", "Schreib Milch auf die Einkaufsliste", NOW)
    assert _rows_of(nova, "anna") == 0
    nova.turn("bob", "nova", "Hallo", NOW)  # another person is not held up
    nova.turn("anna", "nova", "Hallo", NOW)  # and after the erase the gate is open again
    assert _rows_of(nova, "anna") == 1


def test_an_erase_whose_turn_does_not_end_in_time_refuses_and_erases_nothing(nova):
    nova.turn("anna", "nova", "Hallo", NOW)
    with PersonGate(nova.stack.redis).turn("anna"), pytest.raises(PersonBusyError):
        PersonErasure(nova.stack.db, nova.stack.redis, nova.settings.data_dir, wait_seconds=0.2).erase("anna")
    assert _rows_of(nova, "anna") == 1
    assert nova.erase_person("anna").rows["turns"] == 1  # the gate was given back


def test_parallel_turns_of_one_person_still_run_side_by_side(nova):
    gate = PersonGate(nova.stack.redis)
    with gate.turn("anna"), gate.turn("anna"):
        assert gate.running_turns("anna") == 2
    assert gate.running_turns("anna") == 0


def test_ids_with_colons_have_keys_of_their_own_and_an_erase_takes_only_its_own(nova):
    """Person 'a:b' with figure 'x:y' and person 'a' with figure 'b' once met in `sachlage:a:b…`; now each id has
    `:` encoded, so the names differ, and erasing 'a:b' leaves 'a's key; erasing 'a' then removes it."""
    nova.turn("a:b", "x:y", "Hallo", NOW)
    nova.turn("a", "b", "Hallo", NOW)
    redis = nova.stack.redis
    mine, theirs = situation_key("a:b", "x:y"), situation_key("a", "b")
    assert mine == "sachlage:a%3Ab:x%3Ay" and theirs == "sachlage:a:b"
    redis.set(mine, "{}")
    redis.set(theirs, "{}")
    plan = nova.erasure_plan("a:b")
    assert plan.redis_keys >= 1
    report = nova.erase_person("a:b")
    assert not redis.exists(mine) and redis.exists(theirs)
    assert report.rows["turns"] == 1 and _rows_of(nova, "a") == 1
    nova.erase_person("a")
    assert not redis.exists(theirs)


def test_an_old_raw_key_of_an_id_with_a_colon_is_erased_only_when_its_value_names_the_person(nova):
    """Before the encoding, 'a:b' + 'x' and 'a' + 'b:x' shared `sachlage:a:b:x`: the erase of 'a:b' takes that old
    key only when the stored Lage is 'a:b's, never 'a's."""
    nova.turn("a:b", "x", "Hallo", NOW)
    nova.turn("a", "b:x", "Hallo", NOW)
    redis = nova.stack.redis
    shared = "sachlage:a:b:x"
    redis.set(shared, json.dumps({"user_id": "a", "character_id": "b:x", "turn": 1, "objects": [], "refused": []}))
    nova.erase_person("a:b")
    assert redis.exists(shared)  # 'a's
    redis.set(shared, json.dumps({"user_id": "a:b", "character_id": "x", "turn": 1, "objects": [], "refused": []}))
    assert nova.erasure_plan("a:b").known  # found by the key alone: its name and its value agree
    nova.erase_person("a:b")
    assert not redis.exists(shared)
