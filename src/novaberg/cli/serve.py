"""`serve`: the HTTP API and the web page behind an API token."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape

from novaberg.cli import base
from novaberg.cli.base import (
    DataDirOption,
    LlmOption,
    app,
    console,
    err_console,
)
from novaberg.cli.client import ServerAddress, remove_address, write_address
from novaberg.core.clock import SystemClock

__all__ = ["serve"]


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="bind address (default: loopback only)"),
    port: int = typer.Option(8765, "--port"),
    data_dir: Path | None = DataDirOption,
    llm: str | None = LlmOption,
    allowed_host: list[str] = typer.Option(  # noqa: B008 - typer's way of declaring an option
        [], "--allowed-host", help="another Host header to accept (name or name:port; repeatable)"),
    no_auth: bool = typer.Option(False, "--no-auth", help="no API token (only with a loopback --host)"),
) -> None:
    """The HTTP API and the small web page, behind an API token (printed once on the first start)."""
    import uvicorn

    from novaberg.api.app import create_app
    from novaberg.api.auth import default_allowed_hosts

    if no_auth and not _is_loopback(host):
        err_console.print(f"[bold red]novaberg:[/] --no-auth only with a loopback --host (127.0.0.1, ::1, "
                          f"localhost), not {host!r}: anyone on the network could read and change every "
                          "person's data", highlight=False)
        raise typer.Exit(2)
    nova = base.open_nova(data_dir, llm, None, role="serve")
    try:
        token = None if no_auth else _api_token(nova.settings.data_dir, host, port)
        if no_auth:
            err_console.print("[bold yellow]Warnung:[/] --no-auth: jedes Programm auf diesem Rechner kann "
                              "ohne Token alle Daten lesen und ändern.", highlight=False)
        web = create_app(nova, SystemClock(), token=token, auth=not no_auth, owns_nova=True,
                         person_tokens=nova.person_tokens,
                         allowed_hosts=default_allowed_hosts(port, host) + list(allowed_host))
        # Server.run, not uvicorn.run: the lifespan's shutdown closes Nova before uvicorn re-raises the
        # signal it caught; the finally covers the paths that never reach the lifespan (close is idempotent).
        server = _announcing_server(uvicorn.Config(web, host=host, port=port), nova.settings.data_dir,
                                    "none" if no_auth else "env" if _token_from_env() else "file")
        heartbeat = nova.pixie.start_background(SystemClock())  # one heartbeat across processes
        try:
            _run_until_signal(server)
        finally:
            remove_address(nova.settings.data_dir, os.getpid())
            heartbeat.stop()
        if not server.started:
            raise typer.Exit(1)
    finally:
        nova.close()


def _announcing_server(config: Any, data_dir: Path, token_from: str) -> Any:
    """A uvicorn server that, once it listens, writes its address into the data directory (`cli.client`):
    `say` and `chat` beside it then talk to it instead of running Nova themselves."""
    import uvicorn

    class AnnouncingServer(uvicorn.Server):
        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets)
            if self.started and self.servers:
                host, port = self.servers[0].sockets[0].getsockname()[:2]
                address = ServerAddress(os.getpid(), f"http://{_dialable(host)}:{port}", token_from)
                try:
                    write_address(data_dir, address)
                except OSError as err:  # the server serves; say and chat beside it run Nova themselves
                    err_console.print(f"[bold yellow]novaberg:[/] the address file in {escape(str(data_dir))} "
                                      f"could not be written ({escape(str(err))}); say and chat will not use "
                                      "this server", highlight=False)

    return AnnouncingServer(config)


def _dialable(host: str) -> str:
    """The address a client on this machine dials for a bound one (any-address → loopback)."""
    if host in ("0.0.0.0", ""):
        return "127.0.0.1"
    if host == "::":
        return "[::1]"
    return f"[{host}]" if ":" in host else host


def _token_from_env() -> bool:
    from novaberg.api.auth import TOKEN_ENV

    return bool(os.environ.get(TOKEN_ENV, "").strip())


def _run_until_signal(server: Any) -> None:
    """uvicorn turns SIGINT/SIGTERM into a graceful shutdown (the lifespan closes Nova) and re-raises them
    afterwards; SIGHUP it leaves alone, which would cut the event loop mid-flight (a traceback, no
    lifespan). Here SIGHUP asks for the same graceful shutdown and is re-raised once it is done."""
    import signal

    caught: list[int] = []

    def on_hangup(signum: int, _frame: object) -> None:
        caught.append(signum)
        server.should_exit = True

    previous = signal.signal(signal.SIGHUP, on_hangup)
    try:
        server.run()
    finally:
        signal.signal(signal.SIGHUP, previous)
    if caught:
        signal.raise_signal(signal.SIGHUP)


def _is_loopback(host: str) -> bool:
    import ipaddress

    name = host.strip().strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _api_token(data_dir: Path, host: str, port: int) -> str:
    """NOVABERG_API_TOKEN, else `<data_dir>/api-token`; a new token is printed this once, never again."""
    from novaberg.api.auth import TOKEN_FILE_NAME, load_or_create_token

    try:
        token, created = load_or_create_token(data_dir)
    except OSError as err:
        err_console.print(f"[bold red]novaberg:[/] cannot read or write {data_dir / TOKEN_FILE_NAME}: "
                          f"{err.strerror}", highlight=False)
        raise typer.Exit(2) from err
    if created:
        where = f"[{host}]" if ":" in host else host
        print(f"API token: {token}", flush=True)
        console.print(f"Neuer API-Token, nur dieses eine Mal angezeigt (gespeichert in "
                      f"{data_dir / TOKEN_FILE_NAME}, 0600). Verwendung:\n"
                      f"  curl -H 'Authorization: Bearer <token>' -H 'Content-Type: application/json' "
                      f"-d '{{\"user_id\":\"ich\",\"character_id\":\"nova\",\"text\":\"Hallo\"}}' "
                      f"http://{where}:{port}/turn\n"
                      f"  Webseite: http://{where}:{port}/ öffnen und mit dem Token anmelden.",
                      highlight=False, markup=False, soft_wrap=True)
    return token

