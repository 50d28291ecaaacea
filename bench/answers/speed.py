"""How long a question takes at size: 1,000 shared files and 10,000 long-term memory nodes of one pair.

    python -m bench.answers.speed [--files 1000] [--nodes 10000] [--questions 80]

The files are XQuAD's German dev paragraphs and the household notes, then notes
generated from templates with seeded values until `--files` is reached; the nodes are seeded in bulk as in
`bench.memory.run`. Questions are XQuAD questions and household questions, asked through `Nova.turn` after five
warm-up turns; p50/p95 of the whole turn and of the question path alone (its service step's share is not
separable from the turn, so the turn is what is reported), wall and this process's CPU time (on a loaded machine the
wall time measures the machine).
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from bench.answers.run import FIGURE, NOW, share_files
from bench.answers.sets import load, xquad_documents
from bench.files.calibrate import quantile
from bench.memory.run import USER, _seed
from novaberg import Nova
from novaberg.embed.hashing import HashingEmbedder

_PETS = ("Mimi", "Minka", "Bruno", "Luna", "Felix", "Balu", "Nala", "Rocky", "Kira", "Simba")
_VETS = ("Dr. Jansen", "Dr. Özdemir", "Dr. Vogel", "Dr. Winter", "Dr. Hoffmann", "Dr. Brandt")
_MONTHS = ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober")
_TOPICS = ("Versicherung", "Wartung", "Vertrag", "Rechnung", "Garantie", "Abo", "Mitgliedschaft", "Kurs")


def generated_note(rng: random.Random, index: int) -> str:
    pet, vet, month = rng.choice(_PETS), rng.choice(_VETS), rng.choice(_MONTHS)
    topic = rng.choice(_TOPICS)
    return (f"# {topic} {index}\n\n{topic} Nummer {index} läuft bei der Firma Beispiel {index} GmbH.\n"
            f"Sie kostet {rng.randint(20, 900)} Euro im Jahr und endet im {month} {rng.randint(2026, 2030)}.\n"
            f"Für {pet} ist {vet} zuständig, die nächste Impfung ist im {month}.\n")


def files_of(size: int, rng: random.Random) -> dict[str, str]:
    dev, _ = xquad_documents(False)  # the dev part only: the held-out part stays unread until its one run
    files = {**dev, **load("household")[0].files}
    index = 0
    while len(files) < size:
        files[f"notiz-{index:04d}.md"] = generated_note(rng, index)
        index += 1
    return dict(list(files.items())[:size])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--nodes", type=int, default=10_000)
    parser.add_argument("--questions", type=int, default=80)
    args = parser.parse_args()
    rng = random.Random(7)
    household = load("household")[0].questions
    _, xquad = xquad_documents(False)
    questions = [q.text for q in household] + [q.text for q in rng.sample(xquad, max(0, args.questions - len(household)))]
    with tempfile.TemporaryDirectory(prefix="novaberg-answer-speed-") as folder:
        nova = Nova.open(data_dir=Path(folder) / "data", llm="offline", embedder="hashing")
        try:
            started = time.perf_counter()
            share_files(nova, Path(folder) / "home" / USER, USER, files_of(args.files, rng))
            shared = time.perf_counter() - started
            seeded = _seed(nova.stack.db, args.nodes, rng, HashingEmbedder()) if args.nodes else 0.0
            clock = NOW
            for text in questions[:5]:  # warm-up
                nova.turn(USER, FIGURE, text, clock)
            times, cpu = [], []
            for text in questions:
                clock += timedelta(minutes=1)
                began, began_cpu = time.perf_counter(), time.process_time()
                nova.turn(USER, FIGURE, text, clock)
                times.append((time.perf_counter() - began) * 1000)
                cpu.append((time.process_time() - began_cpu) * 1000)
        finally:
            nova.close()
    print(f"{args.files} files shared and indexed in {shared:.1f} s, {args.nodes} memory nodes seeded in {seeded:.1f} s")
    print(f"{len(times)} questions through Nova.turn: p50 {quantile(times, 0.5):.1f} ms, "
          f"p95 {quantile(times, 0.95):.1f} ms, max {max(times):.1f} ms (wall, load {os.getloadavg()[0]:.1f}); "
          f"CPU of this process (the database's not counted): p50 {quantile(cpu, 0.5):.1f} ms, "
          f"p95 {quantile(cpu, 0.95):.1f} ms")


if __name__ == "__main__":
    main()
