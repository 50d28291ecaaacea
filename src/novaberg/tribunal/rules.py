"""The directives a rule can check without a model: Sie- or du-form, a forbidden word or name,
no emoji. Everything else in a directive is the jurist model's (tribunal.md §3.1).

`read_directive` reads one directive text into a `Rule` (or None: not checkable); `directive_findings`
checks an answer against all of them. Pure; the same rules serve the offline jurist and the computed check
of `evaluate`, which raises the verdict to at least `warnung` with an order for the corrector.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from novaberg.text.address_forms import EMOJI, du_forms, sie_forms, word_occurrences
from novaberg.text.directive_rules import KIND_DU, KIND_NO_EMOJI, KIND_SIE, KIND_WORD, Rule, read_directive
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

__all__ = ["EMOJI", "DirectiveFinding", "directive_findings", "directive_order"]



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


def _hits(rule: Rule, answer: str) -> list[str]:
    if rule.kind == KIND_SIE:
        return du_forms(answer)
    if rule.kind == KIND_DU:
        return sie_forms(answer)
    if rule.kind == KIND_NO_EMOJI:
        return [m.group(0) for m in EMOJI.finditer(answer) if m.group(0) not in ("\ufe0f", "\u200d")]
    return word_occurrences(rule.word, answer)


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
