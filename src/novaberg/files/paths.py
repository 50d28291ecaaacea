"""Path safety of the files service (dateien.md §7): resolve first, then check against the boundary.

The boundary is the person's own allow-list: the directories the operator allowed for *this*
person (`novaberg roots allow --user …`, table `dateien_erlaubt`). `resolve_root` turns what a person said
into a directory: `..` and every symlink are resolved *before* the check (§7 rule 3c); `~` and relative paths
are refused (they would name the server account's home or working directory, never the person's). The
result must lie inside one of the person's entries, must not be or lie below a dot directory, and must
neither lie in nor contain the data directory. Refused paths are never granted, not even on confirmation
(§7 rule 3a). `admission_problem` is the same check for every later use (watcher, reading, deepening);
`inside` is the check for every opened file (§7 rule 1). Nothing here writes to the person's files.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from novaberg.core.settings import FILES_BOUNDARY_ENV
from novaberg.files import texts

__all__ = ["OutsideBoundaryError", "NothingAllowedError", "RootNotUsableError", "SharedByOtherError",
           "resolve_root", "boundary_from_env", "inside", "resolve_inside", "allowing_entry",
           "admission_problem", "hidden_part", "landing_of"]


class OutsideBoundaryError(ValueError):
    """The resolved path lies outside the person's allow-list (dateien.md §7, §8.2a).

    `said` is the path as the person gave it; `resolved` where it led (None: it could not be followed). The
    message names only `said` and the allow-list — where a path outside the allowed entries resolves to is the
    server's business (a `/proc/self/cwd` would show the server's working directory, a symlink out of an
    allowed entry a directory the person may not see), dateien.md §2a.2 shows the resolved path only inside."""

    def __init__(self, resolved: Path | None, boundary: Sequence[Path], said: str | None = None) -> None:
        self.resolved = resolved
        self.said = said if said is not None else str(resolved)
        self.boundary = tuple(boundary)
        allowed = ", ".join(str(b) for b in self.boundary) or "(keiner konfiguriert)"
        super().__init__(f"{self.said} liegt außerhalb des zulässigen Bereichs; zulässig: {allowed}")


class NothingAllowedError(OutsideBoundaryError):
    """The person has no allowed directory at all: nothing can be shared."""

    def __init__(self, said: str) -> None:
        super().__init__(None, (), said)
        ValueError.__init__(self, texts.NOTHING_ALLOWED)


class RootNotUsableError(ValueError):
    """The path does not name a usable directory (missing, a file, a loop, unreadable, hidden, data dir)."""

    def __init__(self, raw: str, reason: str) -> None:
        self.raw = raw
        self.reason = reason
        super().__init__(f"{raw!r} ist kein lesbares Verzeichnis: {reason}")


class SharedByOtherError(RootNotUsableError):
    """Another person shares this directory, an ancestor or a descendant of it, and it is not allowed for
    both. The other person is not named."""


def boundary_from_env(env: Mapping[str, str] | None = None) -> tuple[Path, ...]:
    """The entries of the deprecated `NOVABERG_FILES_BOUNDARY` — read by `doctor` only, to warn; it grants
    nothing any more. Empty when unset."""
    env = os.environ if env is None else env
    raw = env.get(FILES_BOUNDARY_ENV, "")
    return tuple(Path(part.strip()) for part in raw.split(os.pathsep) if part.strip())


def inside(path: Path, container: Path) -> bool:
    """Whether the (already resolved) `path` is `container` or lies below it — by components, not text."""
    try:
        path.relative_to(container)
    except ValueError:
        return False
    return True


def allowing_entry(path: Path, boundary: Sequence[Path]) -> Path | None:
    """The allow-list entry that admits the resolved `path` (the deepest one), or None."""
    holding = [Path(b) for b in boundary if inside(path, Path(b))]
    return max(holding, key=lambda b: len(b.parts)) if holding else None


def hidden_part(path: Path, entry: Path) -> str | None:
    """The first dot component of `path` below `entry`, the root's own name included (None: none)."""
    for part in path.relative_to(entry).parts:
        if part.startswith("."):
            return part
    return path.name if path.name.startswith(".") else None


def admission_problem(root: Path, boundary: Sequence[Path], forbidden: Sequence[Path] = ()) -> str | None:
    """Why the resolved `root` may not be read for the person whose allow-list is `boundary` (None: it may).

    The one check behind the gate and every later use (watcher, reading, deepening)."""
    entry = allowing_entry(root, boundary)
    if entry is None:
        return texts.NOTHING_ALLOWED if not boundary else texts.ROOT_OUTSIDE
    hidden = hidden_part(root, entry)
    if hidden is not None:
        return texts.HIDDEN_ROOT.format(teil=hidden)
    for data_dir in forbidden:
        if inside(root, data_dir) or inside(data_dir, root):
            return texts.DATA_DIR_ROOT
    return None


def landing_of(said: str) -> Path | None:
    """Where the absolute path `said` leads once `..` and every symlink that can be followed are resolved; None
    when following it is refused (a link the server may not read, such as `/proc/1/cwd`)."""
    try:
        return Path(os.path.realpath(said))
    except (OSError, RuntimeError, ValueError):
        return None


def resolve_root(raw: str, boundary: Sequence[Path], forbidden: Sequence[Path] = ()) -> Path:
    """The resolved absolute directory `raw` names, if the person's allow-list `boundary` admits it.

    Raises NothingAllowedError (empty allow-list), OutsideBoundaryError (what was said and the allow-list
    named, never where it led) or RootNotUsableError (`~`, relative, missing, not a directory, loop,
    unreadable, hidden, data directory — these name a path only when it lies inside an allowed entry).
    `forbidden` holds the data directory: a root in it or around it is refused.
    The boundary is checked before anything else is asked of the path, so a path outside it gives the same
    answer whether it exists, is readable or loops (nothing about the server's tree leaks through the reason).
    """
    if not isinstance(raw, str) or not raw.strip() or "\x00" in raw:
        raise RootNotUsableError(str(raw), "leerer oder ungültiger Pfad")
    said = raw.strip()
    if said.startswith("~"):
        raise RootNotUsableError(raw, texts.TILDE_REFUSED)
    if not os.path.isabs(said):
        raise RootNotUsableError(raw, texts.RELATIVE_REFUSED)
    bounds = [Path(os.path.realpath(b)) for b in boundary]
    if not bounds:
        raise NothingAllowedError(said)
    landing = landing_of(said)
    if landing is None or allowing_entry(landing, bounds) is None:
        raise OutsideBoundaryError(landing, bounds, said)
    try:
        resolved = Path(said).resolve(strict=True)
    except FileNotFoundError:
        # inside an allowed entry: show where it would land, so the person sees what `..` did; then refuse
        raise RootNotUsableError(raw, f"{landing} gibt es nicht") from None
    except RuntimeError as err:  # symlink loop (Python 3.11 raises RuntimeError)
        raise RootNotUsableError(raw, "Verknüpfungsschleife") from err
    except OSError as err:
        raise RootNotUsableError(raw, err.strerror or type(err).__name__) from err
    if allowing_entry(resolved, bounds) is None:  # it changed between the two looks: still outside, still unnamed
        raise OutsideBoundaryError(resolved, bounds, said)
    problem = admission_problem(resolved, bounds, [Path(os.path.realpath(f)) for f in forbidden])
    if problem is not None:
        raise RootNotUsableError(raw, problem)
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
        raise OutsideBoundaryError(real, [root], str(path))
    return real
