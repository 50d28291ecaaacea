"""What may be shown of an address: credentials never, in a message or a log line; a URL not at all in what a
person reads. One place for the store, the model connectors and the embedders."""

from __future__ import annotations

import re

__all__ = ["redact_credentials", "scrub_urls"]

_CREDENTIALS = re.compile(r"(?P<scheme>[a-z][a-z0-9+.-]*://)[^/@\s]*@", re.IGNORECASE)
_PASSWORD_PARAM = re.compile(r"((?:password|api_key|apikey|token)\s*=\s*)('[^']*'|[^\s&]+)", re.IGNORECASE)
_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://\S+")


def redact_credentials(text: str) -> str:
    """`text` with every `user:password@` of a URL and every `password=…` (also `api_key`, `token`) of a
    conninfo or query string replaced by ***; for messages to the operator and the log."""
    text = _CREDENTIALS.sub(lambda m: f"{m.group('scheme')}***@", text)
    return _PASSWORD_PARAM.sub(lambda m: f"{m.group(1)}***", text)


def scrub_urls(text: str) -> str:
    """`text` with every URL replaced by `<URL>`: messages a person may read name no server."""
    return _URL.sub("<URL>", text)
