"""`/fair`: the fair decks as a player sees them (docs/fairness.md): this table's house
seed hash, your own seed, how to check a deck; set your seed, or rotate the house seed.

The rules of the seeds are the table service's (bot/tables/fair_decks.py) and the
algorithm the engine's (engine/fairness.py); this cog only says them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import answer
from bot.i18n import N_, Text, _
from bot.tables import TableError
from cogs.table.frames import revealed_seeds

if TYPE_CHECKING:
    from bot.client import HallBot

HOW_TO_CHECK = N_(
    "Check a deck: `/<game> history hand:<n> verify:True` once the seed is revealed, "
    "or offline with `python -m engine.fairness verify hand.json` or docs/verify.html "
    "(docs/fairness.md says how)."
)


class FairCog(commands.Cog):
    def __init__(self, bot: HallBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="fair", description="Fair decks: the house seed's hash, your seed, how to check")
    @app_commands.guild_only()
    @app_commands.describe(
        seed="your own seed for every deck you are dealt from now on: 1 to 64 letters, "
             "digits, - or _",
        rotate="reveal this table's house seed now and commit a new one (between deals)",
    )
    async def fair(self, interaction: discord.Interaction, seed: str | None = None,
                   rotate: bool = False) -> None:
        tables = self.bot.tables
        user = interaction.user.id
        said = []
        if seed is not None:
            await tables.set_seed(user, seed.strip())  # a refusal: bot/client.py
            said.append(_("Your seed is now `{seed}`: it goes into every deck you are dealt "
                          "from your next deal on.", seed=seed.strip()))
        table = tables.in_channel(interaction.channel_id)
        if rotate:
            if table is None:
                raise TableError(
                    Text("There is no table in this channel to rotate the seed of."))
            revealed, new = await tables.rotate(interaction.channel_id, user)
            # Said in the channel: rendered in its language when it is sent.
            if revealed:
                rotated = Text("{player} rotated the house seed. Revealed: {seeds}: every deal "
                               "it made can now be checked. The next deals come from a new "
                               "seed, hash `{house_hash}`.", player=f"<@{user}>",
                               seeds=revealed_seeds(revealed), house_hash=new.house_hash)
            else:
                rotated = Text("{player} rotated the house seed. Revealed: none had been used: "
                               "every deal it made can now be checked. The next deals come "
                               "from a new seed, hash `{house_hash}`.", player=f"<@{user}>",
                               house_hash=new.house_hash)
            await self.bot.get_cog("TableCog").presenter.say(  # type: ignore[union-attr]
                table, rotated)
            said.append(_("Done: the old seed is revealed in the channel."))
        if table is not None and table.house is not None:
            said.append(_("This table's house seed hash: `{house_hash}` (the seed is revealed "
                          "when the table closes or a player rotates it).",
                          house_hash=table.house.house_hash))
        said.append(_("Your seed: `{seed}`.", seed=await tables.seed_of(user)))
        said.append(_(HOW_TO_CHECK))
        await answer(interaction, "\n".join(said))


async def setup(bot: HallBot) -> None:
    await bot.add_cog(FairCog(bot))
