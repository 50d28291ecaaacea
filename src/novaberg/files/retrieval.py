"""Hybrid retrieval over the shared files (dateien.md §3.0a, §3.0a-bis, §6, §6.3, §6.3a).

`Retriever.search(user_id, character_id, query, now, k)` runs the enricher source's statement of the channels
(`search_sql.SEARCH`: the sharp lexical channel, the dense channel with the pair's filter before the
similarity, the content channel over sections) and, beside it on a thread and connection of its own, the BM25
statement (`fulltext.FULLTEXT`) and the allow-list; applies the computed dense threshold with its absolute
floor, and fuses the channels by their ranks (Reciprocal Rank Fusion, §6.2: ranks, not values — two
channels have two scales). No model call; the question is embedded once with the turn's embedder.

Every search logs the number of hits and the worst delivered cosine (§3.0a "Drittens"): a hit count
that sits on the cap all the time says the threshold is unproven.
"""

from __future__ import annotations

import logging
import math
import re
import weakref
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path, PurePosixPath
from typing import Any
from uuid import UUID

from novaberg.core.clock import as_utc
from novaberg.core.edge import check_id, check_text
from novaberg.core.errors import ConfigError
from novaberg.core.settings import FILES_HITS_CAP, FILES_QUERY_MAX_CHARS, FILES_QUERY_MAX_TERMS
from novaberg.embed.cache import embed_cached
from novaberg.files.allowlist import AllowListRepository
from novaberg.files.fulltext import FULLTEXT, FULLTEXT_PARAMS
from novaberg.files.paths import admission_problem
from novaberg.files.repository import RootsRepository
from novaberg.files.search_sql import SEARCH, TRACK_KEEP
from novaberg.files.sections import SECTION_LINES
from novaberg.files.threshold import DenseThreshold, channel_weights, dense_floor, threshold
from novaberg.store.vectors import Vector, as_vector, with_vectors

__all__ = ["Hit", "SearchResult", "Retriever", "CHANNELS", "RRF_K", "SHARP_WEIGHT", "SHARP_LONG_WEIGHT", "fuse", "has_words",
           "check_dimensions", "index_dimensions", "short_note_weights", "long_file_weights"]

logger = logging.getLogger(__name__)

