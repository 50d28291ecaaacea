"""The person's form of address in a memory answer: Nova answers in the
du-form (prompts/default/compose.system.txt: „Du antwortest … in der Du-Form“) unless the pair's directives ask
for the Sie-form (tribunal.md §3.1, the jurist checks the directives; `graph/compose.address_form`). The offline
recall answer follows the person's own form besides: a person who says *Sie* to Nova (*Was habe ich Ihnen über …
erzählt?*, *Wissen Sie noch, …?*) is answered with *Sie* — this turn's words first, else her latest turn that
addressed Nova, else du. A directive still wins: the tribunal's corrector turns du into Sie.
"""

from __future__ import annotations

from collections.abc import Iterable

from novaberg.text.small_talk import ADDRESS_DU, address_of

__all__ = ["address_of", "person_address"]  # `address_of` reads one text (`text.small_talk`), here for the callers


def person_address(text: str, history: Iterable[tuple[str, str]] = ()) -> str:
    """The form of this turn, else of the newest earlier turn of the person that had one, else du."""
    found = address_of(text)
    if found is not None:
        return found
    for said, _ in reversed(list(history)):
        found = address_of(str(said))
        if found is not None:
            return found
    return ADDRESS_DU
