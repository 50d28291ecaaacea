"""The classify node (timeline.md §3, §3a, §7.2, §7.3): five fields from the model, read checked.

Keyword hints are computed before the model call (Stufe A) and go into the prompt as
`[ERKENNUNGSHILFE]`; the confidence compares them with the model's action and is logged, read by
no path (§7.3). `[OBJEKT]` and `[ZUSTIMMUNG]` carry the offered object of the conversation: a bare
consent to the offer to enter it takes target and time from the object, a relative day resolved to
the date on which it was said (end of timeline.md, *Zustimmung*).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any

from langgraph.runtime import Runtime

from novaberg.agents.deps import Deps
from novaberg.agents.verb_mappings import learned
from novaberg.consent import ZUSTIMMUNG, read_consent
from novaberg.core.errors import ModelAnswerError, ModelError, ModelUnreachableError
from novaberg.llm.reader import read_text
from novaberg.text.calendar_frames import (
    CREATE_FRAME,
    DELETE_FRAME,
    NOTHING_FRAME,
    READ_FRAME,
    CalendarFrame,
    calendar_frame,
)
from novaberg.text.calendar_orders import (
    as_wann,
    asked_pronoun,
    is_negated_order,
    old_name,
    opens_with_remind_me,
    opens_with_when,
    passive_as_order,
    when_clause_start,
    without_changed_part,
)
from novaberg.text.grammar import QUESTION, REQUEST, STATEMENT, analyse, verb_key
from novaberg.text.note_and_detail_orders import DETAIL_FIELD as _DETAIL_FIELD
from novaberg.text.note_and_detail_orders import DETAIL_MARK as _DETAIL_MARK
from novaberg.text.note_and_detail_orders import DETAIL_OPENER as _DETAIL_OPENER
from novaberg.text.note_and_detail_orders import DETAIL_PLACE as _DETAIL_PLACE
from novaberg.timeline.agent import const
from novaberg.timeline.agent.from_reading import FROM_READING, order_fields
from novaberg.timeline.agent.texts import say
from novaberg.timeline.phrases import (
    elliptic_order,
    is_title,
    keyword_hints,
    opens_with_own_verb,
    order_hints,
    reads_without_mark,
    time_expression,
    title_of,
    type_of,
)
from novaberg.timeline.presentation import day_label
from novaberg.timeline.reminders import REMINDER_TYPE, read_reminder
from novaberg.timeline.series_phrases import series_statement, statement_title, without_scope_words
from novaberg.timeline.types import CLASSIFIABLE, DEFAULT_TYPE, EVENT_TYPES
from novaberg.timeparse import parse
from novaberg.timeparse.vocabulary import TIME_VOCABULARY

__all__ = ["Order", "as_wann", "order_wording", "classify", "classify_text", "confidence_of", "consent_fields", "carry_resolved_date",
           "classification_data", "confirmation_question"]


@dataclass(frozen=True)
class Order:
    action: str
    target: str = ""
    zeitausdruck: str = ""
    event_type: str = DEFAULT_TYPE
    normalisiert: str = ""
    grund: str = ""
    details: str = ""  # the new detail of an `update` (place, person, a note), empty for a move
    hints: list[str] = field(default_factory=list)
    konfidenz: str = const.CONFIDENCE_LOW

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


class ClassificationError(Exception):
    """The answer was read and is unusable: `step` names why, `answer` is what the person hears."""

    def __init__(self, step: str, answer: str) -> None:
        super().__init__(answer)
        self.step = step
        self.answer = answer


# --- the offline model's rule ------------------------------------------------------------------------

def offline_classify(data: Mapping[str, Any]) -> dict[str, Any]:
    """The everyday phrasings by rule: the request grammar tells an order from
    a question and a statement; an order acts by its verb, a question reads, a statement is `rejected`."""
    consent = data.get("consent_fields")
    if consent:
        return {"action": "create", "target": consent["target"], "zeitausdruck": consent["zeitausdruck"],
                "event_type": DEFAULT_TYPE, "normalisiert": f"create: Termin „{consent['target']}“ aus dem Angebot"}
    text = str(data.get("text", ""))
    frame = data.get("frame")
    if isinstance(frame, Mapping):  # *Plane …*, *Setz X auf meinen Kalender*, *Prüfe meinen Kalender*: read into parts
        return _framed(CalendarFrame(**frame))
    utterance = analyse(text)
    core = utterance.core
    statement = series_statement(text) if utterance.mood != QUESTION and not reads_without_mark(text) else None
    if statement is not None:  # *Diesen Montag fällt Volleyball aus*, *Volleyball ist ab jetzt immer dienstags*
        target = statement_title(title_of(text))
        expression = time_expression(text) if statement == "delete" else ""
        return {"action": statement, "target": target, "zeitausdruck": expression, "event_type": DEFAULT_TYPE,
                "normalisiert": f"{statement}: Serie „{target}“ {expression}".strip()}
    if utterance.mood == QUESTION or reads_without_mark(text):  # *Termine für morgen*, *ist am freitag was frei*
        core = as_wann(core)
        embedded = when_clause_start(core)  # *„Weißt du noch, wann ich den Zahnarzt habe?“*
        core = core[embedded:] if embedded is not None else core
        target = title_of(core)
        expression = time_expression(core)
        if not is_title(target):
            # *„Wann ist das?“*: the words that stand for the appointment name nothing — kept, so that the
            # search asks what is meant instead of answering with a window
            target = asked_pronoun(core) if opens_with_when(core) and not expression else ""
        return {"action": "read", "target": target, "zeitausdruck": expression, "event_type": DEFAULT_TYPE,
                "normalisiert": f"read: Termine {target or expression or 'anstehend'}".strip()}
    passive = passive_as_order(core) if utterance.mood == STATEMENT else ""
    if passive:  # *Der Zahnarzttermin muss auf Montag verschoben werden* → *verschieben Der Zahnarzttermin auf Montag*
        core = passive
    hints = keyword_hints(core) if (utterance.mood == REQUEST or passive or opens_with_remind_me(core)
                                    or opens_with_own_verb(core)) else []
    if not hints and utterance.mood == STATEMENT and elliptic_order(text):
        hints = ["create"]  # *Termin morgen um 10 Uhr beim Zahnarzt*: an order said without its verb
    if not hints:
        reason = "eine Mitteilung mit Zeitangabe, keine Bitte" if time_expression(text) else "kein Auftrag an die Termine"
        return {"action": const.REJECTED, "grund": reason}
    if is_negated_order(core):
        # *Trag den Zahnarzt am Freitag um 9 nicht ein* entered „Zahnarzt nicht“ — a negated order writes nothing
        return {"action": const.REJECTED, "grund": "ein verneinter Auftrag"}
    action = hints[0]
    detail = _new_detail(core) if action == "update" else None
    if detail is not None:  # *Ändere den Zahnarzt: jetzt bei Dr. Müller*: the title before, the new detail after
        target = _DETAIL_FIELD.sub("", title_of(detail[0])).strip()
        return {"action": action, "target": target, "zeitausdruck": "", "event_type": type_of(core),
                "details": detail[1], "normalisiert": f"update: Termin „{target}“ – {detail[1]}"}
    expression = time_expression(core, drop_opener=action in ("reschedule", "update"))
    target = title_of(_before_detail_mark(core) if action == "update" else core)
    if action in ("delete", "reschedule"):
        target = without_scope_words(target)  # *Lösch Volleyball ganz*: the title is „Volleyball“
    if action == "reschedule":
        target = without_changed_part(target)  # *Ändere den Tag vom Elternabend auf Donnerstag*
    if action == "update" and not expression:
        target = old_name(target)  # *Änder den Zahnarzt in Kieferorthopäde*: the old name
    if action == "read" and not is_title(target):
        target = ""  # *Zeig mir alle Termine für morgen* — *alle* names no appointment; the day is the window
    kind = type_of(core)
    return {"action": action, "target": target, "zeitausdruck": expression, "event_type": kind,
            "normalisiert": f"{action}: Termin „{target}“ {expression}".strip() + f" (Typ: {kind})"}




def _framed(frame: CalendarFrame) -> dict[str, Any]:
    """The classification of an order read by a calendar frame: its action, and the title, time and type from the words
    it is about — a negated entry writes nothing, like a negated order."""
    words = frame.words
    if frame.action == NOTHING_FRAME:  # *Ich brauche keine Erinnerung*: nothing named, nothing to act on
        return {"action": const.REJECTED, "grund": "eine Erinnerung abbestellt, ohne zu sagen welche"}
    expression = time_expression(words)
    target = title_of(words)
    if frame.action == DELETE_FRAME:  # *Keine Erinnerung mehr für Lisa*: the reminder it names
        target = without_scope_words(target)
    elif frame.action == READ_FRAME:
        target = target if is_title(target) and not frame.whole else ""
    elif is_negated_order(words):
        return {"action": const.REJECTED, "grund": "ein verneinter Auftrag"}
    kind = type_of(words)
    if frame.reminder and kind == DEFAULT_TYPE:  # *Erinnerung …*: a reminder unless its words name a kind (*Geburtstag*)
        kind = REMINDER_TYPE
    return {"action": frame.action, "target": target, "zeitausdruck": expression, "event_type": kind,
            "normalisiert": f"{frame.action}: Termin „{target}“ {expression}".strip() + f" (Typ: {kind})"}


def order_frame(text: str) -> CalendarFrame | None:
    """The calendar frame of an order (`text.calendar_frames`), the day parts from the time parser's vocabulary."""
    return calendar_frame(text, TIME_VOCABULARY.dayparts)


