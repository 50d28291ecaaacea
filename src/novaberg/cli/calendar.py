"""`calendar export|import|token`: a person's calendar as iCalendar."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from novaberg.cli import base
from novaberg.cli.base import (
    CharacterOption,
    DataDirOption,
    UserOption,
    app,
    check_pair,
    console,
    err_console,
)
from novaberg.core.clock import SystemClock

__all__ = ["calendar_app", "calendar_export", "calendar_import", "calendar_token"]

calendar_app = typer.Typer(no_args_is_help=True,
                           help="A person's calendar as iCalendar: export, import, the subscription URL.")
app.add_typer(calendar_app, name="calendar")


@calendar_app.command("export")
def calendar_export(
    user: str = UserOption,
    character: str | None = typer.Option(None, "--character", help="only this figure (default: every figure)"),
    file: Path | None = typer.Argument(None, help="the .ics file to write (default: standard output)"),  # noqa: B008
    data_dir: Path | None = DataDirOption,
) -> None:
    """The person's appointments as one iCalendar file (RRULE/EXDATE, VALARM, the zone as VTIMEZONE)."""
    from novaberg.timeline.ics import texts as calendar_texts

    check_pair(user, character or "nova")
    with base.session(data_dir, "offline", "hashing") as nova:
        data = nova.calendar.export(user, SystemClock().now(), character)
    if file is None:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return
    temporary = file.with_name(f".{file.name}.tmp")
    temporary.write_bytes(data)
    temporary.replace(file)
    err_console.print(calendar_texts.EXPORT_WRITTEN.format(count=data.count(b"BEGIN:VEVENT"), user=user, path=file),
                      highlight=False, markup=False)


@calendar_app.command("import")
def calendar_import(
    file: Path = typer.Argument(..., help="an iCalendar file (.ics)"),  # noqa: B008 - typer's way
    user: str = UserOption,
    character: str = CharacterOption,
    data_dir: Path | None = DataDirOption,
) -> None:
    """Enter the events of an .ics file for one pair: an event whose UID was imported before is skipped; a
    file that is no iCalendar is refused (exit code 2) and nothing is written. Prints what was taken and skipped."""
    from novaberg.timeline.ics import texts as calendar_texts
    from novaberg.timeline.ics.importer import CalendarFileError

    check_pair(user, character)
    try:
        data = file.read_bytes()
    except OSError as err:
        err_console.print(calendar_texts.IMPORT_BAD_FILE.format(name=file.name, reason=err.strerror or err),
                          highlight=False, markup=False)
        raise typer.Exit(2) from err
    with base.session(data_dir, "offline", "hashing") as nova:
        try:
            report = nova.calendar.import_file(user, character, data, file.name, SystemClock().now())
        except CalendarFileError as err:
            err_console.print(str(err), highlight=False, markup=False)
            raise typer.Exit(2) from err
    print(calendar_texts.IMPORT_TAKEN.format(count=len(report.taken)))
    for label in report.taken:
        print(f"  + {label}")
    print(calendar_texts.IMPORT_SKIPPED.format(count=len(report.skipped)))
    for label, reason in report.skipped:
        print(f"  - {label}: {reason}")


@calendar_app.command("token")
def calendar_token(
    user: str = UserOption,
    create: bool = typer.Option(False, "--create", help="a new subscription URL (the old one stops)"),
    revoke: bool = typer.Option(False, "--revoke", help="end the subscription URL"),
    base_url: str = typer.Option("http://127.0.0.1:8765", "--base-url", help="where people reach the server"),
    data_dir: Path | None = DataDirOption,
) -> None:
    """The person's calendar subscription URL: shows whether there is one (default), --create prints a new one
    once (only its hash is kept), --revoke ends it."""
    from novaberg.api.calendar_routes import FEED_PATH
    from novaberg.timeline.ics import texts as calendar_texts

    check_pair(user, "nova")
    if create and revoke:
        err_console.print("novaberg: --create oder --revoke, nicht beides", highlight=False, markup=False)
        raise typer.Exit(2)
    with base.session(data_dir, "offline", "hashing") as nova:
        store = nova.calendar
        if create:
            token = store.create_token(user, SystemClock().now())
            print(calendar_texts.TOKEN_CREATED.format(user=user, url=f"{base_url.rstrip('/')}{FEED_PATH}?token={token}"),
                  flush=True)
            console.print(calendar_texts.URL_ONCE, highlight=False, markup=False)
        elif revoke:
            if not store.revoke_token(user):
                err_console.print(calendar_texts.TOKEN_NONE.format(user=user), highlight=False, markup=False)
                raise typer.Exit(1)
            print(calendar_texts.TOKEN_REVOKED.format(user=user))
        else:
            since = store.token_created(user)
            print(calendar_texts.TOKEN_NONE.format(user=user) if since is None else calendar_texts.TOKEN_SINCE.format(
                user=user, since=since.astimezone(nova.settings.zone).strftime("%d.%m.%Y %H:%M")))

