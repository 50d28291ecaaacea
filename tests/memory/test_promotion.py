"""synapsen-promotion.md §2–§3b and the audit, on the embedded Redis and PostgreSQL (real list and hash semantics).

Groups as in §5: all pairs (test_promotion_alle_paare), the work list (…_arbeitsliste), one order per key
(…_queue_dubletten), the creation time (…_erstellt_am) and the way of an entry with step 4 (…_umzug).
"""

from __future__ import annotations

import math
from datetime import timedelta

import pytest
import redis as redis_lib

from novaberg.core.errors import DatabaseUnavailableError
from novaberg.core.settings import PROMOTION_MAX_ATTEMPTS
from novaberg.memory import keys
from novaberg.memory.repository import LongTermRepository
from novaberg.memory.short_term import ShortTermMemory
from tests.memory.helpers import NOW, agent, audit, lists, node_count, remember

LATER = NOW + timedelta(minutes=5)


# --- §2a: all pairs -------------------------------------------------------------------------------------

def test_periodic_run_reaches_every_pair_with_orders(db, redis):
    """§2a PROMOTION-NUR-EIN-PAAR: no default pair — every pair with orders is worked off."""
    for user in ("a", "b", "c"):
        remember(redis, f"Mein Hund heißt Bello {user}.", f"t-{user}", user=user)
    report = agent(db, redis).run(LATER)
    assert report["paare"] == 3 and report["promotet"] == 3 and report["status"] == "erledigt"
    assert [node_count(db, u) for u in ("a", "b", "c")] == [1, 1, 1]
    assert all(lists(redis, u)["queue"] == [] for u in ("a", "b", "c"))


def test_targeted_run_stays_with_its_pair(db, redis):
    remember(redis, "Meine Katze heißt Mimi.", "t1", user="a")
    remember(redis, "Mein Hund heißt Bello.", "t2", user="b")
    report = agent(db, redis).run(LATER, "a", "nova")
    assert report["paare"] == 1 and node_count(db, "a") == 1 and node_count(db, "b") == 0
    assert len(lists(redis, "b")["queue"]) == 1
    with pytest.raises(ValueError):
        agent(db, redis).run(LATER, "a", None)


def test_side_lists_are_no_pairs(db, redis):
    """§2a: `:arbeit`, `:gescheitert`, `:versuche` are filtered — a leftover is no new pair's work."""
    redis.rpush(keys.failed_list("x", "nova"), "kzg:alt")
    redis.hset(keys.attempts_hash("y", "nova"), "kzg:alt", 2)
    redis.rpush(keys.work_list("z", "nova"), remember(redis, "Ich wohne in Kassel.", "t1", user="z"))
    redis.delete(keys.queue("z", "nova"))
    pairs = agent(db, redis).pairs_with_orders()
    assert pairs == [("z", "nova")]  # the work list's pair (its leftover is put back), never x or y


def test_ids_with_colons_and_bars_stay_one_pair(db, redis):
    remember(redis, "Mein Hund heißt Bello.", "t1", user="a:arbeit", character="n|x")
    assert agent(db, redis).pairs_with_orders() == [("a:arbeit", "n|x")]
    assert agent(db, redis).run(LATER)["promotet"] == 1
    assert node_count(db, "a:arbeit", "n|x") == 1


def test_one_broken_pair_does_not_stop_the_others(db, redis):
    """§4 Zeuge: one broken pair, one whole — 1 promoted, 1 in `:arbeit`; the counters are summed."""
    remember(redis, "Mein Hund heißt Bello.", "t1", user="a")
    remember(redis, "Meine Katze heißt Mimi.", "t2", user="b")

    class BrokenFor:
        def __init__(self) -> None:
            from novaberg.embed.hashing import HashingEmbedder
            self.inner = HashingEmbedder()

        def embed(self, texts):
            if any("Bello" in t for t in texts):
                raise RuntimeError("embedder broke")
            return self.inner.embed(texts)

        def describe(self):
            return self.inner.describe()

    report = agent(db, redis, embedder=BrokenFor()).run(LATER)
    assert report["paare"] == 2 and report["paare_fehler"] == 1 and report["promotet"] == 1
    assert node_count(db, "b") == 1 and node_count(db, "a") == 0
    assert len(lists(redis, "a")["arbeit"]) == 1
    assert audit(db)[-1]["status"] == "erledigt" and audit(db)[-1]["payload"]["paare_fehler"] == 1


