"""`say` and `chat`: talking with Nova in the terminal."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from novaberg.api import texts as api_texts
from novaberg.cli import base
from novaberg.cli.base import (
    DataDirOption,
    EmbedderOption,
    LlmOption,
    app,
    check_or_exit,
    console,
    err_console,
)
from novaberg.core.clock import SystemClock
from novaberg.core.edge import check_id, check_turn
from novaberg.core.errors import NovabergError


@app.command()
def say(
    text: str = typer.Argument(..., help="what the person says"),
    user: str = typer.Option(..., "--user", help="person id"),
    character: str = typer.Option(..., "--character", help="figure id"),
    data_dir: Path | None = DataDirOption,
    llm: str | None = LlmOption,
    embedder: str | None = EmbedderOption,
) -> None:
    """One turn; prints JSON with answer, services and verdict."""
    from novaberg.store.person_gate import PersonBusyError

    check_or_exit(lambda: check_turn(user, character, text))
    nova = base.open_nova(data_dir, llm, embedder)
    try:
        result = nova.turn(user, character, text, SystemClock().now())
        print(json.dumps(result.as_dict(), ensure_ascii=False, indent=2, default=str))
    except PersonBusyError as err:  # the same sentence as the API's 409 (issue 31)
        err_console.print(f"[bold red]novaberg:[/] {api_texts.ERR_PERSON_ERASING}", highlight=False)
        raise typer.Exit(2) from err
    finally:
        nova.close()


@app.command()
def chat(
    user: str = typer.Option("ich", "--user"),
    character: str = typer.Option("nova", "--character"),
    data_dir: Path | None = DataDirOption,
    llm: str | None = LlmOption,
    embedder: str | None = EmbedderOption,
) -> None:
    """Talk with Nova interactively (Ctrl-D to end)."""
    from novaberg.api.nova import EmptyTurnError
    from novaberg.store.person_gate import PersonBusyError

    check_or_exit(lambda: (check_id(user, "--user"), check_id(character, "--character")))
    nova = base.open_nova(data_dir, llm, embedder, role="chat")
    clock = SystemClock()
    console.print("[dim]Nova hört zu. Strg-D beendet.[/]")
    try:
        while True:
            try:
                text = console.input("[bold]du>[/] ")
            except EOFError:
                break
            try:
                result = nova.turn(user, character, text, clock.now())
            except EmptyTurnError:
                continue
            except PersonBusyError:  # the same sentence as the API's 409 (issue 31)
                console.print(f"[red]Fehler:[/] {api_texts.ERR_PERSON_ERASING}", highlight=False)
                continue
            except NovabergError as err:  # never crash the chat loop
                console.print(f"[red]Fehler:[/] {err}")
                continue
            console.print(f"[bold magenta]nova>[/] {result.answer}")
    finally:
        nova.close()

