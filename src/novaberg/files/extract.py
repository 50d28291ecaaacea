"""Text and structure of one file (dateien.md §4 `struktur`, §5.1): read-only, no write function here.

`extract(data, suffix)` → (text, struktur). `struktur` has three states (§4): a list is the heading map,
`[]` means looked and found no headings, `None` means not taken (no recogniser for the format, or the
markup does not close — an open code fence).
"""

from __future__ import annotations

import csv
import io
import json
import re
import zipfile
from html.parser import HTMLParser
from typing import Any
from xml.etree import ElementTree

from novaberg.text.file_requests import heading_style_level

__all__ = ["ParseError", "extract", "decode"]


class ParseError(ValueError):
    """The file cannot be read as text of its format; the watcher skips it with its reason."""


def decode(data: bytes) -> str:
    if b"\x00" in data:
        raise ParseError("binäre Daten (NUL-Byte)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")
    return text


_MD_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_ORG_HEADING = re.compile(r"^(\*{1,6})\s+(.+?)\s*$")
_RST_UNDERLINE = re.compile(r"^([=\-~^\"'`#*+]){3,}\s*$")


def _markdown(text: str) -> list[dict[str, Any]] | None:
    headings: list[dict[str, Any]] = []
    fenced = False
    for number, line in enumerate(text.splitlines(), start=1):
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced and (match := _MD_HEADING.match(line)):
            headings.append({"ebene": len(match.group(1)), "titel": match.group(2), "zeile": number})
    return None if fenced else headings  # an open fence: the markup does not close → not taken


def _org(text: str) -> list[dict[str, Any]]:
    return [{"ebene": len(m.group(1)), "titel": m.group(2), "zeile": n}
            for n, line in enumerate(text.splitlines(), start=1) if (m := _ORG_HEADING.match(line))]


def _rst(text: str) -> list[dict[str, Any]]:
    lines = text.splitlines()
    levels: list[str] = []
    headings: list[dict[str, Any]] = []
    for index in range(1, len(lines)):
        title, under = lines[index - 1].strip(), lines[index]
        if title and _RST_UNDERLINE.match(under) and len(under.strip()) >= len(title) \
                and not _RST_UNDERLINE.match(lines[index - 1]):
            char = under.strip()[0]
            if char not in levels:
                levels.append(char)
            headings.append({"ebene": levels.index(char) + 1, "titel": title, "zeile": index})
    return headings


class _HTML(HTMLParser):
    _SKIP = {"script", "style", "head", "title"}
    # elements without an end tag: never on the stack, or a <meta> in <head> keeps "head" open for the whole page
    _VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
             "track", "wbr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.headings: list[dict[str, Any]] = []
        self._stack: list[str] = []
        self._heading: list[str] | None = None
        self._level = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in self._VOID:
            self._stack.append(tag)
        if re.fullmatch(r"h[1-6]", tag):
            self._heading, self._level = [], int(tag[1])
        if tag in {"p", "br", "div", "li", "tr"} or re.fullmatch(r"h[1-6]", tag):
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self._stack:  # an unclosed <p> or <li> inside does not keep the outer element open
            while self._stack.pop() != tag:
                pass
        if self._heading is not None and re.fullmatch(r"h[1-6]", tag):
            title = " ".join("".join(self._heading).split())
            if title:
                self.headings.append({"ebene": self._level, "titel": title, "zeile": self.getpos()[0]})
            self._heading = None
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if any(tag in self._SKIP for tag in self._stack):
            return
        self.parts.append(data)
        if self._heading is not None:
            self._heading.append(data)


_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_DOCX_MAX_XML = 50_000_000  # the unpacked document part; a zip bomb is refused, not unpacked


