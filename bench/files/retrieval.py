"""Retrieval quality and latency of the files' enricher source.

    python -m bench.files.retrieval
    python -m bench.files.retrieval --files 2000 --queries 100
    python -m bench.files.retrieval --seed 17 --runs 3
    python -m bench.files.retrieval --files 0 --per-query          # the two hand-written sets only
    python -m bench.files.retrieval --files 0 --embedder sentence-transformers:<model directory>

A generated German corpus (default 10,000 files: subject × aspect × place, each with a body-only detail
such as a firm's name) is indexed by the watcher (offline describer, hashing embedder). The queries
*paraphrase*: the subject compound is split or re-formed (*Heizungsanlage* → *die Heizung*), the aspect
noun becomes a verb (*Wartung* → *warten*), and only sometimes is the document's own word or the body's
detail used. Each query has exactly one relevant file. Reported: p50/p95 latency of the enricher
source (target p95 < 50 ms), NDCG@5 and recall@5 of the fused result, of each channel alone (the dense one
before and after its threshold), and of Okapi BM25 over the full text with the Snowball German stemmer
(`rank-bm25`, `snowballstemmer`, in the `bench` extra). Targets: fused ≥ best single channel + 5 % and
≥ BM25 + 5 % (relative). A missed target exits 1. NOVABERG_BENCH_DATABASE_URL names another server.

Then the two hand-written sets, each as its own pair: bench/files/handset.py (where misses were studied)
and bench/files/handset2.py (held out: written before this build's morphology rules and floor). `--per-query`
prints every hand-written question with the relevant file's rank in each list. `--embedder` measures another
embedder (the floor applied is the one `bench.files.calibrate` recorded for it); an embedder of another
dimension than the index's vector(768) is refused by the product, so the bench alters its own throwaway
database (`fit_dimensions`) and says so.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import shutil
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from bench.database import bench_database
from bench.files.handset import FILES as HAND_FILES
from bench.files.handset import QUERIES as HAND_QUERIES
from bench.files.handset2 import FILES as HAND2_FILES
from bench.files.handset2 import QUERIES as HAND2_QUERIES
from novaberg.core.logs import PipelineLog
from novaberg.embed.registry import make_embedder
from novaberg.files.retrieval import Retriever
from novaberg.files.service import FilesService
from novaberg.files.threshold import dense_floor

NOW = datetime(2026, 12, 1, 8, 0, tzinfo=UTC)
K = 5

# (document's compound, paraphrases a person would say)
SUBJECTS = [
    ("Heizungsanlage", ["die Heizung", "das Heizen"]), ("Dachrinne", ["die Rinne am Dach", "die Regenrinne oben"]),
    ("Waschmaschine", ["die Maschine zum Waschen", "das Wäschewaschen"]),
    ("Fahrradkette", ["die Kette vom Fahrrad", "die Kette am Rad"]), ("Gartenteich", ["den Teich im Garten", "das Teichwasser"]),
    ("Kaffeemaschine", ["die Maschine für Kaffee", "das Kaffeekochen"]),
    ("Wohnungsschlüssel", ["die Schlüssel der Wohnung", "den Schlüssel für die Wohnung"]),
    ("Steuererklärung", ["die Steuern", "das Erklären der Steuer"]),
    ("Zahnarztpraxis", ["den Zahnarzt", "die Praxis für Zähne"]), ("Katzenfutter", ["das Futter der Katze", "Futter für Katzen"]),
    ("Autoversicherung", ["die Versicherung fürs Auto", "das Auto versichern"]),
    ("Mietvertrag", ["den Vertrag über die Miete", "die Miete"]), ("Stromrechnung", ["die Rechnung für Strom", "den Strom"]),
    ("Kinderzimmer", ["das Zimmer der Kinder", "das Zimmer für die Kinder"]),
    ("Hochzeitsfeier", ["die Feier zur Hochzeit", "das Hochzeitsfest"]),
    ("Geburtstagsgeschenk", ["das Geschenk zum Geburtstag", "Geschenke für den Geburtstag"]),
    ("Bienenvolk", ["die Bienen", "das Volk der Bienen"]), ("Tomatenpflanzen", ["die Tomaten", "die Pflanzen der Tomaten"]),
    ("Küchenschrank", ["den Schrank in der Küche", "die Küchenschränke"]),
    ("Badezimmerfliesen", ["die Fliesen im Bad", "das Bad"]), ("Kellerfenster", ["das Fenster im Keller", "den Keller"]),
    ("Rasenmäher", ["den Mäher für den Rasen", "das Rasenmähen"]),
    ("Gasherd", ["den Herd mit Gas", "das Kochen mit Gas"]), ("Dachboden", ["den Boden unterm Dach", "das Dach"]),
    ("Gartenzaun", ["den Zaun am Garten", "den Zaun"]), ("Wasserleitung", ["die Leitung für Wasser", "das Wasserrohr"]),
    ("Haustür", ["die Tür vom Haus", "die Eingangstür"]), ("Balkonpflanzen", ["die Pflanzen auf dem Balkon", "den Balkon"]),
    ("Kühlschrank", ["den Schrank zum Kühlen", "das Kühlen"]), ("Hundeleine", ["die Leine vom Hund", "den Hund"]),
    ("Klavierunterricht", ["den Unterricht am Klavier", "das Klavierspielen"]),
    ("Sportverein", ["den Verein für Sport", "den Verein"]), ("Bibliotheksausweis", ["den Ausweis der Bibliothek", "die Bücherei"]),
    ("Reisepass", ["den Pass für Reisen", "den Pass"]), ("Krankenkasse", ["die Kasse für Kranke", "die Krankenversicherung"]),
    ("Gasthermen", ["die Therme mit Gas", "die Therme"]), ("Solaranlage", ["die Anlage für Solarstrom", "das Solardach"]),
    ("Regenfass", ["das Fass für Regen", "das Regenwasser"]), ("Holzofen", ["den Ofen mit Holz", "das Heizen mit Holz"]),
    ("Elternabend", ["den Abend mit den Eltern", "das Treffen der Eltern"]),
]
# (document's noun, the verb a person would use)
ASPECTS = [
    ("Reparatur", ["reparieren", "reparieren lassen"]), ("Wartung", ["warten", "warten lassen"]),
    ("Reinigung", ["reinigen", "sauber machen"]), ("Anschaffung", ["anschaffen", "neu anschaffen"]),
    ("Kündigung", ["kündigen", "kündigen lassen"]), ("Entsorgung", ["entsorgen", "wegbringen und entsorgen"]),
    ("Planung", ["planen", "vorausplanen"]), ("Bezahlung", ["bezahlen", "zahlen"]),
    ("Überprüfung", ["überprüfen", "prüfen"]), ("Lieferung", ["liefern", "liefern lassen"]),
    ("Einrichtung", ["einrichten", "neu einrichten"]), ("Beantragung", ["beantragen", "neu beantragen"]),
    ("Verlängerung", ["verlängern", "verlängern lassen"]), ("Bewässerung", ["bewässern", "gießen und bewässern"]),
    ("Lagerung", ["lagern", "einlagern"]), ("Montage", ["montieren", "montieren lassen"]),
]
PLACES = ["Leipzig", "Bregenz", "Görlitz", "Husum", "Passau", "Erfurt", "Lindau", "Bautzen", "Kassel", "Wismar",
          "Coburg", "Emden", "Konstanz", "Gotha", "Rostock", "Speyer"]
FIRMS = ["Kaltenbach", "Oberreiter", "Schwarzmann", "Lindqvist", "Brandauer", "Hollerbusch", "Pfeiffenberger",
         "Tannhäuser", "Wendelin", "Quadflieg", "Riemenschneider", "Zinnecker", "Mayrhofer", "Eckenroth", "Fröhlke",
         "Gruberbauer", "Hasselkamp", "Isenbügel", "Jankowiak", "Kuhlenkampf", "Lorenzoni", "Möllendorf",
         "Nittenauer", "Ostertag", "Plöchinger", "Rautenstrauch", "Sauerbier", "Trautwein", "Uhlenbrock", "Vogelsang"]
FILLER = [
    "Die Kosten lagen am Ende etwas höher als gedacht.", "Die Rechnung liegt im blauen Ordner.",
    "Ein Termin im Frühjahr wäre besser gewesen.", "Beim nächsten Mal früher anfangen.",
    "Das Angebot kam per Post.", "Die Nachbarn hatten denselben Handwerker.", "Alles hat etwa zwei Stunden gedauert.",
    "Bezahlt wurde bar.", "Die Garantie läuft zwei Jahre.", "Fotos davon sind auf dem Laptop.",
    "Es gab kleine Schwierigkeiten mit dem Zugang.", "Die Unterlagen kamen vollständig an.",
]


def _document(rng: random.Random, subject: str, aspect: str, place: str, firm: str) -> str:
    lines = [f"# {aspect} {subject} {place}", "",
             f"Notizen zur {aspect} der {subject} in {place}.", ""]
    body = rng.sample(FILLER, 6)
    body.insert(rng.randrange(2, 5), f"Erledigt hat das die Firma {firm}.")
    lines += [body[0], body[1], body[2], "", body[3], body[4], body[5], body[6]]
    lines += ["", f"Zur {subject}: {rng.choice(FILLER)}", f"Nächste {aspect} frühestens in einem Jahr."]
    return "\n".join(lines) + "\n"


def generate(root: Path, count: int, seed: int = 16) -> list[tuple[Path, tuple[int, int, int], str]]:
    rng = random.Random(seed)
    combos = [(s, a, p) for s in range(len(SUBJECTS)) for a in range(len(ASPECTS)) for p in range(len(PLACES))]
    rng.shuffle(combos)
    files = []
    for number, (s, a, p) in enumerate(combos[:count]):
        firm = rng.choice(FIRMS)
        path = root / f"bereich{number % 25:02d}" / f"notiz{number:05d}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(_document(rng, SUBJECTS[s][0], ASPECTS[a][0], PLACES[p], firm), encoding="utf-8")
        files.append((path, (s, a, p), firm))
    return files


def make_query(rng: random.Random, combo: tuple[int, int, int], firm: str) -> str:
    s, a, p = combo
    subject = SUBJECTS[s][0] if rng.random() < 0.2 else rng.choice(SUBJECTS[s][1])
    if rng.random() < 0.2:
        query = f"Was war mit der {ASPECTS[a][0]} für {subject} in {PLACES[p]}?"
    else:
        query = f"Wann sollte ich {subject} in {PLACES[p]} {rng.choice(ASPECTS[a][1])}?"
    if rng.random() < 0.3:
        query += f" Das hatte doch {firm} gemacht."
    return query


def ndcg_at(ranked: list[str], relevant: str, k: int = K) -> float:
    for rank, item in enumerate(ranked[:k], start=1):
        if item == relevant:
            return 1.0 / math.log2(rank + 1)
    return 0.0


_TOKEN = re.compile(r"[^\W\d_]+")


def bm25_index(texts: list[str]):  # noqa: ANN201 - optional dependency types
    import snowballstemmer
    from rank_bm25 import BM25Okapi

    stemmer = snowballstemmer.stemmer("german")

    def tokens(text: str) -> list[str]:
        return stemmer.stemWords([t.lower() for t in _TOKEN.findall(text)])

    return BM25Okapi([tokens(t) for t in texts]), tokens


CHANNEL_LISTS = ("scharf", "dicht (nach Schwelle)", "dicht (roh, top K)", "inhalt")


def _lists(result, by_id: dict[int, str]) -> dict[str, list[str]]:  # noqa: ANN001
    return {
        "fused": [hit.path for hit in result.hits],
        "scharf": [by_id[i] for i in result.ranked.get("scharf", [])],
        "dicht (nach Schwelle)": [by_id[i] for i in result.ranked.get("dicht", [])],
        "dicht (roh, top K)": [by_id[i] for i in result.dense_ids],
        "inhalt": [by_id[i] for i in result.ranked.get("inhalt", [])],
    }


def evaluate(retriever: Retriever, user: str, character: str, queries: list[tuple[str, str]],
             by_id: dict[int, str], texts: list[tuple[str, str]], dump=None,  # noqa: ANN001
             per_query: bool = False) -> dict:
    """One pass over the queries: latency of every search, NDCG@5/recall@5 of every list and of BM25."""
    bm25, tokens = bm25_index([text for _, text in texts])
    paths = [path for path, _ in texts]
    ids = {path: item for item, path in by_id.items()}
    seconds: list[float] = []
    scores: dict[str, list[float]] = {}
    recall: dict[str, list[float]] = {}
    thresholds = []
    for query, relevant in queries:
        begun = time.perf_counter()
        result = retriever.run(user, character, query, NOW)
        seconds.append(time.perf_counter() - begun)
        thresholds.append(result.threshold.value if result.threshold else float("nan"))
        lists = _lists(result, by_id)
        bm_scores = bm25.get_scores(tokens(query))
        lists["BM25 Volltext (Snowball)"] = [paths[i] for i in sorted(range(len(paths)), key=lambda i: -bm_scores[i])[:K]]
        if dump is not None:
            dump.write(json.dumps({"query": query, "relevant": ids.get(relevant), "ranked": result.ranked,
                                   "values": result.values, "ranks": result.ranks, "dense_ids": result.dense_ids,
                                   "dense_top": result.dense_top,
                                   "threshold": result.threshold.value if result.threshold else None,
                                   "fused": [hit.index_id for hit in result.hits],
                                   "bm25": [ids.get(p) for p in lists["BM25 Volltext (Snowball)"]]}) + "\n")
        if per_query:
            print(f"  {'ok ' if lists['fused'][:1] == [relevant] else 'MISS'} fused {_rank_of(lists['fused'], relevant)}"
                  f" | scharf {_rank_of(lists['scharf'], relevant)} dicht {_rank_of(lists['dicht (nach Schwelle)'], relevant)}"
                  f" roh {_rank_of(lists['dicht (roh, top K)'], relevant)} inhalt {_rank_of(lists['inhalt'], relevant)}"
                  f" bm25 {_rank_of(lists['BM25 Volltext (Snowball)'], relevant)} | {query}")
        for name, ranked in lists.items():
            scores.setdefault(name, []).append(ndcg_at(ranked, relevant))
            recall.setdefault(name, []).append(1.0 if relevant in ranked[:K] else 0.0)
    seconds.sort()
    return {"p50": statistics.median(seconds) * 1000,
            "p95": seconds[min(len(seconds) - 1, math.ceil(0.95 * len(seconds)) - 1)] * 1000,
            "threshold": statistics.median(thresholds),
            "means": {name: (statistics.mean(values), statistics.mean(recall[name])) for name, values in scores.items()}}


def report(title: str, means: dict[str, tuple[float, float]]) -> tuple[float, float]:
    """Prints the table; returns the fused result's gain over the best single channel and over BM25 (%)."""
    print(title)
    print(f"{'channel':<28} {'NDCG@5':>7} {'recall@5':>9}")
    for name, (ndcg, rec) in means.items():
        print(f"{name:<28} {ndcg:>7.3f} {rec:>9.3f}")
    fused = means["fused"][0]
    best_name = max(CHANNEL_LISTS, key=lambda name: means[name][0])
    deliverable = max(("scharf", "dicht (nach Schwelle)", "inhalt"), key=lambda name: means[name][0])
    bm = means["BM25 Volltext (Snowball)"][0]

    def gain(other: float) -> float:
        return (fused / other - 1) * 100 if other else float("inf")

    print(f"fused vs best single channel ({best_name}): {gain(means[best_name][0]):+.1f} % (target ≥ +5 %)")
    if deliverable != best_name:
        print(f"fused vs best delivered channel ({deliverable}): {gain(means[deliverable][0]):+.1f} %")
    print(f"fused vs BM25 full text:      {gain(bm):+.1f} % (target ≥ +5 %)")
    return gain(means[best_name][0]), gain(bm)


