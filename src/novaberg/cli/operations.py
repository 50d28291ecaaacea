"""`pixie`, `migrate-data`, `backup`, `restore`: running the data directory."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.markup import escape

from novaberg.cli import base
from novaberg.cli.base import (
    DataDirOption,
    EmbedderOption,
    JsonOption,
    LlmOption,
    app,
    console,
    err_console,
)
from novaberg.cli.render import show
from novaberg.core.clock import SystemClock
from novaberg.core.errors import NovabergError

__all__ = ["pixie_command", "migrate_data_command", "BackupDestArgument", "RestoreArchiveArgument",
           "RestoreTargetOption", "backup_command", "restore_command"]


@app.command("pixie")
def pixie_command(
    once: bool = typer.Option(False, "--once", help="one tick of every due job, then exit"),
    data_dir: Path | None = DataDirOption,
    llm: str | None = LlmOption,
    embedder: str | None = EmbedderOption,
    as_json: bool = JsonOption,
) -> None:
    """The heartbeat in the foreground: promotion, events of other persons, resubmission, log pruning, index."""
    import threading

    stop = threading.Event()
    with base.session(data_dir, llm, embedder) as nova:
        try:
            report = nova.pixie.run(SystemClock(), stop, say=lambda text: print(text, flush=True), once=once)
            if once:
                show(report, as_json, "Heartbeat")
        except KeyboardInterrupt:
            stop.set()


@app.command("migrate-data")
def migrate_data_command(data_dir: Path | None = DataDirOption) -> None:
    """Copy an older data directory (PostgreSQL 16 of pgserver) into a new PostgreSQL 18 cluster; the old
    cluster is kept as a backup folder."""
    from novaberg.core.settings import load_settings
    from novaberg.store.migrate_data import migrate_data

    settings = load_settings(data_dir=data_dir)
    report = migrate_data(settings.data_dir, say=lambda text: console.print(f"[dim]{text}[/]"))
    console.print(f"PostgreSQL {report.old_major} → 18: "
                  + ", ".join(f"{name} {count}" for name, count in sorted(report.rows.items()) if count)
                  + f"; old cluster kept in {report.backup}")


BackupDestArgument = typer.Argument(..., help="the archive to write (a new file), or a folder to put a dated one in")
RestoreArchiveArgument = typer.Argument(..., help="an archive written by `novaberg backup`")
RestoreTargetOption = typer.Option(..., "--data-dir", help="the new data directory (missing or empty)")


@app.command("backup")
def backup_command(
    dest: Path = BackupDestArgument,
    data_dir: Path | None = DataDirOption,
    as_json: bool = JsonOption,
) -> None:
    """One consistent archive of the data directory, also while `serve` runs: the database (pg_dump), every
    Redis key, knowledge zones, tokens; a manifest with versions and sha256 checksums. Prints a report (--json: as JSON)."""
    from novaberg.core.settings import load_settings
    from novaberg.store.backup import create_backup

    try:
        report = create_backup(load_settings(data_dir=data_dir), dest, SystemClock().now())
    except NovabergError as err:
        err_console.print(f"[bold red]novaberg:[/] {escape(str(err))}", highlight=False)
        raise typer.Exit(2) from err
    show(report.as_dict(), as_json, "Sicherung")
    for part, needs in report.external.items():
        err_console.print(f"[bold yellow]novaberg:[/] {part} is an external server and not in the archive; "
                          f"the operator's own backup must include: {escape(needs)}", highlight=False)


@app.command("restore")
def restore_command(
    archive: Path = RestoreArchiveArgument,
    data_dir: Path = RestoreTargetOption,
    as_json: bool = JsonOption,
) -> None:
    """Rebuild a data directory from an archive into an empty or new directory; the archive is checked
    (manifest, every checksum, versions) before anything is written. Then run `novaberg doctor` on it."""
    from novaberg.store.restore import restore_backup

    try:
        report = restore_backup(archive, data_dir, say=lambda text: err_console.print(f"[dim]{escape(text)}[/]"))
    except NovabergError as err:
        err_console.print(f"[bold red]novaberg:[/] {escape(str(err))}", highlight=False)
        raise typer.Exit(2) from err
    show(report.as_dict(), as_json, "Wiederhergestellt")
    err_console.print(f"restored into {escape(str(report.data_dir))}; check it with: novaberg doctor --data-dir "
                      f"{escape(str(report.data_dir))}", highlight=False)

