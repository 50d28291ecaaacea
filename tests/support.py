"""Helpers for tests: fixed local moments, dependencies and a Nova over the test's database."""

from __future__ import annotations

import os
import subprocess
import tempfile
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from novaberg.agents.deps import Deps
from novaberg.api.catalog import build_registry, offline_rules
from novaberg.core.logs import PipelineLog
from novaberg.core.settings import Settings
from novaberg.embed.hashing import HashingEmbedder
from novaberg.llm.ask import Asker
from novaberg.llm.offline import OfflineLLM
from novaberg.store.db import Database

BERLIN = ZoneInfo("Europe/Berlin")

# Test folders live in RAM where the machine has a writable tmpfs (/dev/shm on Linux): the test servers'
# initdb, WAL, CREATE DATABASE and copies of data directories never wait for a disk shared with other jobs
# (measured under load 8: a cold start of the stack 5.8 s → 3.7 s, copying a data directory 2.3 s → 0.2 s).
# No test depends on the kind of file system. A small tmpfs (a container's 64 MB default) would fill up: below
# 2 GiB free, and without /dev/shm, the system's temporary folder is used.
_RAM_FOLDER = "/dev/shm"
_RAM_FREE_BYTES = 2 * 1024**3


def _ram_folder() -> str | None:
    if not (os.path.isdir(_RAM_FOLDER) and os.access(_RAM_FOLDER, os.W_OK)):
        return None
    stats = os.statvfs(_RAM_FOLDER)
    return _RAM_FOLDER if stats.f_bavail * stats.f_frsize >= _RAM_FREE_BYTES else None


TEMP_ROOT: str | None = _ram_folder()


def temp_folder(prefix: str) -> tempfile.TemporaryDirectory[str]:
    """A temporary folder under TEMP_ROOT, outside pytest's basetemp (a concurrent pytest run rotates old
    basetemps away, and with them the data directories of servers that are still running)."""
    return tempfile.TemporaryDirectory(prefix=prefix, dir=TEMP_ROOT, ignore_cleanup_errors=True)


def copy_data_dir(source: Path, target: Path) -> Path:
    """A copy of a stopped data directory with owners and modes kept (the cluster belongs to the service
    user when the tests run as root): `cp -a`, which keeps them where Python's copytree would not."""
    subprocess.run(["cp", "-a", str(source), str(target)], check=True)
    return target


def berlin(year: int, month: int, day: int, hour: int = 12, minute: int = 0) -> datetime:
    """A fixed local moment (tests pin Europe/Berlin)."""
    return datetime(year, month, day, hour, minute, tzinfo=BERLIN)


def make_offline_llm() -> OfflineLLM:
    """The offline connector with the catalog's full rule table, as `Nova.open(llm="offline")` builds it."""
    return OfflineLLM(offline_rules())


def make_deps(db: Database, redis: Any, llm: Any) -> Deps:
    return Deps(db=db, redis=redis, asker=Asker(llm), embedder=HashingEmbedder(), log=PipelineLog(db), zone=BERLIN,
                registry=build_registry())


def make_nova(db: Database, redis: Any, llm: Any, tmp_path: Path) -> Any:
    """A Nova over the test's database and Redis (no embedded servers of its own)."""
    from novaberg.api.nova import Nova
    from novaberg.store.stack import Stack

    stack = Stack(db=db, redis=redis)
    return Nova(stack, llm, HashingEmbedder(), Settings(data_dir=tmp_path))


def rows_of(nova: Any, user: str, figure: str) -> tuple[list[str], list[str]]:
    """What a turn may have written for one person: the titles of her appointments (the inactive ones too) and her
    notes as `name: text`."""
    return ([r["title"] for r in nova.timeline.list(user, figure, active_only=False)],
            [f"{n['name']}: {n['text']}" for n in nova.notes.list(user)])


def appointments_of(nova: Any, user: str, figure: str = "nova") -> list[tuple[str, str]]:
    """A person's active appointments as sorted (title, Berlin time `YYYY-MM-DDTHH:MM`)."""
    return sorted((row["title"], row["event_time"].astimezone(BERLIN).strftime("%Y-%m-%dT%H:%M"))
                  for row in nova.timeline.list(user, figure))


@dataclass
class MovingClock:
    """A clock the test moves (`clock.moment = …`); the app reads it on every request."""

    moment: datetime

    def now(self) -> datetime:
        return self.moment


LOCAL_BASE = "http://127.0.0.1:8765"


def local_client(app: Any, address: str | None = None) -> Any:
    """A test client of `app` on the loopback host; a server error is an answer, not a raise. `address`: the
    client's address as the app sees it (default: the test client's own)."""
    from fastapi.testclient import TestClient

    options: dict[str, Any] = {"client": (address, 50000)} if address is not None else {}
    return TestClient(app, base_url=LOCAL_BASE, raise_server_exceptions=False, **options)


def at_once(inputs: Sequence[Any], work: Callable[[Any], Any], wait_seconds: float = 30.0) -> list[Any]:
    """`work(x)` for every input on its own thread, all released at one barrier: the results in the order they
    finished. An exception in a thread is raised here, and a thread still running after `wait_seconds` fails."""
    start = threading.Barrier(len(inputs))
    results: list[Any] = []
    errors: list[BaseException] = []

    def run(item: Any) -> None:
        try:
            start.wait(5)
            results.append(work(item))
        except BaseException as err:  # noqa: BLE001 - handed to the calling thread below
            errors.append(err)

    threads = [threading.Thread(target=run, args=(item,)) for item in inputs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(wait_seconds)
    assert not any(thread.is_alive() for thread in threads), f"a parallel turn did not end within {wait_seconds} s"
    if errors:
        raise errors[0]
    return results
