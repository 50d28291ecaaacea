"""A question's answer is looked for in more files than the turn's block shows (files/blocks.py, `QUESTION_FILES`):
the paragraph that answers may stand sixth to eighth in the search when other files repeat the question's words
more often (the question path of the specification on answering questions; dateien.md §3.0 for the one search
per turn). Two persons: what one shares never answers the other."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

from novaberg.core.settings import FILES_HITS_CAP
from novaberg.files.blocks import QUESTION_FILES, aufzeichnungen_block, turn_hits
from tests.files.helpers import NOW as HELPER_NOW
from tests.files.helpers import service, write
from tests.support import berlin

NOW = berlin(2026, 12, 7, 10)
QUESTION = "Wann wird die Hecke im Garten geschnitten?"
DECOY = ("# Hecke im Garten {n}\n\nDie Hecke im Garten ist eine Ligusterhecke, die Hecke im Garten steht am Zaun.\n"
         "Im Garten wächst die Hecke dicht, geschnitten wird die Hecke im Garten mit der Heckenschere.\n")
ANSWER_LINES = [f"Zeile {n}: Rasen, Beete und Wege des Gartens werden regelmäßig gepflegt." for n in range(1, 30)]
ANSWER = ("# Gartenpflege\n\n" + "\n".join(ANSWER_LINES[:20]) + "\nDie Hecke wird jedes Jahr am 24. Juni geschnitten.\n"
          + "\n".join(ANSWER_LINES[20:]) + "\n")


def _share(nova: Any, home: Path, user: str, files: dict[str, str]) -> None:
    folder = home / user / "garten"
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    nova.files.allow(user, str(home / user), now=NOW)
    nova.files.grant(user, "nova", str(folder), now=NOW)
    nova.files.index(NOW, user_id=user, character_id="nova")


def test_an_answer_in_the_sixth_to_eighth_file_of_the_search_is_found_and_only_for_its_person(nova: Any,
                                                                                                home: Path) -> None:
    files = {f"hecke-{n}.md": DECOY.format(n=n) for n in range(1, 7)} | {"gartenpflege.md": ANSWER}
    _share(nova, home, "anna", files)
    _share(nova, home, "bert", {"hecke-1.md": DECOY.format(n=1)})
    ranked = [hit.relative for hit in nova.files.search("anna", "nova", QUESTION, QUESTION_FILES, now=NOW)]
    assert FILES_HITS_CAP < ranked.index("gartenpflege.md") + 1 <= QUESTION_FILES, ranked  # the case itself
    answer = nova.turn("anna", "nova", QUESTION, NOW).answer
    assert "24. Juni" in answer and "garten/gartenpflege.md" in answer, answer
    other = nova.turn("bert", "nova", QUESTION, NOW).answer
    assert "24. Juni" not in other, other


def test_the_block_shows_the_first_five_of_the_turns_one_search_and_the_question_path_reads_eight(db: Any, deps: Any,
                                                                                                  tmp_path: Path) -> None:
    svc = service(db, tmp_path, users=("u1", "u2"))
    for n in range(1, 10):
        write(tmp_path / "garten" / f"hecke-{n}.md", DECOY.format(n=n))
    svc.grant("u1", "nova", str(tmp_path / "garten"))
    svc.index(HELPER_NOW)
    state = {"turn_id": uuid.uuid4(), "user_id": "u1", "character_id": "nova", "text": QUESTION, "now": HELPER_NOW}
    block = aufzeichnungen_block(state, deps)
    assert block is not None and block.text.count("garten/hecke-") == FILES_HITS_CAP, block.text
    read = turn_hits(state, deps, QUESTION_FILES)
    assert len(read) == QUESTION_FILES and [hit.path for hit in read[:FILES_HITS_CAP]] == \
        [hit.path for hit in turn_hits(state, deps)]
    other = {**state, "user_id": "u2", "turn_id": uuid.uuid4()}
    assert aufzeichnungen_block(other, deps) is None and turn_hits(other, deps, QUESTION_FILES) == []
