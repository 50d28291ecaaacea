"""What a told sentence is about: its subject and the slot it fills (knowledge updates: a newer sentence in the
same slot supersedes the older one; the memory compares the slots this module reads).

**The rule.** Two told sentences fill the same slot when they have the same subject and name the same kind of
thing that holds one value at a time: where the subject lives (*wohne, lebt in, umgezogen, gezogen nach*), where or
as what it works (*arbeite, jobbe, Stelle gewechselt, ich bin Lehrerin*), what it studies, a favourite
(*Lieblingsessen*, *Lieblingsbuch* — each compound its own slot), the name of a person or pet (*Meine Freundin
heißt …*), a role in its life (*Hausarzt*, *Chef*), the car it drives, where the summer holiday goes, its age. The subject is
the person herself (*ich*, *wir*, *mein Lieblings…*) or a relative (*meine Tochter Sarah …*, *Oma Erna …*); a name
that opens a sentence is the relative it was introduced with (*Meine Tochter Sarah* → *Sarah ist nach Hamburg
gezogen* is about the daughter). A newer sentence in the same slot supersedes an older one; any other newer
sentence supersedes nothing. No model, no SQL: pure text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from novaberg.text.calendar import MONTH_NAMES, WEEKDAY_NAMES
from novaberg.text.data_files import read_json
from novaberg.text.per_turn import read_kept
from novaberg.text.recall_patterns import IS_A as _IS_A
from novaberg.text.recall_patterns import OWNED_BY as _OWNED_BY
from novaberg.text.recall_patterns import recall_words
from novaberg.text.words import fold
from novaberg.text.words import words as _words

__all__ = ["RELATIVES", "SYNONYMS", "TIME_NOUNS", "names_of", "subject_of", "slot_of", "first_person", "relative_of"]

_TABLES = read_json(__package__, "told_slots_de.json")
RELATIVES = frozenset(_TABLES["relatives"])
_ME = frozenset(_TABLES["first_person"])
_WORDS = recall_words()  # `text/recall_de.json`
# The car family (a car told is one value at a time: *Ich habe mir einen Tesla gekauft* after *Ich fahre einen
# Golf*), and what fills a relative's work slot (*Meine Frau ist Ärztin*).
_CARS = frozenset(next(f["words"] for f in _WORDS["families"] if f["name"] == "auto"))
_PROFESSIONS = frozenset(_WORDS["professions"])
_POSSESSIVES = frozenset(_TABLES["possessives"])
_ADJECTIVES = frozenset(_TABLES["adjectives"])
_OWN = r"(mein|meine|meinem|meinen|meiner|unser|unsere|unserem|unseren)"
_ADJECTIVE = r"((neue|neuer|neuen|neues|beste|bester|besten|kleine|kleiner|grosse|grosser|aeltere|aelterer|juengere|" \
             r"juengerer|alte|alter)\s+)?"
# "Meine Schwester Lena", "Mein Hund heißt Bruno", "eine Katze, sie heißt Minka", "zwei Kinder, Ella und Noah"
_NAMED = re.compile(r"\b(?:[Mm]ein|[Mm]eine|[Mm]einen|[Mm]einem|[Uu]nser|[Uu]nsere|[Ee]ine|[Ee]inen|[Ee]in|[Zz]wei|"
                    r"[Dd]rei)\s+(?:\w+\s+)?(?P<rel>[A-ZÄÖÜ]\w+)(?:\s+hei(?:ß|ss)t|\s*,\s*(?:sie|er|es)\s+hei(?:ß|ss)(?:t|en)|\s*,|\s+)"
                    r"\s*(?P<name>[A-ZÄÖÜ][a-zäöüß]+)(?:\s+und\s+(?P<second>[A-ZÄÖÜ][a-zäöüß]+))?")
# "einen Hund aus dem Tierheim geholt, er heißt Rocky", "zwei Katzen, sie heißen Tom und Jerry": the name after the
# clause that brought the relative in.
_NAMED_AFTER = re.compile(r"\b(?:[Ee]ine|[Ee]inen|[Ee]in|[Zz]wei|[Dd]rei|[Mm]eine|[Mm]einen)\s+(?:\w+\s+)?"
                          r"(?P<rel>[A-ZÄÖÜ]\w+)(?:\s+[\wäöüß]+){1,6}\s*,\s*(?:sie|er|es|die|der|das)\s+"
                          r"hei(?:ß|ss)(?:t|en)\s+(?P<name>[A-ZÄÖÜ][a-zäöüß]+)(?:\s+und\s+(?P<second>[A-ZÄÖÜ][a-zäöüß]+))?")
_PROFESSION = re.compile(r"\bich\s+bin\s+(?!(wieder|immer|leider|sicher|gerade|hier|drin|aber|oder|nie|besser|lieber|"
                         r"weiter|einer|keiner|darin|mitten|allergisch|vegetarier\w*|veganer\w*|raucher\w*)\b)"
                         r"(ein\s+|eine\s+)?\w+(erin|er|in|ent|entin|eur|eurin|ist|istin|arzt|aerztin|koch|koechin|"
                         r"beamter|beamtin|azubi)\b(?!\s+(geworden|gezogen|gekommen))")
# A change of subject names a field of study by its ending (*zu Wirtschaftsingenieurwesen gewechselt*, *in die
# Germanistik*); a change to a firm (*zu Siemens gewechselt*) is no study.
_FIELDS = "wesen|wissenschaft|wissenschaften|informatik|medizin|lehre|kunde|istik|logie|sophie|nomie|technik|" \
          "paedagogik|physik|chemie|mathematik|biologie|jura|recht|mechanik|architektur|design"
_SLOTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # where (*in*, *auf dem Land*, *auf einem Boot*, *bei meinem Vater*), alone or with whom she lives — not how
    # (*Ich lebe vegan*, *… mit Diabetes*)
    ("wohnort", re.compile(r"\b(wohne|wohnen|wohnt|lebe|leben|lebt)\b(\s+\w+){0,5}?\s+(in|im|nach|auf|bei|beim|allein|"
                           r"alleine|zusammen|ausserhalb|mit\s+(mein|meine|meinem|meinen|meiner|unser\w*))\b|"
                           r"\bumgezogen\b|"
                           r"\bnach\s+\w+\s+(zurueck\s+|zurueckge)?gezogen\b|\bziehen?\s+nach\b|\bzieht\s+nach\b")),
    ("arbeit", re.compile(r"\b(arbeite|arbeitet|jobbe|jobbt|unterrichte|unterrichtet)\b|\bstelle\s+gewechselt\b|"
                          r"\bneue\s+stelle\b")),
    ("studium", re.compile(r"\b(studiere|studiert)\b|\b(studium|studiengang|studienfach|fach|hauptfach|uni|"
                           r"hochschule)\b.*\bgewechselt\b|\b(zu|in|nach)\s+(der\s+|die\s+)?\w*(" + _FIELDS +
                           r")\s+gewechselt\b")),
    ("auto", re.compile(r"\b(fahre|faehrt)\s+(ich\s+|er\s+|sie\s+)?(jetzt\s+|inzwischen\s+|seit\s+\w+\s+)?(einen|ein|eine)\s+"
                        r"(\w+\s+)?[a-z]+\b|\b(mein|meine|sein|ihr)\s+(neues\s+|neuer\s+|altes\s+)?(auto|wagen)\b|"
                        rf"\b({'|'.join(sorted(_CARS))})\b.*\b(gekauft|geholt|angeschafft|geleast|bestellt|abgeholt)\b")),
    # a trip: holiday words, or going somewhere at a named season or month (*Im Frühjahr … an den Gardasee fahren*)
    ("urlaub", re.compile(r"urlaub|\bferien\b|\breise\b|auslandssemester|"
                          r"^(?=.*\b(fahre|fahren|fliege|fliegen|reise|reisen|geht)\b)"
                          r"(?=.*\b(nach|an\s+den|an\s+die|in\s+die)\b)"
                          r"(?=.*\b(im|ab)\s+(sommer|fruehjahr|fruehling|herbst|winter|"
                          rf"{'|'.join(fold(month) for month in MONTH_NAMES)})\b)")),
    # an age: a number after *bin/ist/sind/werde/wird*, said in years or ending the sentence (*Ich bin dreißig.*,
    # *Ich bin jetzt 30 Jahre alt*, *Mein Sohn wird fünf*) — one value at a time, the newer supersedes
    ("alter", re.compile(r"\b(bin|ist|sind|werde|wird|wurde)\s+(jetzt\s+|schon\s+|erst\s+|gerade\s+|inzwischen\s+|bald\s+)?"
                         r"(\d{1,3}|ein|eins|zwei|drei|vier|fuenf|sechs|sieben|acht|neun|zehn|elf|zwoelf|\w+zehn|"
                         r"\w*zig|\w*ssig)(\s+jahre(\s+alt)?|\s*[.!]?\s*$)")),
)
# *Ich arbeite 30 Stunden die Woche*, *Ich arbeite gern im Garten*: how much or how she likes to work, not where or
# as what — no work slot, unless the sentence says that too (*Ich arbeite halbtags als Erzieherin*)
_WORK_AMOUNT = re.compile(r"\b(arbeite|arbeitet|jobbe|jobbt)\s+(jetzt\s+|nur\s+|noch\s+|meistens\s+|etwa\s+|"
                          r"ungefaehr\s+|knapp\s+|fast\s+)?(\d+|ein|eine|zwei|drei|vier|fuenf|sechs|sieben|acht|neun|"
                          r"zehn|\w+zehn|\w+zig|\w+ssig|teilzeit|vollzeit|halbtags|viel|wenig|zu\s+viel|gern|gerne|"
                          r"nachts|abends|montags|sonntags|wochenends|am\s+wochenende|in\s+schichten)\b")
_WORK_WHERE = re.compile(r"\b(als|bei|beim|fuer)\b")
# *Seit Montag bin ich Schichtleiter*, *Ich bin Architekt* (a capitalised noun as written, no weekday or month)
_ROLE_AFTER_BIN = re.compile(r"\bbin\s+ich\s+(jetzt\s+|seit\s+\w+\s+)?\w+(erin|er|ent|eur|ist|istin|leiter|leiterin|"
                             r"meister|meisterin)\b")
_NOUN_AFTER_BIN = re.compile(r"\b[Ii]ch bin (?:ein |eine |jetzt )?"
                             rf"(?!(?:{'|'.join(WEEKDAY_NAMES + MONTH_NAMES)}|Anfang|Ende|Mitte|Vegetarier\w*|Veganer\w*|"
                             r"Raucher\w*|Fan)\b)[A-ZÄÖÜ][a-zäöüß]{3,}")
_THING_FIRST = re.compile(r"^\s*(der|die|das|den|dem)\s+")
_ROLE = re.compile(r"\b(hausarzt|hausaerztin|zahnarzt|zahnaerztin|frauenarzt|frauenaerztin|chef|chefin|friseur|"
                   r"frisoer|friseurin|trainer|trainerin|vermieter|vermieterin|therapeut|therapeutin)\b")
_FAVOURITE = re.compile(r"\b(lieblings\w+)\b")
_NAME_OF = re.compile(rf"^\s*{_OWN}\s+{_ADJECTIVE}(?P<rel>\w+)\s+heisst\b")


def names_of(told: Iterable[str]) -> dict[str, str]:
    """Folded name → folded relative word, from the sentences that introduce them (*Meine Tochter Sarah*)."""
    out: dict[str, str] = {}
    for said in told:
        for rel, names in _introduced(said):
            for name in names:
                out.setdefault(name, rel)
    return out


def _introduced(said: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The (relative, names) a sentence introduces — kept (`read_kept`): the block reads the same told sentences
    every turn."""
    return read_kept("told_slots.introduced", said, lambda: _introduced_now(said))


