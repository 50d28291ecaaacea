"""The rules of the roots conversation (dateien.md §1a.5, §2a.2, §2a.3, §7), as pure steps.

The roots agent (`novaberg.files.agent`) calls these decisions from its first turn and its resume:

- `start_grant`: resolve first, refuse outside the person's own allow-list (with the path as the person
  said it and that list — never where it resolved to; with nothing allowed, the operator's command to run), ask the ownership when it is not given,
  then the gate with the **resolved** path, the file count and the allow-list entry that admits it.
- `answer_ownership`: read from the answerer's side — „deins" → `figur`, „meins" → `nutzer`,
  „beides" → `gemischt`; both sides named → ask again, never a guess.
- `answer_gate`: executes only on the closed consent reading (`read_consent(…, "dateien_wurzeln")`).
- `start_revoke` / `answer_revoke`: asks between stilllegen and vergessen and never guesses.

Each step returns a `Step`: the text to say, the pending state to keep (or None), and what was done.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from novaberg.files import texts
from novaberg.files.paths import NothingAllowedError, OutsideBoundaryError, RootNotUsableError
from novaberg.text.consent import read_consent
from novaberg.text.lexicon import is_delete_verb

__all__ = ["Step", "start_grant", "answer_ownership", "answer_gate", "start_revoke", "answer_revoke",
           "read_ownership", "read_revocation", "refusal", "numbered", "number_of"]

_WORD = re.compile(r"[^\W\d_]+")
_THEIRS = {"deins", "deine", "deiner", "dein", "dir", "deinen", "deinem", "ihres", "ihrs"}  # the figure's
_MINE = {"meins", "meine", "meiner", "mein", "mir", "meinen", "meinem"}
_BOTH = {"beides", "beide", "gemischt", "gemeinsam", "unseres", "unsers", "unsere"}
_DISABLE = {"stilllegen", "stillegen", "stillgelegt", "pausieren", "pause", "deaktivieren", "vorerst", "erstmal"}
_FORGET = {"vergessen", "vergiss", "weg"}  # and every word of a delete verb (text/lexicon_de.json)


@dataclass(frozen=True)
class Step:
    text: str
    pending: dict[str, Any] | None = None
    done: dict[str, Any] = field(default_factory=dict)


def _words(text: str) -> set[str]:
    return {w.casefold() for w in _WORD.findall(text or "")}


def read_ownership(text: str) -> str | None:
    """'figur' | 'nutzer' | 'gemischt', or None when unclear (both sides named, or neither)."""
    words = _words(text)
    theirs, mine, both = bool(words & _THEIRS), bool(words & _MINE), bool(words & _BOTH)
    if both and not (theirs or mine):
        return "gemischt"
    if theirs and not mine and not both:
        return "figur"
    if mine and not theirs and not both:
        return "nutzer"
    return None  # „meins, aber auch deins" and „nicht meins, sondern deins" carry the same two hits


def read_revocation(text: str) -> str | None:
    """'stilllegen' | 'vergessen', or None when the answer names neither or both."""
    words = _words(text)
    disable = bool(words & _DISABLE)
    forget = bool(words & _FORGET) or any(is_delete_verb(word) for word in words)
    if disable != forget:
        return "stilllegen" if disable else "vergessen"
    return None


def numbered(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The pair's roots (oldest first, as `FilesService.roots` gives them), each with its `nummer`: its place in
    that list. The person reads and says this number; the row id (which counts every person's roots) never shows."""
    return [{**row, "nummer": place} for place, row in enumerate(rows, 1)]


def number_of(files: Any, root_id: int, user_id: str, character_id: str) -> int | str:
    """The place of root `root_id` in the pair's list (`numbered`); „?" when it is not the pair's."""
    return next((r["nummer"] for r in numbered(files.roots(user_id, character_id)) if r["id"] == root_id), "?")


def refusal(err: OutsideBoundaryError | RootNotUsableError) -> str:
    """What the person is told when a path is refused — naming their own allow-list, never another's."""
    if isinstance(err, NothingAllowedError):
        return texts.NOTHING_ALLOWED
    if isinstance(err, OutsideBoundaryError):
        return texts.OUTSIDE_REFUSAL.format(pfad=err.said, grenze=", ".join(map(str, err.boundary)))
    return texts.NOT_USABLE.format(grund=err.reason)


