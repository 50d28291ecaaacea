"""Run probes in fresh `novaberg` imports, several import orders for the price of one interpreter.

Import order can only matter the first time a module is imported, so every probe needs an interpreter in which
no `novaberg` module was imported yet. Starting one interpreter per order pays the third-party imports
(langgraph, langsmith, pydantic, psycopg — about three quarters of the import time) every time. Here one
interpreter imports those packages once and forks a child per case; each child asserts that no `novaberg` module
is loaded, sets `sys.argv` and runs the probe, which imports `novaberg` in the order the case names."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

# Third-party packages that importing the catalog pulls in; none of them imports `novaberg`.
PRELOAD = (
    "langsmith", "langchain_core.runnables", "langchain_core.messages", "langgraph.graph", "langgraph.runtime",
    "langgraph.types", "langgraph.config", "pydantic", "psycopg", "psycopg_pool", "pgvector.psycopg", "redis",
    "rich", "httpx", "requests", "psutil", "click", "numpy",
)

_RUNNER = r"""
import importlib, io, json, os, sys, traceback, contextlib
for name in json.loads(sys.argv[1]):
    try:
        importlib.import_module(name)
    except ImportError:
        pass
loaded = sorted(name for name in sys.modules if name == "novaberg" or name.startswith("novaberg."))
if loaded:
    raise SystemExit(f"a preloaded package imported novaberg: {loaded}")
results = []
for probe, modules in json.loads(sys.stdin.read()):
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        code = 0
        out = io.StringIO()
        try:
            assert not [n for n in sys.modules if n == "novaberg" or n.startswith("novaberg.")]
            sys.argv = ["-c", *modules]
            with contextlib.redirect_stdout(out):
                exec(compile(probe, "<probe>", "exec"), {"__name__": "__main__"})
        except BaseException:
            traceback.print_exc()
            code = 1
        with os.fdopen(write_end, "w") as pipe:
            pipe.write(out.getvalue())
        sys.stderr.flush()
        os._exit(code)
    os.close(write_end)
    with os.fdopen(read_end) as pipe:
        text = pipe.read()
    _, status = os.waitpid(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"probe for {modules} failed")
    results.append(json.loads(text))
print(json.dumps(results))
"""


def run_fresh(cases: list[tuple[str, tuple[str, ...]]]) -> list[dict[str, Any]]:
    """Each case is (probe source, modules to import first, in order); returns each probe's printed JSON."""
    done = subprocess.run([sys.executable, "-c", _RUNNER, json.dumps(PRELOAD)],
                          input=json.dumps([[probe, list(modules)] for probe, modules in cases]),
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
