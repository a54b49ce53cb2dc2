"""Fifty-One: the `/fiftyone` commands, its table message and hand views
(docs/rules/fiftyone.md)."""

from cogs.fiftyone.ui import FiftyOneUI
from cogs.table.cog import game_extension

setup, teardown = game_extension(lambda bot: FiftyOneUI())
