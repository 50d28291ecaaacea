"""Blocks in the turn (dateien.md §1a.2, §1a.5, §4c, §5.6) on real trees and the embedded Postgres."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

from novaberg.files.blocks import (
    FOREIGN_HEADER,
    OWN_HEADER,
    aufzeichnungen_block,
    block_text,
    dedupe,
    eigene_funde_block,
    entry,
    location,
)
from novaberg.files.retrieval import Hit
from novaberg.graph.compose import offline_composer
from tests.files.helpers import NOW, service, write

HEIZUNG = "# Heizung im Altbau\n\nDie Gastherme im Keller wurde 2019 eingebaut.\n"


def _hit(path: str, thema: str = "Heizung", summary: str = "Die Gastherme im Keller.", score: float = 0.5,
         eigentum: str = "nutzer", lines: tuple[int, int] | None = (3, 7)) -> Hit:
    return Hit(path=path, root_id=1, thema=thema, score=score, channels=("scharf", "inhalt"),
               relative=path.rsplit("/", 1)[-1], eigentum=eigentum, zusammenfassung=summary, zeilen=12, lines=lines)


def _state(user: str = "u1", text: str = "Was steht in meinen Unterlagen über die Gastherme?") -> dict[str, Any]:
    return {"turn_id": uuid.uuid4(), "user_id": user, "character_id": "nova", "text": text, "now": NOW}


def test_entry_has_location_topic_excerpt() -> None:
    """§1a.2: `- <Fundstelle>: <Thema> — <Auszug>`, the location relative to the root (root folder
    + relative path, never the server's absolute path) and the line range."""
    line = entry(_hit("/home/a/unterlagen/heizung.md"))
    assert line.startswith("- unterlagen/heizung.md, Zeilen 3–7: Heizung — Die Gastherme im Keller.")


def test_archived_location_is_labelled() -> None:
    """§5.6: `(archiviert)` on every archived location; `archive.md` as a file name does not count."""
    assert location(_hit("/docs/Archiv/alt.md")).endswith("(archiviert)")
    assert location(_hit("/docs/archive/sub/alt.md", lines=None)).endswith("(archiviert)")
    assert "(archiviert)" not in location(_hit("/docs/archive.md"))
    assert "(archiviert)" not in location(_hit("/docs/archivelogik/a.md"))


def test_no_block_without_hits() -> None:
    """§1a.2 „Er steht nur da, wenn es Treffer gibt."""
    assert block_text(FOREIGN_HEADER, [], "[AUFZEICHNUNGEN]\nRahmen") is None


def test_dedupe_only_inside_one_class() -> None:
    """§4c: exact duplicates go (the higher score wins), containment keeps the longer."""
    a = _hit("/x/a.md", score=0.9)
    b = _hit("/x/b.md", score=0.4)
    c = _hit("/x/c.md", summary="Die Gastherme im Keller. Sie wurde 2019 eingebaut.", score=0.3)
    d = _hit("/x/d.md", thema="Garten", summary="Tomaten brauchen Sonne.")
    kept = dedupe([a, b, c, d])
    assert [h.path for h in kept] == ["/x/c.md", "/x/d.md"]


def _indexed(db: Any, tmp_path: Path) -> Any:
    svc = service(db, tmp_path)
    write(tmp_path / "meins" / "heizung.md", HEIZUNG)
    write(tmp_path / "meins" / "archiv" / "heizung-alt.md", "# Alte Gastherme\n\nDie alte Gastherme im Keller.\n")
    write(tmp_path / "ihres" / "recherche.md", "# Gastherme Wartung\n\nEine Gastherme braucht jährlich Wartung.\n")
    svc.grant("u1", "nova", str(tmp_path / "meins"), eigentum="nutzer")
    svc.grant("u1", "nova", str(tmp_path / "ihres"), eigentum="figur")
    svc.index(NOW)
    return svc


def test_blocks_by_ownership(db: Any, deps: Any, tmp_path: Path) -> None:
    """§1a.5: `nutzer` → [AUFZEICHNUNGEN], `figur` → [EIGENE FUNDE]; third person, origin and conflict rule."""
    _indexed(db, tmp_path)
    state = _state()
    foreign = aufzeichnungen_block(state, deps)
    own = eigene_funde_block(state, deps)
    assert foreign is not None and own is not None
    assert foreign.header == FOREIGN_HEADER and foreign.text.startswith("[AUFZEICHNUNGEN]")
    assert own.header == OWN_HEADER and own.text.startswith("[EIGENE FUNDE]")
    assert "[AUFZEICHNUNGEN]" not in own.text  # §1a.5: neither name contains the other
    assert "meins/heizung.md" in foreign.text
    assert "meins/archiv/heizung-alt.md" in foreign.text
    assert "(archiviert)" in foreign.text
    assert "ihres/recherche.md" in own.text
    assert "ihres/" not in foreign.text
    framing = foreign.text.split("\n\n- ")[0]
    assert "die Person" in framing and "beides" in framing  # third person; conflict: say both
    assert " du " not in f" {framing.lower()} " and "nicht" not in framing.lower()  # positive wording
    assert foreign.answers_question


def test_no_block_for_small_talk_or_second_pair(db: Any, deps: Any, tmp_path: Path) -> None:
    _indexed(db, tmp_path)
    assert aufzeichnungen_block(_state(text="Wie war dein Tag?"), deps) is None
    assert aufzeichnungen_block(_state(text="🔥"), deps) is None
    assert aufzeichnungen_block(_state(user="u2"), deps) is None
    assert eigene_funde_block(_state(user="u2"), deps) is None


def test_offline_composer_cites_the_location() -> None:
    """The offline composer answers from the files' block with origin and location, not the framing."""
    block = block_text(FOREIGN_HEADER, [_hit("/home/a/heizung.md")], "[AUFZEICHNUNGEN]\nRahmen\n- Regel eins")
    answer = offline_composer({"text": "Was steht in meinen Unterlagen über die Heizung?", "service_reports": [],
                                "block_map": {"[TERMINE]": "[TERMINE]\nkeine", FOREIGN_HEADER: block},
                                "answer_from_blocks": True})["antwort"]
    assert "Unterlagen" in answer and "a/heizung.md, Zeilen 3–7" in answer and "/home/a" not in answer
    assert "Regel eins" not in answer and "[TERMINE]" not in answer
