"""§3 Classify: nine actions and the placeholder `agent`, the container-versus-content rule,
[FACHSPRACHE] normalisation, content resolution from the previous turns, the checked reading of the
model answer, and `rejected` for statements (end of notizen.md)."""

from __future__ import annotations

import pytest

from novaberg.core.errors import ModelAnswerError
from novaberg.llm.prompts import PromptLoader
from novaberg.llm.scripted import ScriptedLLM
from novaberg.notes.agent.classify import NO_REASON, UNKNOWN_ACTION, read_classification
from novaberg.notes.agent.const import ACTIONS, INPUT_ACTIONS, TASK_CLASSIFY, TASK_CREATE, TASK_REWRITE
from novaberg.notes.agent.offline import parse
from novaberg.notes.repository import NotesRepository
from tests.notes.helpers import NOW, all_rows, deps_with, notes, run
from tests.support import make_offline_llm

# --- §3 "9 Aktionen"


def test_nine_actions_and_the_placeholder():
    assert set(ACTIONS) == {"create", "read", "update", "append", "add_content", "remove_content",
                            "clear_content", "rename", "delete"}
    assert "agent" in INPUT_ACTIONS and len(ACTIONS) == 9


# --- §3 Container vs. Inhalt, both sides


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("Streich die Milch von der Liste", "remove_content"),
        ("Streich die Bananen von der Obstliste", "remove_content"),
        ("Nimm die Butter aus der Einkaufsliste", "remove_content"),
        ("Setz Käse auf die Liste", "add_content"),
        ("Füge Milch zur Einkaufsliste hinzu", "add_content"),
    ],
)
def test_container_rule_preposition_means_content(text, action):
    """§3: Präposition (von/aus/auf/zu) → Inhalt-Operation."""
    assert parse(text).action == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("Streich die Einkaufsliste", "delete"),
        ("Lösch die Obstliste", "delete"),
        ("Streich die Obstliste", "delete"),
        ("Leere die Einkaufsliste", "clear_content"),
    ],
)
def test_container_rule_without_preposition_means_the_container(text, action):
    """§3: Ohne Präposition + direktes Objekt → Container-Operation."""
    assert parse(text).action == action


def test_a_model_delete_with_a_content_preposition_becomes_remove_content(db, redis):
    """§3 container rule enforced after the model: deleting the whole list for "von der Liste" never happens."""
    NotesRepository(db).insert("u1", "Obstliste", "einkauf", "Bananen\nÄpfel", [], NOW)
    llm = ScriptedLLM({TASK_CLASSIFY: {"action": "delete", "target": "Obstliste", "target_typ": "titel",
                                       "normalisiert": "delete: Notiz 'Obstliste' deaktivieren"}},
                      fallback=make_offline_llm())
    result = run(deps_with(db, redis, llm), "Streich die Bananen von der Obstliste")
    assert result.status == "abgeschlossen"
    assert {"schritt": "container_regel", "von": "delete", "zu": "remove_content"} in result.steps
    assert notes(db)[0]["text"] == "Äpfel"


def test_a_model_delete_without_preposition_deletes(db, redis):
    NotesRepository(db).insert("u1", "Obstliste", "einkauf", "Bananen", [], NOW)
    result = run(deps_with(db, redis, make_offline_llm()), "Streich die Obstliste")
    assert result.status == "abgeschlossen" and notes(db) == []


# --- the offline rule set: everyday phrasings


