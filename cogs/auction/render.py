"""The flush auction's embeds: the table, the lobby, a game's result, a player's own hand.

Rendering only: every rule is the engine's. Public embeds are built from the public
view, which holds no dealt card but a declared flush's and no sealed bid (AUCTION-6):
the table says who has bid, never how much, and counts a sealed bid's game chips as
still held. `hand_embed` shows the player's cards and bid: ephemeral replies only.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from cogs.table.names import clip, count, mention_seats, seat_name
from engine import cards as C
from engine.auction.deal import ROUNDS
from engine.auction.settlement import DEALT_FLUSH, DECK_OUT, FLUSH, AuctionSettlement
from engine.auction.views import PrivateView, PublicView, Reveal

GREEN = discord.Colour.dark_green()
GOLD = discord.Colour.gold()
GREY = discord.Colour.light_grey()

LOBBY_TITLE = "Flush Auction"
BID_MARK = "✅ has bid"
WAIT_MARK = "⏳ to bid"
ROUND_ENDED = {FLUSH: "a flush bought", DEALT_FLUSH: "a flush dealt", DECK_OUT: "the deck ran out"}


def _names(seats: Sequence[str]) -> str:
    named = [seat_name(s) for s in seats]
    if not named:
        return "nobody"
    return named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"


def _seat_lines(public: PublicView, away: set[str]) -> list[str]:
    lines = []
    for seat in public.seats:
        if not seat.dealt_in:
            lines.append(f"{seat_name(seat.id)} — {seat.stack} chips · sitting out")
            continue
        marks = []
        if seat.id == public.dealer:
            marks.append("dealer")
        if seat.id in away:
            marks.append("away")
        if seat.has_bid:
            marks.append(BID_MARK)
        elif seat.bid_due:
            marks.append(WAIT_MARK)
        bought = f" · bought {C.labels(seat.bought)}" if seat.bought else ""
        status = f" · {', '.join(marks)}" if marks else ""
        lines.append(
            f"{seat_name(seat.id)} — {seat.stack} chips · {seat.game_chips} game chips · "
            f"**{count(seat.points, 'point')}** · {count(seat.cards, 'card')}{bought}{status}"
        )
    return lines


def reveal_line(reveal: Reveal) -> str:
    """One auction's bids, shown at once (AUCTION-3.3, 3.4)."""
    bids = " · ".join(f"{seat_name(seat)} {amount}" for seat, amount in reveal.bids)
    if reveal.buyer is None:
        outcome = "a tie for highest: nobody buys"
    else:
        outcome = f"{seat_name(reveal.buyer)} buys"
    return f"{C.labels(reveal.cards)}: {bids} → {outcome}"


def round_lines(public: PublicView) -> list[str]:
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
        shown = ", ".join(f"{seat_name(s)} {C.labels(declared.get(s, ()))}"
                          for s in result.winners)
        lines.append(f"{number}. {words}: {shown}")
    return lines


def table_embed(
    public: PublicView, shown: tuple[int, tuple[Reveal, ...]], *, hand_number: int,
    deadline: int | None = None, away: set[str] | frozenset[str] = frozenset(),
    commitment: str | None = None,
) -> discord.Embed:
    """The public table during a game; `shown` is (round, its reveals) to show."""
    low, high = public.limits
    if public.ended is None:
        waiting = [s.id for s in public.seats if s.bid_due]
        when = f", <t:{deadline}:R>" if deadline else ""
        headline = (f"Round {public.round} of {ROUNDS}, worth {count(public.points, 'point')}; "
                    f"bids {low} to {high}. Up for sale: **{C.labels(public.table)}**. "
                    f"Sealed bids from {_names(waiting)}{when}.")
    else:
        headline = "The game is over: five rounds played."
    embed = discord.Embed(
        title=f"{LOBBY_TITLE} — game {hand_number}",
        description=f"Stake {public.stake}, pot {public.pot}. {headline}",
        colour=GREEN if public.ended is None else GOLD,
    )
    embed.add_field(name="Players", value=clip(_seat_lines(public, set(away))), inline=False)
    round_number, reveals = shown
    if reveals:
        embed.add_field(name=f"Bids shown, round {round_number}",
                        value=clip([reveal_line(r) for r in reveals]), inline=False)
    if public.standing_bids:
        staying = " · ".join(f"{seat_name(s)} {a}" for s, a in public.standing_bids)
        embed.add_field(name="Bids staying on the table", value=staying, inline=False)
    embed.add_field(name="Bank", value=f"{public.bank} game chips", inline=True)
    embed.add_field(name="Pack", value=count(public.stock, "card"), inline=True)
    rounds = round_lines(public)
    if rounds:
        embed.add_field(name="Rounds", value=clip(rounds), inline=False)
    if commitment:
        embed.set_footer(text=f"Deck commitment (SHA-256): {commitment}")
    return embed


