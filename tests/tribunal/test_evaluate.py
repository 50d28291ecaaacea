"""`computed_verdict`: the computed checks of `evaluate` together (tribunal.md, "Die Speicherbehauptung
in der Auswertung", "Ein Lesevorgang deckt nicht", "Die Datumsprüfung", "Der dauerhafte Eintrag")."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from novaberg.tribunal.const import RULE_VERSION
from novaberg.tribunal.evaluate import computed_verdict, worse_verdict

TODAY = date(2026, 8, 17)
CLAIM = "Alles klar, ich habe dir den Zahnarzt eingetragen."


def service(
    name: str = "timeline",
    status: str = "abgeschlossen",
    steps: Any = None,
    answer: str = "",
    data: Any = None,
    verified: bool = True,
) -> dict[str, Any]:
    if steps is None:
        steps = [{"schritt": "anlegen"}, {"schritt": "verifikation", "verifiziert": verified}]
    return {"name": name, "status": status, "answer": answer, "steps": steps, "data": data or {}}


# --- coverage: "nur ein Dienst mit verifizierter Schreibung deckt"


def test_no_claim_no_finding_is_ok() -> None:
    check = computed_verdict("Schön, dass du fragst. Morgen ist frei.", [], TODAY)
    assert (check.verdict, check.orders, check.storage_result) == ("ok", [], "keine_behauptung")
    assert check.findings == []


def test_claim_without_any_service_is_not_proven() -> None:
    """'Meldet die Antwort eine Speicherung, ohne dass ein Dienst dieses Turns abgeschlossen zurückgab …'"""
    check = computed_verdict(CLAIM, [], TODAY)
    assert check.verdict == "warnung"
    assert check.storage_result == "nicht_belegt"
    assert check.orders[0].startswith("SPEICHERUNG NICHT BELEGT")
    assert "„Alles klar, ich habe dir den Zahnarzt eingetragen.“" in check.orders[0]


def test_claim_covered_by_a_verified_write_is_ok() -> None:
    check = computed_verdict(CLAIM, [service()], TODAY)
    assert (check.verdict, check.storage_result, check.orders) == ("ok", "gedeckt", [])
    assert [c.form for c in check.claims] == ["erste_person"]


@pytest.mark.parametrize(
    "services",
    [
        [service(steps=[{"schritt": "lesen", "zeilen": 3}])],  # a read is no write
        [service(verified=False)],  # the read-back failed
        [service(status="fehler")],  # verified step, but not completed
        [service(status="rueckfrage")],
        [service(status="rejected")],
        [service(steps=[{"verifiziert": "true"}])],  # only True proves
        [service(steps=["verifiziert"])],
        [service(name="notizen", steps=[])],
    ],
)
def test_ein_lesevorgang_deckt_nicht(services: list[dict[str, Any]]) -> None:
    check = computed_verdict(CLAIM, services, TODAY)
    assert (check.verdict, check.storage_result) == ("warnung", "nicht_belegt")


def test_not_recognisable_steps_do_not_cover() -> None:
    """Deviation from the specification, chosen by the lead: a service whose steps are missing or not
    a list does not cover (every service here marks its verified writes); it is logged as such."""
    check = computed_verdict(CLAIM, [service(name="direktiven", steps=None) | {"steps": None}], TODAY)
    assert check.storage_result == "nicht_belegt"
    assert check.log_payload()["nicht_erkennbar"] == ["direktiven"]


def test_one_writing_service_among_others_covers() -> None:
    services = [service(name="notizen", steps=[{"schritt": "lesen"}]), service(name="timeline")]
    assert computed_verdict(CLAIM, services, TODAY).storage_result == "gedeckt"


def test_order_names_every_claiming_sentence_and_asks_for_a_restatement() -> None:
    answer = "Notiert. Schön, dass du mir das sagst. Der Termin steht im Kalender."
    [order] = computed_verdict(answer, [], TODAY).orders
    assert "- „Notiert.“" in order
    assert "- „Der Termin steht im Kalender.“" in order
    assert "Schön, dass du mir das sagst." not in order
    assert "„Du möchtest …“" in order and "„Du hast … genannt“" in order


# --- the date checks: "ZEITANGABE FALSCH", at least `warnung`


def test_wrong_weekday_gives_an_order_with_the_right_weekday() -> None:
    check = computed_verdict("Bis Mittwoch, 20.08., dann!", [], TODAY)
    assert check.verdict == "warnung"
    [order] = check.orders
    assert order.startswith("ZEITANGABE FALSCH")
    assert "Donnerstag" in order and "„Donnerstag, 20.08.“" in order
    assert [f.correct_weekday for f in check.weekday_findings] == ["Donnerstag"]


def test_storage_order_stands_above_the_date_order() -> None:
    """'… steht mit dem Wortlaut der Sätze am Anfang der Zusammenfassung.'"""
    check = computed_verdict("Ist notiert: Mittwoch, 20.08.", [], TODAY)
    assert [o.split("\n")[0] for o in check.orders] == ["SPEICHERUNG NICHT BELEGT", "ZEITANGABE FALSCH"]
    assert check.summary("[jurist] passt").endswith("[jurist] passt")
    assert check.summary("[jurist] passt").startswith("SPEICHERUNG NICHT BELEGT")


def test_confirmation_against_a_completed_service_report() -> None:
    timeline = service(answer="Eingetragen: Zahnarzt am 19.08.2026 um 14:00 Uhr.")
    check = computed_verdict("Ich habe dir den Zahnarzt am 20.08. um 14 Uhr eingetragen.", [timeline], TODAY)
    assert check.storage_result == "gedeckt"
    [order] = check.orders
    assert order.startswith("ZEITANGABE FALSCH")
    assert "den 20.08." in order and "Mittwoch, 19.08.2026" in order


def test_confirmation_only_completed_services_are_sources() -> None:
    """'Nur abgeschlossen zählt als Quelle — was ein Dienst abgelehnt hat, wurde nicht eingetragen.'"""
    rejected = service(status="rejected", answer="Zahnarzt am 19.08.2026?")
    assert computed_verdict("Der Zahnarzt ist am 20.08.", [rejected], TODAY).orders == []


@pytest.mark.parametrize(
    "data",
    [
        {"event_start": "2026-08-19T14:00:00+02:00"},
        {"event_start": datetime(2026, 8, 19, 12, 0, tzinfo=UTC)},
        {"rows": [{"tag": date(2026, 8, 19)}]},
    ],
)
def test_confirmation_reads_dates_in_the_service_data(data: dict[str, Any]) -> None:
    check = computed_verdict("Der Zahnarzt steht am 20.08. an.", [service(data=data)], TODAY)
    assert check.confirmation is not None
    assert computed_verdict("Der Zahnarzt steht am 19.08. an.", [service(data=data)], TODAY).orders == []


def test_confirmation_utc_moment_counts_for_its_local_day() -> None:
    """23:30 UTC on the 18th is the 19th in Berlin; the person reads the local day."""
    late = service(data={"event_start": "2026-08-18T23:30:00+00:00"})
    assert computed_verdict("Der Termin ist am 19.08.", [late], TODAY).orders == []


def test_confirmation_local_day_is_the_persons_zone_passed_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """The local day is read in the zone the turn passes in (settings, read once at open), not a fixed
    Berlin and not the environment: 02:30 UTC on the 19th is the evening of the 18th in New York."""
    monkeypatch.setenv("NOVABERG_TIMEZONE", "Asia/Tokyo")  # ignored: nothing reads the environment in a turn
    early = service(data={"event_start": "2026-08-19T02:30:00+00:00"})
    new_york = ZoneInfo("America/New_York")
    assert computed_verdict("Der Termin ist am 18.08.", [early], TODAY, zone=new_york).orders == []
    assert computed_verdict("Der Termin ist am 18.08.", [early], TODAY).orders != []  # Berlin: the 19th


def test_wrong_weekday_of_an_unreported_date_does_not_suggest_that_date() -> None:
    """The measured case: fixing only the weekday would confirm the wrong day."""
    timeline = service(answer="Zahnarzt am 19.08.2026 um 14:00 Uhr angelegt.")
    check = computed_verdict("Mittwoch, 20.08., 14:00 Uhr.", [timeline], TODAY)
    weekday_order, confirmation_order = check.orders
    assert "Schreibe stattdessen" not in weekday_order
    assert "Mittwoch, 19.08.2026" in confirmation_order


# --- verdicts: "Ein Befund kann ein ablehnen nicht abschwächen"


@pytest.mark.parametrize(
    ("judged", "computed", "expected"),
    [
        ("ok", "ok", "ok"),
        ("ok", "warnung", "warnung"),
        ("warnung", "ok", "warnung"),
        ("ablehnen", "warnung", "ablehnen"),
    ],
)
def test_a_finding_raises_never_lowers(judged: str, computed: str, expected: str) -> None:
    assert worse_verdict(judged, computed) == expected


def test_raise_verdict_on_the_check() -> None:
    check = computed_verdict(CLAIM, [], TODAY)
    assert check.raise_verdict("ok") == "warnung"
    assert check.raise_verdict("ablehnen") == "ablehnen"
    with pytest.raises(ValueError):
        check.raise_verdict("gut")


# --- "Der dauerhafte Eintrag": every run, also the silent one; without the sentence itself


def test_log_payload_of_an_unproven_claim() -> None:
    services = [
        service(name="timeline", steps=[{"schritt": "lesen"}]),
        service(name="notizen", status="fehler"),
    ]
    payload = computed_verdict(CLAIM, services, TODAY).log_payload(correction_round=1, max_corrections=2)
    assert payload["ergebnis"] == "nicht_belegt"
    assert payload["befunde"] == [{"form": "erste_person", "wort": "eingetragen"}]
    assert payload["abgeschlossen"] == ["timeline"]
    assert payload["geschrieben"] == []
    assert payload["ausgaenge"] == [
        {"dienst": "timeline", "status": "abgeschlossen", "schreibung": "nicht_geschrieben"},
        {"dienst": "notizen", "status": "fehler", "schreibung": "geschrieben"},
    ]
    assert (payload["runde"], payload["grenze"]) == (1, 2)
    assert payload["regelfassung"] == RULE_VERSION
    assert payload["bestandsabgleich"] == "nicht_gefragt"


def test_log_payload_never_carries_the_sentence() -> None:
    answer = "Ich habe dir Zahnarzt Dr. Geheimnis eingetragen: Mittwoch, 20.08."
    payload = computed_verdict(answer, [service()], TODAY).log_payload()
    text = json.dumps(payload, ensure_ascii=False)
    assert "Geheimnis" not in text and "Zahnarzt" not in text
    assert payload["ergebnis"] == "gedeckt"
    assert payload["zeitangabe"]["wochentag"] == [
        {"datum": "2026-08-20", "genannt": "Mittwoch", "richtig": "Donnerstag"}
    ]


def test_log_payload_of_the_silent_case() -> None:
    payload = computed_verdict("Guten Morgen!", [], TODAY).log_payload()
    assert payload["ergebnis"] == "keine_behauptung"
    assert payload["befunde"] == [] and payload["ausgaenge"] == []
    assert "runde" not in payload
    json.dumps(payload)


# --- bad input is loud


@pytest.mark.parametrize("services", ["timeline", {"name": "timeline"}, [None], [["timeline"]]])
def test_bad_services_raise(services: Any) -> None:
    with pytest.raises(TypeError):
        computed_verdict(CLAIM, services, TODAY)


def test_bad_answer_or_day_raises() -> None:
    with pytest.raises(TypeError):
        computed_verdict(None, [], TODAY)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        computed_verdict(CLAIM, [], "2026-08-17")  # type: ignore[arg-type]


def test_a_moment_as_today_is_read_as_its_day() -> None:
    check = computed_verdict("Donnerstag, 20.08.", [], datetime(2026, 8, 17, 9, 0))
    assert check.verdict == "ok"
def test_a_services_own_sentence_is_its_report_not_a_claim():
    """A completed read lists the stock in its own words; repeating them is no unproven claim.
    A read still does not cover a claimed write the composer adds (tribunal.md, "Ein Lesevorgang deckt nicht")."""
    read = {"name": "notizen", "status": "abgeschlossen", "answer": "Auf 'Einkaufsliste' steht: Milch, Eier.",
            "steps": [{"schritt": "gelesen"}], "data": {}}
    assert computed_verdict("Auf 'Einkaufsliste' steht: Milch, Eier.", [read], date(2026, 11, 30)).verdict == "ok"
    invented = computed_verdict("Auf 'Einkaufsliste' steht: Milch, Eier. Ich habe dir Brot notiert.", [read],
                                date(2026, 11, 30))
    assert invented.verdict == "warnung" and invented.storage_result == "nicht_belegt"
    failed = dict(read, status="fehler")
    assert computed_verdict("Auf 'Einkaufsliste' steht: Milch, Eier.", [failed], date(2026, 11, 30)).verdict == "warnung"
