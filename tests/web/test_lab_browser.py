"""The lab from the lobby in a real browser, on a phone (390x844, touch) and a desktop
(1280x800): a small study set up and started by taps and clicks, its progress bar
filling, its report open in the page, the study listed in the lobby afterwards, and a
bad content file refused in the form."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from tests.web.conftest import Server
from tests.web.test_lab import CONTENT
from tests.web.test_phone import DESKTOP, PHONE, open_page


def fill_study(page: Page, server: Server, tap: bool) -> None:
    page.goto(server.url + "/")
    page.select_option("#lab-game", "cityplan")
    page.select_option("#lab-bots", "random")
    page.select_option("#lab-players", "3")
    summary = page.locator("#lab details summary")
    summary.tap() if tap else summary.click()
    page.fill("#lab-option-end_buildings", "4")
    page.fill("#lab-games", "4")


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_small_study_from_the_lobby_to_its_report(browser: Browser, server: Server, size,
                                                    tmp_path):
    page, errors = open_page(browser, size)
    phone = size is PHONE
    try:
        fill_study(page, server, phone)
        edited = tmp_path / "weak start.toml"
        edited.write_text(CONTENT.read_text("utf-8").replace("power = 18", "power = 14"),
                          "utf-8")
        page.set_input_files("#lab-content", str(edited))
        start = page.locator("#lab-start")
        start.tap() if phone else start.click()
        page.wait_for_url("**/lab/jobs/**")
        assert page.locator("#lab-progress").is_visible()
        page.wait_for_function("document.body.dataset.state === 'done'", timeout=120_000)
        assert page.locator("#lab-progress").evaluate("p => p.value === p.max && p.max === 12")
        assert page.locator("#lab-count").inner_text().startswith("12 / 12 games")
        settings = page.locator("#lab-settings").inner_text()
        assert "end_buildings=4" in settings and "weak_start.toml" in settings
        frame = page.frame_locator("#report-frame")
        frame.locator("h1").first.wait_for(timeout=60_000)
        assert "City Plan" in frame.locator("body").inner_text()
        assert page.evaluate("document.scrollingElement.scrollWidth") <= size["width"]
        page.goto(server.url + "/")
        listed = page.locator("#studies li").first
        listed.locator(".study-state").filter(has_text="done").wait_for()
        assert "weak start.toml" in listed.inner_text()
    finally:
        page.context.close()
    assert not errors, errors


def test_a_bad_content_file_is_refused_in_the_form(browser: Browser, server: Server, tmp_path):
    page, errors = open_page(browser, DESKTOP)
    try:
        fill_study(page, server, False)
        broken = tmp_path / "broken.toml"
        broken.write_text("[[starting_plant]\n", "utf-8")
        page.set_input_files("#lab-content", str(broken))
        page.click("#lab-start")
        error = page.locator("#lab-form-error")
        error.filter(has_text="broken.toml is not valid TOML").wait_for()
        assert "/lab/jobs/" not in page.url
    finally:
        page.context.close()
    assert not errors, errors
