"""Issue 31 item 2: `nova.erase_person` / `novaberg person erase` remove every row, Redis key, knowledge file,
token and session of one person and leave every other person's intact."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from novaberg.api.auth import PersonTokens
from novaberg.api.sessions import SessionStore
from novaberg.directives.repository import DirectivesRepository
from novaberg.files.knowledge.pairs import pair_zone
from novaberg.memory import keys
from novaberg.notes.repository import NotesRepository
from novaberg.situation.lage import offer_key, situation_key
from novaberg.store.erasure import DEPENDENT_TABLES, PERSON_TABLES
from novaberg.timeline.repository import NewRow, TimelineRepository

NOW = datetime(2026, 3, 10, 9, 0, tzinfo=UTC)
PERSONS = ("anna", "bob")


def _seed(nova: Any, user: str, shared: Path) -> None:
    """The person has something in every store: turns (+ trace), notes, an appointment, directives, memory
    short- and long-term, roots + index + allow-list, knowledge text, Redis keys, a session and a token."""
    nova.turn(user, "nova", "Schreib Milch auf die Einkaufsliste", NOW)
    nova.turn(user, "nova", "Morgen um 10 Uhr Zahnarzt", NOW)
    NotesRepository(nova.stack.db).insert(user, "Einkaufsliste", "einkauf", "Milch\nEier", ["Einkauf"], NOW)
    TimelineRepository(nova.stack.db).insert(user, "nova", NewRow(NOW, "termin", "Zahnarzt", "minute", False, False,
                                                                  False, None), NOW)
    DirectivesRepository(nova.stack.db).add(user, "nova", "Sprich mich mit Du an", NOW)
    folder = shared / user
    folder.mkdir(parents=True)
    (folder / "rezept.md").write_text("# Kuchen\nMehl, Zucker, Eier\n", encoding="utf-8")
    nova.files.allow(user, str(folder), now=NOW)
    nova.files.grant(user, "nova", str(folder), now=NOW)
    nova.files.index(NOW, user, "nova")
    token = keys.pair_token(user, "nova")
    with nova.stack.db.transaction() as conn:
        for n in (1, 2):
            conn.execute("INSERT INTO lzg_knoten (user_id, character_id, inhalt, embedding, salienz, kzg_schluessel,"
                         " kzg_erstellt_am, erstellt_am, aktualisiert_am) VALUES (%s, 'nova', %s, %s::vector,"
                         " 0.9, %s, %s, %s, %s)", (user, f"Erinnerung {n}", str([1.0] + [0.0] * 767), f"kzg:{token}:{n}", NOW, NOW, NOW))
        conn.execute("INSERT INTO lzg_kanten (user_id, character_id, von_id, nach_id, gewicht, erstellt_am) "
                     "SELECT %s, 'nova', min(id), max(id), 0.5, %s FROM lzg_knoten WHERE user_id = %s",
                     (user, NOW, user))
        conn.execute("INSERT INTO hintergrund_log (task, status, payload, created_at) VALUES (%s, 'endgueltig', "
                     "'{}', %s)", (f"promotion:kzg:{token}:1", NOW))
    redis = nova.stack.redis
    redis.hset(keys.kzg_key(user, "nova", "t1"), mapping={"inhalt": "Ich mag Tee"})
    redis.zadd(keys.kzg_index(user, "nova"), {keys.kzg_key(user, "nova", "t1"): 1.0})
    redis.rpush(keys.queue(user, "nova"), keys.kzg_key(user, "nova", "t1"))
    redis.rpush(keys.failed_list(user, "nova"), "x")
    redis.hset(keys.attempts_hash(user, "nova"), "x", 1)
    redis.set(f"pending_agent:{user}", "{}")
    redis.set(situation_key(user, "nova"), "{}")
    redis.set(offer_key(user), "{}")
    redis.rpush(keys.EVENT_ORDERS, json.dumps({"user_id": user, "character_id": "nova"}))
    zone = pair_zone(nova.settings.data_dir, user, "nova")
    zone.mkdir(parents=True)
    (zone / "hobbys.md").write_text("Gärtnern", encoding="utf-8")
    SessionStore(nova.stack.db, 30).open(user, operator=False, token_digest="", now=NOW)
    PersonTokens(nova.stack.db).create(user, NOW)


def _user_id_tables(db: Any) -> set[str]:
    with db.transaction() as conn:
        rows = conn.execute("SELECT DISTINCT table_name FROM information_schema.columns WHERE column_name = 'user_id'"
                            " AND table_schema = current_schema()").fetchall()
    return {row["table_name"] for row in rows}


def _holdings(nova: Any, user: str) -> dict[str, Any]:
    """Everything of `user` found by independent queries: rows per table, Redis keys, files, token."""
    rows: dict[str, int] = {}
    with nova.stack.db.transaction() as conn:
        for table in sorted(_user_id_tables(nova.stack.db)):
            rows[table] = conn.execute(f"SELECT count(*) AS n FROM {table} WHERE user_id = %s", (user,)).fetchone()["n"]
        rows["pipeline_log"] = conn.execute("SELECT count(*) AS n FROM pipeline_log p JOIN turns t USING (turn_id) "
                                            "WHERE t.user_id = %s", (user,)).fetchone()["n"]
        rows["dateien_index"] = conn.execute("SELECT count(*) AS n FROM dateien_index i JOIN dateien_wurzeln w ON "
                                             "w.id = i.wurzel_id WHERE w.user_id = %s", (user,)).fetchone()["n"]
        rows["hintergrund_log"] = conn.execute("SELECT count(*) AS n FROM hintergrund_log WHERE task LIKE %s",
                                               (f"%:{user}|%",)).fetchone()["n"]
    redis = nova.stack.redis
    found = sorted(k.decode() if isinstance(k, bytes) else k for k in redis.scan_iter(match="*", count=500)
                   if user in (k.decode() if isinstance(k, bytes) else k))
    orders = [o for o in redis.lrange(keys.EVENT_ORDERS, 0, -1) if json.loads(o)["user_id"] == user]
    zone = pair_zone(nova.settings.data_dir, user, "nova")
    files = sorted(p.name for p in zone.rglob("*")) if zone.exists() else []
    return {"rows": rows, "keys": found, "orders": len(orders), "files": files,
            "token": PersonTokens(nova.stack.db).digest_of(user) is not None}


@pytest.fixture
def seeded(nova: Any) -> Iterator[Any]:
    with tempfile.TemporaryDirectory(prefix="novaberg-geteilt-") as shared:  # outside the data directory
        for user in PERSONS:
            _seed(nova, user, Path(shared))
        yield nova


def test_every_user_id_table_is_covered_by_the_erasure(db):
    """Issue 31: a table with a `user_id` column that the erasure does not name would keep the person's rows."""
    tables = _user_id_tables(db)
    assert tables, "no table with user_id found: the query is wrong"
    assert tables - set(PERSON_TABLES) == set(), "a user_id table is not erased"
    assert set(PERSON_TABLES) - tables == set(), "the erasure names a table that has no user_id"
    assert not set(DEPENDENT_TABLES) & tables


