"""Reading service `dateien` (dateien.md §6.4, §7, §8.1, §8.1b, §8.2) on real trees and the embedded Postgres."""

from __future__ import annotations

import ast
import os
import uuid
from pathlib import Path
from typing import Any

import pytest

import novaberg.files.reading as reading_package
from novaberg.agents.services import AgentRequest
from novaberg.core.errors import ModelAnswerError
from novaberg.files.reading.classify import offline_terms, read_classification
from novaberg.files.reading.service import HINT_RECORDS, ReadingService, route_hint
from novaberg.llm.scripted import ScriptedLLM
from tests.files.helpers import NOW, service, write
from tests.support import make_deps, make_offline_llm

HEIZUNG = """# Heizung im Altbau

Die Gastherme im Keller wurde 2019 eingebaut.

## Pflege

Einmal im Jahr kommt die Wartung durch die Firma Kaltenbach.
Die Heizkörper werden im Oktober entlüftet.
"""
BACH = "# Johann Sebastian Bach\n\nEr wurde 1685 in Eisenach geboren.\n\nAb 1723 war er Thomaskantor in Leipzig.\n"


def _request(text: str, user: str = "u1") -> AgentRequest:
    return AgentRequest(user_id=user, character_id="nova", text=text, now=NOW, turn_id=uuid.uuid4())


@pytest.fixture
def tree(db: Any, tmp_path: Path) -> Path:
    root = tmp_path / "unterlagen"
    write(root / "haus" / "heizung.md", HEIZUNG)
    write(root / "musik" / "bach.md", BACH)
    write(root / "garten.md", "# Garten\n\nTomaten brauchen viel Sonne.\n")
    svc = service(db, tmp_path)
    svc.grant("u1", "nova", str(root))
    svc.index(NOW)
    return root


def test_needle_answers_in_lines_with_location(deps: Any, tree: Path, tmp_path: Path) -> None:
    """§6.4 stage 3: the needle answers in lines; the location is absolute path + line."""
    result = ReadingService().run(_request("Was steht in meinen Unterlagen über Kaltenbach?"), deps)
    assert result.status == "abgeschlossen", result.answer
    assert "unterlagen/haus/heizung.md, Zeile 7" in result.answer and str(tree) not in result.answer
    assert "Zeile 7: Einmal im Jahr kommt die Wartung durch die Firma Kaltenbach." in result.answer
    assert not any(step.get("verifiziert") for step in result.steps)  # §3.1: it writes nothing


def test_compound_terms_tried_in_turn(deps: Any, tree: Path, tmp_path: Path) -> None:
    """§8.1b: „Heizungswartung" stands in no file; the next term („Wartung") hits — one file access in all."""
    assert offline_terms("Wann ist die Heizungswartung?")[:2] == ["Heizungswartung", "Wartung"]
    result = ReadingService().run(_request("Steht in meinen Unterlagen, wann die Heizungswartung ist?"),
                                            deps)
    assert result.status == "abgeschlossen", result.answer
    needles = [(s["begriff"], s["treffer"]) for s in result.steps if s["schritt"] == "nadel"]
    assert needles[0] == ("Heizungswartung", 0) and needles[-1][0] == "Wartung" and needles[-1][1] > 0
    assert [s["anzahl"] for s in result.steps if s["schritt"] == "zugriffe"] == [1]


def test_paraphrasing_model_terms(db: Any, redis: Any, tree: Path, tmp_path: Path) -> None:
    """A model that names the terms in other words than the question (and with its own spacing) is read checked."""
    llm = ScriptedLLM({"files_read": {"begriffe": ["  Thomaskantor ", "Leipzig"], "datei": None, "art": "suche"}},
                      fallback=make_offline_llm())
    result = ReadingService().run(_request("Welches Amt hatte der Komponist in Sachsen laut meinen Unterlagen?"),
                                            make_deps(db, redis, llm))
    assert result.status == "abgeschlossen", result.answer
    assert "unterlagen/musik/bach.md, Zeile 5" in result.answer


def test_broken_model_answer_is_loud() -> None:
    with pytest.raises(ModelAnswerError):
        read_classification({"begriffe": "Heizung"})
    with pytest.raises(ModelAnswerError):
        read_classification({"begriffe": ["Heizung"], "art": "schreiben"})
    assert read_classification({"begriffe": None, "datei": None, "art": None}) == {"begriffe": [], "datei": None,
                                                                                   "art": "suche"}


