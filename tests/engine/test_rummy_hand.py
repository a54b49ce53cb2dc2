"""What GFF and Tonk share from engine/rummy/hand.py: who is dealt in, a new hand's
record, the stand-in's move and the views' shared fields."""

from __future__ import annotations

import pytest

from engine.actions import DRAW_STOCK, STOCK, Draw
from engine.cards import DECK
from engine.errors import EngineError
from engine.gff.hand import GffHand
from engine.rummy import views as rummy
from engine.tonk.hand import TonkHand

HANDS = (GffHand, TonkHand)


@pytest.mark.parametrize("hand_type", HANDS)
def test_gff_2_6_tonk_2_3_below_two_stakes_a_seat_is_not_dealt_in(hand_type):
    hand = hand_type.start(
        seats=[("ann", 19), ("bob", 20), ("cy", 40)], stake=10, dealer="cy", deck=DECK
    )
    assert hand.dealt_in() == ("bob", "cy")  # from the dealer's left, the dealer last
    with pytest.raises(EngineError, match="the dealer ann has too few chips to be dealt in"):
        hand_type.start(seats=[("ann", 19), ("bob", 20)], stake=10, dealer="ann", deck=DECK)
    with pytest.raises(EngineError, match="fewer than 2 players have the chips to be dealt in"):
        hand_type.start(seats=[("ann", 19), ("bob", 20)], stake=10, dealer="bob", deck=DECK)


def test_a_new_hand_records_what_each_carried_pot_of_its_game_holds():
    seats = [("ann", 100), ("bob", 100)]
    gff = GffHand.start(seats=seats, stake=10, dealer="bob", deck=DECK, carry={"flip": 20})
    assert gff.record().carry == {"flip": 20, "flop": 0}  # GFF-4.5
    tonk = TonkHand.start(seats=seats, stake=10, dealer="bob", deck=DECK)
    assert tonk.record().carry == {}  # TONK-2.2: no pots


@pytest.mark.parametrize("hand_type", HANDS)
def test_both_games_views_hold_the_shared_rummy_fields(hand_type):
    hand = hand_type.start(seats=[("ann", 100), ("bob", 100)], stake=10, dealer="bob", deck=DECK)
    view = hand.private_view("ann")
    assert isinstance(view, rummy.PrivateView) and isinstance(view.public, rummy.PublicView)
    assert all(isinstance(seat, rummy.SeatView) for seat in view.public.seats)
    assert DRAW_STOCK in view.legal and view.public.stock == len(hand.stock)
    assert view.public.seats[0].cards == 5 and view.hand == tuple(sorted(view.hand))
    assert hand.timeout_action("ann") == Draw("ann", STOCK)  # the stand-in draws first
