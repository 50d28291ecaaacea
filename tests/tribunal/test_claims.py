"""Storage claims (tribunal.md, "Die Speicherbehauptung in der Auswertung", table "Was als
Behauptung zählt", and the paragraph "Die Kopplung ist eng").

Every sentence here is synthetic. Each positive names the form and the word it must yield; each
negative names the rule that keeps it silent.
"""

from __future__ import annotations

import pytest

from novaberg.tribunal.claims import StorageClaim, find_storage_claims
from novaberg.tribunal.texts import CORRECTION_NOTE


def _one(text: str) -> tuple[str, str]:
    claims = find_storage_claims(text)
    assert len(claims) == 1, f"{text!r} → {claims}"
    return claims[0].form, claims[0].word


# --- `kurz`: „Notiert.“ · „Alles klar, ist erledigt.“ — "der Satzteil besteht aus nichts anderem"


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Notiert.", "notiert"),
        ("Alles klar, ist erledigt.", "erledigt"),
        ("Eingetragen!", "eingetragen"),
        ("Erledigt, notiert.", "erledigt"),
        ("Super, gespeichert und vorgemerkt!", "gespeichert"),
        ("Ist notiert!", "notiert"),
        ("Okay, schon gelöscht.", "gelöscht"),
        ("Alles notiert.", "notiert"),
        ("Gelistet ist jetzt alles.", "gelistet"),
        ("Geloescht!", "geloescht"),
    ],
)
def test_kurz_the_clause_is_nothing_else(text: str, word: str) -> None:
    assert _one(text) == ("kurz", word)


@pytest.mark.parametrize(
    "text",
    ["Eingetragen für Freitag um 10 Uhr.", "Notiert als Zahnarzttermin.", "Gespeichert in deiner Timeline."],
)
def test_kurz_participle_opening_a_clause_with_a_prepositional_phrase(text: str) -> None:
    """Extension named in claims.py: the same short statement with its object added."""
    assert _one(text)[0] == "kurz"


# --- `erste_person`: „Ich habe den Termin eingetragen.“ · „das habe ich mir notiert“ — Perfekt mit ich/wir, auch umgestellt


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Ich habe den Termin eingetragen.", "eingetragen"),
        ("Das habe ich mir notiert.", "notiert"),
        ("Hab ich dir eingetragen!", "eingetragen"),
        ("Wir haben das gespeichert.", "gespeichert"),
        ("Eingetragen hab ich's.", "eingetragen"),
        ("Ich habe dir die Einkaufsliste aktualisiert.", "aktualisiert"),
        ("Ich habe mir gemerkt, dass du Kaffee magst.", "gemerkt"),
        ("Keine Sorge, ich habe es eingetragen.", "eingetragen"),
        ("Der Termin, den ich eingetragen habe, liegt am Montag.", "eingetragen"),
        ("Ich hab dich für Montag, 10 Uhr eingetragen.", "eingetragen"),
        ("Ich habe den Zahnarzt für Montag, den 3.3., um 10 Uhr eingetragen.", "eingetragen"),
        ("Ich hatte dir das schon angelegt.", "angelegt"),
        ("Ich habe es ohne Uhrzeit eingetragen.", "eingetragen"),
        ("Hab's dir eingetragen 😊", "eingetragen"),
        ("Habe es notiert.", "notiert"),
    ],
)
def test_erste_person_perfect_with_ich_or_wir(text: str, word: str) -> None:
    assert _one(text) == ("erste_person", word)


