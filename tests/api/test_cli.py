"""The CLI on the embedded default: `say` prints JSON; bad names and empty text are clear errors."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from novaberg.cli import app

runner = CliRunner()


def test_say_prints_answer_services_verdict_on_the_embedded_default(data_dir):
    result = runner.invoke(app, ["say", "--json", "--user", "u", "--character", "nova", "--data-dir",
                                 str(data_dir), "Hallo"])
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
    assert "leer" in result.output


def test_corrupt_data_dir_is_a_clear_error_and_kept(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "novaberg.json").write_text("kaputt")
    result = runner.invoke(app, ["say", "--user", "u", "--character", "nova", "--data-dir", str(data), "Hallo"])
    assert result.exit_code == 2
    assert "corrupt" in result.output
    assert (data / "novaberg.json").read_text() == "kaputt"


@pytest.mark.parametrize(("args", "rule"), [
    (["--user", "u\x00", "--character", "nova", "Hallo"], "user_id"),
    (["--user", "u" * 201, "--character", "nova", "Hallo"], "user_id"),
    (["--user", "u", "--character", "a\tb", "Hallo"], "character_id"),
    (["--user", "u", "--character", "nova", "x" * 20_001], "text"),
    (["--user", "u", "--character", "nova", "Hallo\x00"], "text"),
])
def test_say_refuses_bad_input_before_opening_anything(tmp_path, args, rule):
    """The CLI uses the edge validation: exit 2 naming the field, no data directory made."""
    result = runner.invoke(app, ["say", "--data-dir", str(tmp_path / "data"), *args])
    assert result.exit_code == 2, result.output
    assert rule in result.output
    assert not (tmp_path / "data").exists()


def test_chat_refuses_a_bad_id_before_opening_anything(tmp_path):
    """Chat checks --user/--character once, up front."""
    result = runner.invoke(app, ["chat", "--user", "x" * 201, "--data-dir", str(tmp_path / "data")], input="")
    assert result.exit_code == 2 and "--user" in result.output
    assert not (tmp_path / "data").exists()


@pytest.mark.parametrize(("args", "rule"), [
    (["directives", "add", "--user", "u", "--character", "nova", "Sie\udcffn"], "text"),
])
def test_a_directive_with_a_lone_surrogate_is_refused_at_the_edge(tmp_path, args, rule):
    """A non-UTF-8 argument arrives as lone surrogates (surrogateescape); it is refused at the
    edge (exit 2 naming the field) before anything opens, never a UnicodeEncodeError from PostgreSQL."""
    result = runner.invoke(app, [*args, "--data-dir", str(tmp_path / "data")])
    assert result.exit_code == 2, result.output
    assert rule in result.output
    assert not (tmp_path / "data").exists()


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.5", "nova.lan", "::"])
def test_serve_no_auth_is_refused_off_loopback(tmp_path, host):
    """--no-auth only with a loopback bind; otherwise exit 2 with a clear message, nothing opened."""
    result = runner.invoke(app, ["serve", "--no-auth", "--host", host, "--data-dir", str(tmp_path / "data")])
    assert result.exit_code == 2, result.output
    assert "--no-auth" in result.output and "loopback" in result.output
    assert not (tmp_path / "data").exists()
