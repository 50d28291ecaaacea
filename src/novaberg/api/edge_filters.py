"""What the HTTP edge cleans on the way out.

- German 422s: FastAPI answers a query or path parameter it cannot read (`limit=abc`, `date=gestern`,
  a turn id that is no UUID) with pydantic's English list; a person reads one German sentence per field
  instead, in the same `{"detail": "<text>"}` shape `/turn` uses for its edge checks (`core/edge.py`).
- The access log: uvicorn logs the request line with its query string, so a token someone put into a URL
  (`?token=…`) landed in the log. The filter keeps the parameter names and drops every value; a part without
  `=` (`?<token>`) is a value too, a name that is no plain name is dropped, and a query hidden in the path as
  `%3F` (uvicorn logs the raw path) is cut off there like one after `?`.
- No server paths: a service step may carry a file's absolute path (`steps[].datei`,
  `data.wissen_datei`). The services are being changed to give paths relative to the root; this filter
  is the edge's safety net: any absolute path left in a turn's services becomes its last component,
  and the operator's log says where it was found, so a regression is visible instead of leaking.
"""

from __future__ import annotations

import logging
import re
from pathlib import PurePosixPath
from typing import Any
from urllib.parse import unquote_plus

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from novaberg.api import texts

__all__ = ["install_german_validation", "german_validation_message", "install_access_log_filter",
           "QueryValuesHidden", "without_server_paths", "is_server_path"]

logger = logging.getLogger("novaberg.api")

ACCESS_LOGGER = "uvicorn.access"


# --- German 422s ----------------------------------------------------------------------------------------

def german_validation_message(errors: list[dict[str, Any]]) -> str:
    """One German sentence per field (first error of a field wins), joined by `; `."""
    by_field: dict[str, str] = {}
    for error in errors:
        names = [str(part) for part in error.get("loc", ()) if isinstance(part, str)]
        field = names[-1] if names and names[-1] not in ("query", "path", "body", "header", "cookie") else "Anfrage"
        if field in by_field:
            continue
        rule = texts.INVALID_RULES.get(str(error.get("type")), texts.INVALID_OTHER)
        context = {key: _said(value) for key, value in (error.get("ctx") or {}).items()}
        try:
            rule = rule.format(**context)
        except (KeyError, IndexError):
            rule = texts.INVALID_OTHER
        by_field[field] = texts.INVALID_FIELD.format(field=field, rule=rule)
    return "; ".join(by_field.values()) or texts.INVALID_OTHER


def _said(value: Any) -> str:
    return str(value).replace("'", "").replace(" or ", " oder ")  # pydantic's `'woche' or 'monat'`


def install_german_validation(app: FastAPI) -> None:
    @app.exception_handler(RequestValidationError)
    async def german_422(_: Request, error: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": german_validation_message(list(error.errors()))}, status_code=422)


# --- the access log ----------------------------------------------------------------------------------------

_ENCODED_QUESTION_MARK = re.compile("%3f", re.IGNORECASE)
# The query parameters the API reads: only these names are logged; any other name may be a value (`?<token>=1`).
LOGGED_NAMES = frozenset({"token", "user_id", "character_id", "limit", "view", "date"})


class QueryValuesHidden(logging.Filter):
    """Rewrites uvicorn's access record (`client, method, path?query, version, status`): `?a=…&b=…`."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) >= 3 and isinstance(args[2], str) and (
                "?" in args[2] or _ENCODED_QUESTION_MARK.search(args[2])):
            record.args = (*args[:2], hide_query_values(args[2]), *args[3:])
        return True


def hide_query_values(target: str) -> str:
    """`path?name=…&…`: each value replaced by `…`; a part without `=` or with a name the API does not read
    (`LOGGED_NAMES`) becomes `…` whole; a `%3F` in the path starts the query as `?` does."""
    path, sep, query = target.partition("?")
    encoded = _ENCODED_QUESTION_MARK.search(path)
    if encoded is not None:
        path, query, sep = path[:encoded.start()], path[encoded.end():] + ("&" + query if sep else ""), "?"
    if not sep:
        return path
    shown = []
    for part in re.split("[&;]", query):
        if not part:
            continue
        name, equals, _ = part.partition("=")
        plain = unquote_plus(name)
        shown.append(f"{plain}=…" if equals and plain in LOGGED_NAMES else "…")
    return f"{path}?{'&'.join(shown)}" if shown else f"{path}?…"


def install_access_log_filter() -> None:
    """Once per process (a second app adds no second filter); survives uvicorn's own logging config."""
    access = logging.getLogger(ACCESS_LOGGER)
    if not any(isinstance(found, QueryValuesHidden) for found in access.filters):
        access.addFilter(QueryValuesHidden())


# --- no server paths -----------------------------------------------------------------------------------------

def is_server_path(value: Any) -> bool:
    """An absolute file path (`/…/…`), not a sentence that starts with a slash."""
    if not isinstance(value, str) or not value.startswith("/") or "\n" in value or len(value) > 4096:
        return False
    parts = PurePosixPath(value).parts
    return len(parts) >= 3 and all(part.strip() == part and part for part in parts[1:])


def without_server_paths(result: Any) -> Any:
    """A turn's JSON with every absolute path inside `services` cut to its last component (logged)."""
    if isinstance(result, dict) and "services" in result:
        return {**result, "services": _scrub(result["services"], "services")}
    return result


def _scrub(value: Any, where: str) -> Any:
    if isinstance(value, dict):
        return {key: _scrub(item, f"{where}.{key}") for key, item in value.items()}
    if isinstance(value, list):
        return [_scrub(item, f"{where}[{index}]") for index, item in enumerate(value)]
    if is_server_path(value):
        logger.error("server path in a turn's response at %s: cut to its file name (a service should give "
                     "paths relative to its root)", where)
        return PurePosixPath(value).name
    return value
