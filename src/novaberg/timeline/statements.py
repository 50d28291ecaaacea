"""The SQL of the table `timeline` (timeline.md §9), one constant per statement: read by `timeline/reads.py` and
written by `timeline/repository.py`, the table's one writer. Every statement names the pair in its condition.
"""

from __future__ import annotations

from datetime import timedelta

_COLUMNS = (
    "id, user_id, character_id, event_time, event_ende, event_type, title, details, recurring, precision, "
    "binding, remind, conflict_check, themen, created_at, aktiv, last_touched, wiedervorlage_am, "
    "entitaet_ids, nachfolger_id, rrule, exdates, serie_id, serie_original, serie_ende"
)

# A window read (the read target) fetches what its readers use — the line of `[TERMINE]`, the duplicate
# check, the event path, the agent's row reference and the expansion of a series — not the bookkeeping columns
# (topics, entity ids, flags, creation and touch times, resubmission).
_WINDOW_COLUMNS = (
    "id, event_time, event_ende, event_type, title, details, precision, aktiv, nachfolger_id, rrule, exdates, "
    "serie_id, serie_original, serie_ende"
)

INSERT = """
INSERT INTO timeline (user_id, character_id, event_time, event_ende, event_type, title, details, recurring,
                      precision, binding, remind, conflict_check, themen, created_at, last_touched,
                      wiedervorlage_am, entitaet_ids, rrule, serie_id, serie_original, serie_ende)
VALUES (%(user_id)s, %(character_id)s, %(event_time)s, %(event_ende)s, %(event_type)s, %(title)s, %(details)s,
        %(recurring)s, %(precision)s, %(binding)s, %(remind)s, %(conflict_check)s, %(themen)s, %(now)s, %(now)s,
        %(wiedervorlage_am)s, %(entitaet_ids)s, %(rrule)s, %(serie_id)s, %(serie_original)s, %(serie_ende)s)
RETURNING id
"""
FIND_BY_ID = f"SELECT {_COLUMNS} FROM timeline WHERE id = %s AND user_id = %s AND character_id = %s"
FIND_BY_IDS = f"SELECT {_COLUMNS} FROM timeline WHERE id = ANY(%s) AND user_id = %s AND character_id = %s"
LIST_ACTIVE = f"""
SELECT {_COLUMNS} FROM timeline WHERE user_id = %s AND character_id = %s AND aktiv ORDER BY event_time, id
"""
LIST_ALL = f"SELECT {_COLUMNS} FROM timeline WHERE user_id = %s AND character_id = %s ORDER BY event_time, id"
# A `month` row stands in every window that overlaps its month (§4a *Lesen*): the scan starts at the
# local month start of `start`, and only a month row may lie before `start`.
_ONE_OFFS_IN_RANGE = f"""
SELECT {_WINDOW_COLUMNS} FROM timeline
WHERE user_id = %(user_id)s AND character_id = %(character_id)s
  AND aktiv
  AND event_time >= %(month_start)s AND event_time <= %(end)s
  AND (event_time >= %(start)s OR precision = %(month)s)
  AND NOT (event_type = ANY(%(excluded)s))
  AND rrule IS NULL
"""
# The pair's active series that may have an occurrence in the window: begun by `end` and not ended
# before `series_from` (`serie_ende`, schema timeline/006) — expanded in Python inside the window only
# (`timeline/recurrence.py`).
FIND_SERIES = f"""
SELECT {_WINDOW_COLUMNS} FROM timeline
WHERE user_id = %(user_id)s AND character_id = %(character_id)s
  AND aktiv AND rrule IS NOT NULL
  AND event_time <= %(end)s
  AND (serie_ende IS NULL OR serie_ende >= %(series_from)s)
  AND NOT (event_type = ANY(%(excluded)s))
"""
# One statement, one round trip: the one-offs in the window and the series that may occur in it. Unordered:
# the reader sorts after expanding the series.
FIND_BY_DATE_RANGE = f"({_ONE_OFFS_IN_RANGE})\nUNION ALL\n({FIND_SERIES})"
# The outline of a window for a reader that lists a few of many (the list cap): only the columns a line
# and the expansion need, as tuples — a thousand weekly series are a thousand rows each read, and every column and
# every dict costs. The moments come as UTC wall times without a zone (loading a zoned value costs the driver about
# six times as much; the reader puts UTC back on), no exdates as NULL instead of an empty array. One statement, one
# round trip, like FIND_BY_DATE_RANGE.
_OUTLINE_COLUMNS = ("id, event_time AT TIME ZONE 'UTC', event_ende AT TIME ZONE 'UTC', event_type, title, details, "
                    "precision, rrule, NULLIF(exdates, '{}')")
