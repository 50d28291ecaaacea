"""A server that does not answer is a 503 with the German message on every route, never a 500.

The repositories turn a PostgreSQL or Redis that does not answer into `DatabaseUnavailableError`
(`store/db.py`, `store/redis_store.redis_errors`); a reader may also let the driver's own error through (a
time-out or a lost connection of redis-py or psycopg), or a repository may wrap one in its `DatabaseError`.
A route lets any of them rise: the handlers installed here answer all of them alike, and the log gets one
WARNING line naming the error's kind — no traceback, since an outage is the servers' state, not a bug. Only
code that must answer in its own shape (the sign-in resolution, /turn's catch-all, the login page's HTML)
calls `outage_answer` or `is_outage` itself.
"""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from novaberg.api import texts
from novaberg.api.server_down import SERVER_DOWN, is_outage
from novaberg.core.errors import DatabaseError

__all__ = ["SERVER_DOWN", "install_outage_answers", "outage_answer", "is_outage"]

logger = logging.getLogger("novaberg.api")


def outage_answer(where: str, err: BaseException) -> JSONResponse:
    """The 503 for `err`; one WARNING line without a traceback."""
    logger.warning("%s: a server does not answer (%s: %s)", where, type(err).__name__, str(err)[:200])
    return JSONResponse({"detail": texts.ERR_DATABASE}, status_code=503)


def install_outage_answers(app: FastAPI) -> None:
    async def answer(request: Request, err: Exception) -> JSONResponse:
        return outage_answer(f"{request.method} {request.url.path}", err)

    async def wrapped(request: Request, err: Exception) -> JSONResponse:
        if is_outage(err):
            return await answer(request, err)
        logger.error("%s %s failed", request.method, request.url.path, exc_info=err)
        return JSONResponse({"detail": texts.ERR_INTERNAL}, status_code=500)

    for kind in SERVER_DOWN:
        app.add_exception_handler(kind, answer)  # type: ignore[arg-type]
    app.add_exception_handler(DatabaseError, wrapped)  # type: ignore[arg-type] - a repository's wrapped driver error
