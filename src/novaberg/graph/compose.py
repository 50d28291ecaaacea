"""The composer ("Verfasser"): the answer that goes out, built from the services' reports and the blocks."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from novaberg.agents.services import wrote_verifiably
from novaberg.graph.care import care_answer, feels_unwell
from novaberg.graph.texts import ADDRESS_SIE_HINT, OFFLINE_CAPABILITIES, STATEMENT_NOTED
from novaberg.llm.reader import read_text
from novaberg.memory.address import person_address
from novaberg.text.directive_rules import KIND_DU, KIND_SIE, read_directive
from novaberg.text.grammar import STATEMENT, analyse, statement_adverb_first
from novaberg.text.small_talk import ADDRESS_DU, ADDRESS_SIE, small_talk
from novaberg.text.words import words
from novaberg.timeline.presentation import NOT_ASKED

__all__ = ["compose", "REPORT_MAX_CHARS", "capped_reports", "address_form", "blocks_for_model", "restates_reports",
           "RESTATED_STATUSES", "SAY_REPORTS_BY_RULE"]

TASK = "compose"

# a monologue gets a short answer — the reports capped, each line once. Room for one read of the timeline
# at its list cap (a header, 25 appointment lines of ≤ ~85 characters and the line counting the rest), so
# an offline read never drops appointments behind a bare „…“ while its header says how many it lists.
REPORT_MAX_CHARS = 2400


def address_form(directives: Sequence[str], text: str = "", history: Iterable[tuple[str, str]] = ()) -> str:
    """The form of address of the answer: a directive of the pair for the Sie-form or the du-form decides
    (tribunal.md §3.1, Sie before du); without one the person's own form — this turn's words, else her latest earlier
    turn that addressed Nova (`memory.address.person_address`), else du."""
    kinds = {rule.kind for d in directives if (rule := read_directive(d)) is not None}
    if KIND_SIE in kinds:
        return ADDRESS_SIE
    if KIND_DU in kinds:
        return ADDRESS_DU
    return person_address(text, history)


def capped_reports(reports: list[str], limit: int = REPORT_MAX_CHARS) -> str:
    """The services' reports, each line once, cut at a line end near `limit` (never mid-sentence)."""
    lines: list[str] = []
    for report in reports:
        for line in report.splitlines():
            if line.strip() and line not in lines:
                lines.append(line)
    out: list[str] = []
    used = 0
    for line in lines:
        if out and used + len(line) + 1 > limit:
            out.append("…")
            break
        out.append(line if len(line) <= limit else line[: limit - 1].rsplit(" ", 1)[0] + " …")
        used += len(line) + 1
    return "\n".join(out)


def offline_composer(data: Mapping[str, Any]) -> dict[str, Any]:
    """Say what the services reported (capped), else what the blocks hold, else small talk from the
    templates, else honestly what works offline."""
    served = [s for s in data.get("service_reports", []) if s.get("answer") and s.get("status") != "rejected"]
    if data.get("nachgelesen") and not served:  # dateien.md §3.0b: she read on — the best find, its location
        return {"antwort": str(data["nachgelesen"])}
    text = str(data.get("text", "")).strip()
    # how the person is comes before a report; beside work done, only a crisis gets its sentence
    care = care_answer(text, data.get("anrede") == ADDRESS_SIE, crisis_only=bool(served))
    if care and not served:
        return {"antwort": care}
    reports = [s["answer"] for s in data.get("service_reports", []) if s.get("answer")]
    if reports:
        return {"antwort": capped_reports(reports) + (f"\n{care}" if care else "")}
    blocks: Mapping[str, str] = data.get("block_map", {})
    if data.get("answer_from_blocks") and blocks:
        answering = [a for a in data.get("block_answers", ()) if a]  # only the blocks that answer, to the person
        return {"antwort": _cited_findings(blocks) or "\n\n".join(answering) or "\n\n".join(blocks.values())}
    chat = small_talk(text, str(data.get("anrede", ADDRESS_DU)))
    if chat:
        return {"antwort": chat}
    if text and analyse(text).mood == STATEMENT and _subject_first(text):
        return {"antwort": STATEMENT_NOTED}  # something she was told: acknowledged, no claim to have stored it
    return {"antwort": OFFLINE_CAPABILITIES}


# A told sentence starts with its subject or a time (verb second); an unknown imperative (*Erzähl mir …*)
# starts with its verb and is no statement, whatever the grammar's lexicon knows.
_SUBJECT_STARTS = frozenset("""ich wir mein meine meinem meinen meiner meines unser unsere unserem unseren
unserer der die das dem den des ein eine einem einen einer er sie es man heute gestern morgen letzte letzten
letztes nächste nächsten nächstes am im seit""".split())


