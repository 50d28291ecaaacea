"""A second, held-out hand-written set for the retrieval bench: notes of an ordinary household —
bills, health, the car, pets, travel, recipes, contracts, the children's school — and colloquial questions
that say the same thing in other words. Written before the morphology rules and the per-embedder floor
were built and never tuned against: the first set (`handset.py`) is where misses were studied, this one
guards against fitting the rules to it. Each question has exactly one relevant file.
"""

from __future__ import annotations

FILES: dict[str, str] = {
    "rechnungen/internet.md": """# Internet und Telefon

Vertrag bei Vodafone, 39,99 Euro im Monat, Mindestlaufzeit bis März 2027.
Der Router steht im Flur hinter dem Schuhschrank. WLAN-Passwort steht auf dem Aufkleber unten.
Bei Störungen die Hotline anrufen, Kundennummer 448812.
""",
    "rechnungen/gez.md": """# Rundfunkbeitrag

18,36 Euro im Monat, wird vierteljährlich abgebucht. Beitragsnummer steht auf dem letzten Bescheid.
""",
    "gesundheit/hausarzt.md": """# Hausärztin

Dr. Petra Vogelsang, Praxis in der Lindenstraße 4. Sprechstunde Montag bis Freitag vormittags.
Blutdruckmessung alle drei Monate. Das Rezept für die Tabletten (Ramipril 5 mg) muss jedes Quartal
neu ausgestellt werden.
""",
    "gesundheit/allergie.md": """# Heuschnupfen

Gräserpollen ab Mai. Cetirizin hilft, eine Tablette am Abend. Die Hyposensibilisierung beim
HNO-Arzt ist im dritten Jahr, Spritze alle sechs Wochen.
""",
    "auto/reifen.md": """# Reifenwechsel

Die Winterreifen lagern beim Reifenhändler Uhlenbrock, Einlagerung 40 Euro pro Saison.
Wechsel von O bis O: Oktober bis Ostern. Profiltiefe bei den Sommerreifen noch 4 mm.
""",
    "auto/leasing.md": """# Leasing Golf

Leasingvertrag über 36 Monate, Rate 289 Euro. 10.000 km Laufleistung im Jahr,
jeder Mehrkilometer kostet 8 Cent. Rückgabe im September 2027.
""",
    "tiere/kaninchen.md": """# Hoppel und Flocke

Die zwei Kaninchen bekommen Heu, Möhrengrün und abends ein wenig Trockenfutter.
Die Krallen müssen alle paar Wochen geschnitten werden. Impfung gegen RHD jährlich im April.
Im Sommer im Freigehege auf dem Balkon.
""",
    "tiere/wellensittich.md": """# Wellensittiche

Pieps und Blau. Körnermischung und Kolbenhirse nur als Belohnung. Der Käfig wird samstags
sauber gemacht, frischer Sand in die Schale. Urlaubsbetreuung macht Frau Hasselkamp von nebenan.
""",
    "reisen/mallorca.md": """# Mallorca im Mai

Flug am 12. Mai ab Düsseldorf, 6:40 Uhr. Hotel in Port de Sóller mit Halbpension.
Mietwagen ist gebucht, Buchungsnummer steht in der Mail von Sunny Cars.
Die Europäische Krankenversicherungskarte einpacken.
""",
    "reisen/camping.md": """# Zelten im Harz

Stellplatz am Oderteich reserviert, drei Nächte. Mitnehmen: Gaskocher, Isomatten, Stirnlampen.
Die Luftmatratze hat ein Loch, Flickzeug liegt im Kofferraum.
""",
    "rezepte/linsensuppe.md": """# Linsensuppe von Oma

250 g Tellerlinsen über Nacht einweichen. Mit Suppengrün, Kartoffeln und einem Lorbeerblatt
eine Stunde köcheln. Zum Schluss ein Schuss Essig und Wiener Würstchen rein.
""",
    "rezepte/pfannkuchen.md": """# Pfannkuchen

Drei Eier, 250 ml Milch, 200 g Mehl, eine Prise Salz. Teig zwanzig Minuten ruhen lassen.
In Butter ausbacken. Die Kinder mögen sie mit Apfelmus.
""",
    "vertraege/fitnessstudio.md": """# Fitnessstudio

Mitgliedschaft im FitX seit Juni, 24,90 Euro monatlich. Laufzeit zwölf Monate, danach monatlich
kündbar. Die Karte für das Drehkreuz hängt am Schlüsselbund.
""",
    "vertraege/hausrat.md": """# Hausratversicherung

Bei der Allianz, Versicherungssumme 65.000 Euro, Beitrag 118 Euro jährlich. Fahrraddiebstahl ist
mitversichert bis 1.500 Euro. Schadensmeldung online oder telefonisch.
""",
    "schule/lena.md": """# Lena, Klasse 3b

Klassenlehrerin ist Frau Ostertag. Elternsprechtag im November. Sportzeug immer donnerstags mitgeben.
Die Klassenfahrt nach Bad Sachsa kostet 145 Euro, Überweisung bis zum 15. des Monats.
""",
    "schule/jonas.md": """# Jonas, Gymnasium

Jonas ist in der 7c. Nachhilfe in Mathe bei Herrn Riemenschneider, mittwochs um 15 Uhr.
Die Zeugnisse gibt es am letzten Schultag vor den Sommerferien. Busfahrkarte muss jedes Jahr neu beantragt werden.
""",
}

