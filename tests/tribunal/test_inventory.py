"""Witnesses of „Der Bestandsabgleich“ (tribunal.md) and of the same check for reads and notes,
each with its twin. The timeline behind `lookup` is a fake keyed by pair and minute (the repository's own
minute-exact query has its witnesses in tests/timeline/test_repository.py)."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from novaberg.core.errors import DatabaseError
from novaberg.situation.sources import InventorySource, NoteView
from novaberg.tribunal.claims import find_storage_claims
from novaberg.tribunal.const import (
    INVENTORY_FAILED,
    INVENTORY_FOUND,
    INVENTORY_NO_OBJECT,
    INVENTORY_NOT_ASKED,
    INVENTORY_NOT_FOUND,
    INVENTORY_NOT_NAMED,
)
from novaberg.tribunal.evaluate import computed_verdict
from novaberg.tribunal.inventory import (
    check_inventory,
    note_covers,
    reading_covers,
)
from novaberg.tribunal.texts import HEAD_STORAGE
from tests.support import BERLIN, berlin

TODAY = date(2026, 11, 30)
FRI_11 = berlin(2026, 12, 4, 11)
TUE_10 = berlin(2026, 12, 1, 10)


def row(title, moment, kind="termin", character="nova", row_id=1):
    return {"id": row_id, "title": title, "event_time": moment, "event_type": kind, "precision": "minute",
            "character_id": character}


STORE = [row("Physiotherapie", FRI_11), row("Zahnarzt", TUE_10, row_id=2), row("Yoga", FRI_11, character="lena")]


def lookup_for(character="nova", fail=None):
    def lookup(moment: datetime):
        if fail is not None:
            raise fail
        return [r for r in STORE if r["character_id"] == character and r["event_time"] == moment]
    return lookup


def claims(text):
    found = find_storage_claims(text)
    assert found, text
    return found


def outcome(text, moments, character="nova", fail=None):
    return check_inventory(claims(text), moments, lookup_for(character, fail), TODAY, BERLIN).outcome


# (witness, answer, acute moments, pair's figure, lookup failure, outcome) — pairs: the witness and its twin.
PAIRS = [
    ("Wiederholung mit Uhrzeit", "Die Physiotherapie um 11 Uhr ist eingetragen.", [FRI_11], "nova", None,
     INVENTORY_FOUND),
    ("zwilling nichts zu dieser Minute", "Die Physiotherapie um 11 Uhr ist eingetragen.", [berlin(2026, 12, 4, 12)],
     "nova", None, INVENTORY_NOT_FOUND),
    ("kein akutes Objekt mit Tag und Uhrzeit", "Die Physiotherapie ist eingetragen.", [], "nova", None,
     INVENTORY_NO_OBJECT),
    ("zwilling mit Objekt", "Die Physiotherapie ist eingetragen.", [FRI_11], "nova", None, INVENTORY_FOUND),
    ("Abfrage scheitert", "Die Physiotherapie ist eingetragen.", [FRI_11], "nova", DatabaseError("weg"),
     INVENTORY_FAILED),
    ("zwilling Abfrage gelingt", "Die Physiotherapie ist eingetragen.", [FRI_11], "nova", None, INVENTORY_FOUND),
    ("Figur fehlt: die Abfrage wirft", "Die Physiotherapie ist eingetragen.", [FRI_11], "nova",
     ValueError("character_id fehlt"), INVENTORY_FAILED),
    ("zwilling Figur da", "Um 11 Uhr ist es eingetragen.", [FRI_11], "nova", None, INVENTORY_FOUND),
    ("FALSCHE-BESTAETIGUNG: fremder Termin deckt nicht", "Alles klar, ich habe es notiert.", [FRI_11], "nova",
     None, INVENTORY_NOT_NAMED),
    ("zwilling die Behauptung nennt ihn", "Alles klar, ich habe die Physiotherapie notiert.", [FRI_11], "nova",
     None, INVENTORY_FOUND),
    ("ein Zeitpunkt von zweien fehlt", "Die Physiotherapie ist eingetragen.", [FRI_11, berlin(2026, 12, 5, 14)],
     "nova", None, INVENTORY_NOT_FOUND),
    ("zwilling beide gefunden", "Die Physiotherapie ist eingetragen.", [FRI_11, TUE_10], "nova", None,
     INVENTORY_FOUND),
    ("zwei Behauptungen, eine nennt nichts", "Die Physiotherapie ist eingetragen. Notiert.", [FRI_11], "nova",
     None, INVENTORY_NOT_NAMED),
    ("zwilling beide nennen", "Die Physiotherapie ist eingetragen. Der Zahnarzt ist notiert.", [FRI_11, TUE_10],
     "nova", None, INVENTORY_FOUND),
    ("Termin einer anderen Figur deckt nicht", "Das Yoga ist eingetragen.", [FRI_11], "nova", None,
     INVENTORY_NOT_NAMED),
    ("zwilling der Termin dieser Figur", "Das Yoga ist eingetragen.", [FRI_11], "lena", None,
     INVENTORY_FOUND),
    ("minutengenau: 11:01 ist nicht 11:00", "Die Physiotherapie ist eingetragen.", [berlin(2026, 12, 4, 11, 1)],
     "nova", None, INVENTORY_NOT_FOUND),
    ("zwilling 11:00", "Die Physiotherapie ist eingetragen.", [berlin(2026, 12, 4, 11, 0)], "nova", None,
     INVENTORY_FOUND),
    ("anderer Tag genannt (verlegt)", "Ich habe die Physiotherapie auf Montag umgelegt.", [FRI_11], "nova", None,
     INVENTORY_NOT_NAMED),
    ("zwilling der Tag des Termins", "Ich habe die Physiotherapie auf Freitag umgelegt.", [FRI_11], "nova", None,
     INVENTORY_FOUND),
    ("Tag allein nennt nicht", "Ich habe notiert, dass du morgen Mehl kaufen willst.", [TUE_10], "nova", None,
     INVENTORY_NOT_NAMED),
    ("zwilling morgen mit Uhrzeit", "Ich habe morgen um 10 Uhr den Zahnarzt notiert.", [TUE_10], "nova", None,
     INVENTORY_FOUND),
    ("Art allein nennt nicht", "Ich habe den Termin beim Friseur eingetragen.", [TUE_10], "nova", None,
     INVENTORY_NOT_NAMED),
    ("zwilling der Titel", "Ich habe den Termin beim Zahnarzt eingetragen.", [TUE_10], "nova", None,
     INVENTORY_FOUND),
]


@pytest.mark.parametrize(("witness", "text", "moments", "character", "fail", "expected"), PAIRS,
                         ids=[p[0] for p in PAIRS])
def test_bestandsabgleich_witness_and_twin(witness, text, moments, character, fail, expected):
    """tribunal.md „Der Bestandsabgleich“: every outcome with its twin."""
    assert outcome(text, moments, character, fail) == expected, witness


def test_the_witnesses_come_in_pairs():
    assert len(PAIRS) + 2 * 4 >= 30 and len(PAIRS) % 2 == 0  # 24 here, 4 pairs below
    assert all(PAIRS[i][5] != PAIRS[i + 1][5] for i in range(0, len(PAIRS), 2))


def test_without_claim_the_check_is_not_asked():
    """„Ohne Behauptung wirft check_inventory ValueError“ — twin: with a claim it answers."""
    with pytest.raises(ValueError):
        check_inventory([], [FRI_11], lookup_for(), TODAY, BERLIN)
    assert check_inventory(claims("Notiert."), [FRI_11], lookup_for(), TODAY, BERLIN).outcome == INVENTORY_NOT_NAMED


def test_a_read_error_is_logged_never_a_finding(caplog):
    result = check_inventory(claims("Die Physiotherapie ist eingetragen."), [FRI_11],
                             lookup_for(fail=DatabaseError("Verbindung weg")), TODAY, BERLIN)
    assert result.outcome == INVENTORY_FAILED and result.errors and not result.covered
    assert "could not be asked" in caplog.text
    assert result.moments == (FRI_11.isoformat(),)


# --- in the evaluate check: the durable entry and the order ----------------------------------------------------

def source(moments, read_rows=(), notes=(), character="nova"):
    return InventorySource(tuple(moments), lookup_for(character), BERLIN, tuple(read_rows), lambda: list(notes))


def test_found_keeps_the_verdict_and_the_entry_says_gefunden():
    """„Das Urteil bleibt, es gibt keinen Korrekturauftrag“; `ergebnis` stays `nicht_belegt`. Twin: not found."""
    found = computed_verdict("Die Physiotherapie um 11 Uhr ist eingetragen.", [], TODAY, source([FRI_11]))
    assert found.verdict == "ok" and not found.orders and not found.uncovered_claims
    payload = found.log_payload(0, 2)
    assert payload["ergebnis"] == "nicht_belegt" and payload["bestandsabgleich"] == INVENTORY_FOUND
    assert payload["abgleich_zeitpunkte"] == [FRI_11.isoformat()] and payload["abgleich_fehler"] == []
    missing = computed_verdict("Die Physiotherapie um 11 Uhr ist eingetragen.", [], TODAY,
                               source([berlin(2026, 12, 4, 12)]))
    assert missing.verdict == "warnung" and missing.orders[0].startswith(HEAD_STORAGE)
    assert missing.log_payload()["bestandsabgleich"] == INVENTORY_NOT_FOUND


def test_nicht_gefragt_only_without_claim():
    """`nicht_gefragt` only when there is no claim — twin: a claim covered by a writing service
    still records the inventory's outcome."""
    quiet = computed_verdict("Schönen Tag noch!", [], TODAY, source([FRI_11]))
    assert quiet.log_payload()["bestandsabgleich"] == INVENTORY_NOT_ASKED
    wrote = [{"name": "timeline", "status": "abgeschlossen", "answer": "", "steps": [{"verifiziert": True}],
              "data": {}}]
    covered = computed_verdict("Die Physiotherapie ist eingetragen.", wrote, TODAY, source([FRI_11]))
    assert covered.verdict == "ok" and covered.log_payload()["bestandsabgleich"] == INVENTORY_FOUND


