"""Constants of the computed checks; the values the specification fixes stay verbatim."""

from __future__ import annotations

__all__ = [
    "COMPLETED",
    "FORM_FIRST_PERSON",
    "FORM_SHORT",
    "FORM_STATE",
    "FORM_UNDERTAKING",
    "FORMS",
    "INVENTORY_NOT_ASKED",
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

# The inventory check needs the timeline; these pure checks never ask it ("Der Bestandsabgleich").
INVENTORY_NOT_ASKED = "nicht_gefragt"

# Where the durable entry goes: kind `berechnung`, node `evaluate`, source `speicherbehauptung`.
LOG_KIND = "berechnung"
LOG_NODE = "evaluate"
LOG_SOURCE = "speicherbehauptung"

# Raised whenever a rule or a word list changes meaning, so entries of two versions are not mixed.
RULE_VERSION = "novaberg-rechnung-2"
