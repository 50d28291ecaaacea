"""The repository (timeline.md §4, §4a, §5.2, §5.3, §9) against a real database."""

from __future__ import annotations

from datetime import timedelta

import pytest

from novaberg.core.errors import DatabaseError
from novaberg.timeline.repository import NewRow, TimelineRepository
from novaberg.timeline.rows import ChainError
from novaberg.timeline.types import ANCHOR_TYPE, MONTH_PRECISION, NOT_APPOINTMENTS, OCCURRENCE_TYPE
from tests.support import BERLIN, berlin
from tests.timeline.conftest import FIGURE, USER

NOW = berlin(2026, 11, 30, 9, 30)


def _titles(rows):
    return [r["title"] for r in rows]


# --- the pair -------------------------------------------------------------------------------------

class _NoDb:
    def transaction(self):  # pragma: no cover - must never be reached
        raise AssertionError("the database was touched")


@pytest.mark.parametrize("user,figure", [("", "nova"), ("u1", ""), ("  ", "nova"), ("u1", None), (None, "nova")])
def test_section9_empty_pair_part_raises_before_the_database(user, figure):
    repo = TimelineRepository(_NoDb())
    row = NewRow.for_type("termin", title="Zahnarzt", event_time=NOW, precision="minute")
    calls = [
        lambda: repo.insert(user, figure, row, NOW),
        lambda: repo.find_by_id(user, figure, 1),
        lambda: repo.list(user, figure),
        lambda: repo.count(user, figure),
        lambda: repo.find_by_date_range(user, figure, NOW, NOW, BERLIN),
        lambda: repo.find_by_keyword(user, figure, "Zahnarzt", limit=5),
        lambda: repo.find_at_moment(user, figure, NOW, BERLIN),
        lambda: repo.verschieben(user, figure, 1, new_time=NOW, precision="minute", now=NOW),
        lambda: repo.invalidate(user, figure, 1, NOW),
        lambda: repo.aktive_zeile(user, figure, 1),
    ]
    for call in calls:
        with pytest.raises(ValueError, match="empty"):
            call()


def test_section9_another_figure_sees_nothing_of_the_pair(repo, add):
    """§9: an appointment of (u1, nova) is invisible for (u1, anna) — in every reader; twin: nova sees it."""
    row_id = add("Zahnarzt", berlin(2026, 12, 1, 10))
    start, end = berlin(2026, 12, 1, 0), berlin(2026, 12, 1, 23, 59)
    assert repo.list(USER, "anna") == []
    assert repo.find_by_id(USER, "anna", row_id) is None
    assert repo.find_by_date_range(USER, "anna", start, end, BERLIN) == []
    assert repo.find_by_keyword(USER, "anna", "Zahnarzt", limit=5) == []
    assert repo.find_at_moment(USER, "anna", berlin(2026, 12, 1, 10), BERLIN) == []
    assert repo.invalidate(USER, "anna", row_id, NOW) is False
    with pytest.raises(LookupError):
        repo.verschieben(USER, "anna", row_id, new_time=berlin(2026, 12, 2, 10), precision="minute", now=NOW)
    # the twin: the own figure sees it everywhere
    assert _titles(repo.list(USER, FIGURE)) == ["Zahnarzt"]
    assert repo.find_by_id(USER, FIGURE, row_id)["title"] == "Zahnarzt"
    assert _titles(repo.find_by_date_range(USER, FIGURE, start, end, BERLIN)) == ["Zahnarzt"]
    assert _titles(repo.find_by_keyword(USER, FIGURE, "zahn", limit=5)) == ["Zahnarzt"]


# --- insert ---------------------------------------------------------------------------------------

def test_section8_insert_takes_flags_topics_and_resubmission_from_the_type(repo, add):
    row_id = add("Zahnarzt", berlin(2026, 12, 1, 10))
    row = repo.find_by_id(USER, FIGURE, row_id)
    assert (row["binding"], row["remind"], row["conflict_check"]) == (True, True, True)
    assert row["themen"] == ["termin"]
    assert row["wiedervorlage_am"] == berlin(2026, 12, 8, 10)
    assert row["event_time"] == berlin(2026, 12, 1, 10) and row["event_time"].utcoffset() == timedelta(0)
    assert row["aktiv"] and row["nachfolger_id"] is None and row["precision"] == "minute"


