"""Two more external sets: list and calendar commands from projects unrelated to this one
and to Home Assistant, each split into a development and a held-out part BEFORE any scoring.

- bonalyze_*: the German Alexa interaction model of *CarSten-tech/bonalyze*
  (`docs/alexa/interaction-model.de-DE.json`, README: "MIT License"), intents AddItems, RemoveItems and
  ReadList. The `{items}` slot is filled with items of `ITEMS`.
- calendar_*: the German calendar requests in *wmader23/multistage-assist* (fork of kr0ner/multistage-assist,
  MIT): its tests (`tests/test_calendar*.py`) and its wiki page `docs/wiki/Calendar-Events.md`.

Labels are read from each sentence under this product's specification (never from the rules under test):

- lists — `add_content` / `remove_content` with the list the sentence names; a sentence that names no list
  (*„Füge X hinzu"*, *„auf die Liste"*) expects the question which list (four lists exist: SOURCES.json);
  a need or wish statement without an order (*„Wir brauchen noch X"*, *„X haben wir schon"*,
  *„Ich hätte gerne X"*) is labelled `none`: notizen.md *Nur auf ausdrücklichen Auftrag* — nothing may be
  written (a question or an offer is fine); a read-out is `read`.
- calendar — `create` with the title and the time the sentence says; a create without a title or without
  a time expects the question for it (`title` / `when` empty), never a write.

Left out, with the reason in `LEFT_OUT`: templates that carry the skill's invocation name, and templates whose
meaning this product's spec leaves open between a list and a note (*„merke dir X"*, *„notiere X"*).

Split: a template goes to the held-out part when the first byte of sha256(template) is below 86 (about a
third), fixed before any figure was looked at. Tune only on *_dev.

Run: python -m bench.offline.external.gathered   (writes the four jsonl files)
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from bench.offline.external.build import _pick, write_set
from bench.offline.external.local import DATA, templates

HERE = Path(__file__).parent
ITEMS = ("Eier", "Käse", "Tomaten", "Backpapier", "Kaffee", "Hafermilch", "Öl", "Quark", "Klopapier", "Zwiebeln",
         "Spülmittel", "Butter", "Brot", "Mehl")
SHOP = "Einkaufsliste"
ADD, REMOVE, READ, NONE = "add_content", "remove_content", "read", "none"
PER_TEMPLATE = 3

# CarSten-tech/bonalyze @ 09e26b82b3f10ff7fdb75afb75639e7ff3d6dda0, docs/alexa/interaction-model.de-DE.json
BONALYZE: list[tuple[str, str, str]] = [tuple(t) for t in templates("bonalyze")]  # local: local.py

# Calendar: (action, title, when, sentence); `when` is an ISO local time on the bench's day (Wednesday
# 2026-11-11, Europe/Berlin), a date alone, or "" when the sentence says none.
# wmader23/multistage-assist @ 605f437e54d6ff015c68e3dde44504ab51f26f21
CALENDAR: list[tuple[str, str, str, str]] = [tuple(t) for t in templates("multistage_calendar")]

LEFT_OUT = {
    "bonalyze": {
        "notiere {items}, merke dir {items}, denk an {items}": "the spec leaves open: a note or a list item",
        "bonalyze …": "carry the skill's invocation name",
        "UpdateQuantity, OpenList, CreateList, ListLists, LinkAccount": "no list item command of this product",
    },
}


def held_out(template: str) -> bool:
    return hashlib.sha256(template.encode("utf-8")).digest()[0] < 86


def list_cases(held: bool) -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    for number, (action, meant, template) in enumerate(BONALYZE):
        if held_out(template) != held:
            continue
        picks = [_pick(ITEMS, f"{template}|{k}") for k in range(PER_TEMPLATE)] if "{item}" in template else [""]
        for item in dict.fromkeys(picks):
            text = template.replace("{item}", item)
            out.append({"text": text[:1].upper() + text[1:], "action": action, "list": meant, "item": item,
                        "source": f"CarSten-tech/bonalyze interaction-model.de-DE.json template {number}"})
    return out


def calendar_cases(held: bool) -> list[dict[str, str]]:
    return [{"text": text, "action": action, "title": title, "when": when,
             "source": "wmader23/multistage-assist tests and wiki"}
            for action, title, when, text in CALENDAR if held_out(text) == held]


def main() -> None:
    for name, rows in (("bonalyze_dev", list_cases(False)), ("bonalyze_heldout", list_cases(True)),
                       ("calendar_dev", calendar_cases(False)), ("calendar_heldout", calendar_cases(True))):
        write_set(DATA, name, rows)


if __name__ == "__main__":
    main()
