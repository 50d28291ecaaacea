"""„Merk dir in deinem Wissen: …" writes into her own zone through the conversation (dateien.md §3a)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from novaberg.files.knowledge import check_invariant, parse
from novaberg.files.knowledge.pairs import pair_zone
from novaberg.files.knowledge.service import file_name, parse_order, route_hint
from tests.support import berlin

NOW = berlin(2026, 12, 1, 10)


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The zone lies in the running Nova's data directory (the `nova` fixture's is tmp_path) — never in the
    one the environment names."""
    monkeypatch.setenv("NOVABERG_DATA_DIR", str(tmp_path / "elsewhere"))
    return tmp_path


def test_order_is_read() -> None:
    assert parse_order("Merk dir in deinem Wissen zu Napoleon: Er wurde 1769 auf Korsika geboren.") == (
        "Napoleon", "Er wurde 1769 auf Korsika geboren.")
    assert parse_order("Merk dir in deinem Wissen") == (None, "")
    assert file_name("Marie-Louise von Österreich", "x") == "marie-louise-von-oesterreich.md"
    assert file_name(None, "Der Schrühbrand läuft bei 900 Grad.") == "schruehbrand.md"
    assert route_hint("Merk dir in deinem Wissen: Bach war Thomaskantor.") > 0.9
    assert route_hint("Merk dir, dass ich Milch brauche") == 0.0


def test_written_through_the_turn_versioned_and_once(nova: Any, data_dir: Path) -> None:
    """§3a.2a: the write is an anchored edit, read back; the same order twice writes once (§4b.3)."""
    assert "wissen" in nova.deps.registry.names()
    order = "Merk dir in deinem Wissen zu Napoleon: Er wurde 1769 auf Korsika geboren."
    first = nova.turn("u1", "nova", order, NOW)
    service = next(s for s in first.services if s["name"] == "wissen")
    assert service["status"] == "abgeschlossen" and any(step.get("verifiziert") for step in service["steps"])
    target = pair_zone(data_dir, "u1", "nova") / "napoleon.md"
    text = target.read_text(encoding="utf-8")
    assert "[i1>] Er wurde 1769 auf Korsika geboren." in text
    check_invariant(parse(text))
    assert "knowledge/napoleon.md" in first.answer
    again = nova.turn("u1", "nova", order, NOW)
    assert "schon" in again.answer
    assert target.read_text(encoding="utf-8") == text


def test_an_anchor_in_the_order_is_refused(nova: Any, data_dir: Path) -> None:
    result = nova.turn("u1", "nova", "Merk dir in deinem Wissen zu Napoleon: Marke [c5>] mitten drin.", NOW)
    service = next(s for s in result.services if s["name"] == "wissen")
    assert service["status"] == "fehler" and "nichts geändert" in result.answer
    assert not (pair_zone(data_dir, "u1", "nova") / "napoleon.md").exists()


def test_the_zone_follows_the_running_nova_not_the_environment(nova: Any, data_dir: Path) -> None:
    """Nova.open(data_dir=…) keeps her own zone there: a NOVABERG_DATA_DIR of another instance is not written."""
    nova.turn("u1", "nova", "Merk dir in deinem Wissen zu Napoleon: Er wurde 1769 auf Korsika geboren.", NOW)
    assert (pair_zone(data_dir, "u1", "nova") / "napoleon.md").is_file()
    assert not (data_dir / "elsewhere").exists()
