from hypothesis import given
from hypothesis import strategies as st

from engine import cards as C
from engine.spreads import (
    BOOK,
    RUN,
    card_mask,
    find_hits,
    find_spreads,
    has_spread,
    hit_kind,
    hit_wants,
    spread_kind,
)


def cards(text: str) -> list[int]:
    return [C.parse(c) for c in text.split()]


def test_gff_5_4_books_of_three_or_four():
    assert spread_kind(cards("7S 7H 7D")) == BOOK
    assert spread_kind(cards("7S 7H 7D 7C")) == BOOK
    assert spread_kind(cards("7S 7H")) is None


def test_gff_5_4_runs_of_three_or_more_in_one_suit():
    assert spread_kind(cards("4H 5H 6H")) == RUN
    assert spread_kind(cards("6H 4H 5H 7H 8H")) == RUN
    assert spread_kind(cards("4H 5H 7H")) is None
    assert spread_kind(cards("4H 5H 6D")) is None


def test_gff_5_4_ace_is_low_only():
    assert spread_kind(cards("AS 2S 3S")) == RUN
    assert spread_kind(cards("QS KS AS")) is None
    assert spread_kind(cards("KS AS 2S")) is None


def test_tonk_runs_may_take_the_ace_high_but_never_turn_the_corner():
    assert spread_kind(cards("QS KS AS"), ace_high=True) == RUN
    assert spread_kind(cards("KS AS 2S"), ace_high=True) is None


def test_gff_5_5_hits_extend_a_run_at_either_end_or_fill_a_book():
    run = cards("4H 5H 6H")
    assert hit_kind(run, cards("3H")) == RUN
    assert hit_kind(run, cards("7H 8H")) == RUN
    assert hit_kind(run, cards("3H 7H")) == RUN
    assert hit_kind(run, cards("8H")) is None
    assert hit_kind(run, cards("4S")) is None
    book = cards("9S 9H 9D")
    assert hit_kind(book, cards("9C")) == BOOK
    assert hit_kind(cards("9S 9H 9D 9C"), cards("9C")) is None
    assert hit_kind(book, []) is None


def test_gff_5_5_a_book_of_three_cannot_become_a_run():
    # 3S 3H 3D plus nothing else can be a run, but a run of three must not turn into a book.
    assert hit_kind(cards("AS 2S 3S"), cards("3H")) is None


hands = st.lists(st.sampled_from(C.DECK), min_size=0, max_size=8, unique=True)


@given(hands)
def test_the_bit_check_agrees_with_the_full_search(hand):
    assert has_spread(card_mask(hand)) == bool(find_spreads(hand))
    for option in find_spreads(hand):
        assert spread_kind(option.cards) == option.kind


@given(hands, st.sampled_from([c for c in find_spreads(list(C.DECK))]))
def test_hit_wants_agrees_with_the_hit_search(hand, option):
    table = list(option.cards)
    hand = [c for c in hand if c not in table]
    hits = find_hits(hand, table)
    assert bool(card_mask(hand) & hit_wants(table)) == bool(hits)
    for added in hits:
        assert hit_kind(table, list(added)) is not None
