"""§4 SQL-Kern with pg_trgm: the prefix filter (novaberg.notes.trigram_prefix) hands the index fewer
candidates but never loses a note whose similarity reaches the threshold."""

from __future__ import annotations

import re
from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from novaberg.core.settings import NOTES_WHERE_THRESHOLD
from novaberg.notes.trigram_prefix import (
    TEXT_TIERS,
    min_overlap,
    plan_tiers,
    prefix_pattern,
    search_words,
)
from novaberg.text.trigram import similarity, trigrams

# Any tiering works for the filter; besides the texts' one, a finer one (the names' of 005) tests more bounds.
_FINE_TIERS = (0, 6, 10, 14, 18, 24, 32, 48)
_WORDS = st.text(alphabet="aeimnorstuchlkgäöüß", min_size=1, max_size=9)
_TEXTS = st.lists(_WORDS, min_size=1, max_size=8).map(" ".join)


def _tier_of(bounds, count):
    return max(b for b in bounds if b <= count)


def _candidate(text: str, query: str, threshold: float, bounds, counts=None) -> bool:
    """What the search asks the index: the field's tier is planned and its pattern (if any) matches."""
    plan = plan_tiers(query, threshold, bounds, counts)
    lo = _tier_of(bounds, len(trigrams(text)))
    for tier in plan.tiers:
        if tier.lo == lo:
            return tier.pattern is None or re.search(tier.pattern, search_words(text)) is not None
    return False


@settings(max_examples=600, deadline=None)
@given(field=_TEXTS, query=_TEXTS, threshold=st.sampled_from([NOTES_WHERE_THRESHOLD, 0.2, 0.3, 0.5]))
def test_a_field_that_reaches_the_threshold_is_always_a_candidate(field, query, threshold):
    """§4: the WHERE keeps similarity > 0.15 per field; the prefix filter is a superset of it."""
    if similarity(field, query) >= threshold:
        for bounds in (_FINE_TIERS, TEXT_TIERS):
            assert _candidate(field, query, threshold, bounds), (field, query, bounds)


@settings(max_examples=400, deadline=None)
@given(field=_TEXTS, query=_TEXTS, threshold=st.sampled_from([NOTES_WHERE_THRESHOLD, 0.2, 0.3]),
       counts=st.dictionaries(st.text(alphabet=" aeimnorstuchlkgäöüß", min_size=3, max_size=3),
                              st.integers(0, 50_000), max_size=40))
def test_counted_rarity_changes_the_pattern_never_the_candidates(field, query, threshold, counts):
    """The person's name trigram counts order the prefix filter; whatever they say, a field that reaches the
    threshold stays a candidate (the counts decide speed, not the result)."""
    counts.update({gram: len(gram.strip()) * 1000 for gram in trigrams(query) if gram not in counts})
    if similarity(field, query) >= threshold:
        for bounds in (_FINE_TIERS, TEXT_TIERS):
            assert _candidate(field, query, threshold, bounds, counts), (field, query, bounds)


def test_counted_rarity_leaves_the_common_ending_out():
    """With counts, a tier's pattern drops the trigrams most names share ("…liste"), not the ones German
    letter frequencies guess."""
    counts = {"lis": 11000, "ist": 11000, "ste": 11000, "kel": 40, "ell": 300, "lle": 500}
    [tier] = [t for t in plan_tiers("Kellerliste", 0.3, _FINE_TIERS, counts).tiers if t.lo == 10]
    assert tier.pattern is not None and not {"lis", "ist", "ste"} & set(tier.pattern.split("|"))


_NOTE_WORDS = ["Einkauf", "Einkaufsliste", "Milch", "Milchreis", "Mach", "Bach", "Garten", "Gartenhaus", "Packliste",
               "Leseliste", "Oma", "Oma-Geschenke", "Geschenk", "Küche", "Straße", "Ölwechsel", "Öl", "A", "2027"]


def test_every_pair_of_note_words_that_reaches_the_threshold_is_a_candidate():
    """The same property on real words, so it cannot pass for want of matching pairs."""
    pairs = [(f, q) for f in _NOTE_WORDS for q in _NOTE_WORDS if similarity(f, q) > NOTES_WHERE_THRESHOLD]
    assert len(pairs) > 30
    for field, query in pairs:
        for bounds in (_FINE_TIERS, TEXT_TIERS):
            assert _candidate(field, query, NOTES_WHERE_THRESHOLD, bounds), (field, query, bounds)


def test_the_filter_actually_filters():
    """A long name that shares only the common word-start of 'Milch' is not asked for."""
    assert not _candidate("Mandelkernbrötchen Montagsrunde", "Milch", NOTES_WHERE_THRESHOLD, _FINE_TIERS)
    assert _candidate("Milchreis", "Milch", NOTES_WHERE_THRESHOLD, _FINE_TIERS)


def test_min_overlap_is_the_smallest_count_that_can_reach_the_threshold():
    """c / (n + q - c) >= t  <=>  c >= t (n + q) / (1 + t), exact in fractions."""
    assert min_overlap(0.15, 0, 6) == 1
    assert min_overlap(0.15, 17, 6) == 3  # 0.15 * 23 / 1.15 = 3.0 exactly: three shared reach 3/20 = 0.15
    for n in range(0, 60):
        for q in range(1, 20):
            o = min_overlap(0.15, n, q)
            if o <= min(n, q):
                assert o / (n + q - o) >= 0.15 - 1e-12
            if o - 1 >= 1:
                assert (o - 1) / (n + q - (o - 1)) < 0.15


def test_word_end_trigrams_are_never_in_a_pattern():
    """The index cannot extract a word end ('ch ') from an expression; only inner and word-start grams."""
    pattern = prefix_pattern(trigrams("Milch"), 1)
    assert pattern is None  # all six needed, one of them is a word end
    pattern = prefix_pattern(trigrams("Milch"), 2)  # five of six: the three inner and both word starts
    assert re.search(pattern, "bach") is None  # shares only the word end 'ch '
    for word in ("milbe", "filch", "mais", "walch"):
        assert re.search(pattern, word) is not None, word


def test_tiers_beyond_reach_are_left_out():
    """similarity <= |Q| / |A|: a text of 48+ trigrams cannot reach 0.15 for a 6-trigram query."""
    plan = plan_tiers("Milch", NOTES_WHERE_THRESHOLD, TEXT_TIERS)
    assert plan.query_trigrams == 6 and max(t.lo for t in plan.tiers) <= 40


def test_the_tiers_are_the_indexes_of_the_migration():
    """005_search_prefix.sql has one partial index per text tier, with the same bounds; the names' tier
    indexes are dropped by 006, which replaces them with the postings."""
    folder = resources.files("novaberg.store") / "schema" / "notes"
    sql = (folder / "005_search_prefix.sql").read_text()
    replaced = (folder / "006_trigram_postings.sql").read_text()
    assert all(f"idx_notizen_name_words_{lo}" in replaced for lo in _FINE_TIERS)
    for field, bounds in (("text", TEXT_TIERS),):
        for index, lo in enumerate(bounds):
            hi = bounds[index + 1] if index + 1 < len(bounds) else None
            predicate = f"{field}_trgm_n >= {lo}" + (f" AND {field}_trgm_n < {hi}'" if hi else "'")
            assert f"idx_notizen_{field}_words_{lo} " in sql and predicate in sql, (field, lo)


@pytest.mark.parametrize("text, words", [("Oma-Geschenke, 2027!", "oma geschenke 2027 "),
                                         ("  Über_alles  ", " über alles ")])
def test_search_words_is_the_sql_twin(text, words):
    assert search_words(text) == words
