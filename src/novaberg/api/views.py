"""The read-only JSON views of the web app: what Nova keeps for the signed-in person.

Each route reads through the owning repository (TimelineRepository, NotesRepository, TurnHistory,
FilesService, the pending-question store), bound to the principal's person — never SQL of its own.
A person's principal only ever sees its own `user_id`; the operator may name any person (`user_id=`).
Responses carry no internal row ids (only `turn_id`, which the person's own answers already carry),
and the moved/deleted history of an appointment is given as times, not as `nachfolger_id` numbers.
"""

import calendar
from collections.abc import Callable
from datetime import date, datetime, timedelta
from typing import Annotated, Any, Literal
from uuid import UUID

from fastapi import APIRouter, Depends, HTTPException, Query
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from novaberg.agents.pending import load_pending
from novaberg.api import texts
from novaberg.api.acting import acting_person
from novaberg.api.auth import Principal
from novaberg.core.clock import as_utc
from novaberg.core.edge import check_id
from novaberg.core.errors import InputError
from novaberg.core.settings import DATE_YEAR_MAX, DATE_YEAR_MIN, TEXT_MAX_CHARS
from novaberg.core.turn_history import HISTORY_MAX, TurnHistory
from novaberg.timeline.recurrence import expand_days

__all__ = ["build_views", "appointments_window", "appointment_views", "note_views", "features_of"]

DEFAULT_CHARACTER = "nova"
_LIST_TYPES = ("einkauf", "todo", "merkliste")  # notizen.md §8: one item per line (notes/agent/const.LIST_TYPES)


# --- response models ----------------------------------------------------------------------------------

class Features(BaseModel):
    memory: bool = Field(description="short- and long-term memory can be shown (Nova.memory exists)")
    roots: bool = Field(description="shared directories can be shown (Nova.files.roots exists)")


class Me(BaseModel):
    user_id: str
    operator: bool = Field(description="signed in with the API token (may view any person)")
    characters: list[str] = Field(description="figures this person talked to, most recent first")
    character_id: str = Field(description="the figure the page starts with")
    features: Features
    text_max: int = Field(description="longest turn text in characters")


class ChatTurn(BaseModel):
    turn_id: str
    text: str
    answer: str
    verdict: str | None
    corrections: int = Field(description="correction rounds of the tribunal (0: the first answer went out)")
    at: str = Field(description="local time, ISO 8601")


class History(BaseModel):
    user_id: str
    character_id: str
    turns: list[ChatTurn]
    pending_question: bool = Field(description="Nova waits for an answer to a question of the last turn")


class ReviewRound(BaseModel):
    round: int
    verdict: str
    computed: str | None = Field(description="the computed checks' own verdict")
    reasons: list[str] = Field(description="the judges' non-ok reasonings, `[judge] text`")
    directive_findings: list[str]
    computed_findings: list[str] = Field(description="the computed checks' findings, in German")


class Review(BaseModel):
    turn_id: str
    verdict: str | None
    corrections: int
    rounds: list[ReviewRound]
    held_back: list[str] = Field(description="reasons logged when the answer was replaced by the fixed text")


class HistoryStep(BaseModel):
    start: str
    changed: str | None = Field(description="when this version was replaced (local ISO)")


class Appointment(BaseModel):
    title: str
    event_type: str
    start: str = Field(description="local time, ISO 8601")
    end: str | None
    precision: str | None
    details: str | None
    status: Literal["aktiv", "verschoben", "geloescht"]
    moved_to: str | None = Field(description="for a moved row: the start of its successor")
    changed: str | None = Field(description="when a moved or deleted row stopped being active")
    earlier: list[HistoryStep] = Field(description="earlier versions of an active row, oldest first")


class Appointments(BaseModel):
    user_id: str
    character_id: str
    view: Literal["woche", "monat"]
    first_day: date
    last_day: date
    today: date
    appointments: list[Appointment]


class Note(BaseModel):
    name: str | None
    typ: str
    text: str
    summary: str | None
    topics: list[str]
    status: str | None
    due: str | None
    updated: str | None
    is_list: bool
    items: list[str]


class Notes(BaseModel):
    user_id: str
    notes: list[Note]


class Root(BaseModel):
    path: str
    label: str | None
    ownership: str | None
    active: bool
    changed: str | None
    files_indexed: int = Field(description="files of the root in the index (active rows)")
    files_not_evaluated: int = Field(description="files seen but not evaluated (a reason is recorded)")
    last_indexed: str | None = Field(description="when the watcher last indexed a file of the root (local ISO)")


class Roots(BaseModel):
    user_id: str
    character_id: str
    roots: list[Root]


# --- pure builders (tested without HTTP) ------------------------------------------------------------

def _local(moment: Any, zone: Any) -> str | None:
    if not isinstance(moment, datetime):
        return None if moment is None else str(moment)
    return as_utc(moment).astimezone(zone).isoformat(timespec="minutes")


