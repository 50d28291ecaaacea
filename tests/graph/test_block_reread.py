"""After a verified write the blocks are read again only where the write can show: the appointments after a
timeline write, none after a list add. The other blocks of the turn's first read are handed on as read."""

from __future__ import annotations

import dataclasses
from datetime import timedelta
from typing import Any

import pytest

from novaberg.agents.registry import Registry, ServiceEntry
from novaberg.timeline.repository import NewRow, TimelineRepository
from tests.support import berlin

NOW = berlin(2026, 11, 30, 9)  # Monday


def _readers_run(monkeypatch: Any, nova: Any) -> list[str]:
    """The names of the block readers run from now on, in order."""
    from novaberg.agents.registry import Registry as RegistryType

    ran: list[str] = []
    registry = nova.deps.registry

    def counting(name: str, reader: Any) -> Any:
        def read(state: Any, deps: Any) -> Any:
            ran.append(name)
            return reader(state, deps)

        return read

    counted = RegistryType(registry.services, tuple((n, counting(n, r)) for n, r in registry.readers))
    monkeypatch.setattr(nova, "deps", dataclasses.replace(nova.deps, registry=counted))
    return ran


def _blocks_composed(monkeypatch: Any) -> list[dict[str, str]]:
    """The blocks the composer got, one dict per turn from now on."""
    from novaberg.graph import nodes

    seen: list[dict[str, str]] = []
    compose = nodes.compose

    def spying(asker: Any, text: str, services: Any, blocks: dict[str, str], *args: Any, **kwargs: Any) -> Any:
        seen.append(dict(blocks))
        return compose(asker, text, services, blocks, *args, **kwargs)

    monkeypatch.setattr(nodes, "compose", spying)
    return seen


def test_a_list_add_reads_no_block_a_second_time(nova, monkeypatch):
    """A note is in no block: after the verified list add every block of the first read stands, none is read
    again. Two persons, each her own list."""
    for user in ("anna", "ben"):
        nova.turn(user, "nova", "Leg eine Einkaufsliste an", NOW)
    ran = _readers_run(monkeypatch, nova)
    readers = [name for name, _ in nova.deps.registry.readers]
    for user, item in (("anna", "Milch"), ("ben", "Brot")):
        ran.clear()
        result = nova.turn(user, "nova", f"Setz {item} auf die Einkaufsliste", NOW + timedelta(minutes=1))
        assert result.services[-1]["status"] == "abgeschlossen", result.services
        assert ran == readers, (user, ran)
    lists = {user: " ".join(n["text"] for n in nova.notes.list(user) if n["name"] == "Einkaufsliste")
             for user in ("anna", "ben")}
    assert "Milch" in lists["anna"] and "Brot" not in lists["anna"], lists
    assert "Brot" in lists["ben"] and "Milch" not in lists["ben"], lists


def test_after_a_timeline_write_only_the_appointments_are_read_again_and_show_it(nova, monkeypatch):
    """The new appointment is in the [TERMINE] block the composer gets (read again after the write); the memory,
    date, files and resubmission readers ran once. Two persons: each block shows only her own appointment."""
    for user in ("anna", "ben"):
        nova.turn(user, "nova", "Hallo", NOW)
    ran = _readers_run(monkeypatch, nova)
    composed = _blocks_composed(monkeypatch)
    readers = [name for name, _ in nova.deps.registry.readers]
    for user, title, other in (("anna", "Zahnarzt", "Friseur"), ("ben", "Friseur", "Zahnarzt")):
        ran.clear()
        composed.clear()
        result = nova.turn(user, "nova", f"Trag mir am 02.12. um 9 Uhr {title} ein", NOW)
        assert result.answer.startswith(f"Eingetragen: „{title}"), result.answer
        assert ran == [*readers, "termine"], (user, ran)
        shown = composed[-1]["[TERMINE]"]
        assert title in shown and other not in shown, (user, shown)


def test_a_due_resubmission_stays_in_the_blocks_of_a_turn_that_writes(nova, db, monkeypatch):
    """timeline.md §8: a due resubmission is mentioned once — its reader hands it over once and forgets it. A turn
    with a timeline write reads the blocks again; the mention of its first read still reaches the composer.
    Another person's turn gets no such block."""
    when = NOW - timedelta(days=8)
    TimelineRepository(db).insert("anna", "nova", NewRow.for_type("termin", title="Augenarzt", event_time=when,
                                                                  precision="minute"), when - timedelta(days=2))
    assert nova.pixie.tick(NOW)["wiedervorlage"]["neu_gemeldet"] == 1
    composed = _blocks_composed(monkeypatch)
    nova.turn("anna", "nova", "Trag mir am 02.12. um 9 Uhr Zahnarzt ein", NOW + timedelta(hours=1))
    assert "[WIEDERVORLAGE]" in composed[-1] and "Augenarzt" in composed[-1]["[WIEDERVORLAGE]"], composed[-1]
    nova.turn("ben", "nova", "Trag mir am 02.12. um 9 Uhr Zahnarzt ein", NOW + timedelta(hours=1))
    assert "[WIEDERVORLAGE]" not in composed[-1], composed[-1]


def _entry(name: str, changes: tuple[str, ...] | None) -> ServiceEntry:
    class Service:
        pass

    service = Service()
    service.name = name  # type: ignore[attr-defined]
    return ServiceEntry(service, lambda text: 0.0, changes_blocks=changes)  # type: ignore[arg-type]


def test_a_service_that_declares_no_blocks_gets_every_block_read_again():
    """Only a declared list narrows the re-read; no declaration (or an unknown service) means any block may show
    the write, and a declaration naming a reader that is not there is refused."""
    readers = (("a", lambda s, d: None), ("b", lambda s, d: None), ("c", lambda s, d: None))
    registry = Registry.of([_entry("narrow", ("c", "a")), _entry("none", ()), _entry("open", None)], readers)
    assert [n for n, _ in registry.readers_changed_by(["narrow"])] == ["a", "c"]
    assert [n for n, _ in registry.readers_changed_by(["none"])] == []
    assert [n for n, _ in registry.readers_changed_by(["none", "narrow"])] == ["a", "c"]
    assert [n for n, _ in registry.readers_changed_by(["narrow", "open"])] == ["a", "b", "c"]
    assert [n for n, _ in registry.readers_changed_by(["unknown"])] == ["a", "b", "c"]
    with pytest.raises(ValueError, match="narrow: x"):
        Registry.of([_entry("narrow", ("x",))], readers)
