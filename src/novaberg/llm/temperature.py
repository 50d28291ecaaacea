"""Temperature per task (tribunal.md §6: 0.2 for the judges). A module registers the temperature of its own
tasks; every other task uses the connector's own (`temperature`, default 0.0)."""

from __future__ import annotations

import math

__all__ = ["set_task_temperature", "temperature_for"]

_TEMPERATURES: dict[str, float] = {}


def set_task_temperature(task: str, temperature: float) -> None:
    if not isinstance(task, str) or not task:
        raise ValueError("task must be a non-empty name")
    if isinstance(temperature, bool) or not isinstance(temperature, int | float) \
            or not math.isfinite(temperature) or not 0.0 <= temperature <= 2.0:
        raise ValueError(f"temperature of {task!r} must lie in 0..2, got {temperature!r}")
    _TEMPERATURES[task] = float(temperature)


def temperature_for(task: str, default: float) -> float:
    """The task's registered temperature, else `default` (the connector's)."""
    return _TEMPERATURES.get(task, default)
