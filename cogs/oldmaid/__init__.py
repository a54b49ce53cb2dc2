"""Old Maid: the `/oldmaid` commands, its table message and the draw view
(docs/rules/oldmaid.md)."""

from cogs.oldmaid.ui import OldMaidUI
from cogs.table.cog import game_extension

setup, teardown = game_extension(lambda bot: OldMaidUI())