def _docx(data: bytes) -> tuple[str, list[dict[str, Any]]]:
    """Text and headings of a .docx with the standard library (zip + the WordprocessingML part)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            info = archive.getinfo("word/document.xml")
            if info.file_size > _DOCX_MAX_XML:
                raise ParseError("DOCX-Dokumentteil zu groß")
            root = ElementTree.fromstring(archive.read(info))
    except (zipfile.BadZipFile, KeyError, ElementTree.ParseError, OSError, RuntimeError) as err:
        raise ParseError(f"kein lesbares DOCX: {err}") from err
    lines: list[str] = []
    headings: list[dict[str, Any]] = []
    for paragraph in root.iter(f"{_W}p"):
        text = "".join(node.text or "" for node in paragraph.iter(f"{_W}t")).strip()
        if not text:
            continue
        lines.append(text)
        style = paragraph.find(f"{_W}pPr/{_W}pStyle")
        name = (style.get(f"{_W}val") or "") if style is not None else ""
        level = heading_style_level(name)
        if level is not None or name.lower() == "title":
            headings.append({"ebene": level if level is not None else 1, "titel": text, "zeile": len(lines)})
    return "\n".join(lines), headings


_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
_PDF_MAX_PAGES = 500  # a longer PDF is read up to here (the size limit keeps most far below)


def _pdf(data: bytes) -> tuple[str, list[dict[str, Any]]]:
    """Text of every page and the outline (bookmarks) as headings, through pypdf (pure Python, no system
    library). Any fault of the parser on a broken or hostile file is a ParseError: skipped with its reason."""
    import pypdf  # loaded only when a PDF is read

    try:
        reader = pypdf.PdfReader(io.BytesIO(data))
        if reader.is_encrypted:
            raise ParseError("PDF ist verschlüsselt")
        pages = [page.extract_text() or "" for page in reader.pages[:_PDF_MAX_PAGES]]
        outline = reader.outline
    except ParseError:
        raise
    except Exception as err:  # noqa: BLE001 - pypdf raises many kinds on broken files
        raise ParseError(f"kein lesbares PDF: {type(err).__name__}") from err
    text = "\n".join(page.strip() for page in pages if page.strip())
    headings = _pdf_headings(outline, 1)
    # pypdf maps glyphs to whatever the font says, NUL and lone surrogates included: neither is storable
    # (the outline goes to `struktur`), and like a NUL in a text file the PDF is refused, not cleaned.
    if any(_UNSTORABLE.search(value) for value in (text, *(h["titel"] for h in headings))):
        raise ParseError("PDF-Text mit NUL-Zeichen oder kaputtem Unicode")
    return text, headings


def _pdf_headings(items: Any, level: int) -> list[dict[str, Any]]:
    """The outline as headings: a nested list is the next level down; `zeile` is unknown in a PDF (None)."""
    headings: list[dict[str, Any]] = []
    for item in items or []:
        if isinstance(item, list):
            headings.extend(_pdf_headings(item, level + 1))
        elif getattr(item, "title", None):
            headings.append({"ebene": level, "titel": str(item.title).strip(), "zeile": None})
    return headings


def extract(data: bytes, suffix: str) -> tuple[str, list[dict[str, Any]] | None]:
    """(text, struktur) of a file's bytes; ParseError when the format does not read."""
    suffix = suffix.lower()
    if suffix == ".docx":
        return _docx(data)
    if suffix == ".pdf":
        return _pdf(data)
    text = decode(data)
    if suffix in (".md", ".markdown"):
        return text, _markdown(text)
    if suffix == ".org":
        return text, _org(text)
    if suffix == ".rst":
        return text, _rst(text)
    if suffix in (".html", ".htm"):
        parser = _HTML()
        try:
            parser.feed(text)
            parser.close()
        except Exception as err:  # noqa: BLE001 - html.parser's own faults: skipped with the reason
            raise ParseError(f"HTML nicht lesbar: {err}") from err
        plain = re.sub(r"\n\s*\n+", "\n\n", "".join(parser.parts)).strip()
        return plain, parser.headings
    if suffix == ".json":
        try:
            json.loads(text)
        except ValueError as err:
            raise ParseError(f"kein gültiges JSON: {err}") from err
        return text, None
    if suffix == ".csv":
        try:
            rows = list(csv.reader(io.StringIO(text)))
        except csv.Error as err:
            raise ParseError(f"kein lesbares CSV: {err}") from err
        return "\n".join(" ".join(cell for cell in row) for row in rows), None
    return text, None
