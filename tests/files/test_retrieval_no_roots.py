"""No files search for a pair that shares no directory — and a directory shared mid-conversation is
searched in the very next turn (the check reads the roots table every time; nothing is cached that could go stale).

dateien.md §3.0a "Drittens": every search is logged, the skipped one as an empty search.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import psycopg

from novaberg.files.retrieval import Retriever
from novaberg.files.search_sql import SEARCH
from tests.files.test_everyday_answers import NOTES
from tests.support import berlin

NOW = berlin(2026, 11, 30, 10)
QUESTION = "Wie viel wiegt der Kater Moritz?"


def _searches(monkeypatch: Any) -> list[str]:
    """The files search statements sent (the big SEARCH query), by the statement text."""
    sent: list[str] = []
    original = psycopg.Cursor.execute

    def spy(self: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
        if query is SEARCH:
            sent.append("search")
        return original(self, query, *args, **kwargs)

    monkeypatch.setattr(psycopg.Cursor, "execute", spy)
    return sent


def test_a_pair_without_roots_sends_no_search_and_logs_an_empty_one(nova: Any, monkeypatch: Any) -> None:
    sent = _searches(monkeypatch)
    turn = nova.turn("anna", "nova", QUESTION, NOW)
    assert sent == []
    with nova.stack.db.transaction() as conn:
        logged = conn.execute("SELECT payload FROM pipeline_log WHERE turn_id = %s AND kind = 'dateien_suche'",
                              (turn.turn_id,)).fetchall()
    assert [row["payload"]["treffer"] for row in logged] == [0]


def test_a_directory_shared_mid_conversation_is_found_in_the_next_turn(nova: Any, home: Path,
                                                                              monkeypatch: Any) -> None:
    """Anna talks, then shares her notes (another person, Ben, shares nothing): her very next turn searches them
    and answers from the file; Ben's turn still sends no search and finds nothing of hers."""
    sent = _searches(monkeypatch)
    assert "tierarzt.md" not in nova.turn("anna", "nova", QUESTION, NOW).answer
    folder = home / "anna" / "notizen"
    shutil.copytree(NOTES, folder)
    nova.files.allow("anna", str(home / "anna"), now=NOW)
    nova.files.grant("anna", "nova", str(folder), now=NOW)
    nova.files.index(NOW, user_id="anna", character_id="nova")
    answer = nova.turn("anna", "nova", QUESTION, NOW).answer
    assert "notizen/tierarzt.md" in answer and "5,2 kg" in answer, answer
    searched = len(sent)
    assert searched >= 1  # the blocks' search (the reading service may search again)
    ben = nova.turn("ben", "nova", QUESTION, NOW).answer
    assert "tierarzt" not in ben and "5,2 kg" not in ben
    assert len(sent) == searched
    hits = Retriever(nova.stack.db, nova.embedder).search("ben", "nova", QUESTION, NOW)
    assert hits == []
