"""The German texts the files service says to a person or an operator (one place, STYLE.md)."""

from __future__ import annotations

ROOT_NOT_READABLE = "Wurzel nicht lesbar"  # dateien.md §8.3, the fourth exit
ROOT_OUTSIDE = "liegt außerhalb des zulässigen Bereichs"  # §8.2a
ROOT_EXISTS = "Diese Freigabe besteht schon: {pfad} (Nummer {id})."
ROOT_GRANTED = "Freigegeben: {pfad} (Nummer {id}, {eigentum})."
ROOT_UNKNOWN = "Freigabe mit der Nummer {id} gibt es nicht."
ROOT_NOT_HIT = "Die Aenderung an der Freigabe ist nicht angekommen: ID {id} traf {rows} Zeilen statt einer."
ROOT_DISABLED = "Stillgelegt: {pfad} (Nummer {id}); die Indexzeilen bleiben und sind unerreichbar."
ROOT_FORGOTTEN = "Vergessen: {pfad} (Nummer {id}); {rows} Indexzeilen gelöscht."
EMBEDDER_BLIND = "Der Index-Lauf bricht ab: {message}"
DESCRIBER_DOWN = ("Der Index-Lauf hält an, weil das Sprachmodell die Dateien nicht beschreiben kann ({message}); "
                  "was schon beschrieben ist, bleibt, der nächste Lauf macht weiter.")

# §5.1 / §5.5a: reasons a file or directory was seen and not evaluated
REASONS = {
    "punkt_verzeichnis": "Verzeichnis mit führendem Punkt, nicht betreten",
    "verknuepftes_verzeichnis": "Verknüpfung auf ein Verzeichnis, nicht betreten",
    "verzeichnis_nicht_lesbar": "Verzeichnis nicht lesbar",
    "verborgen": "verborgene Datei",
    "endung": "Endung ist kein lesbares Textformat",
    "zu_gross": "größer als die Grenze",
    "leer": "leere Datei",
    "keine_datei": "weder Datei noch Verzeichnis",
    "name_kein_utf8": "Name ist kein gültiges UTF-8",
    "ausserhalb_der_wurzel": "Verknüpfung zeigt aus der Wurzel hinaus",
    "defekte_verknuepfung": "Verknüpfung ohne Ziel",
    "verknuepfungs_schleife": "Verknüpfungsschleife",
    "nicht_lesbar": "Datei nicht lesbar",
    "nicht_auswertbar": "Inhalt nicht auswertbar",
    "beschreibung_unlesbar": "die Beschreibung des Sprachmodells war nicht lesbar",
}

# §2a.2 / §1a.5 / §2a.3: what the roots conversation says
GATE_QUESTION = "Ich habe {count} Dateien unter {pfad} gefunden — freigeben?"
GATE_UNCLEAR = "Ich gebe das Verzeichnis nur frei, wenn du klar zustimmst. Soll ich {pfad} freigeben?"
GATE_DECLINED = "Gut, ich gebe {pfad} nicht frei."
OWNERSHIP_QUESTION = "Wessen Material liegt in diesem Verzeichnis — deins, meins, oder beides?"
OWNERSHIP_AGAIN = "Das habe ich nicht eindeutig verstanden: Ist es deins, meins, oder beides?"
OUTSIDE_REFUSAL = ("{pfad} liegt außerhalb des zulässigen Bereichs — das gebe ich auch auf Bestätigung nicht "
                   "frei. Freigeben kann ich unter: {grenze}.")
NOT_USABLE = "Das kann ich nicht freigeben: {grund}."
REVOKE_QUESTION = ("Soll ich {pfad} nur stilllegen (ich lese dort nicht mehr, behalte aber, was ich darüber "
                   "weiß) oder vergessen (alles, was ich über die Dateien dort weiß, wird gelöscht)?")
REVOKE_AGAIN = "Bitte sag mir genau: stilllegen oder vergessen?"
