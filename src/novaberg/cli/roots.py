"""`roots …` and `index`: shared directories of a pair, the per-person allow-list, one index pass."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

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
    check_user,
    err_console,
)
from novaberg.cli.render import show
from novaberg.core.clock import SystemClock
from novaberg.core.edge import check_id, check_text
from novaberg.core.errors import InputError

__all__ = ["roots_app", "ROOT_COLUMNS", "ALLOWED_COLUMNS", "roots_list", "roots_add", "AllowPathsArgument",
           "roots_allow", "roots_disallow", "roots_allowed", "roots_disable", "roots_forget", "index_command"]

roots_app = typer.Typer(no_args_is_help=True, help="Shared directories of one pair (list, add, disable, forget) and "
                                                   "what each person may share (allow, disallow, allowed).")
app.add_typer(roots_app, name="roots")


def _files_call(data_dir: Path | None, call: Callable[[Any], Any]) -> Any:
    """Open Nova, run one call on `nova.files`; a refused path or unknown root is exit 1, nothing changed."""
    from novaberg.files.paths import OutsideBoundaryError, RootNotUsableError
    from novaberg.files.service import RootWriteError
    from novaberg.files.watcher import EmbedderBlindError

    with base.session(data_dir, "offline", None) as nova:
        try:
            return call(nova.files)
        except (OutsideBoundaryError, RootNotUsableError, RootWriteError, EmbedderBlindError, InputError,
                ValueError) as err:
            err_console.print(f"[bold red]novaberg:[/] {escape(str(err))}; nichts geändert", highlight=False)
            raise typer.Exit(1) from err


def _pair_files_call(user: str, character: str, data_dir: Path | None, call: Callable[[Any], Any],
                     as_json: bool, title: str) -> None:
    """A `roots` command: the pair's ids checked (exit 2), then one `nova.files` call; its result shown."""
    check_pair(user, character)
    show(_files_call(data_dir, call), as_json, title, ROOT_COLUMNS)


# What `roots list` shows a person in its table (--json: every field)
ROOT_COLUMNS = ("id", "pfad", "bezeichnung", "eigentum", "aktiv", "erstellt_am", "geaendert_am")
ALLOWED_COLUMNS = ("pfad", "erstellt_am", "neu", "warnung")


@roots_app.command("list")
def roots_list(
    user: str = UserOption,
    character: str = CharacterOption,
    data_dir: Path | None = DataDirOption,
    as_json: bool = JsonOption,
) -> None:
    """All shared directories of this pair (active and inactive); --json: every field as JSON."""
    _pair_files_call(user, character, data_dir, lambda files: files.roots(user, character), as_json,
                     f"Geteilte Verzeichnisse von {user}/{character}")


@roots_app.command("add")
def roots_add(
    path: str = typer.Argument(..., help="the directory; resolved, then checked against the person's allow-list"),
    user: str = UserOption,
    character: str = CharacterOption,
    eigentum: str = typer.Option("nutzer", "--eigentum", help="nutzer | figur | gemischt (dateien.md §1a.5)"),
    bezeichnung: str | None = typer.Option(None, "--bezeichnung", help="how the person calls it"),
    data_dir: Path | None = DataDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Share a directory (outside the person's allow-list: exit 1, never granted); the same one twice adds no row."""
    _pair_files_call(user, character, data_dir, lambda files: files.grant(
        user, character, path, eigentum=eigentum, bezeichnung=bezeichnung, now=SystemClock().now()), as_json,
        "Geteilt")


AllowPathsArgument = typer.Argument(..., help="directories this person may share (resolved now)")


@roots_app.command("allow")
def roots_allow(
    paths: list[str] = AllowPathsArgument,
    user: str = UserOption,
    data_dir: Path | None = DataDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Allow directories for one person (dot directories, the data directory, / and files: exit 1, none
    written); the person can share only inside them."""
    from novaberg.files.allowlist import report_warnings  # a system directory: allowed, and said on stderr

    check_user(user)
    show(report_warnings(_files_call(data_dir, lambda files: files.allow(user, *paths, now=SystemClock().now()))),
         as_json, f"Erlaubt für {user}", ALLOWED_COLUMNS)


@roots_app.command("disallow")
def roots_disallow(
    path: str = typer.Argument(..., help="an entry as `roots allowed` shows it"),
    user: str = UserOption,
    data_dir: Path | None = DataDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Remove one allow-list entry; the person's roots under it are no longer read or searched. The entry is
    looked up as typed, so it is edge text (no NUL, no lone surrogate: exit 2) before anything opens."""
    check_user(user)
    check_or_exit(lambda: check_text(path, "pfad"))
    show(_files_call(data_dir, lambda files: files.disallow(user, path)), as_json, "Nicht mehr erlaubt")


@roots_app.command("allowed")
def roots_allowed(
    user: str = UserOption,
    data_dir: Path | None = DataDirOption,
    as_json: bool = JsonOption,
) -> None:
    """The person's allow-list (--json: as JSON)."""
    check_user(user)
    show(_files_call(data_dir, lambda files: files.allowed(user)), as_json, f"Erlaubt für {user}", ALLOWED_COLUMNS)


@roots_app.command("disable")
def roots_disable(
    root_id: int = typer.Argument(..., help="the id `roots list` shows"),
    user: str = UserOption,
    character: str = CharacterOption,
    data_dir: Path | None = DataDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Stilllegen (§2a.3): the root inactive, its index rows kept."""
    _pair_files_call(user, character, data_dir,
                     lambda files: files.disable(root_id, user, character, now=SystemClock().now()), as_json,
                     "Stillgelegt")


@roots_app.command("forget")
def roots_forget(
    root_id: int = typer.Argument(..., help="the id `roots list` shows"),
    user: str = UserOption,
    character: str = CharacterOption,
    data_dir: Path | None = DataDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Vergessen (§2a.3): the index rows deleted, the root inactive."""
    _pair_files_call(user, character, data_dir,
                     lambda files: files.forget(root_id, user, character, now=SystemClock().now()), as_json,
                     "Vergessen")


@app.command("index")
def index_command(
    user: str | None = typer.Option(None, "--user", help="only this person's roots"),
    character: str | None = typer.Option(None, "--character", help="only this figure (with --user)"),
    data_dir: Path | None = DataDirOption,
    as_json: bool = JsonOption,
) -> None:
    """One index watcher pass over the active roots with a progress bar; prints the report (--json: as JSON)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    if user is not None:
        check_user(user)
    if character is not None:
        check_or_exit(lambda: check_id(character, "character"))
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=err_console, transient=True) as bar:
        task = bar.add_task("Index", total=None)

        def progress(done: int, total: int, root: str) -> None:
            bar.update(task, completed=done, total=total, description=escape(root))

        report = _files_call(data_dir, lambda files: files.index(SystemClock().now(), user, character, progress))
    show(report, as_json, "Index")
    if report.get("status") != "ok":
        raise typer.Exit(1)

