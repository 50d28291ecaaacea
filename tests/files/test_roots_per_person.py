"""Shared directories are bound to the person — each person shares only inside what the operator
allowed *for them* (dateien.md §7 rule 3a, the outer boundary, per person; §2a.2 the gate; §8.2a)."""

from __future__ import annotations

import threading
import uuid
from pathlib import Path
from typing import Any

import pytest

from novaberg.agents.services import AgentRequest
from novaberg.files.paths import NothingAllowedError, RootNotUsableError, SharedByOtherError
from novaberg.files.reading.service import ReadingService
from novaberg.files.repository import RootsRepository
from tests.files.helpers import NOW, service, write
from tests.support import berlin

TURN = berlin(2026, 12, 1, 10)
MEDICAL = "# Befunde\n\nTermin beim Endokrinologen Dr. Haller am 3. März, Schilddrüsenwerte erhöht.\n"


def _roots(db: Any, user: str) -> list[dict[str, Any]]:
    return RootsRepository(db).list(user, "nova")


def _service_of(result: Any, name: str = "dateien_wurzeln") -> dict[str, Any]:
    return next(s for s in result.services if s["name"] == name)


def test_repro_bob_cannot_share_annas_directory(nova: Any, db: Any, home: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """§7 rule 3a per person: bob names anna's directory, says „meins", says „Ja" — refused,
    nothing granted; his question about the Endokrinologe returns nothing of anna's file. The old
    server-wide NOVABERG_FILES_BOUNDARY covering both homes grants nothing any more."""
    anna, bob = home / "anna", home / "bob"
    write(anna / "docs" / "befunde.md", MEDICAL)
    write(bob / "notizen.md", "# Garten\n\nTomaten pflanzen.\n")
    monkeypatch.setenv("NOVABERG_FILES_BOUNDARY", str(home))  # the old, server-wide boundary
    nova.files.allow("anna", str(anna), now=TURN)
    nova.files.allow("bob", str(bob), now=TURN)
    nova.files.grant("anna", "nova", str(anna / "docs"), now=TURN)
    nova.files.index(TURN, user_id="anna")
    first = nova.turn("bob", "nova", f"Du darfst in {anna / 'docs'} nachsehen", TURN)
    answers = [first.answer]
    if _service_of(first)["status"] == "rueckfrage":
        answers.append(nova.turn("bob", "nova", "Das ist meins", TURN).answer)
        answers.append(nova.turn("bob", "nova", "Ja", TURN).answer)
    assert _roots(db, "bob") == []
    assert str(bob) in answers[0] and "außerhalb" in answers[0], answers  # names bob's own list, not anna's
    asked = nova.turn("bob", "nova", "Was steht in meinen Unterlagen über den Endokrinologen?", TURN)
    assert "Haller" not in asked.answer and "befunde" not in asked.answer, asked.answer
    assert "Schilddrüse" not in str(asked.services)


def test_tilde_is_never_the_server_accounts_home(nova: Any, db: Any, home: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """„Du darfst in ~/.docker nachsehen" — `~` said by a person is not the server account's
    home; refused with a German message, nothing granted (even with the server's home allowed)."""
    server_home = home / "server"
    write(server_home / ".docker" / "config.json", '{"auths": {"registry": {"auth": "c2VjcmV0"}}}')
    write(server_home / "Dokumente" / "a.md", "# A\n\nx.\n")
    monkeypatch.setenv("HOME", str(server_home))
    monkeypatch.delenv("NOVABERG_FILES_BOUNDARY", raising=False)
    for said in ("~/.docker", "~/Dokumente"):
        result = nova.turn("bob", "nova", f"Du darfst in {said} nachsehen", TURN)
        assert _service_of(result)["status"] == "rejected", result.answer
        assert "vollen Pfad" in result.answer or "Betreiber" in result.answer, result.answer
    nova.files.allow("bob", str(server_home), now=TURN)
    result = nova.turn("bob", "nova", "Du darfst in ~/Dokumente nachsehen", TURN)
    assert _service_of(result)["status"] == "rejected" and "vollen Pfad" in result.answer, result.answer
    assert _roots(db, "bob") == []


def test_dot_directory_refused_as_root_and_below(db: Any, home: Path) -> None:
    """A dot directory is never a root — not the root itself, not below the allowed directory."""
    write(home / ".docker" / "config.json", "{}")
    write(home / "docs" / ".git" / "config", "x")
    svc = service(db, home)
    for hidden in (home / ".docker", home / "docs" / ".git", home / "docs" / ".git" / ".." / ".git"):
        with pytest.raises(RootNotUsableError, match="verborgenes Verzeichnis"):
            svc.grant("u1", "nova", str(hidden), now=NOW)
    assert svc.roots("u1", "nova") == []


def test_nothing_allowed_nothing_shareable(nova: Any, db: Any, home: Path) -> None:
    """With no allow-list entry for the person, nothing can be shared — the answer says the operator
    must allow a directory first and names the command; another person's entries do not count."""
    write(home / "docs" / "a.md", "# A\n\nx.\n")
    nova.files.allow("anna", str(home), now=TURN)
    with pytest.raises(NothingAllowedError):
        nova.files.grant("bob", "nova", str(home / "docs"), now=TURN)
    result = nova.turn("bob", "nova", f"Du darfst in {home / 'docs'} nachsehen", TURN)
    assert _service_of(result)["status"] == "rejected"
    assert "novaberg roots allow --user" in result.answer and str(home) not in result.answer, result.answer
    assert _roots(db, "bob") == []


def test_data_directory_refused(nova: Any, db: Any) -> None:
    """The data directory, anything in it and anything around it is refused as a root, even when
    an allow-list entry covers it."""
    data = Path(nova.settings.data_dir).resolve()
    (data / "knowledge").mkdir(parents=True, exist_ok=True)
    nova.files.allow_list.add("u1", [data.parent], TURN)  # an entry around it (the CLI refuses data dirs)
    for target in (data, data / "knowledge", data.parent):
        with pytest.raises(RootNotUsableError, match="Datenverzeichnis"):
            nova.files.grant("u1", "nova", str(target), now=TURN)
    assert _roots(db, "u1") == []


def test_a_directory_another_person_shares_is_refused_unless_allowed_for_both(db: Any, home: Path) -> None:
    """A directory another person shares — or one around it — is refused unless the path lies in
    an allow-list entry of both persons; the refusal does not name the other person."""
    family = home / "familie"
    write(family / "urlaub" / "plan.md", "# Urlaub\n\nx.\n")
    write(home / "bob" / "x.md", "# X\n\nx.\n")
    svc = service(db, family, users=("anna",))
    svc.allow("bob", str(home), now=NOW)
    svc.grant("anna", "nova", str(family / "urlaub"), now=NOW)
    for target in (home, home / "familie" / "..", ):  # an ancestor of anna's root, outside anna's list
        with pytest.raises(SharedByOtherError) as refused:
            svc.grant("bob", "nova", str(target), now=NOW)
        assert "anna" not in str(refused.value) and "Person" in refused.value.reason
    assert svc.roots("bob", "nova") == []
    assert svc.grant("bob", "nova", str(home / "bob"), now=NOW)["neu"]  # beside it: fine
    row = svc.grant("bob", "nova", str(family / "urlaub"), now=NOW)  # in both lists: the operator allowed it
    assert row["neu"] and row["erlaubt_durch"] == str(home)
    svc.allow("carl", str(family / "urlaub"), now=NOW)
    svc.allow_list.withdraw("anna", str(family))  # anna's root no longer in her list: nobody else gets it
    with pytest.raises(SharedByOtherError):
        svc.grant("carl", "nova", str(family / "urlaub"), now=NOW)


def test_parallel_grants_leave_a_consistent_state(db: Any, home: Path) -> None:
    """Parallel turns: grants of one person at once (the same directory twice, another one) give
    one row per directory and no error; two persons allowed the same directory both get it."""
    for name in ("a", "b", "gemeinsam"):
        write(home / name / "x.md", "# X\n\nx.\n")
    svc = service(db, home, users=("u1", "anna", "bob"))
    errors: list[BaseException] = []

    def grant(user: str, name: str) -> None:
        try:
            svc.grant(user, "nova", str(home / name), now=NOW)
        except BaseException as err:  # noqa: BLE001 - collected and asserted below
            errors.append(err)

    jobs = [("u1", "a"), ("u1", "a"), ("u1", "b"), ("u1", "b"), ("anna", "gemeinsam"), ("bob", "gemeinsam")]
    threads = [threading.Thread(target=grant, args=job) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors
    assert sorted(r["pfad"] for r in svc.roots("u1", "nova")) == [str(home / "a"), str(home / "b")]
    assert [r["pfad"] for r in svc.roots("anna", "nova") + svc.roots("bob", "nova")] == [str(home / "gemeinsam")] * 2


def test_withdrawn_entry_stops_reading_and_search(deps: Any, db: Any, home: Path) -> None:
    """When the operator removes an allow-list entry, the roots under it are no longer read — the
    watcher refuses the root (rows untouched), the search and the reading service find nothing of it."""
    write(home / "docs" / "befunde.md", MEDICAL)
    svc = service(db, home, users=("anna",))
    svc.grant("anna", "nova", str(home / "docs"), now=NOW)
    assert svc.index(NOW)["neu"] == 1
    request = AgentRequest(user_id="anna", character_id="nova", now=NOW, turn_id=uuid.uuid4(),
                           text="Was steht in meinen Unterlagen über den Endokrinologen?")
    assert "Haller" in ReadingService().run(request, deps).answer
    svc.disallow("anna", str(home))
    report = svc.index(NOW)
    assert [r["status"] for r in report["wurzeln"]] == ["abgelehnt"]
    assert svc.search("anna", "nova", "Endokrinologe Schilddrüse", now=NOW) == []
    assert "Haller" not in ReadingService().run(request, deps).answer


def test_no_server_path_in_the_reading_answer_or_its_steps(nova: Any, home: Path) -> None:
    """Relative paths (`steps[].datei`): the reading service's answer, its steps and data cite the file relative
    to its root (`docs/befunde.md`, line), never the absolute server path."""
    write(home / "docs" / "befunde.md", MEDICAL)
    nova.files.allow("anna", str(home), now=TURN)
    nova.files.grant("anna", "nova", str(home / "docs"), now=TURN)
    nova.files.index(TURN, user_id="anna")
    asked = nova.turn("anna", "nova", "Was steht in meinen Unterlagen über den Endokrinologen?", TURN)
    assert "docs/befunde.md, Zeile 3" in asked.answer and "Haller" in asked.answer, asked.answer
    assert str(home) not in asked.answer
    assert str(home) not in str(asked.services), asked.services
