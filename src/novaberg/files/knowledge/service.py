"""Writing into her own knowledge through the conversation (dateien.md §3a, §4b.3): „Merk dir in deinem
Wissen (zu X): …" — an explicit order, so it writes (no gate: the text goes into *her* zone, never into a
shared root, §3a.3). The paragraph passes the novelty check; the write is versioned and read back.

The zone lies under the running Nova's data directory (`Deps.data_dir`; without one `NOVABERG_DATA_DIR`,
else the settings' default).
"""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path
from typing import Any

from novaberg.agents.services import AgentRequest, ServiceResult
from novaberg.files.knowledge.judge import model_judge
from novaberg.files.knowledge.versions import AnchorInvariantError
from novaberg.files.knowledge.zone import KnowledgeZone, ZoneError, zone_of

__all__ = ["KnowledgeService", "SERVICE_NAME", "route_hint", "parse_order", "file_name"]

SERVICE_NAME = "wissen"
HINT = 0.99  # her own phrasing („in deinem Wissen") — above the notes service's „Merk dir" (0.97)
_ORDER = re.compile(
    r"(?:merk|schreib|nimm|trag|ergänz)\w*\s+(?:dir\s+)?(?:das\s+|bitte\s+)*(?:in|auf|zu)?\s*"
    r"(?:deinem|dein|deines|deine)\s+wissen\b(?:\s+(?:auf|ab|ein))?\s*"
    r"(?:(?:zu|über|unter|zum|zur)\s+(?P<thema>[^:]{1,80}?))?\s*:\s*(?P<inhalt>.+)$", re.IGNORECASE | re.DOTALL)
_MENTION = re.compile(r"(?:merk|schreib|nimm|trag|ergänz)\w*.*\b(?:deinem|dein|deines|deine)\s+wissen\b",
                      re.IGNORECASE | re.DOTALL)
ASK_CONTENT = "Was genau soll ich mir in meinem Wissen merken? Sag es mir nach einem Doppelpunkt."
WRITTEN = "Steht jetzt in meinem Wissen: {pfad} (Version {version})."
ALREADY = "Das steht so schon in meinem Wissen unter {pfad}; ich habe nichts doppelt eingetragen."
REFUSED = "Das kann ich so nicht in mein Wissen schreiben: {grund}. Es wurde nichts geändert."


def route_hint(text: str) -> float:
    return HINT if _MENTION.search(text) else 0.0


def parse_order(text: str) -> tuple[str | None, str]:
    """(topic or None, the paragraph); the paragraph is '' when the order carries none."""
    match = _ORDER.search(text.strip())
    if not match:
        return None, ""
    topic = (match.group("thema") or "").strip() or None
    return topic, " ".join(match.group("inhalt").split())


def file_name(topic: str | None, paragraph: str) -> str:
    """`<topic>.md`, the topic folded to a plain file name; without topic the first noun of the paragraph."""
    if not topic:
        nouns = [w for w in re.findall(r"[^\W\d_][\w\-]*", paragraph)[1:] if w[:1].isupper()]
        topic = nouns[0] if nouns else "allgemein"
    folded = unicodedata.normalize("NFKD", topic.replace("ß", "ss").replace("ä", "ae").replace("ö", "oe")
                                   .replace("ü", "ue").replace("Ä", "Ae").replace("Ö", "Oe").replace("Ü", "Ue"))
    slug = re.sub(r"[^a-z0-9]+", "-", folded.encode("ascii", "ignore").decode().lower()).strip("-")[:60]
    return f"{slug or 'allgemein'}.md"


def knowledge_root(deps: Any = None) -> Path:
    """Her own zone: under the running Nova's data directory (`Deps.data_dir`), else `NOVABERG_DATA_DIR`, else
    the settings' default data directory."""
    if getattr(deps, "data_dir", None):
        return zone_of(deps.data_dir)
    raw = os.environ.get("NOVABERG_DATA_DIR")
    if raw:
        return zone_of(Path(raw).expanduser())
    from novaberg.core.settings import load_settings

    return zone_of(load_settings().data_dir)


class KnowledgeService:
    name = SERVICE_NAME
    description = "Schreibt auf ausdrücklichen Auftrag etwas in Novas eigenes Wissen (knowledge/), versioniert."

    def __init__(self, root: Path | None = None) -> None:
        self._root = root

    def run(self, request: AgentRequest, deps: Any) -> ServiceResult:
        topic, paragraph = parse_order(request.text)
        if not paragraph:
            return ServiceResult(self.name, "rejected", ASK_CONTENT, [{"schritt": "lesen", "inhalt": None}])
        root = self._root or knowledge_root(deps)
        zone = KnowledgeZone(root, judge=model_judge(deps.asker))
        name = file_name(topic, paragraph)
        steps: list[dict[str, Any]] = [{"schritt": "lesen", "thema": topic, "datei": name}]
        try:
            result = zone.insert(name, paragraph, request.now)
        except (ZoneError, AnchorInvariantError, ValueError, OSError) as err:
            steps.append({"schritt": "schreiben", "fehler": str(err)})
            return ServiceResult(self.name, "fehler", REFUSED.format(grund=err), steps)
        shown = f"knowledge/{result.path.name}"
        if result.status == "steht_schon_da":
            steps.append({"schritt": "schreiben", "ausgang": "steht_schon_da",
                          "naehe": result.verdict.weakest if result.verdict else None})
            return ServiceResult(self.name, "abgeschlossen", ALREADY.format(pfad=shown), steps)
        steps.append({"schritt": "schreiben", "ausgang": "geschrieben", "version": result.version,
                      "datei": str(result.path), "verifiziert": True})
        return ServiceResult(self.name, "abgeschlossen", WRITTEN.format(pfad=shown, version=result.version), steps,
                             data={"wissen_datei": str(result.path), "version": result.version})
