"""One typed answer per task: the JSON schema sent to the server, the checked reading, and the offline rule's type.

Each task's answer is one pydantic model. From it come three things, so they cannot drift apart:

- `server_schema(task)`: the JSON schema a model server is asked to keep (Ollama `format`, OpenAI-compatible
  `response_format: json_schema`) — the fields the reading requires are required, the others may be left out, and
  no other field is allowed;
- `check_answer(task, fields)`: the structural reading — wrong types, a missing required field, a number outside
  its range are refused here (`ModelAnswerError`), before any module reads a value;
- the offline rule of the task answers the same model (tests/llm/test_answers.py holds every rule of the catalog
  against it).

The models are data only (no agent is imported here; `api.catalog` still lists the tasks and their rules). Fields
the module reads semantically (an action word, an event type) stay text in the reading — the module refuses an
unknown word with its own named step — and carry their closed set as `enum` in the schema sent to the server.
`MAX_TOKENS` caps each task's answer (answers are short by instruction and by this cap).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from novaberg.core.errors import ModelAnswerError
from novaberg.llm.reader import WRONG_FIELD_TYPE

__all__ = ["ANSWERS", "MAX_TOKENS", "DEFAULT_MAX_TOKENS", "SCHEMA_INVALID", "Answer", "answer_model", "check_answer",
           "server_schema", "model_schema", "max_tokens_for", "JudgeAnswer", "JuristAnswer", "JudgesAnswer"]

SCHEMA_INVALID = "schema_ungueltig"  # the step of an answer its task's model refuses
DEFAULT_MAX_TOKENS = 256


class Answer(BaseModel):
    """Base of every task's answer: strict types (no "0.5" for a number, no 5 for a text); keys the model adds
    are ignored by the reading (the schema sent to the server allows none)."""

    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)
    OFFLINE_ONLY: ClassVar[tuple[str, ...]] = ()  # fields only the offline rule writes: not in the server's schema


# --- the turn ---------------------------------------------------------------------------------------------------

class TimelineQuery(Answer):
    art: str
    # `from` is a Python keyword: the alias keeps the field's JSON name
    from_: str | None = Field(default=None, alias="from")
    to: str | None = None
    direction: str | None = None
    keyword: str | None = None
    limit: int | None = None

    model_config = ConfigDict(strict=True, extra="ignore", frozen=True, populate_by_name=True)


class OrderPart(Answer):
    domain: str
    text: str


class RouterAnswer(Answer):
    domain: str
    timeline_query: TimelineQuery | None = None
    auftraege: list[OrderPart] | None = None


class ComposeAnswer(Answer):
    antwort: str


class CorrectAnswer(Answer):
    antwort: str


class SalienceAnswer(Answer):
    salienz: float = Field(ge=0.0, le=1.0)
    grund: str | None = None


# --- the services -----------------------------------------------------------------------------------------------

class TimelineClassifyAnswer(Answer):
    action: str = Field(json_schema_extra={"enum": ["create", "read", "update", "delete", "reschedule", "rejected"]})
    target: str | None = None
    zeitausdruck: str | None = None
    event_type: str | None = None
    normalisiert: str | None = None
    grund: str | None = None
    details: str | None = None  # an update's new detail (a place, a person, a note), word for word


class EventEntry(Answer):
    kandidat: int
    person: str | None = None
    titel: str | None = None
    zeitausdruck: str | None = None
    zeitlage: str | None = None


class TimelineEventsAnswer(Answer):
    # not required in the reading: an answer without the list is the module's named defect (timeline.md §5.5)
    ereignisse: list[EventEntry] | None = Field(default=None, json_schema_extra={"x-required": True})


class NotesClassifyAnswer(Answer):
    action: str = Field(json_schema_extra={"enum": ["create", "read", "update", "append", "add_content",
                                                    "remove_content", "clear_content", "rename", "delete",
                                                    "rejected"]})
    target: str | None = None
    target_typ: str | None = None
    normalisiert: str | None = None
    neuer_name: str | None = None
    inhalt: str | None = None
    konfidenz: str | None = None
    grund: str | None = None


class NotesCreateAnswer(Answer):
    typ: str | None = None
    text: str
    themen: list[str] | None = None


class NotesRewriteAnswer(Answer):
    text: str | None  # required; `null` keeps the note as it is


class DirectivesAnswer(Answer):
    aktion: str = Field(json_schema_extra={"enum": ["hinzufuegen", "auflisten", "entfernen", "keine"]})
    text: str | None = None
    nummer: int | None = None


class FilesRootsAnswer(Answer):
    aktion: str = Field(json_schema_extra={"enum": ["create", "read", "update", "delete", "reactivate", "keine"]})
    pfad: str | None = None
    nummer: int | None = None
    bezeichnung: str | None = None


class FilesReadAnswer(Answer):
    begriffe: list[str]
    datei: str | None = None
    art: str | None = None


class FilesDeepenAnswer(Answer):
    # the module reads a paraphrased yes or no (*ja*, *reicht*) and refuses unknown files and terms with its own
    # named steps (files.deepening.decide): the reading here checks only the shape
    nachlesen: bool | str
    dateien: list[Any] | None = None
    begriffe: list[Any] | None = None
    grund: str | None = None


class FilesDescribeAnswer(Answer):
    thema: str
    zusammenfassung: str | None = None
    stichwoerter: list[str] | str | None = None  # a model that lists the words in one string is read too


class KnowledgeGateAnswer(Answer):
    luecke: str


class KnowledgeJudgeAnswer(Answer):
    dublette: bool
    aenderung: bool | None = None
    begruendung: str | None = None


# --- the tribunal (tribunal.md §4.1, §5) --------------------------------------------------------------------------

class JudgeAnswer(Answer):
    """One judge: a score 0..1 and a short reasoning (empty when nothing is wrong). `beurteilt: false` is the
    offline rule's honest „not judged“ (no score); a model's `beurteilt` is ignored (judges.read_vote)."""

    score: float | None = Field(ge=0.0, le=1.0)
    reasoning: str | None = None
    beurteilt: bool | None = None
    OFFLINE_ONLY: ClassVar[tuple[str, ...]] = ("beurteilt",)


class JuristAnswer(JudgeAnswer):
    """The jurist, who also scores the directives when there are any (§4.2)."""

    direktiven_score: float | None = Field(default=None, ge=0.0, le=1.0)


class JudgesAnswer(Answer):
    """The three judges in one request (one prompt, three verdicts): each perspective's own answer."""

    jurist: JuristAnswer
    psychologe: JudgeAnswer
    ethik: JudgeAnswer


