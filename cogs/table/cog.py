"""The table cog: listens to the table service for every game, and keeps the games' UIs.

Each game's cog registers its `GameUI` here and adds its command group; the
presenter and the hand controls find a table's UI by the table's game. A game's cog
is `game_extension` given how to make its UI: its `__init__.py` is two lines.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from bot.i18n import Text
from cogs.table.commands import table_commands
from cogs.table.controls import HandControls
from cogs.table.emojis.shown import FACES
from cogs.table.emojis.sync import sync_and_use
from cogs.table.items import TableClicks
from cogs.table.names import for_players
from cogs.table.pictures.service import Pictures
from cogs.table.presenter import TablePresenter

if TYPE_CHECKING:
    from bot.client import HallBot
    from bot.tables.live import LiveTable
    from cogs.table.ui import GameUI

EXTENSION = "cogs.table.cog"


class TableCog(commands.Cog):
    def __init__(self, bot: HallBot) -> None:
        self.bot = bot
        self.uis: dict[str, GameUI] = {}  # game id -> its UI, as games' cogs register
        self.pictures = Pictures(bot.store, bot.settings.pictures)
        self.controls = HandControls(bot, self.uis, self.pictures)
        self.presenter = TablePresenter(bot, self.controls, self.pictures)
        bot.tables.listener = self.presenter
        self.clicks = TableClicks(bot, self.uis)
        bot.take_clicks(self.clicks.take)
        self.faces_synced: asyncio.Task[bool] | None = None

    async def cog_load(self) -> None:
        # The card faces are synced beside play, not before it: until they are (and if
        # they cannot be), cards are shown in words.
        self.faces_synced = asyncio.get_running_loop().create_task(
            sync_and_use(self.bot), name="card-faces")

    async def cog_unload(self) -> None:
        self.bot.stop_taking_clicks(self.clicks.take)
        if self.faces_synced is not None and not self.faces_synced.done():
            self.faces_synced.cancel()
            await asyncio.gather(self.faces_synced, return_exceptions=True)
        FACES.clear()
        # The bot is closing (or the cog reloading): the sends already queued go out
        # before discord.py's connection closes under them.
        await self.presenter.drain()

    def add_game(self, ui: GameUI) -> None:
        """A game's UI, and its `/<game>` group with every shared command."""
        game = ui.game.info.id
        self.uis[game] = ui
        self.clicks.games_changed()
        self.bot.tree.add_command(table_commands(ui), override=True)

    def remove_game(self, game: str) -> None:
        self.uis.pop(game, None)
        self.clicks.games_changed()
        self.bot.tree.remove_command(game)

    @property
    def tables(self):
        return self.bot.tables

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        # Why the table closed, as its closing message says it (worded when it is sent).
        await self.tables.channel_gone(channel.id, Text("its channel was deleted"))

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.tables.channel_gone(payload.thread_id, Text("its thread was deleted"))

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        for guild in self.bot.guilds:
            await self.on_guild_available(guild)

    @commands.Cog.listener()
    async def on_guild_available(self, guild: discord.Guild) -> None:
        """Tables whose channel went away while the bot was down close now, chips returned.

        Only once the server itself is there: a server that is briefly unavailable
        has no channels to look at, and its tables must not be closed for it.
        """
        if guild.unavailable:
            return
        for table in list(self.tables.tables.values()):
            if table.info.guild_id == guild.id:
                await self._go_on(guild, table)

    async def tables_back(self, tables: list[LiveTable]) -> None:
        """Tables brought back after a restart once Discord had already told the bot of
        their server: they go on now (the others go on when their server is available)."""
        for table in tables:
            guild = self.bot.get_guild(table.info.guild_id)
            if guild is not None and not guild.unavailable:
                await self._go_on(guild, table)

    async def _go_on(self, guild: discord.Guild, table: LiveTable) -> None:
        if guild.get_channel_or_thread(table.info.channel_id) is None:
            await self.tables.channel_gone(table.info.channel_id, Text("its channel is gone"))
            return
        seat_ids = [str(seat.user_id) for seat in table.info.seats]
        for notice in self.tables.notices.pop(table.id, []):
            await self.presenter.say(table, for_players(notice, seat_ids))
        await self.tables.resume(table)  # after a restart: turns run on, the player pinged
        await self.presenter.table_changed(table)  # the table message, fresh after a restart


async def setup(bot: HallBot) -> None:
    # Clicks are taken from start-up, so the buttons of messages sent before a restart
    # still work.
    await bot.add_cog(TableCog(bot))


async def table_cog(bot: HallBot) -> TableCog:
    """The table cog, loaded first by whichever game's cog loads first."""
    if EXTENSION not in bot.extensions:
        await bot.load_extension(EXTENSION)
    return bot.get_cog("TableCog")  # type: ignore[return-value]


Hook = Callable[["HallBot"], Awaitable[None]]


def game_extension(make_ui: Callable[[HallBot], GameUI]) -> tuple[Hook, Hook]:
    """A game's cog as discord.py loads it: its `setup` and `teardown`.

    `setup` adds the game's UI, made by `make_ui`, and its `/<game>` commands to the table
    cog (loading that first); `teardown` takes them away. A game's `__init__.py`:

        setup, teardown = game_extension(lambda bot: GffUI())
    """
    added: list[str] = []  # the game this extension added, once loaded

    async def setup(bot: HallBot) -> None:
        ui = make_ui(bot)
        (await table_cog(bot)).add_game(ui)
        added.append(ui.game.info.id)

    async def teardown(bot: HallBot) -> None:
        cog = bot.get_cog("TableCog")
        while added:
            game = added.pop()
            if cog is not None:
                cog.remove_game(game)  # type: ignore[attr-defined]

    return setup, teardown
