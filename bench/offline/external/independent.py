"""A third external set: list and calendar requests from five more projects, none of them
Home Assistant's intents, robbash, bonalyze or multistage-assist, each with a licence a proprietary product can
carry. Split into a development and a held-out part by template BEFORE any scoring.

Sources (commits and licences in SOURCES.json `independent`):

- *paranerd/alexa-skill-shopping-list* (Apache-2.0): the German interaction model
  (`skill-package/interactionModels/custom/de-DE.json`), AddItem and ListItems samples;
- *philipp2310/snips-bring-shopping* (Apache-2.0): the German usage examples of its README (the wake word dropped);
- *sli-cka/vikunja-voice-assistant* (MIT): the German example phrases of `VOICE_COMMANDS.md` (task creation);
- *TheFes/ha-blueprints* (Apache-2.0): the German triggers of the calendar read-out blueprint
  (`documentation/calendar/translations/1_voice_calendar_entries_de.md`, by @nilsreiter and @felixschndr);
- *MycroftAI/skill-reminder* (Apache-2.0): the German reminder intents (`vocab/de-de/Reminder*.intent`,
  `GetRemindersForDay.intent`) — a reminder with a time is an entry in the timeline (timeline.md §3: create on
  *erinnere mich*), one without a time asks for it.

Labels are read from each sentence under this product's specification, never from the rules under test:

- lists — as in `gathered.py`: the list the sentence names, `ask` (empty list) when it names none (four lists
  exist), `read` for a read-out, `none` for a question whether an item is on a list. A task (*Aufgabe*) goes on
  the To-do-Liste (notizen.md §8: type `todo` holds tasks).
- calendar — `create` with the title and the time said (a create without a time expects the question for it),
  `read` for a question about a day.

Left out, with the reason in `LEFT_OUT`. Split: a template goes to the held-out part when the first byte of
sha256(template) is below 86 (about a third), fixed before any figure was looked at. Tune only on *_dev.

Run: python -m bench.offline.external.independent   (writes the four jsonl files)
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from bench.offline.external.build import _choices, _pick, write_set
from bench.offline.external.local import DATA, templates

HERE = Path(__file__).parent
ITEMS = ("Eier", "Käse", "Tomaten", "Backpapier", "Kaffee", "Hafermilch", "Quark", "Zwiebeln", "Butter", "Mehl",
         "Nudeln", "Joghurt", "Äpfel", "Senf")
TASKS = ("Lebensmittel kaufen", "Mama anrufen", "Bericht fertigstellen", "Fenster putzen", "Steuererklärung machen",
         "Rasen mähen")
SHOP, TODO = "Einkaufsliste", "To-do-Liste"
ADD, REMOVE, READ, NONE = "add_content", "remove_content", "read", "none"
PER_TEMPLATE = 3

# (action, list meant, template, source); {item} is filled from ITEMS, {task} from TASKS.
LISTS: list[tuple[str, str, str, str]] = [tuple(t) for t in templates("independent_lists")]  # local: local.py

FIXED_ITEMS: dict[str, str] = templates("independent_fixed_items", {})  # items the source wrote in

# Calendar: (action, title, when, template, source); `when` is an ISO local time on the bench's day (Wednesday
# 2026-11-11 09:30, Europe/Berlin) or "" when none is said. {day} of a read-out is filled from DAYS.
DAYS = ("heute", "morgen", "übermorgen", "montag", "freitag", "samstag")
CALENDAR: list[tuple[str, str, str, str, str]] = [tuple(t) for t in templates("independent_calendar")]

LEFT_OUT = {
    "paranerd": {
        "'{item}' alone": "an item alone is an order only inside the skill's own session",
        "'was steht drauf'": "names nothing; it reads the list of the skill's session",
        "ClearCompletedItemsIntent": "this product keeps no done state on a list",
    },
    "philipp2310": {"'(idea) Add List', '(idea) Change Quantity'": "marked as ideas, not built"},
    "vikunja": {"the expanded template of custom_sentences/de": "its free word order expands to ungrammatical orders"},
    "MycroftAI": {
        "Cancel/Clear/Snooze/DeleteReminderForDay": "about running reminders, which this product has none of",
        "'(könntest du mich|erinnere mich) … (erinnern|)' mixed": "only the two grammatical pairs are kept",
        "'nach {date}', 'in {timedate}'": "a span from now; restated with a day and a clock time instead",
    },
}


def held_out(template: str) -> bool:
    return hashlib.sha256(template.encode("utf-8")).digest()[0] < 86


def _fill(template: str, slot: str, values: tuple[str, ...]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for sentence in _choices(template):
        sentence = " ".join(sentence.split())
        if "{" + slot + "}" not in sentence:
            out.append((sentence, ""))
            continue
        picks = dict.fromkeys(_pick(values, f"{sentence}|{k}") for k in range(PER_TEMPLATE))
        out.extend((sentence.replace("{" + slot + "}", value), value) for value in picks)
    return out


def list_cases(held: bool) -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    for number, (action, meant, template, source) in enumerate(LISTS):
        if held_out(template) != held:
            continue
        slot, values = ("task", TASKS) if "{task}" in template else ("item", ITEMS)
        for text, value in _fill(template, slot, values):
            item = value or FIXED_ITEMS.get(template, "")
            out.append({"text": text[:1].upper() + text[1:], "action": action, "list": meant, "item": item,
                        "source": f"{source} template {number}"})
    return out


def calendar_cases(held: bool) -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    for number, (action, title, when, template, source) in enumerate(CALENDAR):
        if held_out(template) != held:
            continue
        rows = _fill(template, "day", DAYS)
        step = max(1, len(rows) // 8)
        for text, _day in rows[::step]:
            out.append({"text": text[:1].upper() + text[1:], "action": action, "title": title, "when": when,
                        "source": f"{source} template {number}"})
    return out


def main() -> None:
    for name, rows in (("indep_lists_dev", list_cases(False)), ("indep_lists_heldout", list_cases(True)),
                       ("indep_calendar_dev", calendar_cases(False)),
                       ("indep_calendar_heldout", calendar_cases(True))):
        write_set(DATA, name, rows)


if __name__ == "__main__":
    main()