def test_section8_anchor_gets_no_resubmission(repo, add):
    row = repo.find_by_id(USER, FIGURE, add("Wetter heiß", berlin(2026, 12, 1), ANCHOR_TYPE, timed=False))
    assert row["wiedervorlage_am"] is None and (row["binding"], row["remind"], row["conflict_check"]) == (
        False, False, False)


def test_bad_input_unknown_type_empty_title_naive_time_write_nothing(repo):
    with pytest.raises(ValueError):
        NewRow.for_type("urlaub", title="x", event_time=NOW, precision="day")
    bad_type = NewRow(NOW, "urlaub", "x", "day", False, False, False, None)
    for row in (
        NewRow.for_type("termin", title="  ", event_time=NOW, precision="day"),
        NewRow.for_type("termin", title="x", event_time=NOW.replace(tzinfo=None), precision="day"),
        NewRow.for_type("termin", title="x", event_time=NOW, precision="week"),
    ):
        with pytest.raises(ValueError):
            repo.insert(USER, FIGURE, row, NOW)
    with pytest.raises(ValueError, match="unknown"):
        repo.insert(USER, FIGURE, bad_type, NOW)
    assert repo.count(USER, FIGURE, active_only=False) == 0


# --- find_by_date_range -----------------------------------------------------------------------------

def test_section4a_month_event_stands_in_a_window_of_the_10th_to_20th_of_its_month(repo, add):
    """§4a/§5.5: a `month` row is in every window overlapping its month; a day row on the 1st is not."""
    add("Umzug nach Kassel", berlin(2026, 11, 1, 0), OCCURRENCE_TYPE, precision=MONTH_PRECISION, details="Lena")
    add("Friseur", berlin(2026, 11, 1, 0), timed=False)
    rows = repo.find_by_date_range(USER, FIGURE, berlin(2026, 11, 10, 0), berlin(2026, 11, 20, 23, 59), BERLIN)
    assert _titles(rows) == ["Umzug nach Kassel"]
    # the twin: a window in the following month does not see it
    assert repo.find_by_date_range(USER, FIGURE, berlin(2026, 12, 10, 0), berlin(2026, 12, 20, 23, 59),
                                   BERLIN) == []


def test_section4a_date_range_is_inclusive_and_excludes_types_in_the_query(repo, add):
    add("Früh", berlin(2026, 12, 1, 0, 0))
    add("Spät", berlin(2026, 12, 1, 23, 59))
    add("Anker", berlin(2026, 12, 1, 12), ANCHOR_TYPE)
    add("Morgen", berlin(2026, 12, 2, 0, 0))
    rows = repo.find_by_date_range(USER, FIGURE, berlin(2026, 12, 1, 0), berlin(2026, 12, 1, 23, 59), BERLIN,
                                   exclude_event_types=[ANCHOR_TYPE])
    assert _titles(rows) == ["Früh", "Spät"]
    everything = repo.find_by_date_range(USER, FIGURE, berlin(2026, 12, 1, 0), berlin(2026, 12, 1, 23, 59), BERLIN)
    assert "Anker" in _titles(everything)


def test_section4a_inactive_rows_are_not_read(repo, add):
    row_id = add("Zahnarzt", berlin(2026, 12, 1, 10))
    repo.invalidate(USER, FIGURE, row_id, NOW)
    assert repo.find_by_date_range(USER, FIGURE, berlin(2026, 12, 1, 0), berlin(2026, 12, 1, 23), BERLIN) == []
    assert repo.find_by_keyword(USER, FIGURE, "Zahnarzt", limit=5) == []


# --- find_by_keyword --------------------------------------------------------------------------------

def test_section4_keyword_excludes_types_in_the_query_before_the_limit(repo, add):
    """§4: the anchors are left out in the query — a limit of 1 still finds the appointment."""
    add("Zahnarzt Anker", berlin(2026, 12, 1, 8), ANCHOR_TYPE)
    add("Zahnarzt", berlin(2026, 12, 2, 10))
    rows = repo.find_by_keyword(USER, FIGURE, "zahnarzt", limit=1, exclude_event_types=[ANCHOR_TYPE])
    assert _titles(rows) == ["Zahnarzt"]
    assert _titles(repo.find_by_keyword(USER, FIGURE, "zahnarzt", limit=1)) == ["Zahnarzt Anker"]


