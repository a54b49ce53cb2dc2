"""Engine views into Discord embeds. Rendering only: no rule is decided here.

Public embeds are built from the engine's PublicView, its event log and the
settlement, which by construction hold only cards that are face up; the one
function that sees a hand (`hand_embed`) is used for ephemeral replies only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import discord

from cogs.rummy.render import discard_label as _discard_label
from cogs.rummy.render import last_actions
from cogs.rummy.render import spread_lines as _spread_lines
from cogs.table.names import clip as _clip
from cogs.table.names import count, mention_seats, seat_name
from engine import cards as C
from engine.gff.events import Event
from engine.gff.settlement import Settlement
from engine.gff.views import PrivateView, PublicView

GREEN = discord.Colour.dark_green()
GOLD = discord.Colour.gold()
GREY = discord.Colour.light_grey()

LOBBY_TITLE = "Game, Flip and Flop"
LOG_LINES = 6

POT_NAMES = {"game": "Game", "flip": "Flip", "flop": "Flop"}
ENDED = {
    "instant": "a declared 49 or 50",
    "going_out": "going out",
    "tunk_out": "a tunk out",
    "drop": "a winning drop",
    "caught": "a caught drop",
    "stock_out": "the stock running out",
}
# How the game pot was won, after "<winner> wins: " (GFF-3.3, 6.1-6.4).
WON_BY = {
    "instant": "declared {value} before the first turn",
    "going_out": "went out",
    "tunk_out": "tunked out",
    "drop": "dropped with the lowest hand",
    "caught": "lowest hand, and the drop was caught",
    "stock_out": "lowest hand when the stock ran out",
}


@dataclass(frozen=True)
class SeatLine:
    """A seat between hands, when there is no engine view to read it from."""

    id: str
    stack: int
    status: str = ""


def _pots_line(public: PublicView) -> str:
    parts = []
    for pot in ("game", "flip", "flop"):
        carried = public.carried.get(pot, 0)
        extra = f" ({carried} carried)" if carried and public.pots[pot] else ""
        parts.append(f"**{POT_NAMES[pot]}** {public.pots[pot]}{extra}")
    return " · ".join(parts)


def _seat_lines(public: PublicView, away: set[str]) -> list[str]:
    lines = []
    for seat in public.seats:
        marks = []
        if seat.id == public.dealer:
            marks.append("dealer")
        if seat.all_in:
            marks.append("all in")
        if seat.id in away:
            marks.append("away")
        if not seat.dealt_in:
            marks.append("sitting out")
        turn = "▶ " if seat.id == public.turn else ""
        cards = f" · {count(seat.cards, 'card')}" if seat.dealt_in else ""
        status = f" · {', '.join(marks)}" if marks else ""
        lines.append(f"{turn}{seat_name(seat.id)} — {seat.stack} chips{cards}{status}")
    return lines


def table_embed(
    public: PublicView,
    events: Sequence[Event],
    *,
    hand_number: int,
    deadline: int | None = None,
    away: set[str] | frozenset[str] = frozenset(),
    commitment: str | None = None,
) -> discord.Embed:
    """The public table during a hand. `deadline` is a Unix time for the turn's end."""
    if public.turn is not None:
        when = f", <t:{deadline}:R>" if deadline else ""
        headline = f"{seat_name(public.turn)} to play{when}."
    else:
        headline = f"The hand is over: {ENDED.get(public.ended or '', public.ended)}."
    embed = discord.Embed(
        title=f"{LOBBY_TITLE} — hand {hand_number}",
        description=f"Stake {public.stake}. {headline}",
        colour=GREEN if public.turn else GOLD,
    )
    embed.add_field(name="Seats", value=_clip(_seat_lines(public, set(away))), inline=False)
    embed.add_field(name="Pots", value=_pots_line(public), inline=False)
    shown = [
        f"{seat_name(r.seat)} shows {C.label(r.card)} for the {r.pot}" for r in public.revealed
    ]
    suits = (
        f"Flip card {C.label(public.flip_card)}: flip {C.SUIT_SYMBOLS[public.flip_suit]}, "
        f"flop {C.SUIT_SYMBOLS[public.flop_suit]}"
    )
    embed.add_field(name="Flip and flop", value=_clip([suits, *shown]), inline=False)
    spreads = _spread_lines(public)
    embed.add_field(name="Spreads", value=_clip(spreads) if spreads else "none yet", inline=False)
    embed.add_field(name="Discard", value=_discard_label(public), inline=True)
    embed.add_field(name="Stock", value=count(public.stock, "card"), inline=True)
    embed.add_field(name="Last actions", value=_clip(_last_actions(events)), inline=False)
    if commitment:
        embed.set_footer(text=f"Deck commitment (SHA-256): {commitment}")
    return embed


