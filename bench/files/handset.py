"""A small hand-written set for the retrieval bench: a few German notes as a person writes them,
and questions that say the same thing in other words — synonyms, a verb for a noun, the other half of a
compound, no shared spelling where a person would not share it. Written by hand, not generated, so it
favours neither the character n-gram embedder nor the stemmer: a check that the generated corpus' numbers
are not an artefact of how it paraphrases. Each question has exactly one relevant file.
"""

from __future__ import annotations

FILES: dict[str, str] = {
    "haus/heizung.md": """# Heizung

Die Gastherme im Keller ist von 2019. Einmal im Jahr kommt der Schornsteinfeger, meistens im Oktober.

## Entlüften

Die Heizkörper im Obergeschoss gluckern im Herbst. Der Vierkantschlüssel liegt in der Werkzeugkiste
neben dem Sicherungskasten.

## Wartungsvertrag

Der Wartungsvertrag läuft über die Firma Kaltenbach, 189 Euro im Jahr.
""",
    "haus/dach.md": """# Dach und Regenrinne

Im Frühjahr waren die Rinnen voller Laub. Der Dachdecker Brandauer hat zwei Ziegel ersetzt.
Beim nächsten Sturm die Dachfenster schließen, das linke klemmt.
""",
    "auto/versicherung.md": """# Kfz-Versicherung

Vollkasko bei der HUK, Selbstbeteiligung 300 Euro. Die Police liegt im grünen Ordner.
Kündigen geht jeweils bis zum 30. November.
""",
    "auto/werkstatt.md": """# Werkstatt

Der Wagen war im März zur Inspektion. Bremsbeläge vorne neu, Ölwechsel gemacht.
Der nächste TÜV ist im August fällig.
""",
    "garten/tomaten.md": """# Tomaten

Die Pflanzen stehen an der Südwand. Ausgeizen einmal pro Woche, gießen nur morgens und nie über die Blätter.
Die Sorte Ochsenherz hat letztes Jahr am meisten getragen.
""",
    "garten/teich.md": """# Gartenteich

Die Pumpe läuft von April bis Oktober. Im Winter kommt sie in einen Eimer mit Wasser in den Keller.
Algen: im Sommer Gerstenstroh einlegen.
""",
    "tiere/katze.md": """# Mimi

Mimi bekommt morgens Nassfutter und abends Trockenfutter, keine Milch.
Impfung jedes Jahr im Mai bei Dr. Oberreiter. Entwurmen alle drei Monate.
""",
    "tiere/hund.md": """# Bruno

Bruno geht dreimal täglich Gassi. Die Hundesteuer wird im Februar abgebucht.
Die Leine mit dem roten Griff ist die lange für den Wald.
""",
    "finanzen/steuer.md": """# Steuererklärung 2025

Belege sammeln: Handwerkerrechnungen, Spendenquittungen, Fahrtkosten.
Abgabe über Elster bis Ende Juli. Der Steuerberater heißt Möllendorf.
""",
    "finanzen/miete.md": """# Wohnung

Die Kaltmiete beträgt 780 Euro, die Nebenkosten 210 Euro. Die Kaution liegt auf einem Sparbuch.
Die Kündigungsfrist ist drei Monate.
""",
    "gesundheit/zahnarzt.md": """# Zahnarzt

Kontrolle zweimal im Jahr bei Frau Dr. Lindqvist. Die Zahnreinigung zahlt die Kasse nicht.
Das Bonusheft liegt in der Schublade im Flur.
""",
    "freizeit/klavier.md": """# Klavierstunden

Unterricht dienstags um 17 Uhr bei Herrn Tannhäuser. Gerade dran: die Gymnopédie Nr. 1.
Das Klavier muss einmal im Jahr gestimmt werden.
""",
    "freizeit/reise.md": """# Urlaub an der Ostsee

Ferienwohnung in Warnemünde vom 3. bis 17. August. Anreise mit dem Zug.
Nicht vergessen: Reisepass ist im Januar abgelaufen.
""",
    "kueche/brot.md": """# Sauerteigbrot

Anstellgut am Vorabend füttern. 500 g Roggenmehl, 12 Stunden Gare.
Backen bei 250 Grad, nach zehn Minuten auf 200 Grad herunter.
""",
    "haus/strom.md": """# Stromanbieter

Seit Januar bei den Stadtwerken, Abschlag 85 Euro im Monat. Zählerstand am Jahresende ablesen
und im Kundenportal eintragen.
""",
}

# (question, relevant file) — the words differ from the file's where a person's words would differ
QUERIES: list[tuple[str, str]] = [
    ("Wann muss der Schornsteinfeger kommen?", "haus/heizung.md"),
    ("Die Heizkörper machen Geräusche, was hilft?", "haus/heizung.md"),
    ("Wer hat die kaputten Dachziegel ausgetauscht?", "haus/dach.md"),
    ("Bis wann kann ich die Autoversicherung beenden?", "auto/versicherung.md"),
    ("Wie hoch ist mein Eigenanteil beim Unfall?", "auto/versicherung.md"),
    ("Wann muss das Auto zur Hauptuntersuchung?", "auto/werkstatt.md"),
    ("Was wurde bei der letzten Inspektion am Auto gemacht?", "auto/werkstatt.md"),
    ("Wie oft soll ich die Tomaten ausgeizen?", "garten/tomaten.md"),
    ("Welche Tomatensorte hat am besten getragen?", "garten/tomaten.md"),
    ("Was mache ich im Winter mit der Teichpumpe?", "garten/teich.md"),
    ("Was hilft gegen grünes Wasser im Teich?", "garten/teich.md"),
    ("Was frisst die Katze?", "tiere/katze.md"),
    ("Wann muss Mimi zum Tierarzt zum Impfen?", "tiere/katze.md"),
    ("Wann wird die Steuer für den Hund bezahlt?", "tiere/hund.md"),
    ("Bei wem mache ich die Steuer?", "finanzen/steuer.md"),
    ("Welche Quittungen brauche ich für das Finanzamt?", "finanzen/steuer.md"),
    ("Wie viel zahle ich für die Wohnung?", "finanzen/miete.md"),
    ("Wie lange ist die Frist, wenn ich ausziehen will?", "finanzen/miete.md"),
    ("Bei welcher Zahnärztin bin ich?", "gesundheit/zahnarzt.md"),
    ("Wo ist das Bonusheft für die Zähne?", "gesundheit/zahnarzt.md"),
    ("Wann habe ich Klavierunterricht?", "freizeit/klavier.md"),
    ("Wann war der Sommerurlaub an der See geplant?", "freizeit/reise.md"),
    ("Ist mein Pass noch gültig?", "freizeit/reise.md"),
    ("Wie heiß backe ich das Roggenbrot?", "kueche/brot.md"),
    ("Wie viel zahle ich monatlich für Strom?", "haus/strom.md"),
    ("Wo trage ich den Zählerstand ein?", "haus/strom.md"),
]
