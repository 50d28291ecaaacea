"""The directives table: pair-owned, 1–500 characters, writes read back, removal bound to the pair."""

from __future__ import annotations

import pytest

from novaberg.core.errors import InputError
from novaberg.directives.repository import DirectivesRepository
from tests.support import berlin

NOW = berlin(2026, 11, 30, 10)


def test_add_list_remove_bound_to_the_pair(db):
    repo = DirectivesRepository(db)
    first, created = repo.add("u1", "nova", "  Sprich mich   mit Sie an ", NOW)
    assert created and first.text == "Sprich mich mit Sie an"
    again, created = repo.add("u1", "nova", "sprich mich mit sie an", NOW)
    assert not created and again.id == first.id
    other, _ = repo.add("u1", "lumen", "Duz mich", NOW)
    assert [d.text for d in repo.list("u1", "nova")] == ["Sprich mich mit Sie an"]
    assert repo.remove("u2", "nova", first.id, NOW) is False  # another person's id hits nothing
    assert repo.remove("u1", "lumen", first.id, NOW) is False  # another figure's too
    assert repo.remove("u1", "nova", first.id, NOW) is True
    assert repo.list("u1", "nova") == [] and [d.id for d in repo.list("u1", "lumen")] == [other.id]


@pytest.mark.parametrize("text", ["", "   ", None, "x" * 501])
def test_bad_directives_are_refused_and_nothing_is_written(db, text):
    repo = DirectivesRepository(db)
    with pytest.raises(InputError):
        repo.add("u1", "nova", text, NOW)  # type: ignore[arg-type]
    assert repo.list("u1", "nova") == []


def test_exactly_500_characters_is_allowed(db):
    assert DirectivesRepository(db).add("u1", "nova", "y" * 500, NOW)[1]


@pytest.mark.parametrize(("user", "character"), [("", "nova"), ("u1", ""), (None, "nova")])
def test_a_directive_needs_the_pair(db, user, character):
    with pytest.raises(InputError):
        DirectivesRepository(db).add(user, character, "Sieze mich", NOW)  # type: ignore[arg-type]


def test_the_one_writer_refuses_unstorable_text_and_ids(db):
    """Ids are checked at every edge, also in the table's one writer (not only at the CLI): NUL, a lone surrogate, a 201-character id."""
    import pytest

    from novaberg.core.errors import InputError
    from novaberg.directives.repository import DirectivesRepository
    from tests.support import berlin

    repo = DirectivesRepository(db)
    for user, figure, text in (("u1", "nova", "Keine\x00Emojis"), ("u1", "nova", "Keine \ud800 Emojis"),
                               ("u" * 201, "nova", "Keine Emojis"), ("u1", "nova\x07", "Keine Emojis")):
        with pytest.raises(InputError):
            repo.add(user, figure, text, berlin(2026, 11, 30, 10))
    assert repo.list("u1", "nova") == []