def _subject_first(text: str) -> bool:
    """Told, not ordered: the subject (or a time) first once the openers are left out (*Ach übrigens, meine
    Schwester heißt Lena*), or an adverb of telling first with the verb second (*Übrigens heißt …*)."""
    first = words(analyse(text).core)[:1]
    return (bool(first) and first[0] in _SUBJECT_STARTS) or statement_adverb_first(text)


# dateien.md §1a.2/§1a.5: a finding from the files is said with its origin and its location, never bare
_FILE_BLOCKS = (("[AUFZEICHNUNGEN]", "In deinen Unterlagen steht dazu:"),
                ("[EIGENE FUNDE]", "Das habe ich selbst nachgelesen und abgelegt:"))


def _cited_findings(blocks: Mapping[str, str]) -> str:
    """The entries of the files' blocks (after their framing), each `- <location>: <topic> — <excerpt>`."""
    parts = []
    for header, origin in _FILE_BLOCKS:
        entries = [line for line in blocks.get(header, "").rsplit("\n\n", 1)[-1].splitlines() if line.startswith("- ")]
        if entries:
            parts.append("\n".join([origin, *entries]))
    return "\n\n".join(parts)


def _entries(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.lstrip().startswith("- ")]


def blocks_for_model(blocks: Mapping[str, str], reports: Sequence[str]) -> list[str]:
    """The blocks that carry something for the composer beyond the services' reports: a block whose
    every entry (`- …` line) a report of this turn already holds is given once — in the report (a read turn's
    `[TERMINE]` and the timeline's answer list the same appointments); an unasked window with no entry
    (*Nach Terminen wurde nicht gezielt gefragt … keine Termine …*) says nothing to an answer and is left out."""
    reported = {line for report in reports for line in _entries(report)}
    kept = []
    for text in blocks.values():
        entries = _entries(text)
        if entries and all(entry in reported for entry in entries):
            continue
        if not entries and NOT_ASKED in text:
            continue
        kept.append(text)
    return kept


# A service's own report is the whole answer when it wrote verifiably or asks its one question; the composer would
# only restate it. A read wants the composer (it answers the question asked: *Hab ich morgen frei?*),
# and so do `rejected` (a statement, no order), `fehler` and `dismissed`.
RESTATED_STATUSES = ("abgeschlossen", "rueckfrage")
# Tests of what the tribunal does with a composer's paraphrase of a report switch this off (the composer is then
# asked for every report).
SAY_REPORTS_BY_RULE = True


def restates_reports(text: str, services: Sequence[Mapping[str, Any]], answer_from_blocks: bool,
                     deepened: str = "") -> bool:
    """Whether the answer is the services' reports and nothing more: every service of the turn wrote verifiably or
    asks its question, no block or finding of the files is to be told, and the person is not unwell or in distress
    (then the answer needs more than the report). Then the composer's offline rule says the reports — no model call,
    and nothing of a model to judge (`graph.evaluate.judge_node`)."""
    ran = [s for s in services if s.get("status") != "dismissed"]
    if not SAY_REPORTS_BY_RULE or not ran or answer_from_blocks or deepened:
        return False
    if not all(_restated(s) for s in ran):
        return False
    return not feels_unwell(text) and not care_answer(text, False, crisis_only=True)


def _restated(service: Mapping[str, Any]) -> bool:
    if not str(service.get("answer") or "").strip():
        return False
    if service.get("status") == "rueckfrage":
        return True
    return service.get("status") == "abgeschlossen" and wrote_verifiably(service.get("steps") or [])


def compose(asker: Any, text: str, services: list[dict[str, Any]], blocks: dict[str, str],
            answer_from_blocks: bool, address: str = ADDRESS_DU, block_answers: Sequence[str] = (),
            deepened: str = "", by_rule: bool = False) -> str:
    reports = [{"name": s["name"], "status": s["status"], "answer": s["answer"]} for s in services]
    data = {
        "text": text,
        "service_reports": reports,
        "services": "\n".join(f"[{s['name']}] {s['status']}: {s['answer']}" for s in reports) or "(kein Dienst)",
        "block_map": blocks,
        "blocks": "\n\n".join(blocks_for_model(blocks, [s["answer"] for s in reports])) or "(keine)",
        "answer_from_blocks": answer_from_blocks,
        "block_answers": list(block_answers),  # the answering blocks, said to the person (the offline rule's)
        "anrede": address,  # the form of address (`address_form`: the pair's directives, else the person's own)
        "anrede_hinweis": ADDRESS_SIE_HINT if address == ADDRESS_SIE else "",  # the prompt's line; du: none
        "nachgelesen": deepened,  # dateien.md §3.0b: the offline reply from the deepening's best find
    }
    if by_rule:  # `restates_reports`: the reports are the answer, said by the composer's rule
        return str(offline_composer(data)["antwort"]).strip()
    answer = asker.ask(TASK, data)
    return read_text(answer.fields, "antwort", "").strip()
