"""A sport she gave up is no answer beside the sport she does, nor her job beside the hours she works: a told
clause saying a thing is done no more (*… geht nicht mehr*, *kein … mehr*) answers a question asking what she does
only when no other told sentence does; a comparison (*nicht mehr als*) says no such thing; how much she works is not
where or as what she works, so it is no older version of her job. Through `Nova.turn` with the offline model, a fixed
clock and two persons."""

from __future__ import annotations

from tests.memory.helpers import ask, tell


def _ask(nova, user: str, question: str) -> str:
    return ask(nova, user, [question])[0]


def test_the_sport_she_gave_up_is_not_said_beside_the_sport_she_does(nova):
    tell(nova, "ute", [(0, "Ich gehe dreimal die Woche laufen und mache einmal die Woche Krafttraining."),
                        (4, "Tennis spielen geht leider nicht mehr, Freunde kann ich aber wieder treffen.")])
    tell(nova, "vera", [(1, "Ich spiele Tennis im Verein.")])
    assert _ask(nova, "ute", "Was für Sport mache ich?") == (
        "Am 5. Oktober hast du mir erzählt: „Ich gehe dreimal die Woche laufen und mache einmal die Woche "
        "Krafttraining.“")
    assert _ask(nova, "vera", "Was für Sport mache ich?") == (
        "Am 6. Oktober hast du mir erzählt: „Ich spiele Tennis im Verein.“")


def test_a_sport_given_up_is_said_when_nothing_else_was_told_and_a_comparison_is_no_giving_up(nova):
    tell(nova, "ute", [(0, "Schwimmen geht seit der Operation nicht mehr.")])
    tell(nova, "vera", [(0, "Ich jogge nicht mehr als zweimal die Woche."),
                         (2, "Ich spiele Golf.")])
    assert _ask(nova, "ute", "Was für Sport mache ich?") == (
        "Am 5. Oktober hast du mir erzählt: „Schwimmen geht seit der Operation nicht mehr.“")
    assert _ask(nova, "vera", "Was für Sport mache ich?") == (
        "Am 7. Oktober hast du mir erzählt: „Ich spiele Golf.“\n"
        "Am 5. Oktober hast du mir erzählt: „Ich jogge nicht mehr als zweimal die Woche.“")


def test_how_many_hours_she_works_is_no_older_version_of_where_she_works(nova):
    tell(nova, "ute", [(0, "Ich arbeite 30 Stunden die Woche."), (3, "Ich arbeite als Pflegerin im Klinikum.")])
    tell(nova, "vera", [(0, "Ich arbeite als Lehrerin."), (3, "Ich arbeite jetzt bei einer Bank.")])
    assert _ask(nova, "ute", "Wie viele Stunden arbeite ich?") == (
        "Am 5. Oktober hast du mir erzählt: „Ich arbeite 30 Stunden die Woche.“")
    assert _ask(nova, "vera", "Wo arbeite ich?") == (
        "Am 8. Oktober hast du mir erzählt: „Ich arbeite jetzt bei einer Bank.“\n"
        "Vorher, am 5. Oktober: „Ich arbeite als Lehrerin.“")
