"""What each seat sees (PIQUET-2.2 to 2.5, 3.6, 4.1) and the time-out moves (5.3)."""

from __future__ import annotations

import dataclasses

from engine import cards as C
from engine.piquet.actions import Declare, Exchange, Play
from tests.engine.piquet.tables import deal_of, exchange, record
from tests.engine.piquet.test_piquet_rules import EXAMPLE, EXAMPLE_ACTIONS


def cards_in(value) -> set[int]:
    """Every int reachable in a view: a card is an int, so this over-counts, never under."""
    found: set[int] = set()
    if dataclasses.is_dataclass(value):
        value = [getattr(value, f.name) for f in dataclasses.fields(value)]
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, (list, tuple)):
        for item in value:
            found |= cards_in(item)
    elif isinstance(value, int) and not isinstance(value, bool):
        found.add(value)
    return found


def test_piquet_2_5_discards_and_the_rest_seen_stay_private():
    deal = deal_of(record(EXAMPLE, [exchange("bob", "7D AD")]))
    bob = deal.private_view("bob")
    assert bob.discards == (C.parse("7D"), C.parse("AD"))
    assert bob.rest_seen == tuple(map(C.parse, "7S JH TH".split()))  # 2.3: the top five's rest
    assert deal.private_view("ann").rest_seen == () and deal.private_view("ann").discards == ()
    public = deal.public_view()
    assert public.seats[1].took == 2  # 2.5: how many is public
    assert public.talon_shown is None
    hidden = {C.parse(code) for code in "7D AD 7S JH TH 9H 8H 7H".split()}
    # Small numbers (counts, scores) could pass for low cards; these cards are all above.
    assert not {card for card in hidden if card > 12} & cards_in(public)


def test_piquet_2_4_show_rest_shows_the_talon_to_both():
    deal = deal_of(record(EXAMPLE, [exchange("bob", "7D"), exchange("ann", "9C", True)]))
    assert deal.public_view().talon_shown == tuple(
        map(C.parse, "7S JH TH 9H 8H 7H".split())
    )


def test_piquet_3_6_announcements_name_no_card_or_suit():
    deal = deal_of(record(EXAMPLE, EXAMPLE_ACTIONS))
    for said in deal.public_view().announcements:
        for call in (said.elder, said.dealer, *said.others):
            assert call is None or (isinstance(call.size, int) and call.rank in (None, *"789TJQKA"))


def test_piquet_3_6_the_non_dealers_call_is_public_before_the_reply():
    deal = deal_of(record(EXAMPLE, [*EXAMPLE_ACTIONS[:3]]))
    assert deal.public_view().elder_call.size == 6
    assert deal.private_view("ann").choices[0] == tuple(
        sorted(map(C.parse, "KD QD JD TD 9D 8D".split()))
    )  # 3.2: best first


def test_piquet_5_3_time_out_exchanges_one_card_declares_the_best_plays_the_lowest():
    deal = deal_of(record(EXAMPLE))
    assert deal.timeout_action("bob") == Exchange("bob", ("7D",))
    deal = deal_of(record(EXAMPLE, EXAMPLE_ACTIONS[:2]))
    declared = deal.timeout_action("bob")
    assert isinstance(declared, Declare) and declared.kind == "point"
    assert sorted(declared.cards) == sorted("AS KS QS JS TS 9S".split())
    deal = deal_of(record(EXAMPLE, EXAMPLE_ACTIONS))
    assert deal.timeout_action("bob") == Play("bob", "7C")
