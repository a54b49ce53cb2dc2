"""Dealing: the next deal's dealer, deck and start, through the table's game."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence

from bot.i18n import Text
from bot.store import Seat
from bot.tables.errors import TableError
from bot.tables.fair_decks import FairDecks
from bot.tables.live import DealerDraw, LiveTable
from engine.cards import Card
from engine.fairness import new_salt

# The deck of the next deal (or, for a game of several deals, its decks).
DeckSource = Callable[["LiveTable"], Sequence[Card] | Sequence[Sequence[Card]]]


def shuffled_deck(table: LiveTable) -> list[Card] | list[list[Card]]:
    """A fair shuffle of the game's pack from the operating system's randomness: the pack
    for the table's options (`Game.pack`, engine/game.py)."""
    info, shuffle = table.game.info, secrets.SystemRandom()
    pack = tuple(table.game.pack(dict(table.info.options)))
    if info.deals_per_game > 1:
        return [shuffle.sample(pack, len(pack)) for _ in range(info.deals_per_game)]
    return shuffle.sample(pack, len(pack))


def system_shuffle(cards: list[Card]) -> list[Card]:
    """A new stock's order (G3.2), shuffled as decks are, from the system's randomness."""
    return secrets.SystemRandom().sample(cards, len(cards))


class Dealing(FairDecks):
    """The part of the table service that deals (bot/tables/__init__.py)."""

    deck_source: DeckSource  # these three are TableService's (bot/tables/service.py)
    draw_source: DeckSource
    first_dealer: Callable[[list[Seat]], Seat]

    async def start(self, channel_id: int, user_id: int) -> None:
        table = self.table_here(channel_id)
        if user_id != table.info.host_id:
            raise TableError(Text("Only the host can start the table."))
        if table.hand is not None and not table.hand.is_over:
            raise TableError(Text("A hand is already being played."))
        info = table.game.info
        if len(table.can_be_dealt()) < info.min_seats:
            stakes = Text.plural_of("{n} stake", "{n} stakes", info.stakes_to_deal_in)
            raise TableError(Text.plural_of(
                "At least {n} player with {stakes} or more is needed to deal {game}.",
                "At least {n} players with {stakes} or more are needed to deal {game}.",
                info.min_seats, stakes=stakes, game=Text(info.name),
            ))
        await self.deal(table)

    async def deal(self, table: LiveTable) -> None:
        """Deal the next hand through the table's game, or say why not."""
        async with table.lock:
            self.scheduler.cancel(f"deal:{table.id}")
            if table.id not in self.tables or (table.hand and not table.hand.is_over):
                return
            # table.info is as stored: every change of a table's seats or pots here reads
            # it back before the table's lock goes (a settled hand, a join, a cash-out),
            # and the store checks the deal's seats and stacks against its own again.
            players = table.can_be_dealt()
            if not table.can_deal():
                await self.listener.table_changed(table)
                return
            game = table.game
            table.dealer_draw = None
            dealer = self._next_dealer(table, players) if game.info.has_dealer else None
            seats = [(s.seat_id, s.stack) for s in table.info.seats if s.status != "left"]
            fair = None
            if self.deck_source is shuffled_deck:  # the live bot: a deck from the seeds
                deck_or_decks, fair = await self.fair_deck(table, [s for s, _ in seats])
            else:  # fixed decks (tests, benchmarks), proved by the older commitment
                deck_or_decks = self.deck_source(table)
            hand = game.start(
                seats=seats,
                stake=table.info.stake,
                dealer=None if dealer is None else dealer.seat_id,
                deck_or_decks=deck_or_decks,
                carry=table.info.carry,
                options=table.info.options,  # G3.3: the table's, at every deal
                salt=None if fair else new_salt(),
            )
            self._shuffles_for(hand, fair, table.house)
            now = self.scheduler.now()
            dealt = await self.store.start_hand(table.id, hand, turn_started_ms=int(now * 1000),
                                                fair=fair)
            table.running, table.info = dealt.running, dealt.table
            self._stop_clocks(table, list(table.clocks))
            await self.listener.hand_started(table)
            await self._after_action(table, turn_began=now)

    def _next_dealer(self, table: LiveTable, players: list[Seat]) -> Seat:
        """The game decides who deals next (GFF-2.8) from where the last dealer sat, which
        the store keeps even when that player has left; the service only knows seats.

        Where the last deal named the next dealer (FARMER-5.6), the game goes on from
        that seat instead; where there was no deal yet and the game has its own draw for
        the first dealer (FARMER-2.4), the draw is made and kept for the table to show."""
        info = table.info
        anchor = (info.next_dealer_position if info.next_dealer_position is not None
                  else info.last_dealer_position)
        position = table.game.next_dealer([s.position for s in players], anchor)
        if position is not None:
            return next(s for s in players if s.position == position)
        start = self.first_dealer(players)
        seats = tuple(s.seat_id for s in players)
        pack = tuple(self.draw_source(table))  # a game with no draw of its own ignores it
        at = players.index(start)
        dealer = table.game.first_dealer(seats, pack, at)
        if dealer is None:
            return start
        table.dealer_draw = DealerDraw(seats, pack, at, dealer)
        return next(s for s in players if s.seat_id == dealer)