CHANNELS = ("scharf", "dicht", "inhalt", "volltext")  # sharp, dense, content, BM25 full text — precedence (§6)
# The sharp channel's lexemes are the describer's keywords: on a long file the words that run through all of it,
# evidence of the whole file that no single section shows to the content and full-text channels (they score a
# file by its best section). On a file of one section window (`SECTION_LINES`) the offline describer takes them
# from that one section, which those channels read in full, with counts and length: as a third equal vote it
# counted the same words again and lifted a file that merely lists a question word among its eight keywords past
# the file whose section answers (XQuAD dev, 788 one-paragraph files: sharp alone NDCG@5 0.613, full text alone
# 0.950, fused 0.909 at full weight, 0.953 at this one). So a short file's keyword hit weighs SHARP_WEIGHT — it
# orders what the other channels score equally (1/61 · 0.01 is below the gap of two ranks) and keeps its
# precedence in a tie (§6) — and a longer file's the full SHARP_LONG_WEIGHT (Debian dev: 0.223 at 0.01 for
# all, 0.226 with the long files at 1.0).
SHARP_WEIGHT = 0.01
SHARP_LONG_WEIGHT = 1.0
DEFAULT_WEIGHTS = {"scharf": SHARP_WEIGHT, "inhalt": 1.0, "volltext": 1.0, "dicht": 1.0}
RRF_K = 60  # the usual constant of Reciprocal Rank Fusion
MAX_K = 50
DEPTH_FACTOR = 4  # each channel hands the fusion this many times the cap; the result is cut to k
DF_PROBE = 64  # a lexeme's document frequency is counted up to this many files; beyond it the word is common
DENSE_EXACT_MAX = 200  # a pair with at most this many files is compared exactly, not through the HNSW index
PART_MIN = 4  # a long question word's leading part of this length or more matches as a word (Dachziegel → Dach)
PART_MAX = 24  # … and of at most this length: a 2,000-letter "word" gives no 2,000 parts
PREFIX_MIN = 3  # a question's lexeme of this length also matches as the start of a compound (Bad → Badezimmer)
HEAD_MIN = 4  # … and of this length as the head of one (Frist → Kündigungsfrist, Pass → Reisepass); 0: off
HEAD_WEIGHT = 0.5  # a lexeme found only as a head counts half its idf: the word itself is the stronger evidence
TAIL_MIN = 5  # a question compound's last letters (a modifier of 4 left) match a document compound's head
DENSE_DECIDES_INSIDE = True  # the dense rank votes among the lexical channels' files below the floor too (§6.3)
SHORT_FILE_LINES = 12  # a file of at most this many lines is a short note to the fusion (dense_floors.json) …
SHORT_FILE_BYTES = 400  # … and of at most this many bytes (about 60 words): a Wikipedia paragraph is one line
MOVIERUNG = True  # a feminine -in/-innen gives its base (Zahnärztin → Zahnarzt, Ärztin → Arzt; base ≥ HEAD_MIN)
# one round trip before the search: pgvector's iterative scan (§6.3); no wait for the disk at commit — the
# search's one write is a sample of the pair's running distribution (§3.0a-bis), not a person's confirmed
# write, and a crash loses at most the last few samples of two hundred; and no sort where an index gives
# the order — the planner costs a cosine far too low and sorted 2,000 exact distances (27 ms) instead of
# reading the HNSW index (2 ms); a small stock is compared exactly on purpose (search_sql, `exact_max`); and no
# cache in front of the postings' range scans — every question form is a key of its own, so the cache never hit
# and only copied every posting (3-5 % of the statement's CPU on de-docs)
ITERATIVE_SCAN = ("SET LOCAL hnsw.iterative_scan = strict_order; SET LOCAL synchronous_commit = off; "
                  "SET LOCAL enable_sort = off; SET LOCAL enable_memoize = off; "
                  "SET LOCAL plan_cache_mode = force_custom_plan")
_WORD = re.compile(r"[^\W_]", re.UNICODE)


_DIMENSIONS = ("SELECT atttypmod AS n FROM pg_attribute "
               "WHERE attrelid = 'dateien_index'::regclass AND attname = 'themen_embedding'")
_KNOWN_DIMENSIONS: weakref.WeakKeyDictionary[Any, int] = weakref.WeakKeyDictionary()  # db → its column's dimension


def index_dimensions(db: Any) -> int:
    """The dimension of the files index's vector column (schema files/001: vector(768)); read once per database."""
    known = _KNOWN_DIMENSIONS.get(db)
    if known is None:
        with db.transaction() as conn:
            row = conn.execute(_DIMENSIONS).fetchone()
        known = int(row["n"]) if row and row["n"] and row["n"] > 0 else 0
        _KNOWN_DIMENSIONS[db] = known
    return known


def check_dimensions(db: Any, vector_length: int, embedder: Any) -> None:
    """A loud error when the embedder's vectors do not fit the files index (a 384-dimension model against the
    768 of schema files/001): pgvector would refuse every write and every search with a database error, and a
    dense channel that silently falls out would be a silent success."""
    dims = index_dimensions(db)
    if dims and vector_length != dims:
        name = getattr(embedder, "name", type(embedder).__name__)
        raise ConfigError(f"the embedder {name!r} yields {vector_length}-dimension vectors, the files index holds "
                          f"{dims} (schema files/001); use an embedder of {dims} dimensions — the files index "
                          "has no per-dimension support yet")


def has_words(text: str) -> bool:
    """Whether a question has a letter or digit at all (punctuation and emoji only: nothing to search)."""
    return bool(_WORD.search(text))