def fit_dimensions(db, embedder) -> None:  # noqa: ANN001
    """Bench only: the files index's column is vector(768) (schema files/001) and the product refuses an embedder
    of another dimension loudly (`check_dimensions`, a ConfigError at the first index run and search). To
    measure such a model at all, the bench's throwaway database gets a column of the model's dimension."""
    from novaberg.files import retrieval as retrieval_module

    dims = len(embedder.embed(["Hund"])[0])
    column = retrieval_module.index_dimensions(db)
    if dims == column:
        return
    print(f"NOTE: the embedder yields {dims}-dimension vectors, the files index holds {column}: the product refuses "
          f"it (ConfigError); this bench alters its throwaway database to vector({dims})")
    with db.transaction() as conn:
        conn.execute("DROP INDEX IF EXISTS idx_dateien_index_embedding")
        conn.execute(f"ALTER TABLE dateien_index ALTER COLUMN themen_embedding TYPE vector({int(dims)})")
        conn.execute("CREATE INDEX idx_dateien_index_embedding ON dateien_index "
                     "USING hnsw (themen_embedding vector_cosine_ops)")
    retrieval_module._KNOWN_DIMENSIONS.pop(id(db), None)


HAND_SETS = {"hand": (HAND_FILES, HAND_QUERIES, "bench/files/handset.py"),
             "hand2": (HAND2_FILES, HAND2_QUERIES, "bench/files/handset2.py, held out")}


