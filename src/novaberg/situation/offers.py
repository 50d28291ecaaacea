"""Offers and consent (timeline.md §3a and „Der Objektbezug“, notizen.md E3).

When the answer that goes out offers a write — the corrector's restatement (*„Soll ich ihn eintragen?“*) or the
§3a offer for a mentioned coming appointment — the offer is kept as the `[OBJEKT]` of the Lage
(`offer_in_answer` finds it). The next turn's closed consent reading (`novaberg.consent.read_consent`) decides:
a consent executes exactly that offer through its service (`offer_request`: a pre-classified order, so the
service writes and verifies it), a refusal drops it and marks the object, and a marked object is not offered
again in this conversation. Anything else is no answer to the offer.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from novaberg.agents.services import AgentRequest
from novaberg.consent import ABLEHNUNG, ZUSTIMMUNG, read_consent
from novaberg.situation.lage import OFFER_TTL_SECONDS, Offer, Situation
from novaberg.situation.texts import OFFER_APPOINTMENT
from novaberg.text.calendar import WEEKDAY_NAMES
from novaberg.text.claim_vocabulary import VOCABULARY
from novaberg.text.consent import consent_lists, consists_of_consent, has_refusal_word, offer_phrase_at
from novaberg.text.orders import order_words
from novaberg.text.words import content_words, split_sentences
from novaberg.timeparse import TIME_VOCABULARY, parse
from novaberg.timeparse.vocabulary import DAY_WORDS

__all__ = ["CONSENT_LISTS", "consent_reading", "offer_in_answer", "offers_a_write", "mention_offer",
           "offer_request", "offer_title", "mentioned_appointment", "is_answer_to_offer", "WEEKDAYS"]

CONSENT_LISTS = "notizen"  # the closed reading has one copy per service; the timeline uses the notes' copy
WEEKDAYS = WEEKDAY_NAMES  # the public name of this module; the one copy is text/calendar_de.json
_NOTE_PLACES = ("liste", "notiz", "notizen", "zettel")
_NOT_TITLE = frozenset({"uhr", "soll", "sollen", "möchtest", "moechtest", "magst", "willst", "darf", "dass",
                        *TIME_VOCABULARY.months})
_VERB_WORDS = frozenset({*VOCABULARY.present_forms, *(v.infinitive for v in VOCABULARY.verbs if v.infinitive),
                         *VOCABULARY.participles})


def consent_reading(text: str) -> str:
    """'zustimmung' | 'ablehnung' | 'unklar' — the closed reading, refusal first."""
    return read_consent(text, CONSENT_LISTS)


def _words(sentence: str) -> list[str]:
    return [w.lower() for w in re.findall(r"[^\W\d_]+", sentence)]


def _is_note_place(word: str) -> bool:
    return any(word.lower().endswith(place) for place in _NOTE_PLACES)


def offer_title(sentence: str) -> list[str]:
    """The content words that name the thing (no day, month, storage place, verb or filler)."""
    found = []
    for word in content_words(sentence):
        lowered = word.lower()
        if lowered in DAY_WORDS or lowered in _NOT_TITLE or lowered in VOCABULARY.not_items \
                or lowered in _VERB_WORDS or lowered in VOCABULARY.references or _is_note_place(word) \
                or any(lowered.endswith(p) for p in VOCABULARY.storage_places.words):
            continue
        found.append(word)
    return found


def _moment(text: str, now: datetime, zone: ZoneInfo) -> datetime | None:
    vector = parse(text, now)
    if vector.moment is None or not vector.tag_erkannt or not vector.uhrzeit_erkannt:
        return None
    return vector.moment.astimezone(zone)


def _offer_sentences(answer: str) -> list[str]:
    """The asking sentences that offer a write, each from its offer phrase on (what stands before it — a quoted
    example, a condition — is not the offer)."""
    found = []
    for sentence in split_sentences(answer):
        start = offer_phrase_at(sentence)
        if sentence.rstrip().endswith("?") and start is not None and set(_words(sentence[start:])) & _VERB_WORDS:
            found.append(sentence[start:])
    return found


def offers_a_write(answer: str) -> bool:
    """Whether the answer already asks to write something (then no second offer is appended)."""
    return bool(_offer_sentences(answer))


def offer_in_answer(answer: str, person_text: str, situation: Situation, now: datetime,
                    zone: ZoneInfo) -> Offer | None:
    """The write the answer offers, complete enough to execute exactly; None when it offers none, when the
    object is not clear (no title, or for the timeline no day and time), or when the person refused it."""
    sentences = _offer_sentences(answer)
    if not sentences:
        return None
    sentence = sentences[-1]
    expires = (now + timedelta(seconds=OFFER_TTL_SECONDS)).isoformat()
    base = {"character_id": situation.character_id, "turn": situation.turn, "said_at": now.isoformat(),
            "expires_at": expires}
    places = [w for w in content_words(sentence) if _is_note_place(w)]
    if places:
        items = tuple(offer_title(sentence))
        offer = Offer(service="notizen", action="add_content", target=places[0], items=items, **base) \
            if items else None
    else:
        title = offer_title(sentence) or offer_title(answer) or offer_title(person_text)
        moment = next((m for m in (_moment(t, now, zone) for t in (sentence, answer, person_text)) if m), None)
        if not title or moment is None or moment <= now:
            return None
        offer = Offer(service="timeline", action="create", target=" ".join(title[:3]), day=moment.date().isoformat(),
                      time=moment.strftime("%H:%M"), zeitausdruck=f"am {moment:%d.%m.%Y} um {moment:%H:%M} Uhr",
                      **base)
    if offer is None or offer.key in situation.refused:
        return None
    return offer


def mention_offer(text: str, services: Sequence[Mapping[str, Any]], situation: Situation, now: datetime,
                  zone: ZoneInfo) -> str | None:
    """§3a: the person mentioned a coming appointment with day and time without asking (no service took it as an
    order: none ran, or each answered `rejected`): the sentence offering to enter it — unless the object was
    refused in this conversation."""
    if any(s.get("status") not in ("rejected", "dismissed") for s in services):
        return None
    mentioned = mentioned_appointment(text, now, zone)
    if mentioned is None:
        return None
    title, moment = mentioned
    probe = Offer(situation.character_id, "timeline", "create", " ".join(title[:3]), situation.turn, "", "",
                  day=moment.date().isoformat(), time=moment.strftime("%H:%M"))
    if probe.key in situation.refused:
        return None
    day = f"{WEEKDAYS[moment.weekday()]}, {moment:%d.%m.}"
    return OFFER_APPOINTMENT.format(title=probe.target, day=day, time=moment.strftime("%H:%M"))


def mentioned_appointment(text: str, now: datetime, zone: ZoneInfo) -> tuple[list[str], datetime] | None:
    """The title words and the coming moment of an appointment the text mentions (§3a), or None. A consent or a
    refusal is no mention; a refusal counts only as a whole word (*Donnerstag*, *einen* hold *ne*)."""
    if has_refusal_word(text) or consists_of_consent(text, consent_lists(CONSENT_LISTS)):
        return None
    moment = _moment(text, now, zone)
    title = offer_title(text)
    if moment is None or moment <= now or not title:
        return None
    return title, moment


def offer_request(offer: Offer, user_id: str, text: str, now: datetime, turn_id: Any,
                  history: tuple[tuple[str, str], ...]) -> AgentRequest:
    """The pre-classified order that executes exactly the offer (the service still searches, writes and verifies)."""
    objekt = {"name": offer.target, "zeitausdruck": offer.zeitausdruck, "gesagt_am": offer.said_at, "angebot": True,
              "eigenschaften": {"tag": offer.day, "uhrzeit": offer.time} if offer.day else {}}
    if offer.service == "timeline":
        kontext = {"order": {"action": "create", "target": offer.target, "zeitausdruck": offer.zeitausdruck,
                             "event_type": "termin",
                             "normalisiert": f"create: Termin „{offer.target}“ {offer.zeitausdruck} (Angebot)"},
                   "objekt_bezug": objekt}
        return AgentRequest(user_id, offer.character_id, text, now, turn_id, action="create", history=history,
                            kontext=kontext)
    items = ", ".join(offer.items)
    kontext = {"target": offer.target, "inhalt": items, "normalisiert": f"add_content: {items} auf {offer.target}",
               "objekt_bezug": objekt}
    order = f"Schreib {items} auf {offer.target}"  # the offer as an order: what the person consented to
    return AgentRequest(user_id, offer.character_id, order, now, turn_id, action=offer.action, history=history,
                        kontext=kontext)


BARE_REFUSAL_WORDS = 4  # E3: a *bare* no — „Nein, danke“, „Nein, lass mal“ — not an order that contains a stem


def is_answer_to_offer(text: str) -> bool:
    """A consent (the closed reading), or a bare refusal: a refusal stem in a short answer that is no order of
    its own. The closed reading finds its stems anywhere (*Donnerstag* holds *ne*), which is the safe side for
    a gate question, but an order like „Lösch den Termin am Donnerstag“ is no answer to an offer."""
    reading = consent_reading(text)
    if reading == ZUSTIMMUNG:
        return True
    if reading != ABLEHNUNG:
        return False
    words = _words(text)
    return 0 < len(words) <= BARE_REFUSAL_WORDS and words[0] not in _order_openers()


def _order_openers() -> frozenset[str]:
    return order_words()["order_openers"]
