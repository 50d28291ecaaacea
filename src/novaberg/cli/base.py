"""The command line's shared parts: the root app, the consoles, the common options, opening Nova, the
edge checks of ids."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape

from novaberg.core.edge import check_id
from novaberg.core.errors import InputError, NovabergError

__all__ = ["app", "console", "err_console", "DataDirOption", "LlmOption", "EmbedderOption", "JsonOption",
           "open_nova", "session", "say_knowledge_archive", "check_or_exit", "check_user", "check_pair"]

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Nova — a German-speaking companion.")
console = Console()
err_console = Console(stderr=True, soft_wrap=True)

DataDirOption = typer.Option(None, "--data-dir", help="data directory (default: NOVABERG_DATA_DIR, else XDG)")
LlmOption = typer.Option(None, "--llm", help="offline | ollama:<model> | openai:<model> (default: NOVABERG_LLM)")
EmbedderOption = typer.Option(None, "--embedder", help="hashing | ollama:<model> | sentence-transformers:<path>")
JsonOption = typer.Option(False, "--json", help="JSON for scripts instead of the readable form")
UserOption = typer.Option(..., "--user", help="person id")
CharacterOption = typer.Option(..., "--character", help="figure id")


opened: list[Any] = []  # every Nova this process opened: `main` closes what a stop signal left open


def open_nova(data_dir: Path | None, llm: str | None, embedder: str | None, role: str = "command") -> Any:
    """Nova on the data directory: beside a running `serve` or `chat` on its servers, else on servers of our own
    (a one-shot command that holds them is waited for); `serve` passes its role and is refused beside another."""
    from novaberg.api.nova import Nova

    try:
        nova = Nova.open(data_dir=data_dir, llm=llm, embedder=embedder, role=role)
    except NovabergError as err:
        err_console.print(f"[bold red]novaberg:[/] {err}")
        raise typer.Exit(2) from err
    opened.append(nova)  # closed by main() if a stop signal comes before the command's own close
    say_knowledge_archive(nova.knowledge_archive)
    return nova


@contextmanager
def session(data_dir: Path | None, llm: str | None, embedder: str | None, role: str = "command") -> Iterator[Any]:
    """`open_nova` for the body of one command, closed after it (also when the body exits or fails)."""
    nova = open_nova(data_dir, llm, embedder, role)
    try:
        yield nova
    finally:
        nova.close()


def say_knowledge_archive(archive: Path | None) -> None:
    """The start that moved the old shared knowledge/ zone says so, once, on stderr."""
    if archive is not None:
        err_console.print(f"[bold yellow]novaberg:[/] das alte gemeinsame Wissen (knowledge/, für alle Personen "
                          f"und Figuren) liegt jetzt im Archiv {escape(str(archive))} — nur für den Betreiber, "
                          "kein Gespräch liest es.", highlight=False)


def check_or_exit(check: Callable[[], object]) -> None:
    """The edge validation (core/edge) before anything opens: bad input is exit code 2 with the rule."""
    try:
        check()
    except InputError as err:
        err_console.print(f"[bold red]novaberg:[/] {escape(str(err))}", highlight=False)
        raise typer.Exit(2) from err


def check_user(user: str) -> None:
    """The --user id of a person command, checked like every edge id (exit 2)."""
    check_or_exit(lambda: check_id(user, "user"))


def check_pair(user: str, character: str) -> None:
    """The --user/--character ids of a pair command, checked like every edge id (exit 2)."""
    check_or_exit(lambda: (check_id(user, "user"), check_id(character, "character")))