def _before_detail_mark(core: str) -> str:
    """The words before a detail mark whose part after names a time (*Ändere den Zahnarzt: jetzt um 11 Uhr* is a
    move of „Zahnarzt“, §5.2), else the whole core."""
    parts = _DETAIL_MARK.split(core.strip(), maxsplit=1)
    return parts[0] if len(parts) == 2 and parts[0].strip() and time_expression(parts[1]) else core


def _new_detail(core: str) -> tuple[str, str] | None:
    """(the words before the mark, the new detail) of a detail change, or None: the part after the mark must
    name no time — *Ändere den Zahnarzt: jetzt um 11 Uhr* is a move (§5.2), not a detail."""
    parts = _DETAIL_MARK.split(core.strip(), maxsplit=1)
    if len(parts) != 2:
        return None
    said = parts[1].strip()
    detail = _DETAIL_OPENER.sub("", said).strip().rstrip(".!")
    if not detail or not parts[0].strip() or time_expression(said):
        return None
    if detail == said.rstrip(".!") and not _DETAIL_FIELD.search(parts[0]) and not _DETAIL_PLACE.match(detail):
        return None  # *Ändere den Zahnarzt: Kieferorthopäde* may be a new name — no detail is guessed
    return parts[0], detail


def order_wording(text: str) -> str:
    """The order in its bare imperative form, for the §5.2 checks of a move: a polite or modal frame
    (*Kannst du den Elternabend auf 19 Uhr verlegen?*, *Ich muss den Hautarzt auf Donnerstag verschieben*) as the
    request grammar's core, a passive with a modal (*Der Friseur muss auf Donnerstag verschoben werden*) in
    imperative word order; anything else as said. Only the frame goes — every word of the time stays."""
    utterance = analyse(text)
    if utterance.mood == REQUEST:
        return utterance.core
    if utterance.mood == STATEMENT:
        return passive_as_order(utterance.core) or text
    return text


