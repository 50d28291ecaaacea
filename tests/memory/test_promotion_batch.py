"""The promotion in batches (throughput): N orders of one pair read, embedded, matched and written in one
transaction — with exactly the semantics of synapsen-promotion.md §3b taken one order after the other.
"""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest

from novaberg.core.errors import DatabaseError
from novaberg.core.logs import PipelineLog
from novaberg.core.settings import PROMOTION_MAX_ATTEMPTS
from novaberg.embed.hashing import HashingEmbedder
from novaberg.memory import keys
from novaberg.memory.promotion import DUPLICATE, HALF_REACTIVATION, NEW_NODE, TASK, PromotionAgent
from novaberg.memory.repository import LongTermRepository, NewNode, PromotionWrite
from novaberg.pixie.heartbeat import Heartbeat, HeartbeatBusyError, Job
from tests.memory.helpers import NOW, agent, audit, lists, node_count, remember

LATER = NOW + timedelta(minutes=5)
_ACTIONS = (NEW_NODE, DUPLICATE, HALF_REACTIVATION)


def _actions(db, user: str = "u1") -> dict[str, str]:
    """The closing action of each order, by its turn (the key's last part)."""
    out = {}
    for row in audit(db, f"{TASK}:{keys.KZG_PREFIX}{keys.pair_token(user, 'nova')}:"):
        if row["status"] in _ACTIONS:
            out[row["task"].rsplit(":", 1)[1]] = row["status"]
    return out


def test_a_duplicate_of_a_node_made_earlier_in_the_same_batch_is_a_duplicate_not_a_second_node(db, redis):
    """§3b *Dublette*: the third order says the first one's fact in other words (cosine ≥ 0.82) — in one batch
    it matches the node the first order made a moment before: no second node, no edges, its hash stays with
    the bridge to that node."""
    first = remember(redis, "Mein Hund heißt Bello.", "t1")
    remember(redis, "Meine Schwester heißt Lena.", "t2")
    third = remember(redis, "Bello heißt mein Hund.", "t3")
    report = agent(db, redis, batch=3).run(LATER)
    assert (report[NEW_NODE], report[DUPLICATE], report["promotet"]) == (2, 1, 3)
    repo = LongTermRepository(db)
    nodes = {n["inhalt"]: n for n in repo.list("u1", "nova")}
    assert set(nodes) == {"Mein Hund heißt Bello.", "Meine Schwester heißt Lena."}
    assert not redis.exists(first) and redis.exists(third)  # step 4 only after a new node
    assert redis.hget(third, "lzg_id") == str(nodes["Mein Hund heißt Bello."]["id"])
    assert all(e["von_id"] != e["nach_id"] for e in repo.edges("u1", "nova"))
    assert len(repo.edges("u1", "nova")) == 1  # Lena → Bello; the duplicate adds none
    assert _actions(db) == {"t1": NEW_NODE, "t2": NEW_NODE, "t3": DUPLICATE}


def test_the_same_fact_three_times_in_one_batch_is_one_node(db, redis):
    for i, text in enumerate(("Ich spiele seit Jahren Geige.", "Seit Jahren spiele ich Geige.",
                              "Ich spiele schon seit vielen Jahren Geige.")):
        remember(redis, text, f"t{i}")
    report = agent(db, redis, batch=10).run(LATER)
    assert (report[NEW_NODE], report[DUPLICATE]) == (1, 2) and node_count(db) == 1


def _story(db, redis, user: str) -> None:
    """A pair with an inactive node, then orders in one queue: new facts, duplicates of each other, two matches
    on the inactive node, one twin below the threshold."""
    remember(redis, "Ich spiele seit Jahren Geige.", "alt", user=user)
    agent(db, redis).run(NOW, user, "nova")
    repo = LongTermRepository(db)
    repo.deactivate(user, "nova", repo.list(user, "nova")[0]["id"], NOW)
    for turn, text in [("t1", "Mein Hund heißt Bello."), ("t2", "Seit Jahren spiele ich Geige."),
                       ("t3", "Meine Schwester Lena wohnt in Kassel."), ("t4", "Bello heißt mein Hund."),
                       ("t5", "Ich spiele schon seit vielen Jahren Geige."), ("t6", "Mein Bruder Jan wohnt in Kassel."),
                       ("t7", "Mein Hund hat den Namen Bello."), ("t8", "Meine Schwester Lena wohnt in Kassel!")]:
        remember(redis, text, turn, user=user)


