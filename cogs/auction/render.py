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

from bot.i18n import N_, _
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

# Translators: the game's name: players bid counters in secret for cards turned up, to
# make a flush (five cards of one suit)
LOBBY_TITLE = N_("Flush Auction")
# How a round ended (AUCTION-4), as its line in the table and the result says it.
ROUND_ENDED = {
    # Translators: how a round ended: a player bought the card that made their flush
    FLUSH: N_("a flush bought"),
    # Translators: how a round ended: a flush was dealt to a player
    DEALT_FLUSH: N_("a flush dealt"),
    DECK_OUT: N_("the deck ran out"),
}


def _ended(ended: str) -> str:
    """How a round ended, in words; an ending without words as it is recorded."""
    words = ROUND_ENDED.get(ended)
    return _(words) if words else ended


def _cards(cards: tuple[C.Card, ...], faces: bool) -> str:
    return faces_and_words(cards, empty="") if faces else C.labels(cards)


def _about(seat: SeatView, faces: bool) -> str:
    """A seat's game chips, points, cards and what it bought this round (AUCTION-6.2)."""
    facts = [count(seat.game_chips, "game chip"), f"**{count(seat.points, 'point')}**",
             count(seat.cards, "card")]
    if seat.bought:
        # Translators: the cards a player bought this round
        facts.append(_("bought {cards}", cards=_cards(seat.bought, faces)))
    return " · ".join(facts)


def _mark(seat: SeatView) -> str | None:
    """Only the seats due bid: after a tie, the tied ones (AUCTION-3.4)."""
    if seat.has_bid:
        return _(BIDS.made_mark)
    return _(BIDS.due_mark) if seat.bid_due else None


def _seat_lines(public: PublicView, away: set[str]) -> str:
    faced, worded = ([sealed.seat_line(seat, public, away, _about(seat, faces), _mark(seat))
                      for seat in public.seats] for faces in (True, False))
    return faces_if_all_fit(faced, worded)


def reveal_line(reveal: Reveal, *, faces: bool = True) -> str:
    """One auction's cards and bids, shown at once (AUCTION-3.3, 3.4)."""
    bids = ((seat, str(amount)) for seat, amount in reveal.bids)
    # Translators: after a player's name: their bid was the highest and buys the cards
    won = _("buys")
    # Translators: a tie for the highest bid: nobody buys the cards
    shown = sealed.reveal_line(bids, reveal.buyer, won=won, tied=_("nobody buys"))
    return f"{_cards(reveal.cards, faces)}: {shown}"


def round_lines(public: PublicView, *, faces: bool = True) -> list[str]:
    """Each finished round: how it ended, who scored, a winning flush's cards (6.2)."""
    flushes = list(public.flushes)
    lines = []
    for number, result in enumerate(public.rounds, start=1):
        words = _ended(result.ended)
        if not result.winners:
            lines.append(f"{number}. {_nobody_scores(words)}")
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
        headline = " ".join((
            _("Round {round} of {rounds}, worth {points}; bids {low} to {high}.",
              round=public.round, rounds=ROUNDS, points=count(public.points, "point"),
              low=low, high=high),
            # Translators: the cards auctioned now, all to the single highest bid
            _("Up for sale: **{cards}**.", cards=faces_and_words(public.table)),
            # Translators: {when} is empty or ", <t:…:R>", which Discord shows as "in 30 seconds"
            _("Sealed bids from {players}{when}.", players=sealed.names(waiting), when=when)))
    else:
        headline = _("The game is over: five rounds played.")
    fields = []
    round_number, reveals = shown
    if reveals:
        faced, worded = ([reveal_line(r, faces=faces) for r in reveals]
                         for faces in (True, False))
        fields.append(Field(_("Bids shown, round {round}", round=round_number),
                            faces_while_they_fit(faced, worded)))
    if public.standing_bids:
        staying = " · ".join(f"{seat_name(s)} {a}" for s, a in public.standing_bids)
        # Translators: after a tie, the bids of the players not tied stay for the next card
        fields.append(Field(_("Bids staying on the table"), staying))
    # Translators: the bank holds every game chip bid; a flush bought takes it
    fields += [Field(_("Bank"), count(public.bank, "game chip"), inline=True),
               # Translators: the cards still to be turned up this round
               Field(_("Pack"), count(public.stock, "card"), inline=True)]
    if public.rounds:
        fields.append(Field(_("Rounds"), faces_while_they_fit(
            round_lines(public), round_lines(public, faces=False))))
    return sealed.table_embed(public, _(LOBBY_TITLE), headline,
                              _seat_lines(public, set(away)), fields, hand_number=hand_number)


def winner_line(settlement: AuctionSettlement) -> str:
    best = max(settlement.scores.values(), default=0)
    points = count(best, "point")
    named = sealed.names(settlement.winners)
    if len(settlement.winners) == 1:
        return _("{player} has the most points, {points}, and takes the pot",
                 player=named, points=points)
    if best == 0:
        return _("Nobody scored: {players} share the pot", players=named)
    # Translators: two or more players tie with the most points, {points} ("5 points")
    return _("{players} tie with {points} and share the pot", players=named, points=points)


def _nobody_scores(ended: str) -> str:
    # Translators: a round's line: how it ended ("the deck ran out"), and nobody scored
    return _("{ended}: nobody scores", ended=ended)


def result_lines(settlement: AuctionSettlement) -> ResultLines:
    rounds = [f"{n}. {_ended(r.ended)}: {sealed.names(r.winners)}"
              if r.winners else f"{n}. {_nobody_scores(_ended(r.ended))}"
              for n, r in enumerate(settlement.rounds, start=1)]
    scores = [f"{seat_name(s)}: {count(p, 'point')}, {count(settlement.game_chips[s], 'game chip')}"
              for s, p in settlement.scores.items()]
    return ResultLines(f"{winner_line(settlement)}.", fields=(
        Field(_("Rounds"), clip(rounds)),
        Field(_("Points (game chips are worth nothing now)"), clip(scores)),
    ))


def history_words(result: dict) -> str:
    """AUCTION-8.4: the pot's winners and how each round ended (the engine's words for
    each ending, as recorded)."""
    rounds = " ".join(r.get("ended", "?") for r in result.get("rounds", []))
    return _("pot to {players} (rounds: {rounds})",
             players=mentions(result.get("winners", [])), rounds=rounds)


def hand_embed(view: PrivateView, *, note: str = "") -> discord.Embed:
    """A player's own cards, game chips and sealed bid. Ephemeral replies only."""
    public = view.public
    # Translators: no card is up for sale
    up = faces_and_words(public.table, empty=_("nothing"))
    if public.ended is not None:
        state = _("The game is over.")
    elif view.legal:
        state = " ".join((
            _("Bid for **{cards}**: {low} to {high} game chips, from the menu.",
              cards=up, low=view.low, high=view.high),
            _("Every bid is paid, won or lost, and final once made.")))
    elif view.bid is not None:
        waiting = sealed.names([s.id for s in public.seats if s.bid_due])
        state = " ".join((_("Your bid for {cards}: **{bid}** (final).", cards=up, bid=view.bid),
                          _("Waiting for {players}.", players=waiting)))
    else:
        state = _("No bid is due from you now (only the tied players bid again).")
    return sealed.hand_embed(view, state, [
        Field(_("Your game chips"), str(view.game_chips), inline=True),
        Field(_("Round"), _("{round} of {rounds}", round=public.round, rounds=ROUNDS),
              inline=True),
        Field(_("Bank"), str(public.bank), inline=True),
    ], note=note)
