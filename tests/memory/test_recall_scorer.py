"""The `[ERINNERUNGEN]` read scores the pair's told sentences with a `TopicScorer` prepared
once per read (set lookups per sentence) — it must score exactly as the word-by-word rule it replaces, and a
per-sentence cache never lets one person's read show another person's sentences."""

from __future__ import annotations

import json
import random
import uuid
from datetime import timedelta
from pathlib import Path

from novaberg.llm.scripted import ScriptedLLM
from novaberg.memory.block import read_memory_block
from novaberg.memory.recall_scoring import TopicScorer, score_told
from novaberg.text import recall_forms as forms
from novaberg.text.recall_question import MemoryQuestion, memory_question
from novaberg.text.told_slots import RELATIVES, names_of, relative_of, slot_of, subject_of
from tests.memory.helpers import NOW, agent, remember
from tests.support import make_deps


def _reference(question: MemoryQuestion, said: str, names: dict[str, str]) -> int:
    """The rule word by word (at 624c718, with the changes for the GerMedIQ rest set: no stop word as a topic form, a
    compound ending in any form of an asked word, a shared stem of four letters, never the other
    gender of a relative, and the noun, name, family and
    verb requirements): names joined
    per sentence, every word of the sentence tested against every topic word."""
    topics, asked = set(question.topics), set(question.asked)
    nouns = set(forms.widened(question.nouns)) if question.nouns else set()
    for name, rel in names.items():
        if rel in topics or name in topics:
            topics |= {name, rel}
            if rel in asked or name in asked:
                asked |= {name, rel}
        if nouns and (rel in nouns or name in nouns):
            nouns |= {name, rel}
    filled = question.slot is not None and _fills(question, slot_of(said, names) or "", names)
    raw = forms.sentence_tokens(said)
    # a long word typed with a doubled letter once (or once more) is the word: both sides compared collapsed too
    words = tuple(dict.fromkeys([*raw, *(forms.collapsed(w) for w in raw if len(w) >= 6)]))
    topics |= {forms.collapsed(t) for t in topics if len(t) >= 6}
    asked_nouns = frozenset(question.nouns) & frozenset(asked)
    # an asked noun opening a compound of the sentence (*Lungenkrebs*): the first letters of a word, three left over
    opened = {topic for topic in asked_nouns if any(word[:cut] in _fronts(topic) for word in words
                                                    for cut in range(4, len(word) - 2))}
    if not filled and not opened and not _found(words, frozenset(topics), frozenset(asked)):
        return 0
    if nouns and not filled and not opened and not _found(words, frozenset(nouns), asked_nouns) \
            and not forms.bare_answer(said, frozenset(w for w in question.asked - question.nouns
                                                       if w not in forms.STOP)):
        return 0
    if question.wants_name:
        relatives = {w for w in asked if w in RELATIVES}
        if not any(w in ("heisst", "hiess", "heissen", "hiessen", "namens", "name") or names.get(w) in relatives
                   for w in words):
            return 0
    if question.with_whom and not any(w in RELATIVES or w in forms.KIN_WORDS or w in forms.COMPANIONS or w in names
                                      or forms.relative_word(w) is not None or _ends_in(w, forms.COMPANIONS)
                                      or _ends_in(w, frozenset(r for r in RELATIVES if len(r) >= 4)) for w in words):
        return 0
    if question.kin and not any(w in RELATIVES or w in forms.COLLECTIVE_KIN or w in names
                                or _ends_in(w, frozenset(r for r in RELATIVES if len(r) >= 4)) for w in words):
        return 0
    if question.verb and not filled and not any(w not in forms.STOP and (w in question.verb or forms.forms(w)
                                                & question.verb or w in forms.forms_of(question.verb)
                                                or any(w == v + end for v in question.verb for end in forms.ENDINGS))
                                                for w in words):
        return 0
    if question.who and not _about_who(question, said, names, words, filled, asked, opened):
        return 0
    if question.about_herself and subject_of(said, names) not in (None, "ich"):
        return 0
    if question.years and not any(word in question.years for word in words):
        return 0
    return 1 + sum(1 for topic in asked if topic in opened or any(_same_or_head(word, topic) for word in words))


