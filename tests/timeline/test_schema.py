"""The `timeline` table as timeline.md §9 has it: pair-owned, indexes per pair, successor with its key."""

from __future__ import annotations

import psycopg
import pytest


def _one(db, sql, *args):
    with db.transaction() as conn:
        return conn.execute(sql, args).fetchone()


def test_section9_columns_and_types(db):
    with db.transaction() as conn:
        rows = conn.execute(
            "SELECT column_name, data_type, is_nullable, column_default, character_maximum_length "
            "FROM information_schema.columns WHERE table_name = 'timeline' ORDER BY ordinal_position"
        ).fetchall()
    names = [r["column_name"] for r in rows]
    section9 = ["id", "user_id", "character_id", "event_time", "event_ende", "event_type", "title", "details",
                "recurring", "precision", "binding", "remind", "conflict_check", "themen", "created_at",
                "aktiv", "last_touched", "wiedervorlage_am", "entitaet_ids", "nachfolger_id"]
    assert names[:len(section9)] == section9
    # timeline/004: the series columns; (timeline/005): the reminder offset and the UID of an imported event come after §9's columns
    assert {"rrule", "exdates", "serie_id", "serie_original", "erinnern_vorher_min", "ics_uid"} <= set(
        names[len(section9):])
    by_name = {r["column_name"]: r for r in rows}
    assert by_name["character_id"]["is_nullable"] == "NO"
    assert by_name["character_id"]["column_default"] is None  # §9: no default figure
    # §9 gave VARCHAR(50); ids may be 200 characters at every edge, so the column is text
    # (timeline/003): pinned as strictly as before, to the new rule.
    assert by_name["character_id"]["data_type"] == "text"
    assert by_name["character_id"]["character_maximum_length"] is None
    assert by_name["precision"]["character_maximum_length"] == 15
    assert "'day'" in by_name["precision"]["column_default"]
    assert by_name["event_time"]["data_type"] == "timestamp with time zone"
    for name in ("event_time", "event_type", "title", "recurring", "binding", "remind", "conflict_check",
                 "last_touched", "aktiv"):
        assert by_name[name]["is_nullable"] == "NO", name


def test_section9_insert_without_figure_is_refused(db):
    with pytest.raises(psycopg.errors.NotNullViolation), db.transaction() as conn:
        conn.execute("INSERT INTO timeline (user_id, event_time, event_type, title) "
                     "VALUES ('u1', now(), 'termin', 'x')")


def test_section9_indexes_go_over_the_pair(db):
    with db.transaction() as conn:
        defs = {r["indexname"]: r["indexdef"] for r in conn.execute(
            "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'timeline'")}
    assert "(user_id, character_id, event_time)" in defs["idx_timeline_paar_time"]
    assert "(user_id, character_id, event_type)" in defs["idx_timeline_paar_type"]
    assert "WHERE (nachfolger_id IS NOT NULL)" in defs["idx_timeline_nachfolger"]


def test_section9_successor_key_sets_null_on_delete(db):
    row = _one(db, "SELECT confdeltype FROM pg_constraint WHERE conname = 'timeline_nachfolger_id_fkey' "
                   "AND conrelid = 'timeline'::regclass")
    assert row["confdeltype"] == "n"  # SET NULL


def test_series_columns(db):
    """timeline/004: a rule, its exdates and the link of a moved occurrence; `recurring` follows
    the rule, and a moved occurrence names series and original start together."""
    with db.transaction() as conn:
        rows = {r["column_name"]: r for r in conn.execute(
            "SELECT column_name, data_type, is_nullable, column_default FROM information_schema.columns "
            "WHERE table_name = 'timeline' AND column_name IN ('rrule', 'exdates', 'serie_id', 'serie_original')")}
    assert rows["rrule"]["data_type"] == "text" and rows["rrule"]["is_nullable"] == "YES"
    assert rows["exdates"]["data_type"] == "ARRAY" and rows["exdates"]["is_nullable"] == "NO"
    assert rows["serie_original"]["data_type"] == "timestamp with time zone"
    with pytest.raises(psycopg.errors.CheckViolation), db.transaction() as conn:
        conn.execute("INSERT INTO timeline (user_id, character_id, event_time, event_type, title, recurring) "
                     "VALUES ('u1', 'c', now(), 'termin', 'x', TRUE)")
    with pytest.raises(psycopg.errors.CheckViolation), db.transaction() as conn:
        conn.execute("INSERT INTO timeline (user_id, character_id, event_time, event_type, title, serie_original) "
                     "VALUES ('u1', 'c', now(), 'termin', 'x', now())")
    key = _one(db, "SELECT confdeltype FROM pg_constraint WHERE conrelid = 'timeline'::regclass "
                   "AND contype = 'f' AND conkey = ARRAY[(SELECT attnum FROM pg_attribute "
                   "WHERE attrelid = 'timeline'::regclass AND attname = 'serie_id')]::int2[]")
    assert key["confdeltype"] == "c"  # CASCADE
