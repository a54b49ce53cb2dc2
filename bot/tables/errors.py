"""What the table service refuses, in words a player can read: nothing was changed."""

from __future__ import annotations

from bot.i18n import Text


class TableError(Exception):
    """A refusal a player can read; nothing was changed. `code` is the engine's error
    code (docs/rules/replay.md) when the engine refused the action."""

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


class OtherShard(TableError):
    """A server this process does not serve: Discord sends its events to another shard, so
    this should never happen; refused rather than open a table another process should run."""

    def __init__(self) -> None:
        super().__init__(Text(
            "This server is run by another of the bot's processes; nothing was changed. "
            "Try again in a moment."
        ))


class StaleButton(TableError):
    def __init__(self) -> None:
        super().__init__(Text("That button is out of date; here is your hand as it is now."))
