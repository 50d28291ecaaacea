"""The execute node (notizen.md §5, §6): create, read, and the five writing paths.

Every write goes through `NotesRepository.write` (bound to the person, returns the row count); a write
that does not hit exactly one row ends loudly with `keine_zeile`; every write is read back and compared
before it may count (`verifiziert`). Each write runs in one transaction under the person's
write lock with the check that allows it and its read-back (`writes.py`); a failure rolls it back.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

import psycopg
from langgraph.runtime import Runtime

from novaberg.agents.deps import Deps
from novaberg.core.errors import DatabaseError, DatabaseUnavailableError, ModelAnswerError
from novaberg.core.settings import NOTES_CONTEXT_TURN_PAIRS, NOTES_NAME_WORDS
from novaberg.llm.reader import read_list_of_text, read_text
from novaberg.notes.agent.const import (
    DEFAULT_TYPE,
    LIST_TYPES,
    PENDING_DUPLICATE,
    PENDING_MISSING,
    REWRITE_ATTEMPTS,
    SERVICE_NAME,
    TASK_CREATE,
    TASK_REWRITE,
)
from novaberg.notes.agent.offline import items_of_text, split_items, type_for
from novaberg.notes.agent.outcome import failure, history_text, model_failure, question, recent_history, trace
from novaberg.notes.agent.search import request_memory
from novaberg.notes.agent.state import NotesState
from novaberg.notes.agent.texts import TEXTS, say
from novaberg.notes.agent.writes import (
    CONFLICT,
    FAILED,
    NO_ROW,
    UNCHANGED,
    Change,
    Conflict,
    LockedWrite,
    rebase_items,
    write_locked,
)
from novaberg.notes.repository import NOTE_TYPES, NotesRepository, summary_of
from novaberg.text.commands import unsafe_item_text
from novaberg.text.words import fold_umlauts, normalize, words
from novaberg.timeparse import parse as parse_time

__all__ = [
    "Context",
    "execute",
    "create_note",
    "read_note",
    "overview",
    "rewrite_note",
    "append_note",
    "clear_note",
    "rename_note",
    "delete_note",
    "name_grounds",
    "derive_name",
    "NO_ROW",
]

_log = logging.getLogger("novaberg.notes")

_QUOTED = re.compile(r"['\"„‚»“‘]([^'\"“”‘’«]+)['\"“”‘’«]")


class _RolledBack(Exception):  # noqa: N818
    """The read-back of a new note disagrees: raised inside the locked section to roll the insert back."""


@dataclass(frozen=True)
class Context:
    """Who writes, when, and through what (the clock comes from the turn)."""

    deps: Any
    user_id: str
    now: datetime
    turn_id: UUID | None = None

    @property
    def repo(self) -> NotesRepository:
        return NotesRepository(self.deps.db)

    def trace(self, node: str, kind: str, payload: dict[str, Any]) -> None:
        self.deps.log.write(self.turn_id, node, kind, payload, self.now, SERVICE_NAME)


# --- names (§5 Create 1)


def _folded_words(text: str) -> list[str]:
    return [fold_umlauts(w) for w in words(text)]


def name_grounds(name: str, instruction: str, request: str, content: str, offered: bool = False) -> bool:
    """A name counts only on evidence: the person named it (in apostrophes in the instruction or the
    request, or as the offered thing of a consent), it starts the content, or it shares a word of at
    least four letters with the content (umlauts folded)."""
    if not name.strip():
        return False
    if offered:
        return True
    wanted = fold_umlauts(normalize(name.strip()))
    for source in (instruction, request):
        if any(fold_umlauts(normalize(q.strip())) == wanted for q in _QUOTED.findall(source or "")):
            return True
    name_words = _folded_words(name)
    content_words = _folded_words(content)
    if name_words and content_words[: len(name_words)] == name_words:
        return True
    long_words = {w for w in name_words if len(w) >= 4}
    return bool(long_words & set(content_words))


def derive_name(content: str, limit: int = NOTES_NAME_WORDS) -> str:
    """The first (at most five) words of the content, without list punctuation."""
    tokens = [t.strip(",;:.!?\"'„“()") for t in content.split()]
    return " ".join([t for t in tokens if t][:limit])[:255].strip()


# --- the write helper (§6)


def _no_row(ctx: Context, note_id: int, rows: int, kind: str) -> dict[str, Any]:
    """§6 "Laut statt Erfolg": not exactly one row hit, so no success sentence, a loud `fehler`."""
    _log.error("Notiz ID %s : %s Zeilen getroffen statt einer (%s, user %s)", note_id, rows, kind, ctx.user_id)
    ctx.trace("execute", NO_ROW, {"notiz_id": note_id, "zeilen": rows, "art": kind})
    return {"status": "fehler", "answer": say(NO_ROW, note_id=note_id, rows=rows), "wrote": False,
            "steps": [{"schritt": NO_ROW, "notiz_id": note_id, "zeilen": rows, "art": kind}]}


def _write(ctx: Context, note: dict[str, Any], plan: Callable[[dict[str, Any]], Change | None],
           answer: Callable[[LockedWrite], str]) -> dict[str, Any] | LockedWrite:
    """One locked write (`writes.write_locked`) as the node's result; a CONFLICT comes back as the
    `LockedWrite` itself for the caller to make the change again."""
    done = write_locked(ctx.repo, ctx.user_id, note["id"], plan)
    if done.outcome == CONFLICT:
        return done
    if done.outcome == NO_ROW:
        return _no_row(ctx, note["id"], done.rows, done.kind or "inhalt")
    if done.outcome == FAILED:
        ctx.trace("execute", FAILED, {"notiz_id": note["id"], "fehler": done.error})
        return failure(FAILED, say("schreibfehler", name=note.get("name", note["id"])), notiz_id=note["id"])
    name = (done.before or {}).get("name") or note.get("name", note["id"])
    if done.outcome == UNCHANGED:
        return {"status": "abgeschlossen", "answer": say("unveraendert", name=name),
                "steps": [{"schritt": "unveraendert", "notiz_id": note["id"]}]}
    steps = [{"schritt": "schreiben", "art": done.kind, "notiz_id": note["id"], "zeilen": done.rows},
             {"schritt": "verifikation", "verifiziert": not done.mismatch,
              **({"abweichung": list(done.mismatch), "zurueckgerollt": True} if done.mismatch else {})}]
    if done.mismatch:
        _log.error("notes: write %s on %s not verified (%s), rolled back", done.kind, note["id"], done.mismatch)
        return {"answer": say("nicht_verifiziert", name=name), "wrote": True, "verified": False, "steps": steps}
    assert done.after is not None
    return {"answer": answer(done), "wrote": True, "verified": True, "steps": steps,
            "data": {"notiz_id": note["id"], "name": done.after["name"], "aktiv": done.after["aktiv"]}}


def _content(text: str, now: datetime) -> Change:
    summary = summary_of(text)
    return Change("inhalt", (text, summary, now, now), {"text": text, "zusammenfassung": summary})


def _items_text(items: list[str]) -> str:
    return ", ".join(items)


# --- create (§5 Create)


def create_note(ctx: Context, request: str, instruction: str, target: str, history: list[tuple[str, str]],
                offered: bool = False, skip_duplicate: bool = False, empty: bool = False,
                content_override: str | None = None, memory: dict[str, Any] | None = None) -> dict[str, Any]:
    steps: list[dict[str, Any]] = []
    if content_override is not None:
        typ = type_for(target) if target else DEFAULT_TYPE
        text, themen = content_override.strip(), []
        if typ in LIST_TYPES:
            text = "\n".join(split_items(text))
    else:
        data = {"aufgabe": request, "normalisiert": instruction, "target": target,
                "kontext": history_text(history), "verlauf": [list(p) for p in history]}
        try:
            fields = ctx.deps.asker.ask(TASK_CREATE, data).fields
            typ = read_text(fields, "typ", DEFAULT_TYPE).strip() or DEFAULT_TYPE
            text = read_text(fields, "text", "").strip()
            themen = [t.strip() for t in read_list_of_text(fields, "themen") if t.strip()]
        except ModelAnswerError as err:
            return model_failure(err.step)
        if typ not in NOTE_TYPES:
            steps.append({"schritt": "typ_unbekannt", "typ": typ, "ersatz": DEFAULT_TYPE})
            typ = DEFAULT_TYPE
    if empty:
        text = ""
    if name_grounds(target, instruction, request, text, offered):
        name = target.strip()
    else:
        name = derive_name(text)
        if name:
            _log.info("notes: name from content %r (target %r had no evidence)", name, target)
            steps.append({"schritt": "name_aus_inhalt", "name": name, "target": target})
    if not name:
        memory = memory or {}
        return question(say("frage_fehlt", what=say("fehlt_inhalt")),
                        {"art": PENDING_MISSING, "feld": "inhalt", **memory, "action": "create"},
                        {"schritt": "create", "fehlt": "inhalt"})
    due = _due_at(request, ctx)
    duplicate = None
    try:  # the duplicate check, the insert and its read-back under the person's lock
        with ctx.repo.person_locked(ctx.user_id) as locked:
            existing = [] if skip_duplicate else locked.by_name(ctx.user_id, name)
            if existing:
                duplicate = existing[0]
            else:
                row = locked.insert(ctx.user_id, name, typ, text, themen, ctx.now, faellig_am=due)
                back = locked.get(row["id"], ctx.user_id)
                ok = back is not None and back["name"] == name and back["text"] == text and back["aktiv"]
                steps += [{"schritt": "anlegen", "notiz_id": row["id"], "name": name, "typ": typ},
                          {"schritt": "verifikation", "verifiziert": ok}]
                if not ok:
                    raise _RolledBack
    except _RolledBack:
        return {"answer": say("nicht_verifiziert", name=name), "wrote": True, "verified": False,
                "steps": [*steps, {"schritt": "zurueckgerollt"}]}
    except DatabaseUnavailableError:
        raise  # the turn's 503: the database does not answer (rolled back all the same)
    except (psycopg.Error, DatabaseError) as err:
        _log.error("notes: create of %r failed and was rolled back: %s", name, err)
        return failure(FAILED, say("schreibfehler", name=name), name=name)
    if duplicate is not None:
        pending = {"art": PENDING_DUPLICATE, "notiz": {"id": duplicate["id"], "name": duplicate["name"]},
                   "name": name, "offered": offered, "empty": empty, "content_override": content_override,
                   **(memory or {}), "action": "create", "target": target}
        return question(say("frage_duplikat", name=duplicate["name"]), pending,
                        {"schritt": "duplikat", "notiz_id": duplicate["id"]})
    if typ in LIST_TYPES:
        items = items_of_text(text)
        answer = say("angelegt_liste", name=name, items=_items_text(items)) if items else say("angelegt_leer",
                                                                                            name=name)
    else:
        answer = say("angelegt", name=name)
    return {"answer": answer, "wrote": True, "verified": True, "steps": steps,
            "data": {"notiz_id": row["id"], "name": name, "aktiv": True}}


def _due_at(request: str, ctx: Context) -> datetime | None:
    """§1: a thing with a time relation carries its time in `faellig_am` (a named day; timeparse)."""
    vector = parse_time(request, ctx.now)
    return vector.moment if vector.tag_erkannt else None


# --- read (§5 Read)


def read_note(ctx: Context, note: dict[str, Any]) -> dict[str, Any]:
    row = ctx.repo.get(note["id"], ctx.user_id)
    if row is None or not row["aktiv"]:
        return _no_row(ctx, note["id"], 0, "lesen")
    step = {"schritt": "lesen", "notiz_id": row["id"]}
    if not row["text"].strip():
        answer = say("leer_lesen", name=row["name"])
    elif row["typ"] in LIST_TYPES:
        answer = say("liste_lesen", name=row["name"], items=_items_text(items_of_text(row["text"])))
    else:
        answer = say("notiz_lesen", name=row["name"], text=row["text"])
    return {"answer": answer, "steps": [step], "data": {"notiz_id": row["id"], "name": row["name"], "aktiv": True}}


def overview(ctx: Context) -> dict[str, Any]:
    """§5 Read without a target: every active note, compact (name, type, summary)."""
    rows = ctx.repo.list(ctx.user_id)
    if not rows:
        return {"answer": say("keine_notizen"), "steps": [{"schritt": "uebersicht", "anzahl": 0}]}
    lines = [say("uebersicht_zeile", name=r["name"], typ=r["typ"], summary=_summary_after(r)) for r in rows]
    return {"answer": say("uebersicht", lines="\n".join(lines)),
            "steps": [{"schritt": "uebersicht", "anzahl": len(rows)}], "data": {"ids": [r["id"] for r in rows]}}


def _summary_after(row: dict[str, Any]) -> str:
    """`: <summary>` — left out when it says no more than the name (a note named by its own first words)."""
    summary = " ".join(str(row.get("zusammenfassung") or "").split())
    name = " ".join(str(row.get("name") or "").split())
    return f": {summary}" if summary and summary != name else ""


# --- the five writing paths (§6): update (also add/remove content), append, clear, rename, delete


def rewrite_note(ctx: Context, note: dict[str, Any], action: str, request: str, instruction: str,
                 history: list[tuple[str, str]]) -> dict[str, Any]:
    """§5 Update / add_content / remove_content: the model rewrites the whole text — outside the lock, on the
    text as read. The write then happens under the lock: on that same text as it is; on a text changed
    meanwhile, a pure list change is moved onto it (`rebase_items`), anything else is asked of the model
    again (at most `REWRITE_ATTEMPTS` times, then a loud `fehler`; nothing written)."""
    for _ in range(REWRITE_ATTEMPTS):
        row = ctx.repo.get(note["id"], ctx.user_id)
        if row is None or not row["aktiv"]:
            return _no_row(ctx, note["id"], 0, "inhalt")
        data = {"aktion": action, "name": row["name"], "aktuell": row["text"], "aenderung": request,
                "normalisiert": instruction, "kontext": history_text(history), "verlauf": [list(p) for p in history]}
        try:
            new_text = read_text(ctx.deps.asker.ask(TASK_REWRITE, data).fields, "text", row["text"]).strip()
        except ModelAnswerError as err:
            return model_failure(err.step)
        if new_text == row["text"].strip():
            return {"status": "abgeschlossen", "answer": say("unveraendert", name=row["name"]),
                    "steps": [{"schritt": "unveraendert", "notiz_id": row["id"]}]}
        lists = row["typ"] in LIST_TYPES
        refused = _list_phrase_in_new_items(row["text"], new_text) if lists and action == "add_content" else ""
        if refused:  # a container phrase read as part of an item is never written
            return {**failure("ungueltig", say("eintrag_mit_liste", item=refused)),
                    "steps": [{"schritt": "eintrag_mit_liste", "notiz_id": row["id"], "eintrag": refused}]}

        def plan(current: dict[str, Any], base: str = row["text"], changed: str = new_text,
                 lists: bool = lists) -> Change | None:
            if current["text"] == base:
                return _content(changed, ctx.now)
            rebased = rebase_items(base, changed, current["text"]) if lists else None
            if rebased is None:
                raise Conflict
            return None if rebased == current["text"] else _content(rebased, ctx.now)

        result = _write(ctx, note, plan, lambda done: _rewrite_answer(action, done))
        if not isinstance(result, LockedWrite):
            return result
        _log.info("notes: %s changed meanwhile; the change is made again", note["id"])
    return failure(CONFLICT, say("gleichzeitig", name=note.get("name", note["id"])), notiz_id=note["id"])


def _list_phrase_in_new_items(old: str, new: str) -> str:
    """The first new item that holds a list word or a preposition pointing at a list, else ''."""
    known = {normalize(line) for line in items_of_text(old)}
    return next((line for line in items_of_text(new) if normalize(line) not in known and unsafe_item_text(line)), "")


def _rewrite_answer(action: str, done: LockedWrite) -> str:
    """What changed, measured between the text as locked and the text written."""
    assert done.before is not None and done.after is not None
    old_items, new_items = items_of_text(done.before["text"]), items_of_text(done.after["text"])
    added = [i for i in new_items if i not in old_items]
    removed = [i for i in old_items if i not in new_items]
    name = done.after["name"]
    if action == "add_content" and added and not removed:
        return say("ergaenzt", name=name, items=_items_text(added))
    if action == "remove_content" and removed and not added:
        return say("gestrichen", name=name, items=_items_text(removed))
    return say("geaendert", name=name)


def append_note(ctx: Context, note: dict[str, Any], addition: str) -> dict[str, Any]:
    """§5 append: text added at the end of the text as it is under the lock; the existing version is not
    regenerated."""
    addition = addition.strip()

    def plan(current: dict[str, Any]) -> Change:
        text = current["text"]
        return _content(f"{text.rstrip()}\n{addition}" if text.strip() else addition, ctx.now)

    return _done(_write(ctx, note, plan, lambda done: say("angehaengt", name=done.after["name"], items=addition)))


def clear_note(ctx: Context, note: dict[str, Any]) -> dict[str, Any]:
    """§5 clear_content: deterministic, no model."""
    return _done(_write(ctx, note, lambda _: _content("", ctx.now),
                        lambda done: say("geleert", name=done.after["name"])))


def rename_note(ctx: Context, note: dict[str, Any], new_name: str) -> dict[str, Any]:
    """§5 rename, verified on the new name (§ "Seit dem 18.09.2026": the rename was the one unverified path)."""
    new_name = new_name.strip()[:255]
    change = Change("name", (new_name, ctx.now, ctx.now), {"name": new_name})
    return _done(_write(ctx, note, lambda _: change, lambda done: say("umbenannt", old=done.before["name"],
                                                                      new=new_name)))


def delete_note(ctx: Context, note: dict[str, Any]) -> dict[str, Any]:
    """§5 Delete: soft, `status = 'archiviert'` and `aktiv = FALSE` together."""
    change = Change("archiv", (ctx.now, ctx.now), {"aktiv": False, "status": "archiviert"})
    return _done(_write(ctx, note, lambda _: change, lambda done: say("geloescht", name=done.before["name"])))


def _done(result: dict[str, Any] | LockedWrite) -> dict[str, Any]:
    """A plan that never conflicts gives a finished result."""
    assert not isinstance(result, LockedWrite)
    return result


# --- the node


def execute(state: NotesState, runtime: Runtime[Deps]) -> dict[str, Any]:
    ctx = Context(runtime.context, state["user_id"], state["now"], state.get("turn_id"))
    action = state["action"]
    note = state.get("note")
    history = recent_history(state, NOTES_CONTEXT_TURN_PAIRS)
    request = state.get("aufgabe") or state["text"]
    instruction = state.get("normalisiert", "")
    if action == "create":
        result = create_note(ctx, request, instruction, state.get("target", ""), history,
                             offered=bool(state.get("name_offered")), skip_duplicate=bool(state.get("skip_duplicate")),
                             empty=bool(state.get("create_empty")), content_override=state.get("content_override"),
                             memory=request_memory(state))
    elif action == "read":
        result = read_note(ctx, note) if note else overview(ctx)
    elif note is None:
        result = failure("ungueltig", say("ungueltig", reason="keine Notiz gewählt"))
    elif action in ("update", "add_content", "remove_content"):
        result = rewrite_note(ctx, note, action, request, instruction, history)
    elif action == "append":
        addition = state.get("inhalt") or request.partition(":")[2]
        if not addition.strip():
            return question(say("frage_fehlt", what=TEXTS["fehlt_anhang"]),
                            {"art": PENDING_MISSING, "feld": "inhalt", **request_memory(state),
                             "notiz": {"id": note["id"], "name": note["name"]}},
                            {"schritt": "append", "fehlt": "inhalt"})
        result = append_note(ctx, note, addition)
    elif action == "clear_content":
        result = clear_note(ctx, note)
    elif action == "rename":
        if not state.get("neuer_name", "").strip():
            return question(say("frage_fehlt", what=say("fehlt_neuer_name")),
                            {"art": PENDING_MISSING, "feld": "neuer_name", **request_memory(state),
                             "notiz": {"id": note["id"], "name": note["name"]}},
                            {"schritt": "rename", "fehlt": "neuer_name"})
        result = rename_note(ctx, note, state["neuer_name"])
    elif action == "delete":
        result = delete_note(ctx, note)
    else:
        result = failure("ungueltig", say("ungueltig", reason=f"Aktion {action!r}"))
    trace(runtime.context, state, "execute", "ausgefuehrt",
          {"action": action, "status": result.get("status", ""), "verifiziert": result.get("verified")})
    return result
