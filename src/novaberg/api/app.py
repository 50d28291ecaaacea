"""The FastAPI app: one turn per POST, the web app and its JSON views behind a sign-in.

The web app is plain HTML, CSS and a few small ES modules under `api/web/`, served as they are (no
build step). Why ES modules and not HTMX: the views already exist as JSON endpoints (documented in
OpenAPI for other clients too), so the page only has to render JSON; HTMX would need a second set of
HTML-fragment routes and a vendored third-party script, and the parts that matter here — the typing
indicator, keeping the text after an error, the verdict badge that loads its reasons on demand — are a
few lines of plain JavaScript. Everything a model or a person wrote is put into the page as text nodes
(never innerHTML), and the Content-Security-Policy allows scripts from this server only.
Its German texts come from `api/texts.py`: the server fills the page's `{{key}}` placeholders and
serves the same dictionary as `/web/texts.js`.

Order of the guards, outermost first: Host allow-list (400), body limit (413), then per route the token
(401) or the page's cookie with a same-origin proof (403), then the edge validation (422). The body is
parsed by hand after the token check, so a stranger learns nothing about the body's shape, and no JSON
a client sends (invalid, NaN, nested too deep, a lone surrogate) can become a 500.
"""

from __future__ import annotations

import html
import json
import logging
import secrets
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from fastapi import Depends, FastAPI, HTTPException, Request
from fastapi.encoders import jsonable_encoder
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field, ValidationError
from starlette.concurrency import run_in_threadpool

from novaberg.api import texts
from novaberg.api.auth import (
    COOKIE_NAME,
    OPERATOR_PERSON,
    BodyLimitMiddleware,
    HostAllowListMiddleware,
    PersonTokens,
    Principal,
    bearer_of,
    is_reserved_person,
    principal_of_session,
    proves_same_origin,
    same_origin,
    tokens_match,
)
from novaberg.api.calendar_routes import build_calendar_routes
from novaberg.api.edge_filters import (
    german_validation_message,
    install_access_log_filter,
    install_german_validation,
    without_server_paths,
)
from novaberg.api.export_routes import build_export_routes
from novaberg.api.memory_routes import build_memory_routes
from novaberg.api.outage import SERVER_DOWN, install_outage_answers, is_outage, outage_answer
from novaberg.api.person_tokens import token_digest
from novaberg.api.rate_limit import TOKEN_PREFIX_CHARS, RateLimit, SlidingWindow
from novaberg.api.sessions import SessionStore, read_session_cookie, session_cookie
from novaberg.api.views import build_views
from novaberg.core.edge import check_turn
from novaberg.core.errors import InputError, NovabergError
from novaberg.core.settings import (
    HTTP_BODY_MAX_BYTES,
    LOGIN_RATE_DEFAULT,
    SESSION_DAYS_DEFAULT,
    TURN_RATE_DEFAULT,
)
from novaberg.store.person_gate import PersonBusyError

__all__ = ["create_app", "public_view", "LOOPBACK_HOSTS"]

logger = logging.getLogger("novaberg.api")

LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")  # default allow-list of create_app: any port
_WEB_DIR = Path(__file__).parent / "web"
# The pages load only their own scripts and styles: no inline script, nothing from elsewhere, no framing.
_PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}
_KEPT_IDS = frozenset({"turn_id", "user_id", "character_id"})  # ids the person knows or can use

def public_view(value: Any) -> Any:
    """`value` without internal row ids (`id`, `termin_id`, `ids`, `nachfolger_id`, …) at any depth.

    The person cannot use a row id, and it tells a stranger how many rows exist; `turn_id`, `user_id`
    and `character_id` stay.
    """
    if isinstance(value, dict):
        return {key: public_view(item) for key, item in value.items() if not _is_internal_id(key)}
    if isinstance(value, list | tuple):
        return [public_view(item) for item in value]
    return value


def _is_internal_id(key: Any) -> bool:
    if not isinstance(key, str) or key in _KEPT_IDS:
        return False
    return key in ("id", "ids") or key.endswith(("_id", "_ids"))


def _detail(status: int, detail: str) -> JSONResponse:
    return JSONResponse({"detail": detail}, status_code=status)


def _foreign_origin(request: Request) -> bool:
    """A browser says where a POST comes from; a foreign one is refused whatever it carries."""
    origin = request.headers.get("origin")
    if not origin or origin == "null":
        return False
    return urlsplit(origin).netloc.lower() != (request.headers.get("host") or "").lower()


