"""The composer ("Verfasser"): the answer that goes out, built from the services' reports and the blocks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from novaberg.llm.offline import offline_rule
from novaberg.llm.reader import read_text

__all__ = ["compose", "OFFLINE_CAPABILITIES"]

TASK = "compose"

OFFLINE_CAPABILITIES = (
    "Ohne Sprachmodell kann ich Termine eintragen, anzeigen, verschieben und löschen und Notizen und Listen "
    "führen. Für ein freies Gespräch brauche ich ein Sprachmodell (--llm ollama:<modell> oder openai:<modell>)."
)
_GREETINGS = ("hallo", "hi", "hey", "guten morgen", "guten tag", "guten abend", "moin", "servus")


@offline_rule(TASK)
def _offline_composer(data: Mapping[str, Any]) -> dict[str, Any]:
    """Say what the services reported, else what the blocks hold, else honestly what works offline."""
    reports = [s["answer"] for s in data.get("service_reports", []) if s.get("answer")]
    if reports:
        return {"antwort": "\n".join(reports)}
    blocks: Mapping[str, str] = data.get("block_map", {})
    if data.get("answer_from_blocks") and blocks:
        return {"antwort": _cited_findings(blocks) or "\n\n".join(blocks.values())}
    text = str(data.get("text", "")).strip().lower()
    greeting = "Hallo! " if text.startswith(_GREETINGS) else ""
    return {"antwort": greeting + OFFLINE_CAPABILITIES}


# dateien.md §1a.2/§1a.5: a finding from the files is said with its origin and its location, never bare
_FILE_BLOCKS = (("[AUFZEICHNUNGEN]", "In deinen Unterlagen steht dazu:"),
                ("[EIGENE FUNDE]", "Das habe ich selbst nachgelesen und abgelegt:"))


def _cited_findings(blocks: Mapping[str, str]) -> str:
    """The entries of the files' blocks (after their framing), each `- <location>: <topic> — <excerpt>`."""
    parts = []
    for header, origin in _FILE_BLOCKS:
        entries = [line for line in blocks.get(header, "").rsplit("\n\n", 1)[-1].splitlines() if line.startswith("- ")]
        if entries:
            parts.append("\n".join([origin, *entries]))
    return "\n\n".join(parts)


def compose(asker: Any, text: str, services: list[dict[str, Any]], blocks: dict[str, str],
            answer_from_blocks: bool) -> str:
    reports = [{"name": s["name"], "status": s["status"], "answer": s["answer"]} for s in services]
    data = {
        "text": text,
        "service_reports": reports,
        "services": "\n".join(f"[{s['name']}] {s['status']}: {s['answer']}" for s in reports) or "(kein Dienst)",
        "block_map": blocks,
        "blocks": "\n\n".join(blocks.values()) or "(keine)",
        "answer_from_blocks": answer_from_blocks,
    }
    answer = asker.ask(TASK, data)
    return read_text(answer.fields, "antwort", "").strip()
