"""Game, Flip and Flop: the `/gff` commands, the table message and the hand views."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.gff.ui import GffUI
from cogs.table.cog import table_cog

if TYPE_CHECKING:
    from bot.client import HallBot


async def setup(bot: HallBot) -> None:
    (await table_cog(bot)).add_game(GffUI())


async def teardown(bot: HallBot) -> None:
    cog = bot.get_cog("TableCog")
    if cog is not None:
        cog.remove_game("gff")  # type: ignore[attr-defined]
