"""Texts embedded once per process and embedder: a turn's question is embedded by the memory block and the
files' retrieval alike, and the fresh short-term entries come back turn after turn."""

from __future__ import annotations

import threading
from typing import Any

__all__ = ["embed_cached"]

_MAX = 4096
_VECTORS: dict[tuple[int, str], tuple[Any, list[float]]] = {}  # the embedder is kept: its id is never reused
_LOCK = threading.Lock()


def embed_cached(embedder: Any, texts: list[str]) -> list[list[float]]:
    """The vectors of `texts` in order; only the ones not yet embedded by this embedder go to it, in one call."""
    with _LOCK:
        missing = [t for t in dict.fromkeys(texts) if _VECTORS.get((id(embedder), t), (None,))[0] is not embedder]
    if missing:
        vectors = list(embedder.embed(missing))
        if len(vectors) != len(missing):
            raise ValueError(f"the embedder answered {len(vectors)} vectors for {len(missing)} texts")
        with _LOCK:
            if len(_VECTORS) + len(missing) > _MAX:
                _VECTORS.clear()
            for text, vector in zip(missing, vectors, strict=True):
                _VECTORS[(id(embedder), text)] = (embedder, vector)
    with _LOCK:
        found = [_VECTORS.get((id(embedder), t)) for t in texts]
    if any(entry is None for entry in found):  # cleared by another thread between the two steps: embed again
        return [list(v) for v in embedder.embed(texts)]
    return [entry[1] for entry in found]  # type: ignore[index]
