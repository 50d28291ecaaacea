"""dateien.md §3.0b „Der dritte Zugang: sie liest nach, weil sie will" — through `Nova.turn` on real
directory trees and the embedded stack: the deepening reads on when a hit's summary meets the question's
topic and does not answer it, asks the readiness first, books its own budget, takes its candidates only
from the hits, reads through the reading service's door, and hands the composer stock, not an essay."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from novaberg.files.deepening.stock import HEADER
from novaberg.llm.scripted import ScriptedLLM
from tests.files.helpers import allow, scripted_nova, shared, write
from tests.support import berlin, make_offline_llm

NOW = berlin(2026, 12, 1, 10)
THERME = """# Gastherme im Keller

Die Gastherme im Keller wurde im Jahr 2009 eingebaut, ein Gerät von Vaillant. Sie heizt das ganze Haus und
bereitet das Warmwasser. Der Druck soll zwischen 1,2 und 1,8 bar liegen.

## Bedienung

Im Winter läuft sie im Automatikbetrieb.
Im Sommer macht sie nur Warmwasser.
Bei Störung zuerst den Druck prüfen.

## Wartung

Die letzte Wartung machte im Oktober die Firma Kaltenbach aus Tübingen.
Der Wartungsvertrag läuft bis 2028.
"""
SUPPE = "# Linsensuppe\n\nLinsensuppe mit Möhren und etwas Essig.\n"
ASK_WHO = "Wer hat die Gastherme zuletzt gewartet?"
WARTUNG_LINE = next(n for n, line in enumerate(THERME.splitlines(), start=1) if "Kaltenbach" in line)


@pytest.fixture
def home(home: Path, db: Any) -> Path:
    boundary = home / "home"
    write(boundary / "docs" / "haus" / "gastherme.md", THERME)
    write(boundary / "docs" / "kueche" / "suppe.md", SUPPE)
    allow(db, boundary, "u1")  # the operator allowed it for u1 only
    return boundary


_nova = scripted_nova


def _shared(db: Any, home: Path, user: str = "u1") -> Any:
    return shared(db, home, home / "docs", NOW, user=user)


def _trace(db: Any, turn: Any) -> list[dict[str, Any]]:
    with db.transaction() as conn:
        return [row["payload"] for row in conn.execute(
            "SELECT payload FROM pipeline_log WHERE turn_id = %s AND node = 'deepen' AND kind = 'vertiefung' "
            "ORDER BY id", (turn.turn_id,)).fetchall()]


def _the_trace(db: Any, turn: Any) -> dict[str, Any]:
    entries = _trace(db, turn)
    assert len(entries) == 1, entries  # one decision per turn, read or not
    return entries[0]


def _place(home: Path) -> str:
    return str(home / "docs" / "haus" / "gastherme.md")


SHOWN = "docs/haus/gastherme.md"  # a person is told the file relative to its root


def test_summary_answers_so_no_deepening(db: Any, redis: Any, tmp_path: Path, home: Path) -> None:
    """§3.0b „sie lohnt nicht, wenn … die Frage schon beantwortet werden kann": the excerpt carries the
    year and the fitting — no file access, the block's summary is the answer's material."""
    nova, llm = _nova(db, redis, tmp_path)
    _shared(db, home)
    turn = nova.turn("u1", "nova", "In welchem Jahr wurde die Gastherme eingebaut?", NOW)
    trace = _the_trace(db, turn)
    assert trace["nachgelesen"] is False and trace["grund"] == "reicht", trace
    assert len(llm.calls["files_deepen"]) == 1  # it was weighed, by the model
    assert f"Zeile {WARTUNG_LINE}" not in turn.answer


def test_summary_hits_but_does_not_answer_so_she_reads_on(db: Any, redis: Any, tmp_path: Path,
                                                         home: Path) -> None:
    """§3.0b: the summary meets the topic (Gastherme) and does not answer the question (who serviced it) —
    the second pass greps the file and the answer carries the found line with its location."""
    nova, llm = _nova(db, redis, tmp_path)
    _shared(db, home)
    turn = nova.turn("u1", "nova", ASK_WHO, NOW)
    trace = _the_trace(db, turn)
    assert trace["nachgelesen"] is True and trace["zugriffe"] == 1, trace
    assert trace["entscheidung"]["dateien"] == [_place(home)]
    assert f"{SHOWN}, Zeile {WARTUNG_LINE}" in turn.answer and str(home) not in turn.answer, turn.answer
    assert "Kaltenbach" in turn.answer and "nachgesehen" in turn.answer, turn.answer
    # §3.0b „Die Nutzlast muss die Kandidaten tragen": the model saw the hits with how found and file size
    seen = llm.calls["files_deepen"][0]
    assert "Zeilen)" in seen["treffer"] and "gefunden über" in seen["treffer"]


def test_the_stock_is_framed_as_material_not_recited(db: Any, redis: Any, tmp_path: Path, home: Path) -> None:
    """§3.0b „Die Vertiefung füllt den Vorrat, nicht die Antwort": the composer gets [NACHGELESEN] with the
    finds as stock (framing: answer the question, cite the location, the rest stays background); the
    offline answer says one find, not the file."""
    nova, llm = _nova(db, redis, tmp_path)
    _shared(db, home)
    llm.script("compose", lambda data: {"antwort": "ok"})
    nova.turn("u1", "nova", ASK_WHO, NOW)
    blocks = llm.calls["compose"][-1]["block_map"]
    assert HEADER in blocks and "[AUFZEICHNUNGEN]" in blocks
    stock = blocks[HEADER]
    assert stock.startswith(HEADER) and "Vorrat" in stock and "Hintergrund" in stock
    assert f"- {SHOWN}, Zeile {WARTUNG_LINE}: Die letzte Wartung" in stock
    assert "[AUFZEICHNUNGEN]" not in stock  # §1a.5: one block's text never carries another's header


def test_offline_answer_is_brief(db: Any, redis: Any, tmp_path: Path, home: Path) -> None:
    """§3.0b: „Was die Vertiefung vergrößert, ist was sie weiß — nicht was sie sagt" — one line found, said once."""
    nova, _ = _nova(db, redis, tmp_path)
    _shared(db, home)
    answer = nova.turn("u1", "nova", ASK_WHO, NOW).answer
    assert answer.count("Zeile") == 1 and "Automatikbetrieb" not in answer and "Wartungsvertrag" not in answer


