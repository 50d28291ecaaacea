"""Build the external list-command set from sentences nobody on this project wrote.

- dev: the German sentence templates of Home Assistant's intents (`home-assistant-intents` on PyPI,
  version in SOURCES; data CC BY 4.0, package Apache-2.0), expanded here: every alternative and optional
  part, items and list names varied, closing particles and the package's own polite skip words
  (*kannst du*, *könntest du*, *bitte*, *danke*) added the way the package's matcher allows them.
- held-out: the same project's hand-written German test sentences (`tests/de/Hass*List*/*.yaml` of the
  intents repository at the commit in SOURCES) — another artefact written by other hands; never tuned on.

Each sentence is labelled by its template's intent — add/complete/remove → `add_content`/`remove_content`,
the list the template names — never by the rules under test. A container without a name (*meine Liste*,
*unsere Liste*) is labelled `ask`: two lists exist, so the only right answer is to ask which one.

Run once (needs the package installed and the repository checked out): writes dev.jsonl / heldout.jsonl.
  python -m bench.offline.external.build --intents-repo PATH
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

from bench.offline.external.local import set_path

HERE = Path(__file__).parent
ITEMS = ("Eier", "Käse", "Tomaten", "Backpapier", "Kaffee", "Hafermilch", "Öl", "Spachtel", "Quark", "Klopapier")
INTENT_ACTION = {
    "HassShoppingListAddItem": "add_content", "HassListAddItem": "add_content",
    "HassShoppingListCompleteItem": "remove_content", "HassListCompleteItem": "remove_content",
    "HassListRemoveItem": "remove_content",
}
LIST_NAMES = {"Baumarkt": "Baumarkt", "Einkauf": "Einkaufsliste"}  # {name} of the templates → the list meant
POLITE = ("kannst du", "könntest du", "würdest du")  # from the package's skip_words
ENDINGS = ("", " bitte", ", bitte", ", danke")
SAMPLE_PER_TEMPLATE = 24


def _choices(template: str) -> list[str]:
    """Expand (a|b) and [x] of a hassil template (no nesting deeper than the data uses)."""
    out = [""]
    i = 0
    while i < len(template):
        ch = template[i]
        if ch in "([":
            depth, j = 1, i + 1
            while depth:
                depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(template[j], 0)
                j += 1
            inner = template[i + 1:j - 1]
            parts = _split_top(inner)
            options = [opt for part in parts for opt in _choices(part)]
            if ch == "[":
                options.append("")
            out = [prefix + opt for prefix in out for opt in options]
            i = j
        else:
            out = [prefix + ch for prefix in out]
            i += 1
    return out


def _split_top(text: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for k, ch in enumerate(text):
        depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(ch, 0)
        if ch == "|" and depth == 0:
            parts.append(text[start:k])
            start = k + 1
    parts.append(text[start:])
    return parts


def _pick(seq: tuple[str, ...], key: str) -> str:
    return seq[int(hashlib.sha256(key.encode()).hexdigest(), 16) % len(seq)]


def _label(intent: str, sentence: str, list_name: str) -> str:
    if intent.startswith("HassShoppingList"):
        if re.search(r"einkaufs\s*liste|einkauf\b", sentence, re.IGNORECASE):
            return "Einkaufsliste"
        return ""  # a bare *Liste*: two lists exist → ask
    return list_name


def dev_cases() -> Iterator[dict[str, str]]:
    data = json.loads(resources.files("home_assistant_intents").joinpath("data/de.json").read_text("utf-8"))
    rules = data["expansion_rules"]
    for intent, action in INTENT_ACTION.items():
        for block_no, block in enumerate(data["intents"][intent]["data"]):
            for t_no, template in enumerate(block["sentences"]):
                template = re.sub(r"<(\w+)>", lambda m: rules[m.group(1)], template)
                names = LIST_NAMES if "{name}" in template else {"": ""}
                expanded = []
                for raw_name, meant in names.items():
                    for sentence in _choices(template):
                        expanded.append((" ".join(sentence.replace("{name}", raw_name).split()), meant))
                expanded = sorted(set(expanded))
                step = max(1, len(expanded) // SAMPLE_PER_TEMPLATE)
                for sentence, meant in expanded[::step]:
                    key = f"{intent}|{sentence}"
                    item = _pick(ITEMS, key)
                    text = re.sub(r"\{\w+:item\}", item, sentence)
                    if text.split()[0] == item and _pick(("", "polite"), key + "p"):
                        text = f"{_pick(POLITE, key + 'f')} {text}"
                    text = text[:1].upper() + text[1:] + _pick(ENDINGS, key + "e")
                    yield {"text": text, "action": action, "list": _label(intent, text, meant), "item": item,
                           "source": f"home-assistant-intents de.json {intent} block {block_no} template {t_no}"}


def heldout_cases(repo: Path, commit: str) -> Iterator[dict[str, str]]:
    import yaml  # noqa: PLC0415 - only the one-time build reads YAML

    for intent, action in INTENT_ACTION.items():
        listing = subprocess.run(["git", "-C", str(repo), "ls-tree", "--name-only", commit, f"tests/de/{intent}/"],
                                 capture_output=True, text=True, check=True).stdout.split()
        for path in listing:
            doc = yaml.safe_load(subprocess.run(["git", "-C", str(repo), "show", f"{commit}:{path}"],
                                                capture_output=True, text=True, check=True).stdout)
            for test in doc["tests"]:
                slots = test.get("slots", {})
                item = slots.get("item", "")
                name = slots.get("name", "")
                for sentence in test["sentences"]:
                    if intent.startswith("HassShoppingList"):
                        meant = _label(intent, sentence, "")
                    else:
                        meant = {"Haushalt": "Haushalt", "To-Do": "To-do-Liste"}.get(name, name)
                    yield {"text": sentence, "action": action, "list": meant, "item": item,
                           "source": f"OHF-Voice/intents {path}"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--intents-repo", type=Path, required=True)
    parser.add_argument("--commit", default="HEAD")
    args = parser.parse_args()
    commit = subprocess.run(["git", "-C", str(args.intents_repo), "rev-parse", args.commit], capture_output=True,
                            text=True, check=True).stdout.strip()
    for name, cases in (("dev", list(dev_cases())), ("heldout", list(heldout_cases(args.intents_repo, commit)))):
        set_path(name).parent.mkdir(parents=True, exist_ok=True)
        with set_path(name).open("w", encoding="utf-8") as out:  # dev beside this module, heldout in data/ (local.py)
            for case in cases:
                out.write(json.dumps(case, ensure_ascii=False) + "\n")
        print(name, len(cases))
    print(f"the held-out part comes from OHF-Voice/intents @ {commit}: name it in SOURCES.json")


def write_set(folder: Path, name: str, rows: list[dict]) -> None:
    """One labelled set as JSON lines `<folder>/<name>.jsonl` (every external set is written this way)."""
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / f"{name}.jsonl").open("w", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(name, len(rows))


if __name__ == "__main__":
    main()