def _picture(db, user: str) -> tuple:
    repo = LongTermRepository(db)
    nodes = {n["id"]: n for n in repo.list(user, "nova", active_only=False)}
    edges = sorted((nodes[e["von_id"]]["inhalt"], nodes[e["nach_id"]]["inhalt"], round(e["gewicht"], 4))
                   for e in repo.edges(user, "nova"))
    return sorted((n["inhalt"], n["aktiv"], n["gewicht_decay"]) for n in nodes.values()), edges


def test_a_batch_decides_exactly_as_one_order_after_the_other(db, redis):
    """§3b in a batch as one by one: the same actions per order, the same nodes (one inactive node woken once at
    half weight, a second match on it a duplicate), the same edges with the same weights."""
    _story(db, redis, "einzeln")
    _story(db, redis, "stapel")
    agent(db, redis, batch=1).run(LATER, "einzeln", "nova")
    agent(db, redis, batch=8).run(LATER, "stapel", "nova")
    one_by_one = _actions(db, "einzeln")
    assert one_by_one == _actions(db, "stapel")
    assert one_by_one == {"alt": NEW_NODE, "t1": NEW_NODE, "t2": HALF_REACTIVATION, "t3": NEW_NODE, "t4": DUPLICATE,
                          "t5": DUPLICATE, "t6": NEW_NODE, "t7": NEW_NODE, "t8": DUPLICATE}
    nodes, edges = _picture(db, "stapel")
    assert (nodes, edges) == _picture(db, "einzeln")
    assert ("Ich spiele seit Jahren Geige.", True, 0.5) in nodes  # woken once: half weight, not a quarter


def test_a_failure_in_the_middle_of_a_batch_leaves_every_order_queued_and_nothing_written(db, redis, monkeypatch):
    """§3: red stays visible — a failure after the nodes were inserted (the edges fail) rolls the batch back; every
    order stays in `:arbeit` with its hash, is put back by the next run and promoted then."""
    order_keys = [remember(redis, text, f"t{i}") for i, text in
                  enumerate(("Mein Hund heißt Bello.", "Meine Schwester heißt Lena.", "Bello heißt mein Hund."))]
    real_link = PromotionWrite.link

    def broken(self, edges, now):
        raise RuntimeError("the edges failed")

    monkeypatch.setattr(PromotionWrite, "link", broken)
    report = agent(db, redis).run(LATER)
    assert report["paare_fehler"] == 1 and report["promotet"] == 0
    state = lists(redis)
    assert state["arbeit"] == order_keys and state["versuche"] == {k: "1" for k in order_keys}
    assert node_count(db) == 0 and all(redis.exists(k) for k in order_keys)
    monkeypatch.setattr(PromotionWrite, "link", real_link)
    report = agent(db, redis).run(LATER)
    assert (report["zurueckgelegt"], report[NEW_NODE], report[DUPLICATE]) == (3, 2, 1)
    assert lists(redis)["arbeit"] == [] and node_count(db) == 2


class PoisonEmbedder:
    """Fails on one text, always (an order that can never be written)."""

    def __init__(self) -> None:
        self.inner = HashingEmbedder()

    def embed(self, texts):
        if any("Gift" in t for t in texts):
            raise ValueError("this text cannot be embedded")
        return self.inner.embed(texts)

    def describe(self):
        return self.inner.describe()


def test_an_order_that_always_fails_does_not_take_its_batch_to_failed(db, redis):
    """§3: after a failed batch each order is retried alone — the others are promoted, only the one that can
    never be written ends in `:gescheitert` after PROMOTION_MAX_ATTEMPTS, with its line."""
    good = remember(redis, "Mein Hund heißt Bello.", "t1")
    poison = remember(redis, "Das Gift steht im Keller.", "t2")
    other = remember(redis, "Meine Schwester heißt Lena.", "t3")
    embedder = PoisonEmbedder()
    agent(db, redis, embedder=embedder).run(LATER)
    assert node_count(db) == 0 and lists(redis)["arbeit"] == [good, poison, other]
    for _ in range(PROMOTION_MAX_ATTEMPTS):
        agent(db, redis, embedder=embedder).run(LATER)
    state = lists(redis)
    assert state["gescheitert"] == [poison] and state["arbeit"] == [] and state["queue"] == []
    assert node_count(db) == 2 and not redis.exists(good) and not redis.exists(other) and redis.exists(poison)
    assert any(r["status"] == "endgueltig" for r in audit(db, f"{TASK}:{poison}"))