@pytest.mark.parametrize("text", [
    "Ich kann nicht mehr. Wer hat die Gastherme zuletzt gewartet?",
    "mir gehts grad total beschissen, wer hat die gastherme zuletzt gewartet",
    "Hab voll die Panik, wer hat die Gastherme zuletzt gewartet?",
    "Meine Oma ist heute Nacht gestorben. Wer hat die Gastherme zuletzt gewartet?",
    "Ich bin so verzweifelt... wer hat die Gastherme zuletzt gewartet?",
    "Ich halt das nicht mehr aus, wer hat die Gastherme zuletzt gewartet",
])
def test_crisis_sets_readiness_to_zero_and_nothing_is_read(db: Any, redis: Any, tmp_path: Path, home: Path,
                                                           text: str) -> None:
    """§3.0b „bei Krise geht er auf 0,00" — „In einem Absturz ist es ein Mensch, der auf eine
    Nachschlagepause wartet, während er etwas anderes braucht": no weighing, no file access."""
    nova, llm = _nova(db, redis, tmp_path)
    _shared(db, home)
    turn = nova.turn("u1", "nova", text, NOW)
    trace = _the_trace(db, turn)
    assert trace["grund"] == "bereitschaft" and trace["bereitschaft"]["wert"] == 0.0, trace
    assert trace["bereitschaft"]["dimension"].startswith("krise:")
    assert not llm.calls["files_deepen"]
    assert f"Zeile {WARTUNG_LINE}" not in turn.answer


