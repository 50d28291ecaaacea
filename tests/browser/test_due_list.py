"""The web app shows what is due when it is opened (`GET /api/due`), only the person's own."""

from __future__ import annotations

from selenium.webdriver.common.by import By

from novaberg.timeline.repository import NewRow, TimelineRepository
from tests.browser.conftest import NOW
from tests.browser.support import sign_in, wait_for
from tests.support import berlin


def _reminder(site, user: str, title: str, minutes: int) -> None:
    repo = TimelineRepository(site.nova.stack.db)
    row_id = repo.insert(user, "nova", NewRow.for_type("termin", title=title, event_time=berlin(2026, 11, 30, 10, 30),
                                                       precision="minute"), NOW)
    assert repo.set_calendar_fields(user, "nova", row_id, reminder_minutes=minutes)


def test_the_due_list_shows_on_opening_and_a_second_person_sees_none_of_it(web, browser):
    site = web()
    anna, bob = site.token_for("anna"), site.token_for("bob")
    _reminder(site, "anna", "Zahnarzt", 60)  # due since 09:30; the app's clock says 10:00
    _reminder(site, "anna", "Friseur", 10)  # due only at 10:20
    sign_in(browser, site.base, anna)
    due = wait_for(browser, lambda d: (box := d.find_element(By.ID, "due")).is_displayed() and box)
    assert "Zahnarzt" in due.text and "30.11.2026, 10:30 Uhr" in due.text and "Friseur" not in due.text
    browser.delete_all_cookies()
    sign_in(browser, site.base, bob)
    wait_for(browser, lambda d: d.find_element(By.ID, "due").get_attribute("data-loaded") == "1")
    assert not browser.find_element(By.ID, "due").is_displayed()
    assert "Zahnarzt" not in browser.find_element(By.TAG_NAME, "body").text
