"""Temperature per task (tribunal.md §6: 0.2 for the judges; issue 12 §1)."""

from __future__ import annotations

import json

import pytest

import novaberg.tribunal.judges  # noqa: F401 - registers the judges' temperature
from novaberg.llm import http_connectors
from novaberg.llm.base import Prompt
from novaberg.llm.http_connectors import OllamaLLM, OpenAICompatibleLLM
from novaberg.llm.temperature import set_task_temperature, temperature_for


def test_judges_run_at_0_2_everything_else_at_the_connectors():
    assert temperature_for("tribunal_jurist", 0.0) == 0.2
    assert temperature_for("tribunal_ethik", 0.7) == 0.2
    assert temperature_for("compose", 0.0) == 0.0


@pytest.mark.parametrize("bad", [-0.1, 2.5, float("nan"), "0.2", True])
def test_bad_temperature_is_refused(bad):
    with pytest.raises(ValueError):
        set_task_temperature("x", bad)


def test_connectors_send_the_task_temperature(monkeypatch):
    sent = []

    def fake_post(url, body, timeout, headers=None):
        sent.append(body)
        if "/api/chat" in url:
            return {"message": {"content": json.dumps({"score": 0})}}
        return {"choices": [{"message": {"content": "{}"}}]}

    monkeypatch.setattr(http_connectors, "_post", fake_post)
    prompt = Prompt("s", "u")
    OllamaLLM("m").complete("tribunal_psychologe", prompt, {})
    OllamaLLM("m").complete("compose", prompt, {})
    OpenAICompatibleLLM("m").complete("tribunal_jurist", prompt, {})
    OpenAICompatibleLLM("m").complete("router", prompt, {})
    assert [sent[0]["options"]["temperature"], sent[1]["options"]["temperature"]] == [0.2, 0.0]
    assert [sent[2]["temperature"], sent[3]["temperature"]] == [0.2, 0.0]
