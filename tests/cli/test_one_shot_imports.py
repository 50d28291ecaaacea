"""What a one-shot `say` without a server loads before its turn: the command line, the facade, the turn graph and
the catalog — not the web server, and no pattern it does not need yet. A command that runs Nova itself pays every
module it imports and every pattern compiled at import on each start (the cold `say`)."""

from __future__ import annotations

import json
import subprocess
import sys

# The modules `say` imports on its own path (cli → Nova.open → its side thread's turn modules).
_PROBE = """
import json, sys
import novaberg.cli, novaberg.api.nova, novaberg.graph.turn, novaberg.api.catalog
from novaberg.timeparse import positive_form
print(json.dumps({"loaded": sorted({m.split(".")[0] for m in sys.modules}),
                  "move_patterns_compiled": positive_form._patterns.cache_info().currsize}))
"""
WEB_SERVER = {"fastapi", "starlette", "uvicorn", "jinja2", "multipart"}


def _probe() -> dict:
    done = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_command_that_runs_nova_itself_loads_no_web_server_and_compiles_no_move_pattern():
    """The web server's packages are for `serve` only; the five move-order patterns (a reschedule) are compiled
    by the first move order, not by every start."""
    found = _probe()
    assert not WEB_SERVER & set(found["loaded"]), sorted(WEB_SERVER & set(found["loaded"]))
    assert found["move_patterns_compiled"] == 0
