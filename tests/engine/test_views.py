"""What the table sees and when: reveals (GFF-4.3), flip/flop payment (4.4), views."""

from engine import cards as C
from engine.actions import DISCARD_CARD, DRAW_DISCARD, DRAW_STOCK, DROP, Discard, Draw, Drop
from engine.gff.hand import GffHand
from engine.record import parse_record
from tests.engine.decks import record

# Flip card 9C: flip clubs, flop spades.
HANDS = [
    "5C 7S 4H 8D 9D",  # ann: shows 5C (beats the flip card) and 7S
    "3C 8S 7H TD JD",  # bob: shows 3C, not 8S (7S is lower)
    "2C AS 4D 5D 9C",  # cy, dealer: shows 2C and AS before the dealer's first turn
]
SEATS = [("ann", 200), ("bob", 200), ("cy", 200)]


def hand_of(hands=HANDS, seats=SEATS, stock="KH QH JH") -> GffHand:
    return GffHand(parse_record(record(seats, "cy", hands, stock=stock)))


def shown(hand: GffHand) -> list[tuple[str, str, str]]:
    return [(r.seat, r.pot, C.code(r.card)) for r in hand.public_view().revealed]


def turn(hand: GffHand, seat: str) -> None:
    hand.apply(Draw(seat, "stock"))
    hand.apply(Discard(seat, hand.hands[seat][-1]))


def test_gff_4_3_reveals_come_just_before_each_first_turn_and_4_4_pay_before_the_dealers():
    hand = hand_of()
    assert shown(hand) == [("ann", "flip", "5C"), ("ann", "flop", "7S")]
    turn(hand, "ann")
    assert shown(hand)[2:] == [("bob", "flip", "3C")]
    view = hand.public_view()
    assert view.pots == {"game": 30, "flip": 30, "flop": 30}
    turn(hand, "bob")
    assert shown(hand)[3:] == [("cy", "flip", "2C"), ("cy", "flop", "AS")]
    view = hand.public_view()
    assert view.turn == "cy"
    assert view.pots == {"game": 30, "flip": 0, "flop": 0}
    assert {s.id: s.stack for s in view.seats} == {"ann": 170, "bob": 170, "cy": 230}
    assert hand.flip_winner == "cy" and hand.flop_winner == "cy"


def test_gff_4_3_an_all_in_dealers_flip_card_sets_no_mark():
    # cy is all in (2 stakes): the flip card 9C cannot win, so ann's JC is shown.
    hands = ["JC 7S 4H 8D 9D", "KC 8S 7H TD JD", "2C AS 4D 5D 9C"]
    hand = hand_of(hands, [("ann", 200), ("bob", 200), ("cy", 20)])
    assert shown(hand) == [("ann", "flip", "JC"), ("ann", "flop", "7S")]


def test_the_round_ending_early_makes_the_remaining_reveals():
    hand = hand_of()
    hand.apply(Draw("ann", "stock"))
    hand.apply(Discard("ann", C.parse("KH")))
    hand.apply(Drop("bob"))
    assert [s for s, _, _ in shown(hand)] == ["ann", "ann", "bob", "cy", "cy"]
    assert hand.settlement.flip_winner == "cy"


def test_legal_actions_follow_the_turn():
    hand = hand_of()
    assert hand.legal_actions("ann") == (DROP, DRAW_STOCK)  # GFF-5.3: nothing to take yet
    assert hand.legal_actions("bob") == ()
    hand.apply(Draw("ann", "stock"))
    assert hand.legal_actions("ann") == (DISCARD_CARD,)
    hand.apply(Discard("ann", C.parse("KH")))
    assert hand.legal_actions("bob") == (DROP, DRAW_STOCK, DRAW_DISCARD)


def test_a_private_view_holds_one_hand_and_the_public_view_none():
    hand = hand_of()
    mine = hand.private_view("bob")
    assert [C.code(c) for c in mine.hand] == ["8S", "7H", "TD", "JD", "3C"]
    assert mine.value == 8 + 7 + 10 + 10 + 3
    assert mine.posted == {"game": 10, "flip": 10, "flop": 10}
    assert mine.legal == ()
    public = hand.public_view()
    visible = {public.flip_card, *(r.card for r in public.revealed), *public.discard_pile}
    for spread in public.spreads:
        visible.update(spread.cards)
    assert visible == {C.parse(c) for c in ("9C", "5C", "7S")}
    assert [s.cards for s in public.seats] == [5, 5, 5]
    assert public.stock == 52 - 15


def test_the_event_log_is_in_words():
    hand = hand_of()
    turn(hand, "ann")
    texts = [e.text for e in hand.events]
    assert "ann shows 5♣ for the flip" in texts
    assert "ann draws from the stock" in texts
    assert "ann discards K♥" in texts
