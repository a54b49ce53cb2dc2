"""The base of every persistent button and menu: a failing click is answered, not dropped.

discord.py (2.7.1) runs a DynamicItem's callback from its view store, outside any View,
so `View.on_error` never sees the failure: the store logs it and the player is left with
Discord's "This interaction failed". Every control of a table mixes this in before
`discord.ui.DynamicItem` and implements `clicked`; a failure is then logged with its
traceback and the player gets the same sentence as a failing slash command.
"""

from __future__ import annotations

import logging

import discord

from bot.client import tell_user_it_failed

log = logging.getLogger(__name__)


class AnsweringItem:
    custom_id: str

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.clicked(interaction)
        except Exception as error:
            # Custom ids never hold a hidden card, so the log may name the control.
            log.error("Component %s failed", self.custom_id, exc_info=error)
            await tell_user_it_failed(interaction)

    async def clicked(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError
