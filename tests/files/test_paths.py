"""dateien.md §7: the boundary is enforced, not declared — resolve first, then check."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from novaberg.files.paths import (
    OutsideBoundaryError,
    RootNotUsableError,
    boundary_from_env,
    resolve_inside,
    resolve_root,
)


def _tree(base: Path) -> tuple[Path, Path]:
    inner = base / "home"
    outside = base / "elsewhere"
    (inner / "docs" / "sub").mkdir(parents=True)
    (outside / "secret").mkdir(parents=True)
    return inner.resolve(), outside.resolve()


def test_inside_is_resolved(tmp_path: Path) -> None:
    """§7 rule 3b: the gate shows the resolved path, not the input (`..` collapsed)."""
    home, _ = _tree(tmp_path)
    assert resolve_root(str(home / "docs" / "sub" / ".."), [home]) == home / "docs"


def test_dotdot_escape_refused(tmp_path: Path) -> None:
    """§7 rule 3c: `../..` is resolved before the check and refused; the refusal names the path as said and the
    boundary, never where it resolved to (§2a.2 shows a resolved path only inside the boundary)."""
    home, outside = _tree(tmp_path)
    said = str(home / "docs" / ".." / ".." / "elsewhere")
    with pytest.raises(OutsideBoundaryError) as err:
        resolve_root(said, [home])
    assert err.value.resolved == outside
    assert said in str(err.value) and str(home) in str(err.value)
    assert str(outside) not in str(err.value).replace(said, "")


def test_symlink_out_refused_symlink_in_allowed(tmp_path: Path) -> None:
    """§7 rule 1: a symlink inside the boundary pointing outside is refused; one pointing inside resolves."""
    home, outside = _tree(tmp_path)
    (home / "out").symlink_to(outside / "secret")
    (home / "in").symlink_to(home / "docs")
    with pytest.raises(OutsideBoundaryError):
        resolve_root(str(home / "out"), [home])
    assert resolve_root(str(home / "in"), [home]) == home / "docs"


def test_boundary_through_symlink(tmp_path: Path) -> None:
    """§7: a boundary named through a symlink means the directory behind it."""
    home, _ = _tree(tmp_path)
    (tmp_path / "link").symlink_to(home)
    assert resolve_root(str(home / "docs"), [tmp_path / "link"]) == home / "docs"


def test_unusable_roots(tmp_path: Path) -> None:
    """§8.2a: a missing path, a file, a symlink loop and an empty text are refused with a reason."""
    home, _ = _tree(tmp_path)
    (home / "file.txt").write_text("x")
    (home / "a").symlink_to(home / "b")
    (home / "b").symlink_to(home / "a")
    for raw in (str(home / "missing"), str(home / "file.txt"), str(home / "a"), "", "  ", "a\x00b"):
        with pytest.raises(RootNotUsableError):
            resolve_root(raw, [home])


def test_missing_outside_is_outside(tmp_path: Path) -> None:
    """§7 rule 3a: a missing path outside is reported as outside (the person sees where `..` lands)."""
    home, _ = _tree(tmp_path)
    with pytest.raises(OutsideBoundaryError):
        resolve_root(str(home / ".." / "nowhere"), [home])


def test_prefix_is_not_inside(tmp_path: Path) -> None:
    """§7: the check compares components, not text — /x/home2 is not inside /x/home."""
    home, _ = _tree(tmp_path)
    (tmp_path / "home2").mkdir()
    with pytest.raises(OutsideBoundaryError):
        resolve_root(str(tmp_path / "home2"), [home])


def test_deprecated_boundary_env_is_only_read_never_defaulted(tmp_path: Path) -> None:
    """NOVABERG_FILES_BOUNDARY is read only so doctor can warn; unset it is empty — the server
    account's home is never a default boundary."""
    assert boundary_from_env({}) == ()
    a, b = tmp_path / "a", tmp_path / "b"
    got = boundary_from_env({"NOVABERG_FILES_BOUNDARY": f"{a}{os.pathsep}{b}"})
    assert got == (a, b)


def test_resolve_inside_checks_every_file(tmp_path: Path) -> None:
    """§7 rule 1: a symlink inside a root that points outside is refused, never followed."""
    home, outside = _tree(tmp_path)
    (outside / "secret" / "p.txt").write_text("geheim")
    (home / "docs" / "leak.txt").symlink_to(outside / "secret" / "p.txt")
    with pytest.raises(OutsideBoundaryError):
        resolve_inside(home / "docs" / "leak.txt", home / "docs")


# --- fuzz: generated paths with `..`, `.`, `~`, symlink chains; no result ever lies outside the boundary

_NAMES = ["docs", "sub", "out", "in", "chain1", "chain2", "chain3", "loop1", "..", ".", "missing", "secret",
          "abs", "ü", "tiefer"]


@pytest.fixture(scope="module")
def fuzz_tree(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    base = tmp_path_factory.mktemp("fuzz").resolve()
    home, outside = _tree(base)
    (home / "docs" / "ü" / "tiefer").mkdir(parents=True)
    (home / "out").symlink_to(outside)
    (home / "in").symlink_to(home / "docs")
    (home / "docs" / "chain1").symlink_to(home / "docs" / "chain2")
    (home / "docs" / "chain2").symlink_to(home / "docs" / "chain3")
    (home / "docs" / "chain3").symlink_to("../../elsewhere/secret")  # a chain that ends outside
    (home / "docs" / "sub" / "chain1").symlink_to("../ü")  # a chain that stays inside
    (home / "docs" / "sub" / "chain2").symlink_to("chain1/tiefer/../..")
    (home / "loop1").symlink_to(home / "loop1")
    (home / "docs" / "abs").symlink_to("/")
    (outside / "secret" / "in").symlink_to(home)  # back inside through the outside
    return home, outside


@settings(max_examples=1200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(parts=st.lists(st.sampled_from(_NAMES), min_size=0, max_size=8),
       start=st.sampled_from(["home", "outside", "docs", "rel"]))
def test_fuzz_no_escape(fuzz_tree: tuple[Path, Path], parts: list[str], start: str) -> None:
    """§7 (fuzz): ≥ 1,000 generated paths with symlink chains; every granted path is inside."""
    home, outside = fuzz_tree
    base = {"home": str(home), "outside": str(outside), "docs": str(home / "docs"), "rel": ""}[start]
    raw = os.path.join(base, *parts) if (base or parts) else "."
    try:
        got = resolve_root(raw, [home])
    except OutsideBoundaryError as err:
        assert not err.resolved.is_relative_to(home)
        return
    except RootNotUsableError:
        return
    real = Path(os.path.realpath(got))
    assert real == got and got.is_relative_to(home) and got.is_dir()