# --- §3: the work list -------------------------------------------------------------------------------------

def test_green_is_gone_from_both_lists(db, redis):
    remember(redis, "Mein Hund heißt Bello.", "t1")
    agent(db, redis).run(LATER)
    state = lists(redis)
    assert state["queue"] == [] and state["arbeit"] == [] and state["versuche"] == {}


def test_red_stays_visible_in_the_work_list(db, redis):
    key = remember(redis, "Mein Hund heißt Bello.", "t1")

    def fail(step):
        if step == "eingebettet":
            raise RuntimeError("boom")

    agent(db, redis, checkpoint=fail).run(LATER)
    state = lists(redis)
    assert state["arbeit"] == [key] and state["queue"] == [] and state["versuche"] == {key: "1"}
    assert node_count(db) == 0 and redis.exists(key)


def test_leftover_is_put_back_at_the_next_start(db, redis):
    key = remember(redis, "Mein Hund heißt Bello.", "t1")
    redis.lmove(keys.queue("u1", "nova"), keys.work_list("u1", "nova"), "LEFT", "RIGHT")  # a killed run's rest
    report = agent(db, redis).run(LATER)
    assert report["zurueckgelegt"] == 1 and report["promotet"] == 1
    assert node_count(db) == 1 and not redis.exists(key)
    assert [r["status"] for r in audit(db, f"synapsen_promotion:{key}")][:1] == ["zurueckgelegt"]


def test_attempts_live_in_their_own_hash_and_end_in_failed(db, redis):
    """§3: the counter is a side hash; after PROMOTION_MAX_ATTEMPTS failed tries the order goes to
    `:gescheitert` with a log line — never lost silently."""
    key = remember(redis, "Mein Hund heißt Bello.", "t1")

    def fail(step):
        if step == "abgeglichen":
            raise RuntimeError("boom")

    for _ in range(PROMOTION_MAX_ATTEMPTS):
        agent(db, redis, checkpoint=fail).run(LATER)
        assert redis.lrange(keys.work_list("u1", "nova"), 0, -1) == [key]
    report = agent(db, redis, checkpoint=fail).run(LATER)
    assert report["endgueltig"] == 1
    state = lists(redis)
    assert state["gescheitert"] == [key] and state["arbeit"] == [] and state["queue"] == [] and state["versuche"] == {}
    assert any(r["status"] == "endgueltig" and r["payload"]["versuche"] == PROMOTION_MAX_ATTEMPTS
               for r in audit(db, f"synapsen_promotion:{key}"))
    assert redis.exists(key)  # the hash is untouched


def test_postgres_down_leaves_the_order_in_work_uncounted(db, redis, monkeypatch):
    """Postgres down during promotion — orders stay in `:arbeit`, and an outage is no attempt."""
    key = remember(redis, "Mein Hund heißt Bello.", "t1")

    def down(*args, **kwargs):
        raise DatabaseUnavailableError("the database does not answer right now")

    monkeypatch.setattr(LongTermRepository, "promotion_batch", down)
    for _ in range(PROMOTION_MAX_ATTEMPTS + 1):
        agent(db, redis).run(LATER)
    state = lists(redis)
    assert state["arbeit"] == [key] and state["gescheitert"] == [] and state["versuche"] == {key: "0"}
    monkeypatch.undo()
    assert agent(db, redis).run(LATER)["promotet"] == 1 and node_count(db) == 1


@pytest.mark.parametrize("batch", [1, 2])
def test_work_list_holds_only_the_orders_in_flight(db, redis, batch):
    """§3 with batches and the batch read ahead: `:arbeit` holds exactly the orders in flight — the batch being
    written and the one being read and embedded meanwhile, never the whole queue."""
    for i in range(7):
        remember(redis, f"Mein Kollege Nummer {i} heißt Jan {i}.", f"t{i}")
    seen = []
    agent(db, redis, batch=batch,
          checkpoint=lambda step: seen.append(redis.llen(keys.work_list("u1", "nova")))).run(LATER)
    assert max(seen) <= 2 * batch and batch in seen and node_count(db) == 7
    assert lists(redis)["arbeit"] == []


# --- §2: one order per key -------------------------------------------------------------------------------------

