"""Tonk played in a channel, as people would, to every ending of TONK-3 and TONK-5.

ann (the host), bob and cy join in that order; cy deals first, so the hands below are
listed ann, bob, cy, and the first card after them is the upcard (TONK-3.1). Stake 10,
buy-in 200 and 1000 starting chips: the server defaults. Each test checks the engine's
settlement against the database, the result embed and /bankroll, that the stored
record replays to the table's result, and that no hidden card reached a public message.
"""

from __future__ import annotations

import pytest

from engine import cards as C
from tests.discord.table_checks import (
    assert_audit_balances,
    assert_chips_conserved,
    assert_everything_agrees,
    assert_history_replays,
    play_through_a_restart,
)
from tests.discord.table_driver import TableDriver, controls
from tests.engine.decks import stacked_deck
from tests.harness import EPHEMERAL
from tests.harness.cards import card_buttons

HIGH_B, HIGH_C = "KS QS JS TD 8D", "KH QH JH TC 8C"  # 48 each: no tonk on the deal
STOCK_A, STOCK_B = "2S 3H 4D 5C 8S", "2H 3D 4C 5S 9H"  # 22 and 23
LOCK_HANDS = ["3S 4S 5S 9D 7S", "6S KD KH QC QD"]
LOCK_STOCK = "2D JC JD 9C JH TC 8H"


async def tonk_table(h, hands, stock="", names=("ann", "bob", "cy")) -> TableDriver:
    return await TableDriver.playing(h, hands, stock, names=names, game="tonk")


async def assert_settled(d: TableDriver, ended: str, expected: dict[str, int]) -> None:
    """Everything agrees with the stacks worked out by hand, and the result says who paid
    whom, each payment."""
    settlement, text = await assert_everything_agrees(d, ended, expected)
    for transfer in settlement.transfers:
        payer, payee = (a.split(":", 1)[1] for a in (transfer.source, transfer.target))
        assert f"<@{payer}> → <@{payee}>: {transfer.amount}" in text
    if not settlement.transfers:
        assert "nobody pays" in text


async def test_tonk_5_1_running_out(harness):
    d = await tonk_table(harness, ["3S 4S 5S 6S 9D", HIGH_B, HIGH_C], "2C 7S")
    await d.acts("ann stock", "ann spread 3S 4S 5S 6S 7S", "ann throw 9D")
    await assert_settled(d, "running_out", {"ann": 220, "bob": 190, "cy": 190})


async def test_tonk_5_2_tonking_out(harness):
    d = await tonk_table(harness, ["3S 4S 5S 9D 9H", HIGH_B, HIGH_C], "2C 9C")
    await d.acts("ann stock", "ann spread 3S 4S 5S", "ann spread 9D 9H 9C")
    await assert_settled(d, "tonk_out", {"ann": 240, "bob": 180, "cy": 180})


async def test_tonk_5_3_a_winning_drop(harness):
    d = await tonk_table(harness, ["AS 2S 3D 4H 4C", HIGH_B, HIGH_C], "5D")
    await d.act("ann", "drop")
    await assert_settled(d, "drop", {"ann": 220, "bob": 190, "cy": 190})


async def test_tonk_5_3_a_caught_drop(harness):
    # ann drops with 39: cy's 21 is lower. ann pays cy (21 <= 39); then ann and bob, not
    # the lowest, each pay cy.
    d = await tonk_table(harness, ["9S 9H 8H 7C 6H", HIGH_B, "2H 3C 4D 5S 7D"], "5D")
    await d.act("ann", "drop")
    await assert_settled(d, "caught", {"ann": 180, "bob": 190, "cy": 230})


def _stock_out_turns(hands: list[str]) -> list[str]:
    """What each turn draws: the stock after the upcard, in order."""
    return stacked_deck(hands)[11:]


@pytest.mark.parametrize(
    ("bob_hand", "ended", "stacks"),
    [(STOCK_B, "stock_out", {"ann": 210, "bob": 190}),  # 22 against 23
     ("2H 3D 4C 5S 8H", "stock_out_draw", {"ann": 200, "bob": 200})],  # 22 each
)
async def test_tonk_5_4_the_stock_runs_out(harness, bob_hand, ended, stacks):
    hands = [STOCK_A, bob_hand]
    d = await tonk_table(harness, hands, names=("ann", "bob"))
    drawn = _stock_out_turns(hands)
    assert len(drawn) == 41
    for turn, card in enumerate(drawn):
        name = ("ann", "bob")[turn % 2]
        await d.act(name, "stock")
        await d.act(name, "throw", C.label(C.parse(card)))
    await assert_settled(d, ended, stacks)


async def test_tonk_3_2_a_tonk_on_the_deal(harness):
    d = await tonk_table(harness, ["AS AH 2S 2H 3S", HIGH_B, HIGH_C], "5D")
    await assert_settled(d, "instant", {"ann": 240, "bob": 180, "cy": 180})
    result = next(m for m in d.h.public_messages() if m.embeds
                  and m.embed.get("title", "") == "Hand 1: the result")
    assert f"<@{d.seat(d.host)}> has a tonk on the deal" in result.text()


