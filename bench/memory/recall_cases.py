"""The told facts and the questions of the German long-term memory benchmark (`bench.memory.recall`).

Fifteen persons, each telling seven or eight facts over five weeks (day 0 = Monday 2 November 2026), asked on
day 35 (Monday 7 December). Every third scenario (index 2, 5, 8, 11, 14) is the held-out part: written with the
others, never looked at while tuning, reported on its own.

A fact is (day, sentence, keys): the keys are folded words that show the fact was stated. A question names its
category, its text and the facts its answer must state (one key of each); an update question names the old fact
too (it must not be stated as current); a temporal "wann" question names the fact whose day it must say.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from novaberg.text.words import fold

__all__ = ["Fact", "Question", "Scenario", "SCENARIOS", "CATEGORIES", "SINGLE", "MULTI", "UPDATE", "TEMPORAL",
           "ABSTENTION", "OTHER_PERSON", "answer_keys", "first_person_answer", "germediq_person"]

SINGLE, MULTI, UPDATE, TEMPORAL, ABSTENTION = "einzelfakt", "mehrere_sitzungen", "aktualisierung", "zeitfrage", \
    "enthaltung"
OTHER_PERSON = "andere_person"  # a fact of the person or of a relative, told beside the other's (recall_neighbours.py)
CATEGORIES = (SINGLE, MULTI, UPDATE, TEMPORAL, ABSTENTION, OTHER_PERSON)


@dataclass(frozen=True)
class Fact:
    day: int
    said: str
    keys: tuple[str, ...]


@dataclass(frozen=True)
class Question:
    category: str
    text: str
    wants: tuple[str, ...] = ()  # fact names: one key of each must be stated
    old: str | None = None  # update: the superseded fact (not stated as current)
    day_of: str | None = None  # temporal "wann": the fact whose day must be said
    also: tuple[str, ...] = ()  # facts whose sentences answer the question too: said beside it, never invented


@dataclass(frozen=True)
class Scenario:
    user: str
    facts: dict[str, Fact]
    questions: tuple[Question, ...]
    held_out: bool = field(default=False)
    part: str = ""  # the report's part: "" → development or the first held-out third (by `held_out`)
    sie: bool = False  # the person says *Sie* to Nova: an answer in the du-form is wrong

    @property
    def report_part(self) -> str:
        return self.part or ("zurueckgehalten" if self.held_out else "entwicklung")


def _f(day: int, said: str, *keys: str) -> Fact:
    return Fact(day, said, keys)


_RAW: tuple[tuple[str, dict[str, Fact], tuple[Question, ...]], ...] = (
    ("anna", {
        "volleyball": _f(0, "Ich spiele jeden Dienstag Volleyball im Verein.", "volleyball"),
        "lasagne": _f(3, "Mein Lieblingsessen ist Lasagne.", "lasagne"),
        "koeln": _f(5, "Ich wohne in Köln, in der Südstadt.", "koeln"),
        "lena": _f(9, "Meine Schwester Lena studiert Medizin in Leipzig.", "medizin"),
        "bonn": _f(19, "Wir sind letzten Monat nach Bonn umgezogen, ich wohne jetzt in Bonn.", "bonn"),
        "physikum": _f(29, "Lena hat ihr Physikum bestanden.", "physikum"),
    }, (
        Question(SINGLE, "Was ist mein Lieblingsessen?", ("lasagne",)),
        Question(SINGLE, "Welchen Sport mache ich?", ("volleyball",)),
        Question(UPDATE, "Wo wohne ich jetzt?", ("bonn",), old="koeln"),
        Question(MULTI, "Was hab ich dir über meine Schwester erzählt?", ("lena", "physikum")),
        Question(TEMPORAL, "Wann hab ich dir von der Lasagne erzählt?", day_of="lasagne"),
        Question(TEMPORAL, "Was hab ich dir letzte Woche über Lena erzählt?", ("physikum",)),
        Question(ABSTENTION, "Wie heißt mein Hund?"),
    )),
    ("bernd", {
        "rente": _f(1, "Ich bin seit zwei Jahren in Rente, vorher war ich Lokführer.", "rente", "lokfuehrer"),
        "bochum": _f(2, "Mein Lieblingsverein ist der VfL Bochum.", "bochum"),
        "gisela": _f(4, "Meine Frau heißt Gisela.", "gisela"),
        "passat": _f(6, "Ich fahre einen alten Passat.", "passat"),
        "hochzeit": _f(8, "Gisela und ich feiern im Januar Goldene Hochzeit.", "hochzeit"),
        "skoda": _f(22, "Den alten Wagen habe ich verkauft, jetzt fahre ich einen Skoda.", "skoda"),
        "jonas": _f(30, "Mein Enkel Jonas kommt nächstes Jahr in die Schule.", "schule"),
    }, (
        Question(SINGLE, "Wie heißt meine Frau?", ("gisela",)),
        Question(SINGLE, "Welcher ist mein Lieblingsverein?", ("bochum",)),
        Question(UPDATE, "Was für ein Auto fahre ich?", ("skoda",), old="passat"),
        Question(MULTI, "Was weißt du über meine Frau?", ("gisela", "hochzeit")),
        Question(TEMPORAL, "Wann hab ich dir vom VfL Bochum erzählt?", day_of="bochum"),
        Question(TEMPORAL, "Was hab ich dir letzte Woche über meinen Enkel erzählt?", ("jonas",)),
        Question(ABSTENTION, "Wie heißt meine Tochter?"),
    )),
    ("carla", {
        "architektur": _f(0, "Ich studiere Architektur in Weimar.", "architektur"),
        "jazz": _f(3, "Am liebsten höre ich Jazz, vor allem Miles Davis.", "jazz"),
        "cafe": _f(5, "Ich jobbe nebenher in einem Café am Markt.", "cafe"),
        "minka": _f(6, "Ich habe eine Katze, sie heißt Minka.", "minka"),
        "vierzehn": _f(10, "Minka ist schon vierzehn Jahre alt.", "vierzehn"),
        "bibliothek": _f(24, "Seit dieser Woche jobbe ich in der Unibibliothek statt am Markt.", "bibliothek"),
        "jule": _f(29, "Meine Mitbewohnerin Jule zieht im Frühling aus.", "jule"),
    }, (
        Question(SINGLE, "Was studiere ich?", ("architektur",)),
        Question(SINGLE, "Welche Musik höre ich gern?", ("jazz",)),
        Question(UPDATE, "Wo jobbe ich gerade?", ("bibliothek",), old="cafe"),
        Question(MULTI, "Was hab ich dir über meine Katze erzählt?", ("minka", "vierzehn")),
        Question(TEMPORAL, "Wann hab ich dir erzählt, was ich studiere?", day_of="architektur"),
        Question(TEMPORAL, "Was hab ich dir letzte Woche über meine Mitbewohnerin erzählt?", ("jule",)),
        Question(ABSTENTION, "Was ist mein Lieblingsfilm?"),
    )),
    ("dieter", {
        "sarah": _f(1, "Meine Tochter Sarah lebt in München.", "muenchen"),
        "busfahrer": _f(2, "Ich arbeite als Busfahrer bei der KVB.", "busfahrer"),
        "diabetes": _f(5, "Ich habe Diabetes Typ 2.", "diabetes"),
        "tee": _f(7, "Ich trinke morgens immer zwei Tassen Tee.", "tee"),
        "spazieren": _f(12, "Wegen dem Zucker gehe ich jetzt jeden Morgen eine Stunde spazieren.", "spazieren"),
        "hamburg": _f(23, "Sarah ist nach Hamburg gezogen.", "hamburg"),
        "rocky": _f(30, "Ich habe mir einen Hund aus dem Tierheim geholt, er heißt Rocky.", "rocky"),
    }, (
        Question(SINGLE, "Was bin ich von Beruf?", ("busfahrer",)),
        Question(SINGLE, "Was trinke ich morgens?", ("tee",)),
        Question(UPDATE, "Wo wohnt meine Tochter?", ("hamburg",), old="sarah"),
        Question(MULTI, "Was hab ich dir über meine Gesundheit erzählt?", ("diabetes", "spazieren")),
        Question(TEMPORAL, "Wann hab ich dir vom Tee erzählt?", day_of="tee"),
        Question(TEMPORAL, "Was hab ich dir letzte Woche über meinen Hund erzählt?", ("rocky",)),
        Question(ABSTENTION, "Wie heißt mein Bruder?"),
    )),
    ("elif", {
        "lehrerin": _f(0, "Ich bin Lehrerin an einer Grundschule in Essen.", "lehrerin"),
        "vorleser": _f(3, "Mein Lieblingsbuch ist „Der Vorleser“.", "vorleser"),
        "gruen": _f(4, "Meine Lieblingsfarbe ist Grün.", "gruen"),
        "murat": _f(9, "Mein Mann Murat kocht jeden Sonntag für die ganze Familie.", "murat", "kocht"),
        "bart": _f(14, "Murat hat sich einen Bart wachsen lassen.", "bart"),
        "mittagsfrau": _f(20, "Inzwischen ist mein Lieblingsbuch „Die Mittagsfrau“.", "mittagsfrau"),
        "yoga": _f(31, "Ich habe mit Yoga angefangen, zweimal die Woche.", "yoga"),
    }, (
        Question(SINGLE, "Was bin ich von Beruf?", ("lehrerin",)),
        Question(SINGLE, "Was ist meine Lieblingsfarbe?", ("gruen",)),
        Question(UPDATE, "Was ist mein Lieblingsbuch?", ("mittagsfrau",), old="vorleser"),
        Question(MULTI, "Was weißt du über meinen Mann?", ("murat", "bart")),
        Question(TEMPORAL, "Wann hab ich dir von meiner Lieblingsfarbe erzählt?", day_of="gruen"),
        Question(TEMPORAL, "Was hab ich dir letzte Woche über Sport erzählt?", ("yoga",)),
        Question(ABSTENTION, "Wie alt ist mein Sohn?"),
    )),
    ("frank", {
        "stuttgart": _f(1, "Ich wohne in Stuttgart.", "stuttgart"),
        "rennrad": _f(3, "Ich fahre jeden Samstag Rennrad, meistens hundert Kilometer.", "rennrad"),
        "nuesse": _f(6, "Ich bin allergisch gegen Nüsse.", "nuesse"),
        "sven": _f(11, "Mein Kollege Sven geht im März in Elternzeit.", "elternzeit"),
        "vater": _f(15, "Sven wird zum ersten Mal Vater.", "vater"),
        "freiburg": _f(25, "Seit Anfang des Monats wohne ich in Freiburg.", "freiburg"),
        "knie": _f(32, "Meine Mutter hatte am Dienstag eine Knie-OP.", "knie"),
    }, (
        Question(SINGLE, "Wogegen bin ich allergisch?", ("nuesse",)),
        Question(SINGLE, "Welchen Sport mache ich?", ("rennrad",)),
        Question(UPDATE, "Wo wohne ich?", ("freiburg",), old="stuttgart"),
        Question(MULTI, "Was hab ich dir über Sven erzählt?", ("sven", "vater")),
        Question(TEMPORAL, "Wann hab ich dir erzählt, dass ich allergisch bin?", day_of="nuesse"),
        Question(TEMPORAL, "Was hab ich dir letzte Woche über meine Mutter erzählt?", ("knie",)),
        Question(ABSTENTION, "Wie heißt meine Frau?"),
    )),
    ("greta", {
        "bruno": _f(0, "Mein Hund heißt Bruno und ist ein Labrador.", "bruno"),
        "krankenhaus": _f(2, "Ich arbeite im Krankenhaus als Pflegerin auf der Kinderstation.", "krankenhaus"),
        "rhabarber": _f(5, "Mein Lieblingsgetränk ist Rhabarberschorle.", "rhabarber"),
        "karotten": _f(8, "Bruno frisst am liebsten Karotten.", "karotten"),
        "chor": _f(13, "Ich singe seit zehn Jahren im Kirchenchor.", "kirchenchor"),
        "praxis": _f(21, "Ich habe die Stelle gewechselt und arbeite jetzt in einer Arztpraxis.", "arztpraxis"),
        "pia": _f(30, "Meine beste Freundin Pia heiratet im Sommer.", "pia"),
    }, (
        Question(SINGLE, "Was ist mein Lieblingsgetränk?", ("rhabarber",)),
        Question(SINGLE, "In welchem Chor singe ich?", ("chor",)),
        Question(UPDATE, "Wo arbeite ich?", ("praxis",), old="krankenhaus"),
        Question(MULTI, "Was weißt du über meinen Hund?", ("bruno", "karotten")),
        Question(TEMPORAL, "Wann hab ich dir vom Kirchenchor erzählt?", day_of="chor"),
        Question(TEMPORAL, "Was hab ich dir letzte Woche über meine Freundin erzählt?", ("pia",)),
        Question(ABSTENTION, "Wo wohne ich?"),
    )),
    ("hans", {
        "hansi": _f(1, "Mein Spitzname ist Hansi.", "hansi"),
        "weber": _f(2, "Mein Hausarzt ist Dr. Weber.", "weber"),
        "angeln": _f(4, "Ich angle gern am Baggersee.", "baggersee"),
        "mia": _f(7, "Meine Enkelin Mia ist fünf Jahre alt.", "fuenf"),
        "windpocken": _f(16, "Mia hat Windpocken.", "windpocken"),
        "yilmaz": _f(26, "Ich habe einen neuen Hausarzt, Dr. Yilmaz.", "yilmaz"),
        "ostsee": _f(29, "Ich war zur Kur an der Ostsee, das hat mir gutgetan.", "kur"),
    }, (
        Question(SINGLE, "Was ist mein Spitzname?", ("hansi",)),
        Question(SINGLE, "Was ist mein Hobby?", ("angeln",)),
        Question(UPDATE, "Wer ist mein Hausarzt?", ("yilmaz",), old="weber"),
        Question(MULTI, "Was hab ich dir über meine Enkelin erzählt?", ("mia", "windpocken")),
        Question(TEMPORAL, "Wann hab ich dir von meinem Spitznamen erzählt?", day_of="hansi"),
        Question(TEMPORAL, "Was hab ich dir letzte Woche von der Ostsee erzählt?", ("ostsee",)),
        Question(ABSTENTION, "Welches Auto fahre ich?"),
    )),
    ("ida", {
        "vegan": _f(0, "Ich lebe vegan, seit drei Jahren schon.", "vegan"),
        "spanisch": _f(3, "Ich lerne seit Oktober Spanisch an der Volkshochschule.", "spanisch"),
        "kofi": _f(5, "Mein Freund heißt Kofi und kommt aus Ghana.", "kofi"),
        "bodensee": _f(9, "Mein Lieblingsort ist der Bodensee.", "bodensee"),
        "ton": _f(12, "Kofi arbeitet als Tontechniker beim Theater.", "tontechniker"),
        "ruegen": _f(27, "Mein Lieblingsort ist jetzt die Insel Rügen.", "ruegen"),
        "fuehrerschein": _f(31, "Ich habe endlich den Führerschein bestanden.", "fuehrerschein"),
    }, (
        Question(SINGLE, "Welche Sprache lerne ich?", ("spanisch",)),
        Question(SINGLE, "Wie ernähre ich mich?", ("vegan",)),
        Question(UPDATE, "Was ist mein Lieblingsort?", ("ruegen",), old="bodensee"),
        Question(MULTI, "Was weißt du über meinen Freund?", ("kofi", "ton")),
        Question(TEMPORAL, "Wann hab ich dir erzählt, dass ich Spanisch lerne?", day_of="spanisch"),
        Question(TEMPORAL, "Was hab ich dir letzte Woche über den Führerschein erzählt?", ("fuehrerschein",)),
        Question(ABSTENTION, "Wie heißt meine Mutter?"),
    )),
    ("jonas", {
        "nele": _f(1, "Meine Freundin heißt Nele.", "nele"),
        "schreiner": _f(2, "Ich bin Schreiner und habe eine eigene Werkstatt.", "schreiner"),
        "alkohol": _f(4, "Ich trinke keinen Alkohol.", "alkohol"),
        "schlagzeug": _f(6, "Ich spiele Schlagzeug in einer Punkband.", "schlagzeug"),
        "rostlauben": _f(10, "Unsere Band heißt Die Rostlauben.", "rostlauben"),
        "kim": _f(24, "Meine neue Freundin heißt Kim.", "kim"),
        "konzert": _f(30, "Wir haben unser erstes Konzert im Jugendzentrum gespielt.", "konzert"),
    }, (
        Question(SINGLE, "Was arbeite ich?", ("schreiner",)),
        Question(SINGLE, "Welches Instrument spiele ich?", ("schlagzeug",)),
        Question(UPDATE, "Wie heißt meine Freundin?", ("kim",), old="nele"),
        Question(MULTI, "Was weißt du über meine Band?", ("schlagzeug", "rostlauben")),
        Question(TEMPORAL, "Wann hab ich dir von meiner Werkstatt erzählt?", day_of="schreiner"),
        Question(TEMPORAL, "Was hab ich dir letzte Woche über das Konzert erzählt?", ("konzert",)),
        Question(ABSTENTION, "Was ist mein Lieblingsessen?"),
    )),
    ("karin", {
        "regensburg": _f(0, "Ich wohne mit meinem Mann in Regensburg.", "regensburg"),
        "schwiegermutter": _f(3, "Meine Schwiegermutter wohnt bei uns im Haus.", "bei uns"),
        "schwimmen": _f(7, "Ich gehe zweimal die Woche schwimmen.", "zweimal"),
        "felix": _f(11, "Mein Sohn Felix macht gerade Abitur.", "abitur"),
        "informatik": _f(17, "Felix will danach Informatik studieren.", "informatik"),
        "passau": _f(22, "Wir wohnen jetzt in Passau, der Umzug ist endlich geschafft.", "passau"),
        "zahnarzt": _f(29, "Ich war beim Zahnarzt, eine Wurzelbehandlung.", "wurzelbehandlung"),
    }, (
        Question(SINGLE, "Wie oft gehe ich schwimmen?", ("schwimmen",)),
        Question(SINGLE, "Wo wohnt meine Schwiegermutter?", ("schwiegermutter",)),
        Question(UPDATE, "Wo wohne ich?", ("passau",), old="regensburg"),
        Question(MULTI, "Was hab ich dir über meinen Sohn erzählt?", ("felix", "informatik")),
        Question(TEMPORAL, "Wann hab ich dir vom Schwimmen erzählt?", day_of="schwimmen"),
        Question(TEMPORAL, "Was hab ich dir letzte Woche über den Zahnarzt erzählt?", ("zahnarzt",)),
        Question(ABSTENTION, "Wie heißt meine Tochter?"),
    )),
    ("lukas", {
        "entwickler": _f(1, "Ich bin Softwareentwickler bei einer Versicherung.", "softwareentwickler"),
        "ramen": _f(2, "Mein Lieblingsessen ist Ramen.", "ramen"),
        "interstellar": _f(4, "Mein Lieblingsfilm ist Interstellar.", "interstellar"),
        "klettern": _f(8, "Ich klettere zweimal die Woche in der Boulderhalle.", "boulderhalle"),
        "erna": _f(14, "Meine Oma Erna wird im Februar neunzig.", "neunzig"),
        "kassel": _f(16, "Oma Erna wohnt noch allein in ihrer Wohnung in Kassel.", "kassel"),
        "pho": _f(23, "Mein neues Lieblingsessen ist Pho.", "pho"),
        "wien": _f(30, "Ich war auf einer Konferenz in Wien, sehr anstrengend.", "konferenz"),
    }, (
        Question(SINGLE, "Was ist mein Lieblingsfilm?", ("interstellar",)),
        Question(SINGLE, "Was mache ich beruflich?", ("entwickler",)),
        Question(UPDATE, "Was ist mein Lieblingsessen?", ("pho",), old="ramen"),
        Question(MULTI, "Was weißt du über meine Oma?", ("erna", "kassel")),
        Question(TEMPORAL, "Wann hab ich dir vom Klettern erzählt?", day_of="klettern"),
        Question(TEMPORAL, "Was hab ich dir letzte Woche über Wien erzählt?", ("wien",)),
        Question(ABSTENTION, "Wie heißt meine Katze?"),
    )),
    ("marie", {
        "kinder": _f(0, "Ich habe zwei Kinder, Ella und Noah.", "ella"),
        "apotheke": _f(3, "Ich arbeite halbtags in einer Apotheke.", "apotheke"),
        "fisch": _f(5, "Ich esse keinen Fisch.", "fisch"),
        "arm": _f(9, "Noah hat sich beim Fußball den Arm gebrochen.", "gebrochen"),
        "daenemark": _f(12, "Wir fahren im Sommer immer nach Dänemark in ein Ferienhaus.", "daenemark"),
        "schweden": _f(26, "Unser Sommerurlaub geht dieses Jahr nach Schweden.", "schweden"),
        "zahn": _f(31, "Ella hat ihren ersten Milchzahn verloren.", "milchzahn"),
    }, (
        Question(SINGLE, "Wo arbeite ich?", ("apotheke",)),
        Question(SINGLE, "Was esse ich nicht?", ("fisch",)),
        Question(UPDATE, "Wohin fahren wir im Sommer?", ("schweden",), old="daenemark"),
        Question(MULTI, "Was weißt du über meine Kinder?", ("kinder", "arm")),
        Question(TEMPORAL, "Wann hab ich dir von der Apotheke erzählt?", day_of="apotheke"),
        Question(TEMPORAL, "Was hab ich dir letzte Woche über Ella erzählt?", ("zahn",)),
        Question(ABSTENTION, "Wie heißt mein Mann?"),
    )),
    ("nils", {
        "maschinenbau": _f(1, "Ich studiere Maschinenbau in Aachen.", "maschinenbau"),
        "ali": _f(4, "Mein Mitbewohner Ali kocht jeden Abend Linsensuppe.", "linsensuppe"),
        "handball": _f(7, "Ich spiele Handball in der Kreisliga.", "handball"),
        "bar": _f(11, "Am Wochenende arbeite ich in einer Bar am Pontdriesch.", "pontdriesch"),
        "lohn": _f(15, "In der Bar verdiene ich fünfzehn Euro die Stunde.", "fuenfzehn"),
        "wing": _f(20, "Ich habe zu Wirtschaftsingenieurwesen gewechselt.", "wirtschaftsingenieur"),
        "vater": _f(29, "Mein Vater lag im Krankenhaus, aber es geht ihm wieder gut.", "krankenhaus"),
    }, (
        Question(SINGLE, "Welchen Sport mache ich?", ("handball",)),
        Question(SINGLE, "Was kocht mein Mitbewohner?", ("ali",)),
        Question(UPDATE, "Was studiere ich?", ("wing",), old="maschinenbau"),
        Question(MULTI, "Was hab ich dir über die Bar erzählt?", ("bar", "lohn")),
        Question(TEMPORAL, "Wann hab ich dir vom Handball erzählt?", day_of="handball"),
        Question(TEMPORAL, "Was hab ich dir letzte Woche über meinen Vater erzählt?", ("vater",)),
        Question(ABSTENTION, "Was ist meine Lieblingsband?"),
    )),
    ("olga", {
        "odessa": _f(0, "Ich komme ursprünglich aus Odessa.", "odessa"),
        "dortmund": _f(2, "Ich wohne in einer kleinen Wohnung in Dortmund.", "dortmund"),
        "schwester": _f(3, "Ich arbeite als Krankenschwester im Nachtdienst.", "krankenschwester"),
        "mascha": _f(6, "Meine Katze heißt Mascha.", "mascha"),
        "heizung": _f(10, "Mascha schläft am liebsten auf der Heizung.", "heizung"),
        "bochum": _f(21, "Ich bin nach Bochum gezogen, näher an die Klinik.", "bochum"),
        "pruefung": _f(30, "Meine Tochter hat ihre Abschlussprüfung bestanden.", "abschlusspruefung"),
    }, (
        Question(SINGLE, "Woher komme ich?", ("odessa",)),
        Question(SINGLE, "Was bin ich von Beruf?", ("schwester",)),
        Question(UPDATE, "Wo wohne ich jetzt?", ("bochum",), old="dortmund"),
        Question(MULTI, "Was weißt du über meine Katze?", ("mascha", "heizung")),
        Question(TEMPORAL, "Wann hab ich dir von Odessa erzählt?", day_of="odessa"),
        Question(TEMPORAL, "Was hab ich dir letzte Woche über meine Tochter erzählt?", ("pruefung",)),
        Question(ABSTENTION, "Wie heißt mein Bruder?"),
    )),
)

SCENARIOS: tuple[Scenario, ...] = tuple(Scenario(user, facts, questions, held_out=index % 3 == 2)
                                        for index, (user, facts, questions) in enumerate(_RAW))


# Words that show nothing was stated (they stand in any answer, *noch nicht erzählt* too): never a key. Added after
# the first development run, where *nicht* and *habe* as keys counted an abstention as an invented fact.
_NO_KEY = frozenset("""nicht habe hatte eine einer einen einem eines auch aber noch schon sehr mich mein meine meinen
meiner meinem dass wenn dann also etwa etwas einmal wieder immer mehr ganz oder und sind bin bisher derzeit""".split())


def answer_keys(response: str) -> tuple[str, ...]:
    """The two longest words of a told answer (folded), never a word that shows nothing was stated."""
    words = sorted({w for w in re.findall(r"[a-z0-9]+", fold(response)) if len(w) >= 4 and w not in _NO_KEY},
                   key=lambda w: (-len(w), w))
    return tuple(words[:2])


_FIRST_PERSON = re.compile(r"\b(ich|mein|meine|meinem|meinen|meiner|mir|mich|wir|unser|unsere)\b", re.IGNORECASE)
_NEGATIVE_OPENING = re.compile(r"^\s*(nein|kein)", re.IGNORECASE)


def first_person_answer(response: str) -> bool:
    """The GerMedIQ sets' rule for a told answer (fixed before their first runs): four words or more, spoken in the
    first person, not opening with *Nein*/*Kein*."""
    return len(response.split()) >= 4 and bool(_FIRST_PERSON.search(response)) and not _NEGATIVE_OPENING.match(response)


def germediq_person(told: list[dict[str, str]], items: dict[str, tuple[str, str, str]],
                    sie: bool) -> tuple[dict[str, Fact], list[Question]]:
    """The GerMedIQ sets' telling and asking of one participant's answers (`told`: corpus rows, in the order told):
    each answer on its own day (2, 6, 10, …), asked with our question for its item (`items`: id → topic for
    "wann … von …", du-question, Sie-question), the first also as "wann". The sets add their own never-told
    questions."""
    facts = {row["id"]: Fact(2 + 4 * at, row["response"].strip(), answer_keys(row["response"]))
             for at, row in enumerate(told)}
    questions = [Question(SINGLE, items[row["id"]][2 if sie else 1], (row["id"],)) for row in told]
    first = told[0]["id"]
    when = "Wann habe ich Ihnen von {} erzählt?" if sie else "Wann hab ich dir von {} erzählt?"
    questions.append(Question(TEMPORAL, when.format(items[first][0]), day_of=first))
    return facts, questions
