"""The question sets of `python -m bench.answers`: XQuAD's German part split by article, and a household set.

Each set is a folder of Markdown files one person shares with Nova and the questions about them, each with its
gold answer strings (none: the answer is nowhere, Nova should say she has nothing). See data/NOTICE.md.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path

__all__ = ["SPLITS", "Question", "QuestionSet", "is_held_out", "load", "xquad_documents"]

DATA = Path(__file__).with_name("data")
SPLITS = ("dev", "heldout", "household")


@dataclass(frozen=True)
class Question:
    text: str
    answers: tuple[str, ...]  # empty: the answer is in none of the files
    document: str = ""  # the file that holds the answer (XQuAD), "" when unknown


@dataclass(frozen=True)
class QuestionSet:
    name: str
    files: dict[str, str]  # file name -> Markdown text
    questions: list[Question]


def is_held_out(title: str) -> bool:
    """The fixed split, decided before any run: an article is held out when the first byte of the SHA-256 of its
    title (UTF-8, as written in the file, e.g. `Warsaw`) is below 86 — the lowest third of the range."""
    return hashlib.sha256(title.encode("utf-8")).digest()[0] < 86


def _file_name(title: str, index: int) -> str:
    return f"{re.sub(r'[^A-Za-z0-9]+', '-', title).strip('-').lower()}-{index:02d}.md"


def xquad_documents(held_out: bool) -> tuple[dict[str, str], list[Question]]:
    """One Markdown file per paragraph (the article's title as heading) and the paragraphs' questions."""
    articles = json.loads((DATA / "xquad.de.json").read_text(encoding="utf-8"))["data"]
    files: dict[str, str] = {}
    questions: list[Question] = []
    for article in articles:
        if is_held_out(article["title"]) != held_out:
            continue
        heading = article["title"].replace("_", " ")
        for index, paragraph in enumerate(article["paragraphs"]):
            name = _file_name(article["title"], index)
            files[name] = f"# {heading}\n\n{paragraph['context']}\n"
            for qa in paragraph["qas"]:
                golds = tuple(dict.fromkeys(answer["text"] for answer in qa["answers"]))
                questions.append(Question(qa["question"], golds, name))
    return files, questions


def _folder(path: Path) -> dict[str, str]:
    return {file.name: file.read_text(encoding="utf-8") for file in sorted(path.glob("*.md"))}


def load(split: str) -> tuple[QuestionSet, dict[str, str]]:
    """The set and the other files a second person shares (to see that nothing of theirs reaches the first)."""
    household = DATA / "household"
    if split == "household":
        raw = json.loads((household / "fragen.json").read_text(encoding="utf-8"))["fragen"]
        questions = [Question(q["frage"], tuple(q["antworten"])) for q in raw]
        return QuestionSet(split, _folder(household / "unterlagen"), questions), _folder(household / "nachbarn")
    if split not in SPLITS:
        raise ValueError(f"unknown split {split!r}: one of {', '.join(SPLITS)}")
    files, questions = xquad_documents(held_out=split == "heldout")
    return QuestionSet(split, files, questions), _folder(household / "unterlagen")
