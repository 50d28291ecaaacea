"""The FastAPI app: one turn per POST, and a small chat page."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, HTTPException
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from novaberg.api.nova import EmptyTurnError
from novaberg.core.errors import NovabergError

__all__ = ["create_app"]

_PAGE = """<!doctype html><html lang="de"><meta charset="utf-8"><title>Nova</title>
<style>body{font:16px system-ui;max-width:40em;margin:2em auto}#log p{margin:.3em 0}.n{color:#a0a}</style>
<h1>Nova</h1><div id="log"></div>
<form id="f"><input id="t" size="50" autofocus placeholder="Sag etwas…"><button>Senden</button></form>
<script>
const log=document.getElementById('log');
document.getElementById('f').onsubmit=async e=>{e.preventDefault();const t=document.getElementById('t');
const p=document.createElement('p');p.textContent='du: '+t.value;log.append(p);
const r=await fetch('/turn',{method:'POST',headers:{'Content-Type':'application/json'},
body:JSON.stringify({user_id:'ich',character_id:'nova',text:t.value})});const j=await r.json();
const a=document.createElement('p');a.className='n';a.textContent='nova: '+(j.answer||j.detail);log.append(a);t.value='';};
</script></html>"""


class TurnIn(BaseModel):
    user_id: str = Field(min_length=1)
    character_id: str = Field(min_length=1)
    text: str


def create_app(nova: Any, clock: Any) -> FastAPI:
    app = FastAPI(title="novaberg")

    @app.get("/", response_class=HTMLResponse)
    def page() -> str:
        return _PAGE

    @app.post("/turn")
    def turn(body: TurnIn) -> dict[str, Any]:
        try:
            return nova.turn(body.user_id, body.character_id, body.text, clock.now()).as_dict()
        except EmptyTurnError as err:
            raise HTTPException(status_code=422, detail=str(err)) from err
        except NovabergError as err:
            raise HTTPException(status_code=503, detail=str(err)) from err

    return app
