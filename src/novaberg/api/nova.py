"""The Python facade: `Nova.open(...)`, `nova.turn(...)`, `nova.close()` (CONTRIBUTING.md "Public names stay stable")."""

from __future__ import annotations

import importlib
import logging
import threading
import time
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from novaberg.agents.deps import Deps
from novaberg.api import texts
from novaberg.api.person_tokens import PersonTokens, adopt_token_file
from novaberg.api.server_down import is_outage
from novaberg.api.turn_recovery import CUT_SHORT_VERDICT, cut_short_answer, stood_services
from novaberg.core.clock import SystemClock, as_utc
from novaberg.core.edge import EmptyTextError, check_turn
from novaberg.core.errors import InputError
from novaberg.core.logs import PipelineLog
from novaberg.core.settings import (
    DATE_YEAR_MAX,
    DATE_YEAR_MIN,
    NOTES_CONTEXT_TURN_PAIRS,
    Settings,
    load_settings,
)
from novaberg.embed.registry import make_embedder
from novaberg.files.knowledge.pairs import archive_shared_zone
from novaberg.graph.holdings import RepositoryHoldings
from novaberg.llm.ask import Asker
from novaberg.llm.prompts import PromptLoader
from novaberg.llm.registry import check_llm_spec, make_llm
from novaberg.store.person_gate import PersonGate
from novaberg.store.stack import Stack
from novaberg.text.assistant_address import without_address
from novaberg.text.grammar import one_analysis_per_text

__all__ = ["Nova", "TurnResult", "EmptyTurnError"]

logger = logging.getLogger("novaberg.turn")

# A turn text that is empty or only whitespace: no graph run. The facade's public name for the edge's
# EmptyTextError (an InputError, so still a ValueError).
EmptyTurnError = EmptyTextError


@dataclass(frozen=True)
class TurnResult:
    answer: str
    services: list[dict[str, Any]]
    verdict: str
    turn_id: uuid.UUID
    timings: dict[str, float] = field(default_factory=dict)
    reasons: list[str] = field(default_factory=list)  # the tribunal's non-ok reasonings and computed orders

    def as_dict(self) -> dict[str, Any]:
        return {"answer": self.answer, "services": self.services, "verdict": self.verdict,
                "reasons": self.reasons, "turn_id": str(self.turn_id)}


# The turn graph and the one explicit list of services and block readers (`api.catalog`; LangGraph and its
# dependencies are most of the start-up time, so they are imported on a side thread while the stack starts).
_TURN_MODULES: tuple[str, ...] = ("novaberg.graph.turn", "novaberg.api.catalog")


def _load_services() -> None:
    for module in _TURN_MODULES:
        importlib.import_module(module)


class _Preload:
    """Imports the turn's modules on a side thread while the storage stack starts (a cold start waits on
    the servers' processes, the imports on the CPU); `join()` re-raises what the import raised."""

    def __init__(self) -> None:
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="novaberg-preload", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            _load_services()
        except BaseException as err:  # noqa: BLE001 - handed to the caller in join()
            self._error = err

    def join(self) -> None:
        self._thread.join()
        if self._error is not None:
            raise self._error


