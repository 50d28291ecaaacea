"""The person's calendar for their own calendar app: `GET /api/calendar.ics` behind the
usual sign-in, the subscription URL `GET /api/calendar/feed.ics?token=…` with its own revocable token (calendar
apps send no headers), the token's create/show/revoke for the signed-in person, and `GET /api/due`.

A subscription token that is unknown, revoked or replaced gets 404 — the same answer as a path that does not
exist, so a stranger learns nothing about which tokens exist.
"""

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import JSONResponse, Response
from starlette.concurrency import run_in_threadpool

from novaberg.api import texts
from novaberg.api.acting import acting_person
from novaberg.api.auth import Principal
from novaberg.core.edge import check_id
from novaberg.core.errors import DatabaseUnavailableError, InputError
from novaberg.timeline.ics import texts as calendar_texts
from novaberg.timeline.ics.export import MEDIA_TYPE
from novaberg.timeline.ics.feed import due_now, person_calendar
from novaberg.timeline.ics.store import CalendarStore

__all__ = ["build_calendar_routes", "FEED_PATH"]

FEED_PATH = "/api/calendar/feed.ics"
_ICS_HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}


def build_calendar_routes(nova: Any, clock: Any, principal: Callable[..., Principal]) -> APIRouter:
    router = APIRouter(prefix="/api", tags=["calendar"])
    Who = Annotated[Principal, Depends(principal)]  # noqa: N806 - a type alias
    db = nova.stack.db
    zone = nova.settings.zone
    store = CalendarStore(db)

    person = acting_person

    def figure(character_id: str | None) -> str | None:
        try:
            return None if character_id is None else check_id(character_id, "character_id")
        except InputError as err:
            raise HTTPException(422, str(err)) from err

    async def run(call: Callable[[], Any]) -> Any:
        try:
            return await run_in_threadpool(call)
        except DatabaseUnavailableError as err:
            raise HTTPException(503, texts.ERR_DATABASE) from err

    def ics(body: bytes) -> Response:
        return Response(body, media_type=MEDIA_TYPE, headers=_ICS_HEADERS)

    @router.get("/calendar.ics", summary="The person's appointments as iCalendar (every figure, or one)")
    async def calendar(who: Who, character_id: str | None = None, user_id: str | None = None) -> Response:
        user, character = person(who, user_id), figure(character_id)
        return ics(await run(lambda: person_calendar(db, user, zone, clock.now(), character)))

    @router.get("/calendar/feed.ics", summary="The subscription URL: the calendar by its own token in the query")
    async def feed(token: str = "") -> Response:
        user = await run(lambda: store.person_of_token(token[:200]))
        if user is None:
            raise HTTPException(404, "Not Found")
        return ics(await run(lambda: person_calendar(db, user, zone, clock.now())))

    @router.get("/calendar/token", summary="Whether the person has a subscription URL, and since when")
    async def token_show(who: Who, user_id: str | None = None) -> JSONResponse:
        user = person(who, user_id)
        created = await run(lambda: store.token_created(user))
        return JSONResponse({"user_id": user, "aktiv": created is not None,
                             "erstellt_am": created.astimezone(zone).isoformat(timespec="minutes") if created else None})

    @router.post("/calendar/token", summary="A new subscription URL (the old one stops); shown only this once")
    async def token_create(who: Who, request: Request, user_id: str | None = None) -> JSONResponse:
        user = person(who, user_id)
        token = await run(lambda: store.create_token(user, clock.now()))
        url = str(request.base_url).rstrip("/") + f"{FEED_PATH}?token={token}"
        return JSONResponse({"user_id": user, "url": url, "hinweis": calendar_texts.URL_ONCE},
                            headers={"Cache-Control": "no-store"})

    @router.delete("/calendar/token", summary="Revoke the subscription URL")
    async def token_revoke(who: Who, user_id: str | None = None) -> JSONResponse:
        user = person(who, user_id)
        return JSONResponse({"user_id": user, "widerrufen": await run(lambda: store.revoke_token(user))})

    @router.get("/due", summary="Reminders whose moment has come (the web app shows them when opened)")
    async def due(who: Who, character_id: str | None = None, user_id: str | None = None) -> JSONResponse:
        user, character = person(who, user_id), figure(character_id)
        items = await run(lambda: due_now(db, user, zone, clock.now(), character))
        return JSONResponse({"user_id": user, "faellig": items})

    return router
