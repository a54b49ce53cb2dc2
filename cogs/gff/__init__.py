"""Game, Flip and Flop: the `/gff` commands and their views."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.gff.cog import GffCog

if TYPE_CHECKING:
    from bot.client import GffBot


async def setup(bot: GffBot) -> None:
    await bot.add_cog(GffCog(bot))