def _rank_of(ranked: list[str], relevant: str) -> str:
    return str(ranked.index(relevant) + 1) if relevant in ranked else "-"


def hand_run(service: FilesService, db, tree: Path, name: str, per_query: bool,  # noqa: ANN001
             dump: Path | None = None) -> dict:
    """One hand-written set as its own pair (its own tracked distribution): NDCG@5/recall@5 of every list."""
    files, questions, label = HAND_SETS[name]
    for relative, text in files.items():
        (tree / name / relative).parent.mkdir(parents=True, exist_ok=True)
        (tree / name / relative).write_text(text, encoding="utf-8")
    root = service.grant("bench", name, str(tree / name), now=NOW)
    service.index(NOW)
    ids = {row["id"]: str(tree / name / row["pfad"]) for row in service.index_rows(root["id"], "bench", name)}
    retriever = Retriever(db, service.embedder)
    queries = [(query, str(tree / name / relative)) for query, relative in questions]
    for query, _ in queries:  # the pair's own tracked distribution
        retriever.run("bench", name, query, NOW)
    texts = [(str(tree / name / relative), text) for relative, text in files.items()]
    out = dump.with_name(f"{dump.stem}_{name}{dump.suffix}").open("w", encoding="utf-8") if dump else None
    run = evaluate(retriever, "bench", name, queries, ids, texts, out, per_query=per_query)
    if out is not None:
        out.close()
    report(f"hand-written set {name}, {len(files)} files, {len(queries)} queries ({label}):", run["means"])
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=10_000, help="generated files; 0: the hand-written sets only")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--seed", type=int, default=16, help="the generated corpus and its queries")
    parser.add_argument("--runs", type=int, default=3, help="passes over the queries; latency is their median")
    parser.add_argument("--embedder", default="hashing",
                        help="hashing (default), sentence-transformers:<local path>, ollama:<model>")
    parser.add_argument("--hand", default="hand,hand2", help="the hand-written sets to run (comma-separated)")
    parser.add_argument("--per-query", action="store_true",
                        help="print every hand-written question with the relevant file's rank in each list")
    parser.add_argument("--dump", type=Path, default=None,
                        help="write every query's channel lists (index ids) as JSON lines, to compare fusions offline")
    args = parser.parse_args()
    tree = Path(tempfile.mkdtemp(prefix="bench_retrieval_tree_"))
    ok = args.files == 0
    try:
        with bench_database("bench_retrieval") as db:
            embedder = make_embedder(args.embedder)
            fit_dimensions(db, embedder)
            service = FilesService(db, embedder, PipelineLog(db))
            service.allow("bench", str(tree), now=NOW)  # the per-person allow-list
            print(f"embedder {args.embedder}: floor {dense_floor(embedder):.3f}")
            if args.files:
                ok = generated_run(service, db, tree, args)
            for name in [part for part in args.hand.split(",") if part]:
                hand_run(service, db, tree, name, args.per_query, args.dump)
            if args.files:
                print("targets (generated corpus):", "ok" if ok else "MISSED")
    finally:
        shutil.rmtree(tree, ignore_errors=True)
    if not ok:
        raise SystemExit(1)