def _fronts(topic: str) -> set[str]:
    """What opens a compound for an asked noun: itself, its forms of five letters or more, a stem without its
    umlaut (four letters or more), a general word of its family that it opens with itself."""
    own = {f for f in forms.forms(topic) if len(f) >= 5 or f == topic}
    plain = {p for f in forms.forms(topic) if (p := forms.plain_vowel(f)) is not None and len(p) >= 4}
    heads = {h for heads, _ in forms.FAMILIES for h in heads if len(h) >= 4 and topic.startswith(h)
             and any(forms.same(topic, other) for other in heads)}
    return own | plain | heads


def _fills(question: MemoryQuestion, slot: str, names: dict[str, str]) -> bool:
    """The asked slot, filled by the asked person (her own when she is asked, anyone's when no one is)."""
    if not slot.endswith("|" + str(question.slot)):
        return False
    subject = slot.rsplit("|", 1)[0]
    named = {names[w] for w in question.who if w in names} if question.named else set()
    return subject in question.who | named if question.who else subject == "ich" if question.about_herself else True


def _about_who(question: MemoryQuestion, said: str, names: dict[str, str], words: tuple[str, ...], filled: bool,
               asked: set[str], opened: set[str]) -> bool:
    """Never a neighbour fact: a name must be said; a relative must be the subject, or be named in a sentence
    about her; and what is asked of them must be held too (or their slot filled)."""
    who = set(question.who)
    if question.named:
        if not any(word in who for word in words):
            return False
        who_words = set(who)
        related = who | {names[w] for w in question.who if w in names}
    else:
        who_words = set(forms.topic_words(question.who)) | {n for n, rel in names.items() if rel in who}
        subject = subject_of(said, names)
        if subject not in who and not (subject in (None, "ich") and any(word in who_words or relative_of(word) in who
                                                                         for word in words)):
            return False
        if subject not in who and not question.first_person and question.slot is not None and (
                slot_of(said, names) == "ich|" + question.slot or any(
                word in forms.OWN_VERBS.get(question.slot, ()) for word in words)) \
                and not forms.shares(said, question.who):
            return False
        related = who
    if question.wants_name or question.what == frozenset() or filled:
        return True
    content = [topic for topic in asked if topic not in related and not (forms.asked_words(topic) & who_words)
               and (question.what is None or topic in question.what)]
    return not content or any(topic in opened for topic in content) or any(
        _same_or_head(word, topic) or word not in forms.STOP and word in forms.topic_words(forms.widened([topic]))
        for topic in content for word in words)


def _found(words: tuple[str, ...], topics: frozenset[str], asked: frozenset[str]) -> bool:
    topic_forms, heads = forms.forms_of(topics), topics & forms.KIND_FAMILIES
    partners = frozenset().union(*(forms.partner_words(topic) for topic in topics))
    return any(word not in forms.STOP and word not in partners and (word in topic_forms or forms.forms(word) & topics
                                             or any(word == t + end for t in topics if len(t) >= 3 for end in forms.ENDINGS)
                                             or any(len(stem) >= 4 for stem in forms.forms(word) & topic_forms))
               for word in words) \
        or any(_same_or_head(word, topic) for word in words for topic in asked) \
        or bool(heads and any(_ends_in(word, heads) for word in words))


