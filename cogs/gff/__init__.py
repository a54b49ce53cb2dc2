"""Game, Flip and Flop: the `/gff` commands, the table message and the hand views."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.gff.cog import GffCog
from cogs.gff.views import DYNAMIC_ITEMS

if TYPE_CHECKING:
    from bot.client import GffBot


async def setup(bot: GffBot) -> None:
    # Registered at start-up, so the buttons of messages sent before a restart still work.
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(GffCog(bot))
