"""The SQL fallback `similarity()` has pg_trgm's semantics: tested against the Python reference on German
pairs; where NOVABERG_TEST_DATABASE_URL has pg_trgm, the same pairs are compared with the real extension."""

from __future__ import annotations

from importlib import resources

import pytest

from novaberg.text.trigram import similarity as reference
from novaberg.text.trigram import trigrams

PAIRS = [
    ("Einkaufsliste", "Einkaufsliste"),
    ("Einkaufsliste", "Einkaufszettel"),
    ("Äpfel", "äpfel"),
    ("Müller", "Mueller"),
    ("Straße", "Strasse"),
    ("Geburtstag von Oma", "Omas Geburtstag"),
    ("Zahnarzt", "Zahnarzttermin"),
    ("Donaudampfschifffahrt", "Dampfschiff"),
    ("Hund", "Katze"),
    ("Hallo, Welt!", "hallo welt"),
    ("Brot & Butter", "Butterbrot"),
    ("Übermorgen: Steuererklärung!!", "steuererklärung"),
    ("a", "a"),
    ("", "Hund"),
    ("...", "---"),
    ("Liste 2026", "Liste 2027"),
    ("Groß- und Kleinschreibung", "gross und klein"),
    ("Kita-Anmeldung", "Kita Anmeldung"),
]


def test_reference_matches_pg_trgm_definition_by_hand():
    assert trigrams("Hund") == {"  h", " hu", "hun", "und", "nd "}
    assert reference("Hund", "Hund") == 1.0
    assert reference("", "Hund") == 0.0
    assert reference("ab", "abc") == pytest.approx(2 / 5)  # {"  a"," ab","ab "} vs {"  a"," ab","abc","bc "}


def _installed_fallback(conn) -> str:
    """The fallback is `similarity` where pg_trgm is missing; otherwise install it in its own schema."""
    present = conn.execute("SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname='pg_trgm') AS p").fetchone()["p"]
    if not present:
        return "similarity"
    conn.execute("CREATE SCHEMA IF NOT EXISTS fallback_test")
    conn.execute("SET LOCAL search_path = fallback_test, public")
    sql = (resources.files("novaberg.store") / "schema" / "_extensions" / "trigram_fallback.sql").read_text()
    conn.execute(sql)
    conn.execute("SET LOCAL search_path = public")
    return "fallback_test.similarity"


@pytest.mark.parametrize(("left", "right"), PAIRS)
def test_fallback_equals_reference(db, left, right):
    with db.transaction() as conn:
        function = _installed_fallback(conn)
        value = conn.execute(f"SELECT {function}(%s, %s) AS s", (left, right)).fetchone()["s"]
        real = None
        if function != "similarity":
            real = conn.execute("SELECT public.similarity(%s, %s) AS s", (left, right)).fetchone()["s"]
    assert value == pytest.approx(reference(left, right), abs=1e-6)
    if real is not None:
        assert value == pytest.approx(real, abs=1e-6)
