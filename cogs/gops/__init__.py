"""Gops: the `/gops` commands, its table message and the bid menu (docs/rules/gops.md)."""

from cogs.gops.ui import GopsUI
from cogs.table.cog import game_extension

setup, teardown = game_extension(lambda bot: GopsUI(bot.tables))
