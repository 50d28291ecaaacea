"""Issue 31 item 2: a person's export — `GET /api/export` and `write_export` give one zip with appointments as
iCalendar (parsed back by vobject), notes and lists as Markdown, memory and directives as JSON, the shared
directories and the chat history; bob's data is never in anna's zip; an unknown person gets nothing written."""

from __future__ import annotations

import io
import json
import tempfile
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import vobject
from fastapi.testclient import TestClient

from novaberg.api.app import create_app
from novaberg.api.auth import PersonTokens
from novaberg.api.person_export import UnknownPersonError, write_export
from novaberg.core.clock import FixedClock
from novaberg.directives.repository import DirectivesRepository
from novaberg.notes.repository import NotesRepository
from tests.support import berlin

NOW = berlin(2026, 3, 2, 10)
MARKERS = {"anna": ("Zahnarzt", "Safranfäden", "Zitronenfalter", "Hallo Nova, ich bin Anna"),
           "bob": ("Quellmalz", "Ortwinsky", "Kranichflug", "Hallo Nova, ich bin Bob")}


def _seed(nova: Any, user: str, shared: Path) -> None:
    appointment, item, directive, greeting = MARKERS[user]
    nova.turn(user, "nova", greeting, NOW)
    nova.turn(user, "nova", f"Morgen um 10 Uhr {appointment} und erinner mich eine Stunde vorher", NOW)
    NotesRepository(nova.stack.db).insert(user, "Einkaufsliste", "einkauf", f"Milch\n{item}", ["Einkauf"], NOW)
    DirectivesRepository(nova.stack.db).add(user, "nova", f"Sag nie {directive}", NOW)
    folder = shared / user
    folder.mkdir(parents=True)
    (folder / "rezept.md").write_text("# Kuchen\n", encoding="utf-8")
    nova.files.allow(user, str(folder), now=NOW)
    nova.files.grant(user, "nova", str(folder), now=NOW)


def _open(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


@pytest.fixture
def seeded(nova: Any) -> Iterator[Any]:
    with tempfile.TemporaryDirectory(prefix="novaberg-export-shared-") as shared:  # outside the data directory
        for user in ("anna", "bob"):
            _seed(nova, user, Path(shared))
        yield nova


def test_export_over_http_has_every_part_and_only_the_persons_own(seeded, tmp_path):
    tokens = PersonTokens(seeded.stack.db)
    auth = {"Authorization": f"Bearer {tokens.create('anna', NOW)}"}
    client = TestClient(create_app(seeded, FixedClock(NOW), token="operator-token-export-0123456789",
                                   person_tokens=tokens), base_url="http://127.0.0.1:8765")
    response = client.get("/api/export", headers=auth)
    assert response.status_code == 200 and response.headers["content-type"] == "application/zip"
    files = _open(response.content)
    assert {"README.txt", "kalender.ics", "gedaechtnis/nova.json", "direktiven/nova.json", "ordner.json",
            "verlauf/nova.json"} <= set(files)
    calendar = vobject.readOne(files["kalender.ics"].decode())
    (event,) = calendar.vevent_list
    assert event.summary.value == "Zahnarzt" and event.valarm.trigger.value.total_seconds() == -3600
    notes = [data.decode() for name, data in files.items() if name.startswith("notizen/")]
    assert len(notes) == 1 and notes[0].startswith("# Einkaufsliste") and "Safranfäden" in notes[0]
    assert [d["text"] for d in json.loads(files["direktiven/nova.json"])] == ["Sag nie Zitronenfalter"]
    history = json.loads(files["verlauf/nova.json"])
    assert history[0]["mensch"] == "Hallo Nova, ich bin Anna" and history[0]["nova"]
    roots = json.loads(files["ordner.json"])
    assert roots["erlaubt"] and all("anna" in json.dumps(entry) for entry in roots["erlaubt"])
    assert json.loads(files["gedaechtnis/nova.json"])["user_id"] == "anna"
    everything = b"".join(files.values()).decode("utf-8", "replace")
    for marker in MARKERS["bob"]:
        assert marker not in everything, marker
    assert "bob" not in everything
    assert client.get("/api/export?user_id=bob", headers=auth).status_code == 403
    assert client.get("/api/export").status_code == 401


def test_write_export_renames_at_the_end_and_an_unknown_person_writes_nothing(seeded, tmp_path):
    target = tmp_path / "out" / "anna.zip"
    target.parent.mkdir()
    assert write_export(seeded, "anna", target, NOW) == target
    assert sorted(p.name for p in target.parent.iterdir()) == ["anna.zip"]  # no temporary file left
    assert "kalender.ics" in _open(target.read_bytes())
    with pytest.raises(UnknownPersonError, match="Von carla ist nichts gespeichert"):
        write_export(seeded, "carla", target.parent / "carla.zip", NOW)
    assert sorted(p.name for p in target.parent.iterdir()) == ["anna.zip"]
