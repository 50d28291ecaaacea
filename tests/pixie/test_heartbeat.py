"""The heartbeat — jobs due by the given clock, one job's failure isolated, and one instance
across processes (a Redis lock with expiry and renewal; a second runner waits and says so)."""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from datetime import timedelta

import pytest

from novaberg.core.logs import PipelineLog
from novaberg.core.settings import PIXIE_JOB_INTERVALS
from novaberg.pixie.heartbeat import Heartbeat, HeartbeatBusyError, Job
from novaberg.pixie.jobs import JOB_NAMES
from novaberg.pixie.lock import HeartbeatLock, LockKeeper
from tests.serving import NOVABERG, free_port
from tests.support import berlin

NOW = berlin(2026, 12, 1, 10)


def _recording(name: str, calls: list, interval: float = 300.0, fail: bool = False) -> Job:
    def run(now):
        calls.append((name, now))
        if fail:
            raise RuntimeError(f"{name} broke")
        return {"ok": True}

    return Job(name, interval, run)


def test_every_job_has_an_interval_in_settings():
    """The index watcher runs on a schedule too — every job's interval is a setting."""
    assert set(JOB_NAMES) == set(PIXIE_JOB_INTERVALS)
    assert PIXIE_JOB_INTERVALS["synapsen_promotion"] == 300.0  # promotion every 5 minutes


def test_jobs_run_when_due_by_the_given_clock(db, redis):
    calls: list = []
    beat = Heartbeat(redis, [_recording("a", calls, 300), _recording("b", calls, 3600)], PipelineLog(db))
    assert set(beat.tick(NOW)) == {"a", "b"}
    assert beat.tick(NOW + timedelta(minutes=1)) == {}
    assert set(beat.tick(NOW + timedelta(minutes=5))) == {"a"}
    assert set(beat.tick(NOW + timedelta(hours=1))) == {"a", "b"}
    assert [c[1] for c in calls if c[0] == "b"] == [NOW, NOW + timedelta(hours=1)]


def test_one_failing_job_does_not_stop_the_next(db, redis):
    calls: list = []
    beat = Heartbeat(redis, [_recording("kaputt", calls, fail=True), _recording("heil", calls)], PipelineLog(db))
    report = beat.tick(NOW)
    assert report["kaputt"]["status"] == "fehler" and report["heil"] == {"ok": True}
    with db.transaction() as conn:
        rows = conn.execute("SELECT task, status FROM hintergrund_log WHERE task LIKE 'pixie:%' ORDER BY id").fetchall()
    assert [(r["task"], r["status"]) for r in rows] == [("pixie:kaputt", "fehler"), ("pixie:heil", "erledigt")]


def test_tick_while_another_process_holds_the_lock_runs_nothing(db, redis):
    calls: list = []
    other = HeartbeatLock(redis, 30)
    assert other.acquire()
    beat = Heartbeat(redis, [_recording("a", calls)], PipelineLog(db))
    with pytest.raises(HeartbeatBusyError, match="anderer Heartbeat"):
        beat.tick(NOW)
    assert calls == []
    other.release()
    beat.tick(NOW)
    assert len(calls) == 1 and redis.get("pixie:lock") is None  # released after the tick


def test_the_lock_expires_unless_renewed_and_only_its_holder_releases_it(redis):
    first, second = HeartbeatLock(redis, 0.6), HeartbeatLock(redis, 0.6)
    assert first.acquire() and not second.acquire()
    assert not second.release() and first.held()
    with LockKeeper(first) as keeper:
        time.sleep(1.5)  # more than twice the expiry: only renewal keeps it
        assert first.held() and not keeper.lost.is_set() and not second.acquire()
    time.sleep(0.8)
    assert second.acquire()  # expired once nobody renews it (a kill -9 leaves it like this)
    assert not first.renew()


def test_the_loop_waits_and_says_so_then_takes_over(db, redis):
    said: list[str] = []
    calls: list = []
    other = HeartbeatLock(redis, 1.0)
    assert other.acquire()
    beat = Heartbeat(redis, [_recording("a", calls)], PipelineLog(db), lock_seconds=1.0)
    stop = threading.Event()

    class Clock:
        def now(self):
            return NOW

    thread = threading.Thread(target=beat.run, args=(Clock(), stop, said.append), kwargs={"tick_seconds": 0.1})
    thread.start()
    time.sleep(0.5)
    assert calls == [] and len(said) == 1 and "wartet" in said[0]
    other.release()
    deadline = time.monotonic() + 5
    while not calls and time.monotonic() < deadline:
        time.sleep(0.05)
    stop.set()
    thread.join(5)
    assert len(calls) == 1 and any("läuft" in s for s in said) and redis.get("pixie:lock") is None


def _env(db, redis, tmp_path) -> dict[str, str]:
    socket_path = redis.connection_pool.connection_kwargs.get("path")
    if not socket_path:
        pytest.skip("needs the embedded Redis' socket")
    return {**os.environ, "NOVABERG_DATABASE_URL": db.url, "NOVABERG_REDIS_URL": f"unix://{socket_path}",
            "NOVABERG_DATA_DIR": str(tmp_path / "data"), "NOVABERG_FILES_BOUNDARY": str(tmp_path),
            "COLUMNS": "200"}


def _line_with(process: subprocess.Popen, word: str, timeout: float = 60) -> str:
    assert process.stdout is not None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        if word in line:
            return line
    raise AssertionError(f"no line with {word!r}")


def test_two_real_processes_one_heartbeat(db, redis, tmp_path):
    """One instance across processes: the second `novaberg pixie` waits and says so, and takes over when the
    first one ends."""
    env = _env(db, redis, tmp_path)
    first = subprocess.Popen([str(NOVABERG), "pixie"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             env=env)
    second = None
    try:
        holder = _line_with(first, "Heartbeat läuft")
        second = subprocess.Popen([str(NOVABERG), "pixie"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  text=True, env=env)
        waiting = _line_with(second, "wartet")
        assert str(first.pid) in waiting and str(first.pid) in holder
        first.send_signal(signal.SIGTERM)
        first.wait(30)
        taken = _line_with(second, "Heartbeat läuft", timeout=30)
        assert str(second.pid) in taken
    finally:
        for process in (first, second):
            if process is not None and process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(30)
                except subprocess.TimeoutExpired:
                    process.kill()


def test_pixie_once_runs_every_job_and_exits(db, redis, tmp_path):
    result = subprocess.run([str(NOVABERG), "pixie", "--once"], capture_output=True, text=True,
                            env=_env(db, redis, tmp_path), timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "synapsen_promotion" in result.stdout and "dateien_index" in result.stdout


def test_serve_runs_the_heartbeat_in_the_background(db, redis, tmp_path):
    """`novaberg serve` starts the heartbeat — it holds the lock while it serves."""
    port = free_port()
    env = {**_env(db, redis, tmp_path), "NOVABERG_API_TOKEN": "test-token-0123456789abcdefghij"}
    server = subprocess.Popen([str(NOVABERG), "serve", "--port", str(port)], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, env=env)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (redis.get("pixie:lock") or "").count(f":{server.pid}:"):
            assert server.poll() is None, server.communicate()[0][-2000:]
            time.sleep(0.2)
        assert f":{server.pid}:" in (redis.get("pixie:lock") or "")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not redis.hget("pixie:letzter_lauf", "synapsen_promotion"):
            time.sleep(0.2)
        assert redis.hget("pixie:letzter_lauf", "synapsen_promotion")  # its first tick ran
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(60)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
