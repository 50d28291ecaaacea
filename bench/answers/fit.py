"""How the question path's `FEATURE_WEIGHTS` and `MIN_SHARE` were chosen: fitted on XQuAD's development part.

    python -m bench.answers.fit                 # runs the dev split through Nova.turn, then fits
    python -m bench.answers.fit --folds 5

Each dev question goes through `Nova.turn` as in `bench.answers` (offline model); the candidates the question path
was given are recorded. Per question, every candidate that may answer (`picker.features_of`) is labelled by
whether its quoted sentence holds a gold answer; a conditional logit (softmax over the question's candidates,
L2-regularised, plain gradient ascent) learns one weight per feature. Folds by article give the held-back
curve: for each share threshold, how many answers would be right and how many wrong. Only the dev split is ever
used here; the held-out split is not read.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import numpy as np

from bench.answers import run as bench_run
from bench.answers.score import contains_gold
from bench.answers.sets import load
from novaberg.answers import picker, service

__all__ = ["fit", "main", "record"]

Sample = tuple[str, list[tuple[dict[str, float], bool]]]  # (article, [(features, holds a gold answer)])


def record(limit: int | None = None) -> list[Sample]:
    """The dev questions' candidates as the question path was given them, with their features and labels."""
    chosen, _ = load("dev")
    article = {q.text: q.document.rsplit("-", 1)[0] for q in chosen.questions}
    golds = {q.text: q.answers for q in chosen.questions}
    seen: dict[str, list[tuple[dict[str, float], bool]]] = {}
    original = service.pick

    def recording(question, candidates, rival="", rival_text=""):  # noqa: ANN001, ANN202 - the picker's own
        if candidates and not candidates[0].place.isdigit() and question.text in golds:  # not the deepening's
            seen[question.text] = [(features, contains_gold(service.quoted(c.text, question=question),
                                                            golds[question.text]))
                                   for c, features in picker.features_of(question, candidates)]
        return original(question, candidates, rival, rival_text)

    service.pick = recording
    try:
        bench_run.run("dev", limit)
    finally:
        service.pick = original
    return [(article[text], items) for text, items in seen.items() if items]


def fit(samples: Sequence[Sample], names: Sequence[str], l2: float = 0.003, steps: int = 400,
        rate: float = 1.0) -> dict[str, float]:
    """One weight per feature name, maximising the log-probability of the gold candidates among each question's."""
    usable = [_matrix(items, names) for _, items in samples if any(gold for _, gold in items)]
    weights = np.zeros(len(names))
    for _ in range(steps):
        gradient = np.zeros(len(names))
        for features, gold in usable:
            shares = _softmax(features @ weights)
            wanted = shares * gold
            gradient += features.T @ (wanted / wanted.sum() - shares)
        weights += rate * (gradient / len(usable) - l2 * weights)
    return dict(zip(names, (float(w) for w in weights), strict=True))


def _matrix(items: list[tuple[dict[str, float], bool]], names: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    return (np.array([[features.get(name, 0.0) for name in names] for features, _ in items]),
            np.array([float(gold) for _, gold in items]))


def _softmax(sums: np.ndarray) -> np.ndarray:
    raw = np.exp(sums - sums.max())
    return raw / raw.sum()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--limit", type=int, default=None)
    args = parser.parse_args(argv)
    samples = record(args.limit)
    names = list(picker.FEATURE_WEIGHTS)
    articles = sorted({a for a, _ in samples})
    held_back: list[tuple[float, bool]] = []  # (share of the best, is it right) for each question, fitted without it
    for fold in range(args.folds):
        test = set(articles[fold::args.folds])
        weights = fit([s for s in samples if s[0] not in test], names)
        for article, items in samples:
            if article in test:
                features, gold = _matrix(items, names)
                shares = _softmax(features @ np.array([weights[name] for name in names]))
                best = int(shares.argmax())
                held_back.append((float(shares[best]), bool(gold[best])))
    print(f"{len(samples)} dev questions with a candidate; held back by article in {args.folds} folds:")
    for threshold in (0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.7):
        right = sum(1 for share, ok in held_back if share > threshold and ok)
        wrong = sum(1 for share, ok in held_back if share > threshold and not ok)
        print(f"  share > {threshold:.2f}: right {right}, wrong {wrong}")
    weights = fit(samples, names)
    print("weights on all of dev:", {name: round(value, 2) for name, value in weights.items()})


if __name__ == "__main__":
    main()
