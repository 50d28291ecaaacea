"""dateien.md §2a, §7, §8.2a: the roots agent `dateien_wurzeln` in the conversation, through `Nova.turn`."""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from novaberg.files.agent.classify import parse
from novaberg.files.agent.const import TASK_CLASSIFY
from novaberg.files.repository import RootsRepository
from novaberg.llm.scripted import ScriptedLLM
from tests.files.helpers import allow, write
from tests.support import berlin, make_nova, make_offline_llm

NOW = berlin(2026, 12, 1, 10)
SERVICE = "dateien_wurzeln"


@pytest.fixture
def home(home: Path, db: Any) -> Path:
    """The boundary (§7) is the test's own directory; a shared tree with three readable files inside."""
    boundary = home / "home"
    docs = boundary / "docs"
    write(docs / "heizung.md", "# Heizung\n\nDie Therme wurde im Oktober gewartet.")
    write(docs / "garten" / "beete.txt", "Tomaten an die Südseite.")
    write(docs / "rezepte.txt", "Linsensuppe mit Möhren.")
    write(docs / "bild.png", b"\x89PNG")  # not a text format: not counted
    allow(db, boundary, "u1")  # the operator allowed it for u1 only
    return boundary


def _service(result: Any) -> dict[str, Any]:
    hits = [s for s in result.services if s["name"] == SERVICE]
    assert hits, f"the roots agent did not run: {result.services}"
    return hits[0]


def _roots(db: Any, user: str = "u1", character: str = "nova") -> list[dict[str, Any]]:
    return RootsRepository(db).list(user, character)


def test_grant_asks_ownership_then_gate_with_resolved_path_and_count(nova: Any, db: Any, home: Path) -> None:
    """§2a.2: the gate shows the resolved path and the number of files before anything is granted; §1a.5: the
    ownership is asked, never assumed; the answer „meins" makes it the person's material."""
    raw = f"{home}/docs/garten/../"
    first = nova.turn("u1", "nova", f"Du darfst in {raw} nachsehen", NOW)
    assert _service(first)["status"] == "rueckfrage" and "deins, meins" in first.answer
    gate = nova.turn("u1", "nova", "Das ist meins", NOW)
    assert _service(gate)["status"] == "rueckfrage"
    assert f"3 Dateien unter {home / 'docs'}" in gate.answer and ".." not in gate.answer
    assert _roots(db) == []
    done = nova.turn("u1", "nova", "Ja", NOW)
    service = _service(done)
    assert service["status"] == "abgeschlossen"
    assert any(step.get("verifiziert") is True for step in service["steps"])
    rows = _roots(db)
    assert [(r["pfad"], r["eigentum"], r["aktiv"]) for r in rows] == [(str(home / "docs"), "nutzer", True)]
    assert "3 neu im Index" in done.answer  # a small root is indexed in the turn
    assert _roots(db, character="andere") == [] and _roots(db, user="u2") == []


@pytest.mark.parametrize(("answer", "eigentum"), [("deins", "figur"), ("Das gehört dir", "figur"),
                                                  ("beides", "gemischt")])
def test_ownership_answers(nova: Any, db: Any, home: Path, answer: str, eigentum: str) -> None:
    """§1a.5: „deins" → figur (from the answerer's side), „beides" → gemischt."""
    nova.turn("u1", "nova", f"Gib {home}/docs frei", NOW)
    nova.turn("u1", "nova", answer, NOW)
    nova.turn("u1", "nova", "ja", NOW)
    assert [r["eigentum"] for r in _roots(db)] == [eigentum]


def test_ownership_with_both_sides_asks_again(nova: Any, db: Any, home: Path) -> None:
    """§1a.5: „meins, aber auch deins" names both sides — asked again, never a guess."""
    nova.turn("u1", "nova", f"Gib {home}/docs frei", NOW)
    again = nova.turn("u1", "nova", "meins, aber auch deins", NOW)
    assert _service(again)["status"] == "rueckfrage" and "nicht eindeutig" in again.answer
    assert _roots(db) == []


