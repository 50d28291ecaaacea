"""The one model question of the novelty check's middle zone (dateien.md §4b.3): is this sentence already
said by that one — or does it change a fact of it? It asks exactly this and writes nothing; the
answer is read checked."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from novaberg.files.knowledge.novelty import ASK, CHANGED, COPY, DUPLICATE, NEW, Judge, fact_differences
from novaberg.llm.reader import read_bool
from novaberg.text.trigram import similarity

__all__ = ["TASK", "model_judge"]

TASK = "knowledge_duplicate"


def offline_judge(data: Mapping[str, Any]) -> dict[str, Any]:
    """Without a model: differing numbers or negations are a change of the old sentence, other differing
    names a new sentence; with the same facts the middle of the undecidable zone splits it."""
    sentence, existing = str(data.get("satz", "")), str(data.get("bestand", ""))
    differences = fact_differences(sentence, existing)
    if "zahl" in differences or "verneinung" in differences:
        return {"dublette": False, "aenderung": True,
                "begruendung": f"andere Angabe ({', '.join(differences)}; ohne Sprachmodell)"}
    if differences:
        return {"dublette": False, "aenderung": False,
                "begruendung": f"andere Angabe ({', '.join(differences)}; ohne Sprachmodell)"}
    score = similarity(sentence, existing)
    return {"dublette": score >= (ASK + COPY) / 2, "aenderung": False,
            "begruendung": f"Trigramm-Nähe {score:.2f} (ohne Sprachmodell)"}


def model_judge(asker: Any) -> Judge:
    def judge(sentence: str, existing: str) -> str:
        answer = asker.ask(TASK, {"satz": sentence, "bestand": existing})
        if answer.fields.get("dublette") is None:
            raise ValueError("the judgement names no 'dublette'")
        duplicate = read_bool(answer.fields, "dublette")
        changed = read_bool(answer.fields, "aenderung")
        return CHANGED if changed else DUPLICATE if duplicate else NEW
    return judge
