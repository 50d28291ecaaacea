"""The feed parses in a real calendar client available as a Debian package — khal
(`apt-get install khal`). Skipped where khal is not installed."""

from __future__ import annotations

import os
import shutil
import subprocess
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from novaberg.timeline.ics.export import calendar_bytes
from novaberg.timeline.ics.model import CalendarEvent

BERLIN = ZoneInfo("Europe/Berlin")
CONFIG = """[calendars]
[[nova]]
path = {path}
type = calendar
[locale]
timeformat = %H:%M
dateformat = %d.%m.
longdateformat = %d.%m.%Y
datetimeformat = %d.%m. %H:%M
longdatetimeformat = %d.%m.%Y %H:%M
local_timezone = Europe/Berlin
default_timezone = Europe/Berlin
[default]
default_calendar = nova
"""


@pytest.mark.skipif(shutil.which("khal") is None, reason="khal (Debian package) is not installed")
def test_khal_expands_the_feed_across_the_march_change(tmp_path: Path):
    events = [CalendarEvent("v1@novaberg", "Volleyball", datetime(2026, 3, 16, 18, 0, tzinfo=BERLIN),
                            datetime(2026, 3, 16, 20, 0, tzinfo=BERLIN), False, "termin", "FREQ=WEEKLY;BYDAY=MO",
                            (datetime(2026, 3, 30, 18, 0, tzinfo=BERLIN),), 60),
              CalendarEvent("b@novaberg", "Sohn hat Geburtstag", date(2026, 3, 3), date(2026, 3, 4), True, "geburtstag",
                            "FREQ=YEARLY")]
    feed = tmp_path / "feed.ics"
    feed.write_bytes(calendar_bytes(events, BERLIN, datetime(2026, 3, 1, tzinfo=BERLIN), "Nova"))
    (tmp_path / "cal").mkdir()
    (tmp_path / "conf" / "khal").mkdir(parents=True)
    (tmp_path / "conf" / "khal" / "config").write_text(CONFIG.format(path=tmp_path / "cal"), encoding="utf-8")
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "conf"), "XDG_DATA_HOME": str(tmp_path / "data"),
           "TZ": "Europe/Berlin"}
    subprocess.run(["khal", "import", "--batch", "-a", "nova", str(feed)], env=env, check=True, timeout=60,
                   capture_output=True)
    listed = subprocess.run(["khal", "list", "--format", "{start-date} {start-time} {title}", "22.03.2026", "16d"],
                            env=env, check=True, timeout=60, capture_output=True, text=True).stdout
    lines = [line.strip() for line in listed.splitlines() if "Volleyball" in line]
    assert lines == ["23.03. 18:00 Volleyball", "06.04. 18:00 Volleyball"]  # 30.03. is the EXDATE
    years = subprocess.run(["khal", "list", "--format", "{start-date} {title}", "01.03.2027", "5d"], env=env,
                           check=True, timeout=60, capture_output=True, text=True).stdout
    assert "03.03. Sohn hat Geburtstag" in years
