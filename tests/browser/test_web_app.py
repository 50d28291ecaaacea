"""In a real headless Chromium: the chat shows an answer with its line breaks and
list, an appointment made by chat appears in the week view, a second person sees none of it, and the
verdict badge of a corrected answer opens the tribunal's reasons."""

from __future__ import annotations

import time
from datetime import datetime

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from novaberg.directives.repository import DirectivesRepository
from novaberg.llm.scripted import ScriptedLLM
from tests.browser.support import open_view, say, sign_in, wait_for
from tests.support import make_offline_llm

LINES = "Gern, hier ein Plan für heute:\n- erst ein Spaziergang\n- dann Tee\n\nUnd danach?\nSag mir Bescheid."


def test_a_message_gets_its_answer_with_line_breaks_and_a_list(web, browser):
    """Shift+Enter makes a new line, Enter sends; the typing indicator shows while the turn runs
    (and the send button waits); the answer keeps its paragraphs, its line break and its list; the history
    survives a reload."""
    def slow(_data):
        time.sleep(1.5)  # long enough to see the typing indicator
        return {"antwort": LINES}

    site = web(ScriptedLLM({"compose": slow}, fallback=make_offline_llm()))
    sign_in(browser, site.base, site.token_for("anna"))
    typing = browser.find_element(By.ID, "typing")
    assert not typing.is_displayed()
    browser.execute_script(  # record the moment the indicator appears, and whether sending waits then
        "const t = document.getElementById('typing'); new MutationObserver(() => { if (!t.hidden) "
        "window.sawTyping = document.getElementById('send').disabled; }).observe(t, {attributes: true});")
    answer = say(browser, "Was mache ich heute?\nIch habe frei.")
    assert browser.execute_script("return window.sawTyping") is True  # shown, and no second send, while it ran
    assert not typing.is_displayed()
    mine = browser.find_elements(By.CSS_SELECTOR, "#log .msg.you")[-1]
    assert mine.text == "Was mache ich heute?\nIch habe frei."  # the Shift+Enter line break was kept
    assert [li.text for li in answer.find_elements(By.CSS_SELECTOR, ".answer ul li")] == \
        ["erst ein Spaziergang", "dann Tee"]
    paragraphs = answer.find_elements(By.CSS_SELECTOR, ".answer p")
    assert [p.text for p in paragraphs] == ["Gern, hier ein Plan für heute:", "Und danach?\nSag mir Bescheid."]
    assert paragraphs[1].find_elements(By.TAG_NAME, "br")
    assert browser.find_element(By.ID, "text").get_attribute("value") == ""
    assert browser.find_element(By.CSS_SELECTOR, "#log .msg.nova .badge").text == "geprüft"
    browser.refresh()
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#log .msg.nova .answer ul li"))
    assert browser.find_elements(By.CSS_SELECTOR, "#log .msg.you")[-1].text.startswith("Was mache ich heute?")


def test_an_empty_message_gets_a_german_error_and_a_failed_turn_keeps_the_text(web, browser, monkeypatch):
    """An empty text is refused inline in German; when the model is down the error is German
    and inline, and the text stays in the box."""
    from novaberg.core.errors import ModelUnreachableError

    site = web()
    sign_in(browser, site.base, site.token_for("anna"))
    box = browser.find_element(By.ID, "text")
    box.send_keys("   ", Keys.ENTER)
    error = browser.find_element(By.ID, "error")
    wait_for(browser, lambda d: error.is_displayed())
    assert "leere Nachricht" in error.text

    def down(*_args, **_kwargs):
        raise ModelUnreachableError("http://10.0.0.9:11434 did not answer")

    monkeypatch.setattr(site.nova, "turn", down)
    box.clear()
    box.send_keys("Wie wird das Wetter?", Keys.ENTER)
    wait_for(browser, lambda d: "Sprachmodell" in error.text)
    assert box.get_attribute("value") == "Wie wird das Wetter?"
    assert "10.0.0.9" not in browser.page_source
    assert not browser.find_elements(By.CSS_SELECTOR, "#log .msg.you")  # the unsent message is not shown as sent