@pytest.mark.parametrize(
    ("text", "action", "target", "items"),
    [
        ("Setz Milch auf die Einkaufsliste", "add_content", "Einkaufsliste", ("Milch",)),
        ("Schreib Eier und Butter auf die Einkaufsliste", "add_content", "Einkaufsliste", ("Eier", "Butter")),
        ("Füg Salz zur Einkaufsliste hinzu", "add_content", "Einkaufsliste", ("Salz",)),
        ("Streich die Milch von der Einkaufsliste", "remove_content", "Einkaufsliste", ("Milch",)),
        ("Nimm Butter aus der Einkaufsliste", "remove_content", "Einkaufsliste", ("Butter",)),
        ("Leere die Einkaufsliste", "clear_content", "Einkaufsliste", ()),
        ("Lösch die Einkaufsliste", "delete", "Einkaufsliste", ()),
        ("Was steht auf der Einkaufsliste?", "read", "Einkaufsliste", ()),
        ("Zeig meine Notizen", "read", "", ()),
        ("Notier dir: Reifen wechseln", "create", "", ()),
        ("Merk dir, dass ich morgen Mehl brauche", "create", "", ()),
        ("Erstelle eine Einkaufsliste", "create", "Einkaufsliste", ()),
        ("Häng an die Notiz Ideen dran: Garten umgraben", "append", "Ideen", ()),
        ("Ändere die Einkaufsliste: nur Obst", "update", "Einkaufsliste", ("nur Obst",)),
    ],
)
def test_offline_everyday_phrasings(text, action, target, items):
    reading = parse(text)
    assert (reading.action, reading.target, reading.items) == (action, target, items)


@pytest.mark.parametrize(
    ("text", "new_name"),
    [("Nenn die Einkaufsliste 'Samstags-Einkauf'", "Samstags-Einkauf"),
     ("Benenne die Einkaufsliste in Wocheneinkauf um", "Wocheneinkauf")],
)
def test_offline_rename(text, new_name):
    reading = parse(text)
    assert (reading.action, reading.target, reading.new_name) == ("rename", "Einkaufsliste", new_name)


def test_merk_dir_content_is_the_dass_clause_in_main_clause_order():
    """The content keeps German word order (the finite verb second)."""
    assert parse("Merk dir, dass ich morgen Mehl brauche").content == "Ich brauche morgen Mehl"


# --- [FACHSPRACHE]


@pytest.mark.parametrize(
    ("text", "history", "normalized"),
    [
        ("Hau die Bananen raus", [("Setz Bananen auf die Einkaufsliste", "ok")],
         "remove_content: Bananen aus Notiz 'Einkaufsliste' entfernen"),
        ("Setz Kümmel drauf", [("Setz Brot auf die Einkaufsliste", "ok")],
         "add_content: Kümmel zu Notiz 'Einkaufsliste' hinzufuegen"),
        ("Mach ne neue Liste für den Baumarkt", [], "create: Neue Notiz 'Baumarkt' mit Typ 'einkauf' anlegen"),
        ("Leg sie bitte an", [("Halloumi, Feta, Paneer kommen mir in den Sinn", "Lecker.")],
         "create: Neue Notiz mit Typ 'notiz' mit Inhalt: Halloumi, Feta, Paneer"),
    ],
)
def test_fachsprache_normalisation(text, history, normalized):
    """§3 Domain Language table: the offline model writes `normalisiert` in the domain language."""
    from novaberg.notes.agent.offline import classify_rule

    answer = classify_rule({"text": text, "verlauf": history})
    assert answer["normalisiert"] == normalized


def test_classify_prompt_blocks_in_primacy_recency_order():
    """§3: [IDENTITAET] → [AUFGABE] → [FACHSPRACHE] → [REGELN]; the history as [KONTEXT]."""
    prompt = PromptLoader().build(TASK_CLASSIFY, {"text": "Setz Milch drauf", "kontext": "Mensch: x\nNova: y"})
    positions = [prompt.system.index(block) for block in ("[IDENTITAET]", "[AUFGABE]", "[FACHSPRACHE]", "[REGELN]")]
    assert positions == sorted(positions)
    assert "[KONTEXT]" in prompt.user and "Setz Milch drauf" in prompt.user


@pytest.mark.parametrize("task", [TASK_CLASSIFY, TASK_CREATE, TASK_REWRITE])
def test_every_notes_prompt_renders_with_the_data_the_agent_sends(task):
    data = {"text": "t", "kontext": "k", "aufgabe": "a", "normalisiert": "n", "target": "z", "aktion": "update",
            "name": "x", "aktuell": "alt", "aenderung": "neu"}
    prompt = PromptLoader().build(task, data)
    assert "$" not in prompt.user and "JSON" in prompt.system


# --- §3 "Inhalts-Auflösung aus Vor-Turns": the last five turn pairs reach the model