def lobby_embed(
    seats: Sequence[tuple[str, int, str]], *, stake: int, buy_in: int, max_players: int
) -> discord.Embed:
    lines = [f"{seat_name(s)} — {stack} chips" + (f" · {status}" if status else "")
             for s, stack, status in seats]
    embed = discord.Embed(
        title=LOBBY_TITLE,
        description=(
            f"Stake {stake}, buy-in {buy_in}, up to {max_players} players. Everyone posts the "
            "stake; five rounds of sealed bids in game chips for face-up cards; most points "
            "takes the pot. Join with `/auction join`; the host starts with `/auction start`."
        ),
        colour=GREY,
    )
    embed.add_field(
        name=f"Seats ({len(seats)}/{max_players})", value=clip(lines) if lines else "empty",
        inline=False,
    )
    return embed


def winner_line(settlement: AuctionSettlement) -> str:
    best = max(settlement.scores.values(), default=0)
    points = count(best, "point")
    if len(settlement.winners) == 1:
        return f"{_names(settlement.winners)} has the most points, {points}, and takes the pot"
    if best == 0:
        return f"Nobody scored: {_names(settlement.winners)} share the pot"
    return f"{_names(settlement.winners)} tie with {points} and share the pot"


def result_embed(settlement: AuctionSettlement, *, hand_number: int) -> discord.Embed:
    embed = discord.Embed(
        title=f"Game {hand_number}: the result",
        description=f"{winner_line(settlement)}.",
        colour=GOLD,
    )
    rounds = [f"{n}. {ROUND_ENDED.get(r.ended, r.ended)}: {_names(r.winners)}"
              if r.winners else f"{n}. {ROUND_ENDED.get(r.ended, r.ended)}: nobody scores"
              for n, r in enumerate(settlement.rounds, start=1)]
    embed.add_field(name="Rounds", value=clip(rounds), inline=False)
    scores = [f"{seat_name(s)}: {count(p, 'point')}, {settlement.game_chips[s]} game chips"
              for s, p in settlement.scores.items()]
    embed.add_field(name="Points (game chips are worth nothing now)", value=clip(scores),
                    inline=False)
    nets = [f"{seat_name(s)}: {'+' if net > 0 else ''}{net} → {settlement.stacks[s]}"
            for s, net in settlement.net.items()]
    embed.add_field(name="Net this game", value=clip(nets), inline=False)
    if settlement.eliminated:
        out = ", ".join(seat_name(s) for s in settlement.eliminated)
        embed.add_field(name="Out", value=f"{out}: below the stake", inline=False)
    return embed


def history_line(result: dict) -> str:
    """A finished game in `/auction history`, from its result JSON (AUCTION-8.4)."""
    winners = ", ".join(f"<@{w}>" for w in result.get("winners", [])) or "nobody"
    rounds = " ".join(r.get("ended", "?") for r in result.get("rounds", []))
    return f"{result.get('ended', '?')}: pot to {winners} (rounds: {rounds})"


def hand_embed(view: PrivateView, *, note: str = "") -> discord.Embed:
    """A player's own cards, game chips and sealed bid. Ephemeral replies only."""
    public = view.public
    up = C.labels(public.table) or "nothing"
    if public.ended is not None:
        state = "The game is over."
    elif view.legal:
        state = (f"Bid for **{up}**: {view.low} to {view.high} game chips, from the menu. "
                 "Every bid is paid, won or lost, and final once made.")
    elif view.bid is not None:
        waiting = _names([s.id for s in public.seats if s.bid_due])
        state = f"Your bid for {up}: **{view.bid}** (final). Waiting for {waiting}."
    else:
        state = "No bid is due from you now (only the tied players bid again)."
    said = f"> {mention_seats(note, [s.id for s in public.seats])}\n" if note else ""
    embed = discord.Embed(
        title="Your hand",
        description=f"{said}# {C.labels(view.hand) or 'no cards'}\n{state}",
        colour=GREEN if view.legal else GREY,
    )
    embed.add_field(name="Your game chips", value=str(view.game_chips), inline=True)
    embed.add_field(name="Round", value=f"{public.round} of {ROUNDS}", inline=True)
    embed.add_field(name="Bank", value=str(public.bank), inline=True)
    return embed
