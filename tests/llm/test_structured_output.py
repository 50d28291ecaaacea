"""Each task's schema goes to the server as its structured-output constraint; a server that refuses schemas is
detected once per connector and asked in JSON mode; `doctor` says which."""

from __future__ import annotations

import pytest

from novaberg.api.catalog import offline_rules
from novaberg.core.errors import ModelError
from novaberg.llm.answers import max_tokens_for, server_schema
from novaberg.llm.ask import Asker, reporting_fallbacks
from novaberg.llm.http_connectors import OllamaLLM, OpenAICompatibleLLM
from novaberg.llm.prompts import PromptLoader
from novaberg.llm.registry import make_llm
from novaberg.llm.structured import structured_output_status
from tests.llm.fake_server import fake_server

SALIENCE = {"text": "Meine Schwester heißt Lena", "verlauf": ""}


def _ollama(content: str) -> dict:
    return {"message": {"role": "assistant", "content": content}, "prompt_eval_count": 1, "eval_count": 1}


def _openai(content: str) -> dict:
    return {"choices": [{"message": {"content": content}}], "usage": {"prompt_tokens": 1, "completion_tokens": 1}}


def test_ollama_gets_the_tasks_schema_as_format_and_its_answer_cap():
    with fake_server({"/api/chat": (200, _ollama('{"salienz": 0.8, "grund": "ein Name"}'))}) as (url, seen):
        llm = OllamaLLM("m", url)
        answer = Asker(llm, PromptLoader()).ask("salience", SALIENCE)
    assert answer.fields == {"salienz": 0.8, "grund": "ein Name"} and not answer.fallback
    sent = seen[0]["json"]
    assert sent["format"] == server_schema("salience")
    assert sent["options"]["num_predict"] == max_tokens_for("salience")


def test_openai_compatible_gets_the_tasks_schema_as_response_format_json_schema():
    with fake_server({"/v1/chat/completions": (200, _openai('{"salienz": 0.8, "grund": "x"}'))}) as (url, seen):
        Asker(OpenAICompatibleLLM("m", url), PromptLoader()).ask("salience", SALIENCE)
    sent = seen[0]["json"]
    assert sent["response_format"]["type"] == "json_schema"
    assert sent["response_format"]["json_schema"]["schema"] == server_schema("salience")
    assert sent["response_format"]["json_schema"]["name"] == "salience"
    assert sent["max_tokens"] == max_tokens_for("salience")


def _refusing(kind: str):
    """A server that answers HTTP 400 to any schema and answers JSON mode."""
    def route(request):
        if kind == "openai":
            if request["response_format"]["type"] != "json_object":
                return 400, {"error": {"message": "response_format type json_schema is not supported"}}
            return 200, _openai('{"salienz": 0.3, "grund": "Alltag"}')
        if request["format"] != "json":
            return 400, {"error": "invalid format: expected \"json\" or a valid JSON schema"}
        return 200, _ollama('{"salienz": 0.3, "grund": "Alltag"}')
    return route


@pytest.mark.parametrize(("kind", "path", "connector"), [("openai", "/v1/chat/completions", OpenAICompatibleLLM),
                                                           ("ollama", "/api/chat", OllamaLLM)])
def test_a_server_that_refuses_schemas_is_detected_once_and_asked_in_json_mode(kind, path, connector):
    with fake_server({path: _refusing(kind)}) as (url, seen):
        llm = connector("m", url)
        asker = Asker(llm, PromptLoader())
        first = asker.ask("salience", SALIENCE)
        second = asker.ask("salience", SALIENCE)
    assert first.fields["salienz"] == 0.3 and second.fields["salienz"] == 0.3
    assert len(seen) == 3  # schema refused, JSON mode; then JSON mode at once
    assert llm.schemas.refused
    assert "refused a JSON schema" in structured_output_status(llm, probe=False)


def test_a_500_is_no_refusal_of_the_schema():
    with fake_server({"/api/chat": (500, {"error": "out of memory"})}) as (url, seen):
        llm = OllamaLLM("m", url)
        with pytest.raises(ModelError, match="HTTP 500"):
            Asker(llm, PromptLoader()).ask("salience", SALIENCE)
    assert len(seen) == 1 and not llm.schemas.refused


def test_doctor_probes_once_and_says_the_schema_is_kept():
    with fake_server({"/api/chat": (200, _ollama('{"ok": true}'))}) as (url, seen):
        line = structured_output_status(OllamaLLM("m", url))
    assert "JSON schema is sent" in line and len(seen) == 1 and isinstance(seen[0]["json"]["format"], dict)
    assert "offline" in structured_output_status(make_llm("offline", rules=offline_rules()))


@pytest.mark.parametrize("content", ["Sure! The salience is high.", '{"salience": "high", "reason": "a name"}',
                                     '{"salienz": "hoch"}', '{"salienz": 0.8, "grund"', "", "{}"])
def test_an_answer_that_does_not_fit_is_the_offline_rules_and_named_for_the_trace(content):
    reported = []
    with fake_server({"/v1/chat/completions": (200, _openai(content))}) as (url, _):
        llm = make_llm("openai:m", url, rules=offline_rules())
        with reporting_fallbacks(lambda task, why: reported.append((task, why))):
            answer = Asker(llm, PromptLoader()).ask("salience", SALIENCE)
    assert answer.fields == offline_rules()["salience"](SALIENCE)
    assert answer.fallback and reported and reported[0][0] == "salience"


def test_without_an_offline_rule_an_answer_that_does_not_fit_stays_a_loud_error():
    with fake_server({"/v1/chat/completions": (200, _openai('{"salience": 0.8}'))}) as (url, _):
        with pytest.raises(ModelError, match="schema"):
            Asker(OpenAICompatibleLLM("m", url), PromptLoader()).ask("salience", SALIENCE)
