"""Cosine similarity of one vector to many (the block's ranking and the thematic reinforcement, §2)."""

from __future__ import annotations

__all__ = ["cosines"]


def cosines(query: list[float], vectors: list[list[float]]) -> list[float]:
    import numpy as np  # here, not at import: numpy costs ~0.17 s of every process start (issue 10)

    if not vectors:
        return []
    matrix = np.asarray(vectors, dtype=np.float64)
    q = np.asarray(query, dtype=np.float64)
    # elementwise, no matrix product: OpenBLAS may run even a small one on threads (slow on a busy machine)
    norms = np.sqrt((matrix * matrix).sum(axis=1)) * float(np.sqrt((q * q).sum()))
    dots = (matrix * q).sum(axis=1)
    return [float(d / n) if n else 0.0 for d, n in zip(dots, norms, strict=True)]
