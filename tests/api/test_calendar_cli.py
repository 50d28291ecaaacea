"""The calendar feed and import on the command line: `novaberg calendar token|import|export` and
`novaberg person export` against one data directory (each command opens and closes the embedded servers)."""

from __future__ import annotations

import zipfile

import vobject
from typer.testing import CliRunner

from novaberg.cli import app
from tests.timeline.ics.test_import import FOREIGN

runner = CliRunner()


def test_calendar_commands_round_trip(tmp_path, data_dir):
    data = str(data_dir)
    source = tmp_path / "telefon.ics"
    source.write_bytes(FOREIGN)
    bad = tmp_path / "kaputt.ics"
    bad.write_text("das ist kein Kalender", encoding="utf-8")

    refused = runner.invoke(app, ["calendar", "import", str(bad), "--user", "anna", "--character", "nova",
                                  "--data-dir", data])
    assert refused.exit_code == 2 and "kein lesbarer Kalender" in refused.output and "Nichts eingetragen" in refused.output

    unknown = runner.invoke(app, ["person", "export", "--user", "anna", str(tmp_path / "leer.zip"), "--data-dir", data])
    assert unknown.exit_code == 2 and "nichts gespeichert" in unknown.output
    assert not (tmp_path / "leer.zip").exists()

    taken = runner.invoke(app, ["calendar", "import", str(source), "--user", "anna", "--character", "nova",
                                "--data-dir", data])
    assert taken.exit_code == 0, taken.output
    assert "Übernommen: 5" in taken.output and "Übersprungen: 2" in taken.output and "+ Urlaub Ostsee" in taken.output

    created = runner.invoke(app, ["calendar", "token", "--user", "anna", "--create", "--base-url",
                                  "https://nova.example", "--data-dir", data])
    assert created.exit_code == 0 and "https://nova.example/api/calendar/feed.ics?token=" in created.output

    exported = tmp_path / "anna.ics"
    result = runner.invoke(app, ["calendar", "export", "--user", "anna", str(exported), "--data-dir", data])
    assert result.exit_code == 0, result.output
    calendar = vobject.readOne(exported.read_text(encoding="utf-8"))
    assert sorted(e.summary.value for e in calendar.vevent_list) == ["Chorprobe", "Telefonkonferenz", "Urlaub Ostsee",
                                                                      "Volleyball", "Zahnarzt Dr. Quellmalz"]
    series = next(e for e in calendar.vevent_list if e.summary.value == "Volleyball")  # the imported series
    assert series.rrule.value == "FREQ=WEEKLY;BYDAY=MO" and len(series.exdate_list) == 1

    archive = tmp_path / "anna.zip"
    done = runner.invoke(app, ["person", "export", "--user", "anna", str(archive), "--data-dir", data])
    assert done.exit_code == 0, done.output
    with zipfile.ZipFile(archive) as opened:
        assert b"Zahnarzt Dr. Quellmalz" in opened.read("kalender.ics")
