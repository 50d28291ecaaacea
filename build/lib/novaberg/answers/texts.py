"""What the question path says. An answer quotes the sentence and names where it stands, so the person can
check it; when nothing answers, it says so and where it looked — never the nearest line as if it answered."""

__all__ = ["NO_SUCH_LINE", "KIND_NAMES", "FROM_FILE", "FROM_ARCHIVED_FILE", "FROM_KNOWLEDGE", "FROM_NOTE", "NOTHING", "WHERE_NAMES",
           "NOTHING_SIE", "FROM_FILE_SIE", "FROM_ARCHIVED_FILE_SIE"]

FROM_FILE = "In deinen Unterlagen steht: „{satz}“ ({fundstelle})."
FROM_FILE_SIE = "In Ihren Unterlagen steht: „{satz}“ ({fundstelle})."
# §5.6: an archived file may be outdated — said, so the person weighs it
FROM_ARCHIVED_FILE = "Nur in einer archivierten Unterlage steht: „{satz}“ ({fundstelle}) — das kann veraltet sein."
FROM_ARCHIVED_FILE_SIE = FROM_ARCHIVED_FILE
FROM_KNOWLEDGE = "In meinen eigenen Aufzeichnungen steht: „{satz}“ ({fundstelle})."
FROM_NOTE = "In deiner Notiz „{fundstelle}“ steht: „{satz}“."
# the stores looked in are named: the person knows what was searched and can share the right folder
NOTHING = "Dazu habe ich nichts — gesucht habe ich in {wo}."
NOTHING_SIE = NOTHING
WHERE_NAMES = {"datei": "deinen geteilten Dateien", "wissen": "meinen eigenen Aufzeichnungen",
               "notiz": "deinen Notizen", "erzaehlt": "dem, was du mir erzählt hast",
               "termin": "deinen Terminen"}
# the file speaks of the question's words but names nothing of the asked kind: where, and what is missing
NO_SUCH_LINE = "In {fundstelle} steht etwas dazu, aber keine Zeile mit {art}."
KIND_NAMES = {"date": "einem Datum", "since": "einem Datum", "until": "einem Datum", "amount": "einer Zahl",
              "cost": "einem Betrag", "duration": "einer Dauer"}
