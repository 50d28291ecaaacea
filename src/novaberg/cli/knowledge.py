"""`knowledge history|revert`: Nova's own knowledge texts of one pair."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape

from novaberg.cli.base import (
    CharacterOption,
    DataDirOption,
    JsonOption,
    UserOption,
    app,
    check_pair,
    err_console,
    say_knowledge_archive,
)
from novaberg.cli.render import show
from novaberg.core.clock import SystemClock

__all__ = ["knowledge_app", "knowledge_history", "knowledge_revert"]

knowledge_app = typer.Typer(no_args_is_help=True,
                            help="Nova's own knowledge texts of one pair in knowledge/pairs/ (history, revert).")
app.add_typer(knowledge_app, name="knowledge")


def _knowledge_call(user: str, character: str, data_dir: Path | None, call: Callable[[Any], Any],
                    as_json: bool, title: str) -> None:
    """One call on the pair's zone under the data directory (dateien.md §3a.2a); refused → exit 1."""
    from novaberg.core.settings import load_settings
    from novaberg.files.knowledge import AnchorInvariantError, KnowledgeZone, ZoneError
    from novaberg.files.knowledge.pairs import archive_shared_zone, pair_zone

    check_pair(user, character)
    base = data_dir or load_settings().data_dir
    say_knowledge_archive(archive_shared_zone(base, SystemClock().now()))
    zone = KnowledgeZone(pair_zone(base, user, character))
    try:
        show(call(zone), as_json, title)
    except (ZoneError, AnchorInvariantError, ValueError) as err:
        err_console.print(f"[bold red]novaberg:[/] {escape(str(err))}; nichts geändert", highlight=False)
        raise typer.Exit(1) from err


@knowledge_app.command("history")
def knowledge_history(name: str = typer.Argument(..., help="a text of the pair's zone, e.g. napoleon.md"),
                      user: str = UserOption,
                      character: str = CharacterOption,
                      data_dir: Path | None = DataDirOption, as_json: bool = JsonOption) -> None:
    """The versions of one knowledge text of the pair, oldest first (kind, day, the archived wording); --json:
    as JSON."""
    _knowledge_call(user, character, data_dir, lambda zone: zone.history(name), as_json, f"Versionen von {name}")


@knowledge_app.command("revert")
def knowledge_revert(name: str = typer.Argument(..., help="a text of the pair's zone, e.g. napoleon.md"),
                     user: str = UserOption,
                     character: str = CharacterOption,
                     data_dir: Path | None = DataDirOption, as_json: bool = JsonOption) -> None:
    """Take back the newest version of one knowledge text of the pair (the anchors keep every step reversible)."""
    _knowledge_call(user, character, data_dir,
                    lambda zone: {"datei": name, "zurueckgenommen": zone.revert(name).version}, as_json,
                    "Zurückgenommen")