# --- prompt data ---------------------------------------------------------------------------------------

def carry_resolved_date(expression: str, said_at: datetime) -> str:
    """A relative day of the offer as the date on which it was said (*morgen um 10*, said on 29.11.,
    → *am 30.11.2026 um 10:00 Uhr*); an expression the parser cannot date stays as said."""
    vector = parse(expression, said_at)
    if vector.moment is None or not vector.tag_erkannt:
        return expression
    text = f"am {vector.moment:%d.%m.%Y}"
    return f"{text} um {vector.moment:%H:%M} Uhr" if vector.uhrzeit_erkannt else text


def consent_fields(kontext: Mapping[str, Any], text: str, now: datetime) -> dict[str, str] | None:
    """Target and time from the offered object when the answer is a bare consent to the offer; else None."""
    obj = kontext.get("objekt_bezug")
    if not isinstance(obj, Mapping) or not obj.get("angebot") or not obj.get("name"):
        return None
    if read_consent(text, const.CONSENT_LISTS) != ZUSTIMMUNG:
        return None
    said_at = _moment(obj.get("gesagt_am")) or now
    expression = str(obj.get("zeitausdruck") or "")
    return {"target": str(obj["name"]), "zeitausdruck": carry_resolved_date(expression, said_at) if expression else ""}


def _moment(value: Any) -> datetime | None:
    if isinstance(value, datetime):
        return value
    if isinstance(value, str) and value:
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            return None
        return moment if moment.tzinfo else None
    return None


def _object_block(kontext: Mapping[str, Any]) -> str:
    obj = kontext.get("objekt_bezug")
    if not isinstance(obj, Mapping) or not obj.get("name"):
        return ""
    properties = obj.get("eigenschaften") or {}
    known = "; ".join(f"{k}: {v}" for k, v in properties.items()) if isinstance(properties, Mapping) else ""
    said = _moment(obj.get("gesagt_am"))
    lines = ["", "[OBJEKT]", f"Worum es im Gespräch geht: „{obj['name']}“"
             + (f" ({known})" if known else "")
             + (f", Zeitangabe „{obj['zeitausdruck']}“" if obj.get("zeitausdruck") else "")
             + (f", gesagt am {day_label(said)}" if said else "") + "."]
    if obj.get("angebot"):
        lines.append("Nova hat angeboten, es einzutragen. Stimmt der Mensch diesem Angebot zu, ist das ein Auftrag "
                     "(create): target und zeitausdruck stammen dann aus dieser Sache.")
    return "\n".join(lines) + "\n"


