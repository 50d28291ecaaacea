"""`token create|revoke|list`: the per-person sign-in tokens of the web app."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape

from novaberg.cli.base import (
    DataDirOption,
    UserOption,
    app,
    check_user,
    console,
    err_console,
    session,
)
from novaberg.core.clock import SystemClock

__all__ = ["token_app", "token_create", "token_revoke", "token_list"]

token_app = typer.Typer(no_args_is_help=True, help="Per-person sign-in tokens for the web app (create, revoke, list).")
app.add_typer(token_app, name="token")


@contextmanager
def _person_tokens(data_dir: Path | None) -> Iterator[Any]:
    """The person tokens of the data directory's database (beside a running server: on its database)."""
    with session(data_dir, "offline", "hashing") as nova:
        yield nova.person_tokens


@token_app.command("create")
def token_create(user: str = UserOption, data_dir: Path | None = DataDirOption) -> None:
    """A new token for one person (printed once; replaces and ends the person's old token and sessions).
    Reserved ids (`ich`, the operator's own person) get none."""
    from novaberg.api.person_tokens import is_reserved_person

    check_user(user)
    if is_reserved_person(user):  # `ich` is the operator's own person (chat/ask --user default)
        err_console.print(f"[bold red]novaberg:[/] {escape(user)} ist reserviert (die eigene Person des Betreibers, "
                          "Standard von 'novaberg chat'): dafür gibt es keinen Token. Bitte eine andere Kennung "
                          "wählen.", highlight=False)
        raise typer.Exit(2)
    with _person_tokens(data_dir) as tokens:
        token = tokens.create(user, SystemClock().now())
    print(f"Token für {user}: {token}", flush=True)
    console.print("Nur dieses eine Mal angezeigt; damit meldet sich die Person auf der Webseite an und sieht "
                  "nur ihre eigenen Daten.", highlight=False, markup=False)


@token_app.command("revoke")
def token_revoke(user: str = UserOption, data_dir: Path | None = DataDirOption) -> None:
    """End a person's token and sessions."""
    check_user(user)
    with _person_tokens(data_dir) as tokens:
        revoked = tokens.revoke(user)
    if not revoked:
        err_console.print(f"[bold red]novaberg:[/] {escape(user)} hat keinen Token", highlight=False)
        raise typer.Exit(1)
    console.print(f"Token von {user} widerrufen.", highlight=False, markup=False)


@token_app.command("list")
def token_list(data_dir: Path | None = DataDirOption) -> None:
    """The persons that have a token (never the tokens)."""
    with _person_tokens(data_dir) as tokens:
        persons = tokens.persons()
    for person in persons:
        print(person)

