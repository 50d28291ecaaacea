"""Salience (dateien.md §4b.1): the model rates what the person said on the raw scale 0..1; the curve
`sin(raw·π/2)^0.5` gives the effective value the short-term memory stores and its bands compare with.

The offline rule rates the everyday sentences a companion must remember high (names, relationships,
personal facts, plans, feelings, events of other persons) and small talk, questions and commands low.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from novaberg.core.errors import ModelAnswerError
from novaberg.core.settings import (
    KZG_SALIENZ_HIGH,
    KZG_SALIENZ_MID,
    KZG_SALIENZ_MINIMUM,
    KZG_TTL_DAYS_HIGH,
    KZG_TTL_DAYS_MID,
    KZG_TTL_DAYS_MINIMUM,
)
from novaberg.llm.reader import read_number, read_text
from novaberg.memory.slots import RELATIVES, slot_of
from novaberg.text.calendar import MONTH_NAMES, WEEKDAY_NAMES
from novaberg.text.small_talk import only_small_talk, small_talk
from novaberg.text.wellbeing import wellbeing
from novaberg.text.words import fold

__all__ = ["TASK", "NOT_A_NAME", "Rating", "effective", "reaches", "band_ttl_days", "rate", "certain_by_rule"]

TASK = "salience"


def effective(raw: float) -> float:
    """`sin(raw·π/2)^0.5` (dateien.md §4b.1); a value outside 0..1, NaN or no number raises ValueError."""
    if isinstance(raw, bool) or not isinstance(raw, int | float):
        raise ValueError(f"raw salience must be a number in 0..1, got {type(raw).__name__}")
    if math.isnan(raw) or not 0.0 <= raw <= 1.0:
        raise ValueError(f"raw salience must lie in 0..1, got {raw!r}")
    return math.sin(raw * math.pi / 2) ** 0.5


def reaches(value: float, threshold: float) -> bool:
    """The thresholds are the curve's values on five places (§4b.1): raw 0.7 reaches HIGH, 0.69 does not."""
    return round(value, 5) >= threshold


def band_ttl_days(value: float) -> int | None:
    """Days a short-term entry of this effective salience lives; None below `KZG_SALIENZ_MINIMUM` (no entry)."""
    if reaches(value, KZG_SALIENZ_HIGH):
        return KZG_TTL_DAYS_HIGH
    if reaches(value, KZG_SALIENZ_MID):
        return KZG_TTL_DAYS_MID
    if reaches(value, KZG_SALIENZ_MINIMUM):
        return KZG_TTL_DAYS_MINIMUM
    return None


@dataclass(frozen=True)
class Rating:
    raw: float
    reason: str

    @property
    def effective(self) -> float:
        return effective(self.raw)


def certain_by_rule(text: str) -> Rating | None:
    """Small talk the templates answer (*Wie geht es dir?*, *Danke*) that the offline rule also rates below the
    short-term memory's minimum holds nothing to remember: the rule's rating, with no model asked (the
    computed path already decided). A greeting that carries more (*Hallo, Lena hat geheiratet*) is not certain."""
    if not small_talk(text) or not only_small_talk(text):
        return None
    rated = offline_salience({"text": text})
    if effective(rated["salienz"]) >= KZG_SALIENZ_MINIMUM:
        return None
    return Rating(rated["salienz"], rated["grund"])


def rate(asker: Any, text: str, history: list[tuple[str, str]] | None = None) -> Rating:
    """One model call; the answer is read checked (a raw value outside 0..1 is a loud ModelAnswerError). Small talk
    the rules read with certainty is rated by the rule (`certain_by_rule`)."""
    certain = certain_by_rule(text)
    if certain is not None:
        return certain
    previous = "\n".join(f"Mensch: {said}" for said, _ in (history or [])[-2:]) or "(kein früherer Turn)"
    fields = asker.ask(TASK, {"text": text, "verlauf": previous}).fields
    raw = read_number(fields, "salienz", math.nan, minimum=0.0, maximum=1.0)
    if math.isnan(raw):
        raise ModelAnswerError("feld_fehlt", "field 'salienz' is missing")
    return Rating(raw, read_text(fields, "grund", "").strip())


# --- the offline rule --------------------------------------------------------------------------------
# The text is folded once (lower case, ä→ae, ß→ss; `text.words.fold_umlauts`), so the patterns are written folded.

_COMMAND_START = re.compile(
    r"^\s*(bitte\s+)?(trag|notier|schreib|merk\s+dir\s+den\s+termin|zeig|loesch|entfern|verschieb|"
    r"erinner|such|leg|mach|oeffne|gib|sag\s+mir|liste|fuege|streich|aendere)\w*\b")
_SMALL_TALK = re.compile(r"^\s*(hallo|hi|hey|moin|servus|guten\s+(morgen|tag|abend)|danke|ok|okay|ja|nein|"
                         r"tschuess|bis\s+bald|gute\s+nacht)\b[\s!.,]*$")
