"""Temperature per task (tribunal.md §6: 0.2 for the judges). The table is the catalog's
(listed, handed to the connector at open — not registered on import)."""

from __future__ import annotations

import json

import pytest

from novaberg.api.catalog import temperatures
from novaberg.llm import http_connectors
from novaberg.llm.base import Prompt
from novaberg.llm.http_connectors import OllamaLLM, OpenAICompatibleLLM
from novaberg.llm.temperature import checked_temperatures, temperature_for


def test_judges_run_at_0_2_everything_else_at_the_connectors():
    """tribunal.md §6: the three judges at 0.2; every other task at the connector's own temperature."""
    table = temperatures()
    assert temperature_for("tribunal_jurist", table, 0.0) == 0.2
    assert temperature_for("tribunal_ethik", table, 0.7) == 0.2
    assert temperature_for("tribunal_psychologe", table, 0.7) == 0.2
    assert temperature_for("compose", table, 0.0) == 0.0
    assert temperature_for("compose", table, 0.7) == 0.7


@pytest.mark.parametrize("bad", [-0.1, 2.5, float("nan"), "0.2", True])
def test_bad_temperature_is_refused(bad):
    with pytest.raises(ValueError, match="0..2"):
        checked_temperatures({"x": bad})
    with pytest.raises(ValueError, match="0..2"):
        OllamaLLM("m", temperatures={"x": bad})


def test_a_nameless_task_is_refused():
    with pytest.raises(ValueError, match="non-empty"):
        checked_temperatures({"": 0.2})


def test_the_table_is_read_only_and_a_copy():
    given = {"x": 0.3}
    table = checked_temperatures(given)
    given["x"] = 1.0
    assert table["x"] == 0.3
    with pytest.raises(TypeError):
        table["x"] = 0.5  # type: ignore[index]


def _sent(monkeypatch) -> list[dict]:
    sent: list[dict] = []

    def fake_post(url, body, timeout, headers=None):
        sent.append(body)
        if "/api/chat" in url:
            return {"message": {"content": json.dumps({"score": 0})}}
        return {"choices": [{"message": {"content": "{}"}}]}

    monkeypatch.setattr(http_connectors, "_post", fake_post)
    return sent


def test_connectors_send_the_task_temperature(monkeypatch):
    sent = _sent(monkeypatch)
    prompt = Prompt("s", "u")
    table = temperatures()
    OllamaLLM("m", temperatures=table).complete("tribunal_psychologe", prompt, {})
    OllamaLLM("m", temperatures=table).complete("compose", prompt, {})
    OpenAICompatibleLLM("m", temperatures=table).complete("tribunal_jurist", prompt, {})
    OpenAICompatibleLLM("m", temperatures=table).complete("router", prompt, {})
    assert [sent[0]["options"]["temperature"], sent[1]["options"]["temperature"]] == [0.2, 0.0]
    assert [sent[2]["temperature"], sent[3]["temperature"]] == [0.2, 0.0]


def test_a_connector_without_a_table_uses_its_own_temperature_for_every_task(monkeypatch):
    """No hidden global: a connector built without the catalog's table sends its own temperature."""
    import novaberg.api.catalog  # noqa: F401 - importing the catalog must not change this connector

    sent = _sent(monkeypatch)
    OllamaLLM("m", temperature=0.4).complete("tribunal_jurist", Prompt("s", "u"), {})
    assert sent[0]["options"]["temperature"] == 0.4


def test_make_llm_hands_the_table_to_the_model_servers():
    from novaberg.llm.registry import make_llm

    assert make_llm("ollama:m", temperatures=temperatures()).temperatures["tribunal_ethik"] == 0.2
    assert make_llm("openai:m", temperatures=temperatures()).temperatures["tribunal_ethik"] == 0.2
    assert dict(make_llm("ollama:m").temperatures) == {}
