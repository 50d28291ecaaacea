"""The notes scene of `novaberg demo` (issue 5 item 9): a shopping list by conversation.

Not found → question → *ja* → created; add, remove, read, rename, delete.
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
    )
]
