"""The question path reads a file's headings and German compounds as a person writes them (specification: answering
questions — what is asked, never a neighbour fact): a heading that names the thing answers when no line does, a
guest network is not the main network, and a compound shares its middle part (*Hundehaftpflicht* is a
*Haftpflichtversicherung*).

Anna shares `unterlagen/`; Bob shares his own folder with other facts. Every question runs through `Nova.turn`
with the offline model.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.answers.sharing import share_folder
from tests.support import berlin

NOW = berlin(2026, 12, 7, 10)
NOTHING = "Dazu habe ich nichts"

AUTO = """# Unser Auto: Skoda Octavia Kombi

Gekauft im März 2021, gebraucht, mit 48.000 Kilometern.
Der TÜV ist im Mai 2027 fällig.
Winterreifen lagern im Keller.
"""
NETZ = """# Internet

Router: FritzBox im Flur, Anbieter Telekom.
WLAN-Passwort: Kiefernzapfen-58
Das Gäste-WLAN heißt Haas-Gast, sein Passwort ist Sonnenblume-12.
"""
NETZ_OHNE_GAESTE = """# Internet

Router: FritzBox im Flur, Anbieter Telekom.
WLAN-Passwort: Kiefernzapfen-58
"""
BRUNO = """# Bruno

Bruno ist unser Labrador, er ist vier Jahre alt.
Hundehaftpflicht für Bruno: bei der HUK-Coburg, 58 Euro im Jahr.
Tierarzt von Bruno: Dr. Albers.
"""
BOBS = {"auto.md": "# Unser Auto: Opel Corsa\n\nDer Corsa ist rot.\n",
        "netz.md": "# Netz\n\nDas Gäste-WLAN heißt Bert-Gast, sein Passwort ist Regenwurm-77.\n"}


def _ask(nova: Any, user: str, text: str) -> str:
    return nova.turn(user, "nova", text, NOW).answer


@pytest.fixture
def shared(nova: Any, home: Path) -> Any:
    share_folder(nova, home, "anna", "unterlagen", {"auto.md": AUTO, "netz.md": NETZ, "bruno.md": BRUNO}, NOW)
    share_folder(nova, home, "bob", "unterlagen", BOBS, NOW)
    return nova


def test_a_heading_that_names_the_thing_answers_when_no_line_does(shared: Any) -> None:
    answer = _ask(shared, "anna", "Was für ein Auto fahre ich?")
    assert "Skoda Octavia" in answer and "unterlagen/auto.md, Zeile 1" in answer, answer
    bobs = _ask(shared, "bob", "Was für ein Auto fahre ich?")
    assert "Skoda" not in bobs and "Opel Corsa" in bobs, bobs


def test_a_heading_that_only_repeats_the_file_name_answers_nothing(nova: Any, home: Path) -> None:
    share_folder(nova, home, "anna", "unterlagen", {"auto.md": "# Auto\n\nDer TÜV ist im Mai 2027 fällig.\n"}, NOW)
    share_folder(nova, home, "bob", "unterlagen", BOBS, NOW)
    answer = _ask(nova, "anna", "Was für ein Auto fahre ich?")
    assert "steht: „" not in answer, answer  # neither the bare heading nor a line about the car's TÜV


def test_the_guest_network_gets_its_own_password(shared: Any) -> None:
    answer = _ask(shared, "anna", "Was ist das Passwort für das Gäste-WLAN?")
    assert "Sonnenblume-12" in answer and "Kiefernzapfen" not in answer, answer
    bobs = _ask(shared, "bob", "Was ist das Passwort für das Gäste-WLAN?")
    assert "Regenwurm-77" in bobs and "Sonnenblume" not in bobs, bobs


def test_the_main_networks_password_is_no_answer_for_the_guest_network(nova: Any, home: Path) -> None:
    share_folder(nova, home, "anna", "unterlagen", {"netz.md": NETZ_OHNE_GAESTE}, NOW)
    share_folder(nova, home, "bob", "unterlagen", BOBS, NOW)
    answer = _ask(nova, "anna", "Was ist das Passwort für das Gäste-WLAN?")
    assert "Kiefernzapfen" not in answer and answer.startswith(NOTHING), answer
    assert "Kiefernzapfen-58" in _ask(nova, "anna", "Was ist unser WLAN-Passwort?")


def test_a_compound_meets_the_question_by_its_middle_part(shared: Any) -> None:
    answer = _ask(shared, "anna", "Hat Bruno eine Haftpflichtversicherung?")
    assert "HUK-Coburg" in answer and "unterlagen/bruno.md, Zeile 4" in answer, answer
    bobs = _ask(shared, "bob", "Hat Bruno eine Haftpflichtversicherung?")
    assert "HUK" not in bobs and bobs.startswith(NOTHING), bobs
