"""Issue 27 items 1–2: everyday questions answered offline from the shared files, current before archived.

The notes in `tests/files/everyday/` are a person's own (a lease, a car log, a vet record, a recipe, tax,
heating, Wi-Fi, insurance, dentist; one archived lease under `archiv/`). Every question runs end to end through
`Nova.turn` with the offline model. §8.1 (the reading service), §8.1b (the needle), §8.2 (the fourth exit and
its offer), §5.6 (archived is labelled), §6 (channels), §1a (blocks).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.support import berlin

NOW = berlin(2026, 11, 30, 10)
NOTES = Path(__file__).parent / "everyday"

# (question, the file's place as shown, the line number, a fact the chosen line must carry)
QUESTIONS = [
    ("Wann muss das Auto wieder zum TÜV?", "notizen/auto.md", 5, "31. März 2027"),
    ("Bis wann muss ich die Steuererklärung abgeben?", "notizen/steuer.md", 4, "31. Juli 2026"),
    ("Wie viele Eier brauche ich für die Kässpätzle?", "notizen/kaesspaetzle.md", 7, "6 Eier"),
    ("Wie hoch ist meine Kaltmiete gerade?", "notizen/mietvertrag.md", 7, "812,00 €"),
    ("Wer macht die Wartung der Heizung?", "notizen/heizung.md", 4, "Kaltenbach"),
    ("Wann ist die nächste Wurmkur für Moritz fällig?", "notizen/tierarzt.md", 6, "Februar 2027"),
    ("Wie viel wiegt der Kater Moritz?", "notizen/tierarzt.md", 4, "5,2 kg"),
    ("Wo steht der Router?", "notizen/wlan.md", 6, "Arbeitszimmer"),
    ("Welches WLAN-Passwort haben wir?", "notizen/wlan.md", 5, "Sonnenblume-73-Kiesel"),
    ("Wie viel kostet die Hausratversicherung?", "notizen/versicherung.md", 4, "118 €"),
]
# facts of other lines that a wrong choice would cite (titles, headings, neighbours)
WRONG = ("780", "Gartenweg", "Autohaus Greiner", "84.300", "64,90", "500 g", "2.340", "Oktober 2027", "14. Mai")


def _share(nova: Any, home: Path, user: str) -> Path:
    folder = home / user / "notizen"
    shutil.copytree(NOTES, folder)
    nova.files.allow(user, str(home / user), now=NOW)
    nova.files.grant(user, "nova", str(folder), now=NOW)
    nova.files.index(NOW, user_id=user, character_id="nova")
    return folder


@pytest.fixture
def anna(nova: Any, home: Path) -> Any:
    _share(nova, home, "anna")
    return nova


def _answered(answer: str, place: str, line: int, fact: str) -> bool:
    return f"{place}, Zeile {line}" in answer and fact in answer


def test_ten_everyday_questions_answered_from_the_right_line(anna: Any, home: Path) -> None:
    """Issue 27 item 1: ≥ 8 of 10 answered offline with the right line, and no wrong fact with a location."""
    good, wrong = [], []
    for question, place, line, fact in QUESTIONS:
        answer = anna.turn("anna", "nova", question, NOW).answer
        assert str(home) not in answer, answer  # locations relative to the root, never a server path
        if _answered(answer, place, line, fact):
            good.append(question)
        cited = [w for w in WRONG if w in answer and w not in fact]
        if cited:
            wrong.append((question, cited, answer))
    assert not wrong, wrong
    assert len(good) >= 8, [q for q, *_ in QUESTIONS if q not in good]
