"""Farmer: the `/farmer` commands, its table message and hand views (docs/rules/farmer.md)."""

from cogs.farmer.ui import FarmerUI
from cogs.table.cog import game_extension

setup, teardown = game_extension(lambda bot: FarmerUI())
