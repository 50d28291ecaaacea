"""Constants of the computed checks; the values the specification fixes stay verbatim."""

from __future__ import annotations

__all__ = [
    "COMPLETED",
    "FORM_FIRST_PERSON",
    "FORM_SHORT",
    "FORM_STATE",
    "FORM_UNDERTAKING",
    "FORMS",
    "INVENTORY_FAILED",
    "INVENTORY_FOUND",
    "INVENTORY_NO_OBJECT",
    "INVENTORY_NOT_ASKED",
    "INVENTORY_NOT_FOUND",
    "INVENTORY_NOT_NAMED",
    "LOG_KIND",
    "LOG_NODE",
    "LOG_SOURCE",
    "RESULT_COVERED",
    "RESULT_NO_CLAIM",
    "RESULT_NOT_PROVEN",
    "RULE_VERSION",
    "VERDICTS",
    "WRITE_NOT_RECOGNISABLE",
    "WRITE_NOT_WRITTEN",
    "WRITE_WRITTEN",
]

# Sentence forms of a storage claim (tribunal.md, "Was als Behauptung zählt").
FORM_SHORT = "kurz"
FORM_FIRST_PERSON = "erste_person"
FORM_STATE = "zustand"
FORM_UNDERTAKING = "vollzug"
FORMS = (FORM_SHORT, FORM_FIRST_PERSON, FORM_STATE, FORM_UNDERTAKING)

# Verdicts, mildest first: a computed finding can raise a verdict, never lower it.
VERDICTS = ("ok", "warnung", "ablehnen")

# The only service status that is a source (README digest "Turn pipeline").
COMPLETED = "abgeschlossen"

# `ergebnis` of the durable entry ("Der dauerhafte Eintrag und die letzte Runde").
RESULT_NO_CLAIM = "keine_behauptung"
RESULT_COVERED = "gedeckt"
RESULT_NOT_PROVEN = "nicht_belegt"

# How a service's steps read ("Ein Lesevorgang deckt nicht").
WRITE_WRITTEN = "geschrieben"
WRITE_NOT_WRITTEN = "nicht_geschrieben"
WRITE_NOT_RECOGNISABLE = "nicht_erkennbar"

# The inventory check ("Der Bestandsabgleich"): its outcomes, verbatim for the durable entry; `nicht_gefragt`
# only when there is no claim to check.
INVENTORY_NOT_ASKED = "nicht_gefragt"
INVENTORY_FOUND = "gefunden"
INVENTORY_NOT_NAMED = "gefunden_nicht_genannt"
INVENTORY_NOT_FOUND = "nicht_gefunden"
INVENTORY_NO_OBJECT = "kein_akutes_objekt_mit_zeit"
INVENTORY_FAILED = "abfrage_gescheitert"

# Where the durable entry goes: kind `berechnung`, node `evaluate`, source `speicherbehauptung`.
LOG_KIND = "berechnung"
LOG_NODE = "evaluate"
LOG_SOURCE = "speicherbehauptung"

# Raised whenever a rule or a word list changes meaning, so entries of two versions are not mixed.
RULE_VERSION = "novaberg-rechnung-2"
