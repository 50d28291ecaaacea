"""`GET /api/export`: the signed-in person's export as a zip (`api/person_export.py`)."""

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from novaberg.api import texts
from novaberg.api.acting import acting_person
from novaberg.api.auth import Principal
from novaberg.api.person_export import UnknownPersonError, export_bytes
from novaberg.core.errors import DatabaseUnavailableError

__all__ = ["build_export_routes"]


def build_export_routes(nova: Any, clock: Any, principal: Callable[..., Principal]) -> APIRouter:
    router = APIRouter(prefix="/api", tags=["export"])
    Who = Annotated[Principal, Depends(principal)]  # noqa: N806 - a type alias

    @router.get("/export", summary="Everything stored of the signed-in person, as one zip")
    async def export(who: Who, user_id: str | None = None) -> Response:
        user = acting_person(who, user_id)
        try:
            data = await run_in_threadpool(export_bytes, nova, user, clock.now())
        except UnknownPersonError as err:
            raise HTTPException(404, str(err)) from err
        except DatabaseUnavailableError as err:
            raise HTTPException(503, texts.ERR_DATABASE) from err
        return Response(data, media_type="application/zip",
                        headers={"Content-Disposition": 'attachment; filename="nova-export.zip"',
                                 "Cache-Control": "no-store"})

    return router
