"""dateien.md §4, §5.3, §5.4: topic, summary and keywords from a model task (`files_describe`), its faults,
and the embeddings of one batch in one embedder call."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from novaberg.core.errors import ModelUnreachableError
from novaberg.core.logs import PipelineLog
from novaberg.files.metadata import TASK, ModelDescriber, OfflineDescriber
from novaberg.files.service import FilesService
from novaberg.llm.ask import Asker
from novaberg.llm.scripted import ScriptedLLM
from tests.files.helpers import LATER, NOW, CountingEmbedder, rows_by_path, write
from tests.support import make_offline_llm

HEATING = "# Wartung der Therme\n\nDer Brenner wurde im Oktober gereinigt. Der Druck liegt bei 1,5 bar.\n"


def _service(db: Any, tmp_path: Path, llm: Any, embedder: Any = None) -> tuple[FilesService, dict[str, Any], Path]:
    root = tmp_path / "haus"
    root.mkdir(exist_ok=True)
    svc = FilesService(db, embedder or CountingEmbedder(), PipelineLog(db), describer=ModelDescriber(Asker(llm)))
    svc.allow("u1", str(tmp_path), now=NOW)
    return svc, svc.grant("u1", "nova", str(root), now=NOW), root


def test_model_describes_in_its_own_words(db: Any, tmp_path: Path) -> None:
    """§4: thema/zusammenfassung/stichwoerter are the model's (a paraphrase, not the file's words); §5.2: an
    unchanged re-run asks the model nothing."""
    llm = ScriptedLLM({TASK: {"thema": "Heizungswartung", "zusammenfassung": "Protokoll der jährlichen Pflege.",
                              "stichwoerter": ["Heizung", "Wartung", "Gastherme"]}})
    svc, root, path = _service(db, tmp_path, llm)
    write(path / "therme.md", HEATING)
    report = svc.index(NOW)
    assert report["model_calls"] == 1 and report["neu"] == 1
    row = rows_by_path(svc, root["id"])["therme.md"]
    assert row["thema"] == "Heizungswartung" and row["stichwoerter"] == ["Heizung", "Wartung", "Gastherme"]
    sent = llm.prompts[TASK][0].user
    assert "therme.md" in sent and "Brenner wurde im Oktober" in sent and "- Wartung der Therme" in sent
    assert svc.index(LATER)["model_calls"] == 0 and len(llm.calls[TASK]) == 1


def test_keywords_as_one_string_are_split(db: Any, tmp_path: Path) -> None:
    """A model that lists the keywords in one comma-separated string is read, not refused."""
    llm = ScriptedLLM({TASK: {"thema": "Heizung", "zusammenfassung": "", "stichwoerter": "Heizung, Brenner; Druck"}})
    svc, root, path = _service(db, tmp_path, llm)
    write(path / "therme.md", HEATING)
    svc.index(NOW)
    assert rows_by_path(svc, root["id"])["therme.md"]["stichwoerter"] == ["Heizung", "Brenner", "Druck"]


def test_unreadable_description_skips_the_file_and_the_next_run_retries(db: Any, tmp_path: Path) -> None:
    """A broken answer (no JSON, no topic, NUL) skips that file with its reason; no row, the run goes on;
    the next run asks again."""
    llm = ScriptedLLM()
    llm.script(TASK, "kein json", {"zusammenfassung": "ohne Thema"}, {"thema": "A\x00B"},
               {"thema": "Zweite Datei", "zusammenfassung": "", "stichwoerter": []})
    svc, root, path = _service(db, tmp_path, llm)
    for name in ("a.md", "b.md", "c.md", "d.md"):
        write(path / name, HEATING)
    report = svc.index(NOW)
    assert report["uebergangen"] == {"beschreibung_unlesbar": 3} and report["neu"] == 1
    assert list(rows_by_path(svc, root["id"])) == ["d.md"]
    llm.script(TASK, {"thema": "Wieder lesbar", "zusammenfassung": "", "stichwoerter": ["x"]})
    again = svc.index(LATER)
    assert again["neu"] == 3 and again["model_calls"] == 3 and again["uebergangen"] == {}
    assert len(rows_by_path(svc, root["id"])) == 4


def test_model_down_stops_the_run_loudly_and_keeps_what_was_done(db: Any, tmp_path: Path) -> None:
    """A model that does not answer: the run stops with status 'fehler' and a German message (no waiting
    per file); the next run completes the index without duplicates."""
    calls: list[int] = []

    def flaky(data: Any) -> Any:
        calls.append(1)
        if len(calls) == 2:
            raise ModelUnreachableError("connect to http://user:geheim@model:11434 timed out")
        return {"thema": f"Datei {len(calls)}", "zusammenfassung": "", "stichwoerter": []}

    llm = ScriptedLLM({TASK: flaky})
    svc, root, path = _service(db, tmp_path, llm)
    for name in ("a.md", "b.md", "c.md"):
        write(path / name, HEATING)
    report = svc.index(NOW)
    assert report["status"] == "fehler" and "Sprachmodell" in report["fehler"]
    assert "geheim" not in report["fehler"] and len(calls) == 2
    assert list(rows_by_path(svc, root["id"])) == ["a.md"]
    again = svc.index(LATER)
    assert again["status"] == "ok" and again["neu"] == 2 and again["unveraendert"] == 1
    assert sorted(rows_by_path(svc, root["id"])) == ["a.md", "b.md", "c.md"]


def test_offline_rule_is_the_offline_describer(db: Any, tmp_path: Path) -> None:
    """The offline model: the task's offline rule gives what OfflineDescriber gives."""
    svc, root, path = _service(db, tmp_path, make_offline_llm())
    write(path / "therme.md", HEATING)
    svc.index(NOW)
    row = rows_by_path(svc, root["id"])["therme.md"]
    expected = OfflineDescriber().describe("therme.md", HEATING, [{"ebene": 1, "titel": "Wartung der Therme",
                                                                   "zeile": 1}])
    assert row["thema"] == expected["thema"] == "Wartung der Therme"
    assert row["stichwoerter"] == expected["stichwoerter"]


