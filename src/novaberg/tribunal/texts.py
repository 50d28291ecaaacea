"""The German texts of the computed checks, in one place (CONTRIBUTING.md "German is data").

The orders go to the corrector, who reads only the summary; they say what is right instead of
naming words to avoid — a ban on words makes a model write the same claim with synonyms
(tribunal.md, "Die Korrekturrunde, gemessen", Lauf 1). The storage order asks for a restatement
of what the person said or wants, which is true both for an invented claim and for the repetition
of an earlier real write.
"""

from __future__ import annotations

__all__ = [
    "CONFIRMATION_ORDER",
    "DIRECTIVE_ORDER_HEAD",
    "DIRECTIVE_ORDER_LINE",
    "FALLBACK_TEXT",
    "FALLBACK_TEXT_SIE",
    "FIX_DU",
    "FIX_EMOJI",
    "FIX_SIE",
    "FIX_WORD",
    "JUDGE_MISSING_TIMEOUT",
    "JUDGE_MISSING_UNREADABLE",
    "JUDGE_TIMED_OUT",
    "JUDGEMENT_INCOMPLETE",
    "NO_REASONING",
    "NOT_JUDGED_OFFLINE",
    "OFFLINE_DIRECTIVE_OK",
    "OFFLINE_DIRECTIVE_VIOLATION",
    "REASON_DU",
    "REASON_EMOJI",
    "REASON_SIE",
    "REASON_WORD",
    "UNREADABLE_JUDGE",
    "CORRECTION_NOTE",
    "HEAD_STORAGE",
    "HEAD_TIME",
    "STORAGE_ORDER",
    "STORAGE_ORDER_LINE",
    "SURVIVING_CLAIM_ERROR",
    "WEEKDAY_ORDER_LINE",
    "WEEKDAY_ORDER_LINE_UNREPORTED",
]

# Heads fixed by the specification; the evaluate node's output check looks for them.
HEAD_STORAGE = "SPEICHERUNG NICHT BELEGT"
HEAD_TIME = "ZEITANGABE FALSCH"

STORAGE_ORDER = (
    HEAD_STORAGE + "\n"
    "In diesem Turn hat kein Dienst eine Schreibung bestätigt, aber diese Sätze der Antwort melden eine:\n"
    "{lines}\n"
    "Fasse jeden dieser Sätze als Wiedergabe dessen, was der Mensch gesagt oder sich gewünscht hat, "
    "zum Beispiel „Du möchtest …“ oder „Du hast … genannt“. Alles andere in der Antwort bleibt, wie es ist."
)
STORAGE_ORDER_LINE = "- „{sentence}“"

WEEKDAY_ORDER_LINE = (
    "- „{phrase}“: Der {date} ist ein {correct}, kein {stated}. Schreibe stattdessen „{corrected}“."
)
# When the date itself is not the reported one, fixing only the weekday would confirm a wrong day.
WEEKDAY_ORDER_LINE_UNREPORTED = (
    "- „{phrase}“: Der {date} ist ein {correct}, kein {stated} — und er ist nicht der gemeldete Tag (unten)."
)

CONFIRMATION_ORDER = (
    HEAD_TIME + "\n"
    "Die Antwort nennt {stated}, die Dienste dieses Turns haben aber {reported} gemeldet. "
    "Bestätige den gemeldeten Tag mit diesem Wochentag."
)

# Appended once after the last correction round; both of its clauses are negated, so the claim
# check never reads it as a claim (tribunal.md, "Der Korrektursatz").
CORRECTION_NOTE = "(Richtigstellung: Davon ist nichts gespeichert – ein Eintrag dazu wurde nicht angelegt.)"

# The error line the specification names ("Der dauerhafte Eintrag und die letzte Runde"), verbatim.
SURVIVING_CLAIM_ERROR = "Speicherbehauptung nach {rounds} Korrekturrunde(n) nicht beseitigt"

# --- the model judges (tribunal.md §3–§5) ---------------------------------------------------------

# Offline: no model, so nothing is scored — said in the vote's reasoning and in the turn's log.
NOT_JUDGED_OFFLINE = "Ohne Sprachmodell nicht beurteilt."
OFFLINE_DIRECTIVE_OK = (
    "Ohne Sprachmodell nicht beurteilt; die per Regel prüfbaren Direktiven (Anrede, verbotene Wörter, Emojis) "
    "sind eingehalten."
)
OFFLINE_DIRECTIVE_VIOLATION = "Direktive verletzt (Regelprüfung ohne Sprachmodell): {findings}"
UNREADABLE_JUDGE = "Die Antwort dieses Richters war nicht lesbar; sie zählt als nicht beurteilt (Score 0.0)."
NO_REASONING = "(Der Richter hat keine lesbare Begründung gegeben.)"
JUDGE_TIMED_OUT = "Dieser Richter hat nicht rechtzeitig geantwortet; er zählt als nicht beurteilt (Score 0.0)."
# a judge without a judgement is named in the verdict's reasons, never a silent `ok`
JUDGE_MISSING_TIMEOUT = "hat nicht rechtzeitig geantwortet."
JUDGE_MISSING_UNREADABLE = "hat keine lesbare Bewertung geliefert."
JUDGEMENT_INCOMPLETE = "Das Urteil des Tribunals ist unvollständig; die Antwort ging ohne seine Prüfung hinaus."

# After the last round an `ablehnen` does not go out (tribunal.md §4, "Korrektur-Grenze"): said honestly.
FALLBACK_TEXT = (
    "Diese Antwort halte ich zurück: Meine interne Prüfung hat sie auch nach zwei Überarbeitungen abgelehnt. "
    "Magst du deine Frage anders stellen?"
)
FALLBACK_TEXT_SIE = (
    "Diese Antwort halte ich zurück: Meine interne Prüfung hat sie auch nach zwei Überarbeitungen abgelehnt. "
    "Mögen Sie Ihre Frage anders stellen?"
)

# The checkable directives (tribunal.rules): why it breaks, and what the corrector is to write instead.
DIRECTIVE_ORDER_HEAD = "DIREKTIVE VERLETZT"
DIRECTIVE_ORDER_LINE = "- Direktive „{directive}“: {reason} {fix}"
REASON_SIE = "Die Antwort duzt ({hits})."
REASON_DU = "Die Antwort siezt ({hits})."
REASON_EMOJI = "Die Antwort enthält Emojis ({hits})."
REASON_WORD = "Die Antwort enthält „{word}“."
FIX_SIE = "Schreibe die ganze Antwort in der Sie-Form (Sie, Ihnen, Ihr), Inhalt und Ton bleiben."
FIX_DU = "Schreibe die ganze Antwort in der Du-Form (du, dir, dein), Inhalt und Ton bleiben."
FIX_EMOJI = "Lass jedes Emoji weg, sonst bleibt alles."
FIX_WORD = "Formuliere die Stellen ohne dieses Wort, sonst bleibt alles."
