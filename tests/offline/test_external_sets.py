"""Phrasings of the list-command sets written by others, read by the offline router (the sets
themselves and their scores are the bench's: bench/checks/test_external_sets.py)."""

from __future__ import annotations

from tests.offline.reading import domain_of


def test_a_list_verb_without_a_list_goes_to_the_notes_not_the_calendar():
    """*Entferne Tomaten* (bonalyze dev): the notes ask which list; *Lösch Zahnarzt* stays the calendar's."""
    assert domain_of("Entferne Tomaten") == "notizen"
    assert domain_of("Streich Quark durch") == "notizen"
    assert domain_of("Lösch den Zahnarzt") == "timeline"
