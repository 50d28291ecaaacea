"""The computed checks of `evaluate`: weekday against date, confirmation against the services'
report, storage claim against a verified write — arithmetic in Python, no fourth model call.

`computed_verdict` is pure: it reads the answer, the services of this turn and the local day, and
returns what the node needs — a verdict that can only raise the judges' one, the orders that go on
top of the corrector's summary, the findings, and the durable log entry's payload. The node writes
that entry on every run, the silent one included (tribunal.md, "Der dauerhafte Eintrag").
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from novaberg.situation.sources import InventorySource
from novaberg.text.claim_vocabulary import VOCABULARY
from novaberg.tribunal.claims import StorageClaim, find_storage_claims
from novaberg.tribunal.const import (
    COMPLETED,
    INVENTORY_FAILED,
    INVENTORY_NOT_ASKED,
    RESULT_COVERED,
    RESULT_NO_CLAIM,
    RESULT_NOT_PROVEN,
    RULE_VERSION,
    VERDICTS,
    WRITE_NOT_RECOGNISABLE,
)
from novaberg.tribunal.dates import (
    ConfirmationMismatch,
    WeekdayMismatch,
    confirmation_mismatch,
    format_date,
    weekday_mismatches,
)
from novaberg.tribunal.inventory import (
    InventoryResult,
    check_inventory,
    note_covers,
    reading_covers,
)
from novaberg.tribunal.services import ServiceOutcome, read_services, reported_dates
from novaberg.tribunal.texts import (
    CONFIRMATION_ORDER,
    HEAD_TIME,
    STORAGE_ORDER,
    STORAGE_ORDER_LINE,
    WEEKDAY_ORDER_LINE,
    WEEKDAY_ORDER_LINE_UNREPORTED,
)

_log = logging.getLogger("novaberg.tribunal")

__all__ = ["ComputedCheck", "computed_verdict", "worse_verdict"]


def worse_verdict(first: str, second: str) -> str:
    """The worse of two verdicts: a computed finding raises a verdict, never lowers it."""
    for verdict in (first, second):
        if verdict not in VERDICTS:
            raise ValueError(f"unknown verdict {verdict!r}; one of {VERDICTS}")
    return max(first, second, key=VERDICTS.index)


@dataclass(frozen=True)
class ComputedCheck:
    """The outcome of the computed checks for one answer."""

    verdict: str  # 'ok' | 'warnung' — never 'ablehnen' on its own
    orders: list[str]  # for the top of the corrector's summary; the storage order first
    claims: list[StorageClaim]  # every storage claim found, covered or not
    storage_result: str  # 'keine_behauptung' | 'gedeckt' | 'nicht_belegt'
    weekday_findings: list[WeekdayMismatch]
    confirmation: ConfirmationMismatch | None
    services: list[ServiceOutcome]
    inventory: InventoryResult | None = None  # the inventory check, when a claim had no writing service
    covered_by_reading: tuple[int, ...] = ()  # claim indexes a read of this turn covers
    covered_by_notes: tuple[int, ...] = ()  # claim indexes a note's current content covers

    @property
    def uncovered_claims(self) -> list[StorageClaim]:
        """The claims the corrector must restate: none when a writing service covers, none when the inventory
        check found and named every appointment; else those neither a read nor a note covers."""
        if self.storage_result != RESULT_NOT_PROVEN or (self.inventory is not None and self.inventory.covered):
            return []
        taken = {*self.covered_by_reading, *self.covered_by_notes}
        return [claim for index, claim in enumerate(self.claims) if index not in taken]

    @property
    def findings(self) -> list[StorageClaim | WeekdayMismatch | ConfirmationMismatch]:
        """Everything found, covered claims included; the verdict reflects only what is wrong."""
        found: list[StorageClaim | WeekdayMismatch | ConfirmationMismatch] = [
            *self.claims,
            *self.weekday_findings,
        ]
        if self.confirmation is not None:
            found.append(self.confirmation)
        return found

    def raise_verdict(self, judged: str) -> str:
        """The judges' majority verdict, raised to this one where it is milder."""
        return worse_verdict(judged, self.verdict)

    def summary(self, judge_summary: str = "") -> str:
        """The corrector's summary: these orders on top, then the judges' `[agent] reasoning` lines."""
        parts = [*self.orders, judge_summary.strip()]
        return "\n\n".join(part for part in parts if part)

    def log_payload(
        self, correction_round: int | None = None, max_corrections: int | None = None
    ) -> dict[str, Any]:
        """The durable entry (kind `berechnung`, node `evaluate`, source `speicherbehauptung`).

        Forms and words, never the sentence: the sentence stays in the raw turn.
        """
        payload: dict[str, Any] = {
            "ergebnis": self.storage_result,
            "befunde": [{"form": claim.form, "wort": claim.word} for claim in self.claims],
            "abgeschlossen": [s.name for s in self.services if s.completed],
            "geschrieben": [s.name for s in self.services if s.covers],
            "nicht_erkennbar": [s.name for s in self.services if s.write == WRITE_NOT_RECOGNISABLE],
            "ausgaenge": [
                {"dienst": s.name, "status": s.status, "schreibung": s.write} for s in self.services
            ],
            "zeitangabe": {
                "wochentag": [
                    {"datum": f.date.isoformat(), "genannt": f.stated_weekday, "richtig": f.correct_weekday}
                    for f in self.weekday_findings
                ],
                "bestaetigung": None
                if self.confirmation is None
                else {
                    "genannt": [d.date.isoformat() for d in self.confirmation.stated],
                    "gemeldet": sorted({d.date.isoformat() for d in self.confirmation.reported}),
                },
            },
            "bestandsabgleich": INVENTORY_NOT_ASKED if self.inventory is None else self.inventory.outcome,
            "abgleich_zeitpunkte": [] if self.inventory is None else list(self.inventory.moments),
            "abgleich_fehler": [] if self.inventory is None else list(self.inventory.errors),
            "abgleich_nennung": [] if self.inventory is None else [list(w) for w in self.inventory.naming],
            "gedeckt_durch_lesung": len(self.covered_by_reading),
            "gedeckt_durch_notiz": len(self.covered_by_notes),
            "urteil": self.verdict,
            "regelfassung": RULE_VERSION,
        }
        if correction_round is not None:
            payload["runde"] = correction_round
        if max_corrections is not None:
            payload["grenze"] = max_corrections
        return payload


