"""Temperature per task (tribunal.md §6: 0.2 for the judges). The table comes from the one explicit list
(`api.catalog.TEMPERATURES`) and is handed to a model connector at open; a task missing from it uses the
connector's own temperature (`temperature`, default 0.0). Nothing registers on import."""

from __future__ import annotations

import math
from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["checked_temperatures", "temperature_for"]


def checked_temperatures(temperatures: Mapping[str, float]) -> Mapping[str, float]:
    """A read-only copy of a task → temperature table; a nameless task or a value outside 0..2 is refused."""
    if not isinstance(temperatures, Mapping):
        raise TypeError(f"temperatures must be a mapping of task to temperature, got {type(temperatures).__name__}")
    checked: dict[str, float] = {}
    for task, temperature in temperatures.items():
        if not isinstance(task, str) or not task:
            raise ValueError("task must be a non-empty name")
        if isinstance(temperature, bool) or not isinstance(temperature, int | float) \
                or not math.isfinite(temperature) or not 0.0 <= temperature <= 2.0:
            raise ValueError(f"temperature of {task!r} must lie in 0..2, got {temperature!r}")
        checked[task] = float(temperature)
    return MappingProxyType(checked)


def temperature_for(task: str, temperatures: Mapping[str, float], default: float) -> float:
    """The task's temperature from the table, else `default` (the connector's)."""
    return temperatures.get(task, default)
