"""Piquet: the `/piquet` commands, its table message and hand views (docs/rules/piquet.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.piquet.ui import GAME, PiquetUI
from cogs.table.cog import table_cog

if TYPE_CHECKING:
    from bot.client import HallBot


async def setup(bot: HallBot) -> None:
    (await table_cog(bot)).add_game(PiquetUI())


async def teardown(bot: HallBot) -> None:
    cog = bot.get_cog("TableCog")
    if cog is not None:
        cog.remove_game(GAME)  # type: ignore[attr-defined]
