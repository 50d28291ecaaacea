"""German patterns of the memory's recall (what a question about told facts names, whose thing a sentence is
about, what is shared with whom), kept in the language package with the rest of the German reading; the
memory compares folded text against them."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from novaberg.text.data_files import read_json

__all__ = ["recall_words", "DRUG_ENDING", "ABOUT_NAMED", "OWNED", "SHARED", "OWNED_BY", "IS_A", "ASKS_A_NAME",
           "ABOUT_ME_PATTERN", "OWN_WORDS"]



@cache
def recall_words() -> dict[str, Any]:
    """The recall's words (`recall_de.json`), read once for the recall and the slots alike."""
    return read_json(__package__, "recall_de.json")


DRUG_ENDING = re.compile(r"(?:ium|olol|pril|sartan|statin|prazol|cillin|amol|profen|xin|pam|lam|ltin|formin|alin|irin|"
                         r"ulin|idin|azin|izin|pin|afil|oxacin|mab)$")

ABOUT_NAMED = re.compile(r"^\s*(?:wie\s+alt|wie\s+lange|wie\s+oft|wo|was|wie|wer|wann|woher|wohin|seit\s+wann|"
                         r"welche[nsrm]?(?:\s+\w+)?)\s+(?P<verb>ist|war|wohnt|lebt|arbeitet|macht|studiert|spielt|"
                         r"hat|hatte|heisst|mag|isst|trinkt|faehrt|geht|kommt|wurde)\s+(?P<name>[a-z]+)\b(?P<rest>[^?]*)")

OWNED = re.compile(r"\b(?:der|die|das|den|dem)\s+(?P<thing>[a-z]+)\s+(?:meines|meiner|unseres|unserer|von\s+meinem|"
                   r"von\s+meiner)\s+(?P<owner>[a-z]+)")

SHARED = re.compile(r"\b(?:mit|und)\s+(?:meinem|meiner|meinen|meine|mein|unserem|unserer|unseren|unsere|den|dem|der)\s+"
                    r"(?P<with>[a-z]+)|^\s*(?:mein|meine|unser|unsere)\s+(?P<first>[a-z]+)\s+und\s+ich\b|"
                    r"^\s*(?P<we>wir)\b")

OWNED_BY = re.compile(r"^\s*(der|die|das|dem|den)\s+(?P<head>[a-z]+)\s+(meines|meiner|unseres|unserer|von\s+meinem|"
                      r"von\s+meiner|von\s+unserem|von\s+unserer)\s+(?P<owner>[a-z]+)")

IS_A = re.compile(r"\b(ist|war|wird)\s+(jetzt\s+|inzwischen\s+|seit\s+\w+\s+|schon\s+)?(ein\s+|eine\s+)?(?P<noun>[a-z]+)\b")

ASKS_A_NAME = re.compile(r"\b(heisst|hiess|heissen|hiessen)\b")

# *Was weißt du über mich?*, *Woran erinnerst du dich?*: what Nova knows about the person as a whole
ABOUT_ME_PATTERN = re.compile(r"\b(was\s+weißt\s+du\s+(alles\s+)?(über|von)\s+mich|was\s+weisst\s+du\s+(alles\s+)?(ueber|über|von)"
                       r"\s+mich|was\s+hast\s+du\s+dir\s+(über\s+mich\s+)?gemerkt|woran\s+erinnerst\s+du\s+dich|"
                       r"was\s+habe\s+ich\s+dir\s+(alles\s+)?erzählt)\b", re.IGNORECASE)
# she speaks of herself or her own things
OWN_WORDS = re.compile(r"\b(mein|meine|meinem|meinen|meiner|meines|ich|mir|mich)\b", re.IGNORECASE)
