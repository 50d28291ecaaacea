"""Texts embedded once per process and embedder: a turn's question is embedded by the memory block and the
files' retrieval alike, and the fresh short-term entries come back turn after turn. A text is kept only as its
digest beside its vector: what a person said does not stay in the process's memory after the turn."""

from __future__ import annotations

import hashlib
import threading
from typing import Any

__all__ = ["embed_cached", "embed_cached_arrays"]

_MAX = 4096
_VECTORS: dict[tuple[int, bytes], tuple[Any, list[float]]] = {}  # the embedder is kept: its id is never reused
# the same vectors as read-only float64 arrays, made once each (with the vector they were made from)
_ARRAYS: dict[tuple[int, bytes], tuple[list[float], Any]] = {}
_LOCK = threading.Lock()


def _key(embedder: Any, text: str) -> tuple[int, bytes]:
    return id(embedder), hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest()


def embed_cached(embedder: Any, texts: list[str]) -> list[list[float]]:
    """The vectors of `texts` in order; only the ones not yet embedded by this embedder go to it, in one call."""
    with _LOCK:
        missing = [t for t in dict.fromkeys(texts) if _VECTORS.get(_key(embedder, t), (None,))[0] is not embedder]
    if missing:
        vectors = list(embedder.embed(missing))
        if len(vectors) != len(missing):
            raise ValueError(f"the embedder answered {len(vectors)} vectors for {len(missing)} texts")
        with _LOCK:
            if len(_VECTORS) + len(missing) > _MAX:
                _VECTORS.clear()
                _ARRAYS.clear()
            for text, vector in zip(missing, vectors, strict=True):
                _VECTORS[_key(embedder, text)] = (embedder, vector)
    with _LOCK:
        found = [_VECTORS.get(_key(embedder, t)) for t in texts]
    if any(entry is None for entry in found):  # cleared by another thread between the two steps: embed again
        return [list(v) for v in embedder.embed(texts)]
    return [entry[1] for entry in found]  # type: ignore[index]


def embed_cached_arrays(embedder: Any, texts: list[str]) -> list[Any]:
    """`embed_cached` as read-only float64 numpy arrays, each converted once per text and embedder: the memory
    block ranks the same fresh short-term entries turn after turn, and turning a list of floats into an array costs
    more than the cosine itself."""
    import numpy as np  # here, not at import: numpy costs ~0.17 s of every process start

    vectors = embed_cached(embedder, texts)
    arrays = []
    with _LOCK:
        for text, vector in zip(texts, vectors, strict=True):
            key = _key(embedder, text)
            kept = _ARRAYS.get(key)
            if kept is None or kept[0] is not vector:  # none yet, or the vector was embedded again since
                array = np.asarray(vector, dtype=np.float64)
                array.flags.writeable = False
                if len(_ARRAYS) >= _MAX:
                    _ARRAYS.clear()
                kept = _ARRAYS[key] = (vector, array)
            arrays.append(kept[1])
    return arrays