@pytest.mark.parametrize("text", [
    "Ich kann den Zettel nicht mehr finden, wer hat die Gastherme zuletzt gewartet?",
    "Keine Panik, ich frag mich nur, wer die Gastherme zuletzt gewartet hat.",
    "Ich bin fertig mit dem Keller. Wer hat die Gastherme zuletzt gewartet?",
    "Ich lach mich tot, wer hat die Gastherme zuletzt gewartet?",
])
def test_crisis_twins_without_crisis_do_read_on(db: Any, redis: Any, tmp_path: Path, home: Path,
                                                text: str) -> None:
    """§3.0b: the readiness reads the crisis, not its words — the same words without a crisis keep it open."""
    nova, _ = _nova(db, redis, tmp_path)
    _shared(db, home)
    turn = nova.turn("u1", "nova", text, NOW)
    trace = _the_trace(db, turn)
    # open readiness: she reads on, or the question path (a service of the turn) already answered from the file
    assert trace["bereitschaft"]["wert"] == 1.0 and (trace["nachgelesen"] or trace["grund"] == "dienst:fragen"), trace
    assert f"Zeile {WARTUNG_LINE}" in turn.answer, turn.answer


def test_a_crisis_just_before_still_holds_her_back(db: Any, redis: Any, tmp_path: Path, home: Path) -> None:
    """§3.0b: the readiness asks whether this is the moment — a factual question right after a breakdown is not."""
    nova, _ = _nova(db, redis, tmp_path)
    _shared(db, home)
    nova.turn("u1", "nova", "Ich kann echt nicht mehr.", NOW)
    turn = nova.turn("u1", "nova", ASK_WHO, NOW)
    trace = _the_trace(db, turn)
    assert trace["grund"] == "bereitschaft" and trace["bereitschaft"]["dimension"].startswith("nachklang"), trace


def test_an_order_to_the_reading_service_is_not_deepened_again(db: Any, redis: Any, tmp_path: Path,
                                                               home: Path) -> None:
    """§3.0b: the third access lies between the quiet supplement and the explicit order — an order to the
    reading service reads on its own, the deepening stays out."""
    nova, llm = _nova(db, redis, tmp_path)
    _shared(db, home)
    turn = nova.turn("u1", "nova", "Was steht in meinen Unterlagen über die Gastherme?", NOW)
    assert _the_trace(db, turn)["grund"] == "auftrag"
    assert not llm.calls["files_deepen"]


def test_budget_one_deepening_per_turn_and_the_repair_keeps_its_own_rounds(db: Any, redis: Any, tmp_path: Path,
                                                                          home: Path) -> None:
    """§3.0b „Und das Budget ist geteilt — das ist die Falle": the deepening books its own counter (one per
    turn); the tribunal's two correction rounds run in full in the same turn and never book on it."""
    from datetime import datetime

    from novaberg.directives.repository import DirectivesRepository

    DirectivesRepository(db).add("u1", "nova", "Sieze mich", datetime.fromisoformat("2026-11-29T10:00:00+00:00"))
    nova, llm = _nova(db, redis, tmp_path, {"compose": {"antwort": "Du, das war die Firma Kaltenbach."},
                                            "correct": {"antwort": "Du, das war wirklich die Firma Kaltenbach."}})
    _shared(db, home)
    turn = nova.turn("u1", "nova", ASK_WHO, NOW)
    assert len(llm.calls["correct"]) == 2  # the repair's own bound (tribunal.md §4), untouched
    assert _the_trace(db, turn)["nachgelesen"] is True
    assert len(llm.calls["files_deepen"]) == 1