# --- `zustand`: Zustand oder Passiv in drei Stellungen


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Morgen um 10 Uhr ist notiert.", "notiert"),
        ("Der Termin steht jetzt fest in der Timeline.", "steht"),
        ("Die Milch bleibt auf der Liste.", "bleibt"),
        ("Du hast genannt, dass der Termin in deiner Timeline eingeplant ist.", "eingeplant"),
        ("Der Termin ist gespeichert.", "gespeichert"),
        ("Der Zahnarzt steht im Kalender.", "steht"),
        ("Für Freitag ist ein Termin eingetragen.", "eingetragen"),
        ("Der alte Termin wurde gelöscht.", "gelöscht"),
        ("Das ist notiert.", "notiert"),
        ("Eingetragen ist der Zahnarzt.", "eingetragen"),
        ("Die Notiz ist jetzt in deinem Notizbuch.", "ist"),
        ("Der Termin wird eingetragen.", "eingetragen"),
    ],
)
def test_zustand_state_or_passive(text: str, word: str) -> None:
    assert _one(text) == ("zustand", word)


# --- `vollzug`: „dann reserviere ich zwei Stunden“ · „ich werde das einzeichnen“ — Gegenwart oder Zukunft der ersten Person


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Gut, dann reserviere ich zwei Stunden.", "reserviere"),
        ("Ich werde das einzeichnen.", "einzeichnen"),
        ("Ich trage dir den Termin für Montag ein.", "trage ein"),
        ("Ich notiere mir das.", "notiere"),
        ("Ich lege dir eine neue Notiz an.", "lege an"),
        ("Ich werde mir das merken.", "merken"),
        ("Wir tragen das gleich ein.", "tragen ein"),
        ("Das schreibe ich dir auf.", "schreibe auf"),
        ("Ich nehme die Milch in die Einkaufsliste auf.", "nehme auf"),
        ("Das werde ich löschen.", "löschen"),
    ],
)
def test_vollzug_present_or_future_first_person(text: str, word: str) -> None:
    assert _one(text) == ("vollzug", word)


# --- "ein mehrdeutiges Partizip … nur mit einem Bezug im selben Satzteil"


@pytest.mark.parametrize(
    "text",
    [
        "10 Uhr ist fixiert.",
        "Der Termin ist bei mir verankert.",
        "Ich habe den Termin auf Freitag verschoben.",
        "Ich habe dir eine Erinnerung eingerichtet.",
        "Das ist für mich gesetzt.",
        "Ich habe die Notiz geöffnet.",
    ],
)
def test_ambiguous_participle_with_a_reference_counts(text: str) -> None:
    assert len(find_storage_claims(text)) == 1


@pytest.mark.parametrize(
    "text",
    [
        "Verankert.",
        "Das ist gesetzt.",
        "Ich habe registriert, dass du traurig bist.",
        "Das fühlt sich verankert an.",
        "Ich habe mich gesetzt.",
        "Der Laden ist geöffnet.",
        "Deine Meinung ist fixiert, verstehe ich.",
    ],
)
def test_ambiguous_participle_without_a_reference_is_silent(text: str) -> None:
    assert find_storage_claims(text) == []


# --- "Verneinung, Frage, Bedingung, Angebot und Gedankenspiel schließen aus"


@pytest.mark.parametrize(
    "text",
    [
        "Ich habe nichts eingetragen.",
        "Das ist noch nicht gespeichert.",
        "Nicht notiert.",
        "Ich habe dir keinen Termin angelegt.",
        "Eingetragen hat das niemand.",
        CORRECTION_NOTE,
    ],
)
def test_negation_excludes(text: str) -> None:
    assert find_storage_claims(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Soll ich das eintragen?",
        "Ist das gespeichert?",
        "Was soll ich notieren?",
        "Hast du den Termin eingetragen?",
        "Soll ich dir das in den Kalender eintragen oder lieber als Notiz speichern?",
        "Möchtest du, dass ich das notiere?",
        "Ist notiert, oder?",
        "Trage ich das ein, oder lieber nicht?",
    ],
)
def test_question_excludes(text: str) -> None:
    assert find_storage_claims(text) == []


def test_question_tail_does_not_hide_a_statement() -> None:
    """A clause that opens with its subject still states: „Ich habe es eingetragen, passt das so?“"""
    assert _one("Ich habe es eingetragen, passt das so?") == ("erste_person", "eingetragen")


