"""The fusion's weights of the lexical channels and of the dense vote on short notes (dateien.md §6.2, §6.3a).

The sharp channel reads the describer's keywords — with the offline rule, words of the file's own text — so it
orders what the content and full-text channels score equally instead of voting a third time on the same words.
The dense vote's short-note weight holds for a whole question (every file the words found is a note, short in
lines and bytes) or not at all: never for one file against another.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from novaberg.files.metadata import OfflineDescriber
from novaberg.files.retrieval import (
    SHARP_WEIGHT,
    SHORT_FILE_BYTES,
    Retriever,
    fuse,
    long_file_weights,
    short_note_weights,
)
from novaberg.files.sections import SECTION_LINES
from tests.files.helpers import NOW, service, write

# a paragraph of one long line, as an encyclopedia article's paragraph is stored: its eight offline keywords are
# its long, frequent words, not the two short words the question asks with (Orgel, baute)
PARAGRAPH = ("# Stadtkirche\n\nDie Stadtkirche bewahrt zahlreiche Kunstschätze aus dem Spätmittelalter. Die "
             "Stadtkirche besitzt eine Sandsteinkanzel, ein bronzenes Taufbecken und Glasfenster aus der "
             "Renaissancezeit. Ihre Orgel baute Gottfried Silbermann, die Stadtkirche weihte sie im Sommer ein. "
             "Restaurierungen der Stadtkirche folgten im neunzehnten Jahrhundert und nach dem Weltkrieg. Heute "
             "besuchen jedes Jahr viele Reisegruppen die Stadtkirche und ihren Kreuzgang.\n")
# a note about an organ that says nothing of who built it: „Orgel" is among its keywords
NOTE = "# Orgel\n\nIm Herbst stimmen.\n"
# other files of about the paragraph's length: a word of two files is a rare word here, as in a real stock
LIST = ("# Einkauf {number}\n\nFür Woche {number}: Brot, Milch, Äpfel, Butter, Käse, Nudeln, Reis, Tomaten, Zwiebeln, "
        "Kartoffeln, Joghurt, Kaffee, Tee, Zucker, Mehl, Eier, Salz, Pfeffer, Essig, Senf, Honig, Marmelade, "
        "Haferflocken, Müsli, Orangensaft, Mineralwasser, Bananen, Birnen, Trauben, Gurken, Paprika, Karotten, "
        "Lauch, Sellerie, Spinat und Brokkoli.\n")


def test_the_file_whose_text_answers_comes_before_one_that_lists_a_question_word_among_its_keywords(
        db: Any, tmp_path: Path) -> None:
    """The paragraph carries both words of the question, the note one of them among its keywords: the sharp
    channel's keyword hit no longer outvotes the content and full-text channels. A second person sharing the same
    texts never reaches the first person's result, nor the first the second's."""
    # the premise: the offline keywords of the paragraph leave out the words the question asks with, the note's
    # carry one of them, and the paragraph is no short note (the dense vote keeps its tie-break weight)
    paragraph = {word.casefold() for word in OfflineDescriber().describe("kirche.md", PARAGRAPH, None)["stichwoerter"]}
    note = {word.casefold() for word in OfflineDescriber().describe("orgel.md", NOTE, None)["stichwoerter"]}
    assert {"orgel", "baute"}.isdisjoint(paragraph) and "orgel" in note
    assert len(PARAGRAPH.encode()) > SHORT_FILE_BYTES
    first, second = tmp_path / "erste", tmp_path / "zweite"
    for root in (first, second):
        write(root / "kirche.md", PARAGRAPH)
        write(root / "orgel.md", NOTE)
        for number in range(40):
            write(root / f"einkauf{number:02d}.md", LIST.format(number=number))
    svc = service(db, tmp_path, users=("u1", "u2"))
    svc.grant("u1", "nova", str(first))
    svc.grant("u2", "nova", str(second))
    svc.index(NOW)
    retriever = Retriever(db, svc.embedder)
    for user, root in (("u1", first), ("u2", second)):
        result = retriever.run(user, "nova", "Wer baute die Orgel?", NOW)
        assert [hit.path for hit in result.hits][:2] == [str(root / "kirche.md"), str(root / "orgel.md")]
        assert result.ranked["scharf"][:1] == [result.hits[1].index_id]  # the keyword hit: the note, first there
        assert {"inhalt", "volltext"} <= set(result.hits[1].channels)  # … and found by the text's words, second
        assert all(hit.path.startswith(str(root) + "/") for hit in result.hits)


def test_a_sharp_keyword_hit_orders_a_tie_but_does_not_outvote_the_words_of_the_text() -> None:
    """Two files the content and full-text channels rank 1 and 2; the sharp channel found only the second."""
    order = [item for item, _ in fuse({"scharf": [2], "inhalt": [1, 2], "volltext": [1, 2]})]
    assert order == [1, 2]
    tie = [item for item, _ in fuse({"scharf": [2], "inhalt": [1, 2], "volltext": [1, 2]},
                                    ranks={"inhalt": [1.5, 1.5], "volltext": [1.5, 1.5]})]
    assert tie == [2, 1]  # among files the text scores equally, the keyword hit decides


def test_the_keywords_of_a_file_longer_than_one_section_keep_their_full_vote() -> None:
    """A long file's keywords run through all of it — evidence no single section shows the content and full-text
    channels — so its sharp hit votes fully; a file of one section window keeps the tie-break weight."""
    rows = {1: _row(SECTION_LINES + 1, 9000), 2: _row(SECTION_LINES, 3000), 3: _row(4, 120)}
    weights = long_file_weights([1, 2, 3], rows)
    assert weights == {1: 1.0}
    order = [item for item, _ in fuse({"scharf": [2], "inhalt": [1, 2], "volltext": [1, 2]},
                                      sharp_item_weights={2: weights.get(2, SHARP_WEIGHT)})]
    assert order == [1, 2]
    rows[2] = _row(SECTION_LINES * 3, 9000)
    order = [item for item, _ in fuse({"scharf": [2], "inhalt": [1, 2], "volltext": [1, 2]},
                                      sharp_item_weights=long_file_weights([2], rows))]
    assert order == [2, 1]  # the manual whose keywords carry the question's word, before a section that says it


def _row(lines: int, size: int) -> dict[str, int]:
    return {"zeilen": lines, "groesse": size}


def test_the_short_note_weight_holds_for_the_whole_question_or_not_at_all() -> None:
    """Every file the words found a note: all of them get the weight alike. One long file among them (a long
    paragraph of three lines is long in bytes): no file gets it, so a note is not lifted past it on the
    embedder's vote alone. A file the words did not find never gets it."""
    notes = {1: _row(5, 150), 2: _row(4, 300), 3: _row(6, 200)}
    assert short_note_weights(1.0, [2, 1, 3], {1, 2}, notes) == {1: 1.0, 2: 1.0}
    mixed = {**notes, 2: _row(3, 900)}
    assert short_note_weights(1.0, [2, 1, 3], {1, 2}, mixed) is None
    long_lines = {**notes, 2: _row(40, 300)}
    assert short_note_weights(1.0, [2, 1], {1, 2}, long_lines) is None
    assert short_note_weights(None, [2, 1], {1, 2}, notes) is None
