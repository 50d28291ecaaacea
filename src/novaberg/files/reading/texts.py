"""The German texts of the files' reading side: the blocks' locations and the reading service `dateien`
(one place, CONTRIBUTING.md "German is data"). The blocks' framing sentences are prompt files (`verfasser.aufzeichnungen.txt`,
`verfasser.eigene_funde.txt`), so a model or connector can override them."""

from __future__ import annotations

LINES = "Zeilen {von}–{bis}"
LINE = "Zeile {zeile}"
ARCHIVED = "(archiviert)"
FOUND_BY = "gefunden über {kanaele}; {zeilen} Zeilen"
CHANNEL_NAMES = {"scharf": "Stichwort", "dicht": "Thema", "inhalt": "Textstelle", "volltext": "Volltext"}
NO_SUMMARY = "(ohne Zusammenfassung)"

# the reading service (dateien.md §8.1, §8.2)
ANSWER_HEAD = "In deinen Unterlagen steht dazu:"
ANSWER_OWN_HEAD = "In meinen eigenen Funden steht dazu:"
NEEDLE_LINE = "- {fundstelle}: {zeile}"
MAP_HEAD = "{fundstelle} hat diese Abschnitte:"
MAP_LINE = "- {titel} ({zeilen})"
MAP_NONE = "{fundstelle} hat keine Überschriften; sie ist ein durchgehender Text mit {zeilen} Zeilen."
MAP_UNKNOWN = "Die Gliederung von {fundstelle} ist nicht erhoben."
NO_ROOTS = ("Du hast mir noch kein Verzeichnis freigegeben, in dem ich nachsehen könnte. "
            "Sag mir, welches Verzeichnis ich lesen darf.")
NOTHING_ASKED = "Wonach soll ich in deinen Unterlagen suchen? Nenn mir ein Stichwort oder eine Datei."
NOTHING_FOUND = ("Zu „{begriffe}“ finde ich in deinen Unterlagen nichts: {dateien} Dateien durchsucht, keine passt. "
                 "Mit einem anderen Wort, etwa dem Namen einer Datei, sehe ich gern noch einmal nach.")
NEEDLE_MISSED = ("Der Wortlaut „{begriffe}“ steht in keiner der {kandidaten} passenden Dateien "
                 "({versucht} Begriffe versucht). Am nächsten liegt {fundstelle}: {thema}. "
                 "Soll ich dir diese Stelle vorlesen?")
FILE_GONE = "Die Datei {pfad} ist nicht mehr da; der Index kennt sie noch, gelesen werden kann sie nicht."
FILE_UNREADABLE = "Die Datei {pfad} kann ich gerade nicht lesen ({grund})."
FILE_OUTSIDE = "Den Pfad {pfad} lese ich nicht: er liegt außerhalb der freigegebenen Verzeichnisse."

# „Weißt du was über X" (§3.0c): every store labelled
OVERVIEW_NOTES = "In deinen Notizen:"
OVERVIEW_APPOINTMENTS = "In deinem Kalender:"
OVERVIEW_FILES_NONE = "In deinen Unterlagen finde ich dazu nichts."
OVERVIEW_MEMORY = "Aus dem, was du mir erzählt hast:"
OVERVIEW_MEMORY_DAY = " (am {tag})"
OVERVIEW_KNOWLEDGE = "In meinem eigenen Wissen:"
OVERVIEW_NOTHING = ("Zu „{begriffe}“ habe ich nichts: weder in deinen Notizen noch im Kalender, in dem, was du mir "
                    "erzählt hast, oder in meinem eigenen Wissen. Verzeichnisse hast du mir keine freigegeben.")
# the early gate (§3.0d): her own text covers what the index says about the file — the file stays closed
GATE_COVERED = ("- {fundstelle}: {thema} — laut Verzeichnis: {auszug} (nicht geöffnet: mein eigenes Wissen in "
                "knowledge/{wissen} deckt das schon ab)")

# the fourth exit's offer taken (§8.2): the passage read out, or a polite end
READ_HEAD = "Hier ist die Stelle aus {fundstelle}:"
READ_REFUSED = "Gut, dann lasse ich die Stelle ungelesen."
READ_GONE = "Die Stelle kann ich nicht mehr lesen: die Datei ist nicht mehr in deinen freigegebenen Unterlagen."