@pytest.mark.parametrize(
    "text",
    [
        "Wenn du willst, trage ich das ein.",
        "Ich trage es ein, wenn du möchtest.",
        "Falls es passt, ist der Termin dann gespeichert.",
        "Sobald du bestätigst, habe ich es notiert.",
        "Gerne, wenn du möchtest, notiere ich es.",
    ],
)
def test_condition_excludes_its_clause_and_its_main_clause(text: str) -> None:
    assert find_storage_claims(text) == []


def test_condition_after_a_claim_leaves_the_claim() -> None:
    text = "Ich habe den Zahnarzt eingetragen, und wenn du willst, erinnere ich dich."
    assert _one(text) == ("erste_person", "eingetragen")


@pytest.mark.parametrize(
    "text",
    [
        "Ich kann dir das eintragen.",
        "Sag Bescheid, dann trage ich es ein.",
        "Ich könnte den Termin anlegen.",
        "Ich würde das eintragen.",
        "Der Termin muss noch eingetragen werden.",
        "Magst du, dann notiere ich das.",
    ],
)
def test_offer_excludes(text: str) -> None:
    assert find_storage_claims(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Hätte ich das eingetragen, wüsstest du es.",
        "Angenommen, der Termin ist gespeichert.",
        "Stell dir vor, ich habe alles notiert.",
        "Das wäre dann notiert.",
    ],
)
def test_thought_experiment_excludes(text: str) -> None:
    assert find_storage_claims(text) == []


# --- `zustand`: "eine Person als Satzgegenstand schließt aus; im Nebensatz zählt nur ein Speicherort
#     als Bezug, und ein Wunsch oder eine Vermutung davor schließt aus"


@pytest.mark.parametrize("text", ["Du bist eingetragen.", "Ich bin registriert.", "Wir sind im Kalender."])
def test_zustand_person_as_subject_excludes(text: str) -> None:
    assert find_storage_claims(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Du möchtest, dass der Termin in deiner Timeline eingetragen ist.",
        "Ich hoffe, dass es im Kalender steht.",
        "Ich vermute, dass der Termin in der Liste gespeichert ist.",
        "Hoffentlich ist der Termin gespeichert.",
    ],
)
def test_zustand_wish_or_supposition_excludes(text: str) -> None:
    assert find_storage_claims(text) == []


def test_zustand_subordinate_clause_needs_a_storage_place() -> None:
    assert find_storage_claims("Ich sehe, dass der Termin gespeichert ist.") == []
    assert _one("Ich sehe, dass der Termin im Kalender gespeichert ist.") == ("zustand", "gespeichert")


# --- quotes and stage directions: "Regieanweisungen in Sternen werden vorher entfernt, und ein
#     kurzes Zitat im Satz beendet den Satzteil nicht"


def test_stage_direction_is_removed_before_reading() -> None:
    assert find_storage_claims("*notiert eifrig* Schön, dass du da bist.") == []
    [claim] = find_storage_claims("*lächelt* Ist notiert!")
    assert claim.sentence == "Ist notiert!"


def test_bold_text_is_read_not_removed() -> None:
    assert _one("**Eingetragen:** Zahnarzt am Montag.") == ("kurz", "eingetragen")


def test_commas_inside_a_quote_do_not_end_the_clause() -> None:
    """The defect named after run 3: a comma inside a quote hid the participle behind it."""
    text = "Ich habe „Zahnarzt, Dr. Berger, Praxis am Markt“ eingetragen."
    [claim] = find_storage_claims(text)
    assert (claim.form, claim.word, claim.sentence) == ("erste_person", "eingetragen", text)


@pytest.mark.parametrize(
    "text",
    [
        "Du hast gesagt: „Ich habe das notiert.“",
        "Du meintest „ist eingetragen“ – meinst du den Zahnarzt?",
        "Du hast „Notiert!“ geschrieben.",
    ],
)
def test_quoting_the_person_is_no_claim(text: str) -> None:
    assert find_storage_claims(text) == []


