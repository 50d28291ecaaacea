"""The one reader of the package's JSON vocabularies (each file is schema-tested in tests/text)."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

__all__ = ["read_json"]


def read_json(package: str, name: str) -> Any:
    """The data file `name` beside the modules of `package`, as written."""
    return json.loads(resources.files(package).joinpath(name).read_text(encoding="utf-8"))