def test_section4a_keyword_direction_uses_the_turns_clock(repo, add):
    """forward leaves out the past, backward the future; a day row of today is not past."""
    add("Zahnarzt alt", berlin(2026, 11, 30, 8))  # today, before now (09:30) → past
    add("Zahnarzt heute", berlin(2026, 11, 30), timed=False)  # today without clock → not past
    add("Zahnarzt neu", berlin(2026, 12, 3, 10))
    add("Zahnarzt Monat", berlin(2026, 11, 1), precision=MONTH_PRECISION)  # month running → not past
    forward = repo.find_by_keyword(USER, FIGURE, "Zahnarzt", limit=10, direction="forward", now=NOW, zone=BERLIN)
    backward = repo.find_by_keyword(USER, FIGURE, "Zahnarzt", limit=10, direction="backward", now=NOW, zone=BERLIN)
    assert _titles(forward) == ["Zahnarzt Monat", "Zahnarzt heute", "Zahnarzt neu"]
    assert _titles(backward) == ["Zahnarzt alt"]
    with pytest.raises(ValueError, match="clock"):
        repo.find_by_keyword(USER, FIGURE, "Zahnarzt", limit=10, direction="forward")


def test_keyword_wildcards_are_literal(repo, add):
    add("100% Zahnarzt", berlin(2026, 12, 1, 10))
    add("Zahnarzt", berlin(2026, 12, 2, 10))
    assert _titles(repo.find_by_keyword(USER, FIGURE, "100%", limit=5)) == ["100% Zahnarzt"]
    assert repo.find_by_keyword(USER, FIGURE, "_", limit=5) == []
    with pytest.raises(ValueError):
        repo.find_by_keyword(USER, FIGURE, " ", limit=5)


# --- find_at_moment ----------------------------------------------------------------------------------

def test_section9_inventory_check_sees_appointments_only(repo, add):
    add("Zahnarzt", berlin(2026, 12, 1, 10))
    add("Anker", berlin(2026, 12, 1, 10), ANCHOR_TYPE)
    add("Umzug", berlin(2026, 12, 1, 10), OCCURRENCE_TYPE)
    add("Geburtstag Anna", berlin(2026, 12, 1), "geburtstag", timed=False)
    add("Anderes", berlin(2026, 12, 1, 11))
    add("Fremd", berlin(2026, 12, 1, 10), figure="anna")
    assert not set(NOT_APPOINTMENTS) & {r["event_type"] for r in repo.find_at_moment(USER, FIGURE,
                                                                                    berlin(2026, 12, 1, 10), BERLIN)}
    assert _titles(repo.find_at_moment(USER, FIGURE, berlin(2026, 12, 1, 10), BERLIN)) == ["Zahnarzt"]


def test_inventory_check_is_minute_exact(repo, add):
    """tribunal.md „Der Bestandsabgleich“ (minutengenau, ohne Toleranz): a row of the day without a
    clock time is no appointment at 10:00, and 10:01 finds nothing; the twin at 10:00 finds the timed row."""
    add("Zahnarzt", berlin(2026, 12, 1, 10))
    add("Geburtstag Anna", berlin(2026, 12, 1), "geburtstag", timed=False)
    assert repo.find_at_moment(USER, FIGURE, berlin(2026, 12, 1, 10, 1), BERLIN) == []
    assert repo.find_at_moment(USER, FIGURE, berlin(2026, 12, 1, 0), BERLIN) == []
    assert repo.find_at_moment(USER, FIGURE, berlin(2026, 12, 1, 12), BERLIN) == []
    assert _titles(repo.find_at_moment(USER, FIGURE, berlin(2026, 12, 1, 10), BERLIN)) == ["Zahnarzt"]


# --- verschieben ----------------------------------------------------------------------------------