_FACTS = (("Tante", "Inge", "Kassel", "Schach"), ("Kollegin", "Marta", "Leipzig", "Orgelmusik"),
          ("Nachbarin", "Rita", "Bremen", "Bienen"), ("Schwester", "Lena", "Erfurt", "Keramik"),
          ("Freundin", "Sofie", "Dresden", "Segeln"), ("Cousine", "Nina", "Passau", "Kakteen"),
          ("Chefin", "Paula", "Trier", "Jazz"), ("Oma", "Hedwig", "Kiel", "Tomaten"),
          ("Patin", "Greta", "Ulm", "Fahrräder"), ("Lehrerin", "Wiebke", "Hamburg", "Geigen"))


def _many(redis) -> list[str]:
    """Ten facts (cosine < 0.52 to each other), each told three times in other words or marks (≥ 0.98): 30 orders."""
    texts = []
    for relation, name, city, liking in _FACTS:
        fact = f"Meine {relation} {name} wohnt in {city} und mag {liking}."
        texts += [fact, fact.replace(".", "!"), f"{name}, meine {relation}, mag {liking} und wohnt in {city}."]
    return [remember(redis, text, f"t{n}") for n, text in enumerate(texts)]


def _one_node_per_fact(db, redis, order_keys: list[str]) -> None:
    with db.transaction() as conn:
        per_key = conn.execute("SELECT kzg_schluessel, count(*) AS n FROM lzg_knoten GROUP BY kzg_schluessel "
                               "HAVING count(*) > 1").fetchall()
    assert per_key == []
    assert node_count(db) == 10
    state = lists(redis)
    assert state["queue"] == [] and state["arbeit"] == [] and state["gescheitert"] == []
    for key in order_keys:
        assert redis.exists(key) or LongTermRepository(db).node_for_key("u1", "nova", key) is not None


