"""On short notes the dense vote has its own measured weight, among the files the words found.

A short note's topic embedding stands for all of it; a long manual's for little of it. The weight of the dense
vote on short files (`SHORT_FILE_LINES` lines, `SHORT_FILE_BYTES` bytes; `gewicht_dicht_kurz` in dense_floors.json) was chosen on the
development parts only (the first hand-written set and the development questions of the real corpus); on long
files the hashing embedder keeps its tie-break weight, and a file no lexical channel found is never lifted past
one they found (a hashing embedder never outvotes lexical evidence). The gain on the hand set is
the bench's check (bench/checks/test_short_note_weight.py)."""

from __future__ import annotations

from novaberg.embed.hashing import HashingEmbedder
from novaberg.files.retrieval import SHORT_FILE_LINES, fuse
from novaberg.files.threshold import UNMEASURED_DENSE_WEIGHT, channel_weights


def test_the_short_note_weight_is_measured_for_the_hashing_embedder_and_applies_to_short_files_only() -> None:
    """The hashing embedder has a measured weight for short notes; long files keep the
    tie-break weight; an item weight overrides the channel's weight for that item alone."""
    weights = channel_weights(HashingEmbedder())
    assert weights["dicht"] <= UNMEASURED_DENSE_WEIGHT < weights["dicht_kurz"]
    assert 0 < SHORT_FILE_LINES < 20  # the real corpus's documents (20 lines and more) are not short notes
    ranked = {"volltext": [1, 2], "dicht": [2, 1]}
    assert [item for item, _ in fuse(ranked, weights=weights)] == [1, 2]  # a long file: the words decide
    lifted = fuse(ranked, weights=weights, dense_item_weights={2: weights["dicht_kurz"]})
    assert [item for item, _ in lifted] == [2, 1]  # a short note the dense channel ranks first among the found


def test_the_short_note_bounds_are_the_ones_the_weight_was_measured_with() -> None:
    """The measured short-note weight holds for the bounds it was measured with: the record in
    dense_floors.json and the bounds the fusion uses are one pair of numbers."""
    import json
    from importlib import resources

    from novaberg.files.retrieval import SHORT_FILE_BYTES
    from novaberg.files.threshold import FLOORS_FILE, embedder_key

    floors = json.loads(resources.files("novaberg.files").joinpath(FLOORS_FILE).read_text(encoding="utf-8"))
    record = floors[embedder_key(HashingEmbedder())]["gewicht_kurz_messung"]
    assert (record["kurz_zeilen"], record["kurz_bytes"]) == (SHORT_FILE_LINES, SHORT_FILE_BYTES)
