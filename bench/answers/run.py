"""Questions answered from shared files through `Nova.turn`, beside an Okapi BM25 sentence picker.

    python -m bench.answers                              # the development split of XQuAD (German)
    python -m bench.answers --split household --out /tmp/household.json
    python -m bench.answers --split dev --limit 100 --show wrong     # 100 questions spread over the split

A person shares the set's Markdown files (one per XQuAD paragraph, or the household notes) with Nova (offline
model, hashing embedder, a throw-away data directory); a second person shares other files. Each question goes
through `Nova.turn` on a fixed clock (one minute further per question). Scored per question kind
(`kinds.question_kind`): answered, abstained, wrong (`score.score`). The baseline picks the top sentence of all the
same files' sentences (`sentences.split_sentences`) by Okapi BM25 with the German Snowball stemmer (the `bench`
extra); it answers when a gold string is in that sentence and abstains only when no word matches. Afterwards the
second person asks the first questions: nothing of either person's files may reach the other's answers.
The held-out split is run once, at the end (data/NOTICE.md).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from bench.answers.kinds import KINDS, question_kind
from bench.answers.score import Outcome, contains_gold, normalise, score
from bench.answers.sentences import split_sentences
from bench.answers.sets import SPLITS, Question, load
from bench.files.calibrate import quantile
from bench.files.retrieval import bm25_index

__all__ = ["Row", "leaks", "main", "own_sentences", "run", "share_files", "spread", "summarise"]

NOW = datetime(2026, 12, 2, 10, 0, tzinfo=ZoneInfo("Europe/Berlin"))
PERSON, OTHER, FIGURE = "anna", "bert", "nova"
NO_ANSWER = "ohne Antwort"  # the row of the questions whose answer is in none of the files
ISOLATION_QUESTIONS = 10
_OUTCOMES = (Outcome.ANSWERED, Outcome.ABSTAINED, Outcome.WRONG)


@dataclass
class Row:
    question: str
    kind: str
    golds: tuple[str, ...]
    answer: str
    outcome: str
    form: str
    ms: float
    bm25_sentence: str
    bm25_outcome: str


def spread(questions: list[Question], limit: int | None) -> list[Question]:
    """`limit` questions spread evenly over the set (every article of XQuAD, not the first one's only)."""
    if not limit or limit >= len(questions):
        return questions
    return [questions[i * len(questions) // limit] for i in range(limit)]


def share_files(nova, root: Path, person: str, files: dict[str, str]) -> None:  # noqa: ANN001 - the facade
    root.mkdir(parents=True)
    for name, text in files.items():
        (root / name).write_text(text, encoding="utf-8")
    nova.files.allow(person, str(root), now=NOW)
    nova.files.grant(person, FIGURE, str(root), now=NOW)
    nova.files.index(NOW, person, FIGURE)


class _SentencePicker:
    """Okapi BM25 over every sentence of the files (headings left out: a title answers nothing, and the XQuAD
    files' headings are ours); the top sentence is its answer."""

    def __init__(self, files: dict[str, str]) -> None:
        bodies = ["\n".join(line for line in text.splitlines() if not line.startswith("#")) for text in files.values()]
        self.sentences = [sentence for text in bodies for sentence in split_sentences(text)]
        self.bm25, self.tokens = bm25_index(self.sentences)

    def pick(self, question: Question) -> tuple[str, str]:
        scores = self.bm25.get_scores(self.tokens(question.text))
        best = max(range(len(scores)), key=lambda i: scores[i])
        if scores[best] <= 0:
            return "", Outcome.ABSTAINED
        sentence = self.sentences[best]
        return sentence, Outcome.ANSWERED if question.answers and contains_gold(sentence, question.answers) \
            else Outcome.WRONG


def own_sentences(files: dict[str, str], others: dict[str, str]) -> list[str]:
    """The sentences (of some length) that only `files` hold: one of them in the other's answer is a leak."""
    theirs = {normalise(s) for text in others.values() for s in split_sentences(text)}
    return [normalise(s) for text in files.values() for s in split_sentences(text)
            if len(s) >= 25 and normalise(s) not in theirs]


def leaks(answer: str, folder: str, sentences: list[str]) -> bool:
    folded = normalise(answer)
    return f"{folder}/" in answer or any(sentence.rstrip(".") in folded for sentence in sentences)


def run(split: str, limit: int | None = None) -> dict:
    from novaberg import Nova

    chosen, other_files = load(split)
    questions = spread(chosen.questions, limit)
    picker = _SentencePicker(chosen.files)
    mine, theirs = own_sentences(chosen.files, other_files), own_sentences(other_files, chosen.files)
    rows: list[Row] = []
    leaked: list[dict[str, str]] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp, \
            Nova.open(data_dir=Path(tmp) / "data", llm="offline", embedder="hashing") as nova:
        begun = time.perf_counter()
        share_files(nova, Path(tmp) / f"{PERSON}-unterlagen", PERSON, chosen.files)
        share_files(nova, Path(tmp) / f"{OTHER}-unterlagen", OTHER, other_files)
        indexed = time.perf_counter() - begun
        for number, question in enumerate(questions):
            begun = time.perf_counter()
            answer = nova.turn(PERSON, FIGURE, question.text, NOW + timedelta(minutes=number)).answer
            seconds = time.perf_counter() - begun
            outcome, form = score(answer, question.answers)
            sentence, bm25_outcome = picker.pick(question)
            rows.append(Row(question.text, question_kind(question.text) if question.answers else NO_ANSWER,
                            question.answers, answer, outcome, form, seconds * 1000, sentence, bm25_outcome))
            if leaks(answer, f"{OTHER}-unterlagen", theirs):
                leaked.append({"person": PERSON, "question": question.text, "answer": answer})
        for number, question in enumerate(questions[:ISOLATION_QUESTIONS]):
            answer = nova.turn(OTHER, FIGURE, question.text, NOW + timedelta(days=1, minutes=number)).answer
            if leaks(answer, f"{PERSON}-unterlagen", mine):
                leaked.append({"person": OTHER, "question": question.text, "answer": answer})
    return {"split": split, "commit": _commit(), "now": NOW.isoformat(), "files": len(chosen.files),
            "questions": len(rows), "index_seconds": round(indexed, 2),
            "seconds": round(time.perf_counter() - started, 1), "summary": summarise(rows),
            "wrong_forms": _forms(rows), "isolation": {"asked_by_other": min(len(questions), ISOLATION_QUESTIONS),
                                                       "leaks": leaked},
            "rows": [asdict(row) for row in rows]}


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              cwd=Path(__file__).parent, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def _counts(rows: list[Row], field: str) -> dict[str, int]:
    return {outcome: sum(getattr(row, field) == outcome for row in rows) for outcome in _OUTCOMES}


def summarise(rows: list[Row]) -> dict[str, dict]:
    """Per kind (and `alle` over the questions that have an answer): counts of Nova and BM25, ratio, p50/p95."""
    groups = {kind: [row for row in rows if row.kind == kind] for kind in (*KINDS, NO_ANSWER)}
    groups["alle"] = [row for row in rows if row.kind != NO_ANSWER]
    summary = {}
    for kind, members in groups.items():
        if not members:
            continue
        nova, bm25 = _counts(members, "outcome"), _counts(members, "bm25_outcome")
        ms = [row.ms for row in members]
        summary[kind] = {"n": len(members), "nova": nova, "bm25": bm25,
                         "ratio": round(nova[Outcome.ANSWERED] / bm25[Outcome.ANSWERED], 2)
                         if bm25[Outcome.ANSWERED] else None,
                         "p50_ms": round(quantile(ms, 0.5), 1), "p95_ms": round(quantile(ms, 0.95), 1)}
    return summary


def _forms(rows: list[Row]) -> dict[str, int]:
    forms: dict[str, int] = {}
    for row in rows:
        if row.outcome == Outcome.WRONG:
            forms[row.form] = forms.get(row.form, 0) + 1
    return forms


def table(result: dict) -> str:
    lines = [f"{result['split']}: {result['questions']} questions over {result['files']} files, commit "
             f"{result['commit']}, indexed in {result['index_seconds']} s, {result['seconds']} s in all",
             f"{'kind':<13} {'n':>4} | {'Nova ans':>8} {'abst':>5} {'wrong':>5} | {'BM25 ans':>8} {'abst':>5} "
             f"{'wrong':>5} | {'ratio':>5} | {'p50 ms':>6} {'p95 ms':>6}"]
    for kind, row in result["summary"].items():
        nova, bm25 = row["nova"], row["bm25"]
        ratio = f"{row['ratio']:.2f}" if row["ratio"] is not None else "—"
        lines.append(f"{kind:<13} {row['n']:>4} | {nova['answered']:>8} {nova['abstained']:>5} {nova['wrong']:>5} | "
                     f"{bm25['answered']:>8} {bm25['abstained']:>5} {bm25['wrong']:>5} | {ratio:>5} | "
                     f"{row['p50_ms']:>6.1f} {row['p95_ms']:>6.1f}")
    forms = ", ".join(f"{form} {count}" for form, count in sorted(result["wrong_forms"].items()))
    lines.append(f"Nova's wrong answers by form: {forms or 'none'}")
    isolation = result["isolation"]
    lines.append(f"isolation: {len(isolation['leaks'])} answers with the other person's files "
                 f"(all of {PERSON}'s, and {isolation['asked_by_other']} asked by {OTHER})")
    return "\n".join(lines)


def _show(result: dict, which: str) -> None:
    for row in result["rows"]:
        if which == "all" or row["outcome"] == which:
            print(f"[{row['outcome']}{'/' + row['form'] if row['form'] else ''}] {row['kind']} | {row['question']}"
                  f" | gold {' / '.join(row['golds']) or '—'}\n    nova: {row['answer']!r}\n"
                  f"    bm25 [{row['bm25_outcome']}]: {row['bm25_sentence']!r}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=SPLITS, default="dev")
    parser.add_argument("--limit", type=int, default=None, help="only N questions, spread evenly over the set")
    parser.add_argument("--out", type=Path, default=None, help="write the results (every question too) as JSON")
    parser.add_argument("--show", choices=("answered", "abstained", "wrong", "all"), default=None,
                        help="print each question of that outcome with both answers")
    args = parser.parse_args(argv)
    result = run(args.split, args.limit)
    if args.show:
        _show(result, args.show)
    print(table(result))
    if args.out:
        args.out.write_text(json.dumps(result, ensure_ascii=False, indent=1), encoding="utf-8")
        print(f"written: {args.out}")