def appointments_window(view: str, day: date) -> tuple[date, date]:
    """The Monday–Sunday week or the calendar month around `day`, both ends inclusive."""
    if view == "woche":
        first = day - timedelta(days=day.weekday())
        return first, first + timedelta(days=6)
    first = day.replace(day=1)
    return first, first.replace(day=calendar.monthrange(day.year, day.month)[1])


def appointment_views(rows: list[dict[str, Any]], first: date, last: date, zone: Any) -> list[Appointment]:
    """The pair's rows (active and inactive, as `TimelineRepository.list(active_only=False)` gives them)
    that fall into the window, each with its history through `nachfolger_id`: an active row lists the
    versions it replaced, a moved row names its successor's time, an inactive row without one was deleted."""
    by_id = {row["id"]: row for row in rows}
    predecessor: dict[Any, dict[str, Any]] = {}
    for row in rows:
        if row.get("nachfolger_id") is not None:
            predecessor[row["nachfolger_id"]] = row
    found = []
    for row in rows:
        local = as_utc(row["event_time"]).astimezone(zone)
        in_window = first <= local.date() <= last
        if row.get("precision") == "month":
            in_window = local.date().replace(day=1) <= last and (local.year, local.month) >= (first.year, first.month)
        if not in_window:
            continue
        successor = by_id.get(row.get("nachfolger_id"))
        status = "aktiv" if row.get("aktiv") else ("verschoben" if successor is not None else "geloescht")
        earlier: list[HistoryStep] = []
        seen = {row["id"]}
        back = predecessor.get(row["id"])
        while back is not None and back["id"] not in seen:  # a cycle ends the walk, never loops
            seen.add(back["id"])
            earlier.append(HistoryStep(start=_local(back["event_time"], zone) or "",
                                       changed=_local(back.get("last_touched"), zone)))
            back = predecessor.get(back["id"])
        found.append(Appointment(
            title=row.get("title") or "", event_type=row.get("event_type") or "",
            start=_local(row["event_time"], zone) or "", end=_local(row.get("event_ende"), zone),
            precision=row.get("precision"), details=row.get("details"), status=status,
            moved_to=_local(successor["event_time"], zone) if successor is not None else None,
            changed=None if status == "aktiv" else _local(row.get("last_touched"), zone),
            earlier=list(reversed(earlier))))
    found.sort(key=lambda a: (a.start, a.status != "aktiv"))
    return found


def note_views(rows: list[dict[str, Any]], zone: Any) -> list[Note]:
    notes = []
    for row in rows:
        text = row.get("text") or ""
        is_list = row.get("typ") in _LIST_TYPES
        items = [line.strip().lstrip("-•*").strip() for line in text.splitlines() if line.strip()] if is_list else []
        due = row.get("faellig_am")
        notes.append(Note(name=row.get("name"), typ=row.get("typ") or "", text=text,
                          summary=row.get("zusammenfassung"), topics=list(row.get("themen") or []),
                          status=row.get("status"), is_list=is_list, items=items,
                          due=_local(due, zone) if isinstance(due, datetime) else (str(due) if due else None),
                          updated=_local(row.get("updated_at"), zone)))
    return notes


def features_of(nova: Any) -> Features:
    """Show memory and shared roots only where their facades exist."""
    return Features(memory=_has(nova, "memory", "short_term", "long_term"),
                    roots=_has(nova, "files", "roots", "index_status"))


def _has(nova: Any, facade: str, *methods: str) -> bool:
    """Whether `nova.<facade>` exists and has these methods (memory, roots)."""
    try:
        found = getattr(nova, facade, None)
    except Exception:  # noqa: BLE001 - a facade that cannot be built is simply not shown
        return False
    return found is not None and all(callable(getattr(found, name, None)) for name in methods)


# --- the routes -------------------------------------------------------------------------------------

