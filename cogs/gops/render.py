"""Gops's embeds: the table, the lobby, a game's result, a player's own hand.

Rendering only: every rule is the engine's. Public embeds are built from the public
view, which holds no bid before its round's reveal (GOPS-4): the table says who has
bid, never what. Every resolved round stays on the table, newest last, so a round's
reveal is shown even when the next round's bids follow at once. `hand_embed` shows
the player's own bid and is used for ephemeral replies only.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from cogs.table.names import clip, count, mention_seats, seat_name
from engine import cards as C
from engine.gops.deal import ROUNDS, prize_value
from engine.gops.settlement import GopsSettlement
from engine.gops.views import PrivateView, PublicView, RoundView

GREEN = discord.Colour.dark_green()
GOLD = discord.Colour.gold()
GREY = discord.Colour.light_grey()

LOBBY_TITLE = "Gops"
BID_MARK = "✅ has bid"
WAIT_MARK = "⏳ to bid"


def _prize(card: C.Card) -> str:
    return f"{C.label(card)} (worth {prize_value(card)})"


def _seat_lines(public: PublicView, away: set[str]) -> list[str]:
    lines = []
    for seat in public.seats:
        marks = []
        if seat.id == public.dealer:
            marks.append("dealer")
        if seat.id in away:
            marks.append("away")
        if not seat.dealt_in:
            lines.append(f"{seat_name(seat.id)} — {seat.stack} chips · sitting out")
            continue
        if public.ended is None:
            marks.append(BID_MARK if seat.has_bid else WAIT_MARK)
        won = f" · won {C.labels(seat.won)}" if seat.won else ""
        status = f" · {', '.join(marks)}" if marks else ""
        suit = C.SUIT_SYMBOLS[seat.suit] if seat.suit is not None else "?"
        lines.append(f"{seat_name(seat.id)} — {seat.stack} chips · bids {suit} · "
                     f"{count(seat.cards, 'card')} · **{seat.score}** points{won}{status}")
    return lines


def round_line(number: int, resolved: RoundView) -> str:
    """One reveal: the prize, every bid, who took it (GOPS-2.3)."""
    bids = " · ".join(f"{seat_name(seat)} {C.label(card)}" for seat, card in resolved.bids)
    if resolved.winner is None:
        outcome = "a tie for highest: discarded"
    else:
        outcome = f"{seat_name(resolved.winner)} takes it"
    return f"{number}. {C.label(resolved.prize)} — {bids} → {outcome}"


def table_embed(
    public: PublicView, *, hand_number: int, deadline: int | None = None,
    away: set[str] | frozenset[str] = frozenset(), commitment: str | None = None,
) -> discord.Embed:
    """The public table during a game. `deadline` is a Unix time for the bids' end."""
    waiting = [s.id for s in public.seats if s.dealt_in and not s.has_bid]
    if public.ended is None and public.prize is not None:
        when = f", <t:{deadline}:R>" if deadline else ""
        names = ", ".join(seat_name(s) for s in waiting)
        headline = (f"Round {public.round} of {ROUNDS}: the prize is **{_prize(public.prize)}**. "
                    f"Sealed bids from {names}{when}.")
    else:
        headline = "The game is over: all 13 prizes are played."
    embed = discord.Embed(
        title=f"{LOBBY_TITLE} — game {hand_number}",
        description=f"Stake {public.stake}, pot {public.pot}. {headline}",
        colour=GREEN if public.ended is None else GOLD,
    )
    embed.add_field(name="Players", value=clip(_seat_lines(public, set(away))), inline=False)
    rounds = [round_line(i + 1, r) for i, r in enumerate(public.rounds)]
    embed.add_field(name="Bids shown", value=clip(rounds) if rounds else "none yet",
                    inline=False)
    embed.add_field(name="Discarded prizes",
                    value=C.labels(public.discarded) if public.discarded else "none",
                    inline=True)
    embed.add_field(name="Prizes face down", value=str(public.prizes_left), inline=True)
    if commitment:
        embed.set_footer(text=f"Deck commitment (SHA-256): {commitment}")
    return embed