def _same_or_head(word: str, topic: str) -> bool:
    stop, partner = forms.STOP, forms.partner_words(topic)  # never the relative of the other gender
    # the umlaut either way (*Arzt*/*Ärztin*, *Zähne*/*Zahn*): a stem of four letters or more, as is or shifted
    shifted = {v for stem in forms.forms(topic) if len(stem) >= 4
               for v in (forms.umlauted(stem), forms.plain_vowel(stem)) if v and len(v) >= 4} if len(topic) >= 3 else set()
    whole = word not in partner and (forms.same(word, topic) or (len(topic) >= 3 and any(
        len(stem) >= 4 for stem in forms.forms(word) & forms.forms(topic))) or any(
        word == v + end for v in shifted for end in forms.ENDINGS) or (
        len(word) >= 5 and len(topic) >= len(word) + 3 and word not in stop and topic.startswith(word)
        or len(word) >= 5 and len(topic) >= len(word) + 3 and word not in stop and topic.endswith(word)))
    heads = [form for form in forms.forms(topic) if (len(form) >= 5 or form == topic) and form not in partner]
    heads += [forms.collapsed(form) for form in heads if len(form) >= 6]
    return whole or (len(topic) >= 4 and any(len(word) >= len(form) + 3 and word.endswith(form) for form in heads)) \
        or any(_same_or_head(word, c) for c in {forms.collapsed(topic)} if len(topic) >= 6 and c != topic)


def _ends_in(word: str, heads: frozenset[str]) -> bool:
    return any(word[cut:] in heads for cut in range(3, len(word) - 2))


_FAMILY_WORDS = sorted({word for _, family in forms.FAMILIES for word in family})
_OTHER = ("schwester", "bruder", "tochter", "hund", "katze", "lena", "sarah", "moritz", "bello", "lasagne", "pizza",
          "koeln", "bonn", "hamburg", "chor", "band", "rad", "stelle", "haus", "lieblingsessen", "lieblingsfarbe",
          "arbeite", "wohne", "studiere", "beruf", "auto", "urlaub", "mag", "spiele", "jeden", "dienstag", "im",
          "verein", "bin", "ich", "meine", "mein", "und", "seit", "nummer", "1987", "100234", "anna100234", "eigentlich", "eigentlichkeit", "gestern", "vorgesterns")
_PREFIXES = ("kirchen", "beach", "hallen", "renn", "e", "punk", "jazz", "ober", "haupt", "x", "lieblings")
_ENDS = ("", "e", "n", "en", "s", "es", "er", "ern", "in", "innen", "chen", "ung")


def _word(rng: random.Random) -> str:
    word = rng.choice(_FAMILY_WORDS if rng.random() < 0.5 else _OTHER)
    roll = rng.random()
    if roll < 0.2:
        word = rng.choice(_PREFIXES) + word
    elif roll < 0.4:
        word += rng.choice(_ENDS)
    elif roll < 0.5 and len(word) > 4:
        word = word[: rng.randint(3, len(word) - 1)] if rng.random() < 0.5 else word[rng.randint(1, len(word) - 3):]
    return word


def _sentence(rng: random.Random) -> str:
    opening = rng.choice(("Meine Schwester Lena", "Mein Hund heißt Bello und", "Ich", "Wir", "Sarah", "Die Reise",
                          "Meine Tochter Sarah", "Oma Erna", ""))
    return f"{opening} {' '.join(_word(rng) for _ in range(rng.randint(1, 9)))}.".strip()


# Told sentences of every kind the salience tests rate (tests/memory/data), and questions about such facts
_TOLD = [said for kind, texts in json.loads((Path(__file__).parent / "data" / "told_sentences.json")
                                            .read_text(encoding="utf-8")).items()
         if not kind.startswith("_") and kind != "small_talk" for said in texts]
