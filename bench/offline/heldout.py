"""Sentences written after the grammar was built and never tuned against (a check of how far the rules
carry beyond the generated corpus). Each carries its expected service and action by hand."""

from __future__ import annotations

from bench.offline.corpus import NOTES, QUESTION, REQUEST, STATEMENT, TIMELINE, Case

__all__ = ["HELD_OUT"]

HELD_OUT: tuple[Case, ...] = (
    Case("Trag bitte den Elternabend am Donnerstag um 19 Uhr ein", TIMELINE, "create", REQUEST),
    Case("Könntest du mir für Montag um 8 Uhr den Ölwechsel eintragen?", TIMELINE, "create", REQUEST),
    Case("Ich hätte gern morgen um 14 Uhr einen Termin beim Friseur eingetragen", TIMELINE, "create", REQUEST),
    Case("Erinnere mich übermorgen um 9 an die Steuererklärung", TIMELINE, "create", REQUEST),
    Case("Schreib den Geburtstag von Oma am 3.12. in den Kalender", TIMELINE, "create", REQUEST),
    Case("Verschieb das Meeting mit Tom auf Donnerstag um 15 Uhr", TIMELINE, "reschedule", REQUEST),
    Case("Kannst du den Friseur bitte auf nächste Woche Dienstag um 16 Uhr legen?", TIMELINE, "reschedule", REQUEST),
    Case("Leg den Ölwechsel auf Freitag", TIMELINE, "reschedule", REQUEST),
    Case("Also den Zahnarzt bitte auf Montag verschieben", TIMELINE, "reschedule", REQUEST),
    Case("Streich den Elternabend", TIMELINE, "delete", REQUEST),
    Case("Den Friseur kannst du löschen", TIMELINE, "delete", REQUEST),
    Case("Sag bitte das Meeting mit Tom ab", TIMELINE, "delete", REQUEST),
    Case("Was steht morgen so an?", TIMELINE, "read", QUESTION),
    Case("Wann war nochmal der Ölwechsel?", TIMELINE, "read", QUESTION),
    Case("Habe ich nächste Woche irgendwas?", TIMELINE, "read", QUESTION),
    Case("Was ist am Wochenende los?", TIMELINE, "read", QUESTION),
    Case("Zeig mir bitte, was ich im Dezember vorhabe", TIMELINE, "read", REQUEST),
    Case("Morgen früh habe ich den Ölwechsel", TIMELINE, "rejected", STATEMENT),
    Case("Am Donnerstag war ich beim Elternabend", TIMELINE, "rejected", STATEMENT),
    Case("Ich habe den Friseur auf Freitag gelegt", TIMELINE, "rejected", STATEMENT),
    Case("Der Zahnarzt hat den Termin abgesagt", TIMELINE, "rejected", STATEMENT),
    Case("Nächste Woche fahre ich nach Hamburg", TIMELINE, "rejected", STATEMENT),
    Case("Setz Kaffee und Zucker auf die Einkaufsliste", NOTES, "add_content", REQUEST),
    Case("Packst du mir noch Zahnbürste auf die Packliste?", NOTES, "add_content", REQUEST),
    Case("Kannst du bitte Butter zur Einkaufsliste hinzufügen?", NOTES, "add_content", REQUEST),
    Case("Nimm den Kaffee wieder von der Einkaufsliste", NOTES, "remove_content", REQUEST),
    Case("Streich bitte die Zahnbürste von der Packliste", NOTES, "remove_content", REQUEST),
    Case("Leg mir eine Liste für den Baumarkt an: Schrauben, Dübel", NOTES, "create", REQUEST),
    Case("Erstell bitte eine neue Notiz: Reifen wechseln lassen", NOTES, "create", REQUEST),
    Case("Merk dir bitte, dass der Schlüssel unter der Matte liegt", NOTES, "create", REQUEST),
    Case("Mach die Einkaufsliste bitte komplett leer", NOTES, "clear_content", REQUEST),
    Case("Lösch bitte die Packliste", NOTES, "delete", REQUEST),
    Case("Nenn die Einkaufsliste in Wochenmarkt um", NOTES, "rename", REQUEST),
    Case("Was steht eigentlich auf der Packliste?", NOTES, "read", QUESTION),
    Case("Zeig mir mal die Einkaufsliste", NOTES, "read", REQUEST),
    Case("Steht Butter schon auf der Einkaufsliste?", NOTES, "read", QUESTION),
    Case("Ich brauche dringend neue Schuhe", NOTES, "rejected", STATEMENT),
    Case("Die Einkaufsliste ist ziemlich lang geworden", NOTES, "rejected", STATEMENT),
    Case("Ich habe den Kaffee schon gekauft", NOTES, "rejected", STATEMENT),
    Case("Auf der Packliste fehlt noch die Sonnencreme", NOTES, "rejected", STATEMENT),
)