def computed_verdict(answer: str, services: list[dict], today: date,
                     inventory: InventorySource | None = None, zone: ZoneInfo | None = None) -> ComputedCheck:
    """Check `answer` against itself and against the services of this turn, on the local day `today`.

    A storage claim is covered by a service with status `abgeschlossen` that carries a step with
    `verifiziert: True`. Without one, and with an `inventory` to ask, the claim is held against the stored
    state before any correction (tribunal.md „Der Bestandsabgleich“; reads and notes likewise, beyond the
    specification).
    An uncovered claim, a wrong weekday, or a confirmation that names none of the reported dates gives at
    least `warnung` with an order.
    """
    if not isinstance(answer, str):
        raise TypeError(f"answer must be a str, got {type(answer).__name__}")
    if not isinstance(today, date):
        raise TypeError(f"today must be a date, got {type(today).__name__}")
    if isinstance(today, datetime):
        today = today.date()
    outcomes = read_services(services)
    claims = [c for c in find_storage_claims(answer) if not _said_by_a_service(c, services)]
    storage_result = _storage_result(claims, outcomes)
    weekday = weekday_mismatches(answer, today)
    confirmation = confirmation_mismatch(answer, reported_dates(services, today, zone), today)

    # With a writing service the claim is covered already; the inventory is still asked for the durable entry,
    # so that `nicht_gefragt` stands only where there is no claim.
    held = _held_against_inventory(claims, inventory, today) if claims else None
    if held is not None and storage_result != RESULT_NOT_PROVEN:
        held = (held[0], (), ())
    result, by_reading, by_notes = held if held is not None else (None, (), ())
    check = ComputedCheck("ok", [], claims, storage_result, weekday, confirmation, outcomes, result, by_reading,
                          by_notes)
    uncovered = check.uncovered_claims
    orders: list[str] = []
    if uncovered:
        orders.append(_storage_order(uncovered))
    if weekday:
        orders.append(_weekday_order(weekday, confirmation))
    if confirmation is not None:
        orders.append(_confirmation_order(confirmation))
    return ComputedCheck(
        verdict="warnung" if orders else "ok",
        orders=orders,
        claims=claims,
        storage_result=storage_result,
        weekday_findings=weekday,
        confirmation=confirmation,
        services=outcomes,
        inventory=result,
        covered_by_reading=by_reading,
        covered_by_notes=by_notes,
    )