@pytest.mark.parametrize("answer", ["passt", "das passt", "Wie bitte?", "ja, aber erst morgen", "ok?"])
def test_gate_executes_only_on_closed_consent(nova: Any, db: Any, home: Path, answer: str) -> None:
    """§2a.2: only an answer that consists of consent grants; „passt" is no consent word here."""
    nova.turn("u1", "nova", f"Gib {home}/docs frei", NOW)
    nova.turn("u1", "nova", "meins", NOW)
    unclear = nova.turn("u1", "nova", answer, NOW)
    assert _service(unclear)["status"] == "rueckfrage" and _roots(db) == []


def test_gate_refusal_grants_nothing(nova: Any, db: Any, home: Path) -> None:
    """§2a.2: refusal is read first and wins."""
    nova.turn("u1", "nova", f"Gib {home}/docs frei", NOW)
    nova.turn("u1", "nova", "meins", NOW)
    refused = nova.turn("u1", "nova", "Nein, doch nicht", NOW)
    assert _service(refused)["status"] == "dismissed" and _roots(db) == []


def test_outside_the_boundary_is_refused_naming_what_was_said(nova: Any, db: Any, home: Path,
                                                              tmp_path: Path) -> None:
    """§7, §8.2a: outside the boundary — the fourth exit naming the path as said and the allowed boundary, never
    where the link leads; no question is asked, so no „ja" can grant it."""
    outside = tmp_path / "geheim"
    outside.mkdir()
    os.symlink(outside, home / "abkuerzung")
    refused = nova.turn("u1", "nova", f"Gib {home}/abkuerzung frei", NOW)
    service = _service(refused)
    assert service["status"] == "rejected"
    assert f"{home}/abkuerzung" in refused.answer and str(home) in refused.answer and "außerhalb" in refused.answer
    assert str(outside) not in refused.answer and str(outside) not in str(refused.services)
    after = nova.turn("u1", "nova", "Ja", NOW)
    assert all(s["name"] != SERVICE or s["status"] != "abgeschlossen" for s in after.services)
    assert _roots(db) == []


def test_the_same_directory_twice_gives_the_news_not_a_second_row(nova: Any, db: Any, home: Path) -> None:
    """§8.2a Wiederholverhalten: no second row, the answer that it exists."""
    nova.files.grant("u1", "nova", str(home / "docs"), now=NOW)
    again = nova.turn("u1", "nova", f"Gib {home}/docs/ frei", NOW)
    assert _service(again)["status"] == "abgeschlossen" and "besteht schon" in again.answer
    assert len(_roots(db)) == 1


def test_read_lists_the_pairs_roots_only(nova: Any, db: Any, home: Path) -> None:
    """§2a.2 read: number, path, name, ownership, state; another figure's root never shows."""
    mine = nova.files.grant("u1", "nova", str(home / "docs"), eigentum="figur", bezeichnung="Haus", now=NOW)
    nova.files.grant("u1", "andere", str(home / "docs" / "garten"), now=NOW)
    listing = nova.turn("u1", "nova", "Worauf hast du Zugriff?", NOW)
    assert _service(listing)["status"] == "abgeschlossen"
    assert f"Nummer 1: {home / 'docs'} „Haus“ — mein Material, freigegeben" in listing.answer
    assert mine["id"] == 1  # the place and the row id agree here; see the next test for when they do not
    assert "garten" not in listing.answer


def test_a_roots_number_is_its_place_in_the_pairs_list_never_the_row_id(nova: Any, db: Any, home: Path) -> None:
    """Answers carry no row ids: another person's roots and another figure's come first, so the row id of u1's
    root with nova is 4 — the person is told and answers with 1, and no answer says how many roots others have."""
    theirs = home.parent / "u2-home"
    (theirs / "a").mkdir(parents=True)
    (theirs / "b").mkdir()
    allow(db, theirs, "u2")
    nova.files.grant("u2", "nova", str(theirs / "a"), now=NOW)
    nova.files.grant("u2", "nova", str(theirs / "b"), now=NOW)
    nova.files.grant("u1", "andere", str(home / "docs" / "garten"), now=NOW)
    nova.turn("u1", "nova", f"Du darfst in {home}/docs nachsehen", NOW)
    nova.turn("u1", "nova", "Das ist meins", NOW)
    granted = nova.turn("u1", "nova", "Ja", NOW)
    row = _roots(db)[0]
    assert row["id"] == 4
    assert "(Nummer 1, " in granted.answer
    listing = nova.turn("u1", "nova", "Worauf hast du Zugriff?", NOW)
    again = nova.turn("u1", "nova", f"Gib {home}/docs frei", NOW)
    ask = nova.turn("u1", "nova", "Lösch die Freigabe Nummer 1", NOW)
    assert "Nummer 1:" in listing.answer and "(Nummer 1)" in again.answer
    assert _service(ask)["status"] == "rueckfrage" and "stilllegen" in ask.answer
    done = nova.turn("u1", "nova", "stilllegen", NOW)
    assert "(Nummer 1)" in done.answer
    for answer in (granted, listing, again, ask, done):
        assert "Nummer 4" not in answer.answer and "Nummer 2" not in answer.answer
    for other in ("u2",):
        assert all(r["aktiv"] for r in RootsRepository(db).list(other, "nova"))


