"""`directives list|add|remove`: the person's directives for one figure."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.markup import escape

from novaberg.cli import base
from novaberg.cli.base import (
    CharacterOption,
    DataDirOption,
    JsonOption,
    UserOption,
    app,
    check_or_exit,
    check_pair,
    err_console,
)
from novaberg.cli.render import show
from novaberg.core.clock import SystemClock

__all__ = ["directives_app", "directives_list", "directives_add", "directives_remove"]

directives_app = typer.Typer(no_args_is_help=True, help="The person's directives for one figure (list, add, remove).")
app.add_typer(directives_app, name="directives")


@directives_app.command("list")
def directives_list(
    user: str = UserOption,
    character: str = CharacterOption,
    data_dir: Path | None = DataDirOption,
    as_json: bool = JsonOption,
) -> None:
    """The active directives of this pair (id, text, since when); --json: as JSON."""

    check_pair(user, character)
    with base.session(data_dir, "offline", None) as nova:
        rows = nova.directives.list(user, character)
        show([d.as_dict() for d in rows], as_json, f"Direktiven von {user}/{character}")


@directives_app.command("add")
def directives_add(
    text: str = typer.Argument(..., help="the directive, 1–500 characters"),
    user: str = UserOption,
    character: str = CharacterOption,
    data_dir: Path | None = DataDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Add one directive (written, then read back bound to the pair); an empty or too long one is exit 2."""
    from novaberg.directives.repository import check_directive_text

    check_pair(user, character)
    check_or_exit(lambda: check_directive_text(text))
    with base.session(data_dir, "offline", None) as nova:
        directive, created = nova.directives.add(user, character, text, SystemClock().now())
        show({**directive.as_dict(), "neu": created}, as_json, "Direktive" if created else "Direktive (gab es schon)")


@directives_app.command("remove")
def directives_remove(
    directive_id: int = typer.Argument(..., help="the id `directives list` shows"),
    user: str = UserOption,
    character: str = CharacterOption,
    data_dir: Path | None = DataDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Remove one directive of this pair; an id of another pair or none at all is exit 1, nothing changed."""

    check_pair(user, character)
    with base.session(data_dir, "offline", None) as nova:
        removed = nova.directives.remove(user, character, directive_id, SystemClock().now())
    if not removed:
        err_console.print(f"[bold red]novaberg:[/] keine aktive Direktive {directive_id} für {escape(user)}/"
                          f"{escape(character)}; nichts geändert", highlight=False)
        raise typer.Exit(1)
    if as_json:
        print(json.dumps({"id": directive_id, "entfernt": True}))
    else:
        print(f"Direktive {directive_id} von {user}/{character} entfernt.")

