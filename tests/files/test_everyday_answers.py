"""Everyday questions answered offline from the shared files, current before archived.

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
    """≥ 8 of 10 answered offline with the right line, and no wrong fact with a location."""
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


def test_a_wann_question_without_a_dated_line_says_so_and_guesses_nothing(anna: Any) -> None:
    """„Wann habe ich die Kaution überwiesen?" — the lease speaks of the deposit but names no date:
    the answer says so honestly and quotes no line (no 2.340 € presented as a date)."""
    answer = anna.turn("anna", "nova", "Wann habe ich die Kaution überwiesen?", NOW).answer
    assert "keine Zeile mit einem Datum" in answer and "notizen/mietvertrag.md" in answer, answer
    assert "2.340" not in answer


def test_the_own_appointment_stays_the_timelines(anna: Any) -> None:
    """Routing stays safe: „Wann ist mein Zahnarzttermin?" with the appointment stored is the timeline's answer,
    although notizen/zahnarzt.md names the dentist's practice."""
    anna.turn("anna", "nova", "Trag mir am 14. Dezember um 9 Uhr den Zahnarzttermin ein", NOW)
    turn = anna.turn("anna", "nova", "Wann ist mein Zahnarzttermin?", NOW)
    assert [s["name"] for s in turn.services] == ["timeline"], turn.services
    assert "14.12." in turn.answer or "14. Dezember" in turn.answer, turn.answer
    assert "zahnarzt.md" not in turn.answer


def test_bob_never_gets_annas_lines(nova: Any, home: Path) -> None:
    """Two persons: bob asks the same questions; with no files of his own, nothing of anna's reaches him, and
    with his own copy shared he gets his own root's lines only."""
    anna_folder = _share(nova, home, "anna")
    for question, *_ in QUESTIONS[:4]:
        answer = nova.turn("bob", "nova", question, NOW).answer
        assert not any(fact in answer for *_, fact in QUESTIONS), answer
        assert "notizen/" not in answer and str(anna_folder) not in answer
    bob_folder = home / "bob" / "notizen"
    bob_folder.mkdir(parents=True)
    (bob_folder / "auto.md").write_text("# Auto\n\nNächster TÜV: bis 15. Juni 2028 fällig.\n", encoding="utf-8")
    nova.files.allow("bob", str(home / "bob"), now=NOW)
    nova.files.grant("bob", "nova", str(bob_folder), now=NOW)
    nova.files.index(NOW, user_id="bob", character_id="nova")
    answer = nova.turn("bob", "nova", "Wann muss das Auto wieder zum TÜV?", NOW).answer
    assert "15. Juni 2028" in answer and "31. März 2027" not in answer, answer


def test_current_lease_before_the_archived_one(anna: Any) -> None:
    """§5.6 repro: a 2021 lease in archiv/ (780 €) and the current one (812 €) — „Wie hoch ist
    meine Kaltmiete gerade?" answers 812 €, never 780 €."""
    answer = anna.turn("anna", "nova", "Wie hoch ist meine Kaltmiete gerade?", NOW).answer
    assert "812,00 €" in answer and "780" not in answer, answer


def test_an_answer_from_an_archived_file_says_it_is_archived(nova: Any, home: Path) -> None:
    """§5.6: only the archived lease carries the landlord's name — the answer quotes it and says archived."""
    _share(nova, home, "anna")
    answer = nova.turn("anna", "nova", "Wer war der Vermieter vom Gartenweg?", NOW).answer
    assert "Albrecht Kühn" in answer and "(archiviert)" in answer and "archivierten" in answer, answer


def test_reading_service_ranks_current_before_archived(anna: Any) -> None:
    """§5.6: the reading service's nearest finding is the current lease, not the archived one."""
    answer = anna.turn("anna", "nova", "Was steht in meinen Unterlagen zu Mieten?", NOW).answer
    assert "notizen/mietvertrag.md" in answer and "mietvertrag-2021" not in answer, answer


def test_the_vorlesen_offer_can_be_taken(anna: Any) -> None:
    """§8.2: „Soll ich dir diese Stelle vorlesen?" → „Ja" reads the passage with its place."""
    offer = anna.turn("anna", "nova", "Was steht in meinen Unterlagen über Impfungen?", NOW).answer
    assert "Soll ich dir diese Stelle vorlesen?" in offer and "notizen/tierarzt.md" in offer, offer
    read = anna.turn("anna", "nova", "Ja", NOW).answer
    assert "Hier ist die Stelle aus notizen/tierarzt.md" in read, read
    assert "Impfung Katzenschnupfen und Katzenseuche: 14. Mai 2026" in read
    again = anna.turn("anna", "nova", "Ja", NOW).answer  # the offer answered once is gone
    assert "Katzenschnupfen" not in again


def test_the_vorlesen_offer_refused_ends_politely(anna: Any) -> None:
    """§8.2: „Nein" ends the offer politely and reads nothing."""
    anna.turn("anna", "nova", "Was steht in meinen Unterlagen über Impfungen?", NOW)
    answer = anna.turn("anna", "nova", "Nein", NOW).answer
    assert "ungelesen" in answer and "Katzenschnupfen" not in answer, answer


def test_an_unrelated_sentence_after_the_offer_is_its_own_turn(anna: Any) -> None:
    """§8.2: the offer answers only the next turn; an unrelated question is answered as itself, and a later
    „Ja" reads nothing."""
    anna.turn("anna", "nova", "Was steht in meinen Unterlagen über Impfungen?", NOW)
    answer = anna.turn("anna", "nova", "Wo steht der Router?", NOW).answer
    assert "Arbeitszimmer" in answer and "Katzenschnupfen" not in answer, answer
    late = anna.turn("anna", "nova", "Ja", NOW).answer
    assert "Katzenschnupfen" not in late, late


def test_bob_cannot_take_annas_offer(anna: Any) -> None:
    """Two persons: anna's open offer is hers; bob's „Ja" reads nothing of her file."""
    anna.turn("anna", "nova", "Was steht in meinen Unterlagen über Impfungen?", NOW)
    answer = anna.turn("bob", "nova", "Ja", NOW).answer
    assert "Katzenschnupfen" not in answer and "tierarzt" not in answer, answer


def test_her_archived_knowledge_text_keeps_its_label_and_ranks_below_a_current_one(nova: Any, tmp_path: Path) -> None:
    """§5.6 for the third output path: a knowledge text under knowledge/archiv/ is shown as archived, and a
    current text on the same topic is shown instead of it (the `nova` fixture's data directory is tmp_path)."""
    from novaberg.files.knowledge.pairs import pair_zone

    zone = pair_zone(tmp_path, "anna", "nova")
    (zone / "archiv").mkdir(parents=True)
    (zone / "archiv" / "gartenweg.md").write_text("Die Kaltmiete am Gartenweg betrug 780 Euro.\n", encoding="utf-8")
    archived = nova.turn("anna", "nova", "Weißt du was über die Kaltmiete?", NOW).answer
    assert "knowledge/archiv/gartenweg.md (archiviert)" in archived, archived
    (zone / "wohnung.md").write_text("Die Kaltmiete in der Lindenstraße beträgt 812 Euro.\n", encoding="utf-8")
    current = nova.turn("anna", "nova", "Weißt du was über die Kaltmiete?", NOW).answer
    assert "knowledge/wohnung.md" in current and "812" in current and "780" not in current, current
