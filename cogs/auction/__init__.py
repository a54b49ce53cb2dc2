"""The flush auction: the `/auction` commands, its table message and the bid menu
(docs/rules/auction.md)."""

from cogs.auction.ui import AuctionUI
from cogs.table.cog import game_extension

setup, teardown = game_extension(lambda bot: AuctionUI(bot.tables))