_ASKED = ("Was esse ich am liebsten?", "Welchen Sport treibe ich?", "Wo wohne ich?", "Wie heißt meine Schwester?",
          "Was hab ich dir über meinen Bruder erzählt?", "Wann hab ich dir vom Garten erzählt?", "Wie heißt mein Hund?",
          "Wie heißt meine Tochter?", "Was für ein Auto fahre ich?", "Was weißt du über meine Frau?",
          "Was hab ich dir letzte Woche über meine Mutter erzählt?", "Was studiere ich?", "Welche Musik mag ich?",
          "Wo arbeite ich?", "Was bin ich von Beruf?", "Was trinke ich morgens?", "Wo wohnt mein Sohn?",
          "Was hab ich dir über meine Gesundheit erzählt?", "Wogegen bin ich allergisch?", "Wie alt ist meine Oma?",
          "Welche Medikamente nehme ich?", "Was mache ich am Wochenende?", "Wann gehe ich schwimmen?",
          "Was hab ich dir über meine Katze erzählt?", "Was ist meine Lieblingsfarbe?", "Welches Buch lese ich gern?",
          "Wann hab ich dir erzählt, dass ich umgezogen bin?", "Wie heißt mein Mann?", "Was koche ich gern?")


def _questions(rng: random.Random) -> list[MemoryQuestion]:
    out = [q for text in _ASKED if (q := memory_question(text)) is not None and not q.any_topic]
    slots = (None, "arbeit", "wohnort", "studium", "auto", "urlaub")
    odd = frozenset({"eigentlichkeit", "gesternabend"})  # a stop word at the start of an asked word finds nothing
    out.append(MemoryQuestion(odd, False, asked=odd))
    for _ in range(30):
        asked = frozenset(_word(rng) for _ in range(rng.randint(1, 3)))
        widened = forms.widened(asked) | frozenset(_word(rng) for _ in range(rng.randint(0, 3)))
        out.append(MemoryQuestion(widened, rng.random() < 0.5, asked=asked, slot=rng.choice(slots)))
    return out


def test_the_prepared_scorer_scores_as_the_word_by_word_rule():
    """Same score for every (question, sentence, names) of a generated set and of a written set of
    told sentences — whole words in every form, compounds ending in an asked word or a kind, a name for its
    relative, a filled slot."""
    rng = random.Random(28)
    told = _TOLD
    sentences = told + [_sentence(rng) for _ in range(120)]
    questions = _questions(rng)
    names_sets = [names_of(told), {"lena": "schwester", "sarah": "tochter", "bello": "hund", "moritz": "kater"}]
    compared = found = 0
    for names in names_sets:
        for question in questions:
            scorer = TopicScorer(question, names)
            for said in sentences:
                expected = _reference(question, said, names)
                assert scorer.score(said) == expected, (question, said, names)
                compared += 1
                found += expected > 0
        assert all(score_told(question, said, names) == _reference(question, said, names)
                   for question in questions[::7] for said in sentences[::5])
    assert compared > 30_000 and found > 1_000, (compared, found)


def _state(text: str, user: str) -> dict:
    return {"turn_id": uuid.uuid4(), "user_id": user, "character_id": "nova", "text": text,
            "now": NOW + timedelta(days=7)}


def test_a_read_never_shows_another_persons_sentences(db, redis):
    """Each person sees only their own: the cached per-sentence words of one person's read (same question, the
    same kind of sentences) never bring her sentences into another person's block."""
    remember(redis, "Ich spiele jeden Dienstag Volleyball im Verein.", "a1", user="anna")
    remember(redis, "Mein Lieblingsessen ist Lasagne.", "a2", user="anna")
    remember(redis, "Ich spiele mittwochs Tennis.", "b1", user="ben")
    agent(db, redis).run(NOW)
    deps = make_deps(db, redis, ScriptedLLM())
    for _ in range(2):  # the second round reads with every cache warm
        anna = read_memory_block(_state("Welchen Sport mache ich?", "anna"), deps)
        ben = read_memory_block(_state("Welchen Sport mache ich?", "ben"), deps)
        assert anna is not None and "Volleyball" in anna.text and "Tennis" not in anna.text
        assert ben is not None and "Tennis" in ben.text and "Volleyball" not in ben.text
        food = read_memory_block(_state("Was ist mein Lieblingsessen?", "ben"), deps)
        assert food is not None and "Lasagne" not in food.text and "Lasagne" not in (food.reply or "")
