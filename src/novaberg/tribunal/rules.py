"""The directives a rule can check without a model (issue 12 §6): Sie- or du-form, a forbidden word or name,
no emoji. Everything else in a directive is the jurist model's (tribunal.md §3.1).

`read_directive` reads one directive text into a `Rule` (or None: not checkable); `directive_findings`
checks an answer against all of them. Pure; the same rules serve the offline jurist and the computed check
of `evaluate`, which raises the verdict to at least `warnung` with an order for the corrector.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from novaberg.tribunal.texts import (
    DIRECTIVE_ORDER_HEAD,
    DIRECTIVE_ORDER_LINE,
    FIX_DU,
    FIX_EMOJI,
    FIX_SIE,
    FIX_WORD,
    REASON_DU,
    REASON_EMOJI,
    REASON_SIE,
    REASON_WORD,
)

__all__ = ["EMOJI", "Rule", "DirectiveFinding", "read_directive", "directive_findings", "directive_order",
           "KIND_SIE", "KIND_DU", "KIND_NO_EMOJI", "KIND_WORD"]

KIND_SIE = "sie_form"
KIND_DU = "du_form"
KIND_NO_EMOJI = "kein_emoji"
KIND_WORD = "verbotenes_wort"

_I = re.IGNORECASE
_WANTS_SIE = re.compile(r"\b(?:ge)?siez\w*|\bmit\s+[„\"'»]?sie\b|\bsie\s*[-–]?\s*form\b|\bförmlich\b", _I)
_WANTS_DU = re.compile(r"\b(?:ge)?duz\w*|\bmit\s+[„\"'»]?du\b|\bdu\s*[-–]?\s*form\b|\bsag\w*\s+du\b", _I)
_NO_EMOJI = re.compile(r"\b(?:kein\w*|ohne|nie\w*|nicht)\b.*\b(?:emojis?|emoticons?|smileys?)\b", _I)
_NEGATION = r"(?i:nie(?:mals)?|nicht|kein\w*)"
_VERB = r"(?i:erwähn\w*|nenn\w*|sag\w*|schreib\w*|benutz\w*|verwend\w*|sprich)"
_FILLER = r"(?:(?i:mehr|wieder|das\s+wort|den\s+namen)\s+)*"
_NAME = r"([A-ZÄÖÜ][\wäöüß-]{1,40})"
_QUOTED = re.compile(r"[„\"'»‚‹]([^„“\"'«»‚‘‹›]{1,60})[“\"'«‘›]")
_NAME_PATTERNS = (
    re.compile(rf"\b{_VERB}\s+(?:(?i:mich)\s+)?{_NEGATION}\s+{_FILLER}{_NAME}"),  # Erwähne nie Thomas
    re.compile(rf"\b{_NEGATION}\s+{_FILLER}{_NAME}\s+{_VERB}"),  # nie mehr Thomas erwähnen
    re.compile(rf"\b{_NAME}\s+{_NEGATION}\s+{_FILLER}{_VERB}"),  # Thomas nie mehr erwähnen
)
# Capitalised words that are no name: pronouns, articles, the form words themselves.
_NOT_A_NAME = frozenset({"mich", "mir", "meine", "meinen", "meinem", "meiner", "mein", "den", "die", "das",
                         "dem", "der", "ein", "eine", "einen", "sie", "du", "ihn", "ihr", "es", "wieder", "mehr",
                         "wort", "namen", "emoji", "emojis", "smiley", "smileys"})

_DU_WORDS = re.compile(r"\b(?:du|dich|dir|dein|deine|deinen|deinem|deiner|deines|duzen)\b", _I)
_SIE_FORMAL = re.compile(r"\b(?:Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b|(?<=[a-zäöüß,] )Sie\b")
EMOJI = re.compile("[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B50\u2B55\u2300-\u23FF\uFE0F\u200d]")


@dataclass(frozen=True)
class Rule:
    kind: str  # 'sie_form' | 'du_form' | 'kein_emoji' | 'verbotenes_wort'
    directive: str
    word: str = ""


@dataclass(frozen=True)
class DirectiveFinding:
    rule: Rule
    hits: tuple[str, ...]

    @property
    def reason(self) -> str:
        hits = ", ".join(dict.fromkeys(self.hits))
        template = {KIND_SIE: REASON_SIE, KIND_DU: REASON_DU, KIND_NO_EMOJI: REASON_EMOJI, KIND_WORD: REASON_WORD}
        return template[self.rule.kind].format(directive=self.rule.directive, hits=hits, word=self.rule.word)

    @property
    def fix(self) -> str:
        template = {KIND_SIE: FIX_SIE, KIND_DU: FIX_DU, KIND_NO_EMOJI: FIX_EMOJI, KIND_WORD: FIX_WORD}
        return template[self.rule.kind].format(word=self.rule.word)


def read_directive(text: str) -> Rule | None:
    """The checkable rule of one directive, or None when only a model can judge it (*„Erwähne nie meine Ex“*)."""
    if not isinstance(text, str) or not text.strip():
        return None
    plain = " ".join(text.split())
    if _WANTS_SIE.search(plain):
        return Rule(KIND_SIE, plain)
    if _WANTS_DU.search(plain):
        return Rule(KIND_DU, plain)
    if _NO_EMOJI.search(plain):
        return Rule(KIND_NO_EMOJI, plain)
    if not re.search(rf"\b{_NEGATION}\b", plain):
        return None
    quoted = _QUOTED.search(plain)
    if quoted and quoted.group(1).strip():
        return Rule(KIND_WORD, plain, quoted.group(1).strip())
    for pattern in _NAME_PATTERNS:
        match = pattern.search(plain)
        if match and match.group(1).lower() not in _NOT_A_NAME:
            return Rule(KIND_WORD, plain, match.group(1))
    return None


def _hits(rule: Rule, answer: str) -> list[str]:
    if rule.kind == KIND_SIE:
        return [m.group(0) for m in _DU_WORDS.finditer(answer)]
    if rule.kind == KIND_DU:
        return [m.group(0) for m in _SIE_FORMAL.finditer(answer)]
    if rule.kind == KIND_NO_EMOJI:
        return [m.group(0) for m in EMOJI.finditer(answer) if m.group(0) not in ("\ufe0f", "\u200d")]
    pattern = re.compile(rf"(?<![\wäöüß]){re.escape(rule.word)}(?![\wäöüß])", _I)
    return [m.group(0) for m in pattern.finditer(answer)]


def directive_findings(answer: str, directives: Sequence[str]) -> list[DirectiveFinding]:
    """Every checkable directive the answer breaks (exact wording only, §3.1: in doubt no breach)."""
    if not isinstance(answer, str):
        raise TypeError(f"answer must be a str, got {type(answer).__name__}")
    for text in directives:  # quoting a rule (a confirmation, a listing) is not breaking it
        if isinstance(text, str) and text.strip():
            answer = answer.replace(text, " ")
    found = []
    for text in directives:
        rule = read_directive(text)
        if rule is None:
            continue
        hits = _hits(rule, answer)
        if hits:
            found.append(DirectiveFinding(rule, tuple(hits)))
    return found


def directive_order(findings: Sequence[DirectiveFinding]) -> str:
    """The corrector's order (on top of its summary, like the other computed orders)."""
    lines = [DIRECTIVE_ORDER_LINE.format(directive=f.rule.directive, reason=f.reason, fix=f.fix) for f in findings]
    return "\n".join([DIRECTIVE_ORDER_HEAD, *lines])
