"""Writes that hold under concurrency (issue 10 §3): ≥ 50 parallel turns of one person on the embedded stack.

Every confirmed write is present afterwards, no unconfirmed write is present, identical creates write
one row, and no turn raises (the facade's "no 5xx"). The test database pool has 4 connections, so
the turns also queue for connections.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from zoneinfo import ZoneInfo

from novaberg.notes.agent.offline import items_of_text
from novaberg.notes.repository import NotesRepository

NOW = datetime(2026, 11, 11, 9, 15, tzinfo=ZoneInfo("Europe/Berlin"))
WORKERS = 50
USER, FIGURE = "u-parallel", "nova"
# 50 appointment titles without a shared title word (timeline.md §4.4: a shared word would be a duplicate).
DIFFERENT_TITLES = (
    "Zahnarzt", "Friseur", "Elternabend", "Yoga", "Physiotherapie", "Steuerberater", "Autowerkstatt", "Tierarzt",
    "Hausarzt", "Augenarzt", "Chorprobe", "Fußballtraining", "Klavierstunde", "Schwimmkurs", "Bankberatung",
    "Notar", "Elterngespräch", "Kinderarzt", "Orthopäde", "Hautarzt", "Massage", "Fahrstunde", "Nachhilfe",
    "Lauftreff", "Sauna", "Kochkurs", "Tanzkurs", "Gitarrenunterricht", "Bewerbungsgespräch", "Hundeschule",
    "Reifenwechsel", "Handwerker", "Schornsteinfeger", "Ablesung", "Impfung", "Blutabnahme", "Sprachkurs",
    "Lesekreis", "Theaterprobe", "Vereinssitzung", "Mieterversammlung", "Klassentreffen", "Stammtisch",
    "Probetraining", "Fotoshooting", "Umzugshilfe", "Besichtigung", "Vorstellungsgespräch", "Kundentermin",
    "Teamsitzung",
)


def _burst(nova, texts: list[str], user: str = USER) -> list:
    """All texts as parallel turns of one person; every turn must return (an exception fails the test)."""
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        results = list(pool.map(lambda text: nova.turn(user, FIGURE, text, NOW), texts))
    assert time.perf_counter() - started < 60
    return results


def _statuses(result) -> list[str]:
    return [service["status"] for service in result.services]


def test_issue10_s3_parallel_items_onto_one_list_every_confirmed_item_lands_no_unconfirmed_one(nova, db):
    """issue 10 §3: 50 parallel different items onto an existing list — each confirmed item is on the list,
    no item whose turn did not confirm it is, and the list is the one list it was."""
    repo = NotesRepository(db)
    repo.insert(USER, "Einkaufsliste", "einkauf", "Milch", [], NOW)
    items = [f"Artikel-{i}" for i in range(1, WORKERS + 1)]
    results = _burst(nova, [f"Schreib {item} auf die Einkaufsliste" for item in items])

    lists = repo.list(USER)
    assert [n["name"] for n in lists] == ["Einkaufsliste"]
    on_list = set(items_of_text(lists[0]["text"]))
    confirmed = {item for item, r in zip(items, results, strict=True)
                 if _statuses(r) == ["abgeschlossen"] and f"steht jetzt auch: {item}." in r.answer}
    unconfirmed = set(items) - confirmed
    assert confirmed <= on_list, f"confirmed but missing: {sorted(confirmed - on_list)}"
    assert not (unconfirmed & on_list), f"not confirmed but written: {sorted(unconfirmed & on_list)}"
    assert "Milch" in on_list
    for item, result in zip(items, results, strict=True):
        if item in unconfirmed:  # a failure says so and claims nothing
            assert _statuses(result) == ["fehler"] and "steht jetzt auch" not in result.answer
    assert len(confirmed) >= WORKERS * 0.9, f"only {len(confirmed)} of {WORKERS} items confirmed"


def test_issue10_s3_fifty_identical_appointment_creates_write_one_row(nova):
    """issue 10 §3 and timeline.md §4.4: 50 identical parallel creates → one active row, one answer that
    entered it; the other 49 say it is already there and wrote nothing."""
    results = _burst(nova, ["Trag mir morgen um 10 den Zahnarzt ein"] * WORKERS)

    rows = nova.timeline.list(USER, FIGURE, active_only=False)
    assert len(rows) == 1 and rows[0]["aktiv"] and rows[0]["title"] == "Zahnarzt"
    entered = [r for r in results if r.answer.startswith("Eingetragen:")]
    already = [r for r in results if "ist bereits eingetragen" in r.answer]
    assert len(entered) == 1
    assert entered[0].services[0]["data"]["timeline_id"] == rows[0]["id"]
    assert len(already) == WORKERS - 1
    assert all(_statuses(r) == ["abgeschlossen"] and "timeline_id" not in r.services[0]["data"] for r in already)


def test_issue10_s3_fifty_identical_list_creates_write_one_list(nova, db):
    """issue 10 §3 and notizen.md §5 Create 4: 50 parallel "Erstelle eine Einkaufsliste" → one list; the others
    ask the duplicate question (or, answered by the burst itself, ask it again) and write nothing."""
    results = _burst(nova, ["Erstelle eine Einkaufsliste: Milch, Eier"] * WORKERS)

    lists = NotesRepository(db).list(USER)
    assert len(lists) == 1 and lists[0]["name"] == "Einkaufsliste"
    created = [r for r in results if "angelegt" in r.answer and _statuses(r) == ["abgeschlossen"]]
    assert len(created) == 1
    others = [r for r in results if r not in created]
    assert all(_statuses(r) == ["rueckfrage"] and "Es gibt bereits eine Notiz 'Einkaufsliste'" in r.answer
               for r in others)


def test_issue10_s3_parallel_creates_of_different_appointments_all_land(nova):
    """issue 10 §3: 50 parallel creates of different appointments (same day, no shared title word) — each
    confirmed, each present once."""
    titles = sorted(DIFFERENT_TITLES)
    texts = [f"Trag mir morgen um {8 + i % 10} Uhr {title} ein" for i, title in enumerate(titles)]
    results = _burst(nova, texts)

    rows = nova.timeline.list(USER, FIGURE, active_only=False)
    assert sorted(r["title"] for r in rows) == titles
    assert all(r.answer.startswith("Eingetragen:") for r in results), [r.answer for r in results
                                                                        if not r.answer.startswith("Eingetragen:")]
