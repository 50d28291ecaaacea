"""The FastAPI app: one turn per POST, and a small chat page behind a sign-in (issue 10 §2, §4, §5, §6).

Order of the guards, outermost first: Host allow-list (400), body limit (413), then per route the token
(401) or the page's cookie with a same-origin proof (403), then the edge validation (422). The body is
parsed by hand after the token check, so a stranger learns nothing about the body's shape, and no JSON
a client sends (invalid, NaN, nested too deep, a lone surrogate) can become a 500.
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import parse_qs, urlsplit

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from novaberg.api.auth import (
    COOKIE_NAME,
    BodyLimitMiddleware,
    HostAllowListMiddleware,
    bearer_of,
    same_origin,
    session_value,
    tokens_match,
)
from novaberg.core.edge import check_turn
from novaberg.core.errors import DatabaseUnavailableError, InputError, NovabergError
from novaberg.core.settings import HTTP_BODY_MAX_BYTES

__all__ = ["create_app", "public_view", "LOOPBACK_HOSTS"]

logger = logging.getLogger("novaberg.api")

LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")  # default allow-list of create_app: any port
_KEPT_IDS = frozenset({"turn_id", "user_id", "character_id"})  # ids the person knows or can use

_PAGE = """<!doctype html><html lang="de"><meta charset="utf-8"><title>Nova</title>
<style>body{font:16px system-ui;max-width:40em;margin:2em auto}#log p{margin:.3em 0}.n{color:#a0a}</style>
<h1>Nova</h1><div id="log"></div>
<form id="f"><input id="t" size="50" autofocus placeholder="Sag etwas…"><button>Senden</button></form>
<script>
const log=document.getElementById('log');
document.getElementById('f').onsubmit=async e=>{e.preventDefault();const t=document.getElementById('t');
const p=document.createElement('p');p.textContent='du: '+t.value;log.append(p);
const r=await fetch('/turn',{method:'POST',credentials:'same-origin',
headers:{'Content-Type':'application/json','X-Novaberg':'1'},
body:JSON.stringify({user_id:'ich',character_id:'nova',text:t.value})});
if(r.status===401){location.reload();return;}
const j=await r.json();
const a=document.createElement('p');a.className='n';a.textContent='nova: '+(j.answer||j.detail);
if(j.verdict&&j.verdict!=='ok'){const b=document.createElement('small');
b.textContent=' [Prüfung: '+j.verdict+((j.reasons||[]).length?' – '+j.reasons.join(' · '):'')+']';a.append(b);}
log.append(a);t.value='';};
</script></html>"""

_LOGIN = """<!doctype html><html lang="de"><meta charset="utf-8"><title>Nova – Anmelden</title>
<style>body{{font:16px system-ui;max-width:40em;margin:2em auto}}.e{{color:#b00}}</style>
<h1>Nova</h1>{message}
<form method="post" action="/login"><label>Zugangsschlüssel (api-token):
<input name="token" type="password" size="50" autofocus autocomplete="current-password"></label>
<button>Anmelden</button></form></html>"""


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


def create_app(nova: Any, clock: Any, *, token: str | None = None, allowed_hosts: Iterable[str] | None = None,
               auth: bool = True, owns_nova: bool = False, max_body_bytes: int = HTTP_BODY_MAX_BYTES) -> FastAPI:
    """The app. Safe by default: with `auth` and no `token` a random one is made (`app.state.api_token`),
    so nothing answers without it; `allowed_hosts` defaults to the loopback names on any port.
    `owns_nova`: the lifespan's shutdown closes `nova` (what `novaberg serve` wants, not a test)."""
    if auth and not token:
        token = secrets.token_urlsafe(32)
    session = session_value(token) if auth and token else ""

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        try:
            yield
        finally:
            if owns_nova:
                await run_in_threadpool(nova.close)  # stops the embedded servers even when a signal ends us

    app = FastAPI(title="novaberg", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.api_token = token if auth else None
    app.add_middleware(BodyLimitMiddleware, max_bytes=max_body_bytes)
    app.add_middleware(HostAllowListMiddleware,
                       allowed_hosts=list(allowed_hosts) if allowed_hosts is not None else LOOPBACK_HOSTS)

    def signed_in(request: Request) -> bool:
        return not auth or tokens_match(request.cookies.get(COOKIE_NAME), session)

    def refusal(request: Request) -> JSONResponse | None:
        """None when the request may run a turn, else the answer that refuses it."""
        if _foreign_origin(request):
            return _detail(403, "fremde Herkunft (Origin): abgelehnt")
        if not auth:
            return None
        bearer = bearer_of(request.headers.get("authorization"))
        if bearer is not None:
            return None if tokens_match(bearer, token or "") else _detail(401, "Token falsch (wrong token)")
        if request.cookies.get(COOKIE_NAME) is not None:
            if not signed_in(request):
                return _detail(401, "Anmeldung ungültig: bitte neu anmelden (invalid session)")
            if not same_origin(request.headers):
                return _detail(403, "Cookie ohne Herkunftsnachweis (X-Novaberg oder Origin): abgelehnt")
            return None
        return _detail(401, "Token fehlt: Authorization: Bearer <token> (token required)")

    @app.get("/", response_class=HTMLResponse)
    def page(request: Request) -> HTMLResponse:
        if signed_in(request):
            return HTMLResponse(_PAGE)
        return HTMLResponse(_LOGIN.format(message=""))

    @app.post("/login")
    async def login(request: Request) -> Response:
        if _foreign_origin(request):
            return _detail(403, "fremde Herkunft (Origin): abgelehnt")
        if not auth:
            return RedirectResponse("/", status_code=303)
        form = parse_qs((await request.body()).decode("utf-8", "replace"))
        given = (form.get("token") or [""])[0].strip()
        if not tokens_match(given, token or ""):
            message = '<p class="e">Der Schlüssel stimmt nicht.</p>'
            return HTMLResponse(_LOGIN.format(message=message), status_code=401)
        response = RedirectResponse("/", status_code=303)
        response.set_cookie(COOKIE_NAME, session, httponly=True, samesite="strict", path="/",
                            secure=request.url.scheme == "https")
        return response

    @app.post("/logout")
    def logout() -> Response:
        response = RedirectResponse("/", status_code=303)
        response.delete_cookie(COOKIE_NAME, path="/")
        return response

    @app.post("/turn")
    async def turn(request: Request) -> JSONResponse:
        refused = refusal(request)
        if refused is not None:
            return refused
        try:
            payload = json.loads(await request.body())
        except (ValueError, RecursionError):
            return _detail(400, "kein gültiges JSON")
        if not isinstance(payload, dict):
            return _detail(422, "erwartet ein JSON-Objekt mit user_id, character_id und text")
        missing = [name for name in ("user_id", "character_id", "text") if name not in payload]
        if missing:
            return _detail(422, f"{', '.join(missing)} fehlt")
        try:
            user_id, character_id, text = check_turn(payload["user_id"], payload["character_id"], payload["text"])
            result = await run_in_threadpool(nova.turn, user_id, character_id, text, clock.now())
            return JSONResponse(public_view(jsonable_encoder(result.as_dict())))
        except InputError as err:
            return _detail(422, str(err))
        except DatabaseUnavailableError:
            logger.warning("turn: database or Redis unavailable", exc_info=True)
            return _detail(503, "Die Datenbank antwortet gerade nicht. Bitte gleich noch einmal versuchen.")
        except NovabergError:
            logger.error("turn failed", exc_info=True)
            return _detail(503, "Nova kann gerade nicht antworten. Bitte gleich noch einmal versuchen.")
        except Exception:  # never a traceback or an internal path to the client; the log has it
            logger.exception("turn: unexpected error")
            return _detail(500, "Interner Fehler. Die Einzelheiten stehen im Server-Log.")

    return app