ANSWERS: Mapping[str, type[Answer]] = {
    "router": RouterAnswer,
    "compose": ComposeAnswer,
    "correct": CorrectAnswer,
    "salience": SalienceAnswer,
    "timeline_classify": TimelineClassifyAnswer,
    "timeline_events": TimelineEventsAnswer,
    "notes_classify": NotesClassifyAnswer,
    "notes_create": NotesCreateAnswer,
    "notes_rewrite": NotesRewriteAnswer,
    "directives_classify": DirectivesAnswer,
    "files_roots_classify": FilesRootsAnswer,
    "files_read": FilesReadAnswer,
    "files_deepen": FilesDeepenAnswer,
    "files_describe": FilesDescribeAnswer,
    "knowledge_gap": KnowledgeGateAnswer,
    "knowledge_duplicate": KnowledgeJudgeAnswer,
    "tribunal_jurist": JuristAnswer,
    "tribunal_psychologe": JudgeAnswer,
    "tribunal_ethik": JudgeAnswer,
    "tribunal": JudgesAnswer,
}

# Answer tokens per task: a verdict or a classification is a few dozen tokens; the composer's and the corrector's
# answer is what the person reads (a listing of up to 2,400 characters among it, graph.compose.REPORT_MAX_CHARS, about
# 800 tokens of a German text); a rewritten note is the whole note. An answer cut by its cap is no JSON: the task's
# offline rule answers, nothing is written from it.
MAX_TOKENS: Mapping[str, int] = {
    "router": 160, "compose": 1000, "correct": 1000, "salience": 48, "timeline_classify": 120,
    "timeline_events": 300, "notes_classify": 160, "notes_create": 1000, "notes_rewrite": 2000,
    "directives_classify": 80, "files_roots_classify": 120, "files_read": 100, "files_deepen": 120,
    "files_describe": 400, "knowledge_gap": 24, "knowledge_duplicate": 64,
    "tribunal_jurist": 72, "tribunal_psychologe": 64, "tribunal_ethik": 64, "tribunal": 200,
}


