"""The views are sent as Discord's component payload, built directly: it must be the
payload discord.py itself would send for the same buttons and menus, and every control
in it must be found again by exactly one of the controls that answer clicks."""

from __future__ import annotations

import random

import discord
from discord.components import _component_factory
from discord.ui.view import _component_to_item

from cogs.gff.ui import GffUI
from cogs.gff.views import hand_view, table_view
from cogs.table.items import TableClicks
from cogs.table.ui import ViewState
from engine.cards import DECK, parse
from engine.gff.hand import GffHand
from engine.simulate import random_action

SEATS = [("1000001", 200), ("1000002", 200), ("1000003", 200)]


def _hand_with_a_spread() -> tuple[GffHand, str]:
    """A running hand with a spread on the table, at a seat's turn."""
    rng = random.Random(3)
    while True:
        deck = list(DECK)
        rng.shuffle(deck)
        hand = GffHand.start(seats=SEATS, stake=10, dealer="1000001", deck=deck)
        while not hand.is_over:
            if hand.public_view().spreads:
                return hand, hand.current
            hand.apply(random_action(hand, rng, 0.0))


def _every_view() -> list[discord.ui.View]:
    hand, seat = _hand_with_a_spread()
    view = hand.private_view(seat)
    picked = view.hand[:2]
    return [
        table_view(7),
        hand_view(7, int(seat), 1, view),
        hand_view(7, int(seat), 1, view, state=ViewState(frozenset(picked), [0])),
        hand_view(7, int(SEATS[1][0]), 1, hand.private_view(SEATS[1][0])),
    ]


def test_each_component_is_what_discord_py_makes_of_it():
    for view in _every_view():
        for row in view.to_components():
            assert row["type"] == 1 and 1 <= len(row["components"]) <= 5
            for sent in row["components"]:
                item = _component_to_item(_component_factory(sent))
                assert item.to_component_dict() == sent


def test_every_control_is_found_again_by_exactly_one_control():
    controls = TableClicks(None, {"gff": GffUI()}).items  # with the acts GFF's UI declares
    for view in _every_view():
        for row in view.to_components():
            for sent in row["components"]:
                found = [
                    item for item, template in controls
                    if template.fullmatch(sent["custom_id"])
                ]
                assert len(found) == 1, sent["custom_id"]


def test_the_hand_view_lays_out_cards_draws_plays_and_targets():
    hand, seat = _hand_with_a_spread()
    view = hand.private_view(seat)
    state = ViewState(picked=frozenset(view.hand[:1]), offered=[0])  # after a press of Hit
    rows = hand_view(7, int(seat), 1, view, state=state).to_components()
    acts = [[c["custom_id"].rsplit(":", 1)[1] for c in row["components"]] for row in rows]
    cards = [f"pick.{i}" for i in range(len(view.hand))]
    assert acts == [cards[i:i + 5] for i in range(0, len(cards), 5)] + [
        ["drop", "stock", "take"], ["spread", "hit", "refresh"], ["target"]]
    buttons = [c for row in rows for c in row["components"] if ":pick." in c["custom_id"]]
    assert [b["style"] == discord.ButtonStyle.success.value for b in buttons] == [
        c == view.hand[0] for c in view.hand]
    # Without Hit pressed, the last row is the discard menu: one option a card.
    rows = hand_view(7, int(seat), 1, view).to_components()
    throw = rows[-1]["components"][0]
    assert throw["custom_id"].endswith(":throw")
    assert [parse(o["value"]) for o in throw["options"]] == list(view.hand)
