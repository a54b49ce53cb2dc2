"""Who is dealt in, and the antes of a pot game: what several games' deals share.

G2.6: a seat is dealt in only with the game's least stack; play and dealing go clockwise
from the dealer's left round to the dealer (G2.1). G2.3: in a pot game each seat dealt in
antes the stake to the pot before the deal.
"""

from __future__ import annotations

from engine.chips import ChipBook, seat_account
from engine.errors import EngineError
from engine.record import HandRecord


def seats_dealt_in(
    record: HandRecord, least: int, rule: str, *, dealer: str = "dealer", rule_of_two: str = ""
) -> tuple[str, ...]:
    """The seats with at least `least` chips, from the dealer's left round to the dealer.

    `bad_record` when the dealer cannot be dealt in (the page's `rule` named) or fewer
    than two can; `dealer` is the page's word for that seat (Farmer's farmer)."""
    ids = [s.id for s in record.seats]
    stacks = {s.id: s.stack for s in record.seats}
    first = record.dealer
    assert first is not None  # parse_common requires the dealer
    if stacks[first] < least:
        raise EngineError(
            "bad_record",
            f"the {dealer} {first} has fewer than {least} chips and cannot be dealt in ({rule})",
        )
    at = ids.index(first)
    order = tuple(seat for seat in ids[at + 1:] + ids[: at + 1] if stacks[seat] >= least)
    if len(order) < 2:
        why = f" ({rule_of_two})" if rule_of_two else ""
        raise EngineError("bad_record", f"fewer than 2 players have the chips to be dealt in{why}")
    return order


def antes(
    record: HandRecord, order: tuple[str, ...], pot: str, *, carried: int = 0
) -> ChipBook:
    """G2.3: the hand's chip book, each seat of `order` having anted the stake into `pot`
    (an account, holding `carried` chips to begin with)."""
    book = ChipBook({**{seat_account(s.id): s.stack for s in record.seats}, pot: carried})
    for seat in order:
        book.move(seat_account(seat), pot, record.stake, "ante")
    return book
