"""The data directory: created on first use, a clear error for corrupt or busy ones, nothing deleted."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
import time

import pytest

from novaberg.core.errors import DataDirError, DataDirInUseError
from novaberg.store.datadir import MARKER_NAME, DataDir


def test_first_use_creates_and_marks(tmp_path):
    data_dir = DataDir.open(tmp_path / "data")
    try:
        assert (tmp_path / "data" / MARKER_NAME).is_file()
    finally:
        data_dir.release()
    DataDir.open(tmp_path / "data").release()  # reopening after release works


def test_second_holder_gets_a_clear_message(tmp_path):
    first = DataDir.open(tmp_path / "data")
    try:
        with pytest.raises(DataDirInUseError, match="in use by another novaberg process"):
            DataDir.open(tmp_path / "data")
    finally:
        first.release()


def test_second_process_cannot_share(tmp_path):
    """A clear message when a second process cannot share the data directory."""
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sys,time; from novaberg.store.datadir import DataDir; held = DataDir.open(sys.argv[1]); "
         "print('held', flush=True); time.sleep(30)", str(tmp_path / "data")],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(DataDirInUseError, match=f"pid {holder.pid}"):
            DataDir.open(tmp_path / "data")
    finally:
        holder.kill()
        holder.wait()
    time.sleep(0.05)
    DataDir.open(tmp_path / "data").release()


def test_corrupt_marker_is_refused_and_kept(tmp_path):
    path = tmp_path / "data"
    path.mkdir()
    (path / MARKER_NAME).write_text("{not json")
    (path / "pg").mkdir()
    (path / "pg" / "precious").write_text("x")
    with pytest.raises(DataDirError, match="corrupt"):
        DataDir.open(path)
    assert (path / "pg" / "precious").read_text() == "x"
    assert (path / MARKER_NAME).read_text() == "{not json"


def test_database_files_without_marker_are_refused(tmp_path):
    path = tmp_path / "data"
    (path / "pg").mkdir(parents=True)
    (path / "pg" / "base").mkdir()
    with pytest.raises(DataDirError, match="Nothing was changed"):
        DataDir.open(path)
    assert (path / "pg" / "base").is_dir()


def test_a_file_is_not_a_data_directory(tmp_path):
    (tmp_path / "data").write_text("x")
    with pytest.raises(DataDirError, match="not a directory"):
        DataDir.open(tmp_path / "data")


def test_missing_parents_are_created(tmp_path):
    """A fresh machine has no ~/.local/share; the default data directory is created anyway."""
    data_dir = DataDir.open(tmp_path / "no" / "such" / "data")
    try:
        assert (tmp_path / "no" / "such" / "data" / MARKER_NAME).is_file()
    finally:
        data_dir.release()


def test_directory_is_private_whatever_the_umask(tmp_path):
    """The data directory 0700, the files we keep in it 0600, also under umask 022 and
    for a directory that existed with looser modes."""
    path = tmp_path / "data"
    path.mkdir(mode=0o755)
    path.chmod(0o755)
    (path / "redis.db").write_text("words of the person")
    (path / "redis.db").chmod(0o644)
    previous = os.umask(0o022)
    try:
        (path / MARKER_NAME).write_text('{"format": 1}\n')
        data_dir = DataDir.open(path)
    finally:
        os.umask(previous)
    try:
        assert stat.S_IMODE(path.stat().st_mode) == 0o700
        for entry in path.iterdir():
            assert stat.S_IMODE(entry.stat().st_mode) == 0o600, entry.name
    finally:
        data_dir.release()


def test_the_lock_file_names_the_owners_pid_and_role(tmp_path):
    held = DataDir.open(tmp_path / "data", role="chat")
    try:
        assert (tmp_path / "data" / "novaberg.lock").read_text() == f"{os.getpid()} chat"
        with pytest.raises(DataDirInUseError, match=f"pid {os.getpid()}, chat") as refused:
            DataDir.open(tmp_path / "data", role="serve")
        assert (refused.value.pid, refused.value.role) == (os.getpid(), "chat")
    finally:
        held.release()


@pytest.mark.parametrize("role", ["command", "serve"])
def test_a_one_shot_owner_is_waited_for_and_then_the_directory_is_owned(tmp_path, role):
    """A one-shot owner (say, doctor, a backup) is waited for, by a command and by serve alike: the next one owns
    the directory once it is done."""
    from novaberg.core.settings import Settings
    from novaberg.store.stack import _claim

    held = DataDir.open(tmp_path / "data", role="command")
    releaser = threading.Timer(0.3, held.release)
    releaser.start()
    try:
        owned, owner = _claim(Settings(data_dir=tmp_path / "data"), role)
    finally:
        releaser.join()
    try:
        assert owner is None and owned is not None
        assert (tmp_path / "data" / "novaberg.lock").read_text() == f"{os.getpid()} {role}"
    finally:
        owned.release()


def test_the_facade_is_refused_at_once_beside_any_owner(tmp_path):
    """`Nova.open` without a role keeps the old behaviour: a clear refusal, no waiting."""
    from novaberg.core.settings import Settings
    from novaberg.store.stack import _claim

    held = DataDir.open(tmp_path / "data", role="command")
    try:
        with pytest.raises(DataDirInUseError, match="in use by another novaberg process"):
            _claim(Settings(data_dir=tmp_path / "data"), "novaberg")
    finally:
        held.release()


@pytest.mark.parametrize("owner_role", ["chat", "serve"])
def test_serve_is_refused_at_once_beside_a_lasting_owner(tmp_path, owner_role):
    from novaberg.core.settings import Settings
    from novaberg.store.stack import _claim

    held = DataDir.open(tmp_path / "data", role=owner_role)
    try:
        started = time.monotonic()
        with pytest.raises(DataDirInUseError, match=f"pid {os.getpid()}, {owner_role}"):
            _claim(Settings(data_dir=tmp_path / "data"), "serve")
        assert time.monotonic() - started < 1.0
    finally:
        held.release()
