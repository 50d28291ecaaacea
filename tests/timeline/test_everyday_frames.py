"""Calendar requests in everyday words, one test per frame, each with at least three fillers through
`Nova.turn` (the frames voice-assistant users say: create, query, remove — as in public intent data). Every filler
runs for a person of its own on the same stock of appointments; the outcome is read from the rows."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

from novaberg.timeline.agent.crud import _reschedule
from novaberg.timeline.agent.search import row_ref
from tests.support import berlin
from tests.timeline.conftest import FIGURE

NOW = berlin(2026, 12, 9, 9, 30)  # a Wednesday
STOCK = (("Zahnarzt", (2026, 12, 11, 10, 0)), ("Friseur", (2026, 12, 11, 15, 0)),
         ("Elternabend", (2026, 12, 14, 18, 0)), ("Physiotherapie", (2026, 12, 10, 8, 0)),
         ("Meeting mit Tom", (2026, 12, 10, 14, 0)), ("Yoga", (2026, 12, 9, 18, 0)))


def _stocked(add: Any, user: str) -> str:
    for title, moment in STOCK:
        add(title, berlin(*moment), user=user)
    return user


def _rows(nova: Any, user: str) -> dict[str, str]:
    return {r["title"]: f"{r['event_time'].astimezone(NOW.tzinfo):%d.%m. %H:%M}" for r in nova.timeline.list(user, FIGURE)}


def _run(nova: Any, add: Any, said: str, k: int) -> tuple[Any, dict[str, str]]:
    user = _stocked(add, f"f{k}")
    result = nova.turn(user, FIGURE, said, NOW)
    return result, _rows(nova, user)


UNCHANGED = {title: f"{berlin(*moment):%d.%m. %H:%M}" for title, moment in STOCK}


def test_a_title_said_with_termin_moves_the_appointment(nova, add):
    """§5.2 and §4.1: *Verschieb den Zahnarzttermin auf Freitag* finds „Zahnarzt“ — the title word with *-termin*
    names it; a day alone keeps the clock time (the appointment's own weekday is the next week)."""
    cases = {"Verschieb den Zahnarzttermin auf Freitag": ("Zahnarzt", "18.12. 10:00"),
             "verschiebe den zahnarzttermin auf montag": ("Zahnarzt", "14.12. 10:00"),
             "Leg den Friseurtermin auf Montag": ("Friseur", "14.12. 15:00"),
             "Kannst du meinen Physiotherapietermin auf Freitag verschieben?": ("Physiotherapie", "11.12. 08:00")}
    for k, (said, (title, when)) in enumerate(cases.items()):
        result, rows = _run(nova, add, said, k)
        assert rows[title] == when, (said, result.answer)
        assert result.answer.startswith(f"Verschoben: „{title}“"), said


def test_passive_and_polite_moves_are_orders_like_their_imperative(nova, add):
    """§3 and §5.2: a passive with a modal (*Der Friseur muss auf Donnerstag verschoben werden*) and a polite frame
    (*Kannst du den Elternabend auf 19 Uhr verlegen?*) are the imperative said otherwise — the two checks of §5.2
    read the order without its frame. A title ending in a time word (*Elternabend*, §5.2 *Grenzen: Zeitwörter im
    Titel*, like *Geburtstag*) keeps the question there — never a guessed time, nothing written."""
    cases = {"Der Friseur muss auf Donnerstag verschoben werden": ("Friseur", "10.12. 15:00"),
             "Kannst du den Elternabend auf 19 Uhr verlegen?": ("Elternabend", UNCHANGED["Elternabend"]),
             "Der Elternabend soll auf Dienstag verlegt werden": ("Elternabend", UNCHANGED["Elternabend"]),
             "Das Meeting mit Tom muss auf Freitag verschoben werden": ("Meeting mit Tom", "11.12. 14:00"),
             "Ich muss den Zahnarzt auf Donnerstag verschieben": ("Zahnarzt", "10.12. 10:00"),
             "Würdest du bitte den Zahnarzt auf Montag verlegen": ("Zahnarzt", "14.12. 10:00")}
    for k, (said, (title, when)) in enumerate(cases.items()):
        result, rows = _run(nova, add, said, k)
        assert rows[title] == when, (said, result.answer)


def test_the_frame_never_admits_an_open_half_of_day_or_a_time_word_title(nova, add):
    """§5.2, *eine Stunde von 1 bis 12 ohne Tageszeit*: the polite frame changes nothing about the question after the
    half of the day; a title that is a time word's start (*Dienst*) still asks — nothing written."""
    add("Dienst", berlin(2026, 12, 11, 9, 0), user="d1")
    cases = [("Kannst du den Elternabend auf 7 Uhr verlegen?", "f0"),
             ("Der Friseur soll auf 4 Uhr verschoben werden", "f1"),
             ("Kannst du den Dienst auf 14 Uhr verschieben?", "d1")]
    for said, user in cases:
        if user != "d1":
            _stocked(add, user)
        before = _rows(nova, user)
        result = nova.turn(user, FIGURE, said, NOW)
        assert _rows(nova, user) == before, (said, result.answer)
        assert result.answer.rstrip(".").endswith(("?", "nichts geändert")), (said, result.answer)


def test_a_calendar_entry_without_a_title_asks_and_plural_heads_read(nova, add):
    """§3a/§5.1: *Kalendereintrag für nächste Woche* is an order said without its verb — without a title it asks
    for one and writes nothing; §4.2: *Termine für morgen*, *Kalendereinträge für diese Woche* ask what stands
    there (a plural head, a time, no verb) and read the whole period."""
    for k, said in enumerate(["Kalendereintrag für nächste Woche", "kalendereintrag für morgen",
                              "Neuer Kalendereintrag am Freitag"]):
        result, rows = _run(nova, add, said, k)
        assert rows == UNCHANGED, said
        assert result.answer.startswith("Mir fehlt, wie der Termin heißen soll."), (said, result.answer)
    reads = {"Termine für morgen": "Physiotherapie", "Kalendereinträge für diese Woche": "Friseur",
             "meine Termine für Freitag": "Zahnarzt", "termine am montag": "Elternabend"}
    for k, (said, title) in enumerate(reads.items(), start=10):
        result, rows = _run(nova, add, said, k)
        assert rows == UNCHANGED, said
        assert result.answer.startswith("Deine Termine von") and title in result.answer, (said, result.answer)


def test_a_time_phrase_never_becomes_part_of_a_list_item(nova, add):
    """timeline.md §1: a thing with a time (*morgen Mehl brauchen*) belongs to the notes — *Füge Milch am Freitag
    hinzu* puts „Milch“ on the list; the time phrase is no part of the item."""
    cases = {"Füge Milch am Freitag hinzu": "Milch", "Füge Eier am Samstag hinzu": "Eier",
             "Setz Butter für Freitag auf die Einkaufsliste": "Butter",
             "Füge morgen Quark zur Einkaufsliste hinzu": "Quark"}
    for k, (said, item) in enumerate(cases.items()):
        user = f"n{k}"
        nova.turn(user, FIGURE, "Erstelle eine Einkaufsliste mit Brot", NOW)
        result = nova.turn(user, FIGURE, said, NOW)
        [shopping] = nova.notes.list(user)
        assert shopping["text"].splitlines() == ["Brot", item], (said, result.answer)
        assert nova.timeline.list(user, FIGURE) == []


def test_erinnere_mich_an_enters_a_reminder(nova):
    """§3a: *erinnere mich* is a request that writes (the classification's *trag ein, merk dir, erinnere mich*)."""
    cases = {"Erinnere mich morgen um 8 an den Müll": ("Müll", "10.12. 08:00"),
             "erinnere mich am Freitag um 17 Uhr an die Tabletten": ("Tabletten", "11.12. 17:00"),
             "Erinnere mich übermorgen um 9 Uhr an den Anruf bei Oma": ("Anruf bei Oma", "11.12. 09:00")}
    for k, (said, (title, when)) in enumerate(cases.items()):
        result = nova.turn(f"r{k}", FIGURE, said, NOW)
        assert _rows(nova, f"r{k}") == {title: when}, (said, result.answer)


def test_plane_and_trage_ein_enter_the_appointment(nova):
    """§3a: *plane … ein*, *trag … ein* are requests (`create`), the title without the time or the verb."""
    cases = {"Plane für Freitag um 15 Uhr ein Treffen mit Paul ein": ("Treffen mit Paul", "11.12. 15:00"),
             "trage für morgen um 14 uhr einen termin beim friseur ein": ("friseur", "10.12. 14:00"),
             "Trag mir den Elternabend am Donnerstag um 19 Uhr ein": ("Elternabend", "10.12. 19:00"),
             "Plane ein Frühstück mit Lisa am Samstag um 10 Uhr": ("Frühstück mit Lisa", "12.12. 10:00")}
    for k, (said, (title, when)) in enumerate(cases.items()):
        result = nova.turn(f"c{k}", FIGURE, said, NOW)
        assert _rows(nova, f"c{k}") == {title: when}, (said, result.answer)


def test_ich_habe_einen_termin_is_a_mention_and_writes_nothing(nova):
    """§3a: *Ich habe am Freitag um 11 einen Termin beim Optiker* is a statement — only an explicit request writes."""
    for k, said in enumerate(["Ich habe am Freitag um 11 einen Termin beim Optiker",
                              "ich habe morgen um 10 einen termin beim arzt",
                              "Ich hab am Montag einen Termin beim Frisör"]):
        result = nova.turn(f"m{k}", FIGURE, said, NOW)
        assert nova.timeline.list(f"m{k}", FIGURE) == [], said
        assert result.answer.startswith("Ich habe nichts eingetragen"), (said, result.answer)


def test_setz_ein_meeting_an_is_no_duplicate_of_another_meeting(nova, add):
    """§3a and §4.4: *Setz ein Meeting mit Anna für Freitag an* enters it; a meeting with someone else on the same
    day shares only the kind of the appointment, not its name — no duplicate. The same title is one."""
    cases = {"Setz ein Meeting mit Anna für morgen um 10 Uhr an": ("Meeting mit Anna", "10.12. 10:00"),
             "setze ein treffen mit dem team für montag um 9 an": ("treffen mit dem team", "14.12. 09:00"),
             "Setz für Freitag 14 Uhr eine Besprechung an": ("Besprechung", "11.12. 14:00")}
    for k, (said, (title, when)) in enumerate(cases.items()):
        result, rows = _run(nova, add, said, k)
        assert rows == {**UNCHANGED, title: when}, (said, result.answer)
    again, rows = _run(nova, add, "Setz ein Meeting mit Tom für morgen um 16 Uhr an", 9)
    assert rows == UNCHANGED and "bereits eingetragen" in again.answer


def test_was_steht_an_and_hab_ich_was_vor_read_the_day(nova, add):
    """§4.2 (a day is that day) and §4a: the questions of the query frame read, never write."""
    cases = {"was steht heute an": ["Yoga"], "Was steht morgen an?": ["Physiotherapie", "Meeting mit Tom"],
             "hab ich morgen was vor": ["Physiotherapie", "Meeting mit Tom"],
             "Habe ich am Freitag etwas vor?": ["Zahnarzt", "Friseur"], "Hab ich morgen Termine?": ["Physiotherapie"]}
    for k, (said, titles) in enumerate(cases.items()):
        result, rows = _run(nova, add, said, k)
        assert rows == UNCHANGED, said
        assert all(t in result.answer for t in titles), (said, result.answer)


def test_was_ist_mein_naechster_termin_reads_the_next(nova, add):
    """§4 (the way with *the next*): the next appointment from now."""
    for k, said in enumerate(["was ist mein nächster termin", "Wann ist mein nächster Termin?",
                              "Was ist der nächste Termin?"]):
        result, rows = _run(nova, add, said, k)
        assert rows == UNCHANGED, said
        assert result.answer == "Dein nächster Termin:\n- Mittwoch, 09.12.2026, 18:00 Uhr: Yoga (heute)", said


def test_loesche_alle_termine_asks_and_no_answer_deletes(nova, add):
    """§4.5: a delete over a period without a title always asks back, and no answer to that question writes —
    *Lösche alle Termine für morgen* is told that all at once is not done, then *ja* deletes nothing."""
    for k, said in enumerate(["lösche alle termine für morgen", "Lösch alle Termine am Freitag",
                              "Entferne alle meine Termine für heute"]):
        result, rows = _run(nova, add, said, k)
        assert rows == UNCHANGED, said
        assert "Alle auf einmal lösche ich nicht" in result.answer, (said, result.answer)
        nova.turn(f"f{k}", FIGURE, "Ja", NOW)
        assert _rows(nova, f"f{k}") == UNCHANGED, said


def test_sag_ab_and_faellt_aus_delete_the_named_appointment(nova, add):
    """§5.3: *sag … ab* and *… fällt aus* delete (soft) the appointment named by its title."""
    cases = {"sag den zahnarzt ab": "Zahnarzt", "Sag bitte den Friseur ab": "Friseur",
             "Sage den Elternabend am Montag ab": "Elternabend", "der zahnarzt fällt aus": "Zahnarzt",
             "Das Meeting mit Tom fällt aus": "Meeting mit Tom", "Der Friseur fällt am Freitag aus": "Friseur"}
    for k, (said, title) in enumerate(cases.items()):
        result, rows = _run(nova, add, said, k)
        assert rows == {t: w for t, w in UNCHANGED.items() if t != title}, (said, result.answer)


def test_a_delete_naming_another_day_than_the_appointments_deletes_nothing(nova, add):
    """§5.3 with §4.1: a delete that names the title and a day deletes only the appointment of that title on that
    day — *Der Friseur fällt morgen aus* with the Friseur on Friday says where it stands and writes nothing."""
    for k, said in enumerate(["Der Friseur fällt morgen aus", "Sag den Zahnarzt am Montag ab",
                              "Lösch das Yoga am Freitag"]):
        result, rows = _run(nova, add, said, k)
        assert rows == UNCHANGED, (said, result.answer)
        assert "Ich habe nichts gelöscht" in result.answer, (said, result.answer)


def test_a_day_picks_one_of_two_appointments_of_one_title(nova, add):
    """§4.5 *Gleichnamige Termine*: with a day named, the one of that title on that day is deleted."""
    user = _stocked(add, "two")
    add("Zahnarzt", berlin(2026, 12, 16, 10, 0), user=user)
    nova.turn(user, FIGURE, "Sag den Zahnarzt am 16. Dezember ab", NOW)
    assert sorted(r["event_time"].astimezone(NOW.tzinfo).day for r in nova.timeline.list(user, FIGURE)
                  if r["title"] == "Zahnarzt") == [11]


def test_ist_noch_was_frei_reads_the_day(nova, add):
    """§4.2: a question after free time names no title (*frei*, *Zeit*) — the day is read, with or without its
    question mark."""
    cases = {"ist am freitag noch was frei": "Zahnarzt", "Ist morgen noch etwas frei?": "Physiotherapie",
             "Habe ich am Montag noch Zeit?": "Elternabend", "Bin ich am Freitag frei?": "Friseur",
             "Hab ich am Samstag Zeit?": "ist nichts eingetragen"}
    for k, (said, shown) in enumerate(cases.items()):
        result, rows = _run(nova, add, said, k)
        assert rows == UNCHANGED, said
        assert shown in result.answer and "Titel" not in result.answer, (said, result.answer)


def test_each_person_reads_and_moves_only_their_own(nova, add):
    """Each person sees only their own: the elliptic read and the passive move of one person leave the other's."""
    _stocked(add, "anna")
    add("Friseur", berlin(2026, 12, 11, 15, 0), user="ben")
    read = nova.turn("ben", FIGURE, "Termine für morgen", NOW)
    assert "Physiotherapie" not in read.answer
    nova.turn("ben", FIGURE, "Der Friseur muss auf Donnerstag verschoben werden", NOW)
    assert _rows(nova, "ben") == {"Friseur": "10.12. 15:00"}
    assert _rows(nova, "anna") == UNCHANGED


def test_parallel_passive_moves_of_one_person_move_once(nova, add):
    """Parallel turns on one person: ten identical passive moves to a clock time move the appointment once (§5.2,
    one row active; a relative day said again later is a new move — the own weekday means the next week)."""
    user = _stocked(add, "par")
    with ThreadPoolExecutor(max_workers=10) as pool:
        list(pool.map(lambda _: nova.turn(user, FIGURE, "Der Friseur muss auf 17 Uhr verschoben werden", NOW),
                      range(10)))
    assert _rows(nova, user)["Friseur"] == "11.12. 17:00"
    assert sum(1 for r in nova.timeline.list(user, FIGURE) if r["title"] == "Friseur") == 1


def test_imperatives_the_grammar_does_not_know_are_orders(nova, add):
    """§3a: *plane*, *buche*, *stelle … ein*, *storniere* are requests like *trag ein* and *lösch* — an order with a
    title and a time writes, one without a title asks for it."""
    cases = {"plane eine party für samstag um 20 uhr": {**UNCHANGED, "party": "12.12. 20:00"},
             "buche einen termin beim optiker für freitag um 11": {**UNCHANGED, "optiker": "11.12. 11:00"},
             "storniere den termin beim friseur": {t: w for t, w in UNCHANGED.items() if t != "Friseur"},
             "stelle eine erinnerung für morgen um acht ein": UNCHANGED}
    for k, (said, expected) in enumerate(cases.items()):
        result, rows = _run(nova, add, said, k)
        assert rows == expected, (said, result.answer)


def test_kind_words_and_geplant_name_no_title(nova, add):
    """§4.2: *Habe ich heute Meetings?*, *habe ich am Wochenende etwas geplant* read the period — a plural kind word
    or *geplant* is no appointment's title."""
    cases = {"habe ich heute meetings": "Yoga", "habe ich am wochenende etwas geplant": "ist nichts eingetragen",
             "Hab ich morgen Besprechungen?": "Meeting mit Tom"}
    for k, (said, shown) in enumerate(cases.items()):
        result, rows = _run(nova, add, said, k)
        assert rows == UNCHANGED, said
        assert shown in result.answer and "Titel" not in result.answer, (said, result.answer)


def test_a_move_reads_its_day_against_the_row_it_found_not_a_parallel_successor(nova, add, deps):
    """§5.2 *nennt der Text den eigenen Wochentag des Termins, gilt die nächste Woche* is read against the appointment
    the turn found: a turn that found the Friseur on Friday while a parallel turn moved it to Thursday finds it
    already there — it does not move it on to the next Thursday."""
    user = _stocked(add, "seen")
    [found] = [r for r in nova.timeline.list(user, FIGURE) if r["title"] == "Friseur"]
    nova.turn(user, FIGURE, "Verschieb den Friseur auf Donnerstag", NOW)  # the parallel turn, done first
    state = {"user_id": user, "character_id": FIGURE, "now": NOW, "row": row_ref(found),
             "text": "Verschieb den Friseur auf Donnerstag",
             "order": {"action": "reschedule", "target": "Friseur", "zeitausdruck": "Donnerstag"}}
    result = _reschedule(state, deps)
    assert "steht schon am" in result["answer"], result
    assert _rows(nova, user)["Friseur"] == "10.12. 15:00"
