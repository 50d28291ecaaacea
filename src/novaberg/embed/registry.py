"""Choosing an embedder: `hashing` (default), `ollama:<model>`, `sentence-transformers:<local path>`."""

from __future__ import annotations

from typing import Any

from novaberg.core.errors import ConfigError
from novaberg.embed.hashing import HashingEmbedder

__all__ = ["make_embedder", "EMBEDDER_CHOICES"]

EMBEDDER_CHOICES = ("hashing", "ollama:<model>", "sentence-transformers:<local path>")


def make_embedder(spec: str | Any, url: str | None = None) -> Any:
    if not isinstance(spec, str):
        if hasattr(spec, "embed"):
            return spec
        raise ConfigError(f"embedder must be a name ({', '.join(EMBEDDER_CHOICES)}) or an embedder object")
    kind, _, arg = spec.strip().partition(":")
    if kind == "hashing" and not arg:
        return HashingEmbedder()
    # the HTTP client (httpx, httpcore) is imported only for an embedder that needs it — the default
    # `hashing` start does not pay for it (same package, below in the layers: no cycle is dodged here)
    if kind == "ollama":
        from novaberg.embed.remote import OllamaEmbedder

        return OllamaEmbedder(arg, url)
    if kind == "sentence-transformers":
        from novaberg.embed.remote import SentenceTransformerEmbedder

        return SentenceTransformerEmbedder(arg)
    raise ConfigError(f"unknown embedder {spec!r}; choices: {', '.join(EMBEDDER_CHOICES)}")