@dataclass(frozen=True)
class Hit:
    """One file found for the pair. `path` is absolute (root + relative path)."""

    path: str
    root_id: int
    thema: str
    score: float
    channels: tuple[str, ...]
    relative: str = ""
    eigentum: str = "nutzer"
    zusammenfassung: str = ""
    zeilen: int = 0
    groesse: int = 0
    lines: tuple[int, int] | None = None  # the best section's line range (content channel), if any
    cosine: float | None = None
    index_id: int = 0

    def __getitem__(self, key: str) -> Any:  # hits read like rows too: hit["path"]
        return getattr(self, key)

    def as_dict(self) -> dict[str, Any]:
        return {"path": self.path, "root_id": self.root_id, "thema": self.thema, "score": self.score,
                "channels": list(self.channels), "relative": self.relative, "eigentum": self.eigentum,
                "zusammenfassung": self.zusammenfassung, "zeilen": self.zeilen, "groesse": self.groesse,
                "lines": list(self.lines) if self.lines else None, "cosine": self.cosine}


def root_of(hit: Hit) -> Path:
    """The root directory of a hit: its path without its relative part."""
    path = Path(hit.path)
    for _ in PurePosixPath(hit.relative).parts:
        path = path.parent
    return path


@dataclass
class SearchResult:
    hits: list[Hit]
    ranked: dict[str, list[int]] = field(default_factory=dict)  # channel → index ids in rank order (thresholded)
    threshold: DenseThreshold | None = None
    dense_top: list[float] = field(default_factory=list)  # the top-K cosines before the threshold
    dense_ids: list[int] = field(default_factory=list)  # the dense top K before the threshold (the bench compares)
    tracked: bool = False
    values: dict[str, list[float]] = field(default_factory=dict)  # channel → scores, aligned with `ranked`
    ranks: dict[str, list[float]] = field(default_factory=dict)  # lexical channel → its own ranks (ties shared)

    @property
    def worst_cosine(self) -> float | None:
        values = [hit.cosine for hit in self.hits if hit.cosine is not None]
        return min(values) if values else None


def _ranks(items: Sequence[int], values: Sequence[float] | None) -> list[float]:
    """The rank of each item; items of equal value share the mean rank of their group (fractional ranking).

    A channel's order inside a tie is the id's, not evidence: forty files that carry the same two words
    of the question are equally good to that channel, and a rank by id among them would hand the first
    a vote the channel never cast."""
    if values is None or len(values) != len(items):
        return [float(rank) for rank in range(1, len(items) + 1)]
    ranks: list[float] = []
    start = 0
    while start < len(items):
        end = start
        while end + 1 < len(items) and round(values[end + 1], 9) == round(values[start], 9):
            end += 1
        ranks.extend([(start + end) / 2 + 1] * (end - start + 1))
        start = end + 1
    return ranks


def _rrf(lists: Sequence[Sequence[int]], rrf_k: int, values: Sequence[Sequence[float] | None] | None = None,
         ranks: Sequence[Sequence[float] | None] | None = None,
         weights: Sequence[float] | None = None,
         item_weights: Sequence[dict[int, float] | None] | None = None) -> list[tuple[int, float]]:
    scores: dict[int, float] = {}
    first_seen: dict[int, tuple[int, int]] = {}
    for precedence, items in enumerate(lists):
        given = ranks[precedence] if ranks else None
        weight = weights[precedence] if weights else 1.0
        own = (item_weights[precedence] if item_weights else None) or {}
        channel_ranks = (list(given) if given is not None and len(given) == len(items)
                         else _ranks(items, values[precedence] if values else None))
        for position, (item, rank) in enumerate(zip(items, channel_ranks, strict=True), start=1):
            scores[item] = scores.get(item, 0.0) + own.get(item, weight) / (rrf_k + rank)
            first_seen.setdefault(item, (precedence, position))
    return sorted(scores.items(), key=lambda pair: (-round(pair[1], 12), first_seen[pair[0]], pair[0]))


