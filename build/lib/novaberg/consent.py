"""Public entry of the closed reading of consent: `read_consent(text, service)`.

The implementation and the word lists live in `novaberg.text.consent` and `novaberg/text/consent_words.json`.
"""

from __future__ import annotations

from novaberg.text.consent import ABLEHNUNG, SERVICES, UNKLAR, ZUSTIMMUNG, read_consent

__all__ = ["read_consent", "ZUSTIMMUNG", "ABLEHNUNG", "UNKLAR", "SERVICES"]