def generated_run(service: FilesService, db, tree: Path, args: argparse.Namespace) -> bool:  # noqa: ANN001
    files = generate(tree / "docs", args.files, seed=args.seed)
    rng = random.Random(args.seed - 9)  # seed 16 keeps the queries of the earlier runs (Random(7))
    sample = rng.sample(files, min(args.queries, len(files)))
    queries = [(make_query(rng, combo, firm), str(path)) for path, combo, firm in sample]
    root = service.grant("bench", "nova", str(tree / "docs"), now=NOW)
    started = time.perf_counter()
    indexed = service.index(NOW)
    print(f"indexed {indexed['neu']} files in {time.perf_counter() - started:.1f} s "
          f"(model_calls {indexed['model_calls']}); seed {args.seed}")
    db.maintain("VACUUM ANALYZE dateien_index, dateien_abschnitte")  # what autovacuum does in service
    by_id = {row["id"]: str(tree / "docs" / row["pfad"]) for row in service.index_rows(root["id"], "bench", "nova")}
    retriever = Retriever(db, service.embedder)
    for query, _ in queries[:20]:  # warm-up: caches, and the pair's tracked distribution fills
        retriever.run("bench", "nova", query, NOW)
    texts = [(str(path), path.read_text(encoding="utf-8")) for path, _, _ in files]
    dump = args.dump.open("w", encoding="utf-8") if args.dump else None
    passes = []
    for number in range(args.runs):
        passes.append(evaluate(retriever, "bench", "nova", queries, by_id, texts, dump if number == 0 else None))
        print(f"run {number + 1}: enricher source latency over {len(queries)} queries: "
              f"p50 {passes[-1]['p50']:.1f} ms, p95 {passes[-1]['p95']:.1f} ms")
    if dump is not None:
        dump.close()
    p50 = statistics.median(run["p50"] for run in passes)
    p95 = statistics.median(run["p95"] for run in passes)
    print(f"median of {args.runs} runs: p50 {p50:.1f} ms, p95 {p95:.1f} ms (target p95 < 50 ms)")
    print(f"dense threshold after tracking: median {passes[0]['threshold']:.3f}")
    gain_single, gain_bm = report(f"generated corpus, {args.files} files, {len(queries)} queries (run 1):",
                                  passes[0]["means"])
    return p95 < 50 and gain_single >= 5 and gain_bm >= 5


if __name__ == "__main__":
    main()
