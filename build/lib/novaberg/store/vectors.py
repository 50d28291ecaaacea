"""Embeddings to and from PostgreSQL through pgvector's own psycopg adapter (`pgvector.psycopg`).

`Vector` is pgvector's value type (sent in its binary form); `with_vectors(conn)` registers the adapter on a
connection once — the type lookups cost a few round trips, so a connection that has it keeps it.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import Any

import psycopg
from pgvector import Vector
from pgvector.psycopg import register_vector

from novaberg.core.errors import DatabaseError

__all__ = ["Vector", "as_vector", "with_vectors"]

_REGISTERED: weakref.WeakSet[Any] = weakref.WeakSet()


def with_vectors(conn: Any) -> Any:
    """`conn`, able to send and read `vector` values (registered on its first use)."""
    if conn not in _REGISTERED:
        try:
            register_vector(conn)
        except psycopg.ProgrammingError as err:  # pgvector raises it when the type is missing
            raise DatabaseError("the database has no pgvector type 'vector'") from err
        _REGISTERED.add(conn)
    return conn


def as_vector(values: Sequence[float] | Vector | None) -> Vector | None:
    """An embedding as pgvector's value (None stays None: a row without an embedding)."""
    if values is None or isinstance(values, Vector):
        return values
    return Vector(list(values))
