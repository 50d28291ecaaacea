"""The HTML extractor on pages as real tools write them (LibreOffice's German help)."""

from __future__ import annotations

from novaberg.files.extract import extract

PAGE = """<!DOCTYPE html>
<html lang="de">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8">
<title>Ausnahmen der AutoKorrektur</title>
<link type="text/css" href="default.css" rel="Stylesheet">
<script type="text/javascript" src="help.js"></script>
</head>
<body>
<h1>Ausnahmen hinzufügen</h1>
<p>Wählen Sie Extras - AutoKorrektur-Optionen.<br>Dann das Register Ausnahmen.
<ul><li>Abkürzungen<li>Wörter mit zwei Großbuchstaben</ul>
<p>Ende der Seite.</p>
</body>
</html>
"""


def test_a_meta_tag_in_the_head_does_not_hide_the_body() -> None:
    """§4 (the index reads the file's text): `<meta>` and `<link>` have no end tag; the extractor kept "head"
    open for the whole page and every LibreOffice help page came out empty."""
    text, headings = extract(PAGE.encode(), ".html")
    assert "Wählen Sie Extras - AutoKorrektur-Optionen." in text
    assert "Wörter mit zwei Großbuchstaben" in text
    assert "Ende der Seite." in text
    assert "help.js" not in text and "Ausnahmen der AutoKorrektur" not in text  # script and title stay out
    assert [h["titel"] for h in headings] == ["Ausnahmen hinzufügen"]