def test_an_appointment_made_by_chat_shows_in_the_week_view_and_a_second_person_sees_none_of_it(web, browser):
    """The appointment appears on its day in the week and month view (read through the
    timeline repository); a moved one shows where it was (timeline.md §5.2 `nachfolger_id`), a deleted one
    stays visible struck through; another person signed in with their own token sees none of it."""
    site = web()
    anna, bob = site.token_for("anna"), site.token_for("bob")
    sign_in(browser, site.base, anna)
    assert "Zahnarzt" in say(browser, "Trag mir morgen um 10 den Zahnarzt ein").text
    open_view(browser, "termine")
    tuesday = browser.find_element(By.CSS_SELECTOR, '#calendar .day[data-day="2026-12-01"]')
    assert "10:00" in tuesday.text and "Zahnarzt" in tuesday.text
    assert "Zahnarzt" not in browser.find_element(By.CSS_SELECTOR, '#calendar .day[data-day="2026-11-30"]').text
    browser.find_element(By.CSS_SELECTOR, '[data-cal="monat"]').click()  # November: the 1st of December is not in it
    wait_for(browser, lambda d: d.find_element(By.ID, "cal-title").text == "November 2026")
    assert "Zahnarzt" not in browser.find_element(By.ID, "calendar").text
    browser.find_element(By.CSS_SELECTOR, '[data-step="1"]').click()
    wait_for(browser, lambda d: d.find_element(By.ID, "cal-title").text == "Dezember 2026")
    assert "Zahnarzt" in browser.find_element(By.CSS_SELECTOR, '#calendar .day[data-day="2026-12-01"]').text

    open_view(browser, "chat")
    say(browser, "Verschieb den Zahnarzt auf Donnerstag um 15 Uhr")
    say(browser, "Trag mir Freitag um 9 den Friseur ein")
    say(browser, "Lösch den Friseur")
    open_view(browser, "termine")
    browser.find_element(By.CSS_SELECTOR, '[data-cal="woche"]').click()
    wait_for(browser, lambda d: d.find_element(By.ID, "cal-title").text.startswith("Woche"))
    day = lambda iso: browser.find_element(By.CSS_SELECTOR, f'#calendar .day[data-day="{iso}"]')  # noqa: E731
    moved = day("2026-12-01").find_element(By.CSS_SELECTOR, ".event.verschoben")
    assert "verschoben auf Do, 3.12.2026 15:00" in moved.text
    active = day("2026-12-03").find_element(By.CSS_SELECTOR, ".event.aktiv")
    assert "15:00" in active.text and "vorher: Di, 1.12.2026 10:00" in active.text
    assert "gelöscht" in day("2026-12-04").find_element(By.CSS_SELECTOR, ".event.geloescht").text
    browser.find_element(By.ID, "cal-history").click()  # only the active ones
    wait_for(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, "#calendar .event.geloescht"))
    assert not browser.find_elements(By.CSS_SELECTOR, "#calendar .event.verschoben")

    open_view(browser, "chat")
    question = say(browser, "Schreib Milch auf die Einkaufsliste")
    assert question.find_element(By.CSS_SELECTOR, ".badge.pending").text == "Rückfrage"
    assert browser.find_element(By.ID, "pending").is_displayed()
    browser.refresh()  # the waiting question is still shown as such after a reload
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#log .msg.nova .badge.pending"))
    assert browser.find_element(By.ID, "pending").is_displayed()
    say(browser, "Ja")
    assert not browser.find_element(By.ID, "pending").is_displayed()
    open_view(browser, "notizen")
    assert "Milch" in browser.find_element(By.ID, "notes").text

    browser.delete_all_cookies()
    sign_in(browser, site.base, bob)
    assert browser.find_element(By.CSS_SELECTOR, ".who .user").text == "bob"
    assert not browser.find_elements(By.CSS_SELECTOR, "#log .msg")
    open_view(browser, "termine")
    assert "Zahnarzt" not in browser.find_element(By.ID, "calendar").text
    open_view(browser, "notizen")
    assert "Milch" not in browser.find_element(By.ID, "notes").text
    # the JSON views and the turn refuse anna's data to bob's session
    status = browser.execute_script(
        "return fetch('/api/appointments?user_id=anna', {headers: {'X-Novaberg': '1'}}).then(r => r.status)")
    assert status == 403
    status = browser.execute_script(
        "return fetch('/turn', {method: 'POST', headers: {'X-Novaberg': '1', 'Content-Type': 'application/json'},"
        " body: JSON.stringify({user_id: 'anna', character_id: 'nova', text: 'Was steht an?'})}).then(r => r.status)")
    assert status == 403


