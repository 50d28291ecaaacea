"""List-command frames the German command reader (text/commands.py) leaves open, read on the notes' side (issue 26,
Bot Framework dev set): each frame names its list and its items apart, so an item never carries a list phrase.

- the list said first, the order after (*„Einkaufsliste, lösche Eier"*, *„Aufgabenliste lösche Paris-Urlaub"*);
- a task by its noun (*„Entferne Aufgabe zum Rasenmähen"*, *„Lösche Aufgabe, kaufe Milch"*, *„Aufgabe erledigt,
  kaufe Kaugummi"*) — the To-do-Liste;
- a done mark (*„Markiere Erdnüsse auf meiner Lebensmittelliste als erledigt"*, *„Markiere, kaufe Fisch, als
  erledigt"*) takes the item off (the product keeps no done state); without a list the search asks or finds the one
  list that holds it;
- *„Lass die Milch in der Lebensmittelliste weg"* takes off;
- the order first, the items after a comma (*„Füge meiner Aufgabenliste hinzu, Kleidung abholen"*, *„Füge einen
  Artikel hinzu, Snacks kaufen"* — no list said: the search asks which), and *„zu meinen Aufgaben"*.

`read_frame(text)` returns (action, target, items as said) or None; `target` '' means no list was named.
"""

from __future__ import annotations

import re

__all__ = ["read_frame", "topic_first"]

ADD, REMOVE = "add_content", "remove_content"
_TODO = "To-do-Liste"
_I = re.IGNORECASE
_DET = r"(?:(?:die|der|den|dem|meine|meiner|meinem|meinen|unsere|unserer|unserem|unseren)\s+)?"
_LIST = r"(?P<c>[\w-]*?(?:liste|listen|zettel))"
_TASK = r"(?:aufgabe|to-?do|task)(?![\w-])"
_POSTEN = r"(?:artikel|posten|einkaufsposten|eintrag|punkt)"
_DONE = r"(?:erledigt|abgeschlossen|beendet|fertig|gekauft|besorgt)"
_END = r"\s*(?:,?\s*bitte)?\s*[.!]*\s*$"
_ITEMS = r"(?P<items>[^,]+?(?:\s*,\s*[^,]+?)*?)"

_TOPIC_FIRST = re.compile(rf"^{_DET}{_LIST}\s*[,:]?\s+(?P<rest>(?:lösch|loesch|streich|entfern|hak|nimm|setz|füg|fueg|schreib)"
                          rf"\w*\s+.+?){_END}", _I)
_TASK_OFF = re.compile(rf"^(?:lösch|loesch|streich|entfern|hak)\w*\s+(?:die\s+|meine\s+)?{_TASK}\s*(?:[,:]|\bzum\b|\bzur\b)?"
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


def read_frame(text: str) -> tuple[str, str, str] | None:
    """(action, target list, items) of a frame above, or None."""
    said = " ".join(text.split())
    if m := _TASK_OFF.match(said):
        return REMOVE, _TODO, _clean_items(m.group("items"))
    if m := _TASK_DONE.match(said):
        return REMOVE, _TODO, _clean_items(m.group("items"))
    if m := _MARK.match(said):
        target = m.group("c") or (_TODO if m.group("task") else "")
        return REMOVE, target, _clean_items(m.group("items"))
    if m := _DONE_WITH.match(said):  # *Fertig mit der Aufgabe Tapiokastärke in unserer Einkaufsliste*
        return REMOVE, m.group("c"), _clean_items(m.group("items"))
    if m := _LEAVE_OUT.match(said):
        return REMOVE, m.group("c"), _clean_items(m.group("items"))
    if m := _ADD_THEN_ITEMS.match(said):
        return ADD, m.group("c"), _clean_items(m.group("items"))
    if m := _NEW_ENTRY.match(said):
        if re.fullmatch(_TASK, m.group("noun"), _I):
            return ADD, _TODO, _clean_items(m.group("items"))
        return ADD, "", _shopping_item(_clean_items(m.group("items")))
    if m := _TO_TASKS.match(said):
        return ADD, _TODO, _clean_items(m.group("items"))
    return None


def topic_first(text: str) -> tuple[str, str] | None:
    """(list, order) of *„Einkaufsliste, lösche Eier"*: the caller reads the order with the list as its container."""
    m = _TOPIC_FIRST.match(" ".join(text.split()))
    if m is None:
        return None
    return m.group("c"), m.group("rest")
