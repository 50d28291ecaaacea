"""A question about what the person told is answered with the told sentence that answers it — never a neighbour
fact (the subject of the question is the subject of the fact: her husband is not she, the cat Minka is not the cat
Mimi, the 2024 tax return is not the 2023 one), the newest told version first, and „nothing told" when nothing
does. Through `Nova.turn` with the offline model and a fixed clock, two persons; and `recall_told`, the read the
memory block makes."""

from __future__ import annotations

from datetime import timedelta

import redis as redis_lib

from novaberg.llm.scripted import ScriptedLLM
from novaberg.memory.block import Recalled, read_memory_block, recall_told
from novaberg.memory.short_term import ShortTermMemory
from novaberg.text.recall_question import memory_question
from tests.memory.helpers import NOW, agent, ask, remember, tell
from tests.support import make_deps


def test_a_question_about_the_husband_gets_his_sentence_never_her_own_nor_another_persons(nova):
    tell(nova, "ute", [(0, "Mein Mann arbeitet bei der Sparkasse."),
                        (3, "Ich bin Lehrerin an einer Grundschule in Leipzig.")])
    tell(nova, "vera", [(1, "Meine Tochter arbeitet bei Siemens in Erlangen.")])
    husband, herself, daughter = ask(nova, "ute", ["Wo arbeitet mein Mann?", "Wo arbeite ich?",
                                                   "Wo arbeitet meine Tochter?"])
    assert husband == "Am 5. Oktober hast du mir erzählt: „Mein Mann arbeitet bei der Sparkasse.“"
    assert herself == "Am 8. Oktober hast du mir erzählt: „Ich bin Lehrerin an einer Grundschule in Leipzig.“"
    assert daughter == "Das hast du mir noch nicht erzählt."  # not her own job, not vera's daughter's
    assert ask(nova, "vera", ["Wo arbeitet meine Tochter?"]) == [
        "Am 6. Oktober hast du mir erzählt: „Meine Tochter arbeitet bei Siemens in Erlangen.“"]


def test_what_the_wife_does_is_her_profession_not_what_she_likes_nor_his(nova):
    tell(nova, "ole", [(0, "Ich bin Lehrer."), (2, "Meine Frau liebt Katzen."), (4, "Meine Frau ist Ärztin."),
                        (6, "Mein Bruder ist Tierarzt.")])
    wife, brother, sister = ask(nova, "ole", ["Was ist meine Frau von Beruf?", "Was ist mein Bruder von Beruf?",
                                               "Was ist meine Schwester von Beruf?"])
    assert wife == "Am 9. Oktober hast du mir erzählt: „Meine Frau ist Ärztin.“"
    assert brother == "Am 11. Oktober hast du mir erzählt: „Mein Bruder ist Tierarzt.“"
    assert sister == "Das hast du mir noch nicht erzählt."


def test_the_car_bought_weeks_later_is_the_car_she_drives_the_old_one_only_as_earlier(nova):
    tell(nova, "ute", [(2, "Ich fahre einen Golf."), (30, "Ich habe mir einen Tesla gekauft.")])
    tell(nova, "vera", [(3, "Ich fahre einen alten Passat.")])
    assert ask(nova, "ute", ["Was für ein Auto fahre ich?"]) == [
        "Am 4. November hast du mir erzählt: „Ich habe mir einen Tesla gekauft.“\n"
        "Vorher, am 7. Oktober: „Ich fahre einen Golf.“"]
    assert ask(nova, "vera", ["Was für ein Auto fahre ich?"]) == [
        "Am 8. Oktober hast du mir erzählt: „Ich fahre einen alten Passat.“"]


def test_her_own_home_said_beside_her_husband_is_not_his_home(nova):
    tell(nova, "ute", [(0, "Ich wohne seit der Trennung von meinem Mann in Köln.")])
    tell(nova, "vera", [(1, "Ich wohne mit meinem Mann in Regensburg.")])
    assert ask(nova, "ute", ["Wo wohnt mein Mann?"]) == ["Das hast du mir noch nicht erzählt."]
    assert ask(nova, "vera", ["Wo wohnt mein Mann?"]) == [
        "Am 6. Oktober hast du mir erzählt: „Ich wohne mit meinem Mann in Regensburg.“"]


