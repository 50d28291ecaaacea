"""Formats: a shared PDF is read through pypdf — its text and its outline (bookmarks) as headings;
a broken or encrypted one is skipped with its reason and the run goes on."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from pypdf import PdfWriter
from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

from novaberg.files.extract import extract
from tests.files.helpers import NOW, rows_by_path, service, write


def _pdf_bytes(lines: list[str], outline: list[str], password: str | None = None) -> bytes:
    """A real one-page PDF with Helvetica text and an outline, made with pypdf's writer."""
    writer = PdfWriter()
    page = writer.add_blank_page(612, 792)
    font = DictionaryObject({NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject("/Type1"),
                             NameObject("/BaseFont"): NameObject("/Helvetica")})
    page[NameObject("/Resources")] = DictionaryObject(
        {NameObject("/Font"): DictionaryObject({NameObject("/F1"): writer._add_object(font)})})
    commands = "".join(f"BT /F1 12 Tf 72 {712 - 20 * i} Td ({line}) Tj ET\n" for i, line in enumerate(lines))
    content = DecodedStreamObject()
    content.set_data(commands.encode("latin-1"))
    page[NameObject("/Contents")] = writer._add_object(content)
    for title in outline:
        writer.add_outline_item(title=title, page_number=0)
    if password:
        writer.encrypt(password)
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def test_extract_reads_text_and_outline():
    text, struktur = extract(_pdf_bytes(["Umzug nach Hamburg im Mai.", "Kisten packen."], ["Umzugsplan"]), ".pdf")
    assert "Umzug nach Hamburg im Mai." in text and "Kisten packen." in text
    assert struktur == [{"ebene": 1, "titel": "Umzugsplan", "zeile": None}]


def test_a_pdf_in_a_root_is_indexed_and_broken_ones_are_skipped(db: Any, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    write(docs / "umzug.pdf", _pdf_bytes(["Umzug nach Hamburg im Mai."], ["Umzugsplan"]))
    write(docs / "kaputt.pdf", b"%PDF-1.7 nicht wirklich")
    write(docs / "geheim.pdf", _pdf_bytes(["Geheimnis"], [], password="pw"))
    svc = service(db, tmp_path)
    root = svc.grant("u1", "nova", str(docs), now=NOW)
    report = svc.index(NOW)
    assert report["neu"] == 1 and report["uebergangen"] == {"nicht_auswertbar": 2}
    row = rows_by_path(svc, root["id"])["umzug.pdf"]
    assert row["thema"] == "Umzugsplan"
    assert "Hamburg" in row["zusammenfassung"]
    assert row["zeilen"] == 1  # §4: the lines of the PDF's text, not newlines counted in its binary


def test_a_pdf_whose_text_or_outline_holds_nul_is_refused_not_stored():
    """PostgreSQL text and jsonb hold no NUL: pypdf's text or outline with one is a ParseError (skipped)."""
    import pytest

    from novaberg.files.extract import ParseError

    with pytest.raises(ParseError):
        extract(_pdf_bytes(["Umzug"], ["Umzugs\x00plan"]), ".pdf")
