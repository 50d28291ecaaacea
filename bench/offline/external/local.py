"""Where the external sets live: in the repository, beside their sources' licences.

Every set written by other projects whose licence lets us carry it is committed: the development set expanded from
the PyPI package `home-assistant-intents` (`dev.jsonl`, CC BY 4.0) here, the others in `data/` — `templates/*.json`
(each source's sentences or templates, restated, with our labels), the expanded `*.jsonl` sets, and `LICENSES/` (the
licence text of each source) with `NOTICE.md` naming which part comes from which source. SOURCES.json names every
source (repository, commit, file, licence, authors) and every source left out, with the reason.

`$NOVABERG_EXTERNAL_SETS` may point at another folder of the same layout (a set rebuilt from a newer source); a part
whose file is missing is reported as missing by the bench, and its checks fail loudly in `make bench-check`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

__all__ = ["COMMITTED", "DATA", "ExternalSetMissing", "available", "missing", "set_path", "templates"]

HERE = Path(__file__).parent
DATA = Path(os.environ.get("NOVABERG_EXTERNAL_SETS") or HERE / "data")
COMMITTED = frozenset({"dev"})  # the parts kept beside this module rather than in DATA


class ExternalSetMissing(FileNotFoundError):
    """A set or template file is not there."""


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
    """A reason naming the parts that are not there ('' when all are)."""
    gone = [part for part in parts if not available(part)]
    return f"external sets missing: {', '.join(gone)} (see bench/offline/external/local.py)" if gone else ""