def _consent_block(fields: Mapping[str, str] | None) -> str:
    if not fields:
        return ""
    return ("\n[ZUSTIMMUNG]\nDer Mensch hat dem Angebot schlicht zugestimmt. Übernimm target "
            f"„{fields['target']}“ und zeitausdruck „{fields['zeitausdruck']}“.\n")


def _hints(text: str) -> list[str]:
    """§7.2 Stufe A: the order's hints — also for an order the grammar reads as a statement (a passive with a
    modal, *benachrichtige mich …*, *lese … vor*), so that its confidence is that of its imperative."""
    hints = order_hints(text)
    utterance = analyse(text)
    if hints or utterance.mood != STATEMENT:
        return hints
    passive = passive_as_order(utterance.core)
    if passive:
        return keyword_hints(passive)
    own = opens_with_remind_me(utterance.core) or opens_with_own_verb(utterance.core)
    return keyword_hints(utterance.core) if own else []


def classification_data(text: str, now: datetime, kontext: Mapping[str, Any],
                        history: tuple[tuple[str, str], ...] | list[Any], *, enter: bool = False) -> dict[str, Any]:
    """The prompt's fields and, for the offline model, the calendar frame the order was read by — `enter`: the text is
    a statement that asked for a reminder (`read_reminder`), an entry of what it says."""
    frame = CalendarFrame(CREATE_FRAME, text) if enter else order_frame(text)
    hints = [frame.action] if frame is not None else _hints(text)
    consent = consent_fields(kontext, text, now)
    return {
        "text": text,
        "heute": f"{day_label(now)}, {now:%H:%M} Uhr",
        "typen": "\n".join(f"- {EVENT_TYPES[name].prompt_line}" for name in CLASSIFIABLE),
        "erkennungshilfe": (("Die Wortwahl deutet auf: " + ", ".join(hints)) if hints else "Kein Hinweis aus der Wortwahl.")
        + (" Der Mensch bat, daran erinnert zu werden: ein Auftrag zum Eintragen." if enter else ""),
        "objekt": _object_block(kontext),
        "zustimmung": _consent_block(consent),
        "verlauf": "\n".join(f"Mensch: {p}\nNova: {n}" for p, n in list(history)[-5:]) or "(kein Verlauf)",
        "hints": hints,
        "consent_fields": consent,
        "frame": asdict(frame) if frame is not None and not consent else None,
    }


# --- reading the answer ----------------------------------------------------------------------------

def confidence_of(action: str, hints: list[str]) -> str:
    """§7.3: hint and model agree → high; no hint → low; they disagree → conflict."""
    if action == const.REJECTED:
        return const.CONFIDENCE_CONFLICT if hints else const.CONFIDENCE_HIGH
    if not hints:
        return const.CONFIDENCE_LOW
    return const.CONFIDENCE_HIGH if action in hints else const.CONFIDENCE_CONFLICT


def classify_text(deps: Deps, text: str, now: datetime, kontext: Mapping[str, Any] | None = None,
                  history: tuple[tuple[str, str], ...] | list[Any] = (), *, enter: bool = False) -> Order:
    """Ask the model and read its answer checked. Raises ModelError / ModelAnswerError / ClassificationError."""
    data = classification_data(text, now, kontext or {}, history, enter=enter)
    fields = deps.asker.ask(const.TASK_CLASSIFY, data).fields
    action = read_text(fields, "action", "").strip().lower()
    hints = data["hints"]
    if data["consent_fields"] and action == "create":  # a consent to the offer to enter it is the order itself
        hints = ["create"]
    if action == const.REJECTED:
        return Order(action, grund=read_text(fields, "grund", "kein Grund angegeben"), hints=hints,
                     konfidenz=confidence_of(action, hints))
    if action not in const.ACTIONS:
        raise ClassificationError("unbekannte_aktion", say("unknown_action", action=action or "leer"))
    kind = read_text(fields, "event_type", "").strip().lower() or DEFAULT_TYPE
    if kind not in CLASSIFIABLE:
        raise ClassificationError("unbekannter_typ", say("unknown_type", type=kind))
    return Order(
        action=action,
        target=read_text(fields, "target", "").strip(),
        zeitausdruck=read_text(fields, "zeitausdruck", "").strip(),
        event_type=kind,
        normalisiert=read_text(fields, "normalisiert", ""),
        details=read_text(fields, "details", "").strip() if action == "update" else "",
        hints=hints,
        konfidenz=confidence_of(action, hints),
    )