def test_the_badge_of_a_corrected_answer_opens_its_reason(web, browser, db):
    """tribunal.md §3.1/§5.3: a Sie directive and a du-form answer → the computed directive check finds the broken
    directive and the corrector rewrites (the judges are not asked in a round a computed finding already sends to
    correction); the answer carries the badge „korrigiert“, and a click shows the round's verdict and the
    violated directive (the reasons of the round that was corrected)."""
    DirectivesRepository(db).add("anna", "nova", "Sprich mich bitte mit Sie an",
                                 datetime.fromisoformat("2026-11-29T10:00:00+00:00"))
    llm = ScriptedLLM({"compose": {"antwort": "Klar, ich sag es dir gern: Dein Zug fährt um acht."},
                       "correct": {"antwort": "Gern sage ich es Ihnen: Ihr Zug fährt um acht."}},
                      fallback=make_offline_llm())
    site = web(llm)
    sign_in(browser, site.base, site.token_for("anna"))
    answer = say(browser, "Wann fährt mein Zug?")
    assert "Ihnen" in answer.text
    badge = wait_for(browser, lambda d: answer.find_element(By.CSS_SELECTOR, ".badge.korrigiert"))
    assert badge.text == "korrigiert" and badge.get_attribute("aria-expanded") == "false"
    badge.click()
    review = wait_for(browser, lambda d: answer.find_element(By.CSS_SELECTOR, ".review"))
    assert "Runde 1 (erste Antwort): warnung" in review.text, review.text
    line = next(line for line in review.text.splitlines() if line.startswith("Deine Vorgabe verletzt: "))
    assert line.startswith("Deine Vorgabe verletzt: Anrede mit „Sie“ (") and {"dir", "Dein"} <= set(line[:-1].split("(")[1].split(", "))
    assert badge.get_attribute("aria-expanded") == "true"


def test_phone_width_chat_and_views_fit_and_a_too_long_text_stays(web, browser):
    """At 390×844 the chat works without sideways scrolling, the input stays on screen,
    the memory view (through the memory facade) opens; a text over the limit gets a German error and stays."""
    browser.set_window_size(390, 844)
    site = web(ScriptedLLM({"compose": {"antwort": LINES}}, fallback=make_offline_llm()))
    sign_in(browser, site.base, site.token_for("anna"))
    for _ in range(3):
        answer = say(browser, "Was mache ich heute?")
    assert answer.find_elements(By.CSS_SELECTOR, ".answer ul li")
    width = browser.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width
    box = browser.find_element(By.ID, "text")
    top = browser.execute_script("return arguments[0].getBoundingClientRect().bottom", box)
    assert 0 < top <= browser.execute_script("return window.innerHeight")
    browser.execute_script("arguments[0].value = 'x'.repeat(20001)", box)
    box.send_keys(Keys.ENTER)
    error = browser.find_element(By.ID, "error")
    wait_for(browser, lambda d: error.is_displayed())
    assert "zu lang" in error.text and len(box.get_attribute("value")) == 20001  # kept, Enter added no line
    open_view(browser, "gedaechtnis")
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#memory .card"))
    assert "Kurzzeitgedächtnis" in browser.find_element(By.ID, "memory").text
    width = browser.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width
