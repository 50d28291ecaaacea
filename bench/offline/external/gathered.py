"""Two more external sets (issue 26, stop 10): list and calendar commands from projects unrelated to this one
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

HERE = Path(__file__).parent
ITEMS = ("Eier", "Käse", "Tomaten", "Backpapier", "Kaffee", "Hafermilch", "Öl", "Quark", "Klopapier", "Zwiebeln",
         "Spülmittel", "Butter", "Brot", "Mehl")
SHOP = "Einkaufsliste"
ADD, REMOVE, READ, NONE = "add_content", "remove_content", "read", "none"
PER_TEMPLATE = 3

# CarSten-tech/bonalyze @ 09e26b82b3f10ff7fdb75afb75639e7ff3d6dda0, docs/alexa/interaction-model.de-DE.json
BONALYZE: list[tuple[str, str, str]] = [
    (ADD, SHOP, "füge {item} zur einkaufsliste hinzu"),
    (ADD, SHOP, "fuege {item} zur einkaufsliste hinzu"),
    (ADD, "", "füge {item} hinzu"),
    (ADD, "", "fuege {item} hinzu"),
    (ADD, "", "setze {item} auf die liste"),
    (ADD, SHOP, "schreibe {item} auf die einkaufsliste"),
    (NONE, "", "kaufe {item}"),
    (NONE, "", "ich brauche {item}"),
    (ADD, "", "bitte auf die liste {item}"),
    (ADD, "", "pack {item} auf die liste"),
    (ADD, "", "ergänze {item}"),
    (ADD, "", "ergaenze {item}"),
    (ADD, "", "füge auch {item} hinzu"),
    (ADD, "", "fuege auch {item} hinzu"),
    (ADD, "", "trage {item} ein"),
    (ADD, SHOP, "setze bitte {item} auf meine einkaufsliste"),
    (ADD, "", "nimm {item} mit auf"),
    (NONE, "", "wir brauchen noch {item}"),
    (ADD, "", "bitte {item} hinzufügen"),
    (ADD, "", "bitte {item} hinzufuegen"),
    (ADD, "", "schreib {item} auf"),
    (ADD, "", "auf die liste bitte {item}"),
    (NONE, "", "ich hätte gerne {item}"),
    (NONE, "", "ich haette gerne {item}"),
    (NONE, "", "wir müssen {item} kaufen"),
    (NONE, "", "wir muessen {item} kaufen"),
    (ADD, SHOP, "bitte {item} auf die einkaufsliste"),
    (ADD, "", "kannst du {item} aufschreiben"),
    (REMOVE, "", "entferne {item}"),
    (REMOVE, "", "streiche {item}"),
    (REMOVE, SHOP, "lösche {item} von der einkaufsliste"),
    (REMOVE, SHOP, "loesche {item} von der einkaufsliste"),
    (REMOVE, "", "nimm {item} von der liste"),
    (REMOVE, "", "nehme {item} von der liste"),
    (NONE, "", "wir brauchen {item} nicht mehr"),
    (REMOVE, "", "bitte entferne {item}"),
    (REMOVE, "", "lösch {item}"),
    (REMOVE, "", "loesch {item}"),
    (REMOVE, SHOP, "räume {item} von der einkaufsliste"),
    (REMOVE, SHOP, "raeume {item} von der einkaufsliste"),
    (REMOVE, "", "streiche bitte {item} von meiner liste"),
    (NONE, "", "wir haben {item} schon"),
    (REMOVE, "", "hake {item} ab"),
    (REMOVE, "", "streich {item} durch"),
    (REMOVE, "", "lösche bitte {item}"),
    (REMOVE, "", "loesche bitte {item}"),
    (NONE, "", "{item} brauchen wir nicht mehr"),
    (NONE, "", "{item} haben wir schon"),
    (NONE, "", "{item} ist erledigt"),
    (REMOVE, "", "{item} von der liste nehmen"),
    (READ, SHOP, "was steht auf meiner einkaufsliste"),
    (READ, SHOP, "lies meine einkaufsliste vor"),
    (READ, "", "welche produkte habe ich auf der liste"),
    (READ, SHOP, "was muss ich einkaufen"),
    (READ, SHOP, "nenne mir meine einkaufsliste"),
    (READ, "", "welche artikel sind auf meiner liste"),
    (READ, SHOP, "zeige meine einkaufsliste"),
    (READ, SHOP, "wie sieht meine einkaufsliste aus"),
    (READ, "", "was steht aktuell auf der liste"),
    (READ, SHOP, "sag mir meine einkaufsliste"),
    (READ, SHOP, "einkaufsliste vorlesen"),
    (READ, SHOP, "was muss ich noch kaufen"),
    (READ, "", "was steht auf der liste"),
    (READ, "", "liste vorlesen bitte"),
    (READ, SHOP, "was ist auf der einkaufsliste"),
    (READ, "", "was haben wir auf der liste"),
    (READ, "", "zeig mir die liste"),
]

# Calendar: (action, title, when, sentence); `when` is an ISO local time on the bench's day (Wednesday
# 2026-11-11, Europe/Berlin), a date alone, or "" when the sentence says none.
# wmader23/multistage-assist @ 605f437e54d6ff015c68e3dde44504ab51f26f21
CALENDAR: list[tuple[str, str, str, str]] = [
    ("create", "", "2026-11-12T15:00", "Erstelle einen Kalendereintrag für morgen 15.00 Uhr"),
    ("create", "", "2026-11-12T10:00", "Erstelle einen Termin für morgen um 10 Uhr"),
    ("create", "", "2026-11-12T14:00", "Termin morgen um 14 Uhr"),
    ("create", "", "", "Kalendereintrag für nächste Woche"),
    ("create", "Zahnarzt", "", "Erstelle einen Termin beim Zahnarzt"),
    ("create", "", "2026-11-16T09:00", "Termin am Montag um 9 Uhr"),
    ("create", "", "", "Erstelle einen Termin"),
    ("create", "Zahnarzt", "", "Erstelle einen Termin Zahnarzt"),
    ("create", "", "2026-11-12T10:00", "Termin morgen um 10 Uhr"),
    ("create", "", "2026-11-12", "Termin morgen"),
    ("create", "", "2026-11-12T15:00", "Erstelle einen Termin morgen um 15 Uhr"),
    ("create", "Zahnarzt", "2026-11-12T10:00", "Termin morgen um 10 Uhr beim Zahnarzt"),
    ("create", "", "2026-11-12T15:00", "Termin morgen von 15 Uhr bis 18 Uhr"),
    ("create", "Arzttermin", "2026-11-16T14:30", "Arzttermin nächsten Montag 14:30 in der Praxis Dr. Müller"),
    ("create", "", "", "Kalendereintrag erstellen"),
    ("create", "", "", "neuer termin"),
    ("create", "", "", "termin erstellen"),
]

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
        write_set(HERE, name, rows)


if __name__ == "__main__":
    main()