_LIFE_EVENTS = ("geburtstag", "geboren", "hochzeit", "heiratet", "schwanger", "gestorben", "verstorben", "beerdigung",
                "umzug", "zieht", "ziehen")


# Personal facts a companion keeps (issue 28 item 1): family, habits, work, health, home, preferences.
_RELATIVES = ("mutter", "vater", "mama", "papa", "bruder", "schwester", "sohn", "tochter", "frau", "mann", "freund",
              "freundin", "partner", "partnerin", "oma", "opa", "kind", "kinder", "hund", "katze", "kollege", "kollegin",
              "chef", "chefin", "eltern", "geschwister", "enkel", "enkelin", "enkelkind", "enkelkinder", "nichte", "neffe",
              "onkel", "tante", "cousin", "cousine", "schwiegermutter", "schwiegervater", "zwillinge", "ehemann",
              "ehefrau", "verheiratet", "geschieden", "verwitwet", "familie", "verlobt")
_FIRST_PERSON = r"^(?=.*\b(ich|wir|mein|meine|meinem|meinen|meiner)\b)"
_HABIT_MARKS = ("jeden", "jede", "jedes", "jeder", "immer", "regelmaessig", "taeglich", "woechentlich", "zweimal",
                "dreimal", *(fold(day) + "s" for day in WEEKDAY_NAMES), "morgens", "abends", "oft", "verein", "club")
_PASTIMES = ("spiele", "tanze", "reite", "schwimme", "jogge", "singe", "klettere", "wandere", "meditiere",
             "trainiere", "male", "angle", "segle", "stricke")
_PROFESSIONS = ("polizist", "koch", "arzt", "student", "anwalt", "pilot", "beamter", "beamtin", "azubi", "soldat",
                "selbststaendig", "selbstaendig", "arbeitslos", "in elternzeit", "in rente")
_WORK_WORDS = ("beruf", "job", "arbeit", "arbeite", "jobbe", "verdiene", "stelle", "ausbildung", "rentner", "rentnerin", "schichtdienst", "firma",
               "elternzeit", "homeoffice", "gekuendigt", "selbststaendig")
_HEALTH_WORDS = ("diabetes", "diabetikerin", "diabetiker", "asthma", "migraene", "rheuma", "tinnitus", "allergie",
                 "pollenallergie", "heuschnupfen", "bluthochdruck", "insulin", "tabletten", "blutdrucktabletten",
                 "schmerzen", "rueckenschmerzen", "depressionen", "brille", "physiotherapie", "gebrochen", "laktose",
                 "laktoseintoleranz", "unvertraeglichkeit", "glutenunvertraeglichkeit", "herzschrittmacher",
                 "schilddruese", "schilddruesenunterfunktion", "raucher", "raucherin", "rauchen", "arzt", "aerztin",
                 "schwerhoerig", "ohr", "taub", "blind", "kurzsichtig", "weitsichtig", "karies", "star", "operation",
                 "operationen", "op", "operiert", "tattoo", "tattoos", "piercing", "zigaretten", "zigarette", "rauche",
                 "alkohol", "copd", "prothese", "implantat", "implantate", "hoergeraet", "kontaktlinsen", "zahnfleisch",
                 "paradontose", "parodontose", "zaehne", "zahn")
# Compounds of health words (*Tierhaarallergie*, *Lungenentzündung*, *Eisentabletten*, *lactoseintolerant*).
_HEALTH_HEADS = ("allergie", "entzuendung", "tabletten", "intolerant", "operation", "erkrankung", "schmerzen")
# How often (issue 28, the third set: *Ich trinke viermal die Woche Alkohol*, *ich rauche ca. 2 bis 3 Mal am Tag*,
# *Manchmal wache ich nachts auf*): in a sentence about herself it says a habit.
_FREQUENCY = (r"\b((ein|zwei|drei|vier|fuenf|sechs|sieben|acht|neun|zehn|\d+)\s*-?\s*(mal|x)|"
              r"(die|pro|in\s+der|im|am|jeden|jede|jedes)\s+(woche|tag|monat|jahr|wochenende)|manchmal|"
              r"ab\s+und\s+zu|gelegentlich|selten|hin\s+und\s+wieder|immer\s+mal\s+wieder|\w+mal\s+die\s+woche|"
              r"noch\s+nie|schon\s+immer|seit\s+jahren|seit\s+(der|meiner)\s+kindheit|normalerweise|gewoehnlich|"
              r"meistens|niemals|nie)\b")
