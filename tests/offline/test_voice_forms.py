"""The form does not matter: a sentence said as a voice assistant or a hurried person writes it — lower case, no
punctuation, numbers as words, ä/ö/ü/ß as ae/oe/ue/ss, a list compound split — gets the reading of its written
form: service, action, target, time, items (notizen.md §6: a voice form never writes another thing).

The bench measures the same over its generated corpus and the sets written by others
(`bench/checks/test_voice_forms.py`, `python -m bench.offline.voice`).
"""

from __future__ import annotations

import pytest

from tests.offline.reading import reading


@pytest.mark.parametrize(
    ("written", "voiced"),
    [
        ("Füge Milch zu meiner Einkaufsliste hinzu.", "füge milch zu meiner einkaufsliste hinzu"),
        ("Setz Eier auf die Einkaufsliste!", "setz eier auf die einkaufsliste"),
        ("Trage ein Treffen mit Anna am Freitag um 10 Uhr ein.", "trage ein treffen mit anna am freitag um zehn uhr ein"),
        ("Was steht heute in meinem Kalender?", "was steht heute in meinem kalender"),
        ("Verschieb den Friseur auf nächsten Dienstag.", "verschieb den friseur auf naechsten dienstag"),
        ("Trag mir morgen um 14:30 den Zahnarzt ein.", "trag mir morgen um vierzehn uhr dreissig den zahnarzt ein"),
        ("Füge Spachtel zur Einkaufsliste hinzu.", "fuege spachtel zur einkaufs liste hinzu"),
        ("Steht Milch auf der Einkaufsliste?", "steht milch auf der einkaufsliste"),
        ("Sag mal, leg mir morgen um 10 den Zahnarzt an", "sag mal leg mir morgen um zehn den zahnarzt an"),
    ],
)
def test_the_sentences_of_the_brief_read_alike(written: str, voiced: str) -> None:
    """The voice forms a speech recogniser writes, each against its written form, written by hand."""
    expected = reading(written)
    assert expected.action not in ("rejected", "") and not expected.action.startswith("fehler")
    assert reading(voiced) == expected
