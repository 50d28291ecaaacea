"""Screenshots of the web app for the issue's closing note (issue 17): chat, week view, notes and an
opened verdict badge at 1280×800 and 390×844, written as PNG files to docs/screenshots/.

    python -m tests.browser.screenshots [out_dir]

A throw-away data directory with embedded PostgreSQL and Redis, a fixed clock (Monday 30.11.2026, 10:00),
the offline model plus canned answers for two small-talk questions, and one person signed in with a
per-person token — the same way a person uses the app.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from selenium.webdriver.common.keys import Keys

from novaberg.api.app import create_app
from novaberg.core.clock import FixedClock
from novaberg.directives.repository import DirectivesRepository
from novaberg.llm.base import LLMResult
from tests.browser.support import chromium, open_view, serving, sign_in, wait_for
from tests.support import berlin, make_offline_llm

NOW = berlin(2026, 11, 30, 10)
SIZES = ((1280, 800), (390, 844))
CANNED = {
    "Guten Morgen! Was könnte ich heute Schönes machen?":
        "Guten Morgen! Ein paar Ideen für deinen freien Montag:\n- eine Runde an der frischen Luft\n"
        "- das Buch weiterlesen, das auf dem Nachttisch liegt\n- abends jemanden anrufen, den du lange nicht "
        "gesprochen hast\n\nSoll ich dir für eins davon etwas eintragen?",
}
CONVERSATION = (
    "Trag mir morgen um 10 den Zahnarzt ein",
    "Verschieb den Zahnarzt auf Donnerstag um 15 Uhr",
    "Trag mir Mittwoch um 18:30 den Chor ein",
    "Trag mir Freitag um 9 den Friseur ein",
    "Lösch den Friseur",
    "Schreib Milch auf die Einkaufsliste",
    "Ja",
    "Schreib Brot und Äpfel auf die Einkaufsliste",
    "Mach eine Notiz: WLAN-Schlüssel klebt unter dem Router",
    "Schreib Buch für Oma auf die Merkliste Geschenke",
    "Ja",
    "Guten Morgen! Was könnte ich heute Schönes machen?",
)


# A second figure the person asked to be addressed with „Sie“: its du-form answer is corrected by the
# tribunal, and the review screenshot shows the badge opened (tribunal.md §3.1, §5.3).
REVIEW_FIGURE = "luna"
REVIEW_QUESTION = "Wann fährt morgen mein Zug nach Leipzig?"
DU_ANSWER = "Dein Zug fährt um 8:12 Uhr, plan dir also etwas Puffer ein."
SIE_ANSWER = "Ihr Zug fährt um 8:12 Uhr – planen Sie am besten etwas Puffer ein."


class CannedSmallTalk:
    """The offline model, except for the canned small-talk answers above (the offline composer is terse)."""

    connector = "scripted"
    model = None

    def __init__(self) -> None:
        self.offline = make_offline_llm()
        self.timeout = getattr(self.offline, "timeout", 30)

    def complete(self, task: str, prompt: Any, data: Any) -> Any:
        canned = CANNED.get(data.get("text")) if task == "compose" else None
        if task == "compose" and data.get("text") == REVIEW_QUESTION:
            canned = DU_ANSWER
        if task == "correct" and data.get("text") == REVIEW_QUESTION:
            canned = SIE_ANSWER
        if canned is not None:
            return LLMResult(json.dumps({"antwort": canned}, ensure_ascii=False), 0, 0, "scripted")
        return self.offline.complete(task, prompt, data)

    def describe(self) -> dict[str, Any]:
        return {"connector": "scripted", "model": None, "reachable": True}


def take(out: Path) -> list[Path]:
    from novaberg.api.nova import Nova

    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="novaberg-shots-") as folder:
        nova = Nova.open(data_dir=Path(folder) / "data", llm=CannedSmallTalk(), embedder="hashing")
        try:
            earlier = NOW.replace(hour=9)  # before the main chat: the page opens with the most recent figure
            DirectivesRepository(nova.stack.db).add("anna", REVIEW_FIGURE, "Sprich mich bitte mit Sie an", earlier)
            nova.turn("anna", REVIEW_FIGURE, "Hallo Luna", earlier.replace(minute=30))
            nova.turn("anna", REVIEW_FIGURE, REVIEW_QUESTION, earlier.replace(minute=31))
            for minute, text in enumerate(CONVERSATION):
                nova.turn("anna", "nova", text, NOW.replace(minute=minute))
            tokens = nova.person_tokens
            token = tokens.create("anna", NOW)
            app = create_app(nova, FixedClock(NOW), token="screenshot-operator-token-0123456789",
                             person_tokens=tokens)
            with serving(app) as base:
                for width, height in SIZES:
                    driver = chromium(width, height)
                    try:
                        sign_in(driver, base, token)
                        wait_for(driver, lambda d: len(d.find_elements("css selector", "#log .msg.nova")) >= 5)
                        driver.execute_script("document.activeElement.blur()")
                        written.append(_shot(driver, out / f"chat-{width}x{height}.png"))
                        open_view(driver, "termine")
                        written.append(_shot(driver, out / f"week-{width}x{height}.png"))
                        open_view(driver, "notizen")
                        written.append(_shot(driver, out / f"notes-{width}x{height}.png"))
                        written.append(_review(driver, out / f"review-{width}x{height}.png"))
                    finally:
                        driver.quit()
        finally:
            nova.close()
    return written


def _review(driver: Any, path: Path) -> Path:
    """The chat with the second figure, the badge of the corrected answer opened."""
    open_view(driver, "chat")
    figure = driver.find_element("id", "figure")
    figure.send_keys(Keys.CONTROL, "a")  # select the old name and type over it (clear() would fire a change)
    figure.send_keys(REVIEW_FIGURE, Keys.TAB)
    badge = wait_for(driver, lambda d: d.find_element("css selector", "#log .badge.korrigiert"))
    badge.click()
    wait_for(driver, lambda d: d.find_elements("css selector", "#log .review li"))
    driver.execute_script("document.activeElement.blur()")
    return _shot(driver, path)


def _shot(driver: Any, path: Path) -> Path:
    if not path.name.startswith("chat"):  # the chat shows its end, the views their start
        driver.execute_script("window.scrollTo(0, 0)")
    driver.save_screenshot(str(path))
    return path


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/screenshots")
    for shot in take(target):
        print(shot)
