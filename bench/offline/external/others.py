"""A second external list-command set from projects that are NOT Home Assistant.

The first external set (dev.jsonl / heldout.jsonl) comes from one project's templates and its own tests;
its held-out part is therefore not independent. This set takes another, unrelated hand:

- others_heldout: the German sample utterances of the Alexa skill model in *robbash/shopping-list*
  (`ALEXA.md`, MIT) — never tuned on; only its figure is printed.

The templates are restated here in the hassil-like `(a|b)` / `[x]` notation of `build.py` (the sources
write them as Python f-strings and an Alexa JSON model); each template keeps its source's intent:
add → `add_content`, complete/remove → `remove_content`, a read-out → `read`, a question whether an item
is on the list → `none` (no write may happen). A template naming no list (*„Füge X hinzu"*, *„auf die
Liste"*) is labelled `ask`: four lists exist, so the right answer is to ask which one. *Einkaufszettel*,
*Shopping-Liste* and *Einkaufsliste* mean the Einkaufsliste.

(A development part from Home Intent's templates was gathered too and removed again: they are GPL-3.0, which
this proprietary project cannot carry — see SOURCES.json `not_used`.)

Run: python -m bench.offline.external.others   (writes others_heldout.jsonl)
"""

from __future__ import annotations

from pathlib import Path

from bench.offline.external.build import _choices, _pick, write_set
from bench.offline.external.local import DATA, templates

HERE = Path(__file__).parent
ITEMS = ("Eier", "Käse", "Tomaten", "Backpapier", "Kaffee", "Hafermilch", "Öl", "Quark", "Klopapier", "Zwiebeln",
         "Spülmittel", "Butter")
SHOP = "Einkaufsliste"

# robbash/shopping-list @ 153ffd316d839ad21cb007d5d2a7efcbb3780c8f, ALEXA.md (German interaction model)
ALEXA_MODEL: list[tuple[str, str, str]] = [tuple(t) for t in templates("robbash_alexa")]  # local: local.py

PER_TEMPLATE = 6  # items per expanded sentence of a template with an {item} slot


def cases(templates: list[tuple[str, str, str]], source: str) -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    for number, (action, meant, template) in enumerate(templates):
        for sentence in _choices(template):
            sentence = " ".join(sentence.split())
            picks = [_pick(ITEMS, f"{sentence}|{k}") for k in range(PER_TEMPLATE)] if "{item}" in sentence else [""]
            for item in dict.fromkeys(picks):
                text = sentence.replace("{item}", item)
                out.append({"text": text[:1].upper() + text[1:], "action": action, "list": meant, "item": item,
                            "source": f"{source} template {number}"})
    return out


def main() -> None:
    for name, restated, source in (("others_heldout", ALEXA_MODEL, "robbash/shopping-list ALEXA.md"),):
        rows = cases(restated, source)
        write_set(DATA, name, rows)


if __name__ == "__main__":
    main()
