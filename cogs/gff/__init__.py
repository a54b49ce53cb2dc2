"""Game, Flip and Flop: the `/gff` commands, the table message and the hand views."""

from cogs.gff.ui import GffUI
from cogs.table.cog import game_extension

setup, teardown = game_extension(lambda bot: GffUI())