def test_the_sentence_that_names_her_answers_not_one_that_only_mentions_her(nova):
    tell(nova, "ute", [(0, "Meine Frau heißt Gisela."), (4, "Gisela und ich feiern im Januar Goldene Hochzeit.")])
    assert ask(nova, "ute", ["Wie heißt meine Frau?"]) == ["Am 5. Oktober hast du mir erzählt: „Meine Frau heißt Gisela.“"]


def test_the_neighbours_cat_is_not_ours(nova):
    tell(nova, "ute", [(1, "Unsere Katze heißt Mimi."), (5, "Meine Nachbarin hat eine Katze, die Minka heißt.")])
    ours, hers = ask(nova, "ute", ["Wie heißt unsere Katze?", "Wie heißt die Katze meiner Nachbarin?"])
    assert ours == "Am 6. Oktober hast du mir erzählt: „Unsere Katze heißt Mimi.“"
    assert hers == "Am 10. Oktober hast du mir erzählt: „Meine Nachbarin hat eine Katze, die Minka heißt.“"


def _deps(db, redis):
    return make_deps(db, redis, ScriptedLLM())  # any model call would raise: the read makes none


def _recalled(deps, text: str) -> Recalled | None:
    """The told read as the block makes it, outside a turn (no trace row)."""
    state = {"user_id": "u1", "character_id": "nova", "now": NOW, "text": text, "turn_id": None}
    return recall_told(state, deps, memory_question(text))


def _current(deps, text: str) -> list[str]:
    recalled = _recalled(deps, text)
    return [said for _, said, _ in recalled.current] if recalled is not None else []


def test_a_year_a_name_asked_finds_only_that_year_that_name(db, redis):
    remember(redis, "Die Steuererklärung für 2023 habe ich im Mai beim Finanzamt abgegeben.", "t1",
             now=NOW - timedelta(days=30))
    remember(redis, "Unsere Katze Mimi ist drei Jahre alt.", "t2", now=NOW - timedelta(days=10))
    agent(db, redis).run(NOW)
    deps = _deps(db, redis)
    assert _current(deps, "Wann habe ich die Steuererklärung für 2024 abgegeben?") == []
    found = _current(deps, "Wann habe ich die Steuererklärung für 2023 abgegeben?")
    assert found and "2023" in found[0]
    assert _current(deps, "Wie alt ist Minka?") == []  # Mimi's age is no answer
    assert _current(deps, "Wie alt ist Mimi?")[:1] == ["Unsere Katze Mimi ist drei Jahre alt."]


def test_a_memory_question_nothing_told_answers_is_never_answered_with_the_nearest_sentence(db, redis):
    """*2024* asked, *2023* told: the nearest entry may go to a model as context, never as the block's answer."""
    remember(redis, "Die Steuererklärung für 2023 habe ich im Mai beim Finanzamt abgegeben.", "t1",
             now=NOW - timedelta(days=30))
    agent(db, redis).run(NOW)
    state = {"turn_id": "00000000-0000-0000-0000-000000000001", "user_id": "u1", "character_id": "nova",
             "text": "Wann habe ich die Steuererklärung für 2024 abgegeben?", "now": NOW}
    block = read_memory_block(state, _deps(db, redis))
    assert block is None or not block.answers_question


def test_with_a_memory_unreadable_the_told_read_says_so_rather_than_nothing_told(db, redis, monkeypatch):
    """Redis down: the long-term nodes alone cannot show that nothing was told (a fresh entry may hold it)."""
    def down(*args, **kwargs):
        raise redis_lib.ConnectionError("Redis is gone")

    monkeypatch.setattr(ShortTermMemory, "fresh_above_mid", down)
    recalled = _recalled(_deps(db, redis), "Wo arbeitet meine Tochter?")
    assert recalled is not None and "kzg" in recalled.unread
