"""A sentence longer than an answer may be is quoted where it speaks of the question, not by its head alone
(specification: answering questions — the sentence, at most about 300 characters). Anna and Bob each share
their own club chronicle; every question runs through `Nova.turn` with the offline model."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.answers.sharing import share_folder
from tests.support import berlin

NOW = berlin(2026, 12, 7, 10)
CHRONIK = (
    "# Chronik\n\n"
    "Der Heimatverein wurde nach langen Beratungen im Gemeindesaal, an denen neben dem Bürgermeister auch "
    "zahlreiche Vertreter der umliegenden Dörfer, der Kirchengemeinde, der Freiwilligen Feuerwehr und des "
    "Sportvereins teilnahmen und die sich über mehrere Wochen hinzogen, weil die Satzung mehrfach geändert "
    "werden musste, schließlich im Frühjahr von elf Gründungsmitgliedern gegründet, deren erster Vorsitzender "
    "der Bäcker Anton Hüttl war.\n"
)
BOBS = "# Chronik\n\nDer erste Vorsitzende des Kegelclubs war Ewald Rieger.\n"


def test_a_long_sentence_is_quoted_where_it_answers(nova: Any, home: Path) -> None:
    share_folder(nova, home, "anna", "verein", {"chronik.md": CHRONIK}, NOW)
    share_folder(nova, home, "bob", "verein", {"chronik.md": BOBS}, NOW)
    answer = nova.turn("anna", "nova", "Wer war der erste Vorsitzende des Heimatvereins?", NOW).answer
    quote = answer.split("„", 1)[-1].split("“", 1)[0]
    assert "Anton Hüttl" in quote and len(quote) <= 300 and "verein/chronik.md, Zeile 3" in answer, answer
    bobs = nova.turn("bob", "nova", "Wer war der erste Vorsitzende des Heimatvereins?", NOW).answer
    assert "Hüttl" not in bobs, bobs
