"""Score the offline model on the external list-command set, without a database.

Each sentence goes the way a turn takes it: the offline router, then the notes classification (with the
§3 container rule) and the rewrite reading of the items. The target is resolved against the lists that
exist (SOURCES.json) the way the search node treats names (`names.names_agree`: a named list is never
another list; a bare container word is no name). Outcomes:

- done: the expected action, on the expected list, with exactly the expected item;
- asked: the sentence names no list (*meine Liste*) and Nova asks which — right when that was expected;
- not done: no write (refused, routed elsewhere, list not found, a needless question);
- refused at the write path (counted as not done): an added item holding a list phrase (crud's invariant);
- a read-out (label `read`) is done when the notes read; a question whether an item is on a list, or a need
  statement without an order (label `none`), is done when nothing is written (asking which list writes nothing);
- WRONG write: a write that lands on another list, writes another item text (a container phrase or a
  preposition inside the item), the other action, or a write where a question was due.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.offline.external.local import ExternalSetMissing, set_path
from bench.offline.score import CATALOG, WRITING
from novaberg.api.catalog import offline_rules
from novaberg.graph.router import route
from novaberg.llm.ask import Asker
from novaberg.llm.offline import OfflineLLM
from novaberg.notes.agent.classify import read_classification
from novaberg.notes.agent.const import TASK_CLASSIFY
from novaberg.notes.agent.names import distinguishing_word, is_bare_container, names_agree, synonym_target
from novaberg.notes.agent.offline import operation_scope, parse
from novaberg.text.commands import unsafe_item_text
from novaberg.text.words import fold_umlauts

__all__ = ["ExternalReport", "item_options", "load", "score_external"]

HERE = Path(__file__).parent
DONE, ASKED, NOT_DONE, WRONG = "done", "asked", "not done", "WRONG write"
READ, NO_WRITE = "read", "none"  # labels of a read-out and of a question that must not write


@dataclass
class ExternalReport:
    total: int = 0
    outcomes: Counter = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=dict)

    @property
    def meant(self) -> int:
        return self.outcomes[DONE] + self.outcomes[ASKED]


def load(part: str) -> list[dict[str, str]]:
    path = set_path(part)
    if not path.is_file():
        raise ExternalSetMissing(f"external set {part!r} is not on this machine ({path}); see bench/offline/external/local.py")
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def _lists() -> list[str]:
    return list(json.loads((HERE / "SOURCES.json").read_text(encoding="utf-8"))["lists_present"])


def _key(name: str) -> str:
    folded = "".join(ch for ch in fold_umlauts(name.casefold()) if ch.isalpha())
    return distinguishing_word(name) or ("" if folded in ("liste", "listen") else folded)


def _agrees(said: str, name: str) -> bool:
    if not said or not name:
        return False
    short = min(len(said), len(name))
    return short >= 4 and (said.startswith(name[:short]) or name.startswith(said[:short]))


def resolve(target: str, lists: list[str]) -> tuple[str, str]:
    """(outcome, list): ('list', name) for one list; ('ask', '') for none named; ('missing', '')."""
    said = _key(target)
    if not said:
        return "guess", ""
    found = [name for name in lists if _agrees(said, _key(name) or fold_umlauts(name.casefold()))]
    meant = synonym_target(target)
    if not found and meant:  # *Lebensmittelliste*, *Aufgaben*: the person's list of that meaning (the search node)
        found = [name for name in lists if names_agree(meant, name)]
    if len(found) == 1:
        return "list", found[0]
    return ("ask", "") if found else ("missing", "")


def _fold(text: str) -> str:
    return " ".join(fold_umlauts(text.casefold()).split())


def item_options(item: str) -> list[list[str]]:
    """The item texts a label accepts: ' | ' separates alternatives, ' ; ' the lines of one (several items said at
    once). A plain item is one option of one line."""
    return [[line.strip() for line in option.split(";") if line.strip()] for option in item.split("|")]


def judge(case: dict[str, str], asker: Asker, lists: list[str]) -> tuple[str, str]:
    """(outcome, what happened) of one sentence."""
    text = case["text"]
    decision = route(asker, text, [], "Mittwoch, 2026-11-11", CATALOG)
    domain = decision["domain"]
    if domain != "notizen":
        if case["action"] == NO_WRITE:
            return DONE, f"routed to {domain} (no write)"
        return NOT_DONE, f"routed to {domain}"
    fields = asker.ask(TASK_CLASSIFY, {"text": text, "kontext": "(kein Verlauf)", "verlauf": []}).fields
    reading: dict[str, Any] = read_classification(fields)
    action = reading["action"]
    if action == "delete" and operation_scope(text) == "inhalt":
        action = "remove_content"
    if case["action"] in (READ, NO_WRITE):
        said = f"{action} → {reading.get('target')!r}"
        if action in WRITING["notizen"] and not _asks_which_list(action, reading, fields):
            return WRONG, said + " (a write where none was asked for)"
        if action in WRITING["notizen"]:  # the question which list writes nothing; the person decides
            return (DONE, said + " (asks which list)") if case["action"] == NO_WRITE else (NOT_DONE, said)
        return (DONE, said) if case["action"] == NO_WRITE or action == READ else (NOT_DONE, said)
    if action not in WRITING["notizen"]:
        return NOT_DONE, f"{action}: {reading.get('grund', '')}"
    if fields.get("mehrdeutig"):
        return (ASKED if not case["list"] else NOT_DONE), "asked which list"
    if is_bare_container(reading.get("target", "")) and action in ("add_content", "remove_content"):
        # the search node asks which list when several exist (notes/agent/search.py `_which_list`)
        return (ASKED if not case["list"] else NOT_DONE), "asked which list"
    kind, landed = resolve(reading.get("target", ""), lists)
    if kind in ("missing", "ask") and action in ("add_content", "remove_content"):
        return NOT_DONE, f"target {reading.get('target')!r}: {kind}"
    items = parse(text, ()).items
    said = f"{action} {list(items)} → {landed or reading.get('target')!r}"
    clean = any([_fold(i) for i in items] == [_fold(x) for x in option] for option in item_options(case["item"]))
    if not reading.get("target", "").strip():  # the search node asks for the list; the answer writes the items
        if not clean and not (action == "add_content" and any(unsafe_item_text(i) for i in items)):
            return WRONG, said + " (asks for the list, then writes this item text)"
        return (ASKED if not case["list"] else NOT_DONE), said + " (asks for the list)"
    if kind == "guess":
        return WRONG, said + " (a list the sentence did not name)"
    if not case["list"]:
        return WRONG, said + " (should have asked which list)"
    if action != case["action"] or landed != case["list"]:
        return WRONG, said
    if not clean and action == "add_content" and any(unsafe_item_text(i) for i in items):
        return NOT_DONE, said + " (refused at the write path: a list phrase in the item)"
    if not clean:
        return WRONG, said + " (item text)"
    return DONE, said


def _asks_which_list(action: str, reading: dict[str, Any], fields: dict[str, Any]) -> bool:
    """Whether the search node would ask which list before any write (no list named, or one that fits two)."""
    if action not in ("add_content", "remove_content"):
        return False
    target = str(reading.get("target", ""))
    return bool(fields.get("mehrdeutig")) or not target.strip() or is_bare_container(target)


def score_external(part: str) -> ExternalReport:
    asker = Asker(OfflineLLM(offline_rules()))
    lists = _lists()
    report = ExternalReport()
    for case in load(part):
        outcome, said = judge(case, asker, lists)
        report.total += 1
        report.outcomes[outcome] += 1
        report.examples.setdefault(outcome, []).append(f"{case['text']!r}: {said}")
    return report