def build_views(nova: Any, clock: Any, principal: Callable[..., Principal]) -> APIRouter:
    """The `/api/...` view routes; `principal` is the app's dependency that resolves (or refuses) the caller."""
    router = APIRouter(prefix="/api", tags=["views"])
    Who = Annotated[Principal, Depends(principal)]  # noqa: N806 - a type alias (not under `from __future__`)
    history = TurnHistory(nova.stack.db)
    zone = nova.settings.zone

    person = acting_person

    async def run(call: Callable[[], Any]) -> Any:
        try:
            return await run_in_threadpool(call)
        except InputError as err:  # a server that does not answer: 503 by the app's outage answer (api/outage.py)
            raise HTTPException(422, str(err)) from err

    @router.get("/me", response_model=Me, summary="Who is signed in, their figures, what the app can show")
    async def me(who: Who) -> Me:
        characters = await run(lambda: history.characters(who.user_id))
        return Me(user_id=who.user_id, operator=who.operator, characters=characters,
                  character_id=characters[0] if characters else DEFAULT_CHARACTER,
                  features=features_of(nova), text_max=TEXT_MAX_CHARS)

    @router.get("/history", response_model=History, summary="The chat with one figure (from `turns`)")
    async def chat_history(who: Who, character_id: str = DEFAULT_CHARACTER,
                           limit: Annotated[int, Query(ge=1, le=HISTORY_MAX)] = 50,
                           user_id: str | None = None) -> History:
        user = person(who, user_id)
        character = _checked(character_id, "character_id")

        def read() -> History:
            turns = history.recent(user, character, limit)
            waiting = load_pending(nova.stack.redis, user, character, clock.now()) is not None
            return History(user_id=user, character_id=character, pending_question=waiting, turns=[
                ChatTurn(turn_id=str(t.turn_id), text=t.text, answer=t.answer, verdict=t.verdict,
                         corrections=t.corrections, at=_local(t.created_at, zone) or "") for t in turns])

        return await run(read)

    @router.get("/turns/{turn_id}/review", response_model=Review,
                summary="Why an answer was corrected or held back: the tribunal's rounds")
    async def review(who: Who, turn_id: UUID, character_id: str = DEFAULT_CHARACTER,
                     user_id: str | None = None) -> Review:
        user = person(who, user_id)
        character = _checked(character_id, "character_id")
        found = await run(lambda: history.review(user, character, turn_id))
        if found is None:
            raise HTTPException(404, texts.ERR_NO_SUCH_TURN)
        return Review(turn_id=str(found.turn_id), verdict=found.verdict, corrections=found.corrections,
                      held_back=found.held_back,
                      rounds=[ReviewRound(round=r.round, verdict=r.verdict, computed=r.computed, reasons=r.reasons,
                                          directive_findings=[_directive(art, hits) for art, hits in
                                                              r.directive_findings],
                                          computed_findings=_computed_findings(r)) for r in found.rounds])

    @router.get("/appointments", response_model=Appointments,
                summary="Appointments of a week or month, with moved and deleted versions")
    async def appointments(who: Who, character_id: str = DEFAULT_CHARACTER,
                           view: Literal["woche", "monat"] = "woche",
                           day: Annotated[date | None, Query(alias="date", description="a day in the window")] = None,
                           user_id: str | None = None) -> Appointments:
        user = person(who, user_id)
        character = _checked(character_id, "character_id")
        today = clock.now().astimezone(zone).date()
        if day is not None and not DATE_YEAR_MIN <= day.year <= DATE_YEAR_MAX:  # no year 1 or 9999
            raise HTTPException(422, f"date muss in den Jahren {DATE_YEAR_MIN}–{DATE_YEAR_MAX} liegen")
        first, last = appointments_window(view, day or today)
        rows = expand_days(await run(lambda: nova.timeline.list(user, character, active_only=False)), first, last,
                           zone)  # a series as its occurrences in the week or month
        return Appointments(user_id=user, character_id=character, view=view, first_day=first, last_day=last,
                            today=today, appointments=appointment_views(rows, first, last, zone))

    @router.get("/notes", response_model=Notes, summary="The person's notes and lists")
    async def notes(who: Who, user_id: str | None = None) -> Notes:
        user = person(who, user_id)
        rows = await run(lambda: nova.notes.list(user))
        return Notes(user_id=user, notes=note_views(rows, zone))

    @router.get("/roots", response_model=Roots, summary="Directories shared with a figure")
    async def roots(who: Who, character_id: str = DEFAULT_CHARACTER, user_id: str | None = None) -> Roots:
        user = person(who, user_id)
        character = _checked(character_id, "character_id")
        if not features_of(nova).roots:
            raise HTTPException(404, "nicht verfügbar")

        def read() -> list[Root]:
            found = []
            for root in nova.files.roots(user, character):
                status = nova.files.index_status(root["id"], user, character)
                last = status["zuletzt"]
                found.append(Root(path=str(root.get("pfad") or ""), label=root.get("bezeichnung"),
                                  ownership=root.get("eigentum"), active=bool(root.get("aktiv")),
                                  changed=_local(root.get("geaendert_am"), zone), files_indexed=status["aktiv"],
                                  files_not_evaluated=status["nicht_ausgewertet"],
                                  last_indexed=_local(last, zone) if isinstance(last, datetime) else None))
            return found

        return Roots(user_id=user, character_id=character, roots=await run(read))

    return router


def _computed_findings(found: Any) -> list[str]:
    lines = [texts.REVIEW_UNPROVEN_CLAIM.format(word=word) for word in found.unproven_claims]
    lines += [texts.REVIEW_WRONG_WEEKDAY.format(day=_german_day(day), said=said, correct=correct)
              for day, said, correct in found.weekday_findings]
    return lines


def _directive(kind: str, hits: tuple[str, ...]) -> str:
    rule = texts.DIRECTIVE_KINDS.get(kind, kind)
    return f"{rule} ({', '.join(hits)})" if hits else rule


def _german_day(iso: str) -> str:
    try:
        day = date.fromisoformat(iso)
    except ValueError:
        return iso
    return f"{day.day}.{day.month}.{day.year}"


def _checked(value: str, name: str) -> str:
    try:
        return check_id(value, name)
    except InputError as err:
        raise HTTPException(422, str(err)) from err