def test_budget_spent_means_no_second_deepening(db: Any, redis: Any, deps: Any, tmp_path: Path, home: Path) -> None:
    """§3.0b: a turn whose deepening budget is booked asks nobody and reads nothing a second time."""
    import uuid

    from langgraph.runtime import Runtime

    from novaberg.graph.deepen import deepen_node

    _shared(db, home)
    state: dict[str, Any] = {"turn_id": uuid.uuid4(), "user_id": "u1", "character_id": "nova", "text": ASK_WHO,
                             "now": NOW, "history": [], "route": {"domain": "keine"}, "services": [], "blocks": {}}
    llm = ScriptedLLM({}, fallback=make_offline_llm())
    from novaberg.llm.ask import Asker

    runtime = Runtime(context=type(deps)(**{**deps.__dict__, "asker": Asker(llm)}))
    first = deepen_node(state, runtime)  # type: ignore[arg-type]
    assert first["selbstausloesungen"] == {"vertiefung": 1} and HEADER in first["blocks"]
    second = deepen_node({**state, **first}, runtime)  # type: ignore[arg-type]
    assert second == {} and len(llm.calls["files_deepen"]) == 1
    with db.transaction() as conn:
        reasons = [row["payload"]["grund"] for row in conn.execute(
            "SELECT payload FROM pipeline_log WHERE turn_id = %s AND kind = 'vertiefung' ORDER BY id",
            (state["turn_id"],)).fetchall()]
    assert reasons == ["zusammenfassung_reicht_nicht", "budget"]


@pytest.mark.parametrize(("answer", "reason"), [
    ({"nachlesen": True, "dateien": ["/etc/passwd"], "begriffe": ["root"]}, "unbekannte_datei"),
    ({"nachlesen": True, "dateien": [7], "begriffe": ["Wartung"]}, "unbekannte_datei"),
    ({"nachlesen": True, "dateien": [True], "begriffe": ["Wartung"]}, "unbekannte_datei"),
    ({"nachlesen": True, "dateien": [1.0], "begriffe": ["Wartung"]}, "unbekannte_datei"),
    ({"nachlesen": True, "dateien": [1], "begriffe": ["a", "b", "c", "d", "e"]}, "zu_viele_begriffe"),
    ({"nachlesen": True, "dateien": [1], "begriffe": []}, "ohne_begriffe"),
    ({"nachlesen": True, "dateien": [1], "begriffe": ["x" * 500]}, "begriff_ungueltig"),
    ({"nachlesen": "vielleicht", "dateien": [1], "begriffe": ["Wartung"]}, "ohne_entscheidung"),
    ("Ich würde nachlesen, ja.", "unlesbar"),
    ('{"nachlesen": true, "dateien": [NaN], "begriffe": ["Wartung"]}', "unlesbar"),
    ('{"nachlesen": true, "dateien": [1], "begriffe": ["War\\u0000tung"]}', "unlesbar"),
    ('{"nachlesen": true, "dateien": [1e999], "begriffe": ["Wartung"]}', "unlesbar"),
    ([1, 2], "unlesbar"),
])
def test_a_model_answer_that_cannot_be_used_refuses_the_deepening_without_error(
        db: Any, redis: Any, tmp_path: Path, home: Path, answer: Any, reason: str) -> None:
    """§3.0b with the edge rule: the model's answer is untrusted — a file not among the hits, garbage, NaN,
    NUL, too many terms → no deepening, the reason in the log, and the person gets an answer, no error."""
    nova, _ = _nova(db, redis, tmp_path, {"files_deepen": answer})
    _shared(db, home)
    turn = nova.turn("u1", "nova", ASK_WHO, NOW)
    trace = _the_trace(db, turn)
    assert trace["nachgelesen"] is False and trace["grund"] == f"verworfen:{reason}", trace
    # nothing was read on; the question path may still answer from the file's own sentence (never /etc/passwd)
    assert turn.answer and "passwd" not in turn.answer