def _introduced_now(said: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    out: list[tuple[str, tuple[str, ...]]] = []
    for found in (*_NAMED.finditer(said), *_NAMED_AFTER.finditer(said)):
        rel = _singular(fold(found["rel"]))
        if rel in RELATIVES:
            out.append((rel, tuple(fold(name) for name in (found["name"], found["second"])
                                   if name and fold(name) not in RELATIVES)))
    return tuple(out)


# Other words for a relative (*Enkeltochter* is the *Enkelin*); an animal's compound is the animal (*Pflegepferd*).
SYNONYMS: dict[str, str] = _TABLES["synonyms"]
_ANIMALS = tuple(_TABLES["animals"])

def _singular(word: str) -> str:
    """*katzen* → katze, *hunde* → hund, *kinder* stays: a plural relative word names the same relative."""
    if word in SYNONYMS:
        return SYNONYMS[word]
    if word in RELATIVES:
        return word
    animal = next((a for a in _ANIMALS if word.endswith(a) and len(word) > len(a) + 2), None)
    if animal:
        return animal
    return next((word[:-len(end)] for end in ("n", "en", "e", "s") if word[:-len(end)] in RELATIVES), word)


def relative_of(word: str) -> str | None:
    """The relative a folded word names (*mannes* → mann, *töchtern* → tochter, *kinder*), or None."""
    if word in RELATIVES:
        return SYNONYMS.get(word, word)
    found = _singular(word)
    if found in RELATIVES:
        return found
    return _PLURALS.get(word) or next((rel for end in ("es", "s", "n", "en") if word.endswith(end)
                                       and (rel := word[: -len(end)]) in RELATIVES), None)


_PLURALS: dict[str, str] = _TABLES["plurals"]

def subject_of(said: str, names: dict[str, str]) -> str | None:
    """'ich' for the person herself, a relative word for someone in her life, None when it cannot be told."""
    folded = fold(said)
    words = _words(folded, join_apostrophes=False)
    if not words:
        return None
    first = words[0]
    owned = _OWNED_BY.match(folded)
    if owned:  # *Die Frau meines Bruders …*, *Der Sohn von meiner Schwester …*: neither she nor the relative named
        return f"{owned['head']}:{_singular(owned['owner'])}"
    if first in _POSSESSIVES:
        at = 1
        while at < len(words) and words[at] in _ADJECTIVES:
            at += 1
        return words[at] if at < len(words) and words[at] in RELATIVES else "ich"
    if first in RELATIVES:  # "Oma Erna wohnt …"
        return first
    if first in names:
        return names[first]
    for at, word in enumerate(words):  # *Inzwischen ist mein Lieblingsbuch …*, *Gisela und ich …*
        if word in _ME:
            return "ich"
        if word in _POSSESSIVES:
            after = at + 1
            while after < len(words) and words[after] in _ADJECTIVES:
                after += 1
            return words[after] if after < len(words) and words[after] in RELATIVES else "ich"
    return None


def first_person(said: str, names: dict[str, str]) -> bool:
    """The sentence is about the person herself (not a relative)."""
    return subject_of(said, names) == "ich"


def slot_of(said: str, names: dict[str, str]) -> str | None:
    """The slot a told sentence fills ("ich|wohnort", "tochter|wohnort", "ich|lieblingsessen", "freundin|name"),
    or None when it fills none of the one-value slots."""
    first = _first_word(said)
    known = names.get(first) if first else None  # only the opening name can change the answer
    return _slot(said, first if known else "", known or "")


def _first_word(said: str) -> str:
    return read_kept("told_slots.first_word", said, lambda: _first_word_now(said))


def _first_word_now(said: str) -> str:
    found = _words(fold(said), join_apostrophes=False)
    return found[0] if found else ""


def _slot(said: str, name: str, rel: str) -> str | None:
    return read_kept("told_slots.slot", (said, name, rel), lambda: _slot_now(said, name, rel))


def _slot_now(said: str, name: str, rel: str) -> str | None:
    names = {name: rel} if name else {}
    folded = fold(said)
    named = _NAME_OF.search(folded)
    if named and named["rel"] in RELATIVES:
        return f"{named['rel']}|name"
    subject = subject_of(said, names)
    if subject is None and _THING_FIRST.match(folded):  # *Die Reise mit Hilde geht …*: her own thing
        subject = "ich"
    if subject is None:
        return None
    favourite = _FAVOURITE.search(folded)
    if favourite and subject == "ich":
        return f"ich|{favourite.group(1)}"
    role = _ROLE.search(folded)
    if role and subject == "ich" and re.search(rf"\b({_OWN[1:-1]}|einen|eine)\s+(neuen\s+|neue\s+)?{role.group(1)}\b",
                                               folded):
        return f"ich|{role.group(1)}"
    for name, pattern in _SLOTS:
        if pattern.search(folded):
            if name == "arbeit" and _WORK_AMOUNT.search(folded) and not _WORK_WHERE.search(folded):
                continue
            return f"{subject}|{name}"
    if subject == "ich" and (_PROFESSION.search(folded) or _ROLE_AFTER_BIN.search(folded)
                             or _NOUN_AFTER_BIN.search(said)):
        return "ich|arbeit"
    if subject != "ich" and _is_profession(folded):  # *Meine Frau ist Ärztin*, *Mein Bruder ist Tierarzt*
        return f"{subject}|arbeit"
    return _doing(said)




def _is_profession(folded: str) -> bool:
    """*ist (eine) Ärztin*, *ist Tierarzt*: the noun after *ist* is a profession (`professions`) or a compound
    ending in one (*Grundschullehrerin*) — never a nationality or a quality (*ist Kanadierin*, *ist nett*)."""
    found = _IS_A.search(folded)
    if not found:
        return False
    noun = found["noun"]
    return noun in _PROFESSIONS or any(noun.endswith(job) and len(noun) >= len(job) + 3
                                       for job in _PROFESSIONS if len(job) >= 4)


# *Ich trinke jeden Morgen Kaffee* → later *Ich trinke keinen Kaffee mehr*; *Ich habe eine Katze* → *Ich habe jetzt
# zwei Katzen*: what she does or has with one thing is one value at a time — the slot is the verb and the first noun
# after it that is no time (up to a plural ending), so the newer sentence supersedes the older .
_DOING = re.compile(r"^\s*[Ii]ch\s+(?P<verb>[a-zäöüß]+)\s+(?P<rest>.+)$")
_NOT_DOINGS = frozenset(_TABLES["not_doings"])
_TIME_NOUNS = frozenset(fold(word) for word in (*WEEKDAY_NAMES, *MONTH_NAMES)) | frozenset(_TABLES["time_nouns"])


TIME_NOUNS = _TIME_NOUNS  # nouns that say when or how often, never what (*4mal die Woche*, *am Wochenende*)


# a noun after a preposition says where, when or why (*seit meiner Kindheit*, *zum Seniorentanz*), not what
_PREPOSITIONS = frozenset(_TABLES["prepositions"])


def _doing(said: str) -> str | None:
    found = _DOING.match(said.strip())
    if not found or fold(found["verb"]) in _NOT_DOINGS:
        return None
    words = found["rest"].split()
    nouns = [fold(word.strip(".,;:!?")) for at, word in enumerate(words) if word[:1].isupper()
             and not _PREPOSITIONS.intersection(fold(w) for w in words[max(0, at - 2):at])]
    noun = next((word for word in nouns if word and word not in _TIME_NOUNS), None)
    if noun is None:
        return None
    return f"ich|{fold(found['verb'])}:{_stem(noun)}"


def _stem(noun: str) -> str:
    """*katzen* → katz, *katze* → katz, *buecher* stays: a noun up to a plural ending, four letters at least."""
    for end in ("en", "er", "n", "e", "s"):
        if noun.endswith(end) and len(noun) - len(end) >= 4:
            return noun[: -len(end)]
    return noun
