"""One redaction for every message — credentials never, URLs not in what a person reads."""

from __future__ import annotations

from novaberg.core.redact import redact_credentials, scrub_urls


def test_credentials_are_removed_from_urls_and_conninfo():
    assert redact_credentials("http://u:p@host:8000/v1") == "http://***@host:8000/v1"
    assert redact_credentials("https://host/v1") == "https://host/v1"
    text = "failed: postgresql://nova:geheim@db:5432/x and redis://:pw@r:6379 password=abc host=h"
    redacted = redact_credentials(text)
    assert "geheim" not in redacted and "pw@" not in redacted and "abc" not in redacted
    assert "db:5432/x" in redacted and "host=h" in redacted
    assert "sk-1" not in redact_credentials("http://h/v1?api_key=sk-1&x=2")


def test_urls_are_scrubbed_from_what_a_person_reads():
    assert scrub_urls("failed at http://u:p@host:1/api and https://x/y.") == "failed at <URL> and <URL>"
