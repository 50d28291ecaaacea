"""Issue 24 "Done when": over HTTP, one person sees no byte of another's data — in no endpoint, no answer and
no block (memory, notes, appointments, directives, roots, knowledge, files).

anna and bob each sign in with their own token. anna fills every store through `/turn` (and her views show
it, so the test cannot pass on empty stores); then bob walks every GET view the OpenAPI description lists,
asks the questions that would surface anna's data, and even tries to share anna's directory — and no
response of his carries any of anna's markers, her id or her paths.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from novaberg.api.app import create_app
from novaberg.api.auth import PersonTokens
from novaberg.core.clock import FixedClock
from tests.support import berlin

TOKEN = "operator-token-two-persons-0123456789"
BASE = "http://127.0.0.1:8765"
NOW = berlin(2026, 11, 30, 10)  # Monday
# One marker per store; none of them can appear in bob's responses by chance.
APPOINTMENT = "Quellmalz"
LIST_ITEM = "Safranfäden"
FACT = "Wilhelmine"
DIRECTIVE = "Zitronenfalter"
FILE_LINE = "Ortwinsky"
KNOWLEDGE = "Codewort Kranich7"  # bob's question names "Kranich7" himself: the marker is anna's text around it
MARKERS = (APPOINTMENT, LIST_ITEM, FACT, DIRECTIVE, FILE_LINE, KNOWLEDGE)


class Person:
    def __init__(self, client: TestClient, user_id: str, token: str) -> None:
        self.client, self.user_id = client, user_id
        self.auth = {"Authorization": f"Bearer {token}"}
        self.seen: list[tuple[str, str]] = []  # (what was asked, the raw response text)

    def turn(self, text: str, character: str = "nova") -> dict[str, Any]:
        response = self.client.post("/turn", json={"user_id": self.user_id, "character_id": character, "text": text},
                                    headers=self.auth)
        self.seen.append((f"/turn {character}: {text}", response.text))
        assert response.status_code == 200, response.text
        return response.json()

    def get(self, path: str) -> Any:
        response = self.client.get(path, headers=self.auth)
        self.seen.append((path, response.text))
        return response


@pytest.fixture
def home() -> Iterator[Path]:
    """The persons' directories, outside the test Nova's data directory (`tmp_path`), which no one may share."""
    with tempfile.TemporaryDirectory(prefix="novaberg-home-", ignore_cleanup_errors=True) as folder:
        yield Path(folder).resolve()


@pytest.fixture
def world(nova, tmp_path, home) -> dict[str, Any]:
    tokens = PersonTokens(nova.stack.db)
    anna_docs = home / "anna" / "docs"
    anna_docs.mkdir(parents=True)
    (anna_docs / "arzt.md").write_text(f"Termin beim Endokrinologen Dr. {FILE_LINE}: Schilddrüse prüfen.\n",
                                       encoding="utf-8")
    (home / "bob").mkdir()
    nova.files.allow("anna", str(anna_docs))  # what each may share: the operator's per-person allow-list
    nova.files.allow("bob", str(home / "bob"))
    app = create_app(nova, FixedClock(NOW), token=TOKEN, person_tokens=tokens)
    client = TestClient(app, base_url=BASE, raise_server_exceptions=False)
    anna = Person(client, "anna", tokens.create("anna", NOW))
    bob = Person(TestClient(app, base_url=BASE, raise_server_exceptions=False), "bob",
                 tokens.create("bob", NOW))
    return {"nova": nova, "anna": anna, "bob": bob, "anna_docs": anna_docs, "tmp_path": tmp_path}


def _fill_annas_stores(world: dict[str, Any]) -> None:
    anna: Person = world["anna"]
    anna.turn(f"Trag mir am Donnerstag um 15 Uhr Zahnarzt {APPOINTMENT} ein")
    anna.turn(f"Leg eine Einkaufsliste an mit {LIST_ITEM}")
    anna.turn(f"Meine Schwester heißt {FACT}.")
    anna.turn(f"Nenn mich nie „{DIRECTIVE}“")
    anna.turn("Ja")
    anna.turn(f"Du darfst in {world['anna_docs']} nachsehen")
    anna.turn("Das ist meins")
    anna.turn("Ja")
    world["nova"].files.index(NOW)
    anna.turn(f"Merk dir in deinem Wissen zu Tagebuch: {KNOWLEDGE}")


def test_annas_stores_are_filled_and_hers_to_see(world):
    """The premise: every marker sits in anna's own views or answers (else bob's silence proves nothing)."""
    _fill_annas_stores(world)
    anna: Person = world["anna"]
    assert APPOINTMENT in anna.get("/api/appointments").text
    assert LIST_ITEM in anna.get("/api/notes").text
    assert FACT in anna.get("/api/memory").text
    roots = anna.get("/api/roots").json()["roots"]
    assert [Path(root["path"]).name for root in roots] == ["docs"]
    assert FILE_LINE in anna.turn("Was steht in meinen Unterlagen über den Endokrinologen?")["answer"]
    directives = world["nova"].stack.db
    with directives.transaction() as conn:
        texts = [row["text"] for row in conn.execute("SELECT text FROM direktiven WHERE user_id = 'anna'")]
    assert any(DIRECTIVE in text for text in texts), texts


def _get_views(spec: dict[str, Any]) -> list[str]:
    """Every GET path of the API description, path parameters filled with a well-formed id."""
    paths = []
    for path, operations in spec["paths"].items():
        if "get" in operations:
            paths.append(re.sub(r"\{[^}]+\}", "00000000-0000-0000-0000-000000000000", path))
    return paths


def test_bob_sees_no_byte_of_annas_data_anywhere(world):
    """Issue 24 "Done when": bob's every GET view (for himself, for each figure, and naming anna), his
    questions by /turn and his try to share anna's directory carry none of anna's markers, id or paths."""
    _fill_annas_stores(world)
    bob: Person = world["bob"]
    spec = bob.get("/api/openapi.json").json()
    views = _get_views(spec)
    assert {"/api/me", "/api/history", "/api/appointments", "/api/notes", "/api/memory", "/api/roots"} <= set(views)
    for path in views:
        for query in ("", "?character_id=nova", "?view=monat", "?user_id=anna", "?character_id=nova&user_id=anna"):
            response = bob.get(path + query)
            assert response.status_code in (200, 403, 404, 422), (path + query, response.text)
            if "user_id=anna" in query and path != "/api/me":  # /api/me takes no user_id: always the caller
                assert response.status_code in (403, 404), (path + query, response.text)
    assert bob.get(f"/api/appointments?date={(NOW + timedelta(days=3)).date()}").status_code == 200
    for question in ("Weißt du was über Kranich7?", "Was steht diese Woche an?", "Was steht auf meiner Einkaufsliste?",
                     "Was weißt du über mich?", "Was steht in meinen Unterlagen über den Endokrinologen?",
                     "Welche Regeln gelten für dich?", "Wie heißt meine Schwester?"):
        bob.turn(question)
    # the repro: bob names anna's directory as his own (these answers may repeat the path he typed)
    typed = len(bob.seen)
    bob.turn(f"Du darfst in {world['anna_docs']} nachsehen")
    bob.turn("Das ist meins")
    bob.turn("Ja")
    own_words = {asked for asked, _ in bob.seen[typed:]}
    world["nova"].files.index(NOW)
    bob.turn("Was steht in meinen Unterlagen über den Endokrinologen?")
    bob.turn("Weißt du was über Kranich7?", character="luna")  # another figure, too
    for path in views:  # every view once more, after all of it
        bob.get(path)
        bob.seen[-1] = (f"{path} (danach)", bob.seen[-1][1])
    own_words.add("/api/history (danach)")  # his chat holds the path he typed himself
    paths = (str(world["anna_docs"]), str(world["tmp_path"]))
    leaks = [(asked, marker) for asked, text in bob.seen
             for marker in (*MARKERS, '"anna"', *(() if asked in own_words else paths)) if marker in text]
    assert leaks == [], "anna's data in bob's responses:\n" + "\n".join(f"{a} -> {m}" for a, m in leaks)
