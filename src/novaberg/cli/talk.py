"""`say` and `chat`: talking with Nova in the terminal.

Beside a running `serve` of the data directory a turn goes to it over HTTP (`cli.client`): the command then
imports no LangGraph and no database driver and answers as fast as the server does. Without one — or when
`--llm`/`--embedder` ask for another model than the server's — the command runs Nova itself (beside a `chat`
that owns the directory, on that process's database servers).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape

from novaberg.api import texts as api_texts
from novaberg.cli import base
from novaberg.cli.base import (
    CharacterOption,
    DataDirOption,
    EmbedderOption,
    JsonOption,
    LlmOption,
    UserOption,
    app,
    check_or_exit,
    console,
    err_console,
)
from novaberg.core.edge import EmptyTextError, check_id, check_turn
from novaberg.core.errors import InputError, NovabergError

__all__ = ["say", "chat", "TurnRefused", "SERVER_LOST"]


@app.command()
def say(
    text: str = typer.Argument(..., help="what the person says"),
    user: str = UserOption,
    character: str = CharacterOption,
    data_dir: Path | None = DataDirOption,
    llm: str | None = LlmOption,
    embedder: str | None = EmbedderOption,
    as_json: bool = JsonOption,
) -> None:
    """One turn: prints Nova's answer, and the verdict when it is not ok (--json: answer, services, verdict,
    reasons and turn id as JSON). Goes through the running `serve` of the data directory when there is one."""
    check_or_exit(lambda: check_turn(user, character, text))
    turns = _Turns(data_dir, llm, embedder, role="command")
    try:
        _print_turn(turns.turn(user, character, text), as_json)  # before the close, which may stop servers
    except TurnRefused as err:
        err_console.print(f"[bold red]novaberg:[/] {escape(str(err))}", highlight=False)
        raise typer.Exit(2) from err
    finally:
        turns.close()


@app.command()
def chat(
    user: str = typer.Option("ich", "--user"),
    character: str = typer.Option("nova", "--character"),
    data_dir: Path | None = DataDirOption,
    llm: str | None = LlmOption,
    embedder: str | None = EmbedderOption,
) -> None:
    """Talk with Nova interactively (Ctrl-D to end); through the running `serve` when there is one."""
    check_or_exit(lambda: (check_id(user, "--user"), check_id(character, "--character")))
    turns = _Turns(data_dir, llm, embedder, role="chat")
    try:
        turns.start()
        console.print("[dim]Nova hört zu. Strg-D beendet.[/]")
        while True:
            try:
                text = console.input("[bold]du>[/] ")
            except EOFError:
                break
            try:
                check_turn(user, character, text)
                result = turns.turn(user, character, text)
            except EmptyTextError:
                continue
            except (TurnRefused, InputError, NovabergError) as err:  # never crash the chat loop
                console.print(f"[red]Fehler:[/] {escape(str(err))}", highlight=False)
                continue
            console.print(f"[bold magenta]nova>[/] {escape(str(result.get('answer', '')))}", highlight=False)
            verdict = _verdict_line(result)
            if verdict:
                console.print(f"[yellow]{escape(verdict)}[/]", highlight=False)
    finally:
        turns.close()


# The turn reached the server and no answer came back: whether it was carried out is unknown, so it is not
# run again here (a second run could write twice); the person checks and says it again if it is missing.
SERVER_LOST = ("Der Server hat auf diesen Satz nicht geantwortet (beendet oder zu langsam). Ob er ausgeführt "
               "wurde, ist unklar; bitte nachsehen und ihn nur dann noch einmal sagen.")


class TurnRefused(Exception):
    """The turn was refused for a reason the person must hear (the server's German detail, or the same
    sentence for a refusal here)."""


class _Turns:
    """Where this command's turns run: the running server, else a Nova of this process (opened once, when
    first needed; also when the server stops answering in the middle of a chat)."""

    def __init__(self, data_dir: Path | None, llm: str | None, embedder: str | None, role: str) -> None:
        self._options = (data_dir, llm, embedder)
        self._role = role
        self._client = _server_client(data_dir) if llm is None and embedder is None else None
        self._nova: Any = None

    def start(self) -> None:
        """Open the local Nova now when there is no server (a chat holds it while the person types)."""
        if self._client is None:
            self._local()

    def turn(self, user: str, character: str, text: str) -> dict[str, Any]:
        if self._client is not None:
            from novaberg.cli.client import ServerLost, ServerRefusal, ServerUnreachable

            try:
                return self._client.turn(user, character, text)
            except ServerRefusal as refusal:
                if refusal.status != 401:
                    raise TurnRefused(refusal.detail) from refusal
                self._client = None  # not our server's token (another server took the port): run Nova here
            except ServerUnreachable:  # gone (stopped, killed) before it got the turn: run Nova here from now on
                self._client = None
            except ServerLost as lost:  # it got the turn and may have carried it out: never run it a second time
                raise TurnRefused(SERVER_LOST) from lost
        return self._local_turn(user, character, text)

    def _local(self) -> Any:
        if self._nova is None:
            self._nova = base.open_nova(*self._options, role=self._role)
        return self._nova

    def _local_turn(self, user: str, character: str, text: str) -> dict[str, Any]:
        from novaberg.core.clock import SystemClock
        from novaberg.store.person_gate import PersonBusyError

        nova = self._local()
        try:
            return nova.turn(user, character, text, SystemClock().now()).as_dict()
        except PersonBusyError as err:  # the same sentence as the API's 409
            raise TurnRefused(api_texts.ERR_PERSON_ERASING) from err

    def close(self) -> None:
        if self._nova is not None:
            self._nova.close()


def _server_client(data_dir: Path | None) -> Any:
    from novaberg.cli.client import running_server
    from novaberg.core.settings import load_settings

    return running_server(load_settings(data_dir=data_dir).data_dir)


def _print_turn(result: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(result, ensure_ascii=False, indent=2, default=str), flush=True)
        return
    print(result.get("answer", ""), flush=True)
    verdict = _verdict_line(result)
    if verdict:
        print(verdict, flush=True)


def _verdict_line(result: dict[str, Any]) -> str | None:
    """The tribunal's verdict when it is not ok, with its reasons; None for ok."""
    verdict = str(result.get("verdict") or "ok")
    if verdict == "ok":
        return None
    reasons = [str(reason) for reason in result.get("reasons") or []]
    return f"Urteil: {verdict}" + (f" — {'; '.join(reasons)}" if reasons else "")