# (question, relevant file) — said the way one asks at the kitchen table, not in the note's words
QUERIES: list[tuple[str, str]] = [
    ("Wie lange bin ich noch an meinen Handyvertrag fürs Internet gebunden?", "rechnungen/internet.md"),
    ("Wo ist das Ding für das WLAN?", "rechnungen/internet.md"),
    ("Wie viel kostet mich die GEZ?", "rechnungen/gez.md"),
    ("Wann hat meine Ärztin Sprechzeiten?", "gesundheit/hausarzt.md"),
    ("Wie oft brauche ich ein neues Rezept für die Blutdrucktabletten?", "gesundheit/hausarzt.md"),
    ("Was nehme ich gegen die Pollenallergie?", "gesundheit/allergie.md"),
    ("Wie oft muss ich zum Ohrenarzt für die Spritze?", "gesundheit/allergie.md"),
    ("Wo sind meine Winterräder?", "auto/reifen.md"),
    ("Wann sollte ich die Sommerreifen wieder aufziehen?", "auto/reifen.md"),
    ("Was passiert, wenn ich mit dem Auto zu viel fahre?", "auto/leasing.md"),
    ("Wann muss ich den Wagen zurückgeben?", "auto/leasing.md"),
    ("Was fressen die Hasen?", "tiere/kaninchen.md"),
    ("Wann müssen die Hasen geimpft werden?", "tiere/kaninchen.md"),
    ("Wer passt auf die Vögel auf, wenn wir weg sind?", "tiere/wellensittich.md"),
    ("Wann putze ich den Vogelkäfig?", "tiere/wellensittich.md"),
    ("Wann geht der Flieger nach Spanien?", "reisen/mallorca.md"),
    ("Haben wir für den Urlaub ein Auto gemietet?", "reisen/mallorca.md"),
    ("Was muss ich zum Campen mitnehmen?", "reisen/camping.md"),
    ("Wie flicke ich die kaputte Luftmatratze?", "reisen/camping.md"),
    ("Wie lange müssen die Linsen kochen?", "rezepte/linsensuppe.md"),
    ("Was kommt am Ende in die Suppe?", "rezepte/linsensuppe.md"),
    ("Wie viel Milch brauche ich für die Eierkuchen?", "rezepte/pfannkuchen.md"),
    ("Ab wann kann ich im Sportstudio aufhören?", "vertraege/fitnessstudio.md"),
    ("Was zahle ich für das Gym?", "vertraege/fitnessstudio.md"),
    ("Ist mein Fahrrad versichert, wenn es geklaut wird?", "vertraege/hausrat.md"),
    ("Wie melde ich einen Schaden in der Wohnung?", "vertraege/hausrat.md"),
    ("Wie heißt die Lehrerin von Lena?", "schule/lena.md"),
    ("Bis wann muss das Geld für den Schulausflug überwiesen sein?", "schule/lena.md"),
    ("Wann hat Jonas Nachhilfe?", "schule/jonas.md"),
    ("Wann gibt es für Jonas Zeugnisse?", "schule/jonas.md"),
    ("Muss ich die Schülerfahrkarte neu beantragen?", "schule/jonas.md"),
]