def test_a_state_sentence_describing_a_read_row_is_covered():
    """„Steht die Physiotherapie am Freitag um 11 drin?“ — the true „ist eingetragen“ after a read is
    covered even when another acute moment is missing. Twin: the first-person write claim is not."""
    read = [row("Physiotherapie", FRI_11)]
    state = computed_verdict("Ja, die Physiotherapie am Freitag um 11 Uhr ist eingetragen.", [], TODAY,
                             source([berlin(2026, 12, 5, 14)], read))
    assert state.verdict == "ok" and state.covered_by_reading == (0,)
    claim = computed_verdict("Ich habe die Physiotherapie am Freitag um 11 Uhr eingetragen.", [], TODAY,
                             source([berlin(2026, 12, 5, 14)], read))
    assert claim.verdict == "warnung" and claim.covered_by_reading == ()
    assert not reading_covers(claims("Ich habe die Physiotherapie eingetragen.")[0], read, TODAY, BERLIN)


PACKLISTE = NoteView("Packliste", "Pass, Ladekabel")
SHOPPING = NoteView("Einkaufsliste", "- Äpfel\n- Milch")


@pytest.mark.parametrize(("witness", "text", "covered"), [
    ("Packliste mit ihrem Inhalt", "Auf deiner Packliste stehen Pass und Ladekabel.", True),
    ("zwilling ein erfundener Gegenstand", "Auf deiner Packliste stehen Pass und Sonnencreme.", False),
    ("Wiederholung einer Ergänzung", "Ich habe Pass auf die Packliste geschrieben.", True),
    ("zwilling nicht darauf", "Ich habe Zelt auf die Packliste geschrieben.", False),
    ("Entfernen ist am Inhalt nicht zu sehen", "Ich habe Äpfel von der Einkaufsliste genommen.", False),
    ("zwilling Ergänzung derselben Liste", "Ich habe Äpfel auf die Einkaufsliste geschrieben.", True),
    ("keine Notiz dieses Namens", "Auf deiner Reiseliste stehen Pass und Ladekabel.", False),
    ("zwilling der Name im Kompositum", "Auf deinen Packlisten stehen Pass und Ladekabel.", True),
])
def test_a_note_claim_is_covered_only_by_its_current_content(witness, text, covered):
    """Beyond the specification: a claim that names a note of the person and only items it holds."""
    assert note_covers(claims(text)[0], [PACKLISTE, SHOPPING]) is covered, witness


def test_note_cover_in_the_evaluate_check():
    covered = computed_verdict("Auf deiner Packliste stehen Pass und Ladekabel.", [], TODAY,
                               source([], notes=[PACKLISTE]))
    assert covered.verdict == "ok" and covered.log_payload()["gedeckt_durch_notiz"] == 1
    invented = computed_verdict("Auf deiner Packliste stehen Pass und Sonnencreme.", [], TODAY,
                                source([], notes=[PACKLISTE]))
    assert invented.verdict == "warnung" and invented.log_payload()["bestandsabgleich"] == INVENTORY_NO_OBJECT
