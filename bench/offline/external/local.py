"""Where the external sets live on this machine (issue 26).

Sentences and templates written by other projects that reached us as fetched repository snapshots are not
committed: what a fetched snapshot brings stays out of this repository's history. They are kept in a local
folder — `$NOVABERG_EXTERNAL_SETS`, else `bench/offline/external/data/` (ignored by git) — with `templates/*.json`
(each source's templates with our labels) and the expanded `*.jsonl` sets. SOURCES.json names every source
(repository, commit, file, licence, authors), so the folder can be rebuilt from the sources themselves.

Committed is only the development set expanded from the PyPI package `home-assistant-intents` (`dev.jsonl`, CC BY
4.0). A part whose data is missing is reported as missing by the bench and skipped by the tests, loudly.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

__all__ = ["COMMITTED", "DATA", "ExternalSetMissing", "available", "missing", "set_path", "templates"]

HERE = Path(__file__).parent
DATA = Path(os.environ.get("NOVABERG_EXTERNAL_SETS") or HERE / "data")
COMMITTED = frozenset({"dev"})


class ExternalSetMissing(FileNotFoundError):
    """A set or template file of the local folder is not there."""


def set_path(part: str) -> Path:
    return (HERE if part in COMMITTED else DATA) / f"{part}.jsonl"


def available(part: str) -> bool:
    return set_path(part).is_file()


def templates(name: str, default: Any = ()) -> Any:
    """The templates of one source from `DATA/templates/<name>.json`; `default` when the folder lacks them (the
    builders then make nothing, and the bench says the part is missing)."""
    path = DATA / "templates" / f"{name}.json"
    if not path.is_file():
        return default
    return json.loads(path.read_text(encoding="utf-8"))


def missing(*parts: str) -> str:
    """A reason naming the parts not on this machine ('' when all are): tests skip with it, loudly."""
    gone = [part for part in parts if not available(part)]
    return f"external sets not on this machine: {', '.join(gone)} (see bench/offline/external/local.py)" if gone else ""
