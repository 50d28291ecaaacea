"""`novaberg demo`: a short scripted German conversation through the real turn, module by module.

Each module contributes its scene as `DEMO_SCENES` in `<module>/demo.py`: a list of (title, [texts]).
The clock is fixed, so the demo reads the same every time.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

__all__ = ["DEMO_NOW", "DEMO_USER", "DEMO_CHARACTER", "DEMO_SCENE_MODULES", "demo_scenes", "run_demo"]

DEMO_NOW = datetime(2026, 11, 30, 9, 30, tzinfo=ZoneInfo("Europe/Berlin"))  # a Monday
DEMO_USER = "demo"
DEMO_CHARACTER = "nova"
DEMO_SCENE_MODULES = ("novaberg.api.demo_intro", "novaberg.timeline.demo", "novaberg.notes.demo")


def demo_scenes() -> list[tuple[str, list[str]]]:
    scenes: list[tuple[str, list[str]]] = []
    for name in DEMO_SCENE_MODULES:
        scenes.extend(importlib.import_module(name).DEMO_SCENES)
    return scenes


def run_demo(nova: Any, say: Callable[[str, str], None]) -> list[dict[str, Any]]:
    """Run every scene through `nova.turn`; `say(who, text)` prints. Returns the turn results."""
    results = []
    for title, texts in demo_scenes():
        say("scene", title)
        for text in texts:
            say("mensch", text)
            result = nova.turn(DEMO_USER, DEMO_CHARACTER, text, DEMO_NOW)
            say("nova", result.answer)
            results.append(result.as_dict())
    return results
