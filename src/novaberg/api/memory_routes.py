"""`GET /api/memory`: the pair's short-term and long-term memory as JSON, the same
look inside as `novaberg memory show`. Behind the app's sign-in: a person sees only her own memory,
the operator names anyone (`user_id=`); ids cross the edge rules first (422)."""

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException
from fastapi.encoders import jsonable_encoder
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from novaberg.api.acting import acting_person
from novaberg.api.auth import Principal
from novaberg.api.texts import ERR_DATABASE
from novaberg.core.edge import check_id
from novaberg.core.errors import DatabaseUnavailableError, InputError

__all__ = ["build_memory_routes", "memory_view"]

_DEFAULT_CHARACTER = "nova"


def _when(value: Any) -> str | None:
    return value.isoformat() if isinstance(value, datetime) else None


def memory_view(nova: Any, user_id: str, character_id: str) -> dict[str, Any]:
    """The pair's memory without row ids or Redis keys (nothing a person can use, and they count rows)."""
    short = [{"inhalt": e["inhalt"], "salienz": e["salienz"], "salienz_roh": e["salienz_roh"], "grund": e["grund"],
              "erstellt_am": _when(e["erstellt_am"]), "ttl_sekunden": e["ttl_sekunden"],
              "promotet": bool(e.get("lzg_id"))} for e in nova.memory.short_term(user_id, character_id)]
    long = [{"inhalt": n["inhalt"], "aktiv": n["aktiv"], "gewicht_decay": n["gewicht_decay"], "salienz": n["salienz"],
             "kzg_erstellt_am": _when(n["kzg_erstellt_am"]), "erstellt_am": _when(n["erstellt_am"]),
             "aktualisiert_am": _when(n["aktualisiert_am"]), "kanten": len(n["kanten"]),
             "kantengewichte": sorted(n["kanten"].values(), reverse=True)}
            for n in nova.memory.long_term(user_id, character_id, active_only=False)]
    return {"user_id": user_id, "character_id": character_id, "kurzzeit": short, "langzeit": long}


def build_memory_routes(nova: Any, principal: Any) -> APIRouter:
    router = APIRouter(prefix="/api", tags=["memory"])
    Who = Annotated[Principal, Depends(principal)]  # noqa: N806 - a type alias

    @router.get("/memory", summary="The pair's short-term and long-term memory")
    async def memory(who: Who, character_id: str = _DEFAULT_CHARACTER, user_id: str | None = None) -> JSONResponse:
        user = acting_person(who, user_id)
        try:
            character = check_id(character_id, "character_id")
        except InputError as err:
            raise HTTPException(422, str(err)) from err
        try:
            view = await run_in_threadpool(memory_view, nova, user, character)
        except DatabaseUnavailableError as err:
            raise HTTPException(503, ERR_DATABASE) from err
        return JSONResponse(jsonable_encoder(view))

    return router
