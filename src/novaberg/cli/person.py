"""`person erase|export`: a person's data as a whole."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from novaberg.cli import base
from novaberg.cli.base import (
    DataDirOption,
    JsonOption,
    UserOption,
    app,
    check_pair,
    err_console,
)
from novaberg.cli.render import show
from novaberg.core.clock import SystemClock

__all__ = ["person_app", "person_erase", "person_export"]

person_app = typer.Typer(no_args_is_help=True, help="A person's data as a whole (export, erase).")
app.add_typer(person_app, name="person")


@person_app.command("erase")
def person_erase(
    user: str = UserOption,
    yes: bool = typer.Option(False, "--yes", help="erase without asking"),
    data_dir: Path | None = DataDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Erase every row, Redis key, knowledge file, token and session of one person, after a confirmation
    (typed `ja`, or --yes); prints a report of what went (--json: as JSON). Nothing stored of the person: exit code 2."""
    from novaberg.api import texts
    from novaberg.api.auth import is_reserved_person

    check_pair(user, "nova")
    if is_reserved_person(user) and not yes:  # the CLI's own person: never by a typed answer alone
        err_console.print(texts.ERASE_OPERATOR_NEEDS_YES.format(user=user), highlight=False, markup=False)
        raise typer.Exit(2)
    with base.session(data_dir, "offline", "hashing") as nova:
        plan = nova.erasure_plan(user)
        if not plan.known:
            err_console.print(texts.ERASE_UNKNOWN.format(user=user), highlight=False, markup=False)
            raise typer.Exit(2)
        _say_erasure_plan(plan)
        if not yes:
            answer = typer.prompt(texts.ERASE_ASK, default="", show_default=False, err=True)
            if answer.strip().casefold() not in texts.ERASE_CONFIRM_WORDS:
                err_console.print(texts.ERASE_DECLINED, highlight=False, markup=False)
                raise typer.Exit(1)
        report = nova.erase_person(user)
        show(report.as_dict(), as_json, f"Gelöscht: {user}")
        err_console.print(texts.ERASE_DONE.format(user=user), highlight=False, markup=False)


@person_app.command("export")
def person_export(
    user: str = UserOption,
    file: Path | None = typer.Argument(None, help="the zip to write (default: nova-export-<user>.zip here)"),  # noqa: B008
    data_dir: Path | None = DataDirOption,
) -> None:
    """Everything stored of one person as a zip (appointments as iCalendar, notes as Markdown, memory and
    directives as JSON, shared directories, chat history). Nothing stored of the person: exit code 2."""
    from novaberg.api.person_export import UnknownPersonError, write_export

    check_pair(user, "nova")
    target = file or Path(f"nova-export-{user}.zip")
    with base.session(data_dir, "offline", "hashing") as nova:
        try:
            written = write_export(nova, user, target, SystemClock().now())
        except UnknownPersonError as err:
            err_console.print(str(err), highlight=False, markup=False)
            raise typer.Exit(2) from err
        print(f"Export von {user}: {written}", flush=True)


def _say_erasure_plan(plan: Any) -> None:
    from novaberg.api import texts

    say = err_console.print
    say(texts.ERASE_PLAN.format(user=plan.user_id), highlight=False, markup=False)
    for table, count in sorted(plan.rows.items()):
        say(texts.ERASE_PLAN_ROWS.format(table=table, count=count), highlight=False, markup=False)
    say(texts.ERASE_PLAN_KEYS.format(count=plan.redis_keys, orders=plan.redis_orders), highlight=False, markup=False)
    say(texts.ERASE_PLAN_FILES.format(count=plan.knowledge_files), highlight=False, markup=False)
    say(texts.ERASE_PLAN_TOKEN.format(has="ja" if plan.token else "nein"), highlight=False, markup=False)

