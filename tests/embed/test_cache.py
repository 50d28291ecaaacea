"""A text is embedded once per process and embedder: the turn's question serves the memory block and the files'
retrieval from one embedding."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from novaberg.core.settings import Settings
from novaberg.embed.cache import embed_cached
from novaberg.embed.hashing import HashingEmbedder
from tests.support import berlin, make_offline_llm


class _Counting(HashingEmbedder):
    def __init__(self) -> None:
        super().__init__()
        self.texts: Counter[str] = Counter()

    def embed(self, texts: Any) -> list[list[float]]:
        self.texts.update(texts)
        return super().embed(texts)


def test_only_missing_texts_are_embedded_and_order_is_kept() -> None:
    embedder = _Counting()
    first = embed_cached(embedder, ["Hund", "Katze"])
    again = embed_cached(embedder, ["Katze", "Maus", "Hund"])
    assert again[0] == first[1] and again[2] == first[0] and again[1] == HashingEmbedder().embed(["Maus"])[0]
    assert embedder.texts == Counter({"Hund": 1, "Katze": 1, "Maus": 1})
    other = _Counting()  # another embedder never gets this one's vectors
    embed_cached(other, ["Hund"])
    assert other.texts == Counter({"Hund": 1})


def test_a_turn_embeds_its_question_once(db: Any, redis: Any, tmp_path: Path) -> None:
    from novaberg.api.nova import Nova
    from novaberg.store.stack import Stack

    embedder = _Counting()
    nova = Nova(Stack(db=db, redis=redis), make_offline_llm(), embedder, Settings(data_dir=tmp_path))
    question = "Was weiß ich noch über die Heizung im Keller?"
    nova.turn("u0", "nova", question, berlin(2026, 12, 1, 10))  # a pair with nothing stored needs no vector at all
    assert embedder.texts[question] == 0
    nova.turn("u1", "nova", "Ich spiele jeden Dienstag Schach im Verein.", berlin(2026, 12, 1, 9))
    nova.turn("u1", "nova", question, berlin(2026, 12, 1, 10))  # something else told: the nearest search, once
    assert embedder.texts[question] == 1


class _Shifted(HashingEmbedder):
    """Another embedder with other vectors for the same texts."""

    def embed(self, texts: Any) -> list[list[float]]:
        return [[v + 1.0 for v in vector] for vector in super().embed(texts)]


def test_the_kept_arrays_are_the_vectors_of_that_embedder_and_give_the_same_cosines() -> None:
    """The block's cosines from the kept arrays equal those from the vectors; an array is read-only, made once per
    text and embedder, and another embedder's arrays are its own (never the first one's)."""
    import numpy as np

    from novaberg.embed.cache import embed_cached_arrays
    from novaberg.memory.similarity import cosines

    texts = ["Mein Hund heißt Bello.", "Ich spiele Geige.", "Meine Schwester wohnt in Kiel."]
    embedder, other = _Counting(), _Shifted()
    arrays = embed_cached_arrays(embedder, texts)
    assert [a.tolist() for a in arrays] == embed_cached(embedder, texts)
    assert embed_cached_arrays(embedder, texts[:1])[0] is arrays[0] and not arrays[0].flags.writeable
    query = "Wie heißt mein Hund?"
    assert np.allclose(cosines(embed_cached_arrays(embedder, [query])[0], arrays),
                       cosines(embed_cached(embedder, [query])[0], embed_cached(embedder, texts)))
    theirs = embed_cached_arrays(other, texts)
    assert [a.tolist() for a in theirs] == other.embed(texts) != [a.tolist() for a in arrays]
    assert embedder.texts == Counter({t: 1 for t in [*texts, query]})


def test_a_cached_text_leaves_no_copy_of_its_words_in_the_cache() -> None:
    """What a person said stays in the process only as a digest beside its vector (the
    erasure of a person cannot reach a copy kept in the process): no key of the cache holds the sentence."""
    from novaberg.embed import cache

    said = "Meine Tochter heißt Lena und hat eine Erdnussallergie"
    embedder = _Counting()
    embed_cached(embedder, [said])
    cache.embed_cached_arrays(embedder, [said])
    kept = [key for table in (cache._VECTORS, cache._ARRAYS) for key in table]  # noqa: SLF001
    assert kept and all(said not in repr(key) for key in kept)
    assert embed_cached(embedder, [said]) == embed_cached(_Counting(), [said]) and embedder.texts[said] == 1