def start_grant(files: Any, raw_path: str, eigentum: str | None = None, bezeichnung: str | None = None, *,
                user_id: str) -> Step:
    """The first step of a grant for `user_id`: checked against that person's allow-list only."""
    try:
        resolved, entry = files.check(raw_path, user_id)
    except NothingAllowedError as err:
        return Step(refusal(err), done={"status": "abgelehnt", "grund": "nichts_erlaubt"})
    except OutsideBoundaryError as err:
        return Step(refusal(err), done={"status": "abgelehnt", "grund": "ausserhalb"})  # the answer names the path
    except RootNotUsableError as err:
        return Step(refusal(err), done={"status": "abgelehnt", "grund": err.reason})
    count = files.count(resolved)
    pending = {"aktion": "create", "pfad": str(resolved), "anzahl": count, "eigentum": eigentum,
               "bezeichnung": bezeichnung, "erlaubt_durch": str(entry)}
    if eigentum is None:
        return Step(texts.OWNERSHIP_QUESTION, {**pending, "frage": "eigentum"}, {"status": "rueckfrage"})
    return Step(_gate_question(pending), {**pending, "frage": "tor"}, {"status": "rueckfrage"})


def _gate_question(pending: dict[str, Any]) -> str:
    question = texts.GATE_QUESTION.format(count=pending["anzahl"], pfad=pending["pfad"])
    entry = pending.get("erlaubt_durch")
    return f"{question} {texts.ALLOWED_BY.format(eintrag=entry)}" if entry else question


def answer_ownership(pending: dict[str, Any], answer: str) -> Step:
    eigentum = read_ownership(answer)
    if eigentum is None:
        return Step(texts.OWNERSHIP_AGAIN, pending, {"status": "rueckfrage"})
    return Step(_gate_question(pending), {**pending, "eigentum": eigentum, "frage": "tor"}, {"status": "rueckfrage"})


def answer_gate(files: Any, pending: dict[str, Any], answer: str, user_id: str, character_id: str,
                now: datetime) -> Step:
    """Grant only on 'zustimmung'; the grant re-resolves and re-checks the path (it may have changed)."""
    reading = read_consent(answer, "dateien_wurzeln")
    if reading == "ablehnung":
        return Step(texts.GATE_DECLINED.format(pfad=pending["pfad"]), done={"status": "abgelehnt"})
    if reading != "zustimmung" or pending.get("eigentum") not in ("nutzer", "figur", "gemischt"):
        return Step(texts.GATE_UNCLEAR.format(pfad=pending["pfad"]), pending, {"status": "rueckfrage"})
    try:
        row = files.grant(user_id, character_id, pending["pfad"], eigentum=pending["eigentum"],
                          bezeichnung=pending.get("bezeichnung"), now=now)
    except (OutsideBoundaryError, RootNotUsableError) as err:
        return Step(refusal(err), done={"status": "abgelehnt", "grund": str(err)})
    template = texts.ROOT_GRANTED if row["neu"] else texts.ROOT_EXISTS
    number = number_of(files, row["id"], user_id, character_id)
    return Step(template.format(pfad=row["pfad"], nummer=number, eigentum=row["eigentum"]),
                done={"status": "abgeschlossen", "wurzel_id": row["id"], "neu": row["neu"]})


def start_revoke(files: Any, root_id: int, user_id: str, character_id: str) -> Step:
    row = files.repo.get(root_id, user_id, character_id)
    if row is None:
        return Step(texts.ROOT_UNKNOWN, done={"status": "fehler", "grund": "keine_zeile"})
    pending = {"aktion": "delete", "wurzel_id": root_id, "pfad": row["pfad"], "frage": "entzug"}
    return Step(texts.REVOKE_QUESTION.format(pfad=row["pfad"]), pending, {"status": "rueckfrage"})


def answer_revoke(files: Any, pending: dict[str, Any], answer: str, user_id: str, character_id: str,
                  now: datetime) -> Step:
    form = read_revocation(answer)
    if form is None:
        return Step(texts.REVOKE_AGAIN, pending, {"status": "rueckfrage"})
    root_id = pending["wurzel_id"]
    number = number_of(files, root_id, user_id, character_id)
    if form == "stilllegen":
        row = files.disable(root_id, user_id, character_id, now=now)
        return Step(texts.ROOT_DISABLED.format(pfad=row["pfad"], nummer=number),
                    done={"status": "abgeschlossen", "form": form})
    row = files.forget(root_id, user_id, character_id, now=now)
    return Step(texts.ROOT_FORGOTTEN.format(pfad=row["pfad"], nummer=number, rows=row["geloeschte_indexzeilen"]),
                done={"status": "abgeschlossen", "form": form})
