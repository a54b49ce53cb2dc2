"""Collects ERROR log records: discord.py logs and swallows exceptions raised by handlers."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

# discord.py reports handler failures here (app_commands.tree, ui.view, client, ext.tasks);
# the bot's own loggers live under bot.* and cogs.*.
WATCHED_LOGGERS = ("discord", "bot", "cogs")


@dataclass
class Expectation:
    pattern: re.Pattern[str]
    matched: list[logging.LogRecord] = field(default_factory=list)

    def accepts(self, record: logging.LogRecord) -> bool:
        return bool(self.pattern.search(describe(record)))


def describe(record: logging.LogRecord) -> str:
    text = f"{record.name}: {record.getMessage()}"
    if record.exc_info and record.exc_info[1] is not None:
        error = record.exc_info[1]
        text += f" [{type(error).__name__}: {error}]"
        cause = error.__cause__ or error.__context__
        if cause is not None:
            text += f" [caused by {type(cause).__name__}: {cause}]"
    return text


class ErrorLog(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.unexpected: list[logging.LogRecord] = []
        self._expecting: list[Expectation] = []
        self._levels: dict[str, int] = {}

    def emit(self, record: logging.LogRecord) -> None:
        for expectation in self._expecting:
            if expectation.accepts(record):
                expectation.matched.append(record)
                return
        self.unexpected.append(record)

    def install(self) -> None:
        self._levels = {}
        for name in WATCHED_LOGGERS:
            logger = logging.getLogger(name)
            # A quieter level set elsewhere must not hide errors from the harness.
            if logger.getEffectiveLevel() > logging.ERROR:
                self._levels[name] = logger.level
                logger.setLevel(logging.ERROR)
            logger.addHandler(self)

    def uninstall(self) -> None:
        for name in WATCHED_LOGGERS:
            logger = logging.getLogger(name)
            logger.removeHandler(self)
            if name in self._levels:
                logger.setLevel(self._levels[name])

    @contextmanager
    def expect(self, pattern: str) -> Iterator[Expectation]:
        """Allow ERROR records matching `pattern` inside the block, and require at least one."""
        expectation = Expectation(re.compile(pattern))
        self._expecting.append(expectation)
        try:
            yield expectation
        finally:
            self._expecting.remove(expectation)
        if not expectation.matched:
            raise AssertionError(f"expected an ERROR log matching {pattern!r}, got none")

    def take(self) -> list[str]:
        """The unexpected errors so far, each reported once."""
        found = [describe(record) for record in self.unexpected]
        self.unexpected.clear()
        return found
