"""Who is dealt in, and the chips a deal opens with: what every game's deal does first.

G2.6: a seat is dealt in only with the game's least stack; play and dealing go clockwise
from the dealer's left round to the dealer (G2.1). G2.3: in a pot game each seat dealt in
antes the stake to the pot before the deal. Every deal's chip book opens here, and every
stake posted before the cards are dealt is posted here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.chips import ChipBook, seat_account
from engine.errors import EngineError
from engine.game import GameInfo
from engine.record import HandRecord


def seats_holding(record: HandRecord, least: int) -> tuple[str, ...]:
    """The seats with at least `least` chips, from the dealer's left round to the dealer
    (G2.1, G2.6)."""
    assert record.dealer is not None  # parse_common requires the dealer
    seats = record.seats
    at = [s.id for s in seats].index(record.dealer) + 1
    # Each seat's own stack as the seats go round (ids are unique, parse_common): no
    # table of stacks built, nor a generator, at every deal of every game.
    return tuple([s.id for s in seats[at:] + seats[:at] if s.stack >= least])


def seats_dealt_in(
    record: HandRecord, least: int, rule: str, *, dealer: str = "dealer", rule_of_two: str = ""
) -> tuple[str, ...]:
    """The seats with at least `least` chips, from the dealer's left round to the dealer.

    `bad_record` when the dealer cannot be dealt in (the page's `rule` named) or fewer
    than two can; `dealer` is the page's word for that seat (Farmer's farmer)."""
    order = seats_holding(record, least)
    first = record.dealer
    if first not in order:
        raise EngineError(  # `dealer`: the page's word for that seat
            "bad_record",
            "the {dealer} {seat} has fewer than {least} chips and cannot be dealt in ({rule})",
            dealer=dealer,
            seat=first,
            least=least,
            rule=rule,
        )
    if len(order) < 2:
        if rule_of_two:
            raise EngineError(
                "bad_record",
                "fewer than 2 players have the chips to be dealt in ({rule})",
                rule=rule_of_two,
            )
        raise EngineError("bad_record", "fewer than 2 players have the chips to be dealt in")
    return order


def seats_with_the_stake(
    record: HandRecord, info: GameInfo, players: str, *, count_first: bool = False
) -> tuple[str, ...]:
    """The seats holding the stake, from the dealer's left round to the dealer, in a game
    whose page numbers its players (`players`: "Gops is for 2 to 6 (GOPS-1.1)").

    `bad_record` when the dealer does not hold the stake, or when the seats that do are
    too few or too many for the game; a page that counts its players first
    (`count_first`) says so first when both are wrong."""
    order = seats_holding(record, record.stake)
    miscounted = not info.min_seats <= len(order) <= info.max_seats
    if record.dealer not in order and not (count_first and miscounted):
        raise EngineError(
            "bad_record",
            "the dealer {seat} has less than the stake: not dealt in",
            seat=record.dealer,
        )
    if miscounted:
        # `players` is the caller's sentence, and stays as given (a bad_record).
        raise EngineError(
            "bad_record",
            "{count} players have the stake; {players}",
            count=len(order),
            players=players,
        )
    return order


def chip_book(
    record: HandRecord, pots: Mapping[str, int] | None = None, *, house: bool = False
) -> ChipBook:
    """The deal's chip book before anything is posted: every seat's stack and each of
    `pots` (account -> the chips it carries in); with `house`, the bank's (G2.7)."""
    opening = {seat_account(s.id): s.stack for s in record.seats}
    if pots:
        opening.update(pots)
    return ChipBook(opening, house=house)


def post(book: ChipBook, stake: int, seat: str, pots: Iterable[str], reason: str) -> None:
    """`seat` puts the stake into each of `pots` (accounts), in order (G2.3, GFF-2.4);
    `reason` is the page's word for it in the ledger."""
    account = seat_account(seat)
    for pot in pots:
        book.move(account, pot, stake, reason)


def antes(
    record: HandRecord,
    order: tuple[str, ...],
    pot: str,
    *,
    carried: int = 0,
    reason: str = "ante",
) -> ChipBook:
    """G2.3: the hand's chip book, each seat of `order` having anted the stake into `pot`
    (an account, holding `carried` chips to begin with); `reason` is the page's word for
    the ante in the ledger ("post" in the games whose pages call it a post)."""
    book = chip_book(record, {pot: carried})
    move, stake = book.move, record.stake  # every deal of most games: kept to one call a seat
    for seat in order:
        move(seat_account(seat), pot, stake, reason)
    return book
