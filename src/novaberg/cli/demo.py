"""`demo`: a short scripted German conversation through every module."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from novaberg.cli import base
from novaberg.cli.base import (
    DataDirOption,
    LlmOption,
    app,
    console,
)
from novaberg.cli.render import show_rows

__all__ = ["demo"]


@app.command()
def demo(
    data_dir: Path | None = DataDirOption,
    llm: str | None = LlmOption,
) -> None:
    """A short scripted German conversation through every module, then the appointments and notes."""
    import tempfile

    from novaberg.api.demo import DEMO_CHARACTER, DEMO_USER, run_demo

    temporary = None
    if data_dir is None:
        temporary = tempfile.TemporaryDirectory(prefix="novaberg-demo-")
        data_dir = Path(temporary.name) / "data"
    started = time.perf_counter()
    nova = base.open_nova(data_dir, llm, None)
    console.print(f"[dim]embedded stack ready in {time.perf_counter() - started:.2f} s ({data_dir})[/]")
    styles = {"scene": "bold cyan", "mensch": "bold", "nova": "magenta"}

    def show(who: str, text: str) -> None:
        if who == "scene":
            console.rule(f"[{styles[who]}]{text}")
        else:
            console.print(f"[{styles[who]}]{who}>[/] {text}")

    try:
        run_demo(nova, show)
        zone = nova.settings.zone
        appointments = [dict(row, event_time=_local(row["event_time"], zone))
                        for row in nova.timeline.list(DEMO_USER, DEMO_CHARACTER, active_only=False)]
        show_rows(appointments, "Termine (alle Zeilen, auch verschobene und gelöschte)",
                  ("id", "event_type", "title", "event_time", "precision", "aktiv", "nachfolger_id"))
        show_rows(nova.notes.list(DEMO_USER), "Notizen (aktiv)", ("id", "name", "typ", "text"))
    finally:
        nova.close()
        if temporary is not None:
            temporary.cleanup()


def _local(moment: Any, zone: Any) -> str:
    from novaberg.text.calendar import WEEKDAY_NAMES

    local = moment.astimezone(zone)
    return f"{WEEKDAY_NAMES[local.weekday()][:2]} {local:%d.%m.%Y %H:%M}"