def fuse(ranked: dict[str, Sequence[int]], rrf_k: int = RRF_K, values: dict[str, Sequence[float]] | None = None,
         ranks: dict[str, Sequence[float]] | None = None,
         weights: dict[str, float] | None = None,
         dense_item_weights: dict[int, float] | None = None,
         sharp_item_weights: dict[int, float] | None = None) -> list[tuple[int, float]]:
    """Reciprocal Rank Fusion over the two kinds of evidence (§6.2: ranks, not values).

    The sharp, the content and the full-text channel read the same evidence — the question's lexemes — so
    they are fused into one lexical ranking first (each with its weight), and the dense rank is added to
    that ranking's score with the dense channel's weight: counted as independent votes, the same word would
    outvote the meaning several times over. The dense weight is measured per embedder (`channel_weights`):
    an embedder that does not separate relevant from unrelated files gets a weight so small that its vote
    can only order files the lexical channels score equally and add files after all lexical ones (the hashing embedder never outvotes lexical evidence). With `values` (each channel's scores, aligned
    with `ranked`), items a channel scores equally share one rank (`_ranks`). A tie goes by the channel an
    item came from — sharp before dense before content before full text (§6 „der scharfe kommt zuerst").
    `ranks["dicht"]`, if given, are the dense channel's own ranks over the pair's whole stock.
    `sharp_item_weights` override the sharp channel's weight per file (a long file's keywords: `long_file_weights`).
    """
    values = values or {}
    ranks = ranks or {}
    weights = {**DEFAULT_WEIGHTS, **(weights or {})}
    lexical_channels = ("scharf", "inhalt", "volltext")
    lexical_pairs = _rrf([ranked.get(channel, ()) for channel in lexical_channels], rrf_k,
                         [values.get(channel) for channel in lexical_channels],
                         [ranks.get(channel) for channel in lexical_channels],
                         [weights[channel] for channel in lexical_channels], [sharp_item_weights, None, None])
    lexical = [item for item, _ in lexical_pairs]
    scores = dict(_rrf([lexical, ranked.get("dicht", ())], rrf_k,
                       [[score for _, score in lexical_pairs] if values else None, values.get("dicht")],
                       [None, ranks.get("dicht")], [1.0, weights["dicht"]], [None, dense_item_weights]))
    best: dict[int, tuple[int, int]] = {}
    for precedence, channel in enumerate(CHANNELS):
        for rank, item in enumerate(ranked.get(channel, ()), start=1):
            best[item] = min(best.get(item, (precedence, rank)), (precedence, rank))
    return sorted(scores.items(), key=lambda pair: (-round(pair[1], 12), best[pair[0]], pair[0]))


def _beside(work: Any, *args: Any) -> Future[Any]:
    """`work(*args)` on a thread of its own, started now; its result (or error) is the future's."""
    runner = ThreadPoolExecutor(max_workers=1, thread_name_prefix="dateien-suche")
    try:
        return runner.submit(work, *args)
    finally:
        runner.shutdown(wait=False)  # the work goes on; the thread ends with it


def _is_short_note(row: dict[str, Any]) -> bool:
    """A file of a few lines and a few sentences (the index row's line count and size)."""
    return 0 < (row["zeilen"] or 0) <= SHORT_FILE_LINES and 0 < (row["groesse"] or 0) <= SHORT_FILE_BYTES


def short_note_weights(short_weight: float | None, dense: Sequence[int], lexical: set[int],
                       rows: dict[int, dict[str, Any]]) -> dict[int, float] | None:
    """The dense vote's measured short-note weight (`channel_weights`), for this question or not at all.

    A short note's topic embedding stands for all of it, a manual's or a long paragraph's for little of it
    (the embedding reads topic and keywords, never the text). The weight holds only when every file the
    words found is a short note — short in lines and in bytes — and then for all of them alike, among the
    files with lexical evidence only (a file the words did not find is not lifted past them). A weight per
    file lifted a short file past a longer one on the embedder's vote alone, and a paragraph of one long
    line counted as a note (XQuAD dev: NDCG@5 0.786 with it, 0.909 without)."""
    if short_weight is None or not lexical or not all(_is_short_note(rows[item]) for item in lexical):
        return None
    return {item: short_weight for item in dense if item in lexical}