def _page(name: str, **extra: str) -> str:
    """A page of `api/web/` with its `{{key}}` placeholders filled from texts.UI (HTML-escaped) and `extra`."""
    page = (_WEB_DIR / name).read_text(encoding="utf-8")
    for key, value in {**texts.UI, **extra}.items():
        page = page.replace("{{" + key + "}}", value if key in extra else html.escape(value))
    return page


def _html(body: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(body, status_code=status, headers=_PAGE_HEADERS)


def create_app(nova: Any, clock: Any, *, token: str | None = None, allowed_hosts: Iterable[str] | None = None,
               auth: bool = True, owns_nova: bool = False, max_body_bytes: int = HTTP_BODY_MAX_BYTES,
               person_tokens: PersonTokens | None = None, session_days: int | None = None,
               login_rate: tuple[int, int] | None = None, turn_rate: tuple[int, int] | None = None) -> FastAPI:
    """The app. Safe by default: with `auth` and no `token` a random one is made (`app.state.api_token`),
    so nothing answers without it; `allowed_hosts` defaults to the loopback names on any port.
    `person_tokens`: the per-person tokens people sign in with (`novaberg token create`); without them
    only the API token signs in (as the operator).
    `session_days`: how long a sign-in lives (default: `nova.settings.session_days`, NOVABERG_SESSION_DAYS).
    `owns_nova`: the lifespan's shutdown closes `nova` (what `novaberg serve` wants, not a test).
    `login_rate`, `turn_rate`: (requests, seconds) — sign-in attempts per client address and per token prefix,
    turns per person (default: `nova.settings`, NOVABERG_RATE_LOGIN / NOVABERG_RATE_TURN; `api/rate_limit.py`)."""
    if auth and not token:
        token = secrets.token_urlsafe(32)
    operator = Principal(OPERATOR_PERSON, operator=True)
    settings = getattr(nova, "settings", None)
    days = session_days or getattr(settings, "session_days", SESSION_DAYS_DEFAULT)
    sessions = SessionStore(nova.stack.db, days) if auth else None
    login_limit = RateLimit(*(login_rate or getattr(settings, "login_rate", LOGIN_RATE_DEFAULT)))
    logins_by_address, logins_by_prefix = SlidingWindow(login_limit), SlidingWindow(login_limit)
    wrong_bearers = SlidingWindow(login_limit)  # keys: `address:<host>` and `prefix:<first characters>`
    turns_by_person = SlidingWindow(RateLimit(*(turn_rate or getattr(settings, "turn_rate", TURN_RATE_DEFAULT))))

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        try:
            yield
        finally:
            if owns_nova:
                await run_in_threadpool(nova.close)  # stops the embedded servers even when a signal ends us

    app = FastAPI(title="novaberg", version="1", lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url=None, description="Nova's HTTP API: turns and the read-only views of the web app.")
    app.state.api_token = token if auth else None
    install_german_validation(app)
    install_outage_answers(app)
    install_access_log_filter()
    app.add_middleware(BodyLimitMiddleware, max_bytes=max_body_bytes)
    app.add_middleware(HostAllowListMiddleware,
                       allowed_hosts=list(allowed_hosts) if allowed_hosts is not None else LOOPBACK_HOSTS)

    def session_principal(request: Request) -> Principal | None:
        if not auth:
            return operator
        return principal_of_session(request.cookies.get(COOKIE_NAME), token or "", person_tokens, sessions,
                                    clock.now())

    def resolve(request: Request) -> Principal | JSONResponse:
        """Who the request speaks for, or the answer that refuses it."""
        if _foreign_origin(request):
            return _detail(403, "fremde Herkunft (Origin): abgelehnt")
        if not auth:
            return operator
        try:
            bearer = bearer_of(request.headers.get("authorization"))
            if bearer is not None:
                now = clock.now()
                guessed = (f"address:{request.client.host if request.client else ''}",
                           f"prefix:{bearer[:TOKEN_PREFIX_CHARS]}")
                wait = max(wrong_bearers.waiting(key, now) for key in guessed)
                if wait:  # too many wrong tokens from here (or at this prefix): every bearer request waits
                    return _too_many(texts.ERR_TOO_MANY_LOGINS, wait)
                if tokens_match(bearer, token or ""):
                    return operator
                user = person_tokens.find(bearer) if person_tokens is not None else None
                if user:
                    return Principal(user, operator=False)
                for key in guessed:
                    wrong_bearers.take(key, now)
                return _detail(401, "Token falsch (wrong token)")
            if request.cookies.get(COOKIE_NAME) is not None:
                who = session_principal(request)
                if who is None:
                    return _detail(401, "Anmeldung ungültig: bitte neu anmelden (invalid session)")
                if not same_origin(request.headers):
                    return _detail(403, "Cookie ohne Herkunftsnachweis (X-Novaberg oder Origin): abgelehnt")
                return who
        except SERVER_DOWN as err:  # the sessions table cannot be asked: nobody gets in by a cookie
            return outage_answer("sessions", err)
        return _detail(401, "Token fehlt: Authorization: Bearer <token> (token required)")

    def principal(request: Request) -> Principal:
        """The views' dependency: the resolved principal, else the refusal as an HTTPException."""
        who = resolve(request)
        if isinstance(who, JSONResponse):
            retry = who.headers.get("retry-after")
            raise HTTPException(who.status_code, json.loads(who.body)["detail"],
                                headers={"Retry-After": retry} if retry else None)
        return who

    def signed_in(request: Request) -> Principal | None:
        try:
            return session_principal(request)
        except Exception as err:
            if not is_outage(err):  # the app's one test for a server that does not answer
                raise
            logger.warning("sign-in state unreadable: a server does not answer (%s)", type(err).__name__)
            return None

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def page(request: Request) -> HTMLResponse:
        who = signed_in(request)
        if who is None:
            return _html(_page("login.html", message=""))
        return _html(_page("index.html", user=html.escape(who.user_id)))

    @app.get("/web/texts.js", include_in_schema=False)
    def texts_module() -> Response:
        body = "export const T = " + json.dumps(texts.UI, ensure_ascii=False) + ";\n"
        return Response(body, media_type="text/javascript; charset=utf-8")

    app.mount("/web", StaticFiles(directory=_WEB_DIR, html=False), name="web")

    @app.post("/login", include_in_schema=False)
    async def login(request: Request) -> Response:
        if not proves_same_origin(request.headers):  # no sign-in forced on from elsewhere
            return _html(_page("login.html", message=_error(texts.ERR_ORIGIN)), 403)
        if not auth or sessions is None:
            return RedirectResponse("/", status_code=303)
        form = parse_qs((await request.body()).decode("utf-8", "replace"))
        given = (form.get("token") or [""])[0].strip()
        now = clock.now()
        address = request.client.host if request.client else ""
        wait = max(logins_by_address.take(f"address:{address}", now),
                   logins_by_prefix.take(f"prefix:{given[:TOKEN_PREFIX_CHARS]}", now))
        if wait:
            logger.warning("login refused: too many attempts from %s (or for one token prefix)", address or "?")
            return HTMLResponse(_page("login.html", message=_error(texts.ERR_TOO_MANY_LOGINS.format(sekunden=wait))),
                                status_code=429, headers={**_PAGE_HEADERS, "Retry-After": str(wait)})
        try:
            if tokens_match(given, token or ""):
                opened = await run_in_threadpool(sessions.open, OPERATOR_PERSON, operator=True, token_digest="",
                                                 now=now)
            else:
                user = await run_in_threadpool(person_tokens.find, given) if person_tokens is not None and given else None
                if not user or is_reserved_person(user):
                    return _html(_page("login.html", message=_error(texts.LOGIN_WRONG)), 401)
                # the session remembers the digest of the token it was opened with (the one `find` matched), never
                # a second read of the table: a token replaced meanwhile must not bind this session to the new one
                opened = await run_in_threadpool(sessions.open, user, operator=False, token_digest=token_digest(given),
                                                 now=now)
        except Exception as err:
            if not is_outage(err):  # the app's one test for a server that does not answer; the page answers in HTML
                raise
            logger.warning("login: a server does not answer (%s)", type(err).__name__)
            return _html(_page("login.html", message=_error(texts.ERR_DATABASE)), 503)
        response = RedirectResponse("/", status_code=303)
        response.set_cookie(COOKIE_NAME, session_cookie(token or "", opened), httponly=True, samesite="strict",
                            path="/", max_age=max(1, opened.expires - int(now.timestamp())),
                            secure=request.url.scheme == "https")
        return response

    @app.post("/logout", include_in_schema=False)
    async def logout(request: Request) -> Response:
        """Ends the session on the server (a copied cookie is dead afterwards), then in the browser."""
        if not proves_same_origin(request.headers):
            return _detail(403, texts.ERR_ORIGIN)
        now = clock.now()
        named = read_session_cookie(request.cookies.get(COOKIE_NAME), token or "", now) if auth else None
        if named is not None and sessions is not None:
            # a server that does not answer: 503 by the app's outage answer (loud: the cookie would stay valid)
            await run_in_threadpool(sessions.revoke, named, now)
        response = RedirectResponse("/", status_code=303)
        response.delete_cookie(COOKIE_NAME, path="/")
        return response

    @app.post("/turn", response_model=TurnOut, summary="One turn of a person with a figure",
              openapi_extra={"requestBody": {"required": True, "content": {"application/json": {
                  "schema": TurnIn.model_json_schema()}}}})
    async def turn(request: Request) -> JSONResponse:
        who = resolve(request)
        if isinstance(who, JSONResponse):
            return who
        # The body is read only after the caller is known; the stdlib parser keeps a lone surrogate for
        # check_turn to refuse by name (a 422 that says which field), the model checks shape and types strictly.
        try:
            payload = json.loads(await request.body())
        except (ValueError, RecursionError):
            return _detail(400, texts.ERR_NOT_JSON)
        try:
            given = TurnIn.model_validate(payload, strict=True)
        except ValidationError as err:
            return _detail(422, texts.ERR_TURN_SHAPE if not isinstance(payload, dict)
                           else german_validation_message(list(err.errors())))
        try:
            user_id, character_id, text = check_turn(given.user_id, given.character_id, given.text)
            if not who.may_act_for(user_id):
                return _detail(403, texts.ERR_FOREIGN_PERSON)
            wait = turns_by_person.take(user_id, clock.now())
            if wait:  # each turn costs model calls: one person's flood waits, nobody else's turn does
                logger.warning("turn refused: too many turns of one person in the window")
                return _too_many(texts.ERR_TOO_MANY_TURNS, wait)
            result = await run_in_threadpool(nova.turn, user_id, character_id, text, clock.now())
            return JSONResponse(without_server_paths(public_view(jsonable_encoder(result.as_dict()))))
        except InputError as err:
            return _detail(422, str(err))
        except PersonBusyError:  # the servers answer; this person's data is being erased — a conflict, not an outage
            logger.info("turn refused: the person is being erased")
            return _detail(409, texts.ERR_PERSON_ERASING)
        except Exception as err:  # never a traceback or an internal path to the client; the log has it
            if is_outage(err):  # the app's one outage answer, also for a driver error a repository wrapped
                return outage_answer("turn", err)
            if isinstance(err, NovabergError):
                logger.error("turn failed", exc_info=True)
                return _detail(503, texts.ERR_MODEL)
            logger.exception("turn: unexpected error")
            return _detail(500, texts.ERR_INTERNAL)

    app.include_router(build_views(nova, clock, principal))
    app.include_router(build_memory_routes(nova, principal))
    app.include_router(build_calendar_routes(nova, clock, principal))  # calendar feed, due list
    app.include_router(build_export_routes(nova, clock, principal))  # the person's export

    @app.get("/api/openapi.json", include_in_schema=False)
    def openapi(_: Principal = Depends(principal)) -> JSONResponse:  # noqa: B008 - FastAPI's dependency
        """The API description, for signed-in callers only (strangers learn nothing of the routes)."""
        return JSONResponse(app.openapi())

    return app


def _too_many(message: str, wait: int) -> JSONResponse:
    return JSONResponse({"detail": message.format(sekunden=wait)}, status_code=429, headers={"Retry-After": str(wait)})


def _error(message: str) -> str:
    return f'<p class="error" role="alert">{html.escape(message)}</p>'


class TurnIn(BaseModel):
    user_id: str = Field(description="the person (a person's own token may only name itself)")
    character_id: str = Field(description="the figure")
    text: str = Field(description="what the person says (1–20,000 characters)")


class TurnOut(BaseModel):
    answer: str
    services: list[dict[str, Any]]
    verdict: str = Field(description="ok | warnung | ablehnen")
    reasons: list[str] = Field(description="the tribunal's non-ok reasonings and computed orders of the last round")
    turn_id: str
