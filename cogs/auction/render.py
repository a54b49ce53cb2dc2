"""The flush auction's embeds: the table, a game's result, a player's own hand.

Rendering only: every rule is the engine's. Public embeds are built from the public
view, which holds no dealt card but a declared flush's and no sealed bid (AUCTION-6):
the table says who has bid, never how much, and counts a sealed bid's game chips as
still held. `hand_embed` shows the player's cards and bid: ephemeral replies only. The frames are
the sealed games' (cogs/sealed/render.py). Every card shows its face beside its words;
the lines that grow all game (cards bought, every auction's cards, the flushes) fall
back to words where faces would overflow their field.
"""

from __future__ import annotations

import discord

from cogs.sealed import render as sealed
from cogs.sealed.words import BIDS
from cogs.table.emojis import faces_and_words
from cogs.table.emojis.fitting import faces_if_all_fit, faces_while_they_fit
from cogs.table.frames import Field, ResultLines, due, mentions
from cogs.table.names import clip, count, seat_name
from engine import cards as C
from engine.auction.deal import ROUNDS
from engine.auction.settlement import DEALT_FLUSH, DECK_OUT, FLUSH, AuctionSettlement
from engine.auction.views import PrivateView, PublicView, Reveal, SeatView

LOBBY_TITLE = "Flush Auction"
ROUND_ENDED = {FLUSH: "a flush bought", DEALT_FLUSH: "a flush dealt", DECK_OUT: "the deck ran out"}


def _cards(cards: tuple[C.Card, ...], faces: bool) -> str:
    return faces_and_words(cards, empty="") if faces else C.labels(cards)


def _about(seat: SeatView, faces: bool) -> str:
    """A seat's game chips, points, cards and what it bought this round (AUCTION-6.2)."""
    bought = f" · bought {_cards(seat.bought, faces)}" if seat.bought else ""
    return (f"{seat.game_chips} game chips · **{count(seat.points, 'point')}** · "
            f"{count(seat.cards, 'card')}{bought}")


def _mark(seat: SeatView) -> str | None:
    """Only the seats due bid: after a tie, the tied ones (AUCTION-3.4)."""
    if seat.has_bid:
        return BIDS.made_mark
    return BIDS.due_mark if seat.bid_due else None


def _seat_lines(public: PublicView, away: set[str]) -> str:
    faced, worded = ([sealed.seat_line(seat, public, away, _about(seat, faces), _mark(seat))
                      for seat in public.seats] for faces in (True, False))
    return faces_if_all_fit(faced, worded)


def reveal_line(reveal: Reveal, *, faces: bool = True) -> str:
    """One auction's cards and bids, shown at once (AUCTION-3.3, 3.4)."""
    bids = ((seat, str(amount)) for seat, amount in reveal.bids)
    shown = sealed.reveal_line(bids, reveal.buyer, won="buys", tied="nobody buys")
    return f"{_cards(reveal.cards, faces)}: {shown}"


def round_lines(public: PublicView, *, faces: bool = True) -> list[str]:
    """Each finished round: how it ended, who scored, a winning flush's cards (6.2)."""
    flushes = list(public.flushes)
    lines = []
    for number, result in enumerate(public.rounds, start=1):
        words = ROUND_ENDED.get(result.ended, result.ended)
        if not result.winners:
            lines.append(f"{number}. {words}: nobody scores")
            continue
        declared = dict(flushes[: len(result.winners)])
        del flushes[: len(result.winners)]
        shown = ", ".join(f"{seat_name(s)} {_cards(declared.get(s, ()), faces)}"
                          for s in result.winners)
        lines.append(f"{number}. {words}: {shown}")
    return lines


def table_embed(
    public: PublicView, shown: tuple[int, tuple[Reveal, ...]], *, hand_number: int,
    deadline: int | None = None, away: set[str] | frozenset[str] = frozenset(),
) -> discord.Embed:
    """The public table during a game; `shown` is (round, its reveals) to show."""
    low, high = public.limits
    if public.ended is None:
        waiting = [s.id for s in public.seats if s.bid_due]
        when = due(deadline)
        headline = (f"Round {public.round} of {ROUNDS}, worth {count(public.points, 'point')}; "
                    f"bids {low} to {high}. Up for sale: **{faces_and_words(public.table)}**. "
                    f"Sealed bids from {sealed.names(waiting)}{when}.")
    else:
        headline = "The game is over: five rounds played."
    fields = []
    round_number, reveals = shown
    if reveals:
        faced, worded = ([reveal_line(r, faces=faces) for r in reveals]
                         for faces in (True, False))
        fields.append(Field(f"Bids shown, round {round_number}",
                            faces_while_they_fit(faced, worded)))
    if public.standing_bids:
        staying = " · ".join(f"{seat_name(s)} {a}" for s, a in public.standing_bids)
        fields.append(Field("Bids staying on the table", staying))
    fields += [Field("Bank", f"{public.bank} game chips", inline=True),
               Field("Pack", count(public.stock, "card"), inline=True)]
    if public.rounds:
        fields.append(Field("Rounds", faces_while_they_fit(
            round_lines(public), round_lines(public, faces=False))))
    return sealed.table_embed(public, LOBBY_TITLE, headline, _seat_lines(public, set(away)),
                              fields, hand_number=hand_number)


def winner_line(settlement: AuctionSettlement) -> str:
    best = max(settlement.scores.values(), default=0)
    points = count(best, "point")
    named = sealed.names(settlement.winners)
    if len(settlement.winners) == 1:
        return f"{named} has the most points, {points}, and takes the pot"
    if best == 0:
        return f"Nobody scored: {named} share the pot"
    return f"{named} tie with {points} and share the pot"


def result_lines(settlement: AuctionSettlement) -> ResultLines:
    rounds = [f"{n}. {ROUND_ENDED.get(r.ended, r.ended)}: {sealed.names(r.winners)}"
              if r.winners else f"{n}. {ROUND_ENDED.get(r.ended, r.ended)}: nobody scores"
              for n, r in enumerate(settlement.rounds, start=1)]
    scores = [f"{seat_name(s)}: {count(p, 'point')}, {settlement.game_chips[s]} game chips"
              for s, p in settlement.scores.items()]
    return ResultLines(f"{winner_line(settlement)}.", fields=(
        Field("Rounds", clip(rounds)),
        Field("Points (game chips are worth nothing now)", clip(scores)),
    ))


def history_words(result: dict) -> str:
    """AUCTION-8.4: the pot's winners and how each round ended."""
    rounds = " ".join(r.get("ended", "?") for r in result.get("rounds", []))
    return f"pot to {mentions(result.get('winners', []))} (rounds: {rounds})"


def hand_embed(view: PrivateView, *, note: str = "") -> discord.Embed:
    """A player's own cards, game chips and sealed bid. Ephemeral replies only."""
    public = view.public
    up = faces_and_words(public.table, empty="nothing")
    if public.ended is not None:
        state = "The game is over."
    elif view.legal:
        state = (f"Bid for **{up}**: {view.low} to {view.high} game chips, from the menu. "
                 "Every bid is paid, won or lost, and final once made.")
    elif view.bid is not None:
        waiting = sealed.names([s.id for s in public.seats if s.bid_due])
        state = f"Your bid for {up}: **{view.bid}** (final). Waiting for {waiting}."
    else:
        state = "No bid is due from you now (only the tied players bid again)."
    return sealed.hand_embed(view, state, [
        Field("Your game chips", str(view.game_chips), inline=True),
        Field("Round", f"{public.round} of {ROUNDS}", inline=True),
        Field("Bank", str(public.bank), inline=True),
    ], note=note)