# --- everyday sentences without a claim


@pytest.mark.parametrize(
    "text",
    [
        "Ich trage die Verantwortung.",
        "Ich schreibe dir gleich.",
        "Ich zeige dir, was im Kalender steht.",
        "Laut deinem Kalender hast du frei.",
        "Ich halte das für eine gute Idee.",
        "Du hast den Termin eingetragen.",
        "Dein Kalender ist voll.",
        "Ich plane, dich morgen zu fragen.",
        "Ich bin mir sicher, dass du das schaffst.",
        "Ich lese dir die Liste vor.",
        "Ich habe gemerkt, dass du müde bist.",
        "Wie war dein Termin beim Zahnarzt?",
        "Ich habe mir deinen Termin angesehen.",
        "Guten Morgen! Heute steht bei dir nur der Zahnarzt um 10 Uhr an.",
        "In deinem Kalender steht für Freitag nichts.",
        "Magst du mir sagen, wann genau? Dann kann ich es eintragen.",
        "Du hast mir erzählt, dass dein Bruder am 3.3. Geburtstag hat. Möchtest du, dass ich das festhalte?",
        "Ich kann mich leider nicht erinnern, ob ich das notiert habe.",
        "Das habe ich noch nicht eingetragen – sag mir bitte die Uhrzeit.",
        "Ich merke, dass dich das beschäftigt.",
        "Ich nehme an, du meinst den Zahnarzt.",
        "Ich halte dir die Daumen!",
        "Ich richte mich nach dir.",
        "Hab dich lieb.",
    ],
)
def test_everyday_sentences_are_silent(text: str) -> None:
    assert find_storage_claims(text) == []


# --- "Vier Satzformen, je Satz höchstens ein Befund"


def test_at_most_one_finding_per_sentence() -> None:
    assert find_storage_claims("Notiert, ich habe es gespeichert und trage es ein.") == [
        StorageClaim("kurz", "notiert", "Notiert, ich habe es gespeichert und trage es ein.")
    ]


def test_each_sentence_is_checked_in_order() -> None:
    text = "Hallo! Ich habe den Termin eingetragen. Wie geht es dir? Die Milch steht auf der Liste."
    claims = find_storage_claims(text)
    assert [(c.form, c.sentence) for c in claims] == [
        ("erste_person", "Ich habe den Termin eingetragen."),
        ("zustand", "Die Milch steht auf der Liste."),
    ]


def test_empty_text_has_no_claim() -> None:
    assert find_storage_claims("") == []
    assert find_storage_claims("   ") == []


def test_a_date_in_digits_does_not_end_the_sentence() -> None:
    text = "Ich habe dir den Zahnarzt am 20.08. um 14 Uhr eingetragen. Bis dann am 3.3. Morgen mehr."
    [claim] = find_storage_claims(text)
    assert claim.sentence == "Ich habe dir den Zahnarzt am 20.08. um 14 Uhr eingetragen."


def test_a_date_glued_to_a_comma_does_not_end_the_sentence() -> None:
    """`split_sentences` keeps only a date that is a word of its own; the claim check joins this one."""
    [claim] = find_storage_claims("Ich habe dir Mittwoch,20.08. um 14 Uhr eingetragen.")
    assert claim.sentence == "Ich habe dir Mittwoch,20.08. um 14 Uhr eingetragen."


def test_named_limit_a_true_description_of_the_stock_counts() -> None:
    """'Bestand, den der Turn ohne Dienst gelesen hat, deckt nichts … Beschreibt die Antwort diesen
    Bestand wahrheitsgemäß im Zustandssatz, schlägt die Prüfung an' — kept as the specification says."""
    assert _one("Auf deiner Einkaufsliste stehen Milch, Brot und Eier.") == ("zustand", "stehen")