def test_fourth_exit_carries_nearest_finding_and_proposal(deps: Any, tree: Path, tmp_path: Path,
                                                          db: Any, redis: Any) -> None:
    """§8.2: candidates but no passage → the nearest finding with its location and a proposal."""
    llm = ScriptedLLM({"files_read": {"begriffe": ["Gastherme Baujahr", "Heizkessel"], "datei": None}},
                      fallback=make_offline_llm())
    result = ReadingService().run(_request("Steht in meinen Unterlagen was zur Gastherme?"),
                                            make_deps(db, redis, llm))
    assert result.status == "rejected"
    assert "unterlagen/haus/heizung.md" in result.answer and "Soll ich" in result.answer
    assert result.data["naechster_fund"] == "unterlagen/haus/heizung.md"  # relative to the root


def test_nothing_found_says_how_many_files(deps: Any, tree: Path, tmp_path: Path) -> None:
    result = ReadingService().run(_request("Steht in meinen Unterlagen was über Quantenchromodynamik?"), deps)
    assert result.status == "rejected" and "3 Dateien" in result.answer


def test_vanished_file_is_named(deps: Any, tree: Path, tmp_path: Path) -> None:
    """A file that disappeared between index and read — said with its path."""
    (tree / "haus" / "heizung.md").unlink()
    result = ReadingService().run(_request("Was steht in meinen Unterlagen über Kaltenbach?"), deps)
    assert "unterlagen/haus/heizung.md ist nicht mehr da" in result.answer


def test_link_out_of_the_root_is_not_read(deps: Any, tree: Path, tmp_path: Path) -> None:
    """§7 rule 1: a file replaced by a link to outside its root after indexing is refused, never read."""
    secret = write(tmp_path / "geheim.md", "Kaltenbach Geheimnis\n")
    target = tree / "haus" / "heizung.md"
    target.unlink()
    os.symlink(secret, target)
    result = ReadingService().run(_request("Was steht in meinen Unterlagen über Kaltenbach?"), deps)
    assert "Geheimnis" not in result.answer
    assert "außerhalb" in result.answer


def test_map_from_the_index(deps: Any, tree: Path, tmp_path: Path) -> None:
    """§6.4 stage 1: the sections of a named file from the index, with line ranges."""
    result = ReadingService().run(_request("Welche Abschnitte hat heizung.md?"), deps)
    assert result.status == "abgeschlossen"
    assert "Heizung im Altbau (Zeilen 1–4)" in result.answer and "Pflege (Zeilen 5–" in result.answer


def test_second_pair_and_no_roots(deps: Any, tree: Path, tmp_path: Path) -> None:
    result = ReadingService().run(_request("Was steht in meinen Unterlagen über Kaltenbach?", user="u2"),
                                            deps)
    assert result.status == "rejected" and str(tree) not in result.answer


def test_route_hint() -> None:
    """§8.1 Aushang and Negativfälle; a directory grant belongs to the roots service (§8.2a)."""
    assert route_hint("Was steht in meinen Unterlagen über die Heizung?") == HINT_RECORDS
    assert route_hint("Such mal in meinen Dateien nach dem Mietvertrag") == HINT_RECORDS
    assert route_hint("Du darfst in ~/Dokumente nachsehen") == 0.0
    assert route_hint("Worauf hast du Zugriff?") == 0.0
    assert route_hint("Wie funktioniert Photosynthese?") == 0.0
    assert route_hint("Leg das bitte in meinen Unterlagen ab") == 0.0


def test_reading_side_has_no_write_function() -> None:
    """§7 rule 2: the reading service does not import a write function — it cannot write."""
    forbidden_calls = {"write_text", "write_bytes", "unlink", "rmdir", "rename", "mkdir", "remove", "chmod",
                       "utime", "symlink_to", "touch", "makedirs", "removedirs", "truncate"}
    folder = Path(reading_package.__file__).parent
    for module in [*folder.glob("*.py"), folder.parent / "blocks.py", folder.parent / "retrieval.py"]:
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = {a.name.split(".")[0] for a in node.names} | {(getattr(node, "module", "") or "").split(".")[0]}
                assert not names & {"shutil", "tempfile"}, module
            if isinstance(node, ast.Attribute):
                assert node.attr not in forbidden_calls, f"{module.name}: {node.attr}"
                if node.attr.startswith("O_"):
                    assert node.attr in {"O_RDONLY", "O_NOFOLLOW", "O_CLOEXEC"}, f"{module.name}: {node.attr}"
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert node.value not in {"w", "wb", "a", "ab", "r+", "w+"}, f"{module.name}: open mode"
