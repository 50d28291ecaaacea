"""Writing into her own knowledge through the conversation (dateien.md §3a, §4b.3): „Merk dir in deinem
Wissen (zu X): …" — an explicit order, so it writes (no gate: the text goes into *her* zone, never into a
shared root, §3a.3). The paragraph passes the novelty check; the write is versioned and read back. A
paragraph that changes an old fact replaces it as a versioned change, and the answer says so (issue 24).

The zone is the pair's (person × figure, `files.knowledge.pairs`) under the running Nova's data directory
(`Deps.data_dir`; without one `NOVABERG_DATA_DIR`, else the settings' default). Answers and steps name a
text relative to the zone, never the server path.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from novaberg.agents.confirm import FAILED, confirmed_status
from novaberg.agents.services import AgentRequest, ServiceResult
from novaberg.files.knowledge import texts
from novaberg.files.knowledge.judge import model_judge
from novaberg.files.knowledge.pairs import pair_zone
from novaberg.files.knowledge.versions import AnchorInvariantError
from novaberg.files.knowledge.zone import KnowledgeZone, ZoneError
from novaberg.text.file_requests import knowledge_order, mentions_her_knowledge
from novaberg.text.words import ascii_fold

__all__ = ["KnowledgeService", "SERVICE_NAME", "route_hint", "parse_order", "file_name", "pair_root"]

SERVICE_NAME = "wissen"
HINT = 0.99  # her own phrasing („in deinem Wissen") — above the notes service's „Merk dir" (0.97)
def route_hint(text: str) -> float:
    return HINT if mentions_her_knowledge(text) else 0.0


def parse_order(text: str) -> tuple[str | None, str]:
    """(topic or None, the paragraph); the paragraph is '' when the order carries none."""
    return knowledge_order(text)


def file_name(topic: str | None, paragraph: str) -> str:
    """`<topic>.md`, the topic folded to a plain file name; without topic the first noun of the paragraph."""
    if not topic:
        nouns = [w for w in re.findall(r"[^\W\d_][\w\-]*", paragraph)[1:] if w[:1].isupper()]
        topic = nouns[0] if nouns else "allgemein"
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_fold(topic)).strip("-")[:60]
    return f"{slug or 'allgemein'}.md"


def _data_dir(deps: Any = None) -> Path:
    """The running Nova's data directory (`Deps.data_dir`), else `NOVABERG_DATA_DIR`, else the settings' default."""
    if getattr(deps, "data_dir", None):
        return Path(deps.data_dir)
    raw = os.environ.get("NOVABERG_DATA_DIR")
    if raw:
        return Path(raw).expanduser()
    from novaberg.core.settings import load_settings

    return Path(load_settings().data_dir)


def pair_root(deps: Any, user_id: str, character_id: str) -> Path:
    """The pair's own zone; ZoneError for an id that cannot name one."""
    return pair_zone(_data_dir(deps), user_id, character_id)


class KnowledgeService:
    name = SERVICE_NAME
    description = ("Schreibt auf ausdrücklichen Auftrag etwas in Novas eigenes Wissen dieses Paars (knowledge/), "
                   "versioniert.")

    def __init__(self, root: Path | None = None) -> None:
        self._root = root  # tests: one fixed zone instead of the pair's

    def run(self, request: AgentRequest, deps: Any) -> ServiceResult:
        topic, paragraph = parse_order(request.text)
        if not paragraph:
            return ServiceResult(self.name, "rejected", texts.ASK_CONTENT, [{"schritt": "lesen", "inhalt": None}])
        try:
            root = self._root or pair_root(deps, request.user_id, request.character_id)
        except ZoneError as err:
            return ServiceResult(self.name, "fehler", texts.BAD_PAIR.format(grund=err),
                                 [{"schritt": "lesen", "fehler": str(err)}])
        zone = KnowledgeZone(root, judge=model_judge(deps.asker))
        name = file_name(topic, paragraph)
        steps: list[dict[str, Any]] = [{"schritt": "lesen", "thema": topic, "datei": name}]
        try:
            result = zone.insert(name, paragraph, request.now)
        except (ZoneError, AnchorInvariantError, ValueError, OSError) as err:
            steps.append({"schritt": "schreiben", "fehler": _without(str(err), root)})
            return ServiceResult(self.name, "fehler", texts.REFUSED.format(grund=_without(str(err), root)), steps)
        relative = zone.relative(result.path)
        shown = f"knowledge/{relative}"
        if result.status == "steht_schon_da":
            steps.append({"schritt": "schreiben", "ausgang": "steht_schon_da",
                          "naehe": result.verdict.weakest if result.verdict else None})
            return ServiceResult(self.name, "abgeschlossen", texts.ALREADY.format(pfad=shown), steps)
        data = {"wissen_datei": relative, "version": result.version}
        # the confirm step reads the text's versions back, not what the edit reported (issue 25 item 5)
        recorded = result.version is not None and any(v["version"] == result.version for v in zone.history(name))
        step = {"schritt": "schreiben", "ausgang": result.status, "version": result.version, "datei": relative,
                "verifiziert": recorded}
        if confirmed_status(None, wrote=True, verified=recorded) == FAILED:
            steps.append(step)
            return ServiceResult(self.name, FAILED, texts.NOT_CONFIRMED.format(pfad=shown), steps)
        if result.status == "geaendert":
            step["ersetzt"] = [{"alt": old, "neu": new} for old, new in result.replaced]
            said = "; ".join(texts.CHANGE.format(alt=old, neu=new) for old, new in result.replaced)
            answer = texts.CHANGED.format(pfad=shown, version=result.version, wechsel=said)
            steps.append(step)
            return ServiceResult(self.name, "abgeschlossen", answer, steps, data={**data, "ersetzt": step["ersetzt"]})
        steps.append(step)
        return ServiceResult(self.name, "abgeschlossen", texts.WRITTEN.format(pfad=shown, version=result.version),
                             steps, data=data)


def _without(message: str, root: Path) -> str:
    """An error message for a person: the zone's server path replaced by `knowledge`."""
    for shown in {str(root), os.path.realpath(root)}:
        message = message.replace(shown, "knowledge")
    return message
