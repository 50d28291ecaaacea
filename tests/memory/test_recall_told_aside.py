"""What the person told, read as told: the sentence that answers is one that tells the asked thing — not one that
mentions it in a side clause (*…, da das meine Rückenschmerzen verstärkt*), not her partner's, not an older version
beside the newer; compounds, umlauts and a letter typed twice or once are the same word (*Lungenkrebs* for a lung
disease, *Ärztin* for *Arzt*, *Hausstaubalergie* for an allergy); and nothing told is said so. Through `Nova.turn`
with the offline model, a fixed clock and two persons."""

from __future__ import annotations

from tests.memory.helpers import ask, tell

NOT_TOLD = "Das hast du mir noch nicht erzählt."


def test_a_pain_mentioned_in_a_side_clause_is_no_answer_beside_the_pain_she_told(nova):
    tell(nova, "ute", [(0, "Ich leide unter chronischer Migräne."),
                        (3, "Ich spiele gern Volleyball, aber nur selten, da das meine Rückenschmerzen verstärkt.")])
    tell(nova, "vera", [(1, "Ich habe oft Rückenschmerzen.")])
    assert ask(nova, "ute", ["Was für Schmerzen hab ich?"]) == [
        "Am 5. Oktober hast du mir erzählt: „Ich leide unter chronischer Migräne.“"]
    assert ask(nova, "vera", ["Was für Schmerzen hab ich?"]) == [
        "Am 6. Oktober hast du mir erzählt: „Ich habe oft Rückenschmerzen.“"]


def test_her_husbands_lung_cancer_is_his_never_her_own_lung_disease(nova):
    tell(nova, "ute", [(0, "Mein Mann hat Lungenkrebs."), (2, "Ich habe seit der Kindheit Asthma.")])
    tell(nova, "vera", [(1, "Ich habe Heuschnupfen.")])
    hers, his = ask(nova, "ute", ["Welche Lungenerkrankung habe ich?", "Welche Lungenerkrankung hat mein Mann?"])
    assert hers == "Am 7. Oktober hast du mir erzählt: „Ich habe seit der Kindheit Asthma.“"
    assert his == "Am 5. Oktober hast du mir erzählt: „Mein Mann hat Lungenkrebs.“"
    assert ask(nova, "vera", ["Welche Lungenerkrankung habe ich?"]) == [NOT_TOLD]  # not ute's, not her hay fever


def test_with_whom_she_lives_now_is_the_newer_sentence_and_how_she_lives_is_no_answer(nova):
    tell(nova, "ute", [(2, "Ich wohne in einer WG mit zwei Freundinnen."), (10, "Ich lebe vegan."),
                        (30, "Ich wohne jetzt mit meinem Freund zusammen.")])
    tell(nova, "vera", [(3, "Ich lebe sehr gesund.")])
    assert ask(nova, "ute", ["Mit wem wohne ich?"]) == [
        "Am 4. November hast du mir erzählt: „Ich wohne jetzt mit meinem Freund zusammen.“\n"
        "Vorher, am 7. Oktober: „Ich wohne in einer WG mit zwei Freundinnen.“"]
    assert ask(nova, "vera", ["Mit wem wohne ich?"]) == [NOT_TOLD]


def test_a_doctor_and_an_allergy_are_found_in_their_other_forms_and_nothing_told_is_said_so(nova):
    tell(nova, "ute", [(0, "Ich war wegen eines Zeckenbisses bei meiner Ärztin."),
                        (4, "Ich habe aber Angst, zum Zahnarzt zu gehen."),
                        (6, "Ich habe eine Hausstaubalergie."), (8, "Meine Hand ist seit dem Sturz steif.")])
    tell(nova, "vera", [(1, "Ich esse gern Nüsse.")])
    doctor, allergy, hands = ask(nova, "ute", ["Warum war ich zuletzt beim Arzt?", "Welche Allergien hab ich?",
                                                "Was hab ich dir über meine Hände erzählt?"])
    assert doctor == "Am 5. Oktober hast du mir erzählt: „Ich war wegen eines Zeckenbisses bei meiner Ärztin.“"
    assert allergy == "Am 11. Oktober hast du mir erzählt: „Ich habe eine Hausstaubalergie.“"
    assert hands == "Am 13. Oktober hast du mir erzählt: „Meine Hand ist seit dem Sturz steif.“"
    assert ask(nova, "vera", ["Welche Allergien hab ich?", "Warum war ich zuletzt beim Arzt?",
                               "Was hab ich dir über meine Hände erzählt?"]) == [NOT_TOLD] * 3
