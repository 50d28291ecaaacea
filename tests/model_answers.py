"""What the fake model of `tests.model_server` answers per task: the task recognised from the system text it
carries (the project's own default prompts), then a fixed JSON answer shaped like a model's. Used by the tests
of the judges on a one-slot server and by the bench's turn costs (`bench/model_turn.py`)."""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta
from importlib import resources
from zoneinfo import ZoneInfo

__all__ = ["answer", "recognise"]

NOW = datetime(2026, 11, 30, 9, 30, tzinfo=ZoneInfo("Europe/Berlin"))


def _system_texts() -> dict[str, str]:
    folder = resources.files("novaberg") / "prompts" / "default"
    found = {}
    for entry in folder.iterdir():
        if entry.name.endswith(".system.txt") and "$" not in entry.read_text(encoding="utf-8"):
            found[entry.name.removesuffix(".system.txt")] = entry.read_text(encoding="utf-8").strip()
    return found


_SYSTEMS = _system_texts()


def recognise(system: str, user: str) -> str:
    """The task whose own system text the request carries (the longest match wins; judges by perspective)."""
    prompt = system + "\n" + user
    hits = [task for task, text in _SYSTEMS.items() if text and text in prompt]
    return max(hits, key=lambda task: len(_SYSTEMS[task])) if hits else "unbekannt"


def _after(text: str, marker: str) -> str:
    _, found, rest = text.rpartition(marker)
    return rest.strip() if found else ""


def _utterance(user: str) -> str:
    for marker in ("Äußerung des Menschen:", "Äußerung:", "ANFRAGE DES MENSCHEN:", "Jetzt gesagt:"):
        said = _after(user, marker)
        if said:
            return said.split("\n")[0].strip()
    return ""


_WEEK = re.compile(r"Heute ist \w+, (\d{4})-(\d{2})-(\d{2})")


def _router(user: str) -> dict:
    said = _utterance(user).lower()
    if "liste" in said:
        return {"domain": "notizen", "management_action": "agent"}
    if "woche" in said:
        found = _WEEK.search(user)
        start = datetime(int(found[1]), int(found[2]), int(found[3])) if found else NOW.replace(tzinfo=None)
        monday = start - timedelta(days=start.weekday())
        return {"domain": "timeline", "management_action": "agent",
                "timeline_query": {"art": "range", "from": monday.date().isoformat(),
                                   "to": (monday + timedelta(days=6)).date().isoformat(), "direction": "forward"}}
    if "trag" in said:
        return {"domain": "timeline", "management_action": "agent"}
    return {"domain": "keine", "management_action": "keine"}


def _timeline(user: str) -> dict:
    said = _utterance(user).lower()
    if "woche" in said:
        return {"action": "read", "target": "", "zeitausdruck": "diese Woche", "event_type": "termin",
                "normalisiert": "read: Termine diese Woche anzeigen", "grund": ""}
    return {"action": "create", "target": "Zahnarzt", "zeitausdruck": "morgen um 10", "event_type": "termin",
            "normalisiert": "create: Termin „Zahnarzt“ morgen um 10 Uhr", "grund": ""}


def _notes(user: str) -> dict:
    said = _utterance(user).lower()
    if "milch" in said:
        return {"action": "add_content", "target": "Einkaufsliste", "target_typ": "titel", "konfidenz": "hoch",
                "normalisiert": "add_content: Milch zu Notiz 'Einkaufsliste'", "neuer_name": "", "inhalt": "Milch",
                "grund": ""}
    return {"action": "create", "target": "Einkaufsliste", "target_typ": "titel", "konfidenz": "hoch",
            "normalisiert": "create: Neue Notiz 'Einkaufsliste' mit Typ 'einkauf' anlegen", "neuer_name": "",
            "inhalt": "", "grund": ""}


_SMALL_TALK = {
    "hallo": "Hallo! Schön, dass du da bist. Was kann ich für dich tun?",
    "zahnarzt": "Laut deinen Unterlagen ist die Kontrolle beim Zahnarzt alle sechs Monate fällig, zuletzt im Mai.",
    "wie geht": "Mir geht es gut, danke der Nachfrage! Und wie geht es dir heute?",
    "schwester": "Wie schön, dass du mir von Lena erzählst! Verstehst du dich gut mit deiner Schwester?",
    "friseur": "Ich habe den Friseur für morgen eingetragen.",  # a claimed write no service made
}


def _compose(user: str) -> dict:
    heading = _after(user.split("Blöcke:")[0], "Berichte der Dienste in diesem Turn")
    reports = heading.split("\n", 1)[1].strip() if "\n" in heading else ""
    if reports and reports != "(kein Dienst)":
        first = reports.split("\n", 1)
        said = first[0].split(": ", 1)[-1]
        return {"antwort": "\n".join([said, *first[1:]]).strip()}
    said = _utterance(user).lower()
    for key, answer in _SMALL_TALK.items():
        if key in said:
            return {"antwort": answer}
    return {"antwort": "Erzähl mir gern mehr davon."}


def _correct(user: str) -> dict:
    if "friseur" in user.lower():
        return {"antwort": "Du möchtest morgen zum Friseur gehen — viel Spaß dabei!"}
    return {"antwort": _after(user, "Antwort:").split("Äußerung des Menschen")[0].strip() or "In Ordnung."}


def answer(task: str, system: str, user: str) -> str:
    if task == "router":
        fields = _router(user)
    elif task == "timeline_classify":
        fields = _timeline(user)
    elif task == "notes_classify":
        fields = _notes(user)
    elif task == "compose":
        fields = _compose(user)
    elif task == "correct":
        fields = _correct(user)
    elif task.startswith("tribunal_"):
        # the output format asks for a reasoning only when something is wrong; an older prompt asked for every vote
        fields = {"score": 0.0} if 'lass "reasoning" weg' in (system + user) else {
            "score": 0.0, "reasoning": "Die Antwort ist sachlich und unbedenklich."}
        if "direktiven_score" in (system + user):
            fields["direktiven_score"] = 0.0
    elif task == "salience":
        told = "schwester" in _utterance(user).lower()
        fields = {"salienz": 0.7 if told else 0.1, "grund": "eine persönliche Angabe" if told else "Alltag"}
    else:
        fields = {}
    return json.dumps(fields, ensure_ascii=False)
