"""The offline salience rule (dateien.md §4b.1, without a model): how much a told sentence weighs for a companion —
the everyday sentences she must remember high (names, relationships, personal facts, plans, feelings, events of
other persons), small talk, questions and orders low. Each rule is a pattern over the folded sentence with its
weight and reason; the words are data (`salience_de.json`), the memory turns the weight into its curve.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from novaberg.text.calendar import MONTH_NAMES, WEEKDAY_NAMES
from novaberg.text.data_files import read_json
from novaberg.text.lexicon import QUESTION_WORDS, number_word_spellings
from novaberg.text.recall_patterns import recall_words
from novaberg.text.told_slots import RELATIVES, slot_of
from novaberg.text.wellbeing import wellbeing
from novaberg.text.words import alternation, fold

__all__ = ["NOT_A_NAME", "weigh", "told_before_question"]

_TABLES = read_json(__package__, "salience_de.json")

# The text is folded once (lower case, ä→ae, ß→ss; `text.words.fold_umlauts`), so the patterns are written folded.

_COMMAND_START = re.compile(
    r"^\s*(bitte\s+)?(trag|notier|schreib|merk\s+dir\s+den\s+termin|zeig|loesch|entfern|verschieb|"
    r"erinner|such|leg|mach|oeffne|gib|sag\s+mir|liste|fuege|streich|aendere)\w*\b")
_SMALL_TALK = re.compile(r"^\s*(hallo|hi|hey|moin|servus|guten\s+(morgen|tag|abend)|danke|ok|okay|ja|nein|"
                         r"tschuess|bis\s+bald|gute\s+nacht)\b[\s!.,]*$")
_LIFE_EVENTS = tuple(_TABLES["life_events"])


# Personal facts a companion keeps : family, habits, work, health, home, preferences.
_RELATIVES = tuple(_TABLES["relatives"])
_FIRST_PERSON = r"^(?=.*\b(ich|wir|mein|meine|meinem|meinen|meiner)\b)"
_HABIT_MARKS = (*_TABLES["habit_marks"], *(fold(day) + "s" for day in WEEKDAY_NAMES))
_PASTIMES = tuple(_TABLES["pastimes"])
_PROFESSIONS = tuple(_TABLES["professions"])
_WORK_WORDS = tuple(_TABLES["work_words"])
_HEALTH_WORDS = tuple(_TABLES["health_words"])
# Compounds of health words (*Tierhaarallergie*, *Lungenentzündung*, *Eisentabletten*, *lactoseintolerant*).
_HEALTH_HEADS = tuple(_TABLES["health_heads"])
# How often (*Ich trinke viermal die Woche Alkohol*, *ich rauche ca. 2 bis 3 Mal am Tag*,
# *Manchmal wache ich nachts auf*): in a sentence about herself it says a habit.
_FREQUENCY = (rf"\b((ein|{alternation({fold(word) for word in number_word_spellings(1)})}|\d+)\s*-?\s*(mal|x)|"
              r"(die|pro|in\s+der|im|am|jeden|jede|jedes)\s+(woche|tag|monat|jahr|wochenende)|manchmal|"
              r"ab\s+und\s+zu|gelegentlich|selten|hin\s+und\s+wieder|immer\s+mal\s+wieder|\w+mal\s+die\s+woche|"
              r"noch\s+nie|schon\s+immer|seit\s+jahren|seit\s+(der|meiner)\s+kindheit|normalerweise|gewoehnlich|"
              r"meistens|niemals|nie)\b")
# *Ich habe vier Tattoos*, *Ich hatte schon sehr viele Operationen*, *Ich habe den grünen Star*: a noun (as written)
# she has or had — not a passing state (*Ich habe Hunger*, *Ich hab heute …*).
_HAS_NOUN = re.compile(r"\b[Ii]ch\s+(?:habe|hab|hatte)\s+(?:[a-zäöüß0-9]+\s+){0,4}?(?P<noun>[A-ZÄÖÜ][a-zäöüß-]+)")
_PASSING = frozenset(_TABLES["passing"])
# A word ending in -er/-in after "ich bin" that names no profession or origin (*Ich bin wieder da*).
_NOT_A_PROFESSION = tuple(_TABLES["not_a_profession"])


@cache
def _pastime_words() -> frozenset[str]:
    """The words of the recall's kind families (sport, music, instruments, hobbies; `text/recall_de.json`) that
    name a pastime — not the health heads, which have their own rule."""
    raw = recall_words()
    return frozenset(w for f in raw["families"] if f["name"] in _PASTIME_FAMILIES for w in f["words"]
                     if len(w) >= 4 and w not in _NOT_PASTIMES)


@cache
def _kin_plurals() -> tuple[str, ...]:
    """Relative words in a plural that is no short ending away (*Brüder*, *Söhne*; `text/recall_de.json`)."""
    raw = recall_words()
    return tuple(raw["kin_plurals"])


_PASTIME_FAMILIES = tuple(_TABLES["pastime_families"])
_NOT_PASTIMES = frozenset(_TABLES["not_pastimes"])  # *Ich höre dich nicht*, *einen Rock*


def _any(words: Iterable[str]) -> str:
    return "|".join(map(re.escape, words))


@cache
def _rules() -> tuple[tuple[re.Pattern[str], float, str], ...]:
    """The rules, best score first among equals; health events and feelings come from `text/wellbeing_de.json`."""
    lexicon = wellbeing()
    events = dict.fromkeys((*_LIFE_EVENTS, *lexicon.health))
    feelings = dict.fromkeys((*lexicon.unwell, *lexicon.moods))
    return (
        (re.compile(r"\b(mein|meine|meinem|meinen|meiner|unser|unsere)\s+(\w+\s+)?\w+\s+heisst\b"), 0.85,
         "ein Name aus ihrem Leben"),
        (re.compile(r"^\s*(mein|meine|unser|unsere)\s+(\w+\s+)?\w+\s+(ist|sind|war|wurde|wurden)\b"), 0.7,
         "eine Tatsache über sie"),
        (re.compile(r"\bich\s+fahre\s+(einen|ein|eine)\b|\bmein\s+(neues\s+)?auto\b"), 0.75, "eine Tatsache über sie"),
        (re.compile(r"\b(ich\s+habe|ich\s+hab|wir\s+haben|habe\s+ich|haben\s+wir)\b.*\b(bestanden|angefangen|gewechselt|verkauft|gekauft|"
                    r"gekuendigt|geheiratet|gewonnen|verloren|gespielt|abgeschlossen|aufgehoert|begonnen|geholt|"
                    r"gefunden|bekommen|adoptiert|entschieden)\b"), 0.75, "ein Ereignis in ihrem Leben"),
        (re.compile(r"\b(ich|wir)\s+(war|waren)\s+(\w+\s+)?(beim|bei|im|in|auf|zur|zum|an)\b"), 0.7, "ein Erlebnis"),
        (re.compile(r"urlaub|\bferien\b"), 0.7, "ein Vorhaben"),
        (re.compile(r"\b(ich\s+heisse|mein\s+name\s+ist)\b"), 0.9, "ihr eigener Name"),
        (re.compile(_FIRST_PERSON + r".*" + _FREQUENCY), 0.75, "eine Gewohnheit"),
        # a kind of sport, music or hobby (`text/recall_de.json`) in a sentence about herself, not a passing moment
        (re.compile(_FIRST_PERSON + r"(?!.*\b(gerade|grad|jetzt|heute|gleich)\b).*\b("
                    + _any(sorted(_pastime_words())) + r")\b"), 0.75, "eine Gewohnheit"),
        (re.compile(rf"\b\w*({_any(_HEALTH_HEADS)})\b|\bmir\s+wurden?\b.*\b(entfernt|eingesetzt|operiert|verschrieben|"
                    r"gezogen|diagnostiziert|amputiert|transplantiert|implantiert)\b"), 0.75, "ihre Gesundheit"),
        (re.compile(rf"\b({_any(events)})\b"), 0.8, "ein Ereignis mit Gewicht"),
        (re.compile(rf"\b({_any(sorted({*_RELATIVES, *RELATIVES}))})(e|n|en|s)?\b|\b({_any(_kin_plurals())})\b|"
                    r"\b\w+(tochter|sohn|schwester|bruder|mutter|vater|enkel|enkelin)\b"), 0.75, "eine Beziehung"),
        # news she now knows (*Wir wissen jetzt, dass es ein Junge wird*, *Ich weiß seit gestern, dass …*)
        (re.compile(r"\b(ich|wir)\s+(weiss|wissen)\s+(jetzt|inzwischen|nun|endlich|seit\s+\w+)\s*,?\s*(dass|ob|was|wo|wie|wann)\b"),
         0.75, "eine Neuigkeit"),
        # what she likes, whatever it is (*Ich sehe gern fern*, *Ich trage gerne Rot*, *Ich esse lieber Fisch*) —
        # not a wish (*Ich hätte gern ein Bier*)
        (re.compile(r"^\s*ich\s+(?!(haette|moechte|wuerde|waere)\b)[a-z]+\s+([a-z]+\s+){0,2}(gern|gerne|lieber|"
                    r"am\s+liebsten)\b"), 0.75, "eine Vorliebe"),
        # travel and stays away (*Reise*, *Auslandssemester*, *fliege … nach*)
        (re.compile(r"\b(reise|reisen|auslandssemester|kur|rundreise|kreuzfahrt)\b|"
                    r"\b(fliege|fliegen|reise|reisen)\b.*\bnach\b"), 0.7, "ein Vorhaben"),
        # health in compounds (*Rückenprobleme*, *Kopfschmerzen*, *Hausarzt*) and what a doctor did
        (re.compile(_FIRST_PERSON + r".*\b\w*(probleme|schmerzen|beschwerden|erkrankung|krankheit|arzt|aerztin)\b|"
                    r"\b(verschrieben|operiert|diagnostiziert|ueberwiesen)\b"), 0.75, "ihre Gesundheit"),
        # a role after *bin ich* (*Seit Montag bin ich Schichtleiter*)
        (re.compile(r"\bbin\s+ich\s+(jetzt\s+|seit\s+\w+\s+)?(\w+(er|erin|in|ent|eur|ist|istin|leiter|leiterin|"
                    r"meister|meisterin)|azubi|beamter|beamtin)\b"), 0.75, "ihre Arbeit"),
        (re.compile(r"\b(wohne|lebe|arbeite|studiere|jobbe)\s+ich\b|\bich\s+(wohne|lebe|arbeite|studiere|bin\s+(?!(" + _any(_NOT_A_PROFESSION) + r")\b)\w+(in|er)\b|"
                    r"bin\s+allergisch|habe\s+(einen|eine|ein)\b)"), 0.75, "eine Tatsache über sie"),
        (re.compile(_FIRST_PERSON + rf".*\b({_any(_HABIT_MARKS)})\b"), 0.75, "eine Gewohnheit"),
        (re.compile(rf"\bich\s+({_any(_PASTIMES)})\b(?!\s+(gerade|jetzt|heute))|\bin\s+meiner\s+freizeit\b"), 0.75, "eine Gewohnheit"),
        (re.compile(rf"\bich\s+(unterrichte|leite|jobbe)\b|\bich\s+bin\s+({_any(_PROFESSIONS)})\b|"
                    + _FIRST_PERSON + rf".*\b({_any(_WORK_WORDS)})\b"), 0.75, "ihre Arbeit"),
        (re.compile(_FIRST_PERSON + rf".*\b({_any(_HEALTH_WORDS)})|\ballergisch\b|\bich\s+(vertrage|leide|nehme)\b"),
         0.75, "ihre Gesundheit"),
        (re.compile(r"\b(wir\s+(wohnen|leben)|(ich|wir)\s+(komme|kommen|stamme|stammen)\s+(\w+\s+){0,2}aus|"
                    r"(komme|stamme)\s+ich\s+(\w+\s+){0,2}aus|aufgewachsen|umgezogen|gezogen|"
                    r"ich\s+ziehe|heimatstadt|meine\s+wohnung|meinem\s+haus|unser\s+haus|"
                    r"nach\s+deutschland\s+gekommen)\b|" + _FIRST_PERSON + r".*\b(haus|garten|wohnung|wg)\b"),
         0.75, "wo sie lebt"),
        (re.compile(r"\bich\s+(lerne|uebe|studiere|belege|pauke)\b|\b(lerne|studiere|uebe)\s+ich\b|"
                    r"\bich\s+mache\s+(\w+\s+){0,3}(ausbildung|kurs|sprachkurs|weiterbildung|fortbildung|umschulung|"
                    r"studium|meister|fuehrerschein)\b"), 0.75, "was sie lernt"),
        (re.compile(r"\bich\s+bin\s+(\w+\s+){0,4}in\s+(rente|pension|elternzeit|mutterschutz|ausbildung)\b|"
                    r"\b(vorher|frueher)\s+war\s+ich\b"), 0.75, "ihre Arbeit"),
        (re.compile(rf"\bich\s+(bin|fuehle\s+mich)\s+(\w+\s+){{0,3}}({_any(feelings)})\b"), 0.6, "ein Gefühl"),
        (re.compile(r"\bich\s+(will|moechte|plane|werde|habe\s+vor)\b"), 0.55, "ein Vorhaben"),
        (re.compile(r"\blieblings|\bam\s+liebsten\b|\bich\s+(mag|liebe|hasse)\b|\bich\s+finde\s+\w+\s+(toll|super|wunderbar|schrecklich|furchtbar)\b|"
                    r"\bich\s+(esse|trinke|koche|lese|schaue|hoere|hore)\s+(\w+\s+)?(gern|gerne|kein|keine|keinen)\b|"
                    r"\bich\s+bin\s+(vegetarier|vegetarierin|veganer|veganerin)\b"), 0.75, "eine Vorliebe"),
    )


# A sentence about someone by name (*Lena hat ihr Physikum bestanden*): a capitalised first word that is no
# article, pronoun or adverb, followed by a verb of telling — the people of her life are named like this.
_NAMED_PERSON = re.compile(r"^\s*(?P<name>[A-ZÄÖÜ][a-zäöüß]+)\s+(hat|hatte|ist|war|wird|will|macht|arbeitet|studiert|"
                           r"wohnt|lebt|kommt|geht|heiratet|bekommt|kocht|spielt|liebt|mag|frisst|schlaeft|schläft|"
                           r"zieht|fängt|faengt|feiert|muss|darf|kann)\b")
NOT_A_NAME = frozenset(_TABLES["not_a_name"]) | frozenset(fold(word) for word in QUESTION_WORDS)


# *Ich bin Architekt*, *Ich bin eine Frühaufsteherin*: a noun (capitalised as written) after *ich bin* says what she
# is — not a weekday, a month or a time (*Ich bin Montag nicht da*).
_NOUN_AFTER_BIN = re.compile(r"\b[Ii]ch bin (?:ein |eine |seit \w+ |jetzt )?"
                             rf"(?!(?:{'|'.join(WEEKDAY_NAMES + MONTH_NAMES)}|Anfang|Ende|Mitte)\b)[A-ZÄÖÜ][a-zäöüß]{{3,}}")


def told_before_question(text: str) -> str:
    """The sentences of a turn that are no question (*Nur wenn ich Schmerzen hab, dann Schmerzmittel.* before *Und
    Eisentabletten, zählt das dazu?*); '' for a question alone."""
    return " ".join(part for part in _SENTENCE_BREAK.split(text.strip()) if not part.rstrip().endswith("?"))


_SENTENCE_BREAK = re.compile(r"(?<=[.!])\s+")


def weigh(text: str) -> tuple[float, str]:
    """The rule's raw salience of a sentence and its reason: orders and small talk low, questions low, personal
    facts and events high."""
    text = text.strip()
    folded = fold(text)
    named = _NAMED_PERSON.match(text)
    if named and fold(named["name"]) not in NOT_A_NAME and not text.endswith("?"):
        return 0.75, "ein Mensch aus ihrem Leben"
    if not text or _SMALL_TALK.match(folded):
        return 0.05, "Gruß oder Floskel"
    if _COMMAND_START.match(folded):
        return 0.05, "ein Auftrag, keine Erinnerung"
    if text.endswith("?"):
        # *Nur wenn ich Schmerzen hab, dann Schmerzmittel. Und Eisentabletten, zählt das dazu?*: what she told
        # before her question is rated as told; a question alone stays low
        told = told_before_question(text)
        if not told:
            return 0.1, "eine Frage"
        text, folded = told, fold(told)
    best = max(((score, reason) for pattern, score, reason in _rules() if pattern.search(folded)),
               default=(0.15, "Alltagsgespräch"))
    if best[0] < 0.75 and (_NOUN_AFTER_BIN.search(text) or _has_noun(text) or _does_noun(text)
                           or _one_value(slot_of(text, {}))):
        best = (0.75, "eine Tatsache über sie")
    return best[0], best[1]


# *Ich spreche viel Englisch*, *Ich trinke nie Bier*, *Ich esse nur Gemüse*, *Ich spiele Harfe*
#: she, a verb in the present and a noun as written, a few words apart — what she does, not a moment (no
# *gerade*, *heute*, *jetzt* …) and not a wish or a need (*Ich möchte*, *Ich brauche*).
_DOES_NOUN = re.compile(r"^\s*Ich\s+(?!(?:möchte|moechte|würde|wuerde|hätte|haette|wäre|waere|muss|kann|will|soll|darf|"
                        r"brauche|suche|glaube|denke|hoffe|weiß|weiss|sehe|höre|hoere|verstehe|danke|habe)\b)[a-zäöüß]+e\s+"
                        r"(?:[a-zäöüß]+\s+){0,3}[A-ZÄÖÜ][a-zäöüß]+")
_MOMENT = re.compile(r"\b(gerade|grad|jetzt|heute|gleich|morgen|gestern|eben|nun|bald|sofort|spaeter|vorhin|nicht|dir|dich|"
                     r"euch|ihnen)\b")


def _one_value(slot: str | None) -> bool:
    """A slot of a kind (*wohnort*, *alter*, …) — not the verb-and-thing slot of any sentence (`slots._doing`)."""
    return slot is not None and ":" not in slot


def _does_noun(text: str) -> bool:
    return bool(_DOES_NOUN.match(text)) and not _MOMENT.search(fold(text))


def _has_noun(text: str) -> bool:
    found = _HAS_NOUN.search(text)
    if not found:
        return False
    before = fold(text[found.start():found.start("noun")]).split()
    return fold(found["noun"]) not in _PASSING and _PASSING.isdisjoint(before)
