"""The command line (typer + rich): one module per group of commands, registered on the root app here. The
command line is the only place that reads the wall clock.

The entry point is `novaberg = "novaberg.cli:main"`. A module imports what a command needs inside the command,
so a command that talks to a running server imports no LangGraph and no database driver.
"""

from __future__ import annotations

import importlib

from novaberg.cli.base import app
from novaberg.cli.main import main

__all__ = ["app", "main"]

# Importing a module registers its commands; `novaberg --help` lists them in this order.
COMMAND_MODULES = ("talk", "demo", "doctor", "serve", "tokens", "directives", "roots", "knowledge", "memory",
                   "operations", "person", "calendar")
for _module in COMMAND_MODULES:
    importlib.import_module(f"novaberg.cli.{_module}")
