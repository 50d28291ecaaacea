"""The access log never holds a query value: a value without `=` (`?<token>`), a query hidden in the path as an
encoded `%3F`, a value in a name's place — each is logged in a cleaned form, the path and plain names kept."""

from __future__ import annotations

import logging

import pytest

from novaberg.api.edge_filters import QueryValuesHidden, hide_query_values

SECRET = "Zq8sKx3-geheim_0123456789"


@pytest.mark.parametrize(("raw", "logged"), [
    (f"/api/me?token={SECRET}&user_id=anna", "/api/me?token=…&user_id=…"),
    (f"/api/calendar/feed.ics?{SECRET}", "/api/calendar/feed.ics?…"),
    (f"/api/me%3Ftoken%3D{SECRET}", "/api/me?…"),
    (f"/api/me%3ftoken={SECRET}", "/api/me?token=…"),
    (f"/api/me%3Fa=1?token={SECRET}", "/api/me?…&token=…"),
    (f"/api/me?{SECRET}=1&limit=5", "/api/me?…&limit=…"),
    (f"/api/me?to%6Ben={SECRET}", "/api/me?token=…"),
    (f"/api/me?na%20me={SECRET}&;&x", "/api/me?…&…"),
    ("/api/me?", "/api/me?…"),
])
def test_a_query_value_never_reaches_the_log_raw(raw, logged):
    assert hide_query_values(raw) == logged


def test_the_access_record_is_rewritten_when_the_query_hides_in_an_encoded_path():
    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d',
                               ("127.0.0.1:5000", "GET", f"/api/me%3Ftoken%3D{SECRET}", "1.1", 401), None)
    assert QueryValuesHidden().filter(record)
    assert SECRET not in record.getMessage() and "/api/me?…" in record.getMessage()
    plain = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d',
                              ("127.0.0.1:5000", "GET", f"/api/calendar/feed.ics?{SECRET}", "1.1", 404), None)
    QueryValuesHidden().filter(plain)
    assert SECRET not in plain.getMessage()
