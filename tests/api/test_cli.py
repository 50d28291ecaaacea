"""The CLI on the embedded default: `say` prints JSON; bad names and empty text are clear errors."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from novaberg.cli import app

runner = CliRunner()


def test_say_prints_answer_services_verdict_on_the_embedded_default(tmp_path):
    result = runner.invoke(app, ["say", "--user", "u", "--character", "nova", "--data-dir",
                                 str(tmp_path / "data"), "Hallo"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert set(payload) >= {"answer", "services", "verdict"}
    assert payload["verdict"] == "ok" and payload["answer"]


def test_unknown_connector_lists_the_choices_and_starts_nothing(tmp_path):
    result = runner.invoke(app, ["say", "--user", "u", "--character", "nova", "--llm", "gpt4",
                                 "--data-dir", str(tmp_path / "data"), "Hallo"])
    assert result.exit_code == 2
    assert "offline, ollama:<model>, openai:<model>" in result.output
    assert not (tmp_path / "data").exists()


def test_empty_text_is_refused(tmp_path):
    result = runner.invoke(app, ["say", "--user", "u", "--character", "nova", "--data-dir",
                                 str(tmp_path / "data"), "   "])
    assert result.exit_code == 2
    assert "empty" in result.output


def test_corrupt_data_dir_is_a_clear_error_and_kept(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "novaberg.json").write_text("kaputt")
    result = runner.invoke(app, ["say", "--user", "u", "--character", "nova", "--data-dir", str(data), "Hallo"])
    assert result.exit_code == 2
    assert "corrupt" in result.output
    assert (data / "novaberg.json").read_text() == "kaputt"
