"""A third real corpus of another kind: German federal statutes, one file per section (§ or article).

    python -m bench.files.laws_corpus SOURCE TARGET     # SOURCE: the `laws/` folder of a checkout of kmein/gesetze

The statutes come as Markdown from the public repository kmein/gesetze (commit in `laws_questions.json`), which
converts gesetze-im-internet.de; statutes and ordinances are official works without copyright (§ 5 (1) UrhG).
The repository keeps only the questions and this script, never the texts (as for the Debian corpus).

The fixed rule of the corpus, chosen before any search ran: every section with a text of the laws in `LAWS` (the
ones a person meets in everyday life — tenancy, work, family, traffic, papers, tax — and nothing else). A section
is a `# § N – Titel` or `# Art N` heading of the Markdown with the text below it up to the next heading; a
section whose text is empty or only "(weggefallen)" is left out. Each becomes `TARGET/<law>/<number>.txt`, its
first line the law's name and the section's heading; a document's id is `<law>/<number>` (e.g. `BGB/573c`).
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

__all__ = ["LAWS", "build", "sections"]

# the short name of each statute → the file name of its Markdown in kmein/gesetze's `laws/`
LAWS: dict[str, str] = {
    "ArbZG": "ArbZG-BJNR117100994.md", "BDSG": "BDSG-BJNR209710017.md", "BEEG": "BEEG-BJNR274810006.md",
    "BGB": "BGB-BJNR001950896.md", "BMG": "BMG-BJNR108410013.md", "BNatSchG": "BNatSchG-BJNR254210009.md",
    "BUrlG": "BUrlG-BJNR000020963.md", "BetrKV": "BetrKV-BJNR234700003.md", "BetrVG": "BetrVG-BJNR000130972.md",
    "EStG": "EStG-BJNR010050934.md", "EntgFG": "EntgFG-BJNR106500994.md", "FeV": "FeV-BJNR198000010.md",
    "GG": "GG-BJNR000010949.md", "JArbSchG": "JArbSchG-BJNR009650976.md", "JuSchG": "JuSchG-BJNR273000002.md",
    "KSchG": "KSchG-BJNR004990951.md", "LadSchlG": "LadSchlG-BJNR008750956.md", "MiLoG": "MiLoG-BJNR134810014.md",
    "MuSchG": "MuSchG-BJNR122810017.md", "PAuswG": "PAuswG-BJNR134610009.md", "PassG": "PassG-BJNR105370986.md",
    "ProdHaftG": "ProdHaftG-BJNR021980989.md", "StGB": "StGB-BJNR001270871.md", "StVO": "StVO-BJNR036710013.md",
    "TierSchG": "TierSchG-BJNR012770972.md", "TzBfG": "TzBfG-BJNR196610000.md", "UStG": "UStG-BJNR119530979.md",
    "WEG": "WEG-BJNR001750951.md",
}
_SECTION = re.compile(r"^# (?:§|Art) (\d+[a-z]*)\b")
_GONE = re.compile(r"^\(?weggefallen\)?\.?$")


def sections(markdown: str) -> list[tuple[str, str, str]]:
    """(number, heading, text) of every section with a text, in the order of the statute."""
    lines = markdown.splitlines()
    title = next((line[2:].strip() for line in lines if line.startswith("% ")), "")
    found: list[tuple[str, str, str]] = []
    current: tuple[str, str] | None = None
    body: list[str] = []

    def close() -> None:
        text = "\n".join(body).strip()
        if current is not None and text and not _GONE.match(text):
            found.append((current[0], current[1], f"{title}\n{current[1]}\n\n{text}\n"))

    for line in lines:
        if line.startswith("# "):
            close()
            match = _SECTION.match(line)
            current = (match.group(1), line[2:].strip()) if match else None
            body = []
        elif current is not None:
            body.append(line)
    close()
    return found


def build(source: Path, target: Path) -> dict[str, int]:
    """Writes the corpus; returns law → sections written. A missing statute is a loud error."""
    counts: dict[str, int] = {}
    for law, name in LAWS.items():
        path = source / name
        if not path.is_file():
            raise SystemExit(f"missing: {path} (a checkout of kmein/gesetze, its laws/ folder)")
        folder = target / law
        folder.mkdir(parents=True, exist_ok=True)
        written = 0
        for number, _heading, text in sections(path.read_text(encoding="utf-8")):
            out = folder / f"{number}.txt"
            if out.exists():  # a number twice (an annex's own §§): the first, the statute's, is kept
                continue
            out.write_text(text, encoding="utf-8")
            written += 1
        counts[law] = written
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="the laws/ folder of a checkout of kmein/gesetze")
    parser.add_argument("target", type=Path)
    args = parser.parse_args()
    counts = build(args.source, args.target)
    print(f"{sum(counts.values())} sections of {len(counts)} statutes:", counts)


if __name__ == "__main__":
    main()
