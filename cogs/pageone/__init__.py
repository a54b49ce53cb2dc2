"""Page One: the `/pageone` commands, its table message and hand views (docs/rules/pageone.md)."""

from cogs.pageone.ui import PageOneUI
from cogs.table.cog import game_extension

setup, teardown = game_extension(lambda bot: PageOneUI())
