"""The forms of address in German answers (tribunal.md §3.1): where an answer says *du* or *Sie*, where it names a
word, and the offline corrector's part of a directive order — du-form → Sie-form, and emojis out.

Deterministic and narrow: pronouns, the possessive, and a verb right next to *du* (irregular verbs from a
table, regular ones by their ending *-st* → *-en*). What it cannot rewrite (an imperative, *du* far from its
verb) stays; the computed check then still finds it, and after the last round the answer goes out with
`warnung` — a model corrector does the rest.
"""

from __future__ import annotations

import re

__all__ = ["EMOJI", "to_sie_form", "without_emoji", "du_forms", "sie_forms", "word_occurrences"]

EMOJI = re.compile("[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B50\u2B55\u2300-\u23FF\uFE0F\u200d]")
_DU_WORDS = re.compile(r"\b(?:du|dich|dir|dein|deine|deinen|deinem|deiner|deines|duzen)\b", re.IGNORECASE)
_SIE_FORMAL = re.compile(r"\b(?:Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b|(?<=[a-zäöüß,] )Sie\b")


def du_forms(answer: str) -> list[str]:
    """The words of the familiar address in an answer (*du*, *dir*, *dein* …), as written."""
    return [m.group(0) for m in _DU_WORDS.finditer(answer)]


def sie_forms(answer: str) -> list[str]:
    """The words of the polite address in an answer (*Ihnen*, *Ihr* …, *Sie* not at a sentence's start)."""
    return [m.group(0) for m in _SIE_FORMAL.finditer(answer)]


def word_occurrences(word: str, answer: str) -> list[str]:
    """Where the answer names `word` as a whole word (any case), as written."""
    pattern = re.compile(rf"(?<![\wäöüß]){re.escape(word)}(?![\wäöüß])", re.IGNORECASE)
    return [m.group(0) for m in pattern.finditer(answer)]

# second person singular → polite form (infinitive-like plural); irregular and modal verbs
_IRREGULAR = {
    "bist": "sind", "hast": "haben", "kannst": "können", "willst": "wollen", "musst": "müssen", "darfst": "dürfen",
    "sollst": "sollen", "weißt": "wissen", "magst": "mögen", "möchtest": "möchten", "wirst": "werden",
    "siehst": "sehen", "liest": "lesen", "gibst": "geben", "nimmst": "nehmen", "fährst": "fahren",
    "läufst": "laufen", "hilfst": "helfen", "sprichst": "sprechen", "triffst": "treffen", "isst": "essen",
    "vergisst": "vergessen", "hältst": "halten", "schläfst": "schlafen", "trägst": "tragen", "fängst": "fangen",
    "lässt": "lassen", "brätst": "braten", "wäschst": "waschen", "stehst": "stehen", "gehst": "gehen",
    "tust": "tun", "heißt": "heißen", "sitzt": "sitzen", "tanzt": "tanzen",
}
_PRONOUNS = {"dich": "Sie", "dir": "Ihnen", "dein": "Ihr", "deine": "Ihre", "deinen": "Ihren", "deinem": "Ihrem",
             "deiner": "Ihrer", "deines": "Ihres", "dirs": "Ihnen"}
_WORD = r"[a-zäöüß]+"
# words ending in -st that are no verb of du
_NOT_VERBS = frozenset({"fast", "selbst", "sonst", "zuerst", "erst", "meist", "längst", "angst", "nächst",
                        "höchst", "zumindest", "wenigstens", "mindestens", "best", "just", "samt", "jüngst",
                        "umsonst", "dienst", "herbst", "kunst", "gunst", "lust", "brust", "last", "post", "rast"})


def _verb(word: str) -> str | None:
    lower = word.lower()
    if lower in _NOT_VERBS:
        return None
    if lower in _IRREGULAR:
        return _IRREGULAR[lower]
    if lower.endswith("est") and len(lower) > 5:  # du arbeitest → Sie arbeiten, du findest → Sie finden
        return lower[:-3] + "en"
    if lower.endswith("st") and len(lower) > 4:  # du brauchst → Sie brauchen
        return lower[:-2] + "en"
    return None


def _capital(template: str, word: str) -> str:
    return word[:1].upper() + word[1:] if template[:1].isupper() else word


def to_sie_form(text: str) -> str:
    """`text` with the du-forms this table knows turned into the Sie-form."""

    def du_before_verb(match: re.Match[str]) -> str:
        verb = _verb(match.group(2))
        return f"Sie {verb}" if verb else match.group(0)

    def verb_before_du(match: re.Match[str]) -> str:
        verb = _verb(match.group(1))
        return f"{_capital(match.group(1), verb)} Sie" if verb else match.group(0)

    out = re.sub(rf"\b([Dd]u)\s+({_WORD})\b", du_before_verb, text)
    out = re.sub(rf"\b({_WORD})\s+du\b", verb_before_du, out, flags=re.IGNORECASE)
    # a *du* whose verb is not next to it stays: a silent "Sie … wirst" would pass the check ungrammatically
    return re.sub(r"\b(dich|dir|dirs|dein|deine|deinen|deinem|deiner|deines)\b",
                  lambda m: _PRONOUNS[m.group(1).lower()], out, flags=re.IGNORECASE)


def without_emoji(text: str) -> str:
    """`text` without emojis (and the space one leaves behind)."""
    return re.sub(r" {2,}", " ", EMOJI.sub("", text)).strip()