class Nova:
    """One running Nova: storage stack, model, embedder. Use `Nova.open` and close it (or `with`)."""

    def __init__(self, stack: Stack, llm: Any, embedder: Any, settings: Settings) -> None:
        self.stack = stack
        self.llm = llm
        self.embedder = embedder
        self.settings = settings
        self.log = PipelineLog(stack.db)
        prompts = PromptLoader(settings.prompt_dir, getattr(llm, "model", None), llm.connector)
        # what an older version left in the data directory moves once: the shared knowledge/ zone into an
        # operator-only archive (logged; the CLI says it), the person tokens' file into their table
        started = SystemClock().now()
        self.knowledge_archive: Path | None = archive_shared_zone(settings.data_dir, started)
        self.person_tokens = PersonTokens(stack.db)
        adopt_token_file(self.person_tokens, settings.data_dir, started)
        _load_services()
        registry = importlib.import_module("novaberg.api.catalog").build_registry()
        self.deps = Deps(db=stack.db, redis=stack.redis, asker=Asker(llm, prompts), embedder=embedder,
                         log=self.log, zone=settings.zone, data_dir=settings.data_dir, registry=registry,
                         holdings=RepositoryHoldings(stack.db))

    @classmethod
    def open(cls, data_dir: str | Path | None = None, llm: str | Any | None = None,
             embedder: str | Any | None = None, settings: Settings | None = None, role: str = "novaberg") -> Nova:
        """Start (or connect to) the storage stack and build the model and embedder connectors. `role`: what
        this process runs, for the data directory's lock (`Stack.open`: who attaches, who waits, who is refused)."""
        preload = _Preload()
        settings = settings or load_settings(data_dir=data_dir, llm=llm if isinstance(llm, str) else None,
                                             embedder=embedder if isinstance(embedder, str) else None)
        llm_spec = llm if llm is not None and not isinstance(llm, str) else settings.llm
        check_llm_spec(llm_spec)  # a bad name starts nothing; the connector needs the catalog (imported below)
        embed = make_embedder(embedder if embedder is not None and not isinstance(embedder, str)
                              else settings.embedder, settings.embed_url)
        stack = Stack.open(settings, role=role)
        try:
            preload.join()
            catalog = importlib.import_module("novaberg.api.catalog")
            llm_connector = make_llm(llm_spec, settings.llm_url, settings.llm_timeout, settings.llm_api_key,
                                     rules=catalog.offline_rules(), temperatures=catalog.temperatures(),
                                     slots=settings.llm_slots)
            return cls(stack, llm_connector, embed, settings)
        except BaseException:
            stack.close()
            raise

    @property
    def timeline(self) -> Any:
        """The pair's appointments: `nova.timeline.list(user_id, character_id, active_only=True)`."""
        from novaberg.timeline.repository import TimelineRepository

        return TimelineRepository(self.stack.db)

    @property
    def notes(self) -> Any:
        """The person's notes: `nova.notes.list(user_id)`."""
        from novaberg.notes.repository import NotesRepository

        return NotesRepository(self.stack.db)

    @property
    def directives(self) -> Any:
        """The person's standing rules for a figure: `nova.directives.list/add/remove(user_id, character_id, …)`."""
        from novaberg.directives.repository import DirectivesRepository

        return DirectivesRepository(self.stack.db)

    @property
    def calendar(self) -> Any:
        """A person's calendar as iCalendar: `nova.calendar.export/import_file/create_token/revoke_token(...)`."""
        from novaberg.timeline.ics.service import CalendarService

        return CalendarService(self.stack.db, self.settings.zone)

    def persons(self) -> list[str]:
        """Every person with anything stored in the database (the operator's overview)."""
        from novaberg.store.erasure import PersonRows

        return PersonRows(self.stack.db).persons()

    @property
    def files(self) -> Any:
        """The shared directories (dateien.md): `nova.files.grant/roots/index(...)` and the per-person allow-list
        `nova.files.allow(user_id, *paths)` / `nova.files.allowed(user_id)` (stored in the database)."""
        if getattr(self, "_files", None) is None:
            from novaberg.files.metadata import ModelDescriber
            from novaberg.files.service import FilesService

            self._files = FilesService(self.stack.db, self.embedder, self.log,
                                       describer=ModelDescriber(self.deps.asker), data_dir=self.settings.data_dir)
        return self._files

    @property
    def memory(self) -> Any:
        """The pair's memory: `nova.memory.short_term(u, c)`, `nova.memory.long_term(u, c, active_only)`."""
        if getattr(self, "_memory", None) is None:
            from novaberg.memory.service import MemoryService

            self._memory = MemoryService(self.stack.db, self.stack.redis, self.embedder)
        return self._memory

    @property
    def pixie(self) -> Any:
        """The heartbeat: `nova.pixie.tick(now)` runs every due background job once with this clock."""
        if getattr(self, "_pixie", None) is None:
            from novaberg.pixie.service import PixieService

            self._pixie = PixieService(self)
        return self._pixie

    def erasure_plan(self, user_id: str) -> Any:
        """What `erase_person` would remove (an `api.erasure.ErasureReport`); changes nothing."""
        from novaberg.api.erasure import PersonErasure

        return PersonErasure(self.stack.db, self.stack.redis, self.settings.data_dir).plan(user_id)

    def erase_person(self, user_id: str) -> Any:
        """Remove every row, Redis key, knowledge file, token and session of `user_id`; the report
        says what went — all zero (`report.known` false) when nothing of the person was stored."""
        from novaberg.api.erasure import PersonErasure

        return PersonErasure(self.stack.db, self.stack.redis, self.settings.data_dir).erase(user_id)

    def __enter__(self) -> Nova:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """The background heartbeat first (it releases its Redis lock while Redis runs), then the stack."""
        pixie = getattr(self, "_pixie", None)
        if pixie is not None:
            pixie.stop_background()
        self.stack.close()

    def turn(self, user_id: str, character_id: str, text: str, now: datetime) -> TurnResult:
        """One turn. Bad input is refused before anything is stored or run."""
        check_turn(user_id, character_id, text)  # InputError (EmptyTurnError when empty) before anything runs
        if not isinstance(now, datetime) or now.tzinfo is None:
            raise ValueError("now must be a timezone-aware datetime (the clock comes from the caller)")
        if not DATE_YEAR_MIN <= now.year <= DATE_YEAR_MAX:  # no dates outside these years
            raise InputError(f"now must lie in the years {DATE_YEAR_MIN}–{DATE_YEAR_MAX}, not {now.year}")
        with PersonGate(self.stack.redis).turn(user_id):  # an erasure of the person waits for it
            return self._turn(user_id, character_id, text, now)

    def _turn(self, user_id: str, character_id: str, text: str, now: datetime) -> TurnResult:
        started = time.perf_counter()
        turn_id = uuid.uuid4()
        # the pair's last turns and the raw turn in one transaction
        history = self.log.start_turn(turn_id, user_id, character_id, text, now, NOTES_CONTEXT_TURN_PAIRS)
        try:
            from novaberg.graph.turn import turn_graph

            with one_analysis_per_text():  # the turn's texts are read by the grammar once
                state = turn_graph().invoke(
                    {"turn_id": turn_id, "user_id": user_id, "character_id": character_id,
                     "text": without_address(text, (character_id,)),  # *Nova, …*: the order without the address
                     "now": as_utc(now).astimezone(self.settings.zone), "history": history},
                    context=self.deps,
                )
        except Exception as err:
            stood = stood_services(self.log, turn_id)  # what this turn's id committed, before anything is said
            if not stood:
                self.log.finish_turn(turn_id, None, None)  # the trace up to the failure is kept
                raise
            # a write of this turn reached the server: say what stands, never that the turn failed
            logger.warning("turn %s failed after %d committed write(s): answering with what stands (%s)",
                           turn_id, len(stood), type(err).__name__)
            answer = cut_short_answer(stood, err)
            self._finish(turn_id, answer, CUT_SHORT_VERDICT)
            return TurnResult(answer, stood, CUT_SHORT_VERDICT, turn_id,
                              {"turn_seconds": time.perf_counter() - started}, [texts.CUT_SHORT_REASON])
        except BaseException:
            self.log.finish_turn(turn_id, None, None)
            raise
        self._finish(turn_id, state["answer"], state["verdict"])
        return TurnResult(state["answer"], state.get("services", []), state["verdict"], turn_id,
                          {"turn_seconds": time.perf_counter() - started}, list(state.get("reasons") or []))

    def _finish(self, turn_id: uuid.UUID, answer: str, verdict: str) -> None:
        """The answer onto the turn's row. A server that does not answer now costs the row its answer (logged),
        not the person theirs: what the turn did is done and said."""
        try:
            self.log.finish_turn(turn_id, answer, verdict)
        except Exception as err:
            if not is_outage(err):
                raise
            logger.warning("turn %s: its answer could not be stored (%s); the person got it", turn_id,
                           type(err).__name__)