def _last_actions(events: Sequence[Event]) -> list[str]:
    return last_actions(events, LOG_LINES)


def lobby_embed(
    seats: Sequence[SeatLine], *, stake: int, buy_in: int, max_players: int
) -> discord.Embed:
    """The table between hands."""
    lines = [
        f"{seat_name(s.id)} — {s.stack} chips" + (f" · {s.status}" if s.status else "")
        for s in seats
    ]
    embed = discord.Embed(
        title=LOBBY_TITLE,
        description=(
            f"Stake {stake}, buy-in {buy_in}, up to {max_players} players. "
            + "Join with `/gff join`; the host starts with `/gff start`."
        ),
        colour=GREY,
    )
    embed.add_field(
        name=f"Seats ({len(seats)}/{max_players})", value=_clip(lines) if lines else "empty",
        inline=False,
    )
    return embed


def result_embed(settlement: Settlement, *, hand_number: int) -> discord.Embed:
    """How a hand ended: the hands the rules show, each pot's winners, each net."""
    embed = discord.Embed(
        title=f"Hand {hand_number}: the result",
        # A title shows a mention as its raw text: the winner is named in the description.
        description=f"{winner_line(settlement)}.",
        colour=GOLD,
    )
    if settlement.shown:
        hands = [
            f"{seat_name(seat)}: {C.labels(cards) or 'no cards'} = {settlement.values[seat]}"
            for seat, cards in settlement.shown.items()
        ]
        embed.add_field(name="Hands shown", value=_clip(hands), inline=False)
    pots = []
    for pot, winners in settlement.won.items():
        label = "50 bonus" if pot == "bonus" else POT_NAMES.get(pot, pot)
        shares = ", ".join(f"{seat_name(s)} +{n}" for s, n in winners.items())
        pots.append(f"**{label}**: {shares}")
    for pot, carried in settlement.carry.items():
        if carried:
            pots.append(f"**{POT_NAMES[pot]}**: nobody could win it; {carried} carries over")
    embed.add_field(name="Pots", value=_clip(pots) if pots else "—", inline=False)
    nets = [  # the seats dealt in: those that posted
        f"{seat_name(seat)}: {'+' if net > 0 else ''}{net} → {settlement.stacks[seat]}"
        for seat, net in settlement.net.items()
        if seat in settlement.posted
    ]
    embed.add_field(name="Net this hand", value=_clip(nets), inline=False)
    if settlement.eliminated:
        out = ", ".join(seat_name(s) for s in settlement.eliminated)
        embed.add_field(name="Out", value=f"{out}: below two stakes", inline=False)
    return embed


def winner_line(settlement: Settlement) -> str:
    """Who took the game pot and how: "<@ann> wins: went out"."""
    winners = [seat_name(s) for s in settlement.game_winners]
    if not winners:
        return f"The hand ended by {ENDED.get(settlement.ended, settlement.ended)}"
    values = {settlement.values.get(s) for s in settlement.game_winners} - {None}
    how = WON_BY.get(settlement.ended, settlement.ended).format(
        value=" and ".join(str(v) for v in sorted(values)) or "49 or 50"
    )
    if len(winners) == 1:
        return f"{winners[0]} wins: {how}"
    return f"{', '.join(winners[:-1])} and {winners[-1]} share the game: {how}"


def hand_embed(view: PrivateView, *, note: str = "") -> discord.Embed:
    """A player's own hand. Ephemeral replies only: this shows hidden cards."""
    cards = C.labels(view.hand) or "no cards"
    posted = ", ".join(f"{POT_NAMES[p]} {n}" for p, n in view.posted.items()) or "nothing"
    public = view.public
    if view.legal:
        state = "Your turn."
    elif public.turn:
        state = f"Waiting for {seat_name(public.turn)}."
    else:
        state = "The hand is over."
    said = f"> {mention_seats(note, [s.id for s in public.seats])}\n" if note else ""
    embed = discord.Embed(
        title="Your hand", description=f"{said}# {cards}\nWorth **{view.value}**. {state}",
        colour=GREEN if view.legal else GREY,
    )
    embed.add_field(name="You posted", value=posted, inline=True)
    embed.add_field(name="Discard", value=_discard_label(public), inline=True)
    embed.add_field(name="Stock", value=count(public.stock, "card"), inline=True)
    if public.spreads:
        embed.add_field(name="Spreads", value=_clip(_spread_lines(public)), inline=False)
    return embed


__all__ = ["count", "mention_seats", "seat_name"]  # the names every game's embeds share
