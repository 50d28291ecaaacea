"""Every German sentence the notes agent says, keyed by step (one place, CONTRIBUTING.md "German is data")."""

from __future__ import annotations

__all__ = ["TEXTS", "say", "quote_list"]

TEXTS: dict[str, str] = {
    # create (§5 Create)
    "angelegt": "Ich habe die Notiz '{name}' angelegt.",
    "angelegt_liste": "Ich habe die Liste '{name}' angelegt. Darauf steht: {items}.",
    "angelegt_leer": "Ich habe die Liste '{name}' angelegt; sie ist noch leer.",
    # content (§5 Update / add_content / remove_content, append, clear_content)
    "ergaenzt": "Auf '{name}' steht jetzt auch: {items}.",
    "gestrichen": "Von '{name}' gestrichen: {items}.",
    "geaendert": "Ich habe '{name}' geändert.",
    "angehaengt": "Ich habe an '{name}' angehängt: {items}",
    "unveraendert": "An '{name}' hat sich nichts geändert.",
    "geleert": "'{name}' ist jetzt leer.",
    "umbenannt": "'{old}' heißt jetzt '{new}'.",
    "geloescht": "Ich habe '{name}' gelöscht.",
    # read (§5 Read)
    "liste_lesen": "Auf '{name}' steht: {items}.",
    "notiz_lesen": "In '{name}' steht: {text}",
    "leer_lesen": "'{name}' ist leer.",
    "uebersicht": "Deine Notizen:\n{lines}",
    "uebersicht_zeile": "- {name} ({typ}){summary}",
    "keine_notizen": "Du hast gerade keine Notizen.",
    "lesen_nicht_gefunden": "Ich finde keine Notiz zu '{target}'.",
    # questions (§7 Rueckfrage-Szenarien)
    "frage_fehlt": "Mir fehlt noch: {what}.",
    "fehlt_inhalt": "Stichwort/Name oder Inhalt der Notiz",
    "fehlt_ziel": "welche Notiz du meinst",
    "fehlt_neuer_name": "der neue Name der Notiz",
    "fehlt_anhang": "was ich anhängen soll",
    "frage_duplikat": "Es gibt bereits eine Notiz '{name}'. Aktualisieren oder neu anlegen?",
    "eintrag_mit_liste": "„{item}“ klingt nach einer Listenangabe, nicht nach einem Eintrag — so trage ich es nicht ein. Sag mir bitte noch einmal, was auf welche Liste soll.",
    "frage_welche_liste": "Welche Liste meinst du: {names}?",
    "frage_auswahl": "Ich habe mehrere Notizen gefunden: {names}. Welche meinst du?",
    "frage_nicht_gefunden": "'{target}' gibt es noch nicht. Soll ich sie anlegen?",
    "frage_nochmal": "Das habe ich nicht als Ja oder Nein verstanden, deshalb frage ich noch einmal: {frage} "
    "Noch ist nichts angelegt.",
    # endings without a write
    "nicht_angelegt": "Okay, '{target}' wird nicht angelegt.",
    "abgebrochen": "Okay, ich lasse es.",
    "inhalt_nicht_gefunden": "Ich finde keine Notiz, in der „{target}“ steht. Es wurde nichts geändert.",
    "inhalt_auf_liste": "Keine Notiz enthält „{target}“, nur die Liste {names} — eine Liste lösche ich nur, wenn du "
                        "sie mit ihrem Namen nennst. Es wurde nichts geändert.",
    "nicht_gefunden": "Ich finde keine Notiz '{target}'. Es wurde nichts geändert.",
    "frage_fuerwort": "Was meinst du mit „{pronoun}“? Sag mir bitte, welchen Eintrag — zum Beispiel „den Käse“. "
    "Noch ist nichts geändert.",
    "aufzaehlung_unklar": "Ist das ein Eintrag oder sind es mehrere? Sag es mir bitte mit Kommas dazwischen, zum "
    "Beispiel: „Milch, Eier“. Noch ist nichts notiert.",
    "kein_auftrag": "Das habe ich nicht notiert. Wenn ich es festhalten soll, sag es mir ausdrücklich, "
    "zum Beispiel: „Setz es auf die Einkaufsliste“.",
    # loud failures (§6 "Laut statt Erfolg", §3 "Die Antwort wird geprüft gelesen")
    "keine_zeile": "Das ist schiefgegangen: Notiz {note_id} – {rows} Zeilen getroffen statt einer. "
    "Es wurde nichts geändert.",
    "nicht_verifiziert": "Das ist schiefgegangen: Die Änderung an '{name}' ließ sich nicht bestätigen. "
    "Es wurde nichts geändert.",
    "schreibfehler": "Das ist schiefgegangen: '{name}' ließ sich gerade nicht speichern. Es wurde nichts geändert.",
    "gleichzeitig": "'{name}' wurde gerade gleichzeitig geändert, deine Änderung habe ich deshalb nicht gespeichert. "
    "Sag es mir bitte noch einmal.",
    "modell_antwort": "Das Sprachmodell hat unbrauchbar geantwortet ({step}). Es wurde nichts notiert und nichts geändert.",
    "unbekannte_aktion": "Das Sprachmodell hat eine unbekannte Aktion genannt ('{action}'). "
    "Es wurde nichts notiert und nichts geändert.",
    "ungueltig": "Der Notizauftrag war unvollständig ({reason}). Es wurde nichts geändert.",
    "rueckfrage_verloren": "Ich weiß nicht mehr, worauf sich deine Antwort bezieht. Es wurde nichts geändert.",
    # §6: unsure → a question, never a write (issue 11 item 7)
    "bestaetigung": "Ich bin nicht sicher, ob ich dich richtig verstehe: Soll ich {aktion} („{target}“)? Noch ist "
                    "nichts geändert.",
    "bestaetigung_nochmal": "Soll ich es so machen? Antworte bitte mit Ja oder Nein. Noch ist nichts geändert.",
    "tut_create": "eine neue Notiz anlegen",
    "tut_update": "die Notiz ändern",
    "tut_append": "etwas an die Notiz anhängen",
    "tut_add_content": "etwas auf die Notiz setzen",
    "tut_remove_content": "etwas von der Notiz streichen",
    "tut_clear_content": "die Notiz leeren",
    "tut_rename": "die Notiz umbenennen",
    "tut_delete": "die Notiz löschen",
}


def say(key: str, **values: object) -> str:
    return TEXTS[key].format(**values)


def quote_list(names: list[str], last: str = "und") -> str:
    """'A', 'B' und 'C' (or: … oder 'C')."""
    quoted = [f"'{name}'" for name in names]
    if len(quoted) < 2:
        return "".join(quoted)
    return ", ".join(quoted[:-1]) + f" {last} " + quoted[-1]
