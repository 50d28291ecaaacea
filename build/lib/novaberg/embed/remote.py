"""Embedders backed by a model: Ollama's embed API, or sentence-transformers from a local path only."""

from __future__ import annotations

import logging
import math
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx

from novaberg.core.errors import ConfigError, ModelError, ModelUnreachableError
from novaberg.core.redact import redact_credentials, scrub_urls
from novaberg.core.settings import LLM_TIMEOUT_SECONDS
from novaberg.llm.http_connectors import DEFAULT_OLLAMA_URL

_log = logging.getLogger(__name__)

__all__ = ["OllamaEmbedder", "SentenceTransformerEmbedder"]


class OllamaEmbedder:
    name = "ollama"

    def __init__(self, model: str, url: str | None = None, timeout: float = LLM_TIMEOUT_SECONDS) -> None:
        if not model:
            raise ConfigError("the ollama embedder needs a model: --embedder ollama:<model>")
        self.model = model
        self.url = (url or DEFAULT_OLLAMA_URL).rstrip("/")
        self.timeout = timeout

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        try:
            response = httpx.post(f"{self.url}/api/embed", json={"model": self.model, "input": list(texts)},
                                  timeout=self.timeout)
        except httpx.HTTPError as err:
            _log.error("ollama embedder at %s is unreachable: %s", redact_credentials(self.url), err)
            raise ModelUnreachableError(f"the ollama embedder is unreachable: {scrub_urls(str(err))}") from err
        if response.status_code >= 400:
            raise ModelError(f"ollama embedder answered HTTP {response.status_code}: {response.text[:200]}")
        try:
            vectors = response.json().get("embeddings")
        except (ValueError, AttributeError) as err:
            raise ModelError("ollama embedder answered something that is no JSON object") from err
        if not isinstance(vectors, list) or len(vectors) != len(texts):
            raise ModelError("ollama embedder returned no embeddings for the input")
        return checked_vectors(vectors)

    def describe(self) -> dict[str, Any]:
        return {"embedder": "ollama", "model": self.model, "url": redact_credentials(self.url)}


def checked_vectors(vectors: list[Any]) -> list[list[float]]:
    """A model's vectors as read at the edge: each a non-empty list of finite numbers, all of one length —
    anything else (a string, a bool, NaN or infinity, ragged rows) is a loud ModelError before any write."""
    out: list[list[float]] = []
    for vector in vectors:
        if not isinstance(vector, list) or not vector or any(
                isinstance(x, bool) or not isinstance(x, int | float) or not math.isfinite(x) for x in vector):
            raise ModelError("the embedder answered a vector that is not a list of finite numbers")
        out.append([float(x) for x in vector])
    if len({len(v) for v in out}) > 1:
        raise ModelError("the embedder answered vectors of different lengths")
    return out


class SentenceTransformerEmbedder:
    """Loads a model from a local directory; never downloads (HF_HUB_OFFLINE is forced)."""

    name = "sentence-transformers"

    def __init__(self, path: str) -> None:
        model_path = Path(path).expanduser()
        if not model_path.is_dir():
            raise ConfigError(f"sentence-transformers needs a local model directory; {model_path} is not one")
        os.environ["HF_HUB_OFFLINE"] = "1"
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as err:
            raise ConfigError("sentence-transformers is not installed: pip install 'novaberg[st]'") from err
        self.path = model_path
        self._model = SentenceTransformer(str(model_path), device="cpu")

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return checked_vectors([list(map(float, v)) for v in self._model.encode(list(texts), normalize_embeddings=True)])

    def describe(self) -> dict[str, Any]:
        return {"embedder": "sentence-transformers", "path": str(self.path)}