def test_a_paraphrasing_model_is_understood(db: Any, redis: Any, tmp_path: Path, home: Path) -> None:
    """§3.0b: the model says the same in its own words — „ja" instead of true, the file by the location the
    block shows (with its line range), other search words than the question's — and she reads on."""
    place = _place(home)

    def paraphrase(data: dict[str, Any]) -> dict[str, Any]:
        entry = next(e for e in data["eintraege"] if e["pfad"] == place)
        return {"nachlesen": "ja", "dateien": [entry["fundstelle"]], "begriffe": ["Firma", "Wartung"],
                "grund": "Wer zuletzt an der Therme war, steht im Auszug nicht."}

    nova, _ = _nova(db, redis, tmp_path, {"files_deepen": paraphrase})
    _shared(db, home)
    turn = nova.turn("u1", "nova", "Sag mal, wer war eigentlich zuletzt an der Gastherme dran?", NOW)
    trace = _the_trace(db, turn)
    assert trace["nachgelesen"] is True and trace["entscheidung"]["begriffe"] == ["Firma", "Wartung"], trace
    assert f"{SHOWN}, Zeile {WARTUNG_LINE}" in turn.answer, turn.answer


def test_a_paraphrased_no_keeps_the_summary(db: Any, redis: Any, tmp_path: Path, home: Path) -> None:
    """§3.0b: „reicht" in the model's words is a no — nothing is read."""
    nova, _ = _nova(db, redis, tmp_path, {"files_deepen": {"nachlesen": "reicht", "grund": "Steht schon da."}})
    _shared(db, home)
    trace = _the_trace(db, nova.turn("u1", "nova", ASK_WHO, NOW))
    assert trace["nachgelesen"] is False and trace["grund"] == "reicht", trace


def test_a_file_gone_between_index_and_read_is_said_with_its_path(db: Any, redis: Any, tmp_path: Path,
                                                                  home: Path) -> None:
    """§3.0b second pass through the reading service's door: a file the index knows and the disk does not
    is named with its path (bad input), never an error."""
    nova, _ = _nova(db, redis, tmp_path)
    _shared(db, home)
    Path(_place(home)).unlink()
    turn = nova.turn("u1", "nova", ASK_WHO, NOW)
    trace = _the_trace(db, turn)
    assert trace["nachgelesen"] is True and trace["funde"] == [] and trace["fehlend"], trace
    assert SHOWN in turn.answer and "nicht mehr da" in turn.answer, turn.answer


def test_a_second_pair_never_reaches_the_other_pairs_file(db: Any, redis: Any, tmp_path: Path,
                                                          home: Path) -> None:
    """§3.0b candidates come from the pair's own hits only: a model that names the other pair's file (by path
    or by a number) reads nothing of it, for another person and for another figure of the same person."""
    write(home / "zwei" / "garten.md", "# Garten\n\nTomaten an die Südseite.\n")
    _shared(db, home)
    shared(db, home, home / "zwei", NOW, user="u2")
    place = _place(home)
    nova, llm = _nova(db, redis, tmp_path, {"files_deepen": {"nachlesen": True, "dateien": [place],
                                                             "begriffe": ["Kaltenbach"]}})
    for user, character in (("u2", "nova"), ("u1", "andere")):
        turn = nova.turn(user, character, ASK_WHO, NOW)
        assert "Kaltenbach" not in turn.answer and place not in turn.answer, (user, character, turn.answer)
        assert _the_trace(db, turn)["nachgelesen"] is False
    for data in llm.calls["files_deepen"]:
        assert place not in data["treffer"]


def _counts(db: Any) -> dict[str, int]:
    with db.transaction() as conn:
        tables = [row["table_name"] for row in conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' "
            "AND table_type = 'BASE TABLE' ORDER BY table_name").fetchall()]
        return {table: conn.execute(f'SELECT count(*) AS n FROM "{table}"').fetchone()["n"] for table in tables}


def _tree(root: Path) -> dict[str, tuple[int, bytes]]:
    return {str(path): (path.stat().st_mtime_ns, path.read_bytes()) for path in sorted(root.rglob("*"))
            if path.is_file()}


