"""Which told sentences answer a memory question (the question read by `text/recall_question.py`).

A told sentence answers only when one of its words is a word of the question's topic — never by nearness, so
*Lieblingsfarbe* never finds *Lieblingsessen*. Never a neighbour fact: the person asked about is the subject of the
sentence that answers (*mein Mann* is not *ich*, *die Katze meiner Nachbarin* not ours), a name asked is that name
(*Minka* is not *Mimi*), a year asked is that year; and of the sentences found, those holding fewer of the asked
words than the best one are left out (the block reader). No model call, no SQL: the block reader hands in the
pair's told sentences.
"""

from __future__ import annotations

from novaberg.text.recall_forms import (
    COLLECTIVE_KIN,
    COMPANIONS,
    FAMILIES,
    KIN_TAILS,
    KIN_WORDS,
    NAMING,
    OWN_VERBS,
    STOP,
    asked_words,
    bare_answer,
    compound_heads,
    forms,
    main_words,
    ongoing_words,
    plain_vowel,
    relative_word,
    same,
    sentence_fronts,
    sentence_subject,
    sentence_words,
    shares,
    topic_words,
    widened,
    with_collapsed,
)
from novaberg.text.recall_question import MemoryQuestion
from novaberg.text.told_slots import RELATIVES, slot_of

__all__ = ["told_about", "score_told", "TopicScorer"]


def told_about(question: MemoryQuestion, said: str, names: dict[str, str] | None = None) -> bool:
    """The told sentence holds a word of the question's topic (whole words, folded, or a compound's head); with
    `names` a relative's name stands for the relative (*Lena* for *Schwester*) and the other way round."""
    return score_told(question, said, names) > 0


def score_told(question: MemoryQuestion, said: str, names: dict[str, str] | None = None) -> int:
    """How many of the question's own topic words the sentence holds (a widened family word counts once); a
    sentence filling the asked slot (`text/told_slots.py`: *Ich bin Schreiner* for *Was arbeite ich?*) counts as found."""
    return TopicScorer.of(question, names).score(said)


def _fronts(topic: str) -> frozenset[str]:
    """What a compound may open with for an asked noun: the noun, its forms of five or more letters, its stem
    without the umlaut (*Zahn*fleisch for *Zähnen*), and the general word of its family it opens with itself
    (*Lungen*krebs for *Lungenerkrankung*) — never a cut stem of four letters (*geho* would open *gehört*)."""
    own = {form for form in forms(topic) if len(form) >= 5 or form == topic} \
        | {plain for form in forms(topic) if (plain := plain_vowel(form)) is not None and len(plain) >= 4}
    heads = {head for heads, _ in FAMILIES for head in heads
             if len(head) >= 4 and topic.startswith(head) and any(same(topic, h) for h in heads)}
    return frozenset(own | heads)


