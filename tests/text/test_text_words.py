"""novaberg.text.words: the German text utilities every reader of user text builds on."""

from __future__ import annotations

import pytest

from novaberg.text.words import (
    contains_word,
    fold_umlauts,
    is_word_char,
    normalize,
    signs,
    split_clauses,
    split_sentences,
    without_words,
    words,
)


def test_words_are_lower_case_runs_of_letters_and_digits_including_umlauts() -> None:
    assert words("Äpfel, Öl & Süßes: 3x bis 10 Uhr!") == ["äpfel", "öl", "süßes", "3x", "bis", "10", "uhr"]


def test_words_of_decomposed_umlauts_equal_composed_ones() -> None:
    """A keyboard that sends a + U+0308 must not make *später* a different word."""
    assert words("spa\u0308ter") == ["später"]
    assert normalize("SPA\u0308TER") == "später"


def test_apostrophe_joins_by_default_and_splits_on_request() -> None:
    """notizen.md §7: the consent reads the text without apostrophes, the refusal with them."""
    assert words("ger'ne") == ["gerne"]
    assert words("mach’s") == ["machs"]
    assert words("ger'ne", join_apostrophes=False) == ["ger", "ne"]


def test_signs_are_everything_but_word_characters_and_apostrophes() -> None:
    assert signs("Ja, ger'ne!") == [",", " ", "!"]
    assert signs("ja 👍") == [" ", "👍"]
    assert not is_word_char("'")
    assert is_word_char("ß") and is_word_char("7")


@pytest.mark.parametrize(
    ("text", "word", "expected"),
    [
        ("Ja, gerne", "ja", True),
        ("Jahr", "ja", False),  # notizen.md §7: *ja* trifft *Jahr* nicht
        ("erneut", "neu", False),  # notizen.md §7 Duplikat: *neu* trifft *erneut* nicht
        ("Nein, lieber nicht.", "lieber nicht", True),
        ("lieber doch nicht", "lieber nicht", False),
        ("mach's", "mach", True),
        ("egal", "", False),
    ],
)
def test_contains_word_matches_whole_words_and_phrases_only(text: str, word: str, expected: bool) -> None:
    assert contains_word(text, word) is expected


def test_without_words_takes_out_whole_words_and_keeps_the_rest() -> None:
    """notizen.md §7 `_without_words`: *gerne* goes, the *ne* of *neue* stays."""
    assert without_words("Ja, gerne eine neue", {"ja", "gerne"}) == " ,   eine neue"
    assert without_words("ger'ne", {"gerne"}) == "ger'ne"


def test_split_clauses_ends_clauses_only_at_the_given_separators() -> None:
    """notizen.md §7 (d): Satzteile enden nur an `, . ! ; :` — not at a dash or a space."""
    assert split_clauses("Ja, ist das ok - gut; danke!") == [["ja"], ["ist", "das", "ok", "gut"], ["danke"]]
    assert split_clauses(",,;") == []


def test_split_clauses_can_also_split_before_conjunctions() -> None:
    assert split_clauses("notiert und erledigt, aber spät", conjunctions={"und", "aber"}) == [
        ["notiert"],
        ["und", "erledigt"],
        ["aber", "spät"],
    ]


def test_split_sentences_keeps_dates_and_abbreviations_together() -> None:
    text = "Am 12. Okt. um 10 Uhr, z.B. beim Arzt. Notiert! Passt das? Gut…"
    assert split_sentences(text) == [
        "Am 12. Okt. um 10 Uhr, z.B. beim Arzt.",
        "Notiert!",
        "Passt das?",
        "Gut…",
    ]
    assert split_sentences("  ") == []
    assert split_sentences("ohne Ende") == ["ohne Ende"]


def test_fold_umlauts_only_maps_umlauts_and_sharp_s() -> None:
    assert fold_umlauts("Kümmel, Öl, Straße, Äpfel") == "Kuemmel, Oel, Strasse, Aepfel"
    assert fold_umlauts("Ku\u0308mmel") == "Kuemmel"


def test_a_date_without_year_does_not_end_a_sentence():
    """The claim check reads sentences: *am 20.08. um 14 Uhr* is one (found by the tribunal checks)."""
    from novaberg.text.words import split_sentences

    assert split_sentences("Der Termin ist am 20.08. um 14 Uhr. Danach Kaffee.") == [
        "Der Termin ist am 20.08. um 14 Uhr.", "Danach Kaffee."]
    assert split_sentences("Am Dienstag, 1.12.2026. Soll ich?") == ["Am Dienstag, 1.12.2026.", "Soll ich?"]


def _reference_words(text: str, join_apostrophes: bool) -> list[str]:
    """The character-by-character definition of a word run (the earlier, slower implementation)."""
    found: list[str] = []
    current: list[str] = []
    for char in normalize(text):
        if is_word_char(char):
            current.append(char)
        elif char in "'\u2019" and join_apostrophes:
            continue
        elif current:
            found.append("".join(current))
            current = []
    if current:
        found.append("".join(current))
    return found


def test_words_by_pattern_split_every_code_point_as_isalnum_does() -> None:
    """`words` reads with one regular expression; a word character stays exactly `str.isalnum`
    for every code point (letters of any script, digits, no `_`, no combining mark)."""
    every = "".join(chr(point) for point in range(0x110000) if not 0xD800 <= point <= 0xDFFF)
    alnum = "".join(char for char in every if char.isalnum())
    from novaberg.text.words import _WORD_RUN

    assert "".join(_WORD_RUN.findall(every)) == alnum


def test_words_by_pattern_equal_the_character_reading_on_mixed_text() -> None:
    import random

    pieces = ["Ger'ne", "mach’s", " ", ",", "_", "ä", "a\u0308", "İ", "ß", "3x", "٣", "½", "👍", "-", "\u200b", "'", "x_y",
              "Œuvre", "\t", "…", "Ⅻ", "ǅ", "\u0301"]
    rng = random.Random(30)
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        for join in (True, False):
            assert words(text, join_apostrophes=join) == _reference_words(text, join), (text, join)


def test_small_talk_reads_the_text_once_and_finds_what_each_phrase_finds() -> None:
    """Small talk reads the text once for all phrases; every template is found exactly when one of
    its phrases is a whole-word part of the text (as `contains_word` says)."""
    from novaberg.text.small_talk import small_talk, small_talk_templates

    data = small_talk_templates()
    for template in data["templates"]:
        for phrase in template["phrases"]:
            for text in (phrase, f"{phrase}!", f"Na, {phrase}", f"x{phrase}"):
                found = [t for t in data["templates"] if any(contains_word(text, p) for p in t["phrases"])]
                expected = " ".join(t["answer"] for t in found)
                answer = small_talk(text)
                if not words(text) or len(words(text)) > data["max_words"]:
                    assert answer == ""
                else:
                    assert answer.startswith(expected), (text, answer, expected)