def test_the_model_gets_the_last_five_turn_pairs(db, redis):
    llm = ScriptedLLM(fallback=make_offline_llm())
    history = [(f"Satz {i}", f"Antwort {i}") for i in range(7)]
    run(deps_with(db, redis, llm), "Zeig meine Notizen", history=history)
    [call] = llm.calls[TASK_CLASSIFY]
    assert call["verlauf"] == [[f"Satz {i}", f"Antwort {i}"] for i in range(2, 7)]
    assert "Satz 1" not in call["kontext"] and "Satz 6" in call["kontext"]


def test_content_resolution_writes_the_listed_content_not_the_instruction(db, redis):
    result = run(deps_with(db, redis, make_offline_llm()), "Schreib das auf",
                 history=[("Bohrer, Dübel, Schrauben brauche ich fürs Regal", "Klingt nach Baumarkt.")])
    assert result.status == "abgeschlossen"
    assert notes(db)[0]["text"] == "Bohrer, Dübel, Schrauben"


# --- end of notizen.md: only an explicit request writes


@pytest.mark.parametrize("text", ["Ich brauche noch Mehl und Hefe", "Uns fehlt noch Zucker", "Ach, und Butter!"])
def test_statements_are_rejected_without_a_running_list(db, redis, text):
    result = run(deps_with(db, redis, make_offline_llm()), text)
    assert result.status == "rejected"
    assert result.steps[-1]["kein_auftrag"] is True
    assert all_rows(db) == []


@pytest.mark.parametrize("text", ["Wir brauchen auch Mülltüten", "Ach, und Butter!", "Ich brauche noch Hefe"])
def test_statement_of_need_extends_a_running_list(db, redis, text):
    NotesRepository(db).insert("u1", "Einkaufsliste", "einkauf", "Milch", [], NOW)
    result = run(deps_with(db, redis, make_offline_llm()), text, history=[("Setz Milch auf die Einkaufsliste", "ok")])
    assert result.status == "abgeschlossen"
    assert notes(db)[0]["text"].startswith("Milch\n")


def test_rejected_reason_defaults(db, redis):
    """§3: `grund` only on `rejected`, default "kein Grund angegeben"."""
    assert read_classification({"action": "rejected", "grund": None}) == {"action": "rejected", "grund": NO_REASON}
    llm = ScriptedLLM({TASK_CLASSIFY: {"action": "rejected"}}, fallback=make_offline_llm())
    result = run(deps_with(db, redis, llm), "Die Nummer vom Klempner ist 0176 1234")
    assert result.status == "rejected" and result.steps[-1]["grund"] == NO_REASON


# --- §3 "Die Antwort wird geprüft gelesen"


@pytest.mark.parametrize("field", ["target", "target_typ", "normalisiert", "neuer_name", "inhalt", "konfidenz"])
def test_null_field_reads_as_its_default(field):
    answer = {"action": "read", "target": "Einkaufsliste", field: None}
    reading = read_classification(answer)
    assert reading[field] == {"target_typ": "titel"}.get(field, "")


@pytest.mark.parametrize("field", ["target", "target_typ", "normalisiert", "neuer_name", "inhalt", "grund"])
@pytest.mark.parametrize("bad", [3, ["a"], {"a": 1}, True])
def test_wrong_type_is_loud(field, bad):
    action = "rejected" if field == "grund" else "read"
    with pytest.raises(ModelAnswerError) as err:
        read_classification({"action": action, field: bad})
    assert err.value.step == "feld_falscher_typ"


@pytest.mark.parametrize("action", [None, "", "lesen", ["read"], 7])
def test_action_has_its_own_way_unknown_is_loud(action):
    """§3 "Grenze": an unknown action no longer falls back to `read` silently."""
    with pytest.raises(ModelAnswerError) as err:
        read_classification({"action": action})
    assert err.value.step in (UNKNOWN_ACTION, "feld_falscher_typ")


