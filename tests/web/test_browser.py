"""End-to-end tests in headless Chromium against a real ``denpex serve`` process."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import VLLM_LINE, LiveServer

pytestmark = pytest.mark.browser


@pytest.fixture
def page(browser: Any, live_server: LiveServer) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    dialogs: list[str] = []
    errors: list[str] = []
    pg.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    pg.dialogs, pg.console_errors = dialogs, errors  # type: ignore[attr-defined]
    yield pg
    context.close()


def test_paste_and_diagnose_vllm(page: Any, live_server: LiveServer, screenshots: Path) -> None:
    page.goto(live_server.url + "/")
    page.screenshot(path=str(screenshots / "home-desktop.png"), full_page=True)
    page.get_by_role("textbox", name="Paste your log").fill(VLLM_LINE)
    page.get_by_role("button", name="Diagnose").click()
    page.wait_for_selector("#primary-id")
    assert page.locator("#primary-id").inner_text() == "vllm.context-length-exceeded"
    explanation = page.locator("#explanation").inner_text()
    for number in ("4608", "512", "5120", "4096"):
        assert number in explanation
    facts = page.locator("table.facts").inner_text()
    assert "4608" in facts and "4096" in facts
    assert "Verify" in page.content()
    page.screenshot(path=str(screenshots / "diagnosis-desktop.png"), full_page=True)
    assert page.console_errors == []  # type: ignore[attr-defined]  # no CSP violations


def test_try_a_sample(page: Any, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/")
    page.locator(".sample-list a").first.click()
    assert page.get_by_role("textbox", name="Paste your log").input_value().strip() != ""
    page.get_by_role("button", name="Diagnose").click()
    page.wait_for_selector("#verdict-h")
    assert page.locator("#primary-id").count() == 1


def test_encyclopedia_entry_and_system_hub(page: Any, live_server: LiveServer, screenshots: Path) -> None:
    page.goto(live_server.url + "/encyclopedia")
    page.get_by_role("link", name="vLLM rejects a request because the prompt plus completion exceeds the served context length").click()
    page.wait_for_selector("h1")
    assert "context length" in page.locator("h1").inner_text()
    for heading in ("Quick answer", "Searchable error signatures", "How to confirm this is the problem", "Frequently asked questions", "References"):
        assert page.get_by_role("heading", name=heading).count() >= 1
    page.screenshot(path=str(screenshots / "entry-desktop.png"), full_page=True)
    page.get_by_role("link", name="Compare every vLLM error side by side").click()
    page.wait_for_selector("table.hub")
    assert "First control to check" in page.locator("table.hub").first.locator("thead").inner_text()
    assert "vllm.context-length-exceeded" in page.locator("table.hub").first.inner_text()
    page.screenshot(path=str(screenshots / "system-vllm-desktop.png"), full_page=True)


def test_entry_paste_box_posts_to_diagnose(page: Any, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/entries/vllm.context-length-exceeded")
    page.locator("#paste-text").fill(VLLM_LINE)
    page.locator("#paste").get_by_role("button", name="Diagnose").click()
    page.wait_for_selector("#primary-id")
    assert page.locator("#primary-id").inner_text() == "vllm.context-length-exceeded"


def test_html_in_log_is_shown_as_text(page: Any, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/")
    page.get_by_role("textbox", name="Paste your log").fill(
        "<script>alert(1)</script>\n<img src=x onerror=alert(1)>\nRuntimeError: <img src=x onerror=alert(2)>\n" + VLLM_LINE
    )
    page.get_by_role("button", name="Diagnose").click()
    page.wait_for_selector("#verdict-h")
    page.wait_for_timeout(300)
    assert page.dialogs == []  # type: ignore[attr-defined]
    assert page.locator("main img[src='x']").count() == 0


def test_narrow_viewport(browser: Any, live_server: LiveServer, screenshots: Path) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 812}, device_scale_factor=2, is_mobile=True)
    page = context.new_page()
    try:
        page.goto(live_server.url + "/")
        page.screenshot(path=str(screenshots / "home-375.png"), full_page=True)
        page.get_by_role("textbox", name="Paste your log").fill(VLLM_LINE)
        page.get_by_role("button", name="Diagnose").click()
        page.wait_for_selector("#primary-id")
        page.screenshot(path=str(screenshots / "diagnosis-375.png"), full_page=True)
        # Nothing but scrollable tables may be wider than the screen.
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 375
        page.goto(live_server.url + "/entries/vllm.context-length-exceeded")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        page.screenshot(path=str(screenshots / "entry-375.png"), full_page=True)
        page.goto(live_server.url + "/systems/vllm")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        page.screenshot(path=str(screenshots / "system-vllm-375.png"), full_page=True)
    finally:
        context.close()


def test_keyboard_reaches_diagnose(page: Any, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to content"
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent") == "Diagnose" and page.evaluate("document.activeElement.tagName") == "BUTTON":
            break
    else:
        pytest.fail("the Diagnose button is not reachable with the keyboard")
