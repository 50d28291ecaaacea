"""`memory show|reembed`: the memory of one pair."""

from __future__ import annotations

from pathlib import Path

import typer

from novaberg.cli import base
from novaberg.cli.base import (
    DataDirOption,
    EmbedderOption,
    app,
    check_pair,
    print_json,
)
from novaberg.core.clock import SystemClock

memory_app = typer.Typer(no_args_is_help=True, help="The memory of one pair (show), and re-embedding it (reembed).")
app.add_typer(memory_app, name="memory")


@memory_app.command("show")
def memory_show(
    user: str = typer.Option(..., "--user", help="person id"),
    character: str = typer.Option(..., "--character", help="figure id"),
    data_dir: Path | None = DataDirOption,
    embedder: str | None = EmbedderOption,
) -> None:
    """Short-term entries (salience, TTL) and long-term nodes (weights, edges) of this pair as JSON."""
    check_pair(user, character)
    nova = base.open_nova(data_dir, "offline", embedder)
    try:
        print_json(nova.memory.show(user, character))
    finally:
        nova.close()


@memory_app.command("reembed")
def memory_reembed(data_dir: Path | None = DataDirOption, embedder: str | None = EmbedderOption) -> None:
    """Embed every long-term node anew with this embedder (after changing it); nothing is mixed."""
    nova = base.open_nova(data_dir, "offline", embedder)
    try:
        count = nova.memory.reembed(SystemClock().now())
        print_json({"neu_eingebettet": count, "embedder": nova.embedder.describe()})
    finally:
        nova.close()