@pytest.mark.parametrize(
    ("answer", "step"),
    [
        ("kein json", "kein_objekt"),
        (["add_content"], "kein_objekt"),
        (None, "kein_objekt"),
        ({"action": "add_content", "target": 5}, "feld_falscher_typ"),
        ({"action": "add_content", "target": "Einkaufsliste", "normalisiert": ["x"]}, "feld_falscher_typ"),
        ({"action": "wegwerfen", "target": "Einkaufsliste"}, UNKNOWN_ACTION),
    ],
)
def test_broken_classification_ends_fehler_and_writes_nothing(db, redis, answer, step):
    NotesRepository(db).insert("u1", "Einkaufsliste", "einkauf", "Milch", [], NOW)
    before = all_rows(db)
    llm = ScriptedLLM({TASK_CLASSIFY: answer}, fallback=make_offline_llm())
    result = run(deps_with(db, redis, llm), "Setz Eier auf die Einkaufsliste")
    assert result.status == "fehler"
    assert result.steps[-1]["schritt"] == step
    assert all_rows(db) == before


def test_null_fields_in_the_classification_take_defaults_and_still_work(db, redis):
    NotesRepository(db).insert("u1", "Einkaufsliste", "einkauf", "Milch", [], NOW)
    llm = ScriptedLLM({TASK_CLASSIFY: {"action": "read", "target": "Einkaufsliste", "target_typ": None,
                                       "normalisiert": None, "konfidenz": None}}, fallback=make_offline_llm())
    result = run(deps_with(db, redis, llm), "Was steht auf der Einkaufsliste?")
    assert result.status == "abgeschlossen" and "Milch" in result.answer


@pytest.mark.parametrize(
    ("task", "answer"),
    [
        (TASK_REWRITE, "kein json"),
        (TASK_REWRITE, {"text": 42}),
        (TASK_REWRITE, {"text": ["Milch"]}),
    ],
)
def test_broken_rewrite_writes_nothing(db, redis, task, answer):
    NotesRepository(db).insert("u1", "Einkaufsliste", "einkauf", "Milch", [], NOW)
    before = all_rows(db)
    result = run(deps_with(db, redis, ScriptedLLM({task: answer}, fallback=make_offline_llm())),
                 "Setz Eier auf die Einkaufsliste")
    assert result.status == "fehler" and result.steps[-1]["schritt"] in ("kein_objekt", "feld_falscher_typ")
    assert all_rows(db) == before


def test_null_rewrite_text_leaves_the_note_unchanged(db, redis):
    """`null` = missing → the default, which for a rewrite is the current text: nothing is written."""
    NotesRepository(db).insert("u1", "Einkaufsliste", "einkauf", "Milch", [], NOW)
    before = all_rows(db)
    result = run(deps_with(db, redis, ScriptedLLM({TASK_REWRITE: {"text": None}}, fallback=make_offline_llm())),
                 "Setz Eier auf die Einkaufsliste")
    assert result.status == "abgeschlossen" and result.steps[-1]["schritt"] == "unveraendert"
    assert all_rows(db) == before


@pytest.mark.parametrize(
    "answer",
    ["kein json", {"typ": 3, "text": "Milch"}, {"typ": "einkauf", "text": {"x": 1}},
     {"typ": "einkauf", "text": "Milch", "themen": "Einkauf"}, {"typ": "einkauf", "text": "Milch", "themen": [1]}],
)
def test_broken_create_answer_writes_nothing(db, redis, answer):
    result = run(deps_with(db, redis, ScriptedLLM({TASK_CREATE: answer}, fallback=make_offline_llm())),
                 "Erstelle eine Einkaufsliste: Milch")
    assert result.status == "fehler"
    assert all_rows(db) == []


def test_create_answer_with_null_fields_takes_defaults(db, redis):
    llm = ScriptedLLM({TASK_CREATE: {"typ": None, "text": "Milch", "themen": None}}, fallback=make_offline_llm())
    result = run(deps_with(db, redis, llm), "Erstelle eine Einkaufsliste: Milch")
    assert result.status == "abgeschlossen"
    [row] = all_rows(db)
    assert (row["typ"], row["themen"]) == ("notiz", [])


def test_unknown_type_from_the_model_becomes_notiz(db, redis):
    llm = ScriptedLLM({TASK_CREATE: {"typ": "rezept", "text": "Mehl", "themen": []}}, fallback=make_offline_llm())
    result = run(deps_with(db, redis, llm), "Notier dir: Mehl")
    assert result.status == "abgeschlossen" and all_rows(db)[0]["typ"] == "notiz"
    assert {"schritt": "typ_unbekannt", "typ": "rezept", "ersatz": "notiz"} in result.steps
