"""The statements of the notes search (notizen.md §4 SQL-Kern) over pg_trgm; NotesRepository runs them.

They compute the specification's query exactly: every active note of the person with one of the three
similarities above the threshold (`> threshold`, as written), scored
sim(name)·w_name + sim(text)·w_text + max(sim(thema))·w_themen, best first, the first `limit`:
names and topics counted from the person's trigram postings (`POSTINGS`,
novaberg.notes.trigram_postings, 006_trigram_postings.sql), which also say which notes can still
reach the first `limit`; texts by the prefix filter of `trigram_prefix` over the tiers' partial
indexes (`text_statements`, 005_search_prefix.sql), small statements of fixed text, prepared with
generic plans, sent in one round trip. Then `TRGM_SCORED` over the remaining ids: pg_trgm's own
similarities, the texts only where a bound can still reach the first `limit`.
"""

from __future__ import annotations

from collections.abc import Mapping

from novaberg.notes.trigram_prefix import TEXT_TIERS, Tier, plan_tiers

__all__ = ["NOTE_COLUMNS", "SET_THRESHOLD", "POSTINGS", "GENERIC_PLANS", "TRGM_SCORED",
           "text_statements"]

# The columns a note row is read with, everywhere (NotesRepository too).
NOTE_COLUMNS = ("id", "user_id", "name", "typ", "text", "zusammenfassung", "themen", "status", "aktiv",
                "entitaet_ids", "timeline_id", "faellig_am", "wiedervorlage_am", "created_at", "updated_at",
                "last_touched")
_SCORED_COLUMNS = ", ".join(f"n.{column}" for column in NOTE_COLUMNS)

# The `%` operator's threshold for the rest of the transaction.
SET_THRESHOLD = "SELECT set_config('pg_trgm.similarity_threshold', %s, true)"
# How many trigrams pg_trgm counts in the query (the text tiers' prefix filter is used only when
# novaberg.text.trigram agrees), and the person's postings of its trigrams (006_trigram_postings.sql):
# one row per field and trigram that has notes, at least one row.
POSTINGS = """
SELECT q.n AS query_trigrams, p.feld, p.trigramm, p.codes
FROM (SELECT show_trgm(%(q)s) AS t, cardinality(show_trgm(%(q)s)) AS n) AS q
LEFT JOIN notizen_trigramm_posten AS p
       ON p.user_id = %(user_id)s AND p.feld IN ('name', 'thema') AND p.trigramm = ANY(q.t)
"""
# The candidate statements are prepared once per connection with a generic plan: a custom plan estimates
# `%` and `~` by running them over the column statistics (milliseconds per statement for long texts).
GENERIC_PLANS = "SET LOCAL plan_cache_mode = force_generic_plan"

# The score over the candidates' ids. `topic_ids`, `topic_sims`: the notes whose topic similarity the
# postings gave (exact); any other's is computed here. The texts, the costly part, only where a bound
# (a text's similarity is at most min(|T|,|Q|) / max(|T|,|Q|)) can still reach the first `limit`.
TRGM_SCORED = """
WITH cand AS (  -- joined, not `id = ANY(...)` in the select list, which compares with every element
    SELECT n.id, n.name, n.themen, n.text_trgm_n, f.sim AS known_themen
    FROM notizen n
    LEFT JOIN unnest(%(topic_ids)s::integer[], %(topic_sims)s::real[]) AS f(id, sim) ON f.id = n.id
    WHERE n.id = ANY(%(ids)s) AND n.user_id = %(user_id)s AND n.aktiv
),
a AS (
    SELECT c.id, similarity(c.name, %(q)s) AS sim_name,
           coalesce(c.known_themen, (SELECT max(similarity(x, %(q)s)) FROM unnest(c.themen) AS x), 0) AS sim_themen,
           %(w_text)s * coalesce(least(q.n, c.text_trgm_n)::real / nullif(greatest(q.n, c.text_trgm_n), 0), 0)
           AS text_high
    FROM cand c, (SELECT cardinality(show_trgm(%(q)s)) AS n) AS q
    OFFSET 0
),
-- The limit-th best score of the notes that surely qualify is at least this; a note whose upper bound
-- stays below it cannot be among the first `limit`, so its text is never compared.
cut AS (
    SELECT sim_name * %(w_name)s + sim_themen * %(w_themen)s AS low FROM a
    WHERE sim_name > %(floor)s OR sim_themen > %(floor)s
    ORDER BY low DESC OFFSET %(limit)s - 1 LIMIT 1
),
-- The text by its id, row by row (a join here lets the planner read every note of the person).
s AS (
    SELECT a.id, a.sim_name, a.sim_themen,
           (SELECT similarity(n.text, %(q)s) FROM notizen n WHERE n.id = a.id AND n.user_id = %(user_id)s)
           AS sim_text
    FROM a
    WHERE a.sim_name * %(w_name)s + a.sim_themen * %(w_themen)s + a.text_high >= coalesce((SELECT low FROM cut), 0)
    OFFSET 0
)
SELECT {columns}, s.sim_name, s.sim_text, s.sim_themen,
       s.sim_name * %(w_name)s + s.sim_text * %(w_text)s + s.sim_themen * %(w_themen)s AS score
FROM s JOIN notizen n ON n.id = s.id AND n.user_id = %(user_id)s
WHERE s.sim_name > %(floor)s OR s.sim_text > %(floor)s OR s.sim_themen > %(floor)s
ORDER BY score DESC, n.updated_at DESC, n.id DESC
LIMIT %(limit)s
"""


def _tier_statement(tier: Tier, with_pattern: bool) -> str:
    """The text candidates of one tier. The statement is fixed per tier and variant (the tier's bounds are
    literals, so the planner can prove the partial index; the pattern is a parameter), so it is prepared
    once per connection with a generic plan."""
    below = "" if tier.hi is None else f" AND text_trgm_n < {tier.hi}"
    # Both conditions hold for every note that can reach the threshold; the index intersects them.
    pattern = " AND text_woerter ~ %(pattern)s" if with_pattern else ""
    return (f"SELECT id FROM notizen WHERE user_id = %(user_id)s AND aktiv AND text_trgm_n >= {tier.lo}{below} "
            f"AND text_woerter %% %(q)s{pattern}")


def text_statements(query: str, threshold: float, server_query_trigrams: int,
                    counts: Mapping[str, int] | None = None) -> list[tuple[str, dict[str, str]]]:
    """The statements (with their extra parameters) whose ids together hold every note whose text
    reaches `threshold`, run with the `%` threshold set to it (`SET_THRESHOLD`): per tier the prefix
    filter, its rare trigrams chosen by `counts` (how many of the person's names carry each).

    `server_query_trigrams` is the server's count of the query's trigrams; when it differs from ours (a
    character the two lower-case differently), the tiers are read with the exact operator alone.
    """
    plan = plan_tiers(query, threshold, TEXT_TIERS, counts)
    trusted = plan.query_trigrams == server_query_trigrams
    statements: list[tuple[str, dict[str, str]]] = []
    for tier in plan.tiers:
        with_pattern = trusted and tier.pattern is not None
        extra = {"pattern": tier.pattern} if with_pattern and tier.pattern is not None else {}
        statements.append((_tier_statement(tier, with_pattern), extra))
    return statements


TRGM_SCORED = TRGM_SCORED.format(columns=_SCORED_COLUMNS)
