"""The fourth recall set written by others: everyday first-person sentences from Tatoeba
(https://tatoeba.org, CC BY 2.0 FR), as the German–English pair file `deu.txt` (German sentence in the second
column) holds them — see `data/TATOEBA_NOTICE.md`. The file is committed as `data/deu.txt`; it is read from
`--tatoeba PATH` (`--tatoeba bench/memory/data/deu.txt`).

**How the set is made, fixed before the first run.**

*Usable sentences.* A German sentence (second column, duplicates once) is usable when its subject and verb put it
into one of the families below (`FAMILIES`, checked in that order, the first that matches wins) — a pattern on the
sentence's opening, never our reader: *Ich wohne/lebe in|auf|bei|…* (where I live), *Ich arbeite als|bei|in|…*
(work), *Ich studiere* + a noun (studies), *Ich komme aus* (origin), *Ich spreche* + a noun (languages), *Ich spiele*
+ a noun (games, sports, instruments), *Ich esse/trinke* + a habit word (food, drink), *Ich <verb> gern* (pastimes),
*Ich bin N (Jahre alt)* (age), *Ich bin allergisch* (allergies), *Ich habe zwei Brüder / keine Kinder* (family size),
*Mein Vater heißt …, Meine Schwester arbeitet …* (a relative with a verb of a lasting fact), *Mein Hund …, Ich habe
eine Katze* (pets). A sentence that says *nicht*, *hier* (which place is that?) or *gerade* (a moment, not a fact) is
not usable; nor is one without a key (below).

*Persons.* The families' sentences are ordered by a hash of the sentence; person k orders the families by a hash of
(k, family) and takes the next unused sentence of each of the first six that still have one — one sentence per
family per person. Every second person whose families include a single-valued one (where I live, work, studies,
age) with a second unused sentence tells that family twice: the first on day 1, the second on day 29 (four weeks
apart); the others are told on days 4, 8, 12, 16, 20 (23), each on its own day among the bench's small talk and
commands. Persons are made while four or more families have sentences left. Every second person says *Sie*.

*Questions* (written before the first run, `FAMILIES`): each told family is asked with its everyday question; the
update family with its *jetzt* question (the answer must give the newer sentence and not the older one as current);
the first told family (not the update's) also as *„Wann hab ich dir erzählt, …?"*; and two questions about
something never told: the question of the first neighbour family (`NEIGHBOURS`) of which exactly one is told, and a
name question about a relative no sentence of the person mentions. (Two corrections after the first run, before any
change of the reader: *spielen*/*gern* is no neighbour pair, and a family question is not asked as never told while a
relative's sentence was told — see `NEIGHBOURS`, `ANSWERED_BY`; both parts were measured again. A third, after a
later development run: every told sentence saying *gern* answers *Was mache ich gern?* beside its own fact and is not
counted as invented — `_liked_too`.)

*Keys.* An answer is right when it holds one of the keys of the fact: `recall_cases.answer_keys` of the sentence
without its matched opening (the subject and verb: *Ich wohne in*); when that leaves no word of four letters, the
longest word of three letters (or a number) that is no stop word (*Tom*, *Bar*, *19*).

*Parts.* The persons are split by a hash of their id into a development part (`tatoeba_entwicklung`, looked at and
tuned on) and a held-out part (`tatoeba_zurueck`, reported as aggregates only) before any run.

    python -m bench.memory.recall --tatoeba bench/memory/data/deu.txt --part tatoeba_entwicklung --show-wrong
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, replace
from pathlib import Path

from bench.memory.recall_cases import (
    ABSTENTION,
    SINGLE,
    TEMPORAL,
    UPDATE,
    Fact,
    Question,
    Scenario,
    answer_keys,
)
from novaberg.text.words import fold

__all__ = ["DEV", "HELD_OUT", "FAMILIES", "family_of", "fourth_scenarios", "keys_of"]

DEV, HELD_OUT = "tatoeba_entwicklung", "tatoeba_zurueck"
TOLD_PER_PERSON = 6


@dataclass(frozen=True)
class Family:
    name: str
    opening: str  # a pattern on the folded sentence's opening: its subject and verb
    du: str  # the everyday question
    sie: str
    when: str  # "Wann hab ich dir erzählt, {when}?" / "Wann habe ich Ihnen erzählt, {when}?"
    now_du: str = ""  # single-valued: the knowledge-update question
    now_sie: str = ""
    noun_after: bool = False  # the word after the opening must be written as a noun (*Ich spiele Tennis*)


_REL_M = ("vater", "bruder", "mann", "sohn", "onkel", "opa", "grossvater", "freund", "cousin", "enkel", "chef",
          "nachbar", "kollege", "schwager")
_REL_F = ("mutter", "schwester", "frau", "tochter", "tante", "oma", "grossmutter", "freundin", "cousine", "enkelin",
          "chefin", "nachbarin", "kollegin")
_REL_PL = ("eltern", "kinder", "brueder", "schwestern", "grosseltern")
_REL_VERBS = ("heisst", "heissen", "arbeitet", "arbeiten", "wohnt", "wohnen", "lebt", "leben", "studiert", "spielt",
              "spricht", "ist", "sind", "hat", "haben", "mag", "liebt", "kocht", "faehrt", "raucht", "trinkt", "isst",
              "kommt aus", "kommen aus")
_PETS = "hund|hunde|katze|katzen|kater|pferd|pferde|vogel|voegel|hamster|kaninchen|papagei|goldfisch|goldfische|haustier|haustiere"
_KIN = "bruder|brueder|schwester|schwestern|kind|kinder|sohn|soehne|tochter|toechter|geschwister|enkel|enkelkinder"
_NUMBER = r"(\d+|zwei|drei|vier|fuenf|sechs|sieben|acht|neun|zehn|elf|zwoelf|\w+zehn|\w*zwanzig|\w*dreissig|" \
          r"\w*vierzig|\w*fuenfzig|\w*sechzig|\w*siebzig|\w*achtzig|\w*neunzig)"
_HABIT = r"(gern|gerne|kein|keine|keinen|nie|oft|immer|jeden|jede|viel|selten|lieber|am liebsten|morgens|abends|" \
         r"taeglich|nur|fast|normalerweise|gewoehnlich|des oefteren|auch)"

FAMILIES: tuple[Family, ...] = (
    Family("wohnen", r"ich (wohne|lebe) (auch |jetzt |noch |zusammen )?(in|im|auf|am|an|bei|mit|allein|alleine)\b",
           "Wo wohne ich?", "Wo wohne ich, wissen Sie das noch?", "wo ich wohne",
           "Wo wohne ich jetzt?", "Wo wohne ich jetzt, wissen Sie das noch?"),
    Family("arbeit", r"ich arbeite (jetzt |nur |auch |halbtags )?(als|bei|in|im|auf|fuer|zu hause)\b",
           "Wo arbeite ich nochmal?", "Wissen Sie noch, wo ich arbeite?", "wo ich arbeite",
           "Wo arbeite ich jetzt?", "Wo arbeite ich jetzt, wissen Sie das noch?"),
    Family("studium", r"ich studiere", "Was studiere ich?", "Was studiere ich, wissen Sie das noch?",
           "was ich studiere", "Was studiere ich jetzt?", "Was studiere ich inzwischen?", noun_after=True),
    Family("herkunft", r"ich komme (ursprünglich )?aus\b", "Woher komme ich?", "Woher komme ich, wissen Sie das noch?",
           "woher ich komme"),
    Family("sprache", r"ich spreche (auch |nur |viel |fliessend |gut |ein bisschen |etwas )?", "Welche Sprachen spreche ich?",
           "Welche Sprachen spreche ich, wissen Sie das noch?", "welche Sprachen ich spreche", noun_after=True),
    Family("spielen", r"ich spiele (gern |gerne |sehr gerne |gut |auch |ebenfalls |oft )?", "Was spiele ich?",
           "Wissen Sie noch, was ich spiele?", "was ich spiele", noun_after=True),
    Family("essen", r"ich esse (\w+ )?" + _HABIT + r"\b", "Was hab ich dir übers Essen erzählt?",
           "Was habe ich Ihnen über mein Essen erzählt?", "was ich esse"),
    Family("trinken", r"ich trinke (\w+ )?" + _HABIT + r"\b|ich trinke (?=[a-z])", "Was trinke ich?",
           "Was trinke ich, wissen Sie das noch?", "was ich trinke"),
    Family("gern", r"ich (?!haette|moechte|wuerde|habe|bin|esse|trinke|spiele|arbeite|wohne|lebe)[a-z]+e (sehr )?gerne?\b",
           "Was mache ich gern?", "Was mache ich gern, wissen Sie das noch?", "was ich gern mache"),
    Family("alter", r"ich bin (schon |erst |jetzt )?(?=" + _NUMBER + r"( jahre( alt)?)?\.?$)", "Wie alt bin ich?",
           "Wie alt bin ich, wissen Sie das noch?", "wie alt ich bin", "Wie alt bin ich jetzt?",
           "Wie alt bin ich inzwischen, wissen Sie das noch?"),
    Family("allergie", r"ich bin (\w+ )?allergisch|ich habe (eine |einen )?\w*(allergie|heuschnupfen)",
           "Wogegen bin ich allergisch?", "Wogegen bin ich allergisch, wissen Sie das noch?",
           "wogegen ich allergisch bin"),
    Family("geschwister", r"ich habe (?=(einen|eine|ein|zwei|drei|vier|fuenf|keine|\d+) (\w+ )?(" + _KIN + r")\b)",
           "Was hab ich dir über meine Familie erzählt?", "Was habe ich Ihnen über meine Familie erzählt?",
           "wie groß meine Familie ist"),
    Family("haustier", r"(mein|meine) (" + _PETS + r") \w+|ich habe (?=(einen|eine|ein|zwei|drei|vier|keine|keinen) "
           r"(\w+ )?(" + _PETS + r")\b)", "Was weißt du über meine Haustiere?",
           "Was wissen Sie über meine Haustiere?", "was für Haustiere ich habe"),
    Family("angehoerige", r"(mein|meine) (" + "|".join(_REL_M + _REL_F + _REL_PL) + r") (" + "|".join(_REL_VERBS) +
           r")\b", "Was hab ich dir über {acc} erzählt?", "Was habe ich Ihnen über {acc} erzählt?", ""),
)
_BY_NAME = {family.name: family for family in FAMILIES}
SINGLE_VALUED = ("wohnen", "arbeit", "studium", "alter")
# of two families of one kind, the one never told is asked (its answer must not be the other's fact)
# (*Was spiele ich?* beside *Was mache ich gern?* was one until the first development run showed that *Ich spiele gerne
# Tennis* rightly answers *Was mache ich gern?* — a pair whose question the other's sentence answers is no neighbour)
NEIGHBOURS: tuple[tuple[str, str], ...] = (("wohnen", "herkunft"), ("arbeit", "studium"), ("essen", "trinken"), ("haustier", "geschwister"), ("sprache", "herkunft"),
                                           ("allergie", "essen"), ("alter", "geschwister"), ("studium", "sprache"))
# a never-told question is not asked while a told family answers it (*Was hab ich dir über meine Familie erzählt?* is
# rightly answered by *Meine Mutter ist aktiv*) — the second correction after the first development run
ANSWERED_BY = {"geschwister": ("angehoerige",)}
_NAMES_ASKED = (("meine Schwester", "Wie heißt meine Schwester?"), ("mein Bruder", "Wie heißt mein Bruder?"),
                ("meine Tochter", "Wie heißt meine Tochter?"), ("mein Sohn", "Wie heißt mein Sohn?"),
                ("meine Tante", "Wie heißt meine Tante?"), ("mein Onkel", "Wie heißt mein Onkel?"),
                ("meine Nachbarin", "Wie heißt meine Nachbarin?"), ("mein Chef", "Wie heißt mein Chef?"))
_NOT_USABLE = re.compile(r"\b(nicht|hier|hierher|gerade|daran|dorthin|dahin|ihm|ihr|dich|euch|sie)\b")
_STOP3 = frozenset({"ich", "und", "die", "der", "das", "den", "dem", "des", "ein", "mit", "von", "bei", "aus", "auf",
                    "zum", "zur", "mir", "mich", "wir", "uns", "auch", "sehr", "gern", "noch", "nur", "viel", "oft",
                    "nie", "als", "fuer", "jahre", "alt", "gerne", "immer", "jeden", "jede", "kein", "keine",
                    "keinen", "mein", "meine", "meinem", "meinen", "meiner", "dass", "bin", "ist", "hat", "sind",
                    "habe", "einen", "eine", "einem", "einer", "lieber", "schon", "jetzt", "erst", "gegen", "ganz", "mal", "etwas", "wie", "was", "wer", "wo", "vor", "nach", "ins", "im", "am",
                    "an", "in", "zu", "es", "er"})


def family_of(sentence: str) -> tuple[Family, re.Match[str]] | None:
    """The first family whose opening the sentence starts with, and the match (on the folded sentence)."""
    folded = fold(sentence.strip())
    if _NOT_USABLE.search(folded):
        return None
    for family in FAMILIES:
        found = re.match(family.opening, folded)
        if not found:
            continue
        if family.noun_after and not _noun_follows(sentence, found.end()):
            return None
        return family, found
    return None


def _noun_follows(sentence: str, at: int) -> bool:
    """The word after the opening is written with a capital (*Ich spiele Tennis*, not *Ich spiele mit ihm*)."""
    rest = _raw_rest(sentence, at)
    return bool(rest) and rest[0].isupper()


def _raw_rest(sentence: str, at: int) -> str:
    """The raw text after the `at`-th folded character (folding widens ä → ae, ß → ss)."""
    raw = sentence.strip()
    for cut in range(len(raw) + 1):
        if len(fold(raw[:cut])) >= at:
            return raw[cut:].lstrip()
    return ""


def keys_of(sentence: str, found: re.Match[str]) -> tuple[str, ...]:
    """`answer_keys` of the sentence without its opening; else its longest word of three letters (no stop word)."""
    rest = fold(sentence)[found.end():]
    keys = tuple(k for k in answer_keys(rest) if k not in _STOP3)
    if keys:
        return keys
    short = sorted({w for w in re.findall(r"[a-z0-9]+", rest) if (len(w) >= 3 or w.isdigit()) and w not in _STOP3},
                   key=lambda w: (-len(w), w))
    return tuple(short[:1])


def _hash(*parts: str) -> int:
    return int.from_bytes(hashlib.sha256("|".join(("tatoeba-fourth", *parts)).encode()).digest()[:4], "big")


def _relative(found: re.Match[str]) -> tuple[str, str, str] | None:
    """(the relative as said, accusative, dative) of an *angehoerige* sentence: *meinen Vater*, *meinem Vater*."""
    words = found.group(0).split()
    if len(words) < 2:
        return None
    noun = words[1]
    display = {"grossvater": "Großvater", "grossmutter": "Großmutter", "brueder": "Brüder",
               "grosseltern": "Großeltern"}.get(noun, noun.capitalize())
    if noun in _REL_M:
        return display, f"meinen {display}", f"meinem {display}"
    if noun in _REL_F:
        return display, f"meine {display}", f"meiner {display}"
    return display, f"meine {display}", f"meinen {display}" + ("" if display.endswith("n") else "n")


def _usable(lines: list[str]) -> dict[str, list[tuple[str, tuple[str, ...], re.Match[str]]]]:
    seen: set[str] = set()
    out: dict[str, list[tuple[str, tuple[str, ...], re.Match[str]]]] = {f.name: [] for f in FAMILIES}
    for line in lines:
        columns = line.rstrip("\n").split("\t")
        if len(columns) < 2:
            continue
        sentence = columns[1].strip()
        if sentence in seen or not sentence.endswith("."):
            continue
        seen.add(sentence)
        read = family_of(sentence)
        if read is None:
            continue
        keys = keys_of(sentence, read[1])
        if keys:
            out[read[0].name].append((sentence, keys, read[1]))
    for name in out:
        out[name].sort(key=lambda item: _hash(item[0]))
    return out


def _question_for(family: Family, found: re.Match[str], sie: bool, now: bool = False) -> str:
    if family.name == "angehoerige":
        relative = _relative(found)
        return (family.sie if sie else family.du).format(acc=relative[1] if relative else "meine Familie")
    if now:
        return family.now_sie if sie else family.now_du
    return family.sie if sie else family.du


def _when_question(family: Family, found: re.Match[str], sie: bool) -> str:
    if family.name == "angehoerige":
        relative = _relative(found)
        about = relative[2] if relative else "meiner Familie"
        return f"Wann habe ich Ihnen von {about} erzählt?" if sie else f"Wann hab ich dir von {about} erzählt?"
    return f"Wann habe ich Ihnen erzählt, {family.when}?" if sie else f"Wann hab ich dir erzählt, {family.when}?"


def fourth_scenarios(source: Path | None) -> tuple[Scenario, ...]:
    """The persons of the fourth set from the pair file, or () without it."""
    if source is None or not source.exists():
        return ()
    pools = _usable(source.read_text(encoding="utf-8").splitlines())
    used = {name: 0 for name in pools}
    out: list[Scenario] = []
    index = 0
    while sum(1 for name in pools if used[name] < len(pools[name])) >= 4:
        person = f"tatoeba4_{index}"
        order = sorted((name for name in pools if used[name] < len(pools[name])), key=lambda n: _hash(person, n))
        chosen = order[:TOLD_PER_PERSON]
        update = None
        if index % 2 == 0:
            update = next((n for n in chosen if n in SINGLE_VALUED and used[n] + 1 < len(pools[n])), None)
        sie = index % 2 == 1
        facts: dict[str, Fact] = {}
        questions: list[Question] = []
        told_families: list[tuple[Family, re.Match[str], str]] = []
        days = iter((4, 8, 12, 16, 20, 23))
        for name in chosen:
            family = _BY_NAME[name]
            sentence, keys, found = pools[name][used[name]]
            used[name] += 1
            if name == update:
                newer, new_keys, new_found = pools[name][used[name]]
                used[name] += 1
                facts[name + "_alt"] = Fact(1, sentence, keys)
                facts[name] = Fact(29, newer, new_keys)
                questions.append(Question(UPDATE, _question_for(family, new_found, sie, now=True), (name,),
                                          old=name + "_alt"))
                continue
            facts[name] = Fact(next(days), sentence, keys)
            questions.append(Question(SINGLE, _question_for(family, found, sie), (name,)))
            told_families.append((family, found, name))
        questions = [_liked_too(question, facts) for question in questions]
        if told_families:
            family, found, name = told_families[0]
            questions.append(Question(TEMPORAL, _when_question(family, found, sie), day_of=name))
        questions.extend(_abstentions(chosen, facts, sie))
        part = HELD_OUT if _hash(person) % 2 else DEV
        out.append(Scenario(person, facts, tuple(questions), part=part, sie=sie))
        index += 1
    return tuple(out)


_LIKES = re.compile(r"\b(gern|gerne)\b")


def _liked_too(question: Question, facts: dict[str, Fact]) -> Question:
    """*Was mache ich gern?* asks for everything she likes: every told sentence that says *gern* answers it (*Ich
    esse sehr gerne Pizza* beside *Ich trage gerne Rot*) — the third correction, after the fourth development run
    counted such a list as invented; a rule of the question's form, the same for every person and both parts."""
    if question.category != SINGLE or question.wants != ("gern",):
        return question
    liked = tuple(name for name, fact in facts.items() if name != "gern" and _LIKES.search(fold(fact.said)))
    return replace(question, also=liked) if liked else question


def _abstentions(chosen: list[str], facts: dict[str, Fact], sie: bool) -> list[Question]:
    out = []
    for first, second in NEIGHBOURS:
        if (first in chosen) != (second in chosen):
            never = _BY_NAME[second if first in chosen else first]
            if any(told in chosen for told in ANSWERED_BY.get(never.name, ())):
                continue
            out.append(Question(ABSTENTION, never.sie if sie else never.du))
            break
    said = " ".join(fold(fact.said) for fact in facts.values())
    for relative, question in _NAMES_ASKED:
        noun = fold(relative.split()[1])
        if not re.search(rf"\b{noun}\w*", said):
            out.append(Question(ABSTENTION, question if not sie else question[:-1] + ", wissen Sie das noch?"))
            break
    return out
