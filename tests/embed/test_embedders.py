"""Embedders: the hashing default is deterministic and sees German nouns; the probe of dateien.md §5.4."""

from __future__ import annotations

import math

import pytest

from novaberg.core.errors import ConfigError
from novaberg.embed.hashing import HashingEmbedder
from novaberg.embed.probe import cosine, probe_embedder
from novaberg.embed.registry import make_embedder


def test_hashing_is_deterministic_normalised_and_768_wide():
    first = HashingEmbedder().embed(["Der Hund bellt"])[0]
    second = HashingEmbedder().embed(["Der Hund bellt"])[0]
    assert first == second
    assert len(first) == 768
    assert math.isclose(math.sqrt(sum(v * v for v in first)), 1.0, rel_tol=1e-9)


def test_similar_texts_are_closer_than_different_ones():
    a, b, c = HashingEmbedder().embed(["Einkaufsliste für Samstag", "Einkaufsliste Samstag", "Zahnarzttermin"])
    assert cosine(a, b) > cosine(a, c)


def test_case_matters_enough_that_nouns_stay_distinct():
    hund, hund_lower = HashingEmbedder().embed(["Hund", "hund"])
    assert hund != hund_lower
    assert cosine(hund, hund_lower) > 0.5


def test_probe_hund_katze_distinct_for_hashing():
    result = probe_embedder(HashingEmbedder())
    assert not result.blind and result.cosine < 0.5


def test_probe_is_loud_for_a_blind_embedder():
    class Blind:
        def embed(self, texts):
            return [[0.0] * 767 + [1.0] for _ in texts]

    result = probe_embedder(Blind())
    assert result.blind
    assert "EMBEDDER BLIND" in result.message()


def test_unknown_embedder_lists_choices():
    with pytest.raises(ConfigError, match="hashing, ollama:<model>, sentence-transformers:<local path>"):
        make_embedder("word2vec")
    with pytest.raises(ConfigError, match="local model directory"):
        make_embedder("sentence-transformers:/nicht/da")
