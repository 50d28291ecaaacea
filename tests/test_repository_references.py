"""Every specification section that code, tests or benchmarks cite resolves inside the repository.

A citation names one of the five specification documents and a section — `timeline.md §5.2`, `dateien.md §3.0b`,
`notizen.md §7`, also without `.md` (`timeline §4a`) — and may go on with more sections of the same document in
the same breath: `timeline.md §4.2, §4.4`, `dateien.md §1a.2/§1a.5`, `tribunal.md §3–§6` (a range of whole
sections). `docs/specification.md` must carry a heading for each such (document, section): `### timeline §5.2 — …`.
A section number written after a tracker reference is no specification section and is not read.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPECIFICATION = ROOT / "docs" / "specification.md"
SCANNED = ("src", "tests", "bench")
SUFFIXES = frozenset({".py", ".json", ".jsonl", ".sql", ".txt", ".md", ".toml", ".yaml", ".yml", ".html", ".js",
                      ".css"})
DOCUMENTS = ("synapsen-promotion", "timeline", "notizen", "dateien", "tribunal")

_DOCUMENT = r"(?P<doc>" + "|".join(re.escape(d) for d in DOCUMENTS) + r")(?:\.md)?"
_SECTION = r"[0-9][0-9a-z.]*(?:-bis)?"
# the cited section, then more sections of the same document joined by , / ; – - or a word for "and"
CITATION = re.compile(_DOCUMENT + r" ?§ ?(?P<first>" + _SECTION + r")"
                      r"(?P<more>(?:\s*(?:,|/|;|–|-|\band\b|\bund\b|&)\s*§ ?" + _SECTION + r")*)")
_MORE = re.compile(r"(?P<sep>,|/|;|–|-|\band\b|\bund\b|&)\s*§ ?(?P<section>" + _SECTION + r")")
HEADING = re.compile(r"^#{2,4} (?P<doc>" + "|".join(re.escape(d) for d in DOCUMENTS) + r") §(?P<section>"
                     + _SECTION + r")(?: |$)", re.MULTILINE)


def _clean(section: str) -> str:
    return section.rstrip(".")


def citations(text: str) -> set[tuple[str, str]]:
    """The (document, section) pairs a text cites; a range of whole sections (`§3–§6`) cites each of them."""
    found: set[tuple[str, str]] = set()
    for match in CITATION.finditer(text):
        doc = match["doc"]
        previous = _clean(match["first"])
        found.add((doc, previous))
        for more in _MORE.finditer(match["more"]):
            section = _clean(more["section"])
            if more["sep"] in ("–", "-") and previous.isdigit() and section.isdigit():
                found.update((doc, str(n)) for n in range(int(previous), int(section) + 1))
            found.add((doc, section))
            previous = section
    return found


def cited_in_repository() -> dict[tuple[str, str], list[str]]:
    """Every cited (document, section) with the files that cite it."""
    cited: dict[tuple[str, str], list[str]] = defaultdict(list)
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*")):
            if not path.is_file() or path.suffix not in SUFFIXES or any(p.endswith(".egg-info") for p in path.parts):
                continue
            for pair in citations(path.read_text(encoding="utf-8", errors="replace")):
                cited[pair].append(str(path.relative_to(ROOT)))
    return cited


def headings(text: str) -> list[tuple[str, str]]:
    return [(m["doc"], m["section"]) for m in HEADING.finditer(text)]


def test_a_citation_is_read_with_the_sections_that_follow_its_document():
    text = ("timeline.md §4.2, §4.4 and dateien.md §1a.2/§1a.5; tribunal.md §3–§5 (majority §5.4.) "
            "see notizen.md §7 'Die geschlossene Annahme', timeline §4a, dateien.md §3.0a-bis; "
            "synapsen-promotion.md §2–§3b; directives: tribunal.md §3.1")
    assert citations(text) == {
        ("timeline", "4.2"), ("timeline", "4.4"), ("dateien", "1a.2"), ("dateien", "1a.5"),
        ("tribunal", "3"), ("tribunal", "4"), ("tribunal", "5"), ("notizen", "7"), ("timeline", "4a"),
        ("dateien", "3.0a-bis"), ("synapsen-promotion", "2"), ("synapsen-promotion", "3b"), ("tribunal", "3.1"),
    }


def test_the_repository_cites_specification_sections():
    """The reader finds what the tree cites — an empty result would make the next test pass for nothing."""
    cited = cited_in_repository()
    assert {("timeline", "5.2"), ("dateien", "3.0b"), ("notizen", "7"), ("tribunal", "5.4")} <= set(cited)
    assert {doc for doc, _ in cited} == set(DOCUMENTS)


def test_every_cited_specification_section_has_its_heading():
    present = set(headings(SPECIFICATION.read_text(encoding="utf-8")))
    missing = {f"{doc} §{section}": files[:3] for (doc, section), files in sorted(cited_in_repository().items())
               if (doc, section) not in present}
    assert not missing, f"cited, but no heading in docs/specification.md: {missing}"


def test_each_section_has_one_heading():
    found = headings(SPECIFICATION.read_text(encoding="utf-8"))
    doubled = sorted({pair for pair in found if found.count(pair) > 1})
    assert not doubled, f"sections with more than one heading: {doubled}"
