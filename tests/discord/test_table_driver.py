"""The drivers' own checks can fail: the scan after every move catches a hidden card
shown in public (a card in a hand, a sealed bid before its reveal, a card in a custom
id), and a deal still running when a test plays it out is said to be."""

from __future__ import annotations

import discord
import pytest

from cogs.table.components import RenderedView, button
from engine import cards as C
from tests.discord.sealed_driver import SealedDriver
from tests.discord.table_driver import TableDriver


async def say_in_public(h, text: str, view: RenderedView | None = None) -> None:
    """A public message in the table's channel, as a bug in the bot might send it."""
    channel = h.bot.get_channel(h.channel.id)
    await (channel.send(text) if view is None else channel.send(text, view=view))


async def test_a_card_of_a_hand_in_a_public_message_fails_the_scan(harness):
    d = await TableDriver.playing(harness)  # ann holds 2♥ 3♥ 4♥ 8♦ 9♦ (QUIET)
    d.assert_no_hidden_card_in_public()
    await say_in_public(harness, "ann holds 2♥")
    with pytest.raises(AssertionError, match="2♥ is hidden but shown"):
        d.assert_no_hidden_card_in_public()
    d.next_hand_begins()  # messages of a finished hand were checked while it ran
    d.assert_no_hidden_card_in_public()


async def test_a_card_in_a_public_custom_id_fails_the_scan(harness):
    d = await TableDriver.playing(harness)
    leak = RenderedView([[button("gff:1:2H", "a button", discord.ButtonStyle.secondary)]])
    await say_in_public(harness, "a view of a bug", leak)
    with pytest.raises(AssertionError, match="gff:1:2H"):
        d.assert_no_hidden_card_in_public()


async def test_a_sealed_bid_shown_before_its_reveal_fails_the_scan(harness):
    d = await SealedDriver.opened(harness, [C.make(rank, C.DIAMONDS) for rank in range(13)])
    await d.bid("ann", "KS")
    await say_in_public(harness, "ann bid K♠")
    with pytest.raises(AssertionError, match="K♠ is not public but shown"):
        d.scan()


async def test_playing_out_a_deal_that_does_not_end_fails(harness):
    d = await TableDriver.playing(harness)

    async def bob_moves(hand) -> None:
        raise AssertionError("not bob's turn: ann plays first")

    with pytest.raises(AssertionError, match="the deal goes on"):
        await d.play_out(bob_moves, who="bob", limit=1)