def test_the_deepening_writes_nothing(db: Any, redis: Any, tmp_path: Path, home: Path) -> None:
    """§3.0b with §8.1 „schreibt nichts, in keiner Zone": a turn that reads on changes exactly the rows a turn
    that does not read on changes (its log and turn row), no file of the tree, and no knowledge/ zone."""
    nova, llm = _nova(db, redis, tmp_path)
    _shared(db, home)
    llm.script("files_deepen", {"nachlesen": False, "grund": "reicht"})
    nova.turn("u1", "nova", ASK_WHO, NOW)  # first-use rows (the embedder's registration) are no measure
    before = _counts(db)
    nova.turn("u1", "nova", ASK_WHO, NOW)
    plain = {table: n - before[table] for table, n in _counts(db).items()}
    llm.script("files_deepen", lambda data: {"nachlesen": True, "dateien": [_place(home)], "begriffe": ["Kaltenbach"]})
    tree = _tree(home)
    before = _counts(db)
    turn = nova.turn("u1", "nova", ASK_WHO, NOW)
    deepened = {table: n - before[table] for table, n in _counts(db).items()}
    assert _the_trace(db, turn)["nachgelesen"] is True
    assert deepened == plain, {t: (plain[t], deepened[t]) for t in plain if plain[t] != deepened[t]}
    assert _tree(home) == tree
    assert not (tmp_path / "knowledge").exists()


def test_a_needle_on_a_heading_brings_the_block_below_it(db: Any, redis: Any, tmp_path: Path, home: Path) -> None:
    """§3.0b second pass with §6.4's zoom (map → block → needle): the question's word hits only the heading
    *## Wartung*; the answer stands in the block below it without that word — and it is the one cited."""
    lines = THERME.replace("Die letzte Wartung machte im Oktober die Firma Kaltenbach aus Tübingen.",
                           "Zuständig ist seit Jahren die Firma Kaltenbach aus Tübingen.")
    lines = lines.replace("Der Wartungsvertrag läuft bis 2028.", "Der Vertrag läuft bis 2028.")
    write(Path(_place(home)), lines)
    nova, _ = _nova(db, redis, tmp_path)
    _shared(db, home)
    turn = nova.turn("u1", "nova", ASK_WHO, NOW)
    number = next(n for n, line in enumerate(lines.splitlines(), start=1) if "Kaltenbach" in line)
    assert f"{SHOWN}, Zeile {number}" in turn.answer and "Zuständig" in turn.answer, turn.answer
    assert turn.verdict == "ok"


def test_her_own_finds_are_said_as_hers(db: Any, redis: Any, tmp_path: Path, home: Path) -> None:
    """§3.0b with §1a.5: read on in a `figur` root, the stock marks the line as her own find and the gesture
    is „das habe ich nachgelesen", not „Aufzeichnungen" of the person."""
    from tests.files.helpers import service

    svc = service(db, home)
    svc.grant("u1", "nova", str(home / "docs"), eigentum="figur")
    svc.index(NOW)
    nova, llm = _nova(db, redis, tmp_path)
    turn = nova.turn("u1", "nova", ASK_WHO, NOW)
    assert "selbst etwas abgelegt und nachgelesen" in turn.answer and f"Zeile {WARTUNG_LINE}" in turn.answer
    assert "Aufzeichnungen" not in turn.answer, turn.answer
    stock = llm.calls["compose"][-1]["block_map"][HEADER]
    assert f"Zeile {WARTUNG_LINE} (eigener Fund): Die letzte Wartung" in stock


