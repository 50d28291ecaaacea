"""The offline model's rules and the per-task temperatures come from the one explicit list
(`api.catalog`), handed to the connector by `Nova.open` — a module that defines a rule registers nothing, and
the order in which modules are imported changes no table."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from novaberg.api import catalog
from novaberg.api import nova as nova_module
from novaberg.api.catalog import OFFLINE_RULES, TEMPERATURES, offline_rules, temperatures
from novaberg.api.nova import Nova
from novaberg.core.errors import ModelError
from novaberg.llm.base import Prompt
from novaberg.llm.offline import OfflineLLM
from novaberg.store.stack import Stack
from tests.agents.fresh_imports import run_fresh

# Every module that defines an offline rule (and the judges, which define the temperatures).
RULE_MODULES = (
    "novaberg.tribunal.judges", "novaberg.memory.salience", "novaberg.files.knowledge.judge",
    "novaberg.files.knowledge.gate", "novaberg.files.metadata", "novaberg.files.deepening.decide",
    "novaberg.files.agent.classify", "novaberg.files.reading.classify", "novaberg.pixie.events",
    "novaberg.timeline.events", "novaberg.timeline.agent.classify", "novaberg.notes.agent.offline",
    "novaberg.directives.agent", "novaberg.graph.compose", "novaberg.graph.evaluate", "novaberg.graph.router",
)

_PROBE = """
import importlib, json, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
from novaberg.api.catalog import offline_rules, temperatures
rules = offline_rules()
print(json.dumps({"rules": {task: f"{rule.__module__}.{rule.__qualname__}" for task, rule in rules.items()},
                  "temperatures": dict(temperatures())}))
"""

# A module's import must leave every module-level container of `novaberg.llm` as it was.
_GLOBALS_PROBE = """
import importlib, json, pkgutil, sys
import novaberg.llm
modules = [importlib.import_module(f"novaberg.llm.{m.name}") for m in pkgutil.iter_modules(novaberg.llm.__path__)]

def sizes():
    return {f"{module.__name__}.{name}": len(value) for module in modules for name, value in vars(module).items()
            if isinstance(value, (dict, list, set))}

before = sizes()
for name in sys.argv[1:]:
    importlib.import_module(name)
after = sizes()
from novaberg.llm.offline import OfflineLLM
print(json.dumps({"changed": sorted(k for k in after if after[k] != before.get(k)),
                  "empty_tasks": OfflineLLM({}).describe()["tasks"]}))
"""


@pytest.fixture(scope="module")
def probes() -> dict[str, dict[str, Any]]:
    """The four fresh-import probes of this module, run in one interpreter (one forked child each)."""
    plain, rules_first, reversed_order, globals_probe = run_fresh([
        (_PROBE, ()), (_PROBE, RULE_MODULES), (_PROBE, tuple(reversed(RULE_MODULES))),
        (_GLOBALS_PROBE, (*RULE_MODULES, "novaberg.api.catalog"))])
    return {"plain": plain, "rules_first": rules_first, "reversed": reversed_order, "globals": globals_probe}


def test_importing_modules_in_another_order_changes_no_rule_and_no_temperature(probes):
    plain = probes["plain"]
    assert plain == probes["rules_first"] == probes["reversed"]
    assert len(plain["rules"]) == 19
    assert plain["temperatures"] == {"tribunal_jurist": 0.2, "tribunal_psychologe": 0.2, "tribunal_ethik": 0.2}


def test_importing_a_module_with_a_rule_registers_nothing_globally(probes):
    """No module-level table of `novaberg.llm` grows when the rule modules (or the catalog) are imported, and a
    connector built without rules knows no task."""
    found = probes["globals"]
    assert found == {"changed": [], "empty_tasks": 0}


def test_a_connector_without_the_task_is_loud():
    llm = OfflineLLM({"router": offline_rules()["router"]})
    with pytest.raises(ModelError, match="the offline model has no rule for task 'compose'"):
        llm.complete("compose", Prompt("s", "u"), {})
    assert llm.describe()["tasks"] == 1


def _prompt_tasks() -> set[str]:
    """Tasks with a prompt of their own: `<task>.system.txt` under prompts/default, minus the shared frames."""
    folder = resources.files("novaberg") / "prompts" / "default"
    names = [entry.name for entry in folder.iterdir() if entry.name.endswith(".txt")]
    shared = {"tribunal", "verfasser"}  # the judges' common frame (tribunal.md §4.1), the composer's blocks
    assert shared <= {name.split(".")[0] for name in names}, "a shared frame is gone: update this list"
    return {name.removesuffix(".system.txt") for name in names if name.endswith(".system.txt")} - shared


def test_every_prompted_task_has_an_offline_rule_and_every_rule_a_prompt():
    """A forgotten catalog entry (a prompt without a rule) or a stale one (a rule without a prompt) fails here."""
    assert set(offline_rules()) == _prompt_tasks()


def test_the_catalog_lists_every_task_once_and_every_temperature_for_a_known_task():
    tasks = [task for task, _ in OFFLINE_RULES]
    assert len(tasks) == len(set(tasks)) == len(offline_rules())
    assert {task for task, _ in TEMPERATURES} <= set(tasks)


def test_a_task_listed_twice_is_refused(monkeypatch):
    monkeypatch.setattr(catalog, "OFFLINE_RULES", (*OFFLINE_RULES, OFFLINE_RULES[0]))
    with pytest.raises(ValueError, match="offline rule listed twice in the catalog: router"):
        offline_rules()
    monkeypatch.setattr(catalog, "TEMPERATURES", (*TEMPERATURES, ("tribunal_ethik", 0.5)))
    with pytest.raises(ValueError, match="temperature listed twice in the catalog: tribunal_ethik"):
        temperatures()


def test_the_tables_are_read_only():
    with pytest.raises(TypeError):
        offline_rules()["router"] = len  # type: ignore[index]
    with pytest.raises(TypeError):
        temperatures()["compose"] = 0.9  # type: ignore[index]


@pytest.fixture
def opened(db: Any, redis: Any, tmp_path: Any, monkeypatch: Any):
    """`Nova.open` over the test's database and Redis (no embedded servers): only the connector is under test."""
    monkeypatch.setattr(nova_module.Stack, "open", classmethod(lambda cls, settings, **_: Stack(db=db, redis=redis)))

    def open_with(llm: str) -> Nova:
        return Nova.open(data_dir=tmp_path / "data", llm=llm, embedder="hashing")

    return open_with


def test_nova_open_hands_the_catalog_rules_to_the_offline_connector(opened):
    nova = opened("offline")
    assert isinstance(nova.llm, OfflineLLM)
    assert dict(nova.llm.rules) == dict(offline_rules())
    assert nova.llm.describe()["tasks"] == len(OFFLINE_RULES) == 19
    # the event rule used to be known only once `pixie.events` had been imported
    answer = nova.llm.complete("timeline_events", Prompt("s", "u"), {"candidate_list": []})
    assert json.loads(answer.text) == {"ereignisse": []}


@pytest.mark.parametrize("spec", ["ollama:gemma3", "openai:qwen"])
def test_nova_open_hands_the_catalog_temperatures_to_a_model_server(opened, spec):
    nova = opened(spec)
    assert dict(nova.llm.temperatures) == dict(temperatures())
    assert nova.llm.temperatures["tribunal_jurist"] == 0.2
