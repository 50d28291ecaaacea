"""Path safety of the files service (dateien.md §7): resolve first, then check against the boundary.

`resolve_root` turns what a person or an operator said into a directory: `~`, `..` and every symlink are
resolved *before* the check (§7 rule 3c), and the result must lie inside one directory of the configured
outer boundary (`NOVABERG_FILES_BOUNDARY`, default: the home directory of the user running the server).
Outside is refused with the resolved path and the allowed boundary — never granted, not even on
confirmation (§7 rule 3a). `inside` is the same check for every file the watcher opens (§7 rule 1).
Nothing here writes to the person's files.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from novaberg.core.settings import FILES_BOUNDARY_ENV

__all__ = ["OutsideBoundaryError", "RootNotUsableError", "resolve_root", "boundary_from_env", "inside",
           "resolve_inside"]


class OutsideBoundaryError(ValueError):
    """The resolved path lies outside the configured boundary (dateien.md §7, §8.2a)."""

    def __init__(self, resolved: Path, boundary: Sequence[Path]) -> None:
        self.resolved = resolved
        self.boundary = tuple(boundary)
        allowed = ", ".join(str(b) for b in self.boundary) or "(keiner konfiguriert)"
        super().__init__(f"{resolved} liegt außerhalb des zulässigen Bereichs; zulässig: {allowed}")


class RootNotUsableError(ValueError):
    """The path does not name a readable directory (missing, a file, a symlink loop, unreadable)."""

    def __init__(self, raw: str, reason: str) -> None:
        self.raw = raw
        self.reason = reason
        super().__init__(f"{raw!r} ist kein lesbares Verzeichnis: {reason}")


def boundary_from_env(env: Mapping[str, str] | None = None) -> tuple[Path, ...]:
    """The boundary directories: `NOVABERG_FILES_BOUNDARY` (os.pathsep-separated), else the home directory.

    Each entry is resolved (a boundary given through a symlink means the directory behind it).
    """
    env = os.environ if env is None else env
    raw = env.get(FILES_BOUNDARY_ENV, "")
    entries = [part for part in raw.split(os.pathsep) if part.strip()] or [str(Path.home())]
    return tuple(_resolve_boundary(entry) for entry in entries)


def _resolve_boundary(entry: str) -> Path:
    path = Path(os.path.expanduser(entry.strip()))
    if not path.is_absolute():
        raise ValueError(f"boundary entry {entry!r} is not an absolute path ({FILES_BOUNDARY_ENV})")
    return Path(os.path.realpath(path))


def inside(path: Path, container: Path) -> bool:
    """Whether the (already resolved) `path` is `container` or lies below it — by components, not text."""
    try:
        path.relative_to(container)
    except ValueError:
        return False
    return True


def resolve_root(raw: str, boundary: Sequence[Path]) -> Path:
    """The resolved absolute directory `raw` names, if it lies inside the boundary.

    Raises OutsideBoundaryError (resolved path and boundary named) or RootNotUsableError (missing, not a
    directory, symlink loop, unreadable). A relative path is taken relative to the working directory.
    """
    if not isinstance(raw, str) or not raw.strip() or "\x00" in raw:
        raise RootNotUsableError(str(raw), "leerer oder ungültiger Pfad")
    bounds = [Path(os.path.realpath(b)) for b in boundary]
    try:
        resolved = Path(os.path.expanduser(raw.strip())).resolve(strict=True)
    except FileNotFoundError:
        # Show where it would land, so the person sees what `..` did; then refuse.
        landing = Path(os.path.realpath(os.path.expanduser(raw.strip())))
        if not any(inside(landing, b) for b in bounds):
            raise OutsideBoundaryError(landing, bounds) from None
        raise RootNotUsableError(raw, f"{landing} gibt es nicht") from None
    except RuntimeError as err:  # symlink loop (Python 3.11 raises RuntimeError)
        raise RootNotUsableError(raw, "Verknüpfungsschleife") from err
    except OSError as err:
        raise RootNotUsableError(raw, err.strerror or type(err).__name__) from err
    if not any(inside(resolved, b) for b in bounds):
        raise OutsideBoundaryError(resolved, bounds)
    if any("\ud800" <= char <= "\udfff" for char in str(resolved)):  # undecodable bytes: not storable as text
        raise RootNotUsableError(raw, "Pfad ist kein gültiges UTF-8")
    if not resolved.is_dir():
        raise RootNotUsableError(raw, f"{resolved} ist kein Verzeichnis")
    if not os.access(resolved, os.R_OK | os.X_OK):
        raise RootNotUsableError(raw, f"{resolved} ist nicht lesbar")
    return resolved


def resolve_inside(path: Path, root: Path) -> Path:
    """The real path of `path`, checked to lie inside `root` (§7 rule 1: every opened file).

    Raises OutsideBoundaryError for a path that escapes the root after resolution, FileNotFoundError for a
    broken symlink, RuntimeError/OSError for a loop.
    """
    real = path.resolve(strict=True)
    if not inside(real, root):
        raise OutsideBoundaryError(real, [root])
    return real
