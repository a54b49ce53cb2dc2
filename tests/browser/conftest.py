"""The browser tests load docs/ pages in a headless Chromium: a second or so each, so
they are marked `browser`; `pytest -m "not browser"` leaves them out."""

from __future__ import annotations


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "browser: loads a page in a headless Chromium (about a second a page)"
    )