async def test_tonk_3_3_two_tonks_on_the_deal_are_a_draw(harness):
    d = await tonk_table(harness, ["AS AH 2S 2H 3S", "AD AC 2D 2C 3H", HIGH_C], "5D")
    await assert_settled(d, "instant_draw", {"ann": 200, "bob": 200, "cy": 200})


async def test_tonk_4_2_the_hit_lock_is_shown_on_the_table_and_to_the_locked_player(harness):
    d = await tonk_table(harness, LOCK_HANDS, LOCK_STOCK, names=("ann", "bob"))
    await d.acts("ann stock", "ann spread 3S 4S 5S", "ann throw JC", "bob stock")
    await d.act("bob", "hit", "6S", target=0)
    ann = d.seat(d.user("ann"))
    seats = d.field("Seats")
    locked_line = next(line for line in seats.splitlines() if f"<@{ann}>" in line)
    assert "hit-locked" in locked_line and "next turn" in locked_line
    await d.act("bob", "throw", "JD")
    view = await d.act("ann", "stock")
    assert "may not spread or hit this turn" in view.embed["description"]
    buttons = controls(view)
    assert buttons["spread"]["disabled"] and buttons["hit"]["disabled"]
    assert all(b["disabled"] for b in card_buttons(view, "pick").values())
    assert not buttons["throw"]["disabled"]
    seats = d.field("Seats")
    assert "this turn" in next(line for line in seats.splitlines() if f"<@{ann}>" in line)
    d.assert_no_hidden_card_in_public()


async def test_joining_a_channel_whose_table_plays_another_game_names_that_game(harness):
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    await h.slash(ann, "tonk join")
    await h.slash(bob, "gff join")
    answer = h.last_response(bob)
    assert answer.flags & EPHEMERAL
    assert "This channel's table plays Tonk: use `/tonk join`" in answer.text()
    await h.slash(bob, "gff hand")
    assert "plays Tonk: use `/tonk hand`" in h.last_response(bob).text()
    assert h.bot.tables.in_channel(h.channel.id).info.game == "tonk"
    assert (await h.bot.store.wallet(h.guild_id, bob.id)) is None  # nothing changed


async def test_a_tonk_hands_history_is_its_record_and_replays_to_the_tables_result(harness):
    d = await tonk_table(harness, ["AS 2S 3D 4H 4C", HIGH_B, HIGH_C], "5D")
    await d.act("ann", "drop")
    listed, _ = await assert_history_replays(d)
    assert f"drop: paid to <@{d.seat(d.host)}>" in listed


async def test_a_computer_player_plays_tonk_at_each_level(harness):
    h = harness
    deck = [C.parse(c) for c in stacked_deck(["9S 9H 8H 7C 6H", HIGH_B, HIGH_C], "5D")]
    d = await TableDriver.against_computers(h, deck, game="tonk")
    await d.acts("ann stock", "ann throw 9S")
    for _ in range(200):
        if d.table.hand.is_over or d.hand.to_act() == (d.seat(d.host),):
            break
        await h.advance(2)  # a computer player acts after its short pause
    assert d.hand.is_over or d.hand.to_act() == (d.seat(d.host),)
    assert d.hand.seq > 2  # the computer players moved
    d.assert_no_hidden_card_in_public()
    await assert_chips_conserved(h)


# A whole hand of two: a spread, a hit (so ann is hit-locked), a draw from each pile, and
# ann's winning drop (16 against 40).
RESTART_SCRIPT = [
    ("ann", "stock", "", None), ("ann", "spread", "3S 4S 5S", None), ("ann", "throw", "JC", None),
    ("bob", "stock", "", None), ("bob", "hit", "6S", 0), ("bob", "throw", "JD", None),
    ("ann", "take", "", None), ("ann", "throw", "JD", None),
    ("bob", "stock", "", None), ("bob", "throw", "9C", None),
    ("ann", "drop", "", None),
]


async def _play_through_a_restart(folder, stop_after: int | None) -> dict:
    return await play_through_a_restart(
        folder, lambda h: tonk_table(h, LOCK_HANDS, LOCK_STOCK, names=("ann", "bob")),
        RESTART_SCRIPT, lambda d, step: d.act(*step), stop_after)


async def test_a_restart_in_the_middle_of_a_tonk_hand_changes_nothing(tmp_path):
    expected = await _play_through_a_restart(tmp_path / "straight", None)
    assert expected == {"ended": "drop", "winners": ["ann"],
                        "stacks": {"ann": 210, "bob": 190}, "eliminated": []}
    for stop_after in (1, 4, 6, 7, 10):  # after a spread, a hit, into the locked turn, a drop
        assert await _play_through_a_restart(tmp_path / f"stop{stop_after}", stop_after) \
            == expected, stop_after


async def test_audit_accounts_for_every_chip_during_and_after_a_tonk_hand(harness):
    h = harness
    d = await tonk_table(h, ["3S 4S 5S 6S 9D", HIGH_B, HIGH_C], "2C 7S")
    await d.act("ann", "stock")
    await assert_audit_balances(h)
    await d.acts("ann spread 3S 4S 5S 6S 7S", "ann throw 9D")
    await assert_audit_balances(h)
