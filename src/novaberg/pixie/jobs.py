"""The heartbeat's jobs (docs/architecture.md), each with its interval from `PIXIE_JOB_INTERVALS`."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from novaberg.core.settings import PIXIE_JOB_INTERVALS
from novaberg.memory.promotion import PromotionAgent
from novaberg.memory.return_path import run_return_path
from novaberg.pixie.events import run_event_orders
from novaberg.pixie.heartbeat import Job
from novaberg.pixie.resubmission import queue_due

__all__ = ["build_jobs", "JOB_NAMES"]

JOB_NAMES = ("synapsen_promotion", "ereignisse", "wiedervorlage", "log_bereinigung", "dateien_index")


def build_jobs(nova: Any, intervals: dict[str, float] | None = None) -> list[Job]:
    """The jobs over one Nova's stack, model and embedder; `intervals` overrides the settings' seconds."""
    every = {**PIXIE_JOB_INTERVALS, **(intervals or {})}
    deps = nova.deps

    def promotion(now: datetime) -> dict[str, Any]:
        report = PromotionAgent(deps.redis, deps.db, deps.embedder, deps.log).run(now)
        return {**report, "rueckweg": run_return_path(deps.redis, deps.log, now)}  # §3b: right after the promotion

    def events(now: datetime) -> dict[str, Any]:
        return run_event_orders(deps.redis, deps, now)

    def resubmission(now: datetime) -> dict[str, Any]:
        return queue_due(deps.db, deps.redis, now)

    def prune(now: datetime) -> dict[str, Any]:
        return {"geloescht": deps.log.prune(now), "hintergrund_geloescht": deps.log.prune_background(now)}

    def files_index(now: datetime) -> dict[str, Any]:
        report = nova.files.index(now)
        return report if isinstance(report, dict) else {"ergebnis": report}

    runs = {"synapsen_promotion": promotion, "ereignisse": events, "wiedervorlage": resubmission,
            "log_bereinigung": prune, "dateien_index": files_index}
    return [Job(name, float(every[name]), runs[name]) for name in JOB_NAMES]
