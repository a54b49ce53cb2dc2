"""Old Maid's embeds: the table, a deal's result, a player's own hand.

Rendering only: every rule is the engine's. Public embeds are built from the public view
and the settlement, which hold only what OLDMAID-5.2 makes public: how many cards each
player holds, every pair thrown, who drew from whom, who is out, and at the end the Old
Maid. A player's cards and the card they drew or gave are in `hand_embed`, which is for
ephemeral replies only.
"""

from __future__ import annotations

import discord

from cogs.table.frames import GOLD, GREEN, GREY, ResultLines, due, seat_line, seat_marks
from cogs.table.names import clip, count, seat_name
from engine import cards as C
from engine.oldmaid.settlement import OldMaidSettlement
from engine.oldmaid.views import PrivateView, PublicView

TITLE = "Old Maid"
RECENT_DRAWS = 5  # the draws the table lists, newest last


def _seat_lines(public: PublicView, away: set[str]) -> list[str]:
    lines = []
    for seat in public.seats:
        marks = seat_marks(seat.id, dealer=public.dealer, away=away, dealt_in=seat.dealt_in)
        if seat.dealt_in and seat.out:
            marks.append("out: no cards left")
        cards = f" · {count(seat.cards, 'card')}" if seat.dealt_in and not seat.out else ""
        lines.append(seat_line(seat.id, seat.stack, marks, turn=seat.id == public.drawer,
                               holds=cards))
    return lines


def pair_lines(public: PublicView) -> list[str]:
    """Every pair thrown face up (OLDMAID-2.2), by seat, in the order thrown."""
    by_seat: dict[str, list[str]] = {}
    for pair in public.pairs:
        by_seat.setdefault(pair.seat, []).append(C.labels(pair.cards))
    return [f"{seat_name(seat)}: {', '.join(pairs)}" for seat, pairs in by_seat.items()]


def draw_lines(public: PublicView) -> list[str]:
    """Who drew from whom, newest last (OLDMAID-5.2); never the card."""
    return [f"{d.moment}. {seat_name(d.drawer)} drew from {seat_name(d.holder)}"
            for d in public.draws[-RECENT_DRAWS:]]


def table_embed(
    public: PublicView, *, hand_number: int, deadline: int | None = None,
    away: frozenset[str] | set[str] = frozenset(), commitment: str | None = None,
) -> discord.Embed:
    if public.drawer is not None and public.holder is not None:
        when = due(deadline)
        headline = (f"{seat_name(public.drawer)} to draw from {seat_name(public.holder)} "
                    f"({count(public.holder_cards, 'card')}){when}.")
    else:
        headline = (f"The deal is over: {seat_name(public.loser or '')} keeps the Old Maid, "
                    f"{C.label(public.old_maid)}." if public.old_maid is not None
                    else "The deal is over.")
    embed = discord.Embed(
        title=f"{TITLE} — deal {hand_number}",
        description=f"Stake {public.stake}. {headline}",
        colour=GREEN if public.drawer else GOLD,
    )
    embed.add_field(name="Pot", value=f"{public.pot} chips", inline=True)
    embed.add_field(name="Seats", value=clip(_seat_lines(public, set(away))), inline=False)
    embed.add_field(name="Pairs thrown", value=clip(pair_lines(public)), inline=False)
    if public.draws:
        embed.add_field(name="Draws", value=clip(draw_lines(public)), inline=False)
    if commitment:
        embed.set_footer(text=f"Deck commitment (SHA-256): {commitment}")
    return embed


ENDED = {
    "old_maid": "the draws left one player holding the Old Maid",
    "on_deal": "the pairs thrown at the deal left one player holding cards",
}


def result_lines(settlement: OldMaidSettlement) -> ResultLines:
    return ResultLines(f"{ENDED.get(settlement.ended, settlement.ended).capitalize()}: "
                       f"{seat_name(settlement.loser)} keeps {C.label(settlement.old_maid)} "
                       "and loses; everyone else shares the pot.")


def history_words(result: dict) -> str:
    return f"<@{result.get('loser')}> kept the Old Maid ({result.get('old_maid', '?')})"


def hand_embed(view: PrivateView, *, note: str = "") -> discord.Embed:
    """A player's own hand. Ephemeral replies only: this shows their cards."""
    public = view.public
    if view.legal and public.holder is not None:
        state = (f"Your turn: draw one of {seat_name(public.holder)}'s "
                 f"{count(public.holder_cards, 'card')}, shown face down in a fresh order.")
    elif public.drawer is not None and not view.hand:
        state = "You are out: no cards left. Waiting for the others."
    elif public.drawer is not None:
        state = f"Waiting for {seat_name(public.drawer)}."
    else:
        state = "The deal is over."
    said = f"> {note}\n" if note else ""
    cards = C.labels(view.hand) if view.hand else "no cards"
    embed = discord.Embed(
        title="Your hand",
        description=f"{said}# {cards}\n{state}",
        colour=GREEN if view.legal else GREY,
    )
    if view.last_drawn is not None:
        embed.add_field(name="You drew last", value=C.label(view.last_drawn), inline=True)
    if view.last_given is not None:
        embed.add_field(name="Drawn from you last", value=C.label(view.last_given),
                        inline=True)
    return embed
