"""A remote embedder's answer crosses the edge: it is read checked before a vector reaches the database (a NaN
or a string packed into pgvector's binary form would fail there, or worse, be stored)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from novaberg.core.errors import ModelError
from novaberg.embed.remote import OllamaEmbedder, checked_vectors


def _answering(monkeypatch: pytest.MonkeyPatch, body: str) -> OllamaEmbedder:
    def post(url: str, **_: Any) -> httpx.Response:
        return httpx.Response(200, text=body, request=httpx.Request("POST", url))

    monkeypatch.setattr(httpx, "post", post)
    return OllamaEmbedder("nomic-embed-text", "http://127.0.0.1:9")


def test_good_vectors_come_back_as_floats(monkeypatch: pytest.MonkeyPatch) -> None:
    embedder = _answering(monkeypatch, '{"embeddings": [[1, 0.5, -2], [0, 0, 1]]}')
    assert embedder.embed(["a", "b"]) == [[1.0, 0.5, -2.0], [0.0, 0.0, 1.0]]


@pytest.mark.parametrize("body", [
    '{"embeddings": [[1, NaN, 0]]}',
    '{"embeddings": [[1, Infinity, 0]]}',
    '{"embeddings": [["1", 0, 0]]}',
    '{"embeddings": [[true, 0, 0]]}',
    '{"embeddings": [[]]}',
    '{"embeddings": [7]}',
    '{"embeddings": [[1, 2]]}',
    '[]',
    'kein json',
])
def test_a_broken_answer_is_a_loud_model_error(monkeypatch: pytest.MonkeyPatch, body: str) -> None:
    texts = ["a"] if "[1, 2]" not in body else ["a", "b"]  # two texts, one vector: the count is wrong
    with pytest.raises(ModelError):
        _answering(monkeypatch, body).embed(texts)


def test_ragged_vectors_are_refused() -> None:
    with pytest.raises(ModelError, match="different lengths"):
        checked_vectors([[1.0, 2.0], [1.0]])
