"""Ollama and OpenAI-compatible connectors against a fake server on loopback."""

from __future__ import annotations

import json

import httpx
import pytest

from novaberg.api.catalog import offline_rules
from novaberg.core.errors import ConfigError, ModelError, ModelUnreachableError
from novaberg.llm.base import Prompt
from novaberg.llm.http_connectors import OllamaLLM, OpenAICompatibleLLM
from novaberg.llm.offline import OfflineLLM
from novaberg.llm.registry import check_llm_spec, make_llm
from tests.llm.fake_server import fake_server, free_port

PROMPT = Prompt(system="System", user="Nutzer")


def test_ollama_native_chat_json_format_and_token_counts():
    answer = {"message": {"role": "assistant", "content": '{"domain": "keine"}'},
              "prompt_eval_count": 42, "eval_count": 7}
    with fake_server({"/api/chat": (200, answer)}) as (url, seen):
        result = OllamaLLM("gemma:2b", url, temperature=0.2).complete("router", PROMPT, {})
    assert result.text == '{"domain": "keine"}'
    assert (result.prompt_tokens, result.completion_tokens) == (42, 7)
    sent = seen[0]["json"]
    assert sent["format"] == "json" and sent["stream"] is False
    assert sent["options"]["temperature"] == 0.2
    assert [m["role"] for m in sent["messages"]] == ["system", "user"]


def test_openai_compatible_response_format_and_usage():
    answer = {"choices": [{"message": {"content": '{"antwort": "Hallo"}'}}],
              "usage": {"prompt_tokens": 11, "completion_tokens": 3}}
    with fake_server({"/v1/chat/completions": (200, answer)}) as (url, seen):
        result = OpenAICompatibleLLM("qwen", url).complete("compose", PROMPT, {})
    assert json.loads(result.text) == {"antwort": "Hallo"}
    assert (result.prompt_tokens, result.completion_tokens) == (11, 3)
    assert seen[0]["json"]["response_format"] == {"type": "json_object"}


def test_http_error_is_a_clear_model_error():
    with fake_server({"/api/chat": (500, {"error": "boom"})}) as (url, _):
        with pytest.raises(ModelError, match="HTTP 500"):
            OllamaLLM("m", url).complete("router", PROMPT, {})


def test_envelope_without_content_is_loud():
    with fake_server({"/v1/chat/completions": (200, {"choices": []})}) as (url, _):
        with pytest.raises(ModelError, match="choices"):
            OpenAICompatibleLLM("m", url).complete("router", PROMPT, {})


@pytest.mark.parametrize("connector", [OllamaLLM, OpenAICompatibleLLM])
def test_unreachable_server_is_clear_after_one_retry(connector, monkeypatch):
    calls = []
    real_post = httpx.Client.post

    def counting_post(self, *args, **kwargs):
        calls.append(args[0])
        return real_post(self, *args, **kwargs)

    monkeypatch.setattr(httpx.Client, "post", counting_post)
    with pytest.raises(ModelUnreachableError, match="unreachable"):
        connector("m", f"http://127.0.0.1:{free_port()}", timeout=2).complete("router", PROMPT, {})
    assert len(calls) == 2  # the first try and one retry


def test_describe_reports_unreachable():
    info = OllamaLLM("m", f"http://127.0.0.1:{free_port()}").describe()
    assert info["reachable"] is False


def test_registry_names_and_bad_names():
    assert isinstance(make_llm("offline", rules=offline_rules()), OfflineLLM)
    assert make_llm("ollama:gemma:2b").model == "gemma:2b"
    assert make_llm("openai:qwen", "http://x:1").url == "http://x:1/v1"
    with pytest.raises(ConfigError, match="offline, ollama:<model>, openai:<model>"):
        make_llm("gpt")
    with pytest.raises(ModelError, match="model name"):
        make_llm("ollama:")


def test_the_offline_connector_needs_its_rule_table():
    """The offline rules come from the catalog, handed in; without them make_llm refuses loudly."""
    with pytest.raises(ConfigError, match="rule table"):
        make_llm("offline")


@pytest.mark.parametrize("spec", ["gpt", "ollama:", "openai:", 42])
def test_check_llm_spec_refuses_what_make_llm_refuses_and_builds_nothing(spec):
    with pytest.raises((ConfigError, ModelError)):
        check_llm_spec(spec)
    with pytest.raises((ConfigError, ModelError)):
        make_llm(spec, rules=offline_rules())