def test_the_same_key_is_queued_once(redis):
    memory = ShortTermMemory(redis)
    key = remember(redis, "Mein Hund heißt Bello.", "t1")
    assert memory.queue_once("u1", "nova", key) is False
    assert lists(redis)["queue"] == [key]


def test_the_same_turn_written_twice_is_one_hash_and_one_order(redis):
    """An identical request does not write twice."""
    first = remember(redis, "Mein Hund heißt Bello.", "t1")
    second = remember(redis, "Mein Hund heißt Bello.", "t1")
    assert first == second and lists(redis)["queue"] == [first]
    assert len(ShortTermMemory(redis).entries("u1", "nova")) == 1


def test_a_key_in_the_work_list_is_not_queued_again(redis):
    key = remember(redis, "Mein Hund heißt Bello.", "t1")
    redis.lmove(keys.queue("u1", "nova"), keys.work_list("u1", "nova"), "LEFT", "RIGHT")
    assert ShortTermMemory(redis).queue_once("u1", "nova", key) is False
    assert lists(redis)["queue"] == []


def test_two_keys_two_orders_in_order(redis):
    a = remember(redis, "Mein Hund heißt Bello.", "t1")
    b = remember(redis, "Meine Katze heißt Mimi.", "t2")
    assert lists(redis)["queue"] == [a, b]


def test_below_high_is_kept_but_not_queued(redis):
    remember(redis, "Ich mag Jazz.", "t1", raw=0.55)
    assert lists(redis)["queue"] == [] and len(ShortTermMemory(redis).entries("u1", "nova")) == 1


def test_below_minimum_is_not_kept(redis):
    assert ShortTermMemory(redis).write("u1", "nova", "t1", "Hallo", 0.5, 0.2, "x", NOW) is None
    assert redis.keys("kzg:*") == []


