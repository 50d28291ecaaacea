"""`novaberg memory show --user U --character C` and `novaberg memory reembed` (real processes)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.memory.helpers import NOW, agent, remember

_NOVABERG = Path(sys.executable).with_name("novaberg")


def _run(args, db, redis, tmp_path):
    socket_path = redis.connection_pool.connection_kwargs.get("path")
    if not socket_path:
        pytest.skip("needs the embedded Redis' socket")
    env = {**os.environ, "NOVABERG_DATABASE_URL": db.url, "NOVABERG_REDIS_URL": f"unix://{socket_path}",
           "NOVABERG_DATA_DIR": str(tmp_path / "data"), "COLUMNS": "200"}
    return subprocess.run([str(_NOVABERG), *args], capture_output=True, text=True, env=env, timeout=120)


def test_memory_show_prints_both_memories(db, redis, tmp_path):
    remember(redis, "Mein Hund heißt Bello.", "t1")
    agent(db, redis).run(NOW)
    remember(redis, "Ich mag Jazz.", "t2", raw=0.55)
    result = _run(["memory", "show", "--json", "--user", "u1", "--character", "nova"], db, redis, tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    shown = json.loads(result.stdout)
    assert [e["inhalt"] for e in shown["kurzzeit"]] == ["Ich mag Jazz."] and shown["kurzzeit"][0]["ttl_sekunden"] > 0
    assert [n["inhalt"] for n in shown["langzeit"]] == ["Mein Hund heißt Bello."]
    assert shown["langzeit"][0]["gewicht_decay"] == 1.0 and shown["embedder"]["dimensionen"] == 768


def test_memory_show_refuses_a_bad_id(db, redis, tmp_path):
    result = _run(["memory", "show", "--json", "--user", "", "--character", "nova"], db, redis, tmp_path)
    assert result.returncode == 2


def test_memory_reembed(db, redis, tmp_path):
    remember(redis, "Mein Hund heißt Bello.", "t1")
    agent(db, redis).run(NOW)
    result = _run(["memory", "reembed", "--json"], db, redis, tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    assert json.loads(result.stdout)["neu_eingebettet"] == 1