def test_file_accesses_are_capped_one_per_term(db: Any, redis: Any, tmp_path: Path, home: Path) -> None:
    """§3.0b second pass with §8.1b's price: each candidate file is opened once, at most two files, and never
    more files than terms — a model naming two files with one term opens one."""
    soup = str(home / "docs" / "kueche" / "suppe.md")
    # the question names each file's own heading word, so the search offers both as hits; the model takes both
    offered: list[set[str]] = []

    def both(terms: list[str]) -> Any:
        def decide(data: Any) -> dict[str, Any]:
            offered.append({e["pfad"] for e in data["eintraege"]} & {_place(home), soup})
            return {"nachlesen": True, "dateien": sorted(offered[-1]), "begriffe": terms}
        return decide

    nova, llm = _nova(db, redis, tmp_path)
    _shared(db, home)
    llm.script("files_deepen", both(["Kaltenbach", "Essig"]))
    turn = nova.turn("u1", "nova", "Wer hat die Gastherme und die Linsensuppe zuletzt gemacht?", NOW)
    trace = _the_trace(db, turn)
    assert offered == [{_place(home), soup}], "the set-up must offer both files to the deepening"
    assert len(trace["entscheidung"]["dateien"]) == 2, trace
    assert trace["zugriffe"] == 2 and {f["datei"] for f in trace["funde"]} == {SHOWN, "docs/kueche/suppe.md"}, trace
    llm.script("files_deepen", both(["Kaltenbach"]))
    trace = _the_trace(db, nova.turn("u1", "nova", "Wer hat die Gastherme und die Linsensuppe zuletzt gemacht?",
                                     NOW))
    assert offered[1:] == [{_place(home), soup}], "the model named both files again, with one term"
    assert trace["zugriffe"] == 1, trace


def test_a_file_turned_into_a_link_out_of_its_root_is_not_read(db: Any, redis: Any, tmp_path: Path,
                                                                home: Path) -> None:
    """§3.0b second pass through §7's door: the indexed path now links outside the shared directory — the
    boundary and root check refuses it, named with its path; the outside text never reaches the answer."""
    outside = tmp_path / "geheim.md"
    write(outside, "Die Firma Geheim hat alles gewartet.\n")
    nova, _ = _nova(db, redis, tmp_path)
    _shared(db, home)
    Path(_place(home)).unlink()
    Path(_place(home)).symlink_to(outside)
    turn = nova.turn("u1", "nova", ASK_WHO, NOW)
    trace = _the_trace(db, turn)
    assert trace["nachgelesen"] is True and trace["funde"] == [] and trace["fehlend"], trace
    assert "Geheim" not in turn.answer and SHOWN in turn.answer, turn.answer


@pytest.mark.parametrize("failure", ["unreachable", "error"])
def test_a_model_that_does_not_answer_costs_no_turn(db: Any, redis: Any, tmp_path: Path, home: Path,
                                                    failure: str) -> None:
    """§3.0b: the weighing is optional — a model that is down or fails leaves the turn with its summary,
    logged, never an error to the person."""
    from novaberg.core.errors import ModelError, ModelUnreachableError

    def down(data: dict[str, Any]) -> Any:
        raise ModelUnreachableError("connection refused") if failure == "unreachable" else ModelError("500")

    nova, _ = _nova(db, redis, tmp_path, {"files_deepen": down})
    _shared(db, home)
    turn = nova.turn("u1", "nova", ASK_WHO, NOW)
    assert _the_trace(db, turn)["grund"] == "verworfen:modell_fehler"
    assert turn.answer and "connection refused" not in turn.answer


def test_the_find_that_carries_the_question_s_noun_comes_first(db: Any, redis: Any, tmp_path: Path,
                                                               home: Path) -> None:
    """§3.0b „Fundstellen sammeln, abwägen": two lines each carry one word of the question — the one with
    its noun (*Sommer*) answers, not the earlier one with its verb (*läuft … im Winter*)."""
    nova, _ = _nova(db, redis, tmp_path)
    _shared(db, home)
    answer = nova.turn("u1", "nova", "Ich frag mich, wie die Gastherme im Sommer läuft.", NOW).answer
    number = next(n for n, line in enumerate(THERME.splitlines(), start=1) if "Im Sommer" in line)
    assert f"Zeile {number}" in answer and "Winter" not in answer, answer