def test_section5_2_verschieben_carries_everything_and_links_the_old_row(repo, add):
    old_id = add("Zahnarzt", berlin(2026, 12, 1, 10), details="Dr. Müller", entitaet_ids=[7],
                 event_ende=berlin(2026, 12, 1, 11))
    new_id = repo.verschieben(USER, FIGURE, old_id, new_time=berlin(2026, 12, 4, 16), precision="minute", now=NOW)
    old, new = repo.find_by_id(USER, FIGURE, old_id), repo.find_by_id(USER, FIGURE, new_id)
    assert not old["aktiv"] and old["nachfolger_id"] == new_id
    assert new["aktiv"] and new["event_time"] == berlin(2026, 12, 4, 16)
    assert new["event_ende"] == berlin(2026, 12, 4, 17)  # the end moved by the same distance
    for key in ("user_id", "character_id", "event_type", "title", "details", "binding", "remind",
                "conflict_check", "themen", "entitaet_ids", "recurring"):
        assert new[key] == old[key], key
    assert new["wiedervorlage_am"] == berlin(2026, 12, 11, 16)
    assert [r["id"] for r in repo.list(USER, FIGURE)] == [new_id]


def test_section5_2_verschieben_needs_an_active_row(repo, add):
    row_id = add("Zahnarzt", berlin(2026, 12, 1, 10))
    repo.invalidate(USER, FIGURE, row_id, NOW)
    with pytest.raises(LookupError, match="not active"):
        repo.verschieben(USER, FIGURE, row_id, new_time=berlin(2026, 12, 4, 16), precision="minute", now=NOW)
    assert repo.count(USER, FIGURE, active_only=False) == 1


def _install_failing_trigger(db, when: str) -> None:
    """A real failure inside the database: a trigger that raises on the retiring UPDATE or the INSERT."""
    with db.transaction() as conn:
        conn.execute("""
            CREATE FUNCTION refuse_step() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'refused in the middle'; END $$""")
        conn.execute(f"CREATE TRIGGER refuse BEFORE {when} ON timeline FOR EACH ROW EXECUTE FUNCTION refuse_step()")


def test_section5_2_failure_after_the_insert_leaves_the_old_row_active_and_no_new_row(db, repo, add):
    """§5.2: the successor is already inserted when the retiring UPDATE fails — the transaction rolls back."""
    old_id = add("Zahnarzt", berlin(2026, 12, 1, 10))
    _install_failing_trigger(db, "UPDATE")
    with pytest.raises(DatabaseError, match="refused in the middle"):
        repo.verschieben(USER, FIGURE, old_id, new_time=berlin(2026, 12, 4, 16), precision="minute", now=NOW)
    rows = repo.list(USER, FIGURE, active_only=False)
    assert [(r["id"], r["aktiv"], r["nachfolger_id"]) for r in rows] == [(old_id, True, None)]


def test_section5_2_failure_at_the_insert_leaves_the_old_row_active(db, repo, add):
    old_id = add("Zahnarzt", berlin(2026, 12, 1, 10))
    _install_failing_trigger(db, "INSERT")
    with pytest.raises(DatabaseError):
        repo.verschieben(USER, FIGURE, old_id, new_time=berlin(2026, 12, 4, 16), precision="minute", now=NOW)
    assert [(r["id"], r["aktiv"]) for r in repo.list(USER, FIGURE, active_only=False)] == [(old_id, True)]


def test_section5_2_verschieben_on_a_row_of_unknown_type_rolls_back(db, repo):
    with db.transaction() as conn:
        old_id = conn.execute("INSERT INTO timeline (user_id, character_id, event_time, event_type, title) "
                              "VALUES (%s, %s, %s, 'urlaub', 'Alt') RETURNING id", (USER, FIGURE, NOW)).fetchone()["id"]
    with pytest.raises(ValueError, match="unknown"):
        repo.verschieben(USER, FIGURE, old_id, new_time=berlin(2026, 12, 4, 16), precision="minute", now=NOW)
    assert [r["aktiv"] for r in repo.list(USER, FIGURE, active_only=False)] == [True]


# --- invalidate and the chain ---------------------------------------------------------------------

def test_section5_3_delete_is_soft(repo, add):
    row_id = add("Zahnarzt", berlin(2026, 12, 1, 10))
    assert repo.invalidate(USER, FIGURE, row_id, NOW) is True
    assert repo.invalidate(USER, FIGURE, row_id, NOW) is False
    row = repo.find_by_id(USER, FIGURE, row_id)
    assert row is not None and row["aktiv"] is False