class TopicScorer:
    """`score_told` for one question over many told sentences, prepared once per read: the names joined to the
    topic, and for each word the question can be found by, the sentence words that find it. A sentence is then
    scored by set lookups against its own words and word endings (cached per sentence text).

    The rule: a sentence answers when one of its words is a topic word up to a short ending (*Schwestern*; no stop
    word), or one of the asked words in two forms (*arbeite*/*Arbeit*), or five or more letters from the start or
    the end of a longer asked word (*Rücken* for *Rückenschmerzen*), or a compound ending in a form of an asked word
    of four or more letters or in a kind (*Tierhaarallergie* for *Allergien*, *Beachvolleyball*: at least three
    letters before the head), or it fills the asked slot; its score is one plus the number of asked words it holds
    so. Never a neighbour: a question with nouns as written (*Wie viel Alkohol trinke ich?*) is
    answered only by a sentence holding one of them (or a word of its family); a name question (*Wie heißt meine
    Schwester?*) only by one that says a name of hers or names someone; a question about the family only by one
    about a relative; *Wo arbeitet mein Bruder?* only by one about work (or filling that slot)."""

    def __init__(self, question: MemoryQuestion, names: dict[str, str]) -> None:
        topics, asked = set(question.topics), set(question.asked)
        nouns = set(widened(question.nouns)) if question.nouns else set()
        for name, rel in names.items():  # in the names' order: a name joined earlier lets its relative's names in
            if rel in topics or name in topics:
                topics |= {name, rel}
                if rel in asked or name in asked:
                    asked |= {name, rel}
            if nouns and (rel in nouns or name in nouns):
                nouns |= {name, rel}
        self.slot, self.names = question.slot, names
        # an asked noun may be a compound's first part too (*Lungenkrebs* for *Lunge*): its forms of four letters
        # or more, the umlaut's too (*Zahnfleisch* for *Zähne*)
        asked_nouns = frozenset(question.nouns) & frozenset(asked)
        fronts = {topic: _fronts(topic) for topic in asked_nouns}
        self.per_asked = tuple((topic, with_collapsed(asked_words(topic)),
                                with_collapsed(compound_heads(frozenset({topic}), frozenset())),
                                fronts.get(topic, frozenset()))
                               for topic in sorted(asked))
        self.fronts = frozenset().union(*fronts.values())
        self.whole = with_collapsed((topic_words(frozenset(topics)) - STOP).union(
            *(words for _, words, _, _ in self.per_asked)))
        self.tails = with_collapsed(compound_heads(frozenset(asked), frozenset(topics)))
        self.noun_whole, self.noun_tails = frozenset(), frozenset()
        if nouns:
            self.noun_whole = with_collapsed((topic_words(frozenset(nouns)) - STOP).union(
                *(words for topic, words, _, _ in self.per_asked if topic in nouns)))
            self.noun_tails = with_collapsed(compound_heads(asked_nouns, frozenset(nouns)))
        relatives = {w for w in asked if w in RELATIVES}
        self.names_asked = frozenset(n for n, rel in names.items() if rel in relatives) | NAMING \
            if question.wants_name else frozenset()
        self.kin = topic_words(KIN_WORDS | COLLECTIVE_KIN) | frozenset(names) if question.kin else frozenset()
        self.companions = topic_words(KIN_WORDS) | COMPANIONS | frozenset(names) if question.with_whom else frozenset()
        self.verb = (topic_words(question.verb) - STOP) if question.verb else frozenset()
        # the person asked about: the subjects that answer, the words that name them (their names too), and the
        # asked words that say what of them (*Beruf* in *Was ist meine Frau von Beruf?*) — one of these must be
        # held too (or the person's slot filled) when there are any
        self.by_name = question.who if question.named else frozenset()
        self.who = question.who
        self.who_words = (topic_words(self.who) | frozenset(n for n, rel in names.items() if rel in self.who)) \
            if self.who and not self.by_name else self.by_name
        self.names_key = frozenset(names.items())
        # whose slot answers: the asked relatives, or the relative a name asked for was introduced as
        self.fill_who = self.who | frozenset(names[w] for w in self.by_name if w in names)
        related = self.fill_who  # *Mimi*: her *Katze* too
        self.content = tuple((words | (topic_words(widened([topic])) - STOP), heads, starts)
                             for topic, words, heads, starts in self.per_asked
                             if not (words & self.who_words) and topic not in related
                             and (question.what is None or topic in question.what)) \
            if self.who and not question.wants_name and question.what != frozenset() else ()
        self.years = question.years
        # *Wie oft trinke ich Alkohol?*: the asked verb, for a sentence that says it and names nothing else
        self.bare = frozenset(w for w in question.asked - question.nouns if w not in STOP) if question.nouns \
            else frozenset()
        self.herself = question.about_herself
        self.first_person = question.first_person

    @classmethod
    def of(cls, question: MemoryQuestion, names: dict[str, str] | None = None) -> TopicScorer:
        return cls(question, names or {})

    def score(self, said: str) -> int:
        return self._points(said, *sentence_words(said))

    def primary(self, said: str) -> bool:
        """The sentence answers by its main clauses alone (`recall_forms.main_words`): what it tells, not a side
        matter — *Ich leide unter Migräne* is about pains, *Ich spiele Volleyball, … da das meine Rückenschmerzen
        verstärken kann* is about sport."""
        return self._points(said, *main_words(said)) > 0

    def ongoing(self, said: str) -> bool:
        """The sentence answers by its clauses that say what she does, not what she does no more
        (`recall_forms.ongoing_words`): *Ich gehe laufen* answers *Was für Sport mache ich?*, *Tennis spielen geht
        nicht mehr* only when nothing else does."""
        return self._points(said, *ongoing_words(said)) > 0

    def _points(self, said: str, word_set: frozenset[str], tails: frozenset[str]) -> int:
        front = bool(self.fronts) and not self.fronts.isdisjoint(sentence_fronts(said)) \
            and not self.fronts.isdisjoint(word[:cut] for word in word_set for cut in range(4, len(word) - 2))
        fills = self._fills(said)
        if word_set.isdisjoint(self.whole) and tails.isdisjoint(self.tails) and not fills and not front:
            return 0
        if self.noun_whole and word_set.isdisjoint(self.noun_whole) and tails.isdisjoint(self.noun_tails) \
                and not fills and not front and not (self.bare and bare_answer(said, self.bare)):
            return 0
        if self.names_asked and word_set.isdisjoint(self.names_asked):
            return 0
        if self.kin and word_set.isdisjoint(self.kin) and tails.isdisjoint(KIN_TAILS):
            return 0
        if self.companions and word_set.isdisjoint(self.companions) and tails.isdisjoint(KIN_TAILS) \
                and tails.isdisjoint(self.companions):
            return 0  # *Ich lebe abstinent* says how, not with whom
        if self.verb and word_set.isdisjoint(self.verb) and not fills:
            return 0
        if self.who and not self._about_who(said, word_set, tails, fills):
            return 0
        if self.herself and sentence_subject(said, self.names_key) not in (None, "ich"):  # *Wo arbeite ich?*: not his work
            return 0
        if self.years and word_set.isdisjoint(self.years):  # the 2023 tax return is no answer about 2024
            return 0
        fronts = sentence_fronts(said) if front else frozenset()
        return 1 + sum(1 for _, words, heads, starts in self.per_asked
                       if not word_set.isdisjoint(words) or not tails.isdisjoint(heads)
                       or starts and not fronts.isdisjoint(starts))

    def _fills(self, said: str) -> bool:
        if self.slot is None:
            return False
        filled = slot_of(said, self.names) or ""
        if not filled.endswith("|" + self.slot):
            return False
        subject = filled[: -len(self.slot) - 1]  # *Ich bin Lehrerin* fills her own work slot, not her husband's
        return subject in self.fill_who if self.who else subject == "ich" if self.herself else True

    def _fills_her_own(self, said: str) -> bool:
        """The sentence fills her own slot of the asked kind (or says her own verb of it: *Ich wohne …*), and does
        not share it with the asked person (*Ich wohne mit meinem Mann in Regensburg*, *Mein Mann und ich …*)."""
        if self.slot is None:
            return False
        if (slot_of(said, self.names) or "") != "ich|" + self.slot and sentence_words(said)[0].isdisjoint(
                OWN_VERBS.get(self.slot, ())):
            return False
        return not shares(said, self.who)

    def _about_who(self, said: str, word_set: frozenset[str], tails: frozenset[str], fills: bool) -> bool:
        """The sentence is about the asked person: its subject is them, or it names them and its subject is she
        (*Ich wohne mit meinem Mann in Regensburg*) — never someone else's sentence (*Die Frau meines Bruders …*);
        and when the question asks what of them, it holds that too or fills their slot."""
        if self.by_name:
            if word_set.isdisjoint(self.by_name):
                return False
        else:
            subject = sentence_subject(said, self.names_key)
            if subject not in self.who and not (subject in (None, "ich") and (
                    not word_set.isdisjoint(self.who_words) or any(relative_word(w) in self.who for w in word_set))):
                return False  # (*Söhne* names a son: a plural that is no short ending away)
            if subject not in self.who and not self.first_person and self._fills_her_own(said):
                return False  # *Ich wohne seit der Trennung von meinem Mann in Köln*: her home, not his
        return not self.content or fills or any(not word_set.isdisjoint(words) or not tails.isdisjoint(heads)
                                                or starts and not sentence_fronts(said).isdisjoint(starts)
                                                for words, heads, starts in self.content)
