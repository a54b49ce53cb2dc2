"""Jack Change It's embeds: the table, the lobby, a game's result, a player's own hand.

Rendering only: every rule is the engine's. Public embeds are built from the public view
and the settlement, which hold only what JCI-6 makes public (the pile, the called suit,
the direction, a pending draw, the counts); `hand_embed` shows a hand and is used for
ephemeral replies only.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from cogs.table.names import clip, count, mention_seats, seat_name
from engine import cards as C
from engine.jackchangeit.settlement import JackChangeItSettlement
from engine.jackchangeit.views import PrivateView, PublicView

GREEN = discord.Colour.dark_green()
GOLD = discord.Colour.gold()
GREY = discord.Colour.light_grey()

LOBBY_TITLE = "Jack Change It"

ENDED = {
    "out": "a player went out",  # JCI-5.1
    "drawn": "a card had to be drawn with only the upcard left: a drawn game",  # 5.2
}


def _seat_lines(public: PublicView, away: set[str]) -> list[str]:
    lines = []
    for seat in public.seats:
        marks = []
        if seat.id == public.dealer:
            marks.append("dealer")
        if seat.id in away:
            marks.append("away")
        if not seat.dealt_in:
            marks.append("sitting out")
        turn = "▶ " if seat.id == public.turn else ""
        cards = f" · {count(seat.cards, 'card')}, {seat.drawn} drawn" if seat.dealt_in else ""
        status = f" · {', '.join(marks)}" if marks else ""
        lines.append(f"{turn}{seat_name(seat.id)} — {seat.stack} chips{cards}{status}")
    return lines


def upcard_line(public: PublicView) -> str:
    """The upcard, the suit a jack called (4.5), a pending draw (4.7), the direction (4.1)."""
    parts = [f"**{C.label(public.upcard)}**"]
    if public.called is not None:
        parts.append(f"suit called: {C.SUIT_SYMBOLS[public.called]} "
                     f"{C.SUIT_NAMES[public.called]}")
    if public.pending:
        parts.append(f"next player draws {public.pending}")
    parts.append("play goes clockwise ↻" if public.clockwise else "play goes anticlockwise ↺")
    return " · ".join(parts)


def table_embed(
    public: PublicView, *, hand_number: int, deadline: int | None = None,
    away: set[str] | frozenset[str] = frozenset(), commitment: str | None = None,
) -> discord.Embed:
    """The public table during a game. `deadline` is a Unix time for the turn's end."""
    if public.turn is not None:
        when = f", <t:{deadline}:R>" if deadline else ""
        headline = f"{seat_name(public.turn)} to play{when}."
    else:
        headline = f"The game is over: {ENDED.get(public.ended or '', public.ended)}."
    embed = discord.Embed(
        title=f"{LOBBY_TITLE} — game {hand_number}",
        description=f"Stake {public.stake}, pot {public.pot}. {headline}",
        colour=GREEN if public.turn else GOLD,
    )
    embed.add_field(name="Seats", value=clip(_seat_lines(public, set(away))), inline=False)
    embed.add_field(name="Upcard", value=upcard_line(public), inline=False)
    embed.add_field(name=f"Discard pile ({len(public.pile)})",
                    value=clip([C.labels(public.pile)]), inline=False)
    embed.add_field(name="Stock", value=count(public.stock, "card"), inline=True)
    seats = [s.id for s in public.seats]
    said = [mention_seats(e, seats) for e in public.events[-6:]]
    embed.add_field(name="Draws", value=clip(said) if said else "none yet", inline=False)
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
            f"Stake {stake}, buy-in {buy_in}, up to {max_players} players. Everyone antes "
            "the stake; the first out of cards takes the pot. Join with `/jackchangeit "
            "join`; the host starts with `/jackchangeit start`."
        ),
        colour=GREY,
    )
    embed.add_field(
        name=f"Seats ({len(seats)}/{max_players})", value=clip(lines) if lines else "empty",
        inline=False,
    )
    return embed


def result_embed(settlement: JackChangeItSettlement, *, hand_number: int) -> discord.Embed:
    said = (f"{seat_name(settlement.winners[0])} went out and takes the pot"
            if settlement.winners else "A drawn game: every ante goes back")
    embed = discord.Embed(title=f"Game {hand_number}: the result", description=f"{said}.",
                          colour=GOLD)
    left = [f"{seat_name(s)}: {count(n, 'card')}" for s, n in settlement.cards_left.items()]
    embed.add_field(name="Cards left", value=clip(left), inline=False)
    nets = [
        f"{seat_name(seat)}: {'+' if net > 0 else ''}{net} → {settlement.stacks[seat]}"
        for seat, net in settlement.net.items()
    ]
    embed.add_field(name="Net this game", value=clip(nets), inline=False)
    if settlement.eliminated:
        out = ", ".join(seat_name(s) for s in settlement.eliminated)
        embed.add_field(name="Out", value=f"{out}: below one stake", inline=False)
    return embed


def history_line(result: dict) -> str:
    """A finished game in `/jackchangeit history`, from its result JSON (JCI-8.3)."""
    if result.get("ended") == "drawn":
        return "drawn: every ante back"
    paid = ", ".join(f"<@{w}>" for w in result.get("winners", [])) or "nobody"
    return f"{result.get('ended', '?')}: the pot to {paid}"


def hand_embed(view: PrivateView, *, note: str = "", jack: int | None = None
               ) -> discord.Embed:
    """A player's own hand. Ephemeral replies only."""
    public = view.public
    if view.legal:
        state = "Your turn."
        if public.pending:
            state += f" You face a draw of {public.pending}: counter it or take it."
        if jack is not None:
            state += f" Name the suit for {C.label(jack)}."
    elif public.turn:
        state = f"Waiting for {seat_name(public.turn)}."
    else:
        state = "The game is over."
    said = f"> {mention_seats(note, [s.id for s in public.seats])}\n" if note else ""
    embed = discord.Embed(
        title="Your hand",
        description=f"{said}# {C.labels(view.hand) or 'no cards'}\n{state}",
        colour=GREEN if view.legal else GREY,
    )
    embed.add_field(name="Upcard", value=upcard_line(public), inline=False)
    embed.add_field(name="Stock", value=count(public.stock, "card"), inline=True)
    embed.add_field(name="Pot", value=str(public.pot), inline=True)
    return embed