def test_section5_2_aktive_zeile_follows_the_chain(repo, add):
    first = add("Zahnarzt", berlin(2026, 12, 1, 10))
    second = repo.verschieben(USER, FIGURE, first, new_time=berlin(2026, 12, 2, 10), precision="minute", now=NOW)
    third = repo.verschieben(USER, FIGURE, second, new_time=berlin(2026, 12, 3, 10), precision="minute", now=NOW)
    assert repo.aktive_zeile(USER, FIGURE, first)["id"] == third
    assert repo.aktive_zeile(USER, FIGURE, third)["id"] == third


def _link(db, row_id, successor, aktiv=False):
    with db.transaction() as conn:
        conn.execute("UPDATE timeline SET nachfolger_id = %s, aktiv = %s WHERE id = %s", (successor, aktiv, row_id))


def test_section5_2_aktive_zeile_raises_on_cycle_gap_and_length(db, repo, add):
    a, b = add("A", NOW), add("B", NOW)
    _link(db, a, b)
    _link(db, b, a)
    with pytest.raises(ChainError, match="cycle"):
        repo.aktive_zeile(USER, FIGURE, a)
    c = add("C", NOW)
    _link(db, c, None)
    with pytest.raises(ChainError, match="without successor"):
        repo.aktive_zeile(USER, FIGURE, c)
    with pytest.raises(ChainError, match="missing"):
        repo.aktive_zeile(USER, FIGURE, 999_999)
    ids = [add(f"K{i}", NOW) for i in range(12)]
    for row_id, successor in zip(ids, ids[1:], strict=False):
        _link(db, row_id, successor)
    assert repo.aktive_zeile(USER, FIGURE, ids[1])["id"] == ids[-1]  # exactly ten steps
    with pytest.raises(ChainError, match="longer"):
        repo.aktive_zeile(USER, FIGURE, ids[0])  # eleven steps


def test_section5_2_aktive_zeile_does_not_cross_the_pair(db, repo, add):
    own = add("A", NOW)
    foreign = add("B", NOW, figure="anna")
    _link(db, own, foreign)
    with pytest.raises(ChainError):
        repo.aktive_zeile(USER, FIGURE, own)


# --- the indexed title search (002) and the bulk insert ----------------------------------------------------

def test_section4_1_title_search_finds_every_infix_the_index_prefilter_never_drops_a_match(db, repo, add):
    """The trigram prefilter is only a necessary condition: each ILIKE match must survive it."""
    titles = ["Zahnarzt Dr. Müller", "Kieferorthopäde", "Elternabend 3b", "Geburtstag Anna-Lena", "Straßenfest",
              "ÄRZTEKAMMER", "Yoga", "x"]
    for i, title in enumerate(titles):
        add(title, berlin(2026, 12, 1 + i, 10))
    probes = ["arzt", "zahn", "müll", "orthopäde", "ÄDE", "abend", "3b", "anna-lena", "lena", "straße", "ärzte",
              "yog", "x", "Kammer", "nicht da"]
    for probe in probes:
        with db.transaction() as conn:
            expected = {r["title"] for r in conn.execute(
                "SELECT title FROM timeline WHERE title ILIKE %s", (f"%{probe}%",))}
        found = {r["title"] for r in repo.find_by_keyword(USER, FIGURE, probe, limit=10)}
        assert found == expected, probe


def test_section4_1_title_search_uses_the_index(db, repo):
    with db.transaction() as conn:
        defs = {r["indexname"]: r["indexdef"] for r in conn.execute(
            "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'timeline'")}
        options = conn.execute("SELECT reloptions FROM pg_class WHERE relname = 'idx_timeline_title_trigrams'"
                               ).fetchone()["reloptions"]
    assert "gin (timeline_trigrams((title)::text))" in defs["idx_timeline_title_trigrams"]
    assert options == ["fastupdate=off"]


def test_insert_many_checks_every_row_and_the_pair_first(repo):
    good = NewRow.for_type("termin", title="A", event_time=NOW, precision="minute")
    bad = NewRow.for_type("termin", title=" ", event_time=NOW, precision="minute")
    with pytest.raises(ValueError):
        repo.insert_many(USER, FIGURE, [good, bad], NOW)
    with pytest.raises(ValueError):
        repo.insert_many(USER, "", [good], NOW)
    assert repo.count(USER, FIGURE, active_only=False) == 0
    assert repo.insert_many(USER, FIGURE, [good, good], NOW) == 2
    assert repo.count(USER, FIGURE) == 2
