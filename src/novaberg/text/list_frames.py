"""List-command frames the German command reader (text/commands.py) leaves open (Bot Framework dev set): each frame
names its list and its items apart, so an item never carries a list phrase, and is read straight into the reader's
`ListCommand` — never rewritten into another sentence for the reader to read again.

- the list said first, the order after (*„Einkaufsliste, lösche Eier"*, *„Aufgabenliste lösche Paris-Urlaub"*);
- a task by its noun (*„Entferne Aufgabe zum Rasenmähen"*, *„Lösche Aufgabe, kaufe Milch"*, *„Aufgabe erledigt,
  kaufe Kaugummi"*) — the To-do-Liste;
- a done mark (*„Markiere Erdnüsse auf meiner Lebensmittelliste als erledigt"*, *„Markiere, kaufe Fisch, als
  erledigt"*) takes the item off (the product keeps no done state); without a list the search asks or finds the one
  list that holds it;
- *„Lass die Milch in der Lebensmittelliste weg"* takes off;
- the order first, the items after a comma (*„Füge meiner Aufgabenliste hinzu, Kleidung abholen"*, *„Füge einen
  Artikel hinzu, Snacks kaufen"* — no list said: the search asks which), and *„zu meinen Aufgaben"*.

`read_frame(text)` returns the command of a frame, its container None when no list was named; `topic_first(text)`
the order of *„Einkaufsliste, lösche Eier"* read with the list said first (`commands.read_order_on_list`).
"""

from __future__ import annotations

import re

from novaberg.text.commands import ADD, FROM, REMOVE, TO, Container, ListCommand, read_order_on_list
from novaberg.text.lexicon import delete_verb_spellings
from novaberg.text.per_turn import read_once
from novaberg.text.words import alternation

__all__ = ["read_frame", "topic_first", "FRAME_VERB"]

FRAME_VERB = "frame"  # the `verb` of a frame's command: read by a frame, not by a verb of the lexicon
_TODO = "To-do-Liste"
_I = re.IGNORECASE
_DET = r"(?:(?:die|der|den|dem|meine|meiner|meinem|meinen|unsere|unserer|unserem|unseren)\s+)?"
_LIST = r"(?P<c>[\w-]*?(?:liste|listen|zettel))"
_TASK = r"(?:aufgabe|to-?do|task)(?![\w-])"
_POSTEN = r"(?:artikel|posten|einkaufsposten|eintrag|punkt)"
_DONE = r"(?:erledigt|abgeschlossen|beendet|fertig|gekauft|besorgt)"
_END = r"\s*(?:,?\s*bitte)?\s*[.!]*\s*$"
_ITEMS = r"(?P<items>[^,]+?(?:\s*,\s*[^,]+?)*?)"

_DELETE = alternation(delete_verb_spellings())
_TOPIC_FIRST = re.compile(rf"^{_DET}{_LIST}\s*[,:]?\s+(?P<rest>(?:{_DELETE}|hak|nimm|setz|füg|fueg|schreib)"
                          rf"\w*\s+.+?){_END}", _I)
_TASK_OFF = re.compile(rf"^(?:{_DELETE}|hak)\w*\s+(?:die\s+|meine\s+)?{_TASK}\s*(?:[,:]|\bzum\b|\bzur\b)?"
                       rf"\s*(?P<items>.+?)(?:\s+(?:ab|durch|weg))?{_END}", _I)
_TASK_DONE = re.compile(rf"^(?:die\s+)?{_TASK}\s+(?:ist\s+)?{_DONE}\s*[,:]\s*(?P<items>.+?){_END}", _I)
_MARK = re.compile(rf"^markier\w*\s*,?\s*(?:(?:die|den|das)\s+)?(?P<task>{_TASK}\s*,?\s*)?(?:(?:den|das)\s+{_POSTEN}\s+)?"
                   rf"{_ITEMS}\s*,?\s*(?:(?:auf|in|von)\s+{_DET}{_LIST}\s+)?als\s+{_DONE}{_END}", _I)