def long_file_weights(sharp: Sequence[int], rows: dict[int, dict[str, Any]]) -> dict[int, float]:
    """The sharp vote's full weight for the files longer than one section window: their keywords speak of more
    than the best section the content and full-text channels score (see SHARP_WEIGHT)."""
    return {item: SHARP_LONG_WEIGHT for item in sharp if (rows[item]["zeilen"] or 0) > SECTION_LINES}


def _check_k(k: Any) -> int:
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_K:
        raise ValueError(f"k must be an integer from 1 to {MAX_K}, not {k!r}")
    return k


class Retriever:
    """The enricher source of the files (§3.0): reads the index, never a file, never a model."""

    def __init__(self, db: Any, embedder: Any, log: Any = None, cap: int = FILES_HITS_CAP) -> None:
        self._db = db
        self.embedder = embedder
        self.log = log
        self.cap = cap
        self.floor = dense_floor(embedder)  # measured for this embedder (§3.0a-bis), else the setting
        self.weights = channel_weights(embedder)  # the dense vote's weight, measured per embedder
        self.fulltext = True
        self.content = True

    def _vector(self, text: str) -> Vector | None:
        try:
            vector = embed_cached(self.embedder, [text])[0]
        except Exception as err:  # noqa: BLE001 - the dense channel falls out; the sharp ones still run
            logger.error("dateien: embedding of the question failed, dense channel off: %s", err)
            return None
        check_dimensions(self._db, len(vector), self.embedder)
        return as_vector(vector)

    def run(self, user_id: str, character_id: str, query: str, now: datetime, k: int = FILES_HITS_CAP,
            turn_id: UUID | None = None, track: bool = True) -> SearchResult:
        """The search with every channel's ranked list (the bench compares them); `hits` are the fused top k."""
        check_id(user_id, "user_id")
        check_id(character_id, "character_id")
        check_text(query, "query")
        k = _check_k(k)
        text = query[:FILES_QUERY_MAX_CHARS]
        if not has_words(text) or not RootsRepository(self._db).has_active(user_id, character_id):
            # no words, or no shared directory — nothing can be found; logged as an empty search
            result = SearchResult([])
            self._log(result, user_id, character_id, now, turn_id)
            return result
        # every channel hands the fusion the same depth for any k up to it: a longer list asked for (the question
        # path's files) is the shorter one with more after it, never a reordered head (a deeper list reorders:
        # Debian dev NDCG@5 0.231 at four times the cap, 0.226 at eight times)
        depth = max(k, self.cap * DEPTH_FACTOR)
        params = {"user_id": user_id, "character_id": character_id, "text": text, "vector": self._vector(text),
                  "max_terms": FILES_QUERY_MAX_TERMS, "limit": depth, "dense_k": depth, "cap": self.cap,
                  "prefix_min": PREFIX_MIN, "head_min": HEAD_MIN, "tail_min": TAIL_MIN, "head_weight": HEAD_WEIGHT, "movierung": MOVIERUNG,
                  "head_min_base": max(HEAD_MIN, 4), "part_min": PART_MIN, "part_max": PART_MAX, "exact_max": DENSE_EXACT_MAX, "df_probe": DF_PROBE,
                  "inhalt": self.content, "track": track, "keep": TRACK_KEEP, "now": as_utc(now)}
        # speed (p95 < 50 ms with margin): the full-text channel and the allow-list need nothing of the
        # channels' statement, so they run at the same time on a connection of their own; awaited only after the
        # statement's own transaction has given its connection back (a pool of one connection runs them in turn)
        beside = _beside(self._fulltext_and_boundary, params, user_id)
        try:
            with self._db.transaction() as conn:
                with_vectors(conn)
                # §6.3: the pair's filter is applied inside the HNSW scan, which goes on until enough rows pass
                # (pgvector's iterative scan) — not a post-filter that silently returns fewer than K.
                conn.execute(ITERATIVE_SCAN)
                # prepared once per connection (the statement's parse and analysis are kept), but planned for every
                # question with its own values (`force_custom_plan`): PostgreSQL's generic plan for it, the question's
                # tsqueries unknown, was several times slower than a fresh one (10 % of a search's CPU saved)
                rows = conn.execute(SEARCH, params, prepare=True).fetchall()
        except BaseException:
            wait([beside])  # the turn ends with nothing of it still running (its own error is the lesser one)
            raise
        fulltext_rows, boundary = beside.result()
        result = self._admitted(self._result(rows + fulltext_rows, k), boundary)
        self._log(result, user_id, character_id, now, turn_id)
        return result

    def _fulltext_and_boundary(self, params: dict[str, Any], user_id: str) -> tuple[list[dict[str, Any]],
                                                                                   tuple[Path, ...]]:
        """The BM25 channel over the sections of the whole text, and the person's allow-list."""
        rows: list[dict[str, Any]] = []
        if self.fulltext:
            with self._db.transaction() as conn:
                conn.execute(ITERATIVE_SCAN)  # the same planner settings as the channels' statement
                rows = conn.execute(FULLTEXT, {**params, **FULLTEXT_PARAMS}, prepare=True).fetchall()
        return rows, AllowListRepository(self._db).of(user_id)

    def _admitted(self, result: SearchResult, boundary: Sequence[Path]) -> SearchResult:
        """Hits only from roots the person's allow-list admits now — a removed entry closes its roots
        to the search as well as to reading."""
        if not result.hits:
            return result
        admitted: dict[int, bool] = {}  # root id → admitted: the check is path arithmetic, once per root
        for hit in result.hits:
            if hit.root_id not in admitted:
                admitted[hit.root_id] = admission_problem(root_of(hit), boundary) is None
        result.hits = [hit for hit in result.hits if admitted[hit.root_id]]
        return result

    def search(self, user_id: str, character_id: str, query: str, now: datetime, k: int = FILES_HITS_CAP,
               turn_id: UUID | None = None) -> list[Hit]:
        return self.run(user_id, character_id, query, now, k, turn_id).hits

    def _result(self, rows: Sequence[dict[str, Any]], k: int) -> SearchResult:
        files: dict[int, dict[str, Any]] = {}
        lists: dict[str, list[tuple[int, float]]] = {channel: [] for channel in CHANNELS}
        places: dict[str, list[float]] = {channel: [] for channel in CHANNELS}  # each channel's own rank
        corroborated: set[int] = set()  # dense candidates whose keywords carry a lexeme of the question
        tracked: Sequence[float] | None = None
        wrote = False
        passages: dict[int, tuple[int, int]] = {}  # the full-text channel's best section per file
        for row in rows:
            files.setdefault(row["id"], row)
            if row["kanal"] == "volltext" and row["zeile_von"] is not None:
                passages[row["id"]] = (row["zeile_von"], row["zeile_bis"])
            lists[row["kanal"]].append((row["id"], float(row["wert"])))
            places[row["kanal"]].append(float(row["rang"]))
            if row["kanal"] == "dicht" and row["belegt"]:
                corroborated.add(row["id"])
            if row["verlauf"] is not None:  # the tracked distribution comes with the first row only
                tracked = row["verlauf"]
            wrote = wrote or bool(row["verfolgt"])
        dense_top = [value for _, value in lists["dicht"]]
        limit_value = threshold(tracked, floor=self.floor)
        cosines = {item: value for item, value in lists["dicht"]}
        others = {item for channel in ("scharf", "inhalt", "volltext") for item, _ in lists[channel]} | corroborated
        ranked = {
            "scharf": [item for item, _ in lists["scharf"]],
            # §3.0a-bis: a dense hit alone must reach the computed threshold; one another channel found too, or
            # whose keywords carry a lexeme of the question (the sharp channel's evidence, one word is enough
            # to vouch for a cosine), needs only the absolute floor („gegenseitige Absicherung", §6.3a)
            "dicht": [item for item, value in lists["dicht"] if math.isfinite(value) and value >= limit_value.floor
                      and (value >= limit_value.value or item in others)],
            "inhalt": [item for item, _ in lists["inhalt"]],
            "volltext": [item for item, _ in lists["volltext"]],
        }
        values = {channel: [value for item, value in lists[channel] if item in set(ranked[channel])]
                  for channel in CHANNELS}
        ranks = {channel: places[channel] for channel in ("scharf", "inhalt", "volltext")}  # over all it found, not the list
        # §6.3 „Der Kosinus entscheidet innerhalb dieser Menge": among the files the words found, the dense
        # channel votes with its rank over the whole stock even where the cosine is below the floor — the
        # floor decides whether the dense channel brings a file *of its own* („ob überhaupt"), not whether
        # its order may decide between files the exact channels already vouch for. Only `ranked` (what a
        # channel delivers) names the channels of a hit.
        lexical = {item for channel in ("scharf", "inhalt", "volltext") for item in ranked[channel]}
        delivered = set(ranked["dicht"])
        inside = [(item, value, place) for (item, value), place in zip(lists["dicht"], places["dicht"], strict=True)
                  if math.isfinite(value) and (item in delivered or (DENSE_DECIDES_INSIDE and item in lexical))]
        fusion = {**ranked, "dicht": [item for item, _, _ in inside]}
        fusion_values = {**values, "dicht": [value for _, value, _ in inside]}
        ranks_fusion = {**ranks, "dicht": [place for _, _, place in inside]}
        hits = []
        for item, score in fuse(fusion, values=fusion_values, ranks=ranks_fusion, weights=self.weights,
                                dense_item_weights=short_note_weights(self.weights.get("dicht_kurz"), fusion["dicht"],
                                                                         lexical, files),
                                sharp_item_weights=long_file_weights(ranked["scharf"], files))[:k]:
            row = files[item]
            channels = tuple(channel for channel in CHANNELS if item in ranked[channel])
            lines = passages.get(item) or ((row["zeile_von"], row["zeile_bis"]) if row["zeile_von"] is not None
                                           else None)
            hits.append(Hit(
                path=str(PurePosixPath(row["wurzel_pfad"]) / row["pfad"]), root_id=row["root_id"],
                thema=row["thema"] or row["pfad"], score=round(score, 6), channels=channels, relative=row["pfad"],
                eigentum=row["eigentum"], zusammenfassung=row["zusammenfassung"] or "", zeilen=row["zeilen"],
                groesse=row["groesse"], lines=lines,
                cosine=round(cosines[item], 4) if item in cosines and "dicht" in channels else None,
                index_id=item))
        return SearchResult(hits, ranked, limit_value, dense_top, [item for item, _ in lists["dicht"]], wrote,
                            values, ranks)

    def _log(self, result: SearchResult, user_id: str, character_id: str, now: datetime,
             turn_id: UUID | None) -> None:
        """§3.0a "Drittens": hit count and the worst delivered cosine, every search."""
        payload = {
            "treffer": len(result.hits), "kappung": self.cap, "auf_kappung": len(result.hits) >= self.cap,
            "schlechtester_kosinus": result.worst_cosine,
            "schwelle": round(result.threshold.value, 4) if result.threshold else None,
            "schwelle_quelle": result.threshold.source if result.threshold else None,
            "kanaele": {channel: len(items) for channel, items in result.ranked.items()},
        }
        logger.info("dateien_suche %s/%s: %s", user_id, character_id, payload)
        if self.log is not None and turn_id is not None:
            self.log.write(turn_id, "read_blocks", "dateien_suche", payload, now, "dateien")
