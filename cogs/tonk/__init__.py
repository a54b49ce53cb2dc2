"""Tonk: the `/tonk` commands, its table message and hand views (docs/rules/tonk.md)."""

from cogs.table.cog import game_extension
from cogs.tonk.ui import TonkUI

setup, teardown = game_extension(lambda bot: TonkUI())
