"""Concentration: the `/concentration` commands, its table message and flip view
(docs/rules/concentration.md)."""

from cogs.concentration.ui import ConcentrationUI
from cogs.table.cog import game_extension

setup, teardown = game_extension(lambda bot: ConcentrationUI())