def test_parallel_writes_of_one_person_keep_every_entry(redis):
    """A confirmed write is never lost — 20 turns at once, 20 hashes, 20 orders."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda i: remember(redis, f"Mein Freund Nummer {i} heißt Tom.", f"t{i}"), range(20)))
    assert len(ShortTermMemory(redis).entries("u1", "nova")) == 20
    assert len(set(lists(redis)["queue"])) == 20


def test_an_order_for_a_key_whose_hash_never_stood_is_discarded(db, redis):
    """§3a: an order whose hash does not stand is discarded, it never makes a node (the same key promoted and
    deleted before: tests/memory/test_promotion_gaps.py)."""
    key = remember(redis, "Mein Hund heißt Bello.", "t1")
    agent(db, redis).run(LATER)
    redis.rpush(keys.queue("u1", "nova"), "kzg:u1|nova:never-written")
    report = agent(db, redis).run(LATER)
    assert report["fehler"] == 1 and node_count(db) == 1 and not redis.exists(key)


# --- §3a: what is discarded before embedding --------------------------------------------------------------

class CountingEmbedder:
    def __init__(self) -> None:
        from novaberg.embed.hashing import HashingEmbedder
        self.inner, self.texts = HashingEmbedder(), []

    def embed(self, texts):
        self.texts.extend(texts)
        return self.inner.embed(texts)

    def describe(self):
        return self.inner.describe()


@pytest.mark.parametrize("raw", [None, "", "gestern", "nan", "inf", "-inf", "0", "-5"])
def test_unreadable_creation_time_makes_no_node_but_an_error_line_with_the_raw_value(db, redis, raw):
    """§3a (19.09.2026): missing, unreadable, nan, inf or ≤ 0 — discarded, never invented as *now*."""
    key = remember(redis, "Mein Hund heißt Bello.", "t1")
    if raw is None:
        redis.hdel(key, "erstellt_am")
    else:
        redis.hset(key, "erstellt_am", raw)
    embedder = CountingEmbedder()
    report = agent(db, redis, embedder=embedder).run(LATER)
    assert report["fehler"] == 1 and node_count(db) == 0 and lists(redis)["arbeit"] == []
    assert "Mein Hund heißt Bello." not in embedder.texts  # discarded before embedding
    line = [r for r in audit(db, f"synapsen_promotion:{key}") if r["status"] == "fehler"][0]
    assert line["payload"]["schritt"] == "erstellt_am_unlesbar" and line["payload"]["detail"]["roh"] == raw


def test_a_valid_creation_time_arrives_unchanged_at_the_node(db, redis):
    remember(redis, "Mein Hund heißt Bello.", "t1", now=NOW - timedelta(days=3))
    agent(db, redis).run(LATER)
    node = LongTermRepository(db).list("u1", "nova")[0]
    assert node["kzg_erstellt_am"] == NOW - timedelta(days=3)


@pytest.mark.parametrize(("setup", "reason"), [
    (lambda r, k: r.delete(k), "hash_fort"),
    (lambda r, k: r.hset(k, "inhalt", "   "), "inhalt_leer"),
    (lambda r, k: r.hset(k, "user_id", "jemand"), "fremdes_paar"),
    (lambda r, k: r.hset(k, "salienz", "nan"), "salienz_unlesbar"),
])
def test_what_can_never_be_green_is_discarded(db, redis, setup, reason):
    key = remember(redis, "Mein Hund heißt Bello.", "t1")
    setup(redis, key)
    report = agent(db, redis).run(LATER)
    assert report["fehler"] == 1 and node_count(db) == 0 and lists(redis)["arbeit"] == []
    assert any(r["payload"].get("schritt") == reason for r in audit(db, f"synapsen_promotion:{key}"))


def test_an_order_without_a_kzg_key_is_discarded(db, redis):
    redis.rpush(keys.queue("u1", "nova"), "fremd:1")
    report = agent(db, redis).run(LATER)
    assert report["fehler"] == 1 and lists(redis)["queue"] == [] and lists(redis)["arbeit"] == []


# --- §3b: the three paths and step 4 ---------------------------------------------------------------------

def test_new_node_deletes_exactly_its_hash_after_the_bridge(db, redis):
    key = remember(redis, "Mein Hund heißt Bello.", "t1")
    other = remember(redis, "Ich mag Jazz.", "t2", raw=0.55)
    order = []
    agent(db, redis, checkpoint=order.append).run(LATER)
    assert not redis.exists(key) and redis.exists(other)
    assert order.index("gebruecke") < order.index("geloescht")
    node = LongTermRepository(db).list("u1", "nova")[0]
    assert node["inhalt"] == "Mein Hund heißt Bello." and node["turn_id"] == "t1" and node["aktiv"]
    statuses = [r["status"] for r in audit(db, f"synapsen_promotion:{key}")]
    assert statuses == ["kzg_geloescht", "neuanlage"]
    assert audit(db, f"synapsen_promotion:{key}")[-1]["payload"]["kzg_geloescht"] == "ja"


def test_new_node_gets_edges_weighted_by_cosine_within_the_pair(db, redis):
    remember(redis, "Meine Schwester Lena wohnt in Kassel.", "t1")
    remember(redis, "Mein Bruder Jan wohnt in Kassel.", "t2")
    remember(redis, "Mein Bruder Jan wohnt in Kassel.", "t3", user="other")
    agent(db, redis).run(LATER)
    repo = LongTermRepository(db)
    first, second = repo.list("u1", "nova")
    edges = repo.edges("u1", "nova")
    assert [(e["von_id"], e["nach_id"]) for e in edges] == [(second["id"], first["id"])]
    assert 0 < edges[0]["gewicht"] < 0.82
    assert repo.edges("other", "nova") == []


def test_duplicate_on_an_active_node_changes_nothing_and_keeps_the_hash(db, redis):
    """§3b Dublette (LZG-PROMOTION-TREFFER-VERSTAERKT): no reinforcement, no edges, the hash stays."""
    remember(redis, "Mein Hund heißt Bello.", "t1")
    agent(db, redis).run(LATER)
    before = LongTermRepository(db).list("u1", "nova")
    key = remember(redis, "Mein Hund heißt Bello!", "t2")
    report = agent(db, redis).run(LATER + timedelta(days=1))
    assert report["dublette"] == 1 and report["neuanlage"] == 0
    after = LongTermRepository(db).list("u1", "nova")
    assert after == before  # weight, times, activity: untouched
    assert redis.exists(key) and redis.hget(key, "lzg_id") == str(before[0]["id"])
    assert LongTermRepository(db).edges("u1", "nova") == []
    assert audit(db, f"synapsen_promotion:{key}")[-1]["payload"]["kzg_geloescht"] == "nein"


def test_a_match_on_an_inactive_node_wakes_it_at_half_weight(db, redis):
    remember(redis, "Mein Hund heißt Bello.", "t1")
    agent(db, redis).run(LATER)
    repo = LongTermRepository(db)
    node = repo.list("u1", "nova")[0]
    repo.deactivate("u1", "nova", node["id"], LATER)
    key = remember(redis, "Mein Hund heißt Bello!", "t2")
    report = agent(db, redis).run(LATER + timedelta(days=1))
    assert report["halbreaktivierung"] == 1
    woken = repo.list("u1", "nova")[0]
    assert woken["aktiv"] and woken["gewicht_decay"] == pytest.approx(node["gewicht_decay"] / 2)
    assert len(repo.list("u1", "nova", active_only=False)) == 1 and redis.exists(key)


def test_a_twin_below_the_threshold_makes_a_new_node(db, redis):
    remember(redis, "Mein Hund heißt Bello.", "t1")
    agent(db, redis).run(LATER)
    remember(redis, "Meine Mutter wohnt in Hamburg.", "t2")
    assert agent(db, redis).run(LATER)["neuanlage"] == 1 and node_count(db) == 2


def test_another_pairs_node_is_never_a_match(db, redis):
    remember(redis, "Mein Hund heißt Bello.", "t1", user="a")
    remember(redis, "Mein Hund heißt Bello.", "t2", user="b")
    report = agent(db, redis).run(LATER)
    assert report["neuanlage"] == 2 and node_count(db, "a") == 1 and node_count(db, "b") == 1


class FailingDelete:
    """The real Redis for everything, but DEL of a kzg: key fails (a connection drop at step 4)."""

    def __init__(self, real) -> None:
        self._real = real

    def __getattr__(self, name):
        return getattr(self._real, name)

    def delete(self, *names):
        raise redis_lib.ConnectionError("connection dropped")

    def pipeline(self, *args, **kwargs):
        return _FailingDeletePipe(self._real.pipeline(*args, **kwargs))


class _FailingDeletePipe:
    def __init__(self, real) -> None:
        self._real, self._deleting = real, False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._real.reset()

    def __getattr__(self, name):
        return getattr(self._real, name)

    def delete(self, *names):
        self._deleting = True
        return self._real.delete(*names)

    def execute(self):
        if self._deleting:
            raise redis_lib.ConnectionError("connection dropped")
        return self._real.execute()


def test_a_failing_delete_never_raises_and_writes_one_error_line(db, redis):
    key = remember(redis, "Mein Hund heißt Bello.", "t1")
    report = agent(db, FailingDelete(redis)).run(LATER)
    assert report["promotet"] == 1 and report["fehler"] == 0 and lists(redis)["arbeit"] == []
    assert redis.exists(key) and node_count(db) == 1
    errors = [r for r in audit(db, f"synapsen_promotion:{key}") if r["status"] == "fehler"]
    assert len(errors) == 1 and errors[0]["payload"]["schritt"] == "kzg_loeschen"
    assert audit(db, f"synapsen_promotion:{key}")[-1]["payload"]["kzg_geloescht"] == "nein"


def test_the_audit_lines_of_a_run(db, redis):
    """Audit: `gestartet`, then `erledigt` with promotet, fehler, zurueckgelegt, endgueltig."""
    remember(redis, "Mein Hund heißt Bello.", "t1")
    agent(db, redis).run(LATER)
    runs = [r for r in audit(db) if r["task"] == "synapsen_promotion"]
    assert [r["status"] for r in runs] == ["gestartet", "erledigt"]
    assert {"promotet", "fehler", "zurueckgelegt", "endgueltig"} <= set(runs[1]["payload"])


def test_an_exception_of_the_run_is_its_error_line_not_raised(db, redis, monkeypatch):
    monkeypatch.setattr("novaberg.memory.promotion.PromotionAgent.pairs_with_orders",
                        lambda self: (_ for _ in ()).throw(redis_lib.ConnectionError("down")))
    report = agent(db, redis).run(LATER)
    assert report["status"] == "fehler" and audit(db)[-1]["status"] == "fehler"


def test_nan_salience_written_by_hand_never_reaches_a_node(db, redis):
    key = remember(redis, "Mein Hund heißt Bello.", "t1")
    redis.hset(key, "salienz", repr(math.inf))
    assert agent(db, redis).run(LATER)["fehler"] == 1 and node_count(db) == 0
