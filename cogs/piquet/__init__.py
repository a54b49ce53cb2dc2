"""Piquet: the `/piquet` commands, its table message and hand views (docs/rules/piquet.md)."""

from cogs.piquet.ui import PiquetUI
from cogs.table.cog import game_extension

setup, teardown = game_extension(lambda bot: PiquetUI())
