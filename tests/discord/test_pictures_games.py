"""Every game's pictures, drawn from its views over a whole deal of random play.

A table picture is built by a function that takes the game's public view and nothing
else, so no hidden card can reach it: each game is checked for that signature, and
every face-up card a picture shows is found in the public view it came from. A hand
picture shows the player's own cards and public ones only. Every picture is drawn to
a PNG that decodes, and the table picture changes as the deal goes on. Every registered
game is checked, each through the UI its cog loads.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import random
import typing
from typing import Any

import pytest

from cogs.table.pictures.render import render
from engine import games
from engine.simulate import BUY_IN, STAKE
from tests.harness.cards import cards_in, own_cards
from tests.harness.pictures import png_problem

DRAWN_EVERY = 7  # a picture every few actions keeps the run short


def ints_in(value, found: set[int] | None = None) -> set[int]:
    """Every whole number anywhere in a view: a card shown must be among them."""
    found = set() if found is None else found
    if isinstance(value, bool):
        return found
    if isinstance(value, int):
        found.add(value)
    elif dataclasses.is_dataclass(value):
        for field in dataclasses.fields(value):
            ints_in(getattr(value, field.name), found)
    elif isinstance(value, dict):
        for key, item in value.items():
            ints_in(key, found)
            ints_in(item, found)
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            ints_in(item, found)
    return found


def deal(game_id: str, seed: int = 3, turn: int = 0):
    """A deal of random play; `turn` rotates each pack by that many cards."""
    game = games.get(game_id)
    info = game.info
    rng = random.Random(seed)
    ids = [f"p{i + 1}" for i in range(max(2, info.min_seats))]
    packs = [rng.sample(list(info.pack), len(info.pack)) for _ in range(info.deals_per_game)]
    packs = [pack[turn:] + pack[:turn] for pack in packs]
    hand = game.start(seats=[(i, BUY_IN) for i in ids], stake=STAKE,
                      dealer=ids[0] if info.has_dealer else None,
                      deck_or_decks=packs[0] if len(packs) == 1 else packs,
                      carry=dict.fromkeys(info.carried_pots, 0))
    if info.reshuffles:
        hand.shuffle_with(lambda pile: rng.sample(pile, len(pile)))
    return game, hand, ids, rng


def ui_of(game_id: str) -> Any:
    """The UI class the game's cog registers (engine/games.py names the cog)."""
    module = importlib.import_module(games.GAMES.cog(game_id) or "")
    return next(value for value in vars(module).values()
                if isinstance(value, type) and getattr(value, "game", None) is games.get(game_id))


def holds_cards(game_id: str) -> bool:
    """Whether a player holds cards of their own: their private view, when dealt, shows
    cards their public view does not."""
    _, hand, _, _ = deal(game_id)
    return any(own_cards(hand.private_view(seat)) for seat in hand.dealt_in())


def printed(game_id: str) -> frozenset[int]:
    """The cards a table picture shows whatever is dealt, printed on the table rather than
    dealt (Faro's layout of spades the bets lie on, FARO-2): those its first picture shows
    without its public view holding them, both with the pack as dealt and with the pack
    turned half round, where every place holds another card."""
    draw = ui_of(game_id).table_picture

    def not_in_view(hand) -> frozenset[int]:
        public = hand.public_view()
        return draw(public).cards() - cards_in(public)

    half = len(games.get(game_id).info.pack) // 2
    return not_in_view(deal(game_id)[1]) & not_in_view(deal(game_id, turn=half)[1])


@pytest.mark.parametrize("game_id", games.GAMES)
def test_the_table_picture_is_built_from_the_public_view_alone(game_id):
    _, hand, _, _ = deal(game_id)
    draw = ui_of(game_id).table_picture
    parameters = list(inspect.signature(draw).parameters)
    assert parameters == ["public"]
    hints = typing.get_type_hints(draw)
    assert hints["public"] is type(hand.public_view())


@pytest.mark.parametrize("game_id", games.GAMES)
def test_every_picture_of_a_deal_shows_only_what_its_view_holds(game_id):
    game, hand, ids, rng = deal(game_id)
    ui = ui_of(game_id)
    on_the_table, hand_picture = printed(game_id), getattr(ui, "hand_picture", None)
    tables, steps = [], 0
    while True:
        if steps % DRAWN_EVERY == 0 or hand.settlement is not None:
            public = hand.public_view()
            table = ui.table_picture(public)
            shown = table.cards() - on_the_table
            assert shown <= ints_in(public), "a card the public view does not hold"
            tables.append(table)
            if hand_picture is not None:
                for seat in hand.dealt_in():
                    view = hand.private_view(seat)
                    own = hand_picture(view, ())
                    assert own.cards() <= ints_in(view)
                    assert png_problem(render(own)) is None
        if hand.settlement is not None:
            break
        hand.apply(game.simulation_action(hand, rng))
        steps += 1
    assert len(set(tables)) > 1, "the table picture never changed"
    for table in {tables[0], tables[len(tables) // 2], tables[-1]}:
        assert png_problem(render(table)) is None


@pytest.mark.parametrize("game_id", games.GAMES)
def test_every_game_has_a_table_picture_and_a_hand_picture_where_it_has_a_hand(game_id):
    ui = ui_of(game_id)
    assert ui.game.info.id == game_id
    assert callable(ui.table_picture)
    hand_picture = getattr(ui, "hand_picture", None)
    assert (hand_picture is not None) == holds_cards(game_id)