def classify(state: dict[str, Any], runtime: Runtime[Deps]) -> dict[str, Any]:
    """Node `klassifizieren`: the order, or `rejected` / `fehler` with a clear reason (nothing written)."""
    deps = runtime.context
    now = state["now"]
    reminder = read_reminder(state["text"])  # the reminder clause is no part of the order
    read = _from_reading(state, reminder.order_text == state["text"] and not reminder.enter)
    try:
        order = read or classify_text(deps, reminder.order_text, now, state.get("kontext") or {},
                                      state.get("history") or (), enter=reminder.enter)
    except ModelAnswerError as err:
        return _failed(err.step, say("model_answer_broken", reason=err.step), str(err))
    except ModelError as err:
        reason = say("model_unreachable" if isinstance(err, ModelUnreachableError) else "model_failed")
        return _failed("modell_fehler", say("model_down", reason=reason), str(err))
    except ClassificationError as err:
        return _failed(err.step, err.answer, err.step)
    payload = order.as_dict()
    frame = order_frame(reminder.order_text)
    if order.action == "delete" and frame is not None and frame.action == DELETE_FRAME and frame.reminder:
        payload[const.REMINDER_CANCEL_KEY] = True  # the reminder goes; an appointment keeps its place (crud)
    wording = order_wording(reminder.order_text)
    if wording != reminder.order_text:
        payload[const.WORDING_KEY] = wording
    if reminder.minutes is not None:  # kept with the order, so a pending question's answer still has it
        payload[const.REMINDER_KEY] = reminder.minutes
    deps.log.write(state.get("turn_id"), f"{const.SERVICE_NAME}.{const.NODE_CLASSIFY}", "klassifikation", payload, now,
                   const.LOG_SOURCE)
    step = {"schritt": const.NODE_CLASSIFY, "aktion": order.action, "ziel": order.target,
            "zeitausdruck": order.zeitausdruck, "typ": order.event_type, "hinweise": order.hints,
            "konfidenz": order.konfidenz, **({"quelle": FROM_READING} if read is not None else {})}
    if order.action == const.REJECTED:
        step["grund"] = order.grund
        return {"order": payload, "status": "rejected", "answer": say("rejected"), "steps": [step]}
    if order.action != "read" and order.konfidenz in const.UNSURE:
        verb = verb_key(state["text"])
        if verb and learned(deps.db, state["user_id"], state["character_id"], const.SERVICE_NAME, verb, order.action):
            payload["konfidenz"] = step["konfidenz"] = const.CONFIDENCE_LEARNED
        else:
            return confirmation_question(payload, verb, step)
    return {"order": payload, "steps": [step]}


def _from_reading(state: dict[str, Any], whole: bool) -> Order | None:
    """The order the route's reading gives (`from_reading`): only for the turn's own text said as a whole (no
    reminder clause split off) and no consent to an offered object; else None and the text is read."""
    if not whole or consent_fields(state.get("kontext") or {}, state["text"], state["now"]) is not None:
        return None
    fields = order_fields(state.get("lesart"), state["text"])
    if fields is None:
        return None
    hints = [fields["action"]]  # the template read the verb: the hint and the action agree
    return Order(**fields, hints=hints, konfidenz=confidence_of(fields["action"], hints))


def confirmation_question(order: dict[str, Any], verb: str, step: dict[str, Any]) -> dict[str, Any]:
    """§7.3: low confidence or a conflict between hint and model → a question, never a write."""
    action = order["action"]
    answer = say(f"confirm_{action}", title=order.get("target") or "den Termin",
                 when=order.get("zeitausdruck") or "den genannten Tag")
    pending = {"kind": const.PENDING_CONFIRM, "action": action, "order": order, "verb": verb}
    return {"order": order, "status": "rueckfrage", "answer": answer, "pending_out": pending,
            "steps": [{**step, "ausgang": "unsicher_rueckfrage"}]}


def _failed(step: str, answer: str, detail: str) -> dict[str, Any]:
    return {"status": "fehler", "answer": answer,
            "steps": [{"schritt": const.NODE_CLASSIFY, "ausgang": step, "fehler": detail}]}
