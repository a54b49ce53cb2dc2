"""Faro: the `/faro` commands, its table message and hand views (docs/rules/faro.md)."""

from cogs.faro.ui import FaroUI
from cogs.table.cog import game_extension

setup, teardown = game_extension(FaroUI)