def test_two_runs_for_one_pair_at_once_never_make_a_node_twice(db, redis):
    """Even without the heartbeat's lock (§3 relies on it for `:arbeit`): two runs of one pair at the same time
    queue on the pair's lock in the database — no node twice for one hash, one node per fact."""
    order_keys = _many(redis)
    start = threading.Barrier(2)
    results: list[dict] = []
    errors: list[BaseException] = []

    def run(seconds: float) -> None:
        try:
            start.wait()
            results.append(PromotionAgent(redis, db, HashingEmbedder(), PipelineLog(db), batch=4,
                                          checkpoint=lambda step: time.sleep(seconds)).run(LATER, "u1", "nova"))
        except BaseException as err:  # noqa: BLE001 - handed to the test's own thread below
            errors.append(err)

    threads = [threading.Thread(target=run, args=(s,)) for s in (0.002, 0.003)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not any(t.is_alive() for t in threads), "a promotion run did not finish within 120 s"
    if errors:
        raise errors[0]
    # each run ends cleanly: the one that waited on the pair's lock is no failed pair. (A run puts back what stands in
    # the pair's work list when it starts — here the other run's orders in flight; one the other run promoted
    # meanwhile is then discarded as already promoted, §3a, and counted as `fehler`: no pair fails by it, and the
    # node is never made twice, which is what this test holds.)
    assert [(r["status"], r["paare_fehler"]) for r in results] == [("erledigt", 0)] * 2, results
    agent(db, redis).run(LATER + timedelta(minutes=5))  # whatever one run put back while the other worked
    _one_node_per_fact(db, redis, order_keys)


def test_a_second_batch_of_the_pair_waits_for_the_first_and_sees_its_nodes(db):
    """The pair's lock in the database: a batch matching while another batch of the same pair is still writing
    would miss the other's new node and make a second one for the same fact. It waits, then sees the node."""
    repo, embedder = LongTermRepository(db), HashingEmbedder()
    dims = repo.dimensions_for(embedder, NOW)
    vector = embedder.embed(["Mein Hund heißt Bello."])[0]
    inside, seen = threading.Event(), []

    def first() -> None:
        with repo.promotion_batch("u1", "nova") as batch:
            batch.create_nodes([NewNode("Mein Hund heißt Bello.", vector, 0.9, "kzg:u1|nova:a", NOW, "a")], NOW)
            inside.set()
            time.sleep(0.5)

    def second() -> None:
        inside.wait(30)
        started = time.monotonic()
        with repo.promotion_batch("u1", "nova") as batch:
            nearest = batch.match(["kzg:u1|nova:b"], [vector], dims, 3)[1][0]
        seen.append((time.monotonic() - started, nearest))

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    waited, nearest = seen[0]
    assert waited >= 0.3 and nearest and nearest[0]["cosine"] > 0.99


def test_two_heartbeats_at_once_run_the_promotion_once(db, redis):
    """§3 `max_instances=1`: two heartbeats ticking at the same time — one runs the promotion
    in batches, the other waits and says so; one node per fact."""
    order_keys = _many(redis)
    start = threading.Barrier(2)
    outcome: list = []

    def promotion(now):
        return PromotionAgent(redis, db, HashingEmbedder(), PipelineLog(db), batch=4,
                              checkpoint=lambda step: time.sleep(0.01)).run(now)

    def tick() -> None:
        beat = Heartbeat(redis, [Job("synapsen_promotion", 300.0, promotion)], PipelineLog(db))
        start.wait()
        try:
            outcome.append(beat.tick(LATER)["synapsen_promotion"]["promotet"])
        except HeartbeatBusyError:
            outcome.append("busy")

    threads = [threading.Thread(target=tick) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert sorted(outcome, key=str) == [30, "busy"]
    _one_node_per_fact(db, redis, order_keys)


@pytest.mark.parametrize("batch", [0, -3])
def test_a_batch_holds_at_least_one_order(db, redis, batch):
    with pytest.raises(ValueError, match="at least one"):
        agent(db, redis, batch=batch)


def test_an_edge_to_another_pairs_node_is_refused_loudly_and_the_batch_rolled_back(db):
    """§3b: edges only between nodes of the same pair — an edge leaving the pair is an error, not a silent skip."""
    repo, vector = LongTermRepository(db), HashingEmbedder().embed(["Mein Hund heißt Bello."])[0]
    repo.dimensions_for(HashingEmbedder(), NOW)
    with repo.promotion_batch("a", "nova") as batch:
        foreign = batch.create_nodes([NewNode("Mein Hund heißt Bello.", vector, 0.9, "kzg:a|nova:1", NOW, "1")], NOW)
    with pytest.raises(DatabaseError, match="not the pair's"), repo.promotion_batch("b", "nova") as batch:
        own = batch.create_nodes([NewNode("Mein Hund heißt Bello.", vector, 0.9, "kzg:b|nova:1", NOW, "1")], NOW)
        batch.link([(own["kzg:b|nova:1"], foreign["kzg:a|nova:1"], 1.0)], NOW)
    assert node_count(db, "b") == 0 and repo.edges("a", "nova") == []


def test_the_batch_read_ahead_stays_in_work_uncounted_when_the_batch_before_fails(db, redis):
    """§3: the agent reads and embeds the next batch while one is written. When that one fails, the batch read
    ahead was never tried: it stays in `:arbeit` for the next run, and its attempt is not counted."""
    order_keys = [remember(redis, text, f"t{i}") for i, text in
                  enumerate(("Mein Hund heißt Bello.", "Meine Schwester heißt Lena.", "Ich spiele Geige."))]
    failed = {"n": 0}

    def fail(step):
        if step == "abgeglichen" and not failed["n"]:
            failed["n"] += 1
            raise RuntimeError("the first batch breaks")

    agent(db, redis, batch=1, checkpoint=fail).run(LATER)
    state = lists(redis)
    assert state["arbeit"] == order_keys[:2] and state["queue"] == order_keys[2:]
    assert state["versuche"] == {order_keys[0]: "1", order_keys[1]: "0"} and node_count(db) == 0
    report = agent(db, redis).run(LATER)
    assert (report["zurueckgelegt"], report[NEW_NODE]) == (2, 3) and lists(redis)["arbeit"] == []
