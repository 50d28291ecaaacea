"""dateien.md §5.6: the archive label checks a directory component, case-insensitive; the file name not."""

from __future__ import annotations

import pytest

from novaberg.files.labels import is_archived, label


@pytest.mark.parametrize("path", ["archive/x.md", "docs/archive/x.md", "konzepte/Archiv/alt.md",
                                  "/docs/ARCHIVE/a/b.md", "a\\archiv\\b.txt"])
def test_archived(path: str) -> None:
    """§5.6: `archive`/`archiv` as a directory component, any case, at any depth."""
    assert is_archived(path)


@pytest.mark.parametrize("path", ["archive.md", "docs/archive.md", "archivelogik_k.md", "archives/x.md",
                                  "archivar/x.md", "Archivierung/x.md", "docs/x.md", "", "archiv"])
def test_not_archived(path: str) -> None:
    """§5.6: no substring, no prefix, not the file name; `archives`, `archivar`, `Archivierung` stay out."""
    assert not is_archived(path)


def test_label() -> None:
    """§5.6: the place carries the label `(archiviert)`."""
    assert label("/docs/archive/a.md") == "/docs/archive/a.md (archiviert)"
    assert label("/files/bach.md") == "/files/bach.md"
