"""Helpers of the browser tests and the screenshot script: an in-process uvicorn server on a free port and
Debian's headless Chromium driven by Selenium through the system chromedriver — nothing is downloaded
(the Selenium Manager is switched off with SE_OFFLINE, and both paths are given explicitly)."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn

os.environ.setdefault("SE_OFFLINE", "true")  # never let Selenium fetch a browser or a driver

CHROMIUM_NAMES = ("chromium", "chromium-browser")
DRIVER_NAMES = ("chromedriver",)
WAIT_SECONDS = 30


def browser_paths() -> tuple[str, str] | None:
    """(chromium, chromedriver) from PATH, else None."""
    browser = next((found for name in CHROMIUM_NAMES if (found := shutil.which(name))), None)
    driver = next((found for name in DRIVER_NAMES if (found := shutil.which(name))), None)
    return (browser, driver) if browser and driver else None


def missing_browser_message() -> str:
    return ("NO BROWSER: the browser tests need Debian's `chromium` and `chromium-driver` "
            "(apt-get install -y chromium chromium-driver; .ci/run installs them). They were SKIPPED.")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def serving(app: Any) -> Iterator[str]:
    """Run `app` with uvicorn on a free loopback port in a thread; yields the base URL."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    if not server.started:
        raise RuntimeError("uvicorn did not start within 20 s")
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def chromium(width: int = 1280, height: int = 800) -> Any:
    """A headless Chromium window of that size (CSS pixels)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    paths = browser_paths()
    if paths is None:
        raise RuntimeError(missing_browser_message())
    options = webdriver.ChromeOptions()
    options.binary_location = paths[0]
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--no-first-run", "--disable-extensions", "--lang=de-DE", f"--window-size={width},{height}",
                     "--force-device-scale-factor=1", "--hide-scrollbars"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(executable_path=paths[1]), options=options)
    driver.set_window_size(width, height)
    # the window size includes no browser chrome in headless mode, but make the viewport exact anyway
    inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    if inner != [width, height]:
        driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])
    return driver


def wait_for(driver: Any, condition: Any, seconds: float = WAIT_SECONDS) -> Any:
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, seconds, poll_frequency=0.1).until(condition)


def sign_in(driver: Any, base: str, token: str) -> None:
    """The sign-in form with `token`; waits until the chat has loaded its history."""
    from selenium.webdriver.common.by import By

    driver.get(base + "/")
    field = driver.find_element(By.ID, "token")
    field.send_keys(token)
    field.submit()
    wait_for(driver, lambda d: d.find_elements(By.ID, "log") and d.execute_script(
        "return document.getElementById('figure').value !== ''"))
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#log > li"))


def say(driver: Any, text: str) -> Any:
    """Type `text` (line breaks with Shift+Enter), send it with Enter, wait for Nova's answer bubble."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    before = len(driver.find_elements(By.CSS_SELECTOR, "#log .msg.nova"))
    box = driver.find_element(By.ID, "text")
    lines = text.split("\n")
    for number, line in enumerate(lines):
        box.send_keys(line)
        if number < len(lines) - 1:
            box.send_keys(Keys.SHIFT, Keys.ENTER)
    box.send_keys(Keys.ENTER)
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#log .msg.nova")) > before
             and d.find_element(By.ID, "typing").get_attribute("hidden") is not None)
    return driver.find_elements(By.CSS_SELECTOR, "#log .msg.nova")[-1]


def open_view(driver: Any, name: str) -> None:
    """Click a tab (`termine`, `notizen`, …) and wait until it has rendered."""
    from selenium.webdriver.common.by import By

    driver.find_element(By.CSS_SELECTOR, f'.tabs a[data-view="{name}"]').click()
    section = driver.find_element(By.ID, f"view-{name}")
    wait_for(driver, lambda d: section.is_displayed())
    if name == "termine":
        wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#calendar .day"))
    elif name == "notizen":
        wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#notes > *"))