def answer_model(task: str) -> type[Answer] | None:
    return ANSWERS.get(task)


def max_tokens_for(task: str) -> int:
    return MAX_TOKENS.get(task, DEFAULT_MAX_TOKENS)


def check_answer(task: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    """The answer object checked against its task's model; the fields as given (defaults are the module's).

    A task without a model passes unchanged. Refused: `ModelAnswerError(SCHEMA_INVALID)` naming the fields."""
    model = ANSWERS.get(task)
    if model is None:
        return dict(fields)
    try:
        model.model_validate(dict(fields), by_alias=True)
    except ValidationError as err:
        errors = err.errors()
        where = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or '(object)'}: {e['msg']}" for e in errors[:4])
        # a field of the wrong type is the checked reading's `feld_falscher_typ`; a missing field or a foreign
        # object is the schema's own refusal
        step = SCHEMA_INVALID if any(e["type"] == "missing" for e in errors) else WRONG_FIELD_TYPE
        raise ModelAnswerError(step, f"answer to {task!r} does not fit its schema: {where}") from None
    return dict(fields)


def model_schema(model: type[Answer]) -> dict[str, Any]:
    """The server's JSON schema of one answer model (a fresh copy)."""
    return json.loads(_schema_text(model))  # type: ignore[no-any-return]


def server_schema(task: str) -> dict[str, Any] | None:
    """The JSON schema the server is asked to keep for `task` (a fresh copy; None for a task without a model)."""
    model = ANSWERS.get(task)
    return None if model is None else model_schema(model)


@cache
def _schema_text(model: type[Answer]) -> str:
    """The schema as JSON text: a fresh copy is read from it (every model call asks for one; reading the text
    costs a fifth of `copy.deepcopy` of the nested schema)."""
    return json.dumps(_schema(model), ensure_ascii=False)


def _schema(model: type[Answer]) -> dict[str, Any]:
    schema = model.model_json_schema(by_alias=True)
    _close(schema, model)
    for name, sub in (schema.get("$defs") or {}).items():
        owner = next((m for m in _models(model) if m.__name__ == name), None)
        _close(sub, owner)
    return schema


def _models(model: type[Answer]) -> list[type[Answer]]:
    found: list[type[Answer]] = []
    stack: list[type[Answer]] = [model]
    while stack:
        item = stack.pop()
        for field in item.model_fields.values():
            for arg in _types(field.annotation):
                if isinstance(arg, type) and issubclass(arg, Answer) and arg not in found:
                    found.append(arg)
                    stack.append(arg)
    return found


def _types(annotation: Any) -> list[Any]:
    args = getattr(annotation, "__args__", None)
    if not args:
        return [annotation]
    return [t for arg in args for t in _types(arg)]


def _close(schema: dict[str, Any], model: type[Answer] | None) -> None:
    """No other field allowed, offline-only fields out, no titles or defaults (shorter). Required are the fields the
    reading requires; a field with a default may be left out — a decoder held to the schema then writes no `null`
    for it (an answer token costs 25 ms at 40 tokens/s)."""
    schema.pop("title", None)
    schema.pop("description", None)
    properties = schema.get("properties")
    if not isinstance(properties, dict):
        return
    for name in model.OFFLINE_ONLY if model is not None else ():
        properties.pop(name, None)
    for value in properties.values():
        if isinstance(value, dict):
            value.pop("title", None)
            value.pop("default", None)
    wanted = [name for name, value in properties.items() if isinstance(value, dict) and value.pop("x-required", False)]
    schema["required"] = [name for name in properties if name in schema.get("required", []) or name in wanted]
    schema["additionalProperties"] = False
