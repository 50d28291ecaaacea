"""Fixtures of the browser tests: skip loudly without a browser, a Chromium window, a served Nova."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from novaberg.api.app import create_app
from novaberg.api.auth import PersonTokens
from novaberg.core.clock import FixedClock
from tests.browser.support import browser_paths, chromium, missing_browser_message, serving
from tests.support import berlin, make_nova, make_offline_llm

NOW = berlin(2026, 11, 30, 10)  # a Monday: the week view shows 30.11.–6.12.2026


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    if browser_paths() is None:
        print(f"\n*** {missing_browser_message()} ***\n", file=sys.stderr)
        for item in items:
            if "tests/browser" in str(item.fspath):
                item.add_marker(pytest.mark.skip(reason=missing_browser_message()))


@pytest.fixture
def browser() -> Iterator[Any]:
    driver = chromium(1280, 800)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def web(db: Any, redis: Any, tmp_path: Path) -> Callable[..., Any]:
    """`web(llm)` → a Site: a served app over the test's database with per-person tokens in tmp_path."""
    servers: list[Any] = []

    def start(llm: Any = None) -> Site:
        nova = make_nova(db, redis, llm or make_offline_llm(), tmp_path)
        tokens = PersonTokens(nova.stack.db)
        app = create_app(nova, FixedClock(NOW), token="operator-token-0123456789abcdef", person_tokens=tokens)
        context = serving(app)
        base = context.__enter__()
        servers.append(context)
        return Site(base, nova, tokens)

    yield start
    for context in reversed(servers):
        context.__exit__(None, None, None)


class Site:
    def __init__(self, base: str, nova: Any, tokens: PersonTokens) -> None:
        self.base = base
        self.nova = nova
        self.tokens = tokens

    def token_for(self, user_id: str) -> str:
        return self.tokens.create(user_id, NOW)
