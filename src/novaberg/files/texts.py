"""The German texts the files service says to a person or an operator (one place, CONTRIBUTING.md "German is data")."""

from __future__ import annotations

ROOT_NOT_READABLE = "Wurzel nicht lesbar"  # dateien.md §8.3, the fourth exit
ROOT_OUTSIDE = "liegt außerhalb des zulässigen Bereichs"  # §8.2a

# Issue 24: the person's own allow-list (the outer boundary of §7 rule 3a, per person)
NOTHING_ALLOWED = ("Für dich ist noch kein Verzeichnis zum Freigeben erlaubt. Das muss zuerst der Betreiber tun: "
                   "novaberg roots allow --user <deine Kennung> <Verzeichnis>.")
TILDE_REFUSED = ("„~“ steht hier für das Konto des Servers, nicht für dein Home-Verzeichnis; nenn mir bitte den "
                 "vollen Pfad, etwa /home/<name>/Dokumente")
RELATIVE_REFUSED = "ein relativer Pfad zeigt in das Arbeitsverzeichnis des Servers; nenn mir bitte den vollen Pfad"
HIDDEN_ROOT = "„{teil}“ ist ein verborgenes Verzeichnis (mit Punkt), das gebe ich nicht frei"
DATA_DIR_ROOT = "das ist Novas eigenes Datenverzeichnis oder enthält es, das gebe ich nicht frei"
SHARED_BY_OTHER = ("dieses Verzeichnis, ein Teil davon oder ein Verzeichnis darüber ist schon von einer anderen "
                   "Person freigegeben, und der Betreiber hat es nicht für euch beide erlaubt")
ALLOWED_BY = "Erlaubt durch den Eintrag {eintrag} deiner Freigabeliste."
NOT_IN_ALLOW_LIST = "{pfad} steht nicht in der Freigabeliste dieser Person; nichts geändert"
ALLOW_REFUSED = "{pfad} kann nicht erlaubt werden: {grund}"
ALLOW_SYSTEM_WARNING = ("{pfad} ist {art}: die Person kann darunter Dateien des Servers freigeben und lesen lassen. "
                        "Erlaubt — wenn das nicht gemeint war: novaberg roots disallow --user <person> {pfad}")
SYSTEM_KINDS = {"etc": "ein Systemverzeichnis (Konfiguration)", "proc": "ein Systemverzeichnis (laufende Prozesse)",
                "sys": "ein Systemverzeichnis (Kernel)", "dev": "ein Systemverzeichnis (Geräte)",
                "boot": "ein Systemverzeichnis (Systemstart)", "run": "ein Systemverzeichnis (Laufzeitdaten)",
                "root": "das Home-Verzeichnis des Administrators"}
SERVER_HOME_KIND = "das Home-Verzeichnis des Server-Kontos ({home}) oder enthält es"
ROOT_EXISTS = "Diese Freigabe besteht schon: {pfad} (Nummer {nummer})."
ROOT_GRANTED = "Freigegeben: {pfad} (Nummer {nummer}, {eigentum})."
ROOT_UNKNOWN = "Diese Freigabe gibt es nicht (mehr)."
ROOT_NOT_HIT = "Die Änderung an der Freigabe ist nicht angekommen: sie traf {rows} Zeilen statt einer."
ROOT_DISABLED = "Stillgelegt: {pfad} (Nummer {nummer}); die Indexzeilen bleiben und sind unerreichbar."
ROOT_FORGOTTEN = "Vergessen: {pfad} (Nummer {nummer}); {rows} Indexzeilen gelöscht."
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

# §2a.2 / §1a.5 / §2a.3: what the roots conversation says. „Nummer" is the root's place in the pair's own list
# (1, 2, … oldest first), never its row id: a row id counts every person's roots.
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

# The roots agent in the conversation (§2a.2, §8.2a)
ASK_PATH = "Welches Verzeichnis soll ich lesen dürfen? Nenn mir bitte seinen Pfad, etwa ~/Dokumente/Projekt."
ASK_PATH_AGAIN = "Darin finde ich keinen Pfad. Nenn mir das Verzeichnis bitte als Pfad, etwa ~/Dokumente/Projekt."
NONE_SHARED = "Du hast mir noch kein Verzeichnis freigegeben."
LISTING = "Diese Verzeichnisse hast du mir freigegeben:\n{lines}"
LISTING_LINE = "- Nummer {nummer}: {pfad}{bezeichnung} — {eigentum}, {zustand}, {dateien} Dateien im Index"
OWNERSHIP_NAMES = {"nutzer": "dein Material", "figur": "mein Material", "gemischt": "gemischtes Material"}
STATE_ACTIVE, STATE_INACTIVE = "freigegeben", "stillgelegt"
ASK_TARGET = "Welche Freigabe meinst du? Nenn mir bitte die Nummer.\n{listing}"
NO_MATCHING_ROOT = "Dazu finde ich keine passende Freigabe.\n{listing}"
ASK_NEW_LABEL = "Wie soll die Freigabe {pfad} heißen?"
RENAME_QUESTION = "Soll ich die Freigabe {pfad} „{neu}“ nennen?"
RENAMED = "Die Freigabe {pfad} heißt jetzt „{neu}“."
REACTIVATE_QUESTION = "Soll ich {pfad} wieder freigeben? Ich habe dort {count} Dateien gefunden."
REACTIVATED = "Wieder freigegeben: {pfad} (Nummer {nummer})."
ALREADY_ACTIVE = "{pfad} ist schon freigegeben (Nummer {nummer})."
ALREADY_INACTIVE = "{pfad} ist schon stillgelegt (Nummer {nummer})."
REVOKE_KEPT = "Gut, die Freigabe {pfad} bleibt, wie sie ist."
NOTHING_CHANGED = "Gut, ich ändere nichts an deinen Freigaben."
GATE_AGAIN = "Ich ändere die Freigabe nur, wenn du klar zustimmst. {frage}"
INDEXED_NOW = "Ich habe die Dateien gleich eingelesen: {neu} neu im Index."
INDEX_LATER = "Ich lese die Dateien beim nächsten Indexlauf ein."
UNCLEAR = "Ich habe nicht verstanden, was ich mit deinen freigegebenen Verzeichnissen tun soll."
NO_PAIR = "Diese Frage gehört zu einem anderen Gespräch; ich ändere dafür nichts."
ROOT_NOT_CONFIRMED = ("Ob die Änderung an der Freigabe von {pfad} gespeichert ist, konnte ich nicht bestätigen. "
                      "Frag mich bitte gleich, welche Verzeichnisse freigegeben sind, dann sehen wir nach.")
WRITE_FAILED = "Die Freigabe ließ sich gerade nicht ändern ({grund}); es wurde nichts freigegeben oder entzogen."