_DONE_WITH = re.compile(rf"^fertig\s+mit\s+(?:(?:der|dem)\s+)?(?:{_TASK}\s+)?(?P<items>.+?)\s+(?:in|auf)\s+{_DET}{_LIST}{_END}", _I)
_LEAVE_OUT = re.compile(rf"^lass\w*\s+(?:(?:die|den|das)\s+)?(?P<items>.+?)\s+(?:in|von|aus|auf)\s+{_DET}{_LIST}\s+weg{_END}", _I)
_ADD_THEN_ITEMS = re.compile(rf"^(?:füg|fueg)\w*\s+{_DET}{_LIST}\s+hinzu\s*[,:]\s*(?P<items>.+?){_END}", _I)
_NEW_ENTRY = re.compile(rf"^(?:füg|fueg|erstell|leg)\w*\s+(?:(?:eine|einen|ein|die|neue|neuen)\s+)*(?P<noun>{_TASK}|{_POSTEN})"
                        rf"\s*(?:an|hinzu)?\s*[,:]\s*(?P<items>.+?){_END}", _I)
_TO_TASKS = re.compile(rf"^(?:füg|fueg)\w*\s*,?\s*(?P<items>.+?)\s*,?\s+(?:zu|in)\s+(?:meinen|den|unseren)\s+(?:aufgaben|to-?dos)"
                       rf"\s+hinzu{_END}", _I)


def _clean_items(items: str) -> str:
    return items.strip(" ,.:;")


_BUY_AROUND = re.compile(r"^(?:(?:kauf|kaufe|besorg|besorge|hol|hole)\s+)?(?:(?:einige|ein\s+paar|etwas)\s+)?(?P<item>.+?)"
                         r"(?:\s+(?:kaufen|besorgen|holen))?$", _I)


def _shopping_item(items: str) -> str:
    """*Füge einen Artikel hinzu, einige Snacks kaufen*: an article to buy is the thing — *Snacks*, not the errand."""
    m = _BUY_AROUND.match(items)
    return m.group("item") if m else items


def _command(action: str, target: str, items: str) -> ListCommand:
    container = Container(target, target, TO if action == ADD else FROM) if target else None
    return ListCommand(action, items, container, FRAME_VERB)


def read_frame(text: str) -> ListCommand | None:
    """The command of a frame above (its container None when no list was said), or None; once per turn."""
    said = " ".join(text.split())
    return read_once("list_frame", said, lambda: _read_frame(said))


def _read_frame(said: str) -> ListCommand | None:
    if m := _TASK_OFF.match(said):
        return _command(REMOVE, _TODO, _clean_items(m.group("items")))
    if m := _TASK_DONE.match(said):
        return _command(REMOVE, _TODO, _clean_items(m.group("items")))
    if m := _MARK.match(said):
        target = m.group("c") or (_TODO if m.group("task") else "")
        return _command(REMOVE, target, _clean_items(m.group("items")))
    if m := _DONE_WITH.match(said):  # *Fertig mit der Aufgabe Tapiokastärke in unserer Einkaufsliste*
        return _command(REMOVE, m.group("c"), _clean_items(m.group("items")))
    if m := _LEAVE_OUT.match(said):
        return _command(REMOVE, m.group("c"), _clean_items(m.group("items")))
    if m := _ADD_THEN_ITEMS.match(said):
        return _command(ADD, m.group("c"), _clean_items(m.group("items")))
    if m := _NEW_ENTRY.match(said):
        if re.fullmatch(_TASK, m.group("noun"), _I):
            return _command(ADD, _TODO, _clean_items(m.group("items")))
        return _command(ADD, "", _shopping_item(_clean_items(m.group("items"))))
    if m := _TO_TASKS.match(said):
        return _command(ADD, _TODO, _clean_items(m.group("items")))
    return None


def topic_first(text: str) -> ListCommand | None:
    """*„Einkaufsliste, lösche Eier"*: the order read with the list said first as its container, or None."""
    said = " ".join(text.split())
    return read_once("topic_first", said, lambda: _topic_first(said))


def _topic_first(said: str) -> ListCommand | None:
    m = _TOPIC_FIRST.match(said)
    if m is None:
        return None
    return read_order_on_list(m.group("rest"), m.group("c"))
