"""Old Maid's embeds: the table, a deal's result, a player's own hand.

Rendering only: every rule is the engine's. Public embeds are built from the public view
and the settlement, which hold only what OLDMAID-5.2 makes public: how many cards each
player holds, every pair thrown, who drew from whom, who is out, and at the end the Old
Maid. A player's cards and the card they drew or gave are in `hand_embed`, which is for
ephemeral replies only. Cards are shown as their faces with their words beside them
(cogs/table/emojis), the words alone where faces would not fit a field.
"""

from __future__ import annotations

import discord

from cogs.table.emojis import face_and_word, faces_and_words, hand_heading
from cogs.table.frames import GOLD, GREEN, GREY, ResultLines, due, seat_line, seat_marks
from cogs.table.names import FIELD_LIMIT, clip, count, seat_name
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


def pair_lines(public: PublicView, faced: int | None = None) -> list[str]:
    """Every pair thrown face up (OLDMAID-2.2), by seat, in the order thrown: the newest
    `faced` (all by default) as faces and words, the others in words."""
    plain = len(public.pairs) - (len(public.pairs) if faced is None else faced)
    by_seat: dict[str, list[str]] = {}
    for n, pair in enumerate(public.pairs):
        shown = C.labels(pair.cards) if n < plain else faces_and_words(pair.cards)
        by_seat.setdefault(pair.seat, []).append(shown)
    return [f"{seat_name(seat)}: {', '.join(pairs)}" for seat, pairs in by_seat.items()]


def pairs_field(public: PublicView) -> str:
    """Every pair thrown, in one field: a face is some 30 characters and the deal alone
    may throw 24 pairs, so the newest pairs are faces as far as they fit, the older in
    words, which always fit."""
    for faced in range(len(public.pairs), -1, -1):
        lines = pair_lines(public, faced)
        if sum(len(line) + 1 for line in lines) <= FIELD_LIMIT - 4:
            break
    return clip(lines)


def draw_lines(public: PublicView) -> list[str]:
    """Who drew from whom, newest last (OLDMAID-5.2); never the card."""
    return [f"{d.moment}. {seat_name(d.drawer)} drew from {seat_name(d.holder)}"
            for d in public.draws[-RECENT_DRAWS:]]


def table_embed(
    public: PublicView, *, hand_number: int, deadline: int | None = None,
    away: frozenset[str] | set[str] = frozenset(),
) -> discord.Embed:
    if public.drawer is not None and public.holder is not None:
        when = due(deadline)
        headline = (f"{seat_name(public.drawer)} to draw from {seat_name(public.holder)} "
                    f"({count(public.holder_cards, 'card')}){when}.")
    else:
        headline = (f"The deal is over: {seat_name(public.loser or '')} keeps the Old Maid, "
                    f"{face_and_word(public.old_maid)}." if public.old_maid is not None
                    else "The deal is over.")
    embed = discord.Embed(
        title=f"{TITLE} — deal {hand_number}",
        description=f"Stake {public.stake}. {headline}",
        colour=GREEN if public.drawer else GOLD,
    )
    embed.add_field(name="Pot", value=f"{public.pot} chips", inline=True)
    embed.add_field(name="Seats", value=clip(_seat_lines(public, set(away))), inline=False)
    embed.add_field(name="Pairs thrown", value=pairs_field(public), inline=False)
    if public.draws:
        embed.add_field(name="Draws", value=clip(draw_lines(public)), inline=False)
    return embed


ENDED = {
    "old_maid": "the draws left one player holding the Old Maid",
    "on_deal": "the pairs thrown at the deal left one player holding cards",
}


def result_lines(settlement: OldMaidSettlement) -> ResultLines:
    return ResultLines(f"{ENDED.get(settlement.ended, settlement.ended).capitalize()}: "
                       f"{seat_name(settlement.loser)} keeps {face_and_word(settlement.old_maid)} "
                       "and loses; everyone else shares the pot.")


def history_words(result: dict) -> str:
    """The result's loser and Old Maid (OLDMAID-7.4), shown by its face; a code that is
    no card (a result stored by hand) as it is."""
    code = str(result.get("old_maid", "?"))
    try:
        shown = face_and_word(C.parse(code))
    except C.CardError:
        shown = code
    return f"<@{result.get('loser')}> kept the Old Maid ({shown})"


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
    embed = discord.Embed(
        title="Your hand",
        description=f"{said}{hand_heading(view.hand)}\n{state}",
        colour=GREEN if view.legal else GREY,
    )
    if view.last_drawn is not None:
        embed.add_field(name="You drew last", value=face_and_word(view.last_drawn),
                        inline=True)
    if view.last_given is not None:
        embed.add_field(name="Drawn from you last", value=face_and_word(view.last_given),
                        inline=True)
    return embed
