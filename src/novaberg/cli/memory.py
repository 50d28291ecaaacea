"""`memory show|reembed`: the memory of one pair."""

from __future__ import annotations

from pathlib import Path

import typer

from novaberg.cli import base
from novaberg.cli.base import (
    CharacterOption,
    DataDirOption,
    EmbedderOption,
    JsonOption,
    UserOption,
    app,
    check_pair,
)
from novaberg.cli.render import show, show_record, show_rows
from novaberg.core.clock import SystemClock

__all__ = ["memory_app", "memory_show", "SHORT_TERM_COLUMNS", "LONG_TERM_COLUMNS", "memory_reembed"]

memory_app = typer.Typer(no_args_is_help=True, help="The memory of one pair (show), and re-embedding it (reembed).")
app.add_typer(memory_app, name="memory")


@memory_app.command("show")
def memory_show(
    user: str = UserOption,
    character: str = CharacterOption,
    data_dir: Path | None = DataDirOption,
    embedder: str | None = EmbedderOption,
    as_json: bool = JsonOption,
) -> None:
    """Short-term entries (salience, TTL) and long-term nodes (weights, edges) of this pair; --json: every field."""
    check_pair(user, character)
    with base.session(data_dir, "offline", embedder) as nova:
        shown = nova.memory.show(user, character)
    if as_json:
        show(shown, as_json)
        return
    show_rows(shown["kurzzeit"], f"Kurzzeitgedächtnis von {user}/{character}", SHORT_TERM_COLUMNS)
    show_rows(shown["langzeit"], f"Langzeitgedächtnis von {user}/{character}", LONG_TERM_COLUMNS)
    show_record(shown["embedder"] or {}, "Embedder der Langzeit-Knoten")


# What the tables show a person (--json: every field)
SHORT_TERM_COLUMNS = ("inhalt", "salienz", "grund", "erstellt_am", "ttl_sekunden", "lzg_id")
LONG_TERM_COLUMNS = ("id", "inhalt", "aktiv", "gewicht_decay", "salienz", "erstellt_am", "kanten")


@memory_app.command("reembed")
def memory_reembed(data_dir: Path | None = DataDirOption, embedder: str | None = EmbedderOption,
                   as_json: bool = JsonOption) -> None:
    """Embed every long-term node anew with this embedder (after changing it); nothing is mixed."""
    with base.session(data_dir, "offline", embedder) as nova:
        count = nova.memory.reembed(SystemClock().now())
        show({"neu_eingebettet": count, "embedder": nova.embedder.describe()}, as_json, "Neu eingebettet")