FIND_WINDOW_OUTLINE = (f"({_ONE_OFFS_IN_RANGE.replace(_WINDOW_COLUMNS, _OUTLINE_COLUMNS, 1)})\nUNION ALL\n"
                       f"({FIND_SERIES.replace(_WINDOW_COLUMNS, _OUTLINE_COLUMNS, 1)})")
# `serie_ende` was computed in the zone of its writer. Read in another zone (the operator changed it), the rule
# runs on that zone's wall clock from the same first instant, and the occurrences after a daylight-saving change
# the two zones do not share lie an hour or so apart (tests/timeline/test_series_end.py). The SQL keeps a day more.
SERIES_END_MARGIN = timedelta(days=1)
# "Past" as the reader sees it (§4a `_past_bounds`): with a clock time before now, a day before today
# 00:00 local, a month before the start of the running month — with the turn's clock, never NOW().
_PAST = (
    "event_time < CASE precision WHEN 'minute' THEN %(now)s WHEN %(month)s THEN %(month_start)s "
    "ELSE %(today_start)s END"
)
# The coming appointments in order, however far ahead (*Was ist mein nächster Termin?*): not past as the
# reader sees it, the first `limit` by time.
FIND_NEXT = f"""
SELECT {_WINDOW_COLUMNS} FROM timeline
WHERE user_id = %(user_id)s AND character_id = %(character_id)s
  AND aktiv
  AND NOT ({_PAST})
  AND NOT (event_type = ANY(%(excluded)s))
  AND rrule IS NULL
ORDER BY event_time, id
LIMIT %(limit)s
"""
_FIND_BY_KEYWORD = f"""
SELECT {_COLUMNS} FROM timeline
WHERE user_id = %(user_id)s AND character_id = %(character_id)s
  AND (aktiv OR NOT %(active_only)s)
  AND timeline_trigrams(title) @> timeline_trigrams(%(terms)s)
  AND title ILIKE ALL(%(patterns)s)
  AND NOT (event_type = ANY(%(excluded)s))
  {{direction}}
ORDER BY rrule IS NULL, event_time {{order}}, id {{order}}
LIMIT %(limit)s
"""
FIND_BY_KEYWORD = {
    "forward": _FIND_BY_KEYWORD.format(direction=f"AND (rrule IS NOT NULL OR NOT ({_PAST}))", order="ASC"),
    "backward": _FIND_BY_KEYWORD.format(direction=f"AND (rrule IS NOT NULL OR {_PAST})", order="DESC"),
    "both": _FIND_BY_KEYWORD.format(direction="", order="ASC"),
}
# The inventory check of a storage claim (§9 *Leser und Schreiber*; tribunal.md „Der Bestandsabgleich“):
# appointments only, with clock-time precision, at exactly that minute — a row of the day without a clock
# time is no appointment *at that minute*.
FIND_AT_MOMENT = f"""
SELECT {_COLUMNS} FROM timeline
WHERE user_id = %(user_id)s AND character_id = %(character_id)s
  AND aktiv
  AND event_time >= %(minute)s AND event_time < %(next_minute)s
  AND NOT (event_type = ANY(%(excluded)s))
  AND precision = 'minute'
  AND rrule IS NULL
ORDER BY event_time, id
"""
FIND_SERIES_AT_MINUTE = f"""
SELECT {_COLUMNS} FROM timeline
WHERE user_id = %(user_id)s AND character_id = %(character_id)s
  AND aktiv AND rrule IS NOT NULL AND precision = 'minute'
  AND event_time < %(next_minute)s
  AND (serie_ende IS NULL OR serie_ende >= %(series_from)s)
  AND NOT (event_type = ANY(%(excluded)s))
ORDER BY event_time, id
"""
LOCK_ACTIVE = f"""
SELECT {_COLUMNS} FROM timeline WHERE id = %s AND user_id = %s AND character_id = %s FOR UPDATE
"""
INSERT_SUCCESSOR = """
INSERT INTO timeline (user_id, character_id, event_time, event_ende, event_type, title, details, recurring,
                      precision, binding, remind, conflict_check, themen, created_at, last_touched,
                      wiedervorlage_am, entitaet_ids, rrule, exdates, serie_id, serie_original,
                      erinnern_vorher_min, serie_ende)
SELECT user_id, character_id, %(event_time)s, %(event_ende)s, event_type, title, details, %(rrule)s::text IS NOT NULL,
       %(precision)s, binding, remind, conflict_check, themen, %(now)s, %(now)s, %(wiedervorlage_am)s, entitaet_ids,
       %(rrule)s::text, %(exdates)s::timestamptz[], serie_id, serie_original, erinnern_vorher_min,
       %(serie_ende)s::timestamptz
FROM timeline WHERE id = %(old_id)s AND user_id = %(user_id)s AND character_id = %(character_id)s
RETURNING id
"""
# A detail change (the `details` column: place, person, a note) is bi-temporal like a move (timeline.md §5.2):
# the successor carries everything of the old row at the same time, only `details` is new.
INSERT_DETAILS_SUCCESSOR = """
INSERT INTO timeline (user_id, character_id, event_time, event_ende, event_type, title, details, recurring,
                      precision, binding, remind, conflict_check, themen, created_at, last_touched,
                      wiedervorlage_am, entitaet_ids, rrule, exdates, serie_id, serie_original,
                      erinnern_vorher_min, serie_ende)
SELECT user_id, character_id, event_time, event_ende, event_type, title, %(details)s, recurring,
       precision, binding, remind, conflict_check, themen, %(now)s, %(now)s, wiedervorlage_am, entitaet_ids,
       rrule, exdates, serie_id, serie_original, erinnern_vorher_min, serie_ende
FROM timeline WHERE id = %(old_id)s AND user_id = %(user_id)s AND character_id = %(character_id)s
RETURNING id
"""
RETIRE = """
UPDATE timeline SET aktiv = FALSE, nachfolger_id = %s, last_touched = %s
WHERE id = %s AND user_id = %s AND character_id = %s AND aktiv
"""
INVALIDATE = """
UPDATE timeline SET aktiv = FALSE, last_touched = %s
WHERE id = %s AND user_id = %s AND character_id = %s AND aktiv
RETURNING id
"""
# Schema timeline/005: the reminder offset and the UID of an imported event, set on a
# new row inside the writer's transaction.
SET_CALENDAR_FIELDS = """
UPDATE timeline SET erinnern_vorher_min = %(minutes)s, ics_uid = %(uid)s
WHERE id = %(id)s AND user_id = %(user_id)s AND character_id = %(character_id)s AND aktiv
RETURNING erinnern_vorher_min, ics_uid
"""
READ_CALENDAR_FIELDS = """
SELECT event_time, precision, erinnern_vorher_min, ics_uid FROM timeline
WHERE id = %s AND user_id = %s AND character_id = %s AND aktiv
"""
ANALYZE = "ANALYZE timeline"
# A bulk load at least this large refreshes the planner's statistics itself (what autovacuum would do later):
# without them a fresh table of 100,000 rows is scanned through the wrong index.
ANALYZE_AFTER_ROWS = 1000
# One occurrence of a series cancelled or moved away: its UTC start joins `exdates`.
ADD_EXDATE = """
UPDATE timeline SET exdates = array_append(exdates, %(moment)s), last_touched = %(now)s
WHERE id = %(id)s AND user_id = %(user_id)s AND character_id = %(character_id)s AND aktiv AND rrule IS NOT NULL
  AND NOT (%(moment)s = ANY(exdates))
RETURNING id
"""
# A moved occurrence reminds like its series: the offset is copied, never the imported UID.
COPY_REMINDER = """
UPDATE timeline AS moved SET erinnern_vorher_min = series.erinnern_vorher_min
FROM timeline AS series
WHERE moved.id = %(new_id)s AND moved.user_id = %(user_id)s AND moved.character_id = %(character_id)s
  AND series.id = %(series_id)s AND series.user_id = %(user_id)s AND series.character_id = %(character_id)s
RETURNING moved.erinnern_vorher_min
"""
# The moved occurrences of a series end with it (a deleted series leaves no single Monday behind).
INVALIDATE_MOVED = """
UPDATE timeline SET aktiv = FALSE, last_touched = %s
WHERE serie_id = %s AND user_id = %s AND character_id = %s AND aktiv
"""
COUNT = "SELECT count(*) AS n FROM timeline WHERE user_id = %s AND character_id = %s AND (aktiv OR NOT %s)"

TITLES_HOLDING = ("SELECT title FROM timeline WHERE user_id = %s AND character_id = %s AND aktiv "
                   "AND title ILIKE ALL(%s) ORDER BY id LIMIT %s")
