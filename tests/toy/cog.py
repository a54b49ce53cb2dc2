"""High card's cog, as a game's `cogs/<game>/__init__.py` is."""

from cogs.table.cog import game_extension
from tests.toy.ui import ToyUI

setup, teardown = game_extension(lambda bot: ToyUI())