def test_revocation_asks_the_form_and_stilllegen_keeps_the_rows(nova: Any, db: Any, home: Path) -> None:
    """§2a.3: the service asks between stilllegen and vergessen; stilllegen keeps the index rows inactive."""
    root = nova.files.grant("u1", "nova", str(home / "docs"), now=NOW)
    nova.files.index(NOW, "u1", "nova")
    ask = nova.turn("u1", "nova", "Nimm das Verzeichnis docs wieder weg", NOW)
    assert _service(ask)["status"] == "rueckfrage" and "stilllegen" in ask.answer and "vergessen" in ask.answer
    assert _roots(db)[0]["aktiv"] is True  # the request itself decides nothing
    unclear = nova.turn("u1", "nova", "mach wie du denkst", NOW)
    assert _service(unclear)["status"] == "rueckfrage"
    done = nova.turn("u1", "nova", "stilllegen", NOW)
    service = _service(done)
    assert service["status"] == "abgeschlossen" and any(s.get("verifiziert") for s in service["steps"])
    assert _roots(db)[0]["aktiv"] is False
    assert len(nova.files.index_rows(root["id"], "u1", "nova")) == 3


def test_revocation_vergessen_deletes_the_rows(nova: Any, db: Any, home: Path) -> None:
    """§2a.3 vergessen: the index rows are deleted (what was learned from the content goes too)."""
    root = nova.files.grant("u1", "nova", str(home / "docs"), now=NOW)
    nova.files.index(NOW, "u1", "nova")
    nova.turn("u1", "nova", f"Lies in {home}/docs nicht mehr", NOW)
    done = nova.turn("u1", "nova", "Vergessen, das soll weg", NOW)
    assert _service(done)["status"] == "abgeschlossen" and "3 Indexzeilen gelöscht" in done.answer
    assert nova.files.index_rows(root["id"], "u1", "nova") == []


def test_revocation_refused_keeps_the_root(nova: Any, db: Any, home: Path) -> None:
    nova.files.grant("u1", "nova", str(home / "docs"), now=NOW)
    nova.turn("u1", "nova", "Nimm die Freigabe zurück", NOW)
    kept = nova.turn("u1", "nova", "nein", NOW)
    assert _service(kept)["status"] == "dismissed" and _roots(db)[0]["aktiv"] is True


def test_reactivate_and_rename_behind_the_gate(nova: Any, db: Any, home: Path) -> None:
    """§2a.2: reactivate and update ask first; the reactivation checks the path again (§7)."""
    root = nova.files.grant("u1", "nova", str(home / "docs"), now=NOW)
    nova.files.disable(root["id"], "u1", "nova", now=NOW)
    ask = nova.turn("u1", "nova", f"Du darfst wieder in {home}/docs nachsehen", NOW)
    assert _service(ask)["status"] == "rueckfrage" and "3 Dateien" in ask.answer
    assert _roots(db)[0]["aktiv"] is False
    done = nova.turn("u1", "nova", "ja", NOW)
    assert _service(done)["status"] == "abgeschlossen" and _roots(db)[0]["aktiv"] is True
    rename = nova.turn("u1", "nova", "Nenn die Freigabe 1 in „Projektdoku“ um", NOW)
    assert _service(rename)["status"] == "rueckfrage" and _roots(db)[0]["bezeichnung"] is None
    renamed = nova.turn("u1", "nova", "Ja, bitte", NOW)
    assert _service(renamed)["status"] == "abgeschlossen" and _roots(db)[0]["bezeichnung"] == "Projektdoku"


