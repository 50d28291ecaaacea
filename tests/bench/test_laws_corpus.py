"""The statute corpus of `python -m bench.files.real_laws`: one file per section, by the fixed rule of
bench/files/laws_corpus.py (no database, no bench extra)."""

from __future__ import annotations

import json
from pathlib import Path

from bench.files.laws_corpus import LAWS, build, sections

STATUTE = """% Gesetz über die Beispiele  (BspG)
% Ausfertigungsdatum: 01.01.2000

# Eingangsformel

Der Bundestag hat das folgende Gesetz beschlossen:

# Abschnitt 1 – Allgemeines

# § 1 – Zweck

Dieses Gesetz regelt Beispiele.

# § 1a – Begriffe

(1) Ein Beispiel ist ein Fall.

(2) Ein Gegenbeispiel ist keiner.

# § 2

(weggefallen)

# Art 3

Jeder hat das Recht auf Beispiele.
"""


def test_each_section_with_a_text_is_a_file_named_after_its_number_and_led_by_the_statute_and_its_heading():
    found = sections(STATUTE)
    assert [number for number, _, _ in found] == ["1", "1a", "3"]  # repealed § 2 and the preamble are no section
    number, heading, text = found[1]
    assert heading == "§ 1a – Begriffe"
    assert text.splitlines()[:2] == ["Gesetz über die Beispiele  (BspG)", "§ 1a – Begriffe"]
    assert "(2) Ein Gegenbeispiel ist keiner." in text and "Art 3" not in text


def test_a_missing_statute_is_a_loud_error(tmp_path: Path):
    try:
        build(tmp_path / "leer", tmp_path / "korpus")
    except SystemExit as stop:
        assert "missing" in str(stop)
    else:
        raise AssertionError("a corpus without its statutes was built")


def test_every_question_names_sections_of_the_corpus_laws_and_all_are_held_out():
    data = json.loads((Path(__file__).parents[2] / "bench" / "files" / "laws_questions.json").read_text(encoding="utf-8"))
    for question in data["fragen"]:
        assert question["teil"] == "zurueckgehalten"
        assert all(relevant.split("/")[0] in LAWS for relevant in question["relevant"]), question
