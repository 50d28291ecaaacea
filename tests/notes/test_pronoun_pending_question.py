"""The pronoun ask-back keeps the order waiting. *„Hak das ab"* when *das* points
at two things (or nothing) asks „Was meinst du mit ‚das'?" and stores a pending question; the answer
(*„den Käse"*) resumes the order on that item only. notizen.md §7 (Rückfrage, Wiederaufnahme), §3
(Inhalts-Auflösung aus dem Verlauf); each person's pending question is their own."""

from __future__ import annotations

from novaberg.notes.repository import NotesRepository
from tests.support import berlin

NOW = berlin(2026, 11, 30, 9, 30)


def _lists(db, user):
    return {row["name"]: row["text"] for row in NotesRepository(db).list(user)}


def _setup(db, user):
    repo = NotesRepository(db)
    repo.insert(user, "Baumarkt-Liste", "einkauf", "Schrauben", [], NOW)
    repo.insert(user, "Einkaufsliste", "einkauf", "Milch", [], NOW)


def _notes(result):
    return next((s for s in result.services if s["name"] == "notizen"), None)


def test_hak_das_ab_with_two_candidates_asks_and_the_answer_resumes_it(nova, db):
    _setup(db, "u1")
    _setup(db, "u2")
    nova.turn("u1", "nova", "Setz Käse und Butter auf die Einkaufsliste", NOW)
    assert _lists(db, "u1")["Einkaufsliste"] == "Milch\nKäse\nButter"
    asked = nova.turn("u1", "nova", "Hak das ab", NOW)
    assert "Was meinst du mit „das“" in asked.answer, asked.answer
    assert _notes(asked)["status"] == "rueckfrage"
    assert _lists(db, "u1")["Einkaufsliste"] == "Milch\nKäse\nButter"
    answered = nova.turn("u1", "nova", "den Käse", NOW)
    assert _notes(answered) is not None and _notes(answered)["status"] == "abgeschlossen", answered.answer
    assert _lists(db, "u1") == {"Baumarkt-Liste": "Schrauben", "Einkaufsliste": "Milch\nButter"}
    assert _lists(db, "u2") == {"Baumarkt-Liste": "Schrauben", "Einkaufsliste": "Milch"}


def test_the_pending_pronoun_question_is_the_askers_only(nova, db):
    """u1 is asked; u2's *„den Käse"* answers nothing of u1's — neither person's lists change."""
    _setup(db, "u1")
    _setup(db, "u2")
    NotesRepository(db).insert("u2", "Notizen", "merkliste", "Käse", [], NOW)
    nova.turn("u1", "nova", "Setz Käse und Butter auf die Einkaufsliste", NOW)
    nova.turn("u1", "nova", "Hak das ab", NOW)
    nova.turn("u2", "nova", "den Käse", NOW)
    assert _lists(db, "u2") == {"Baumarkt-Liste": "Schrauben", "Einkaufsliste": "Milch", "Notizen": "Käse"}
    assert _lists(db, "u1")["Einkaufsliste"] == "Milch\nKäse\nButter"


def test_a_new_order_never_answers_the_pronoun_question(nova, db):
    """While „Was meinst du mit ‚das'?" waits, *„Setz Eier auf die Baumarkt-Liste"* is its own order: the
    Eier go where said, and nothing is struck from the Einkaufsliste."""
    _setup(db, "u1")
    nova.turn("u1", "nova", "Setz Käse und Butter auf die Einkaufsliste", NOW)
    nova.turn("u1", "nova", "Hak das ab", NOW)
    nova.turn("u1", "nova", "Setz Eier auf die Baumarkt-Liste", NOW)
    assert _lists(db, "u1") == {"Baumarkt-Liste": "Schrauben\nEier", "Einkaufsliste": "Milch\nKäse\nButter"}


def _resumed(result):
    return [s for s in result.services if any(step.get("schritt") == "resume" for step in s["steps"])]


def test_parallel_answers_to_the_pronoun_question_strike_once(nova, db):
    """Every write path under parallel turns on one person, two persons at once: *„den Käse"* sent four times at
    once by each after her ask-back — the waiting question is taken once (`agents.pending.take_pending`):
    exactly one turn per person resumes it and strikes Käse from her own list; the other three find it gone and
    are turns of their own (no resume, nothing written); no question waits afterwards."""
    from concurrent.futures import ThreadPoolExecutor

    from novaberg.agents.pending import load_pending

    for user in ("u3", "u4"):
        _setup(db, user)
        nova.turn(user, "nova", "Setz Käse und Butter auf die Einkaufsliste", NOW)
        assert _notes(nova.turn(user, "nova", "Hak das ab", NOW))["status"] == "rueckfrage"
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda user: (user, nova.turn(user, "nova", "den Käse", NOW)), ["u3", "u4"] * 4))
    for user in ("u3", "u4"):
        mine = [r for u, r in results if u == user]
        resumed = [r for r in mine if _resumed(r)]
        assert len(resumed) == 1, [r.answer for r in mine]  # exactly one resumes
        assert "gestrichen: Käse" in resumed[0].answer
        assert not any("gestrichen" in r.answer for r in mine if r is not resumed[0])
        assert _lists(db, user) == {"Baumarkt-Liste": "Schrauben", "Einkaufsliste": "Milch\nButter"}
        assert load_pending(nova.stack.redis, user, "nova", NOW) is None
