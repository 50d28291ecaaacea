"""The notes scene of `novaberg demo`: a shopping list by conversation.

Not found → question → *ja* → created; add, remove, read, rename, delete; then a note that stays
(a thing with a time relation is a note, notizen.md §1), so the demo's final table shows it.
"""

DEMO_SCENES = [
    (
        "Notizen: die Einkaufsliste",
        [
            "Setz Milch auf die Einkaufsliste",
            "ja",
            "Schreib Eier und Butter auf die Einkaufsliste",
            "Streich die Milch von der Einkaufsliste",
            "Was steht auf der Einkaufsliste?",
            "Nenn die Einkaufsliste 'Wocheneinkauf'",
            "Lösch die Liste 'Wocheneinkauf'",
        ],
    ),
    (
        "Notizen: eine Sache mit Zeitbezug bleibt",
        [
            "Merk dir, dass ich morgen Mehl brauche",
            "Zeig meine Notizen",
        ],
    ),
]
