"""Writes that hold under concurrency: ≥ 50 parallel turns of one person on the embedded stack.

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


def test_parallel_items_onto_one_list_every_confirmed_item_lands_no_unconfirmed_one(nova, db):
    """50 parallel different items onto an existing list — each confirmed item is on the list,
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


def test_fifty_identical_appointment_creates_write_one_row(nova):
    """timeline.md §4.4: 50 identical parallel creates → one active row, one answer that
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


def test_fifty_identical_list_creates_write_one_list(nova, db):
    """notizen.md §5 Create 4: 50 parallel "Erstelle eine Einkaufsliste" → one list; the others
    ask the duplicate question (or, answered by the burst itself, ask it again) and write nothing."""
    results = _burst(nova, ["Erstelle eine Einkaufsliste: Milch, Eier"] * WORKERS)

    lists = NotesRepository(db).list(USER)
    assert len(lists) == 1 and lists[0]["name"] == "Einkaufsliste"
    created = [r for r in results if "angelegt" in r.answer and _statuses(r) == ["abgeschlossen"]]
    assert len(created) == 1
    others = [r for r in results if r not in created]
    assert all(_statuses(r) == ["rueckfrage"] and "Es gibt bereits eine Notiz 'Einkaufsliste'" in r.answer
               for r in others)


def test_mixed_parallel_appointments_and_list_items_all_land(nova, db):
    """Parallel writes, mixed: 25 different appointments (same day, no shared title word) and 25 different items onto
    one list, all parallel — each confirmed, each present once; the pair's and the person's locks do not block
    each other's progress."""
    repo = NotesRepository(db)
    repo.insert(USER, "Einkaufsliste", "einkauf", "", [], NOW)
    titles = sorted(DIFFERENT_TITLES)[: WORKERS // 2]
    items = [f"Artikel-{i}" for i in range(1, WORKERS - len(titles) + 1)]
    texts = [f"Trag mir morgen um {8 + i % 10} Uhr {title} ein" for i, title in enumerate(titles)]
    texts += [f"Schreib {item} auf die Einkaufsliste" for item in items]
    results = _burst(nova, texts)

    assert sorted(r["title"] for r in nova.timeline.list(USER, FIGURE, active_only=False)) == titles
    assert sorted(items_of_text(repo.list(USER)[0]["text"])) == sorted(items)
    answers = [r.answer for r in results]
    assert all(a.startswith("Eingetragen:") for a in answers[: len(titles)]), answers[: len(titles)]
    assert all("steht jetzt auch" in a for a in answers[len(titles):]), answers[len(titles):]


def test_fifty_identical_moves_move_once(nova):
    """timeline.md §5.2: 50 parallel "Verschieb den Zahnarzt auf 16 Uhr" → one move (one
    successor, one active row); the others find it already there (a row moved meanwhile is followed to its
    successor) and write nothing."""
    nova.turn(USER, FIGURE, "Trag mir morgen um 10 den Zahnarzt ein", NOW)
    results = _burst(nova, ["Verschieb den Zahnarzt auf 16 Uhr"] * WORKERS)

    rows = nova.timeline.list(USER, FIGURE, active_only=False)
    active = [r for r in rows if r["aktiv"]]
    assert len(rows) == 2 and len(active) == 1 and active[0]["event_time"].astimezone(NOW.tzinfo).hour == 16
    moved = [r for r in results if r.answer.startswith("Verschoben:")]
    assert len(moved) == 1 and moved[0].services[0]["data"]["timeline_id"] == active[0]["id"]
    for result in results:
        if result not in moved:
            assert "timeline_id" not in result.services[0]["data"]
            assert _statuses(result) == ["abgeschlossen"] and "steht schon am" in result.answer, result.answer


def test_fifty_identical_directives_and_grants_write_one_row_each(db, tmp_path):
    """Parallel writes for the newer writers: 50 parallel identical directives and 50 parallel grants of
    the same directory — one row each, exactly one call reports it as new, none raises."""
    from novaberg.directives.repository import DirectivesRepository
    from tests.files.helpers import NOW as FILES_NOW
    from tests.files.helpers import service, write

    repo = DirectivesRepository(db)
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        added = list(pool.map(lambda _: repo.add(USER, FIGURE, "Sprich mich mit Sie an", NOW), range(WORKERS)))
    assert [d.text for d in repo.list(USER, FIGURE)] == ["Sprich mich mit Sie an"]
    assert sum(created for _, created in added) == 1

    write(tmp_path / "docs" / "a.md", "# A")
    files = service(db, tmp_path, users=(USER,))  # allowed for this person
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        grants = list(pool.map(lambda _: files.grant(USER, FIGURE, str(tmp_path / "docs"), now=FILES_NOW),
                               range(WORKERS)))
    assert len(files.roots(USER, FIGURE)) == 1
    assert sum(bool(g["neu"]) for g in grants) == 1
    assert len({g["id"] for g in grants}) == 1