def lobby_embed(
    seats: Sequence[tuple[str, int, str]], *, stake: int, buy_in: int, max_players: int
) -> discord.Embed:
    """The table between games: (seat id, stack, status) for each seat."""
    lines = [f"{seat_name(s)} — {stack} chips" + (f" · {status}" if status else "")
             for s, stack, status in seats]
    embed = discord.Embed(
        title=LOBBY_TITLE,
        description=(
            f"Stake {stake}, buy-in {buy_in}, up to {max_players} players. Everyone posts the "
            "stake; thirteen sealed bids for the diamonds; the highest score takes the pot. "
            "Join with `/gops join`; the host starts with `/gops start`."
        ),
        colour=GREY,
    )
    embed.add_field(
        name=f"Seats ({len(seats)}/{max_players})", value=clip(lines) if lines else "empty",
        inline=False,
    )
    return embed


def _names(seats: Sequence[str]) -> str:
    named = [seat_name(s) for s in seats]
    return named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"


def winner_line(settlement: GopsSettlement) -> str:
    best = max(settlement.scores.values(), default=0)
    if len(settlement.winners) == 1:
        return f"{_names(settlement.winners)} has the highest score, {best}, and takes the pot"
    return f"{_names(settlement.winners)} tie with {best} and share the pot"


def result_embed(settlement: GopsSettlement, *, hand_number: int) -> discord.Embed:
    embed = discord.Embed(
        title=f"Game {hand_number}: the result",
        description=f"{winner_line(settlement)}.",  # a title would not show a mention
        colour=GOLD,
    )
    scores = [f"{seat_name(s)}: {points}" for s, points in settlement.scores.items()]
    embed.add_field(name="Scores", value=clip(scores), inline=False)
    nets = [f"{seat_name(s)}: {'+' if net > 0 else ''}{net} → {settlement.stacks[s]}"
            for s, net in settlement.net.items()]
    embed.add_field(name="Net this game", value=clip(nets), inline=False)
    if settlement.eliminated:
        out = ", ".join(seat_name(s) for s in settlement.eliminated)
        embed.add_field(name="Out", value=f"{out}: below the stake", inline=False)
    return embed


def history_line(result: dict) -> str:
    """A finished game in `/gops history`, from its result JSON (GOPS-6.4)."""
    winners = ", ".join(f"<@{w}>" for w in result.get("winners", [])) or "nobody"
    scores = ", ".join(f"<@{s}> {p}" for s, p in result.get("scores", {}).items())
    return f"{result.get('ended', '?')}: pot to {winners} (scores {scores})"


def hand_embed(view: PrivateView, *, note: str = "") -> discord.Embed:
    """A player's own hand and sealed bid. Ephemeral replies only."""
    public = view.public
    if public.ended is not None:
        state = "The game is over."
    elif view.legal:
        state = f"Bid a card for **{_prize(public.prize)}** from the menu. A bid is final."
    elif view.bid is not None:
        waiting = ", ".join(seat_name(s.id) for s in public.seats
                            if s.dealt_in and not s.has_bid)
        state = (f"Your bid for {_prize(public.prize)}: **{C.label(view.bid)}** (final). "
                 f"Waiting for {waiting}.")
    else:
        state = "No bid is due from you."
    said = f"> {mention_seats(note, [s.id for s in public.seats])}\n" if note else ""
    embed = discord.Embed(
        title="Your hand",
        description=f"{said}# {C.labels(view.hand) or 'no cards'}\n{state}",
        colour=GREEN if view.legal else GREY,
    )
    me = next((s for s in public.seats if s.id == view.seat), None)
    if me is not None:
        embed.add_field(name="Your score", value=str(me.score), inline=True)
    embed.add_field(name="Round", value=f"{min(public.round, ROUNDS)} of {ROUNDS}", inline=True)
    if public.rounds:
        last = public.rounds[-1]
        embed.add_field(name="Last round", value=round_line(len(public.rounds), last),
                        inline=False)
    return embed
