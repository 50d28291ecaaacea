"""The one model question of the novelty check's middle zone (dateien.md §4b.3): is this sentence already
said by that one? It asks exactly this and writes nothing; the answer is read checked."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from novaberg.files.knowledge.novelty import ASK, COPY, Judge
from novaberg.llm.offline import offline_rule
from novaberg.llm.reader import read_bool
from novaberg.text.trigram import similarity

__all__ = ["TASK", "model_judge"]

TASK = "knowledge_duplicate"


@offline_rule(TASK)
def _offline(data: Mapping[str, Any]) -> dict[str, Any]:
    """Without a model: the middle of the undecidable zone splits it (no semantics offline)."""
    score = similarity(str(data.get("satz", "")), str(data.get("bestand", "")))
    return {"dublette": score >= (ASK + COPY) / 2, "begruendung": f"Trigramm-Nähe {score:.2f} (ohne Sprachmodell)"}


def model_judge(asker: Any) -> Judge:
    def judge(sentence: str, existing: str) -> bool:
        answer = asker.ask(TASK, {"satz": sentence, "bestand": existing})
        if answer.fields.get("dublette") is None:
            raise ValueError("the judgement names no 'dublette'")
        return read_bool(answer.fields, "dublette")
    return judge
