"""A question answered from whatever Nova holds, in one step: read what is asked (`text.question`), gather the
sentences of every store that can hold it (`answers.sources`), pick the one that answers (`answers.picker`) and
say it with its source — or say that nothing answers and where she looked. Read-only; no model call."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from novaberg.agents.services import AgentRequest, ServiceResult
from novaberg.answers import texts
from novaberg.answers.candidates import MAX_SENTENCE_CHARS, Candidate, from_lines
from novaberg.answers.picker import pick
from novaberg.answers.sources import gather
from novaberg.situation.readiness import readiness
from novaberg.text.question import Question, read_question
from novaberg.text.small_talk import small_talk
from novaberg.text.stems import HEAD, meet, stems

__all__ = ["SERVICE", "answer_question", "asked_question", "quoted", "names_what_is_asked", "best_of_lines"]

SERVICE = "fragen"


@lru_cache(maxsize=256)
def asked_question(text: str) -> Question | None:
    """The question a turn asks about the person's holdings: None for no question, small talk, a question
    without a word to look for (*Wie geht's?*) or one about her (*Was hältst du von …?*). Read once per text:
    the route, the deepening and the question path of one turn ask it in turn (the reading is pure)."""
    if small_talk(text):
        return None
    question = read_question(text)
    if question is None or not question.terms or question.to_her:
        return None  # a question about her own view is open conversation, a model's
    return question


def names_what_is_asked(question: Question, said: str) -> bool:
    """Whether `said` (a found line with its place) names every number and abbreviation of the question: a
    line about 2023 never answers a question about 2022, a TÜV line never one about the ASU."""
    words = set(stems(said))
    return all(term.stem in words for term in question.required
               if term.surface.isdigit() or (len(term.surface) >= 2 and term.surface.isupper()))


def best_of_lines(question: Question, lines: list[tuple[str, str]]) -> tuple[int, str] | None:
    """Of (line, its file's name) pairs read elsewhere (the deepening's finds), the index of the one that answers
    `question` by the question path's rule and the sentence of it that does (a long line holds several), or None."""
    candidates = [c for index, (text, name) in enumerate(lines) for c in from_lines([text], "datei", str(index), name)]
    choice = pick(question, candidates).choice
    return (int(choice.candidate.place), choice.candidate.text) if choice is not None else None


def quoted(sentence: str, limit: int = MAX_SENTENCE_CHARS, question: Question | None = None) -> str:
    """The sentence as quoted: its end mark off, cut at a word end within `limit`. A longer sentence is quoted
    where it speaks of the question (the stretch that names most of its words, and what follows them), not by
    its head alone."""
    flat = " ".join(sentence.split()).rstrip(".")
    if len(flat) <= limit:
        return flat
    said = flat.split(" ")
    start = _stretch(said, question, limit - 4) if question is not None else 0
    end = start
    size = 0
    while end < len(said) and size + len(said[end]) + 1 <= limit - 4:
        size += len(said[end]) + 1
        end += 1
    return ("… " if start else "") + " ".join(said[start:end]) + (" …" if end < len(said) else "")


def _stretch(said: list[str], question: Question, limit: int) -> int:
    """The first word of a stretch of at most `limit` characters around the words that name most of the
    question's words, with as much room before them as after (the answer may stand on either side), or 0."""
    asked = [term.stem for term in question.terms]
    hits = [any(meet(a, w) >= HEAD for a in asked for w in stems(word)) for word in said]
    best, first, last = 0, 0, 0
    for start in range(len(said)):
        if not hits[start]:
            continue
        size = count = 0
        end = start
        for index in range(start, len(said)):
            size += len(said[index]) + 1
            if size > limit:
                break
            count += hits[index]
            end = index if hits[index] else end
        if count > best:
            best, first, last = count, start, end
    if not best:
        return 0
    room = (limit - sum(len(word) + 1 for word in said[first:last + 1])) // 2
    while first > 0 and room - len(said[first - 1]) - 1 >= 0:
        first -= 1
        room -= len(said[first]) + 1
    return first


def _said(candidate: Candidate, question: Question) -> str:
    satz = quoted(candidate.text, question=question)
    if candidate.source == "notiz":
        return texts.FROM_NOTE.format(satz=satz, fundstelle=candidate.place)
    if candidate.source == "wissen":
        return texts.FROM_KNOWLEDGE.format(satz=satz, fundstelle=candidate.place)
    template = texts.FROM_ARCHIVED_FILE if candidate.archived else texts.FROM_FILE
    return template.format(satz=satz, fundstelle=candidate.place)


def _where(searched: list[str]) -> str:
    names = [texts.WHERE_NAMES.get(store, store) for store in dict.fromkeys(searched)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " und " + names[-1]


def answer_question(request: AgentRequest, deps: Any, also_searched: tuple[str, ...] = (),
                    rival: str = "", rival_text: str = "") -> ServiceResult | None:
    """The answer to the question `request.text` asks, or None when it asks none. `also_searched` names stores
    a service of this turn already looked in (*deinen Terminen*), so an empty answer says so too. `rival`: the
    place of a line found another way (the deepening's find), `rival_text` what that find quotes of it; the result
    says whether what it quotes, read as the question path reads it, names every word of the question
    (`data["rivale_vollstaendig"]`)."""
    question = asked_question(request.text)
    if question is None or not readiness(request.text, request.history).admits:
        return None  # in a crisis, now or just before, she does not look things up (dateien.md §3.0b)
    turn = {"turn_id": request.turn_id, "user_id": request.user_id, "character_id": request.character_id,
            "text": request.text, "now": request.now}
    gathered = gather(deps, turn)
    picked = pick(question, gathered.candidates, rival, rival_text)
    choice = picked.choice
    steps: list[dict[str, Any]] = [{"schritt": "frage", "art": question.kind, "begriffe": [t.surface for t in question.terms],
                                    "gesucht": gathered.searched, "kandidaten": len(gathered.candidates)}]
    if choice is None and picked.near is not None:  # the topic is there, what is asked is not: said, not guessed
        near = picked.near.candidate
        steps.append({"schritt": "antwort", "ausgang": "ohne_art", "fundstelle": near.place})
        answer = texts.NO_SUCH_LINE.format(fundstelle=near.place.split(", ")[0], art=texts.KIND_NAMES[question.kind])
        return ServiceResult(SERVICE, "abgeschlossen", answer, steps,
                             data={"beantwortet": False, "beruehrt": True, "frageart": question.kind,
                                   "fundstellen": [near.place]})
    if choice is None:
        where = _where([*also_searched, *gathered.searched]) if also_searched or gathered.searched else \
            texts.WHERE_NAMES["notiz"]
        steps.append({"schritt": "antwort", "ausgang": "nichts"})
        return ServiceResult(SERVICE, "abgeschlossen", texts.NOTHING.format(wo=where), steps,
                             data={"beantwortet": False, "frageart": question.kind})
    chosen = choice.candidate
    steps.append({"schritt": "antwort", "ausgang": "satz", "quelle": chosen.source, "fundstelle": chosen.place,
                  "abdeckung": round(choice.coverage, 3)})
    return ServiceResult(SERVICE, "abgeschlossen", _said(chosen, question), steps,
                         data={"beantwortet": True, "frageart": question.kind, "quelle": chosen.source,
                               "fundstellen": [chosen.place], "abdeckung": round(choice.coverage, 3),
                               "vollstaendig": choice.complete, "rivale_vollstaendig": picked.rival_complete})
