"""A note named by what it holds (notizen.md §4, target type *inhalt*): the delete order finds the person's note whose
name or text carries every word said — inflected as said (*der hohlen Gasse* → „hohle Gasse“); several ask which;
none says so and changes nothing; another person's note is never found. Through `Nova.turn`, two persons, a fixed
clock."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from tests.support import berlin

NOW = berlin(2026, 11, 10, 9, 30)
FIG = "nova"
ORDER = "Lösch die Notiz mit der hohlen Gasse"
TELL = "Durch diese hohle Gasse muss er kommen, es führt kein andrer Weg nach Küssnacht."


def _names(nova, user: str) -> list[str]:
    return sorted(n["name"] for n in nova.notes.list(user))


def _seed(nova, user: str) -> None:
    nova.notes.insert(user, "Tell", "notiz", TELL, [], NOW)
    nova.notes.insert(user, "Einkaufsliste", "einkauf", "Milch\nGasse-Brot", [], NOW)
    nova.notes.insert(user, "Urlaub", "notiz", "Hotel am See, Wanderung durch die Schlucht", [], NOW)


def test_a_note_named_by_its_content_is_deleted(nova):
    for user in ("anna", "ben"):
        _seed(nova, user)
    result = nova.turn("anna", FIG, ORDER, NOW)
    assert result.answer == "Ich habe 'Tell' gelöscht.", result.answer
    assert _names(nova, "anna") == ["Einkaufsliste", "Urlaub"]
    assert _names(nova, "ben") == ["Einkaufsliste", "Tell", "Urlaub"]


def test_a_note_is_found_by_several_content_words_after_ueber(nova):
    _seed(nova, "anna")
    result = nova.turn("anna", FIG, "Lösch bitte die Notiz über die Wanderung durch die Schlucht", NOW)
    assert _names(nova, "anna") == ["Einkaufsliste", "Tell"], result.answer


def test_several_notes_holding_the_words_ask_which_and_the_answer_deletes_that_one(nova):
    _seed(nova, "anna")
    nova.notes.insert("anna", "Schiller", "notiz", "Wilhelm Tell: die Szene in der hohlen Gasse", [], NOW)
    asked = nova.turn("anna", FIG, ORDER, NOW)
    assert asked.answer.startswith("Ich habe mehrere Notizen gefunden") and "'Tell'" in asked.answer, asked.answer
    assert "'Schiller'" in asked.answer and "'Urlaub'" not in asked.answer
    assert _names(nova, "anna") == ["Einkaufsliste", "Schiller", "Tell", "Urlaub"]
    nova.turn("anna", FIG, "Schiller", NOW)
    assert _names(nova, "anna") == ["Einkaufsliste", "Tell", "Urlaub"]


def test_no_note_holding_the_words_says_so_and_changes_nothing(nova):
    _seed(nova, "anna")
    result = nova.turn("anna", FIG, "Lösch die Notiz mit der steilen Treppe", NOW)
    assert result.answer == "Ich finde keine Notiz, in der „steilen Treppe“ steht. Es wurde nichts geändert."
    assert _names(nova, "anna") == ["Einkaufsliste", "Tell", "Urlaub"]


def test_only_part_of_the_words_is_no_hit(nova):
    _seed(nova, "anna")
    result = nova.turn("anna", FIG, "Lösch die Notiz mit der hohlen Treppe", NOW)
    assert "nichts geändert" in result.answer, result.answer
    assert _names(nova, "anna") == ["Einkaufsliste", "Tell", "Urlaub"]


def test_a_list_holding_the_words_is_never_deleted_as_a_note(nova):
    _seed(nova, "anna")
    result = nova.turn("anna", FIG, "Lösch die Notiz mit Milch", NOW)
    assert result.answer == ("Keine Notiz enthält „Milch“, nur die Liste 'Einkaufsliste' — eine Liste lösche ich nur, "
                             "wenn du sie mit ihrem Namen nennst. Es wurde nichts geändert."), result.answer
    assert _names(nova, "anna") == ["Einkaufsliste", "Tell", "Urlaub"]


def test_a_content_that_names_a_list_is_no_content_search(nova):
    _seed(nova, "anna")
    result = nova.turn("anna", FIG, "Lösch die Notiz von der Einkaufsliste", NOW)
    assert result.answer.startswith("Das habe ich nicht notiert"), result.answer  # no question about a removal
    assert _names(nova, "anna") == ["Einkaufsliste", "Tell", "Urlaub"]


def test_another_persons_note_is_never_found_by_its_content(nova):
    _seed(nova, "ben")
    nova.notes.insert("anna", "Einkaufsliste", "einkauf", "Milch", [], NOW)
    result = nova.turn("anna", FIG, ORDER, NOW)
    assert result.answer == "Ich finde keine Notiz, in der „hohlen Gasse“ steht. Es wurde nichts geändert."
    assert _names(nova, "ben") == ["Einkaufsliste", "Tell", "Urlaub"] and _names(nova, "anna") == ["Einkaufsliste"]


def test_parallel_deletions_by_content_delete_the_one_note(nova):
    _seed(nova, "anna")
    _seed(nova, "ben")
    with ThreadPoolExecutor(max_workers=4) as pool:
        answers = list(pool.map(lambda _: nova.turn("anna", FIG, ORDER, NOW).answer, range(4)))
    assert "Ich habe 'Tell' gelöscht." in answers, answers
    assert _names(nova, "anna") == ["Einkaufsliste", "Urlaub"]
    assert _names(nova, "ben") == ["Einkaufsliste", "Tell", "Urlaub"]
