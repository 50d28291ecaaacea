"""The second held-out set of `bench.memory.recall` (written on 1 December 2026 after the first held-out
third had been looked at and its misses fixed — and before any further change): six new persons, other domains
(hobbies, health, family, work, travel), questions in everyday words; three persons say *Sie* to Nova, and an
answer to them that says *du* is wrong. Reported on its own, never tuned on.
"""

from __future__ import annotations

from bench.memory.recall_cases import ABSTENTION, MULTI, SINGLE, TEMPORAL, UPDATE, Fact, Question, Scenario

__all__ = ["SECOND"]

PART = "zurueckgehalten_2"


def _f(day: int, said: str, *keys: str) -> Fact:
    return Fact(day, said, keys)


SECOND: tuple[Scenario, ...] = (
    Scenario("renate", {
        "tanz": _f(0, "Wissen Sie, ich gehe jeden Donnerstag zum Seniorentanz ins Gemeindehaus.", "tanz"),
        "werner": _f(2, "Mein Mann ist vor vier Jahren gestorben, er hieß Werner.", "werner"),
        "blutdruck": _f(4, "Ich nehme morgens Tabletten gegen den hohen Blutdruck.", "blutdruck"),
        "lisa": _f(8, "Meine Enkeltochter Lisa macht eine Lehre als Konditorin.", "konditorin"),
        "gardasee": _f(13, "Im Frühjahr möchte ich mit meiner Freundin Hilde an den Gardasee fahren.", "gardasee"),
        "suedtirol": _f(20, "Die Reise mit Hilde geht jetzt doch nicht an den Gardasee, sondern nach Südtirol.",
                        "suedtirol"),
        "pruefung": _f(31, "Lisa hat ihre Zwischenprüfung mit einer Zwei bestanden.", "zwischenpruefung"),
    }, (
        Question(SINGLE, "Welches Hobby habe ich, wissen Sie das noch?", ("tanz",)),
        Question(SINGLE, "Wie hieß mein verstorbener Mann?", ("werner",)),
        Question(UPDATE, "Wohin fahre ich im Frühjahr mit Hilde?", ("suedtirol",), old="gardasee"),
        Question(MULTI, "Was habe ich Ihnen über meine Enkelin erzählt?", ("lisa", "pruefung")),
        Question(TEMPORAL, "Wann habe ich Ihnen von meinen Blutdrucktabletten erzählt?", day_of="blutdruck"),
        Question(TEMPORAL, "Was habe ich Ihnen letzte Woche über Lisa erzählt?", ("pruefung",)),
        Question(ABSTENTION, "Wie heißt mein Sohn?"),
    ), part=PART, sie=True),
    Scenario("tobias", {
        "spedition": _f(1, "Ich arbeite als Disponent in einer Spedition in Duisburg.", "disponent", "spedition"),
        "kraemer": _f(3, "Mein Chef heißt Herr Krämer und ist ziemlich streng.", "kraemer"),
        "ruecken": _f(6, "Ich hab seit Jahren Rückenprobleme vom vielen Sitzen.", "ruecken"),
        "fifa": _f(10, "Abends zocke ich gern mit meinen Kumpels online Fifa.", "fifa"),
        "physio": _f(16, "Ich gehe jetzt zweimal die Woche zur Physio wegen dem Rücken.", "physio"),
        "prag": _f(21, "Ich war mit meiner Freundin Sophie übers Wochenende in Prag.", "prag"),
        "paketdienst": _f(30, "Seit dem ersten Dezember bin ich Schichtleiter bei einem Paketdienst.", "paketdienst",
                          "schichtleiter"),
    }, (
        Question(SINGLE, "Wie heißt nochmal mein Chef?", ("kraemer",)),
        Question(SINGLE, "Was zock ich abends?", ("fifa",)),
        Question(UPDATE, "Was arbeite ich momentan?", ("paketdienst",), old="spedition"),
        Question(MULTI, "Was weißt du über meinen Rücken?", ("ruecken", "physio")),
        Question(TEMPORAL, "Wann hab ich dir erzählt, dass ich zur Physio gehe?", day_of="physio"),
        Question(TEMPORAL, "Was hab ich dir vor zwei Wochen erzählt?", ("prag",)),
        Question(ABSTENTION, "Welche Musik hör ich gern?"),
    ), part=PART),
    Scenario("yasemin", {
        "schwanger": _f(0, "Ich bin im fünften Monat schwanger.", "fuenften"),
        "deniz": _f(2, "Mein Mann Deniz arbeitet als Elektriker.", "elektriker"),
        "aylin": _f(5, "Wir haben schon eine Tochter, Aylin, sie ist drei.", "aylin"),
        "uebel": _f(9, "Mir ist morgens oft übel, besonders beim Kaffeegeruch.", "uebel"),
        "kita": _f(12, "Aylin geht seit Montag in die Kita Sonnenschein.", "kita"),
        "junge": _f(19, "Wir wissen jetzt, dass es ein Junge wird.", "junge"),
        "emir": _f(29, "Wir haben uns für den Namen Emir entschieden.", "emir"),
    }, (
        Question(SINGLE, "Was macht mein Mann beruflich?", ("deniz",)),
        Question(SINGLE, "In welchem Monat bin ich schwanger?", ("schwanger",)),
        Question(MULTI, "Was hab ich dir über meine Tochter erzählt?", ("aylin", "kita")),
        Question(MULTI, "Was weißt du über das Baby?", ("junge", "emir")),
        Question(TEMPORAL, "Wann hab ich dir gesagt, dass es ein Junge wird?", day_of="junge"),
        Question(TEMPORAL, "Was hab ich dir letzte Woche erzählt?", ("emir",)),
        Question(ABSTENTION, "Wie heißt meine Hebamme?"),
    ), part=PART),
    Scenario("albers", {
        "architekt": _f(1, "Ich bin Architekt und habe ein kleines Büro in Lübeck.", "architekt"),
        "norwegen": _f(3, "Im Urlaub fahren meine Frau und ich am liebsten nach Norwegen.", "norwegen"),
        "segeln": _f(6, "Ich segle in meiner Freizeit auf der Trave.", "segle", "segeln"),
        "ingrid": _f(11, "Meine Frau heißt Ingrid und ist Lehrerin.", "ingrid"),
        "knie": _f(15, "Ich habe Probleme mit dem Knie, im Februar werde ich operiert.", "knie"),
        "portugal": _f(23, "Dieses Jahr fahren wir im Urlaub ausnahmsweise nach Portugal.", "portugal"),
        "fuss": _f(32, "Ingrid hat sich den Fuß verstaucht.", "fuss"),
    }, (
        Question(SINGLE, "Wissen Sie noch, was ich beruflich mache?", ("architekt",)),
        Question(SINGLE, "Was mache ich in meiner Freizeit?", ("segeln",)),
        Question(UPDATE, "Wohin fahren wir dieses Jahr in den Urlaub?", ("portugal",), old="norwegen"),
        Question(MULTI, "Was wissen Sie über meine Frau?", ("ingrid", "fuss")),
        Question(TEMPORAL, "Wann habe ich Ihnen von meinem Knie erzählt?", day_of="knie"),
        Question(TEMPORAL, "Was habe ich Ihnen letzte Woche über Ingrid erzählt?", ("fuss",)),
        Question(ABSTENTION, "Welches Auto fahre ich?"),
    ), part=PART, sie=True),
    Scenario("mia", {
        "lehramt": _f(0, "Ich studiere Lehramt für Deutsch und Sport in Münster.", "lehramt"),
        "sternchen": _f(2, "Ich reite, seit ich sechs bin, mein Pflegepferd heißt Sternchen.", "sternchen"),
        "laktose": _f(5, "Ich hab eine Laktoseintoleranz, Milch vertrag ich gar nicht.", "laktose", "milch"),
        "valencia": _f(9, "Im Februar fliege ich für ein Auslandssemester nach Valencia.", "valencia"),
        "clara": _f(14, "Meine Mitbewohnerin Clara kommt aus Finnland.", "finnland"),
        "lissabon": _f(22, "Das Auslandssemester wird jetzt doch in Lissabon, Valencia hat nicht geklappt.",
                       "lissabon"),
        "huf": _f(30, "Sternchen hat sich am Huf verletzt und darf drei Wochen nicht geritten werden.", "huf"),
    }, (
        Question(SINGLE, "Was studier ich nochmal?", ("lehramt",)),
        Question(SINGLE, "Was vertrage ich nicht?", ("laktose",)),
        Question(UPDATE, "Wo mache ich mein Auslandssemester?", ("lissabon",), old="valencia"),
        Question(MULTI, "Was weißt du über mein Pferd?", ("sternchen", "huf")),
        Question(TEMPORAL, "Wann hab ich dir von Clara erzählt?", day_of="clara"),
        Question(TEMPORAL, "Was hab ich dir letzte Woche über Sternchen erzählt?", ("huf",)),
        Question(ABSTENTION, "Wie heißt mein Freund?"),
    ), part=PART),
    Scenario("petersen", {
        "asthma": _f(0, "Ich habe seit meiner Kindheit Asthma.", "asthma"),
        "kanada": _f(3, "Meine Tochter wohnt mit ihrer Familie in Kanada.", "kanada"),
        "gymnastik": _f(7, "Jeden Morgen mache ich eine halbe Stunde Gymnastik.", "gymnastik"),
        "spray": _f(10, "Mein Hausarzt hat mir ein neues Spray verschrieben.", "spray"),
        "torte": _f(18, "Ich backe leidenschaftlich gern Torten, am liebsten Schwarzwälder Kirsch.",
                    "schwarzwaelder"),
        "hamburg": _f(25, "Meine Tochter ist mit ihrer Familie von Kanada zurück nach Hamburg gezogen.", "hamburg"),
        "lunge": _f(33, "Ich war beim Lungenfacharzt, die Werte sind besser geworden.", "lungenfacharzt"),
    }, (
        Question(SINGLE, "Welche Torte backe ich am liebsten?", ("torte",)),
        Question(SINGLE, "Was mache ich jeden Morgen?", ("gymnastik",)),
        Question(UPDATE, "Wo wohnt meine Tochter jetzt?", ("hamburg",), old="kanada"),
        Question(MULTI, "Was habe ich Ihnen über mein Asthma erzählt?", ("asthma", "spray")),
        Question(TEMPORAL, "Wann habe ich Ihnen vom Backen erzählt?", day_of="torte"),
        Question(TEMPORAL, "Was habe ich Ihnen vor ein paar Tagen erzählt?", ("lunge",)),
        Question(ABSTENTION, "Wie heißt mein Schwiegersohn?"),
    ), part=PART, sie=True),
)