def test_embeddings_of_one_batch_in_one_call(db: Any, tmp_path: Path) -> None:
    """§5.4: one embedder call per batch of rows (plus the probe), not one per file."""
    embedder = CountingEmbedder()
    svc, root, path = _service(db, tmp_path, make_offline_llm(), embedder)
    for i in range(450):
        write(path / f"datei{i:03}.txt", f"Inhalt Nummer {i} über Thema{i}.")
    report = svc.index(NOW)
    assert report["neu"] == 450 and report["embedding_calls"] == 450 and report["embedding_batches"] == 3
    assert embedder.calls == 1 + 3  # the probe, then 200 + 200 + 50
    rows = rows_by_path(svc, root["id"])
    assert all(row["eingebettet"] for row in rows.values())


def test_each_row_gets_its_own_vector(db: Any, tmp_path: Path) -> None:
    """The batch's vectors land on their own rows (order kept): each equals the embedding of its
    topic + keywords."""
    embedder = CountingEmbedder()
    svc, root, path = _service(db, tmp_path, make_offline_llm(), embedder)
    write(path / "bienen.md", "# Bienen\n\nBienen sammeln Nektar im Sommer.")
    write(path / "zug.md", "# Zugfahrt\n\nDer Zug nach Hamburg fährt um acht.")
    svc.index(NOW)
    with db.transaction() as conn:
        stored = {r["pfad"]: r for r in conn.execute(
            "SELECT pfad, thema, stichwoerter, themen_embedding::text AS v FROM dateien_index").fetchall()}
    for row in stored.values():
        expected = embedder.embed([" ".join([row["thema"], *row["stichwoerter"]])])[0]
        got = [float(x) for x in row["v"].strip("[]").split(",")]
        assert max(abs(a - b) for a, b in zip(got, expected, strict=True)) < 1e-5
