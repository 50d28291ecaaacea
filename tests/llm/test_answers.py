"""One typed answer per task: every task of the catalog has its schema, and its offline rule answers that schema."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import novaberg
from novaberg.api import catalog
from novaberg.core.errors import ModelAnswerError
from novaberg.llm.answers import ANSWERS, SCHEMA_INVALID, check_answer, max_tokens_for, server_schema

# Inputs the offline rules read, several per task where the rule has several ways (a rule answers each of them
# within the same schema). A task of the catalog missing here fails `test_every_task_has_inputs_for_its_rule`.
SAID = ("Trag mir morgen um 10 den Zahnarzt ein", "Was steht diese Woche an?", "Setz Milch auf die Einkaufsliste",
        "Meine Schwester heißt Lena", "Wie geht es dir?", "Lösch den Zahnarzt", "Nenn mich nicht Schatz")


def _inputs() -> dict[str, list[dict[str, Any]]]:
    registry = catalog.build_registry()
    report = {"name": "timeline", "status": "abgeschlossen", "answer": "Ich habe Zahnarzt eingetragen."}
    entry = {"nr": 1, "pfad": "Gesundheit.md", "auszug": "Zahnarzt: Dr. Berger, Kontrolle alle sechs Monate."}
    judge = [{"user_prompt": s, "response": "Gern!", "directives": d, "intent": "", "tone": "", "memory_context": "",
              "node_annotations": ""} for s in SAID[:3] for d in ([], ["Nenn mich nicht Schatz"])]
    judge.append({"user_prompt": "Hallo", "response": "Hallo Schatz!", "directives": ["Nenn mich nicht Schatz"]})
    return {
        "router": [{"text": s, "services": "", "history": "", "today": "Montag, 2026-11-30", "registry": registry,
                    "query_rule": "", "orders_rule": ""} for s in SAID],
        "compose": [{"text": s, "service_reports": reports, "services": "", "block_map": {}, "blocks": "(keine)",
                     "answer_from_blocks": False, "block_answers": [], "anrede": "du", "anrede_hinweis": "",
                     "nachgelesen": ""} for s in SAID for reports in ([], [report])],
        "correct": [{"answer": "Ich habe es eingetragen.", "orders": o, "findings": [], "text": "Ich gehe zum Friseur"}
                    for o in ("", "Sprich den Menschen mit Sie an.")],
        "timeline_classify": [{"text": s, "today": "Montag, 2026-11-30", "history": "", "kontext": ""} for s in SAID],
        "timeline_events": [{"candidate_list": [{"nummer": 1, "text": "Lena heiratet im Mai", "sprecher": "nutzer"},
                                                {"nummer": 2, "text": "Wie geht es dir?", "sprecher": "nutzer"}]},
                            {"candidate_list": []}],
        "notes_classify": [{"text": s, "verlauf": (), "notizen": ""} for s in SAID],
        "notes_create": [{"aufgabe": "Leg eine Einkaufsliste an: Milch, Eier", "normalisiert": "", "target": "",
                          "verlauf": ()}, {"aufgabe": "Notiere: Schlüssel liegt im Flur", "normalisiert": "",
                                           "target": "", "verlauf": ()}],
        "notes_rewrite": [{"aktuell": "Milch\nEier", "aktion": a, "aenderung": c, "verlauf": ()}
                          for a, c in (("add_content", "Setz Brot drauf"), ("remove_content", "Streich die Eier"),
                                       ("update", "Ändere Milch in Hafermilch"), ("clear_content", "Leer die Liste"))],
        "directives_classify": [{"text": s} for s in (*SAID, "Welche Regeln gelten?", "Vergiss Regel 2")],
        "files_roots_classify": [{"text": s, "wurzeln": ""} for s in
                                 ("Gib Nova Zugriff auf /home/anna/Notizen", "Welche Ordner darfst du lesen?",
                                  "Entzieh dir Ordner 2", "Wie geht es dir?")],
        "files_read": [{"text": s} for s in ("Was steht in Gesundheit.md über den Zahnarzt?", "Wie geht es dir?")],
        "files_deepen": [{"text": s, "treffer": "", "eintraege": [entry], "max_dateien": 2, "max_begriffe": 3}
                         for s in ("Wann muss ich wieder zum Zahnarzt?", "Wie heißt mein Zahnarzt?", "Danke")],
        "files_describe": [{"name": "Gesundheit.md", "text": "# Gesundheit\n\nZahnarzt: Dr. Berger.", "struktur": None},
                           {"name": "leer.txt", "text": "", "struktur": None}],
        "knowledge_gap": [{"wissen": "Der Zahnarzt heißt Berger.", "zusammenfassung": z}
                          for z in ("Zahnarzt Berger", "Kontrolle alle sechs Monate")],
        "knowledge_duplicate": [{"satz": s, "bestand": "Der Zahnarzt heißt Berger."}
                                for s in ("Der Zahnarzt heißt Berger.", "Der Zahnarzt heißt Huber.",
                                          "Die Kontrolle ist im Mai.")],
        "salience": [{"text": s, "verlauf": ""} for s in SAID],
        "tribunal_jurist": judge,
        "tribunal_psychologe": judge,
        "tribunal_ethik": judge,
    }


INPUTS = _inputs()
TASKS = [task for task, _ in catalog.OFFLINE_RULES]


@pytest.mark.parametrize("task", TASKS)
def test_every_task_of_the_catalog_has_one_answer_schema(task):
    """A new task without its typed answer fails here (llm/answers.py)."""
    assert task in ANSWERS, f"task {task!r} has no answer model in novaberg.llm.answers.ANSWERS"
    schema = server_schema(task)
    assert schema["type"] == "object" and schema["additionalProperties"] is False
    assert set(schema["required"]) <= set(schema["properties"]) and schema["required"]


@pytest.mark.parametrize("task", TASKS)
def test_every_task_has_inputs_for_its_rule(task):
    assert INPUTS.get(task), f"add inputs for the offline rule of {task!r} to this test"


@pytest.mark.parametrize(("task", "number"), [(t, n) for t in TASKS for n in range(len(INPUTS.get(t, [None])))])
def test_each_offline_rule_answers_its_tasks_schema(task, number):
    rule = dict(catalog.OFFLINE_RULES)[task]
    data = INPUTS[task][number]
    answer = rule(data)
    check_answer(task, answer)  # raises when the rule's output does not fit the schema the server is sent


def test_an_answer_with_foreign_keys_does_not_fit():
    with pytest.raises(ModelAnswerError) as err:
        check_answer("compose", {"answer": "Sure, here is your appointment."})
    assert err.value.step == SCHEMA_INVALID and "antwort" in str(err.value)


@pytest.mark.parametrize("fields", [{"salienz": 1.5}, {"salienz": "0.5"}, {"salienz": True}, {"grund": "x"}])
def test_a_wrong_type_or_range_does_not_fit(fields):
    with pytest.raises(ModelAnswerError):
        check_answer("salience", fields)


def test_the_offline_only_field_is_not_asked_of_the_server():
    assert "beurteilt" not in server_schema("tribunal_ethik")["properties"]
    assert server_schema("tribunal_jurist")["required"] == ["score"]
    assert list(server_schema("tribunal_jurist")["properties"]) == ["score", "reasoning", "direktiven_score"]


def test_a_verdict_is_capped_shorter_than_an_answer_the_person_reads():
    assert max_tokens_for("tribunal_psychologe") < max_tokens_for("compose")


def _named_fields(schema: dict[str, Any]) -> set[str]:
    """Every property name of a schema, those of its nested objects included."""
    names = set(schema.get("properties") or {})
    for sub in (schema.get("$defs") or {}).values():
        names |= set(sub.get("properties") or {})
    return names


@pytest.mark.parametrize("task", sorted(ANSWERS))
def test_every_field_a_prompt_asks_for_is_in_the_schema_sent_to_the_server(task):
    """The schema forbids any other field: a field the prompt's output line names but the schema lacks can never
    come back from a server held to the schema (an update's new detail, a judgement's reason)."""
    folder = Path(novaberg.__file__).parent / "prompts" / "default"
    allowed = _named_fields(server_schema(task) or {})
    for path in sorted(folder.glob(f"{task}.*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.lstrip().startswith('{"'):
                assert set(re.findall(r'"(\w+)":', line)) <= allowed, (path.name, line)


def test_a_schema_changed_by_one_caller_is_not_the_next_callers_schema():
    """Every call hands out its own copy of the cached schema: a caller that changes it (a client adding its own
    keys) leaves the schema of the next model call as it was, nested parts included."""
    import json

    before = json.dumps(server_schema("tribunal_jurist"), sort_keys=True)
    first = server_schema("tribunal_jurist")
    first["properties"]["score"]["geaendert"] = True
    first["required"].append("geaendert")
    assert json.dumps(server_schema("tribunal_jurist"), sort_keys=True) == before
