"""Headless Chromium for the browser tests (the viewer's page, the ruling lab), found, started and sized one way.

A test module calls `require_chromium()` first: it is skipped, with the reason, where selenium, Chromium or its
driver is absent (`.ci/run` installs them all), and gets selenium's `webdriver` module otherwise.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import needs

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver") or ("/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver")
                                                 else None)  # fmt: skip
DESKTOP = (1280, 900)
PHONE = (400, 850)


def require_chromium() -> Any:
    """selenium's webdriver module; the calling test module skipped where it cannot drive Chromium."""
    webdriver = needs.module("selenium.webdriver")
    if CHROMIUM is None:
        needs.missing("`chromium`", needs.TOOLS["chromium"], module_level=True)
    if CHROMEDRIVER is None:
        needs.missing("`chromedriver`", needs.TOOLS["chromedriver"], module_level=True)
    return webdriver


def chromium() -> Iterator[Any]:
    """A headless Chromium at desktop size, logging its network requests and console (a module fixture's body)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    # an explicit driver path: selenium's manager never looks for (or downloads) another
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def viewport(driver: Any, width: int, height: int) -> None:
    """An exact viewport, whatever the window around it; below 760 px wide, a phone's (viewer.css)."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 760},
    )