def test_another_pairs_number_is_refused_loudly(nova: Any, db: Any, home: Path) -> None:
    """§2a.1: every id bound to the pair — another figure's root number finds nothing, changes nothing."""
    foreign = nova.files.grant("u1", "andere", str(home / "docs"), now=NOW)
    answer = nova.turn("u1", "nova", f"Lösch die Freigabe Nummer {foreign['id']}", NOW)
    service = _service(answer)
    assert service["status"] == "fehler" and any(s.get("fehler") == "keine_zeile" for s in service["steps"])
    assert RootsRepository(db).get(foreign["id"], "u1", "andere")["aktiv"] is True


def test_two_roots_and_no_name_ask_which(nova: Any, db: Any, home: Path) -> None:
    """A question beats a guess: two active roots and no name → which one; the number answers."""
    nova.files.grant("u1", "nova", str(home / "docs"), now=NOW)
    second = nova.files.grant("u1", "nova", str(home / "docs" / "garten"), now=NOW)
    ask = nova.turn("u1", "nova", "Nimm die Freigabe zurück", NOW)
    assert _service(ask)["status"] == "rueckfrage" and "Nummer" in ask.answer
    form = nova.turn("u1", "nova", "2", NOW)  # its place in the pair's list
    assert second["id"] == 2
    assert _service(form)["status"] == "rueckfrage" and "garten" in form.answer and "stilllegen" in form.answer


@pytest.mark.parametrize("text", ["Das liegt bei mir unter ~/Projekte", "Was steht in ~/docs/heizung.md?",
                                  "Lösch die Datei ~/docs/heizung.md", "Trag mir morgen um 10 den Zahnarzt ein",
                                  "Schreib Milch auf die Einkaufsliste", "Ich erlaube dir, mich zu duzen"])
def test_negative_cases_are_not_this_service(text: str) -> None:
    """§8.2a Negativfälle: a file's content, a folder mentioned in passing, a file to delete are not grants."""
    assert parse(text)["aktion"] == "keine"


def test_a_paraphrasing_model_cannot_invent_the_path(db: Any, redis: Any, tmp_path: Path, home: Path) -> None:
    """The model's reading is used, but a path it names that the person did not say is replaced by the
    person's own path (the gate shows what was said)."""
    llm = ScriptedLLM({"router": {"domain": SERVICE},
                       TASK_CLASSIFY: {"aktion": "create", "pfad": "/etc", "nummer": None, "bezeichnung": None}},
                      fallback=make_offline_llm())
    nova = make_nova(db, redis, llm, tmp_path)
    nova.turn("u1", "nova", f"Meine Unterlagen unter {home}/docs kannst du dir gern ansehen", NOW)
    gate = nova.turn("u1", "nova", "meins", NOW)
    assert str(home / "docs") in gate.answer and "/etc" not in gate.answer


def test_model_answer_with_nul_falls_back_to_the_offline_reading(db: Any, redis: Any, tmp_path: Path,
                                                                 home: Path) -> None:
    """A model answer with a NUL byte in the path is refused at the edge; the documented phrasing still works."""
    llm = ScriptedLLM({"router": {"domain": SERVICE},
                       TASK_CLASSIFY: {"aktion": "create", "pfad": "/a\x00b", "nummer": None}},
                      fallback=make_offline_llm())
    nova = make_nova(db, redis, llm, tmp_path)
    first = nova.turn("u1", "nova", f"Gib {home}/docs frei", NOW)
    assert _service(first)["status"] == "rueckfrage" and _roots(db) == []


def test_parallel_consents_grant_once(nova: Any, db: Any, home: Path) -> None:
    """Parallel „ja" to one gate: exactly one row; a confirmed grant is never lost, none written twice."""
    nova.turn("u1", "nova", f"Gib {home}/docs frei", NOW)
    nova.turn("u1", "nova", "meins", NOW)
    with ThreadPoolExecutor(max_workers=6) as pool:
        results = list(pool.map(lambda _: nova.turn("u1", "nova", "ja", NOW), range(6)))
    granted = [r for r in results if any(s["name"] == SERVICE and s["status"] == "abgeschlossen"
                                         for s in r.services)]
    assert len(granted) >= 1 and len(_roots(db)) == 1 and _roots(db)[0]["aktiv"] is True
