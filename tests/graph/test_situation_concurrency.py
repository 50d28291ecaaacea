"""Parallel turns of one person on the Lage and its offers (the pattern of
tests/graph/test_concurrency.py): a confirmed write is never lost, an identical request does not write twice."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from novaberg.llm.scripted import ScriptedLLM
from novaberg.notes.repository import NotesRepository
from novaberg.situation.lage import load_situation, peek_offer
from novaberg.timeline.repository import TimelineRepository
from tests.support import berlin, make_nova, make_offline_llm

NOW = berlin(2026, 11, 30, 10)
WORKERS = 12
TITLES = ("Zahnarzt", "Friseur", "Elternabend", "Yoga", "Physiotherapie", "Steuerberater", "Autowerkstatt",
          "Tierarzt", "Hausarzt", "Augenarzt", "Chorprobe", "Klavierstunde")


def _burst(nova, texts, moment, figure="nova"):
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        return list(pool.map(lambda text: nova.turn("u1", figure, text, moment), texts))


def test_parallel_consents_to_one_offer_write_it_exactly_once(db, redis, tmp_path):
    """Twelve parallel „Ja“ to one offer: one verified create, no second row, the others write nothing."""
    restated = "Du möchtest den Flohmarkt am Samstag um 14 Uhr im Kalender haben. Soll ich ihn eintragen?"
    llm = ScriptedLLM({"compose": {"antwort": "Ich habe den Flohmarkt am Samstag um 14 Uhr eingetragen."},
                       "correct": {"antwort": restated}}, fallback=make_offline_llm())
    nova = make_nova(db, redis, llm, tmp_path)
    nova.turn("u1", "nova", "Am Samstag will ich um 14 Uhr zum Flohmarkt.", NOW)
    assert peek_offer(redis, "u1") is not None
    llm.script("compose", lambda data: {"antwort": "\n".join(s["answer"] for s in data["service_reports"]) or "Ok."})
    results = _burst(nova, ["Ja, gerne"] * WORKERS, berlin(2026, 11, 30, 10, 1))
    rows = TimelineRepository(db).list("u1", "nova")
    assert [r["title"] for r in rows] == ["Flohmarkt"]
    confirmed = [r for r in results if any(s["name"] == "timeline" and s["status"] == "abgeschlossen"
                                           and any(st.get("verifiziert") is True for st in s["steps"])
                                           for s in r.services)]
    assert len(confirmed) == 1


def test_parallel_writes_all_land_in_the_lage(db, redis, tmp_path, monkeypatch):
    """Twelve parallel creates of different appointments: every confirmed row is an acute object of the Lage
    (the Lage is merged in a Redis transaction, no turn overwrites another's objects). The Lage keeps only the
    last five turn pairs: when the first six turns end before the last six begin — as happened at
    load 10 — their objects age out by that rule, not by a lost merge; so the window is widened here, the test is
    about the merge."""
    monkeypatch.setattr("novaberg.situation.lage.TURN_PAIRS", 2 * len(TITLES))
    nova = make_nova(db, redis, make_offline_llm(), tmp_path)
    results = _burst(nova, [f"Trag mir morgen um {8 + i} Uhr {title} ein" for i, title in enumerate(TITLES)], NOW)
    written = {s["data"]["timeline_id"] for r in results for s in r.services
               if s["status"] == "abgeschlossen" and "timeline_id" in s["data"]}
    assert len(written) == len(TITLES)
    assert {r["id"] for r in TimelineRepository(db).list("u1", "nova")} == written
    situation = load_situation(redis, "u1", "nova")
    assert written <= {o.row_id for o in situation.objects}
    assert situation.turn == len(TITLES)


def test_parallel_identical_double_orders_do_not_write_twice(db, redis, tmp_path):
    """Twelve parallel identical two-order turns: one appointment, the item once on the list."""
    NotesRepository(db).insert("u1", "Einkaufsliste", "einkauf", "Brot", [], NOW)
    nova = make_nova(db, redis, make_offline_llm(), tmp_path)
    text = "Trag mir morgen um 10 Uhr den Zahnarzt ein und schreib Zahnseide auf die Einkaufsliste"
    _burst(nova, [text] * WORKERS, NOW)
    assert [r["title"] for r in TimelineRepository(db).list("u1", "nova")] == ["Zahnarzt"]
    assert NotesRepository(db).list("u1")[0]["text"].count("Zahnseide") == 1
