"""The roots service `dateien_wurzeln` (dateien.md §2a, §8.2a): the five actions by conversation.

classify → `read` answers at once; `create`, `update`, `delete` and `reactivate` ask first and write only
on the closed consent reading (`read_consent(…, "dateien_wurzeln")`, where *passt* is no consent). The
grant's gate shows the resolved path and the number of files; the ownership is asked, never assumed; a
revocation asks between stilllegen and vergessen. A path outside the person's own allow-list is refused
with the path as said and that list, never where it resolved to (the fourth exit, `rejected`). Every
write is read back bound to the pair. A root is named by its place in the pair's list (`dialogue.numbered`),
never by its row id.
"""

from __future__ import annotations

import os
import re
from typing import Any

from novaberg.agents.confirm import FAILED, confirmed_status
from novaberg.agents.services import AgentRequest, ServiceResult
from novaberg.consent import ABLEHNUNG, ZUSTIMMUNG, read_consent
from novaberg.core.errors import DatabaseError, InputError, ModelAnswerError, ModelError
from novaberg.files import texts
from novaberg.files.agent import const
from novaberg.files.agent.classify import classify, find_label, find_path, parse
from novaberg.files.dialogue import (
    Step,
    answer_gate,
    answer_ownership,
    answer_revoke,
    number_of,
    numbered,
    read_ownership,
    read_revocation,
    refusal,
    start_grant,
    start_revoke,
)
from novaberg.files.metadata import ModelDescriber
from novaberg.files.paths import OutsideBoundaryError, RootNotUsableError
from novaberg.files.service import FilesService, RootWriteError

__all__ = ["FilesRootsService", "SERVICE", "INDEX_IN_TURN_MAX"]

INDEX_IN_TURN_MAX = 25  # a grant of at most this many files is indexed in the turn; more wait for the heartbeat
_WORDS = re.compile(r"[^\W_]+")


def _files(deps: Any) -> FilesService:
    return FilesService(deps.db, deps.embedder, deps.log, describer=ModelDescriber(deps.asker),
                        data_dir=getattr(deps, "data_dir", None))


def _pair(request: AgentRequest) -> dict[str, str]:
    return {"user_id": request.user_id, "character_id": request.character_id}


def _listing(files: FilesService, rows: list[dict[str, Any]], request: AgentRequest) -> str:
    if not rows:
        return texts.NONE_SHARED
    lines = []
    for row in rows:
        label = f" „{row['bezeichnung']}“" if row.get("bezeichnung") else ""
        indexed = files.index_status(row["id"], request.user_id, request.character_id)["aktiv"]
        lines.append(texts.LISTING_LINE.format(
            nummer=row["nummer"], pfad=row["pfad"], bezeichnung=label,
            eigentum=texts.OWNERSHIP_NAMES.get(row["eigentum"], row["eigentum"]),
            zustand=texts.STATE_ACTIVE if row["aktiv"] else texts.STATE_INACTIVE, dateien=indexed))
    return texts.LISTING.format(lines="\n".join(lines))


def _short_listing(rows: list[dict[str, Any]]) -> str:
    return "\n".join(f"- Nummer {r['nummer']}: {r['pfad']}" + (f" „{r['bezeichnung']}“" if r.get("bezeichnung") else "")
                     for r in rows) or texts.NONE_SHARED


def _named_in(text: str, name: str) -> bool:
    words, wanted = _WORDS.findall(text.casefold()), _WORDS.findall(name.casefold())
    return bool(wanted) and any(words[i:i + len(wanted)] == wanted for i in range(len(words)))


def pick_root(rows: list[dict[str, Any]], wanted: dict[str, Any], text: str) -> tuple[dict[str, Any] | None, bool]:
    """(the one root the person means, ambiguous?) — by number, path, name or base name; else the only one."""
    number = wanted.get("nummer")
    if number:  # the place in the pair's list (`numbered`), never a row id
        return next((r for r in rows if r["nummer"] == number), None), False
    path = wanted.get("pfad")
    if path:
        real = os.path.realpath(os.path.expanduser(path))
        return next((r for r in rows if r["pfad"] == real), None), False
    named = [r for r in rows if (r.get("bezeichnung") and _named_in(text, r["bezeichnung"]))
             or _named_in(text, os.path.basename(r["pfad"]))]
    if len(named) == 1:
        return named[0], False
    if len(rows) == 1 and not named:
        return rows[0], False
    return None, len(rows) > 1


