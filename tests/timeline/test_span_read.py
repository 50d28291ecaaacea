"""§4.2 said as a span: *„Was habe ich von montag bis mittwoch“* (a Bot Framework phrasing) reads every day from the
first to the last — through `Nova.turn`, for each person only her own, and nothing is written."""

from __future__ import annotations

from novaberg.timeline.repository import TimelineRepository
from tests.support import berlin
from tests.timeline.conftest import FIGURE

NOW = berlin(2026, 11, 11, 9, 30)  # a Wednesday


def test_section4_2_a_span_question_reads_from_the_first_day_to_the_last(nova, db) -> None:
    for said in ("Trag am Montag um 10 Uhr Zahnarzt ein", "Trag am Mittwoch um 18 Uhr Volleyball ein",
                 "Trag am Donnerstag um 9 Uhr Friseur ein"):
        nova.turn("span-a", FIGURE, said, NOW)
    nova.turn("span-b", FIGURE, "Trag am Dienstag um 11 Uhr Elternabend ein", NOW)
    rows_before = len(TimelineRepository(db).list("span-a", FIGURE))
    for question in ("Was habe ich von montag bis mittwoch", "Welche Termine habe ich vom 16. bis 18. November?"):
        answer = nova.turn("span-a", FIGURE, question, NOW).answer
        assert "Montag, 16.11.2026" in answer and "Mittwoch, 18.11.2026" in answer, answer
        assert "Zahnarzt" in answer and "Volleyball" in answer, answer
        assert "Friseur" not in answer and "Elternabend" not in answer, answer  # outside the span / another person's
    assert "Friseur" in nova.turn("span-a", FIGURE, "Zeig mir meine Termine von heute bis Freitag", NOW).answer
    other = nova.turn("span-b", FIGURE, "Was habe ich von Montag bis Mittwoch?", NOW).answer
    assert "Elternabend" in other and "Zahnarzt" not in other, other
    assert len(TimelineRepository(db).list("span-a", FIGURE)) == rows_before