# *Ich habe vier Tattoos*, *Ich hatte schon sehr viele Operationen*, *Ich habe den grünen Star*: a noun (as written)
# she has or had — not a passing state (*Ich habe Hunger*, *Ich hab heute …*).
_HAS_NOUN = re.compile(r"\b[Ii]ch\s+(?:habe|hab|hatte)\s+(?:[a-zäöüß0-9]+\s+){0,4}?(?P<noun>[A-ZÄÖÜ][a-zäöüß-]+)")
_PASSING = frozenset("""hunger durst lust zeit angst glueck pech recht spass feierabend frei keine kein ahnung
heute gestern gerade eben vorhin morgen jetzt grad""".split())
# A word ending in -er/-in after "ich bin" that names no profession or origin (*Ich bin wieder da*).
_NOT_A_PROFESSION = ("wieder", "immer", "leider", "sicher", "gerade", "hier", "drin", "wer", "aber", "oder", "nie",
                     "besser", "schneller", "lieber", "weiter", "einer", "keiner", "darin", "mitten")


@cache
def _pastime_words() -> frozenset[str]:
    """The words of the recall's kind families (sport, music, instruments, hobbies; `text/recall_de.json`) that
    name a pastime — not the health heads, which have their own rule."""
    raw = json.loads(resources.files("novaberg.text").joinpath("recall_de.json").read_text(encoding="utf-8"))
    return frozenset(w for f in raw["families"] if f["name"] in _PASTIME_FAMILIES for w in f["words"]
                     if len(w) >= 4 and w not in _NOT_PASTIMES)


@cache
def _kin_plurals() -> tuple[str, ...]:
    """Relative words in a plural that is no short ending away (*Brüder*, *Söhne*; `text/recall_de.json`)."""
    raw = json.loads(resources.files("novaberg.text").joinpath("recall_de.json").read_text(encoding="utf-8"))
    return tuple(raw["kin_plurals"])


_PASTIME_FAMILIES = ("sport", "musik", "instrument", "hobby")
_NOT_PASTIMES = frozenset({"hoere", "rock", "band", "bass", "lese", "lesen"})  # *Ich höre dich nicht*, *einen Rock*


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
NOT_A_NAME = frozenset("""ich wir du das der die den dem des es er sie man heute morgen gestern jetzt hier da dort dann danach
vorhin nachher bald gleich immer nie oft manchmal alles nichts wer was wie wo wann warum wieso welche welcher
welches dieser diese dieses jeder jede jedes kein keine mein meine dein deine sein seine ihr ihre unser unsere euer
eure bitte danke hallo ja nein okay alles wetter essen zeit""".split())


# *Ich bin Architekt*, *Ich bin eine Frühaufsteherin*: a noun (capitalised as written) after *ich bin* says what she
# is — not a weekday, a month or a time (*Ich bin Montag nicht da*).
_NOUN_AFTER_BIN = re.compile(r"\b[Ii]ch bin (?:ein |eine |seit \w+ |jetzt )?"
                             rf"(?!(?:{'|'.join(WEEKDAY_NAMES + MONTH_NAMES)}|Anfang|Ende|Mitte)\b)[A-ZÄÖÜ][a-zäöüß]{{3,}}")


def offline_salience(data: Mapping[str, Any]) -> dict[str, Any]:
    """Commands and small talk low, questions low, personal facts and events high (issue 14 item 1)."""
    text = str(data.get("text", "")).strip()
    folded = fold(text)
    named = _NAMED_PERSON.match(text)
    if named and fold(named["name"]) not in NOT_A_NAME and not text.endswith("?"):
        return {"salienz": 0.75, "grund": "ein Mensch aus ihrem Leben"}
    if not text or _SMALL_TALK.match(folded):
        return {"salienz": 0.05, "grund": "Gruß oder Floskel"}
    if _COMMAND_START.match(folded):
        return {"salienz": 0.05, "grund": "ein Auftrag, keine Erinnerung"}
    if text.endswith("?"):
        # *Nur wenn ich Schmerzen hab, dann Schmerzmittel. Und Eisentabletten, zählt das dazu?*: what she told
        # before her question is rated as told; a question alone stays low
        told = " ".join(part for part in re.split(r"(?<=[.!])\s+", text) if not part.rstrip().endswith("?"))
        if not told:
            return {"salienz": 0.1, "grund": "eine Frage"}
        text, folded = told, fold(told)
    best = max(((score, reason) for pattern, score, reason in _rules() if pattern.search(folded)),
               default=(0.15, "Alltagsgespräch"))
    if best[0] < 0.75 and (_NOUN_AFTER_BIN.search(text) or _has_noun(text) or _does_noun(text)
                           or _one_value(slot_of(text, {}))):
        best = (0.75, "eine Tatsache über sie")
    return {"salienz": best[0], "grund": best[1]}


# *Ich spreche viel Englisch*, *Ich trinke nie Bier*, *Ich esse nur Gemüse*, *Ich spiele Harfe* (issue 28, the fourth
# set): she, a verb in the present and a noun as written, a few words apart — what she does, not a moment (no
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
