"""The real development corpus of Debian's German documentation as plain text.

    apt-get install -y debian-reference-de debian-faq-de gimp-help-de libreoffice-help-de
    python -m bench.files.real_corpus /work/corpus/de-docs

Every installed HTML page of the packages in `PACKAGES` becomes one `.txt` file under
`<target>/<package>/<path below the package's help directory>.txt`, extracted with the product's own HTML
extractor (`novaberg.files.extract`). A document's id is its path below the target without `.txt`, e.g.
`gimp-help-de/gimp-tool-crop`. Pages with fewer than `MIN_WORDS` words (redirects, empty frames) are left
out. Nobody in this project wrote these texts; `manpages-de` is reserved for the held-out check and never
read here. The repository keeps only the questions (`real_questions.json`), never the corpus.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

from novaberg.files.extract import ParseError, extract

__all__ = ["PACKAGES", "build", "installed_versions", "MIN_WORDS"]

# package → the directory its German HTML pages live in
PACKAGES: dict[str, str] = {
    "debian-reference-de": "/usr/share/debian-reference",
    "debian-faq-de": "/usr/share/doc/debian/FAQ/de",
    "gimp-help-de": "/usr/share/gimp/2.0/help/de",
    "libreoffice-help-de": "/usr/share/libreoffice/help/de",
}
MIN_WORDS = 40
_HTML = re.compile(r"\.html?$")


def installed_versions() -> dict[str, str | None]:
    """package → installed version (None: not installed)."""
    versions: dict[str, str | None] = {}
    for package in PACKAGES:
        done = subprocess.run(["dpkg-query", "-W", "-f=${Status}|${Version}", package],  # noqa: S603, S607
                              capture_output=True, text=True, check=False)
        status, _, version = done.stdout.partition("|")
        versions[package] = version if done.returncode == 0 and status.endswith(" installed") else None
    return versions


def _pages(package: str) -> list[Path]:
    listing = subprocess.run(["dpkg", "-L", package], capture_output=True, text=True, check=True)  # noqa: S603, S607
    base = PACKAGES[package]
    return sorted(Path(line) for line in listing.stdout.splitlines()
                  if line.startswith(base + "/") and _HTML.search(line) and Path(line).is_file())


def build(target: Path) -> dict[str, int]:
    """Writes the corpus; returns package → documents written. Raises SystemExit naming a missing package."""
    missing = [name for name, version in installed_versions().items() if version is None]
    if missing:
        raise SystemExit(f"not installed: {' '.join(missing)} — apt-get install -y {' '.join(PACKAGES)}")
    counts: dict[str, int] = {}
    for package, base in PACKAGES.items():
        written = 0
        for page in _pages(package):
            try:
                text, _ = extract(page.read_bytes(), page.suffix)
            except ParseError:
                continue
            if len(text.split()) < MIN_WORDS:
                continue
            relative = page.relative_to(base).with_suffix("").as_posix()
            relative = re.sub(r"\.de$", "", relative)  # debian-reference: ch02.de → ch02
            out = target / package / f"{relative}.txt"
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(text + "\n", encoding="utf-8")
            written += 1
        counts[package] = written
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("target", type=Path)
    args = parser.parse_args()
    counts = build(args.target)
    print(" ".join(f"{name}: {count}" for name, count in counts.items()), file=sys.stderr)


if __name__ == "__main__":
    main()
