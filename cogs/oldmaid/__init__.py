"""Old Maid: the `/oldmaid` commands, its table message and the draw view
(docs/rules/oldmaid.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.oldmaid.ui import GAME, OldMaidUI
from cogs.table.cog import table_cog

if TYPE_CHECKING:
    from bot.client import HallBot


async def setup(bot: HallBot) -> None:
    (await table_cog(bot)).add_game(OldMaidUI())


async def teardown(bot: HallBot) -> None:
    cog = bot.get_cog("TableCog")
    if cog is not None:
        cog.remove_game(GAME)  # type: ignore[attr-defined]