def test_erasing_anna_removes_all_of_hers_and_keeps_every_one_of_bobs(seeded):
    """Issue 31 'Done when': erase leaves zero rows/keys/files of the person and keeps every other person intact."""
    anna_before, bob_before = _holdings(seeded, "anna"), _holdings(seeded, "bob")
    for table in ("turns", "pipeline_log", "notizen", "timeline", "direktiven", "lzg_knoten", "lzg_kanten",
                  "dateien_wurzeln", "dateien_index", "dateien_erlaubt", "web_sessions", "hintergrund_log"):
        assert anna_before["rows"][table] > 0, f"the seed wrote nothing to {table}"
    assert len(anna_before["keys"]) >= 8 and anna_before["files"] and anna_before["token"] and anna_before["orders"]

    plan = seeded.erasure_plan("anna")
    assert _holdings(seeded, "anna") == anna_before  # looking changes nothing
    report = seeded.erase_person("anna")

    assert report.as_dict() == {**plan.as_dict()}
    assert report.rows["turns"] == anna_before["rows"]["turns"]
    assert report.redis_keys == len(anna_before["keys"]) and report.token and report.knowledge_files == 1
    after = _holdings(seeded, "anna")
    assert {t: n for t, n in after["rows"].items() if n} == {}
    assert after["keys"] == [] and after["orders"] == 0 and after["files"] == [] and after["token"] is False
    assert not pair_zone(seeded.settings.data_dir, "anna", "nova").parent.exists()
    assert _holdings(seeded, "bob") == bob_before


def test_a_second_erase_finds_nothing(seeded):
    """Issue 31: a second run finds nothing."""
    seeded.erase_person("anna")
    again = seeded.erase_person("anna")
    assert again.total == 0 and not again.known and again.rows == {}
    assert not seeded.erasure_plan("anna").known


def test_an_unknown_person_changes_nothing(seeded):
    """Issue 31 'Bad input': erase of an unknown person says so and changes nothing — also not of a person
    whose id only starts like a known one."""
    before = {user: _holdings(seeded, user) for user in PERSONS}
    for stranger in ("carla", "ann", "anna:nova", "ann*"):
        report = seeded.erase_person(stranger)
        assert not report.known, stranger
    assert {user: _holdings(seeded, user) for user in PERSONS} == before


def test_a_bad_id_is_refused(nova):
    with pytest.raises(ValueError):
        nova.erase_person("")
