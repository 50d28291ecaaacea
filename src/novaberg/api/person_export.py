"""A person's export: one zip with everything stored of them, readable without Nova.

    README.txt                      what is inside
    kalender.ics                    appointments of every figure (iCalendar, `timeline/ics`)
    notizen/NNN_<name>.md           notes and lists as Markdown
    gedaechtnis/<figure>.json       short- and long-term memory per figure
    direktiven/<figure>.json        the person's standing rules per figure
    ordner.json                     directories the operator allowed, and the roots shared per figure
    verlauf/<figure>.json           the whole chat history per figure
    figuren.json                    which file name stands for which figure id

A figure id is any printable text (`/etc`, `../../etc`, `ETC`): its file name is the id where the id is a safe
name of its own that no other figure of the person shares in any letter case, else the safe part and a short
hash of the id (`etc-1a2b3c4d`) — distinct, never a path, never two names that differ only in case.

`write_export` writes the zip under a temporary name beside the target and renames it at the end, so an
interrupted export never leaves a file that looks complete. A person with nothing stored is unknown:
`UnknownPersonError`, and nothing is written.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import secrets
import zipfile
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

from fastapi.encoders import jsonable_encoder

from novaberg.api.memory_routes import memory_view
from novaberg.core.edge import check_id
from novaberg.core.errors import InputError
from novaberg.directives.repository import DirectivesRepository
from novaberg.store.person_export import PersonExportRows
from novaberg.timeline.ics.feed import person_calendar

__all__ = ["UnknownPersonError", "export_bytes", "write_export", "EXPORT_README", "figure_file_names"]

EXPORT_README = """Alles, was Nova von {user} gespeichert hat (Stand {now}).

kalender.ics             Termine aller Figuren im iCalendar-Format (für jede Kalender-App)
notizen/*.md             Notizen und Listen als Markdown
gedaechtnis/<figur>.json Kurz- und Langzeitgedächtnis je Figur
direktiven/<figur>.json  deine festen Wünsche an die Figur
ordner.json              freigegebene Ordner
verlauf/<figur>.json     der ganze Gesprächsverlauf je Figur
figuren.json             welcher Dateiname zu welcher Figur gehört
"""
UNKNOWN = "Von {user} ist nichts gespeichert — es gibt nichts zu exportieren."
_SAFE = re.compile(r"[^\w.-]+")


class UnknownPersonError(InputError):
    """Nothing is stored of the person: the export says so and writes nothing."""


def _safe(name: str, limit: int = 60) -> str:
    return _SAFE.sub("_", name).strip("._")[:limit] or "ohne_name"


def figure_file_names(figures: Any) -> dict[str, str]:
    """figure id → its file name in the zip: distinct even when letter case is ignored, safe as a path part."""
    ids = sorted(set(figures))
    bases = {figure: _safe(figure) for figure in ids}
    folded = Counter(base.casefold() for base in bases.values())

    def hashed(figure: str, width: int) -> str:
        return f"{bases[figure][:50]}-{hashlib.sha256(figure.encode('utf-8', 'surrogatepass')).hexdigest()[:width]}"

    names: dict[str, str] = {}
    taken: set[str] = set()
    for figure in ids:
        base, width = bases[figure], 8
        name = base if base == figure and folded[base.casefold()] == 1 else hashed(figure, width)
        while name.casefold() in taken:  # a hash prefix that meets another name (astronomically rare) grows
            width += 4
            name = hashed(figure, width)
        names[figure] = name
        taken.add(name.casefold())
    return names


def _without_ids(value: Any) -> Any:
    """Row ids mean nothing outside this installation: left out at any depth (`user_id`/`character_id` stay)."""
    if isinstance(value, dict):
        return {key: _without_ids(item) for key, item in value.items()
                if key in ("user_id", "character_id") or not (key in ("id", "ids") or str(key).endswith("_id"))}
    if isinstance(value, list | tuple):
        return [_without_ids(item) for item in value]
    return value


def _json(value: Any) -> bytes:
    return json.dumps(_without_ids(jsonable_encoder(value)), ensure_ascii=False, indent=2).encode("utf-8")


def _note_markdown(note: dict[str, Any]) -> str:
    lines = [f"# {note.get('name') or 'Ohne Namen'}", ""]
    lines.append(f"- Typ: {note.get('typ') or ''}")
    if note.get("themen"):
        lines.append(f"- Themen: {', '.join(note['themen'])}")
    for key, label in (("faellig_am", "Fällig am"), ("created_at", "Angelegt"), ("updated_at", "Geändert")):
        if isinstance(note.get(key), datetime):
            lines.append(f"- {label}: {note[key].isoformat(timespec='minutes')}")
    return "\n".join([*lines, "", str(note.get("text") or ""), ""])


def _entries(nova: Any, user_id: str, now: datetime) -> list[tuple[str, bytes]]:
    db, zone = nova.stack.db, nova.settings.zone
    rows = PersonExportRows(db)
    figures = rows.figures(user_id)
    entries = [("README.txt", EXPORT_README.format(user=user_id, now=now.astimezone(zone).isoformat(
        timespec="minutes")).encode("utf-8")), ("kalender.ics", person_calendar(db, user_id, zone, now))]
    for number, note in enumerate(nova.notes.list(user_id), start=1):
        entries.append((f"notizen/{number:03d}_{_safe(str(note.get('name') or ''))}.md",
                        _note_markdown(dict(note)).encode("utf-8")))
    directives = DirectivesRepository(db)
    turns: dict[str, list[dict[str, Any]]] = {}
    for turn in rows.turns(user_id):
        turns.setdefault(turn["character_id"], []).append(
            {"zeit": turn["created_at"].astimezone(zone).isoformat(timespec="seconds"), "mensch": turn["text"],
             "nova": turn["answer"], "urteil": turn["verdict"]})
    named = figure_file_names([*figures, *turns])
    for figure in figures:
        entries.append((f"gedaechtnis/{named[figure]}.json", _json(memory_view(nova, user_id, figure))))
        entries.append((f"direktiven/{named[figure]}.json",
                        _json([d.as_dict() for d in directives.list(user_id, figure)])))
    entries.append(("ordner.json", _json({"erlaubt": nova.files.allowed(user_id),
                                          "geteilt": {figure: nova.files.roots(user_id, figure) for figure in figures}})))
    for figure, history in sorted(turns.items()):
        entries.append((f"verlauf/{named[figure]}.json", _json(history)))
    entries.append(("figuren.json", _json({name: figure for figure, name in sorted(named.items())})))
    return entries


def export_bytes(nova: Any, user_id: str, now: datetime) -> bytes:
    """The zip of the person; UnknownPersonError when nothing is stored of them."""
    check_id(user_id, "user")
    if not nova.erasure_plan(user_id).known:
        raise UnknownPersonError(UNKNOWN.format(user=user_id))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in _entries(nova, user_id, now):
            archive.writestr(name, data)
    return buffer.getvalue()


def write_export(nova: Any, user_id: str, target: Path, now: datetime) -> Path:
    """The zip at `target`, written under a temporary name and renamed at the end (0600)."""
    data = export_bytes(nova, user_id, now)
    target = Path(target)
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return target