class FilesRootsService:
    name = const.SERVICE_NAME
    description = ("Freigaben: Verzeichnisse als Ganzes, die der Mensch Nova zum Lesen gibt — freigeben, zeigen, "
                   "umbenennen, zurücknehmen, wieder aufnehmen (nicht: der Inhalt einer Datei)")

    def run(self, request: AgentRequest, deps: Any) -> ServiceResult:
        files = _files(deps)
        try:
            if request.action == "resume":
                return self._resume(request, files)
            return self._start(request, deps, files)
        except InputError as err:
            return ServiceResult(self.name, "fehler", str(err), [{"schritt": "pruefen", "fehler": str(err)}])
        except RootWriteError as err:
            return ServiceResult(self.name, "fehler", str(err), [{"schritt": "keine_zeile", "fehler": str(err)}])
        except DatabaseError as err:
            return ServiceResult(self.name, "fehler", texts.WRITE_FAILED.format(grund="Datenbank"),
                                 [{"schritt": "schreiben", "fehler": str(err)}])

    # --- the first turn -------------------------------------------------------------------------------

    def _start(self, request: AgentRequest, deps: Any, files: FilesService) -> ServiceResult:
        rows = numbered(files.roots(request.user_id, request.character_id))
        try:
            wanted = classify(deps.asker, request.text, _short_listing(rows))
        except (ModelError, ModelAnswerError):
            wanted = parse(request.text)  # the documented phrasings still work when the model fails
        steps: list[dict[str, Any]] = [{"schritt": "klassifizieren", "aktion": wanted["aktion"]}]
        action = wanted["aktion"]
        if action == const.READ:
            return ServiceResult(self.name, "abgeschlossen", _listing(files, rows, request), steps,
                                 data={"wurzeln": [{k: r[k] for k in ("id", "pfad", "bezeichnung", "eigentum", "aktiv")}
                                                   for r in rows]})
        if action == const.CREATE:
            return self._grant(request, files, rows, wanted.get("pfad"), wanted.get("bezeichnung"), steps)
        if action in (const.UPDATE, const.DELETE, const.REACTIVATE):
            candidates = [r for r in rows if action == const.UPDATE or r["aktiv"] == (action == const.DELETE)]
            root, ambiguous = pick_root(candidates if not wanted.get("nummer") and not wanted.get("pfad") else rows,
                                        wanted, request.text)
            if root is None:
                return self._ask_target(request, action, candidates or rows, ambiguous, steps,
                                        wanted.get("bezeichnung"))
            return self._on_target(request, files, action, root, wanted.get("bezeichnung"), steps)
        return ServiceResult(self.name, "fehler", texts.UNCLEAR, steps)

    def _grant(self, request: AgentRequest, files: FilesService, rows: list[dict[str, Any]], path: str | None,
               label: str | None, steps: list[dict[str, Any]]) -> ServiceResult:
        if not path:
            pending = {"aktion": const.CREATE, "frage": const.ASK_PATH, "bezeichnung": label, **_pair(request)}
            return ServiceResult(self.name, "rueckfrage", texts.ASK_PATH, steps, pending)
        step = start_grant(files, path, None, label, user_id=request.user_id)
        existing = next((r for r in rows if step.pending and r["pfad"] == step.pending["pfad"]), None)
        if existing is not None:  # §8.2a: the same grant twice is the news that it exists, not a second row
            if existing["aktiv"]:
                return ServiceResult(self.name, "abgeschlossen", texts.ROOT_EXISTS.format(
                    pfad=existing["pfad"], nummer=existing["nummer"]), steps, data={"wurzel_id": existing["id"]})
            return self._on_target(request, files, const.REACTIVATE, existing, None, steps)
        return self._result(request, step, steps)

    def _ask_target(self, request: AgentRequest, action: str, rows: list[dict[str, Any]], ambiguous: bool,
                    steps: list[dict[str, Any]], label: str | None) -> ServiceResult:
        if not ambiguous:
            return ServiceResult(self.name, "fehler", texts.NO_MATCHING_ROOT.format(listing=_short_listing(rows)),
                                 [*steps, {"schritt": "ziel", "fehler": "keine_zeile"}])
        pending = {"aktion": action, "frage": const.ASK_TARGET, "bezeichnung": label, **_pair(request)}
        return ServiceResult(self.name, "rueckfrage", texts.ASK_TARGET.format(listing=_short_listing(rows)), steps,
                             pending)

    def _on_target(self, request: AgentRequest, files: FilesService, action: str, root: dict[str, Any],
                   label: str | None, steps: list[dict[str, Any]]) -> ServiceResult:
        pair = _pair(request)
        shown = {"pfad": root["pfad"], "nummer": root.get("nummer") or number_of(files, root["id"], request.user_id,
                                                                                   request.character_id)}
        if action == const.DELETE:
            if not root["aktiv"]:
                return ServiceResult(self.name, "abgeschlossen", texts.ALREADY_INACTIVE.format(**shown), steps)
            step = start_revoke(files, root["id"], request.user_id, request.character_id)
            return self._result(request, step, steps)
        if action == const.REACTIVATE:
            if root["aktiv"]:
                return ServiceResult(self.name, "abgeschlossen", texts.ALREADY_ACTIVE.format(**shown), steps)
            try:
                # §7: checked again — it may have moved, left the person's allow-list, or be shared by another
                resolved, count = files.resolve(root["pfad"], request.user_id)
            except (OutsideBoundaryError, RootNotUsableError) as err:
                return ServiceResult(self.name, "rejected", refusal(err), steps)
            question = texts.REACTIVATE_QUESTION.format(pfad=resolved, count=count)
            pending = {"aktion": action, "frage": const.ASK_GATE, "wurzel_id": root["id"], "pfad": root["pfad"],
                       "anzahl": count, "text": question, **pair}
            return ServiceResult(self.name, "rueckfrage", question, steps, pending)
        if not label:
            pending = {"aktion": action, "frage": const.ASK_LABEL, "wurzel_id": root["id"], "pfad": root["pfad"],
                       **pair}
            return ServiceResult(self.name, "rueckfrage", texts.ASK_NEW_LABEL.format(pfad=root["pfad"]), steps,
                                 pending)
        question = texts.RENAME_QUESTION.format(pfad=root["pfad"], neu=label)
        pending = {"aktion": action, "frage": const.ASK_GATE, "wurzel_id": root["id"], "pfad": root["pfad"],
                   "bezeichnung": label, "text": question, **pair}
        return ServiceResult(self.name, "rueckfrage", question, steps, pending)

    # --- the answer to a question ------------------------------------------------------------------------

    def _resume(self, request: AgentRequest, files: FilesService) -> ServiceResult:
        pending = dict(request.pending or {})
        if pending.get("user_id") != request.user_id or pending.get("character_id") != request.character_id:
            raise InputError(texts.NO_PAIR)  # a question of another pair is never answered here
        action, question = pending.get("aktion"), pending.get("frage")
        steps: list[dict[str, Any]] = [{"schritt": "antwort", "frage": question}]
        refused = read_consent(request.text, const.SERVICE_NAME) == ABLEHNUNG
        if question == const.ASK_PATH:
            path = find_path(request.text)
            if path is None:
                if refused:
                    return ServiceResult(self.name, "dismissed", texts.NOTHING_CHANGED, steps)
                return ServiceResult(self.name, "rueckfrage", texts.ASK_PATH_AGAIN, steps, pending)
            rows = numbered(files.roots(request.user_id, request.character_id))
            return self._grant(request, files, rows, path, pending.get("bezeichnung"), steps)
        if question == const.ASK_TARGET:
            rows = numbered(files.roots(request.user_id, request.character_id))
            wanted = parse(request.text)
            root, _ = pick_root(rows, {**wanted, "nummer": wanted["nummer"] or _bare_number(request.text)},
                                request.text)
            if root is None:
                if refused:
                    return ServiceResult(self.name, "dismissed", texts.NOTHING_CHANGED, steps)
                return ServiceResult(self.name, "rueckfrage", texts.ASK_TARGET.format(
                    listing=_short_listing(rows)), steps, pending)
            return self._on_target(request, files, str(action), root, pending.get("bezeichnung"), steps)
        if question == const.ASK_LABEL:
            label = find_label(request.text, const.UPDATE) or _plain_label(request.text)
            if label is None or refused:
                return ServiceResult(self.name, "dismissed", texts.NOTHING_CHANGED, steps)
            root = files.repo.get(int(pending["wurzel_id"]), request.user_id, request.character_id)
            if root is None:
                return ServiceResult(self.name, "fehler", texts.ROOT_UNKNOWN, steps)
            return self._on_target(request, files, const.UPDATE, root, label, steps)
        if question == const.ASK_OWNER:
            if read_ownership(request.text) is None and refused:
                return ServiceResult(self.name, "dismissed", texts.NOTHING_CHANGED, steps)
            return self._result(request, answer_ownership(pending, request.text), steps)
        if question == const.ASK_REVOKE:
            words = read_revocation(request.text)
            if words is None and refused and not _mentions_revocation(request.text):
                return ServiceResult(self.name, "dismissed", texts.REVOKE_KEPT.format(pfad=pending.get("pfad")),
                                     steps)
            step = answer_revoke(files, pending, request.text, request.user_id, request.character_id, request.now)
            return self._result(request, step, steps, files)
        if question == const.ASK_GATE and action == const.CREATE:
            step = answer_gate(files, pending, request.text, request.user_id, request.character_id, request.now)
            return self._result(request, step, steps, files)
        if question == const.ASK_GATE and action in (const.UPDATE, const.REACTIVATE):
            return self._gated_write(request, files, pending, steps)
        return ServiceResult(self.name, "fehler", texts.UNCLEAR, steps)

    def _gated_write(self, request: AgentRequest, files: FilesService, pending: dict[str, Any],
                     steps: list[dict[str, Any]]) -> ServiceResult:
        reading = read_consent(request.text, const.SERVICE_NAME)
        steps.append({"schritt": "zustimmung", "lesung": reading})
        if reading == ABLEHNUNG:
            return ServiceResult(self.name, "dismissed", texts.NOTHING_CHANGED, steps)
        if reading != ZUSTIMMUNG:
            return ServiceResult(self.name, "rueckfrage", texts.GATE_AGAIN.format(frage=pending.get("text", "")),
                                 steps, pending)
        root_id = int(pending["wurzel_id"])
        if pending["aktion"] == const.UPDATE:
            row = files.rename(root_id, request.user_id, request.character_id, str(pending["bezeichnung"]),
                               now=request.now)
            ok = row is not None and row["bezeichnung"] == pending["bezeichnung"]
            steps.append({"schritt": "umbenennen", "wurzel_id": root_id, "verifiziert": ok})
            return ServiceResult(self.name, "abgeschlossen" if ok else "fehler",
                                 texts.RENAMED.format(pfad=pending["pfad"], neu=pending["bezeichnung"]), steps)
        try:
            files.resolve(str(pending["pfad"]), request.user_id)  # checked again at the moment of writing (§7)
        except (OutsideBoundaryError, RootNotUsableError) as err:
            return ServiceResult(self.name, "rejected", refusal(err), steps)
        row = files.reactivate(root_id, request.user_id, request.character_id, now=request.now)
        ok = row is not None and row["aktiv"] is True
        steps.append({"schritt": "wieder_aufnehmen", "wurzel_id": root_id, "verifiziert": ok})
        number = number_of(files, root_id, request.user_id, request.character_id)
        answer = texts.REACTIVATED.format(pfad=row["pfad"], nummer=number) + " " + self._index_now(
            request, files, int(pending.get("anzahl") or 0), steps)
        return ServiceResult(self.name, "abgeschlossen" if ok else "fehler", answer, steps,
                             data={"wurzel_id": root_id})

    # --- shared ----------------------------------------------------------------------------------------

    def _result(self, request: AgentRequest, step: Step, steps: list[dict[str, Any]],
                files: FilesService | None = None) -> ServiceResult:
        """A dialogue step as the service's result; a write (when `files` is given) is read back first."""
        status = step.done.get("status", "fehler")
        if status == "rueckfrage":
            return ServiceResult(self.name, "rueckfrage", step.text, steps, {**(step.pending or {}),
                                                                            **_pair(request)})
        if status == "abgelehnt":  # with a reason: the fourth exit; without: the person said no
            return ServiceResult(self.name, "rejected" if step.done.get("grund") else "dismissed", step.text,
                                 [*steps, {"schritt": "tor", **step.done}])
        if status != "abgeschlossen" or files is None:
            return ServiceResult(self.name, "fehler" if status != "abgeschlossen" else status, step.text,
                                 [*steps, {"schritt": "schreiben", **step.done}])
        pending = request.pending or {}
        root_id = int(step.done.get("wurzel_id") or pending.get("wurzel_id"))
        row = files.repo.get(root_id, request.user_id, request.character_id)
        if "form" in step.done:  # a revocation: inactive; „vergessen" also left no index row behind
            ok = row is not None and row["aktiv"] is False and (
                step.done["form"] != "vergessen" or not files.index_rows(root_id, request.user_id,
                                                                         request.character_id))
            steps.append({"schritt": step.done["form"], "wurzel_id": root_id, "verifiziert": ok})
            if confirmed_status(None, wrote=True, verified=ok) == FAILED:
                return ServiceResult(self.name, FAILED, texts.ROOT_NOT_CONFIRMED.format(pfad=pending.get("pfad")),
                                     steps)
            return ServiceResult(self.name, "abgeschlossen", step.text, steps, data={"wurzel_id": root_id})
        ok = row is not None and row["aktiv"] is True and row["pfad"] == pending.get("pfad")
        steps.append({"schritt": "freigeben", "wurzel_id": root_id, "neu": step.done.get("neu"), "verifiziert": ok})
        if confirmed_status(None, wrote=True, verified=ok) == FAILED:
            return ServiceResult(self.name, FAILED, texts.ROOT_NOT_CONFIRMED.format(pfad=pending.get("pfad")), steps)
        answer = step.text
        if step.done.get("neu"):
            answer += " " + self._index_now(request, files, int(pending.get("anzahl") or 0), steps)
        return ServiceResult(self.name, "abgeschlossen", answer, steps, data={"wurzel_id": root_id})

    def _index_now(self, request: AgentRequest, files: FilesService, count: int,
                   steps: list[dict[str, Any]]) -> str:
        """A small root is indexed in the turn (the person can ask about it at once); a large one waits for
        the heartbeat's index job (§8.3), so a turn never reads thousands of files."""
        if count > INDEX_IN_TURN_MAX:
            return texts.INDEX_LATER
        report = files.index(request.now, request.user_id, request.character_id)
        steps.append({"schritt": "indizieren", "neu": report["neu"], "status": report["status"],
                      "modellaufrufe": report["model_calls"]})
        if report["status"] != "ok":
            return texts.INDEX_LATER
        return texts.INDEXED_NOW.format(neu=report["neu"] + report["wieder_aufgenommen"])


def _bare_number(text: str) -> int | None:
    match = re.fullmatch(r"\D*?(\d{1,9})\D*", text.strip())
    return int(match.group(1)) if match else None


def _plain_label(text: str) -> str | None:
    label = " ".join(text.split()).strip(" .!„“\"»«")
    return label if 0 < len(label) <= 200 and "?" not in label else None


def _mentions_revocation(text: str) -> bool:
    return read_revocation(text) is not None or any(w in text.casefold() for w in ("stillleg", "vergess", "vergiss"))


SERVICE = FilesRootsService()
