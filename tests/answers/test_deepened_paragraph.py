"""Where the deepening reads on in a paragraph written as one long line (dateien.md §3.0b with the question path's
rule), her find quotes the sentence of that line that answers — not the line's head cut short. Anna and Bob each
share a holiday note; every question runs through `Nova.turn` with the offline model."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.answers.sharing import share_folder
from tests.support import berlin

NOW = berlin(2026, 12, 7, 10)
URLAUB = (
    "# Ferienwohnung auf Sylt\n\n"
    "Wir fahren im Sommer wieder nach Sylt, diesmal mit dem Auto bis Niebüll und dann mit dem Autozug über den "
    "Hindenburgdamm, weil die Fähre von Dagebüll mit Gepäck und Fahrrädern zu umständlich ist. Die Ferienwohnung "
    "liegt in Westerland, zwei Straßen vom Strand entfernt, mit Balkon und Blick auf die Dünen. Morgens gibt es "
    "Brötchen vom Bäcker an der Ecke, abends kochen wir meistens selbst, weil die Restaurants im Sommer voll sind. "
    "Bei Regen gehen wir ins Erlebnisbad oder in das Museum in Keitum, bei Sonne an den Strand. Den Schlüssel für "
    "die Ferienwohnung holen wir bei Frau Petersen im Friesenhof ab.\n"
)
BOBS = "# Urlaub im Harz\n\nDen Schlüssel für die Hütte bringt Herr Kuhn vorbei.\n"


def test_the_deepening_quotes_the_sentence_of_a_long_line_that_answers(nova: Any, home: Path) -> None:
    share_folder(nova, home, "anna", "urlaub", {"urlaub.md": URLAUB}, NOW)
    share_folder(nova, home, "bob", "urlaub", {"urlaub.md": BOBS}, NOW)
    answer = nova.turn("anna", "nova", "Bei wem holen wir den Schlüssel für die Ferienwohnung ab?", NOW).answer
    assert "Frau Petersen" in answer and "urlaub/urlaub.md, Zeile 3" in answer and "nachgesehen" in answer, answer
    assert "Autozug" not in answer, answer  # not the paragraph's head
    bobs = nova.turn("bob", "nova", "Bei wem holen wir den Schlüssel für die Ferienwohnung ab?", NOW).answer
    assert "Petersen" not in bobs, bobs