def _held_against_inventory(claims: Sequence[StorageClaim], source: InventorySource | None,
                            today: date) -> tuple[InventoryResult, tuple[int, ...], tuple[int, ...]] | None:
    """Reads and notes first, then the timeline for the rest (the specification's check)."""
    if source is None or not claims:
        return None
    by_reading = tuple(i for i, c in enumerate(claims) if reading_covers(c, source.read_rows, today, source.zone))
    by_notes: tuple[int, ...] = ()
    rest = [i for i in range(len(claims)) if i not in by_reading]
    if rest:
        try:
            notes = list(source.notes())
        except Exception as err:  # noqa: BLE001 - a read error is loud and never a finding
            _log.error("inventory check: the notes could not be read: %s", err)
            notes = []
        by_notes = tuple(i for i in rest if note_covers(claims[i], notes))
    rest = [i for i in rest if i not in by_notes]
    asked = [claims[i] for i in rest] or list(claims)
    try:
        result = check_inventory(asked, source.moments, source.lookup, today, source.zone)
    except ValueError as err:
        result = InventoryResult(INVENTORY_FAILED, (), (str(err),))
    return result, by_reading, by_notes


def _said_by_a_service(claim: StorageClaim, services: Sequence[dict]) -> bool:
    """A sentence a completed service of this turn wrote itself is its report, not the composer's claim.

    Services speak from code after reading or writing the rows they name (a read lists what it read,
    a write is verified before it is reported), so repeating their words proves itself. This keeps the
    specification's rule — a read does not cover a *claimed write* — and stops a true listing
    (*„Auf 'Einkaufsliste' steht: …“*) from being "corrected" into a false one.
    """
    sentence = " ".join(claim.sentence.split())
    return bool(sentence) and any(
        service.get("status") == COMPLETED and sentence in " ".join(str(service.get("answer") or "").split())
        for service in services
    )


def _storage_result(claims: Sequence[StorageClaim], outcomes: Sequence[ServiceOutcome]) -> str:
    if not claims:
        return RESULT_NO_CLAIM
    return RESULT_COVERED if any(o.covers for o in outcomes) else RESULT_NOT_PROVEN


def _storage_order(claims: Sequence[StorageClaim]) -> str:
    sentences = list(dict.fromkeys(claim.sentence for claim in claims))
    return STORAGE_ORDER.format(lines="\n".join(STORAGE_ORDER_LINE.format(sentence=s) for s in sentences))


def _weekday_order(findings: Sequence[WeekdayMismatch], confirmation: ConfirmationMismatch | None) -> str:
    unreported = {d.date for d in confirmation.stated} if confirmation is not None else set()
    lines = [
        (WEEKDAY_ORDER_LINE_UNREPORTED if f.date in unreported else WEEKDAY_ORDER_LINE).format(
            phrase=f.phrase,
            date=f.date.strftime("%d.%m.%Y"),
            correct=f.correct_weekday,
            stated=f.stated_weekday,
            corrected=f.corrected_phrase,
        )
        for f in findings
    ]
    return "\n".join([HEAD_TIME, *lines])


def _confirmation_order(found: ConfirmationMismatch) -> str:
    stated = _listing([f"den {format_date(d)}" for d in found.stated])
    reported = _listing(
        [
            f"{VOCABULARY.weekday_names[d.date.weekday()]}, {format_date(d)}"
            for d in sorted(found.reported, key=lambda d: d.date)
        ]
    )
    return CONFIRMATION_ORDER.format(stated=stated, reported=reported)


def _listing(items: Sequence[str]) -> str:
    unique = list(dict.fromkeys(items))
    return unique[0] if len(unique) == 1 else ", ".join(unique[:-1]) + f" und {unique[-1]}"
