"""Tonk's embeds: the table, the lobby, a hand's result, a player's own hand.

Rendering only: every rule is the engine's. Public embeds are built from the public
view, the event log and the settlement, which hold only cards the rules show (the
discards, the spreads, a tonk on the deal, the hands shown at the end); `hand_embed`
shows a hand and is used for ephemeral replies only. There are no pots (TONK-2.2).
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from cogs.rummy.render import discard_label, last_actions, spread_lines
from cogs.table.names import clip, count, mention_seats, seat_name
from engine import cards as C
from engine.events import Event
from engine.tonk.settlement import TonkSettlement
from engine.tonk.views import PrivateView, PublicView

GREEN = discord.Colour.dark_green()
GOLD = discord.Colour.gold()
GREY = discord.Colour.light_grey()

LOBBY_TITLE = "Tonk"
LOCK_MARK = "🔒 hit-locked"

# The hand is over: "<words>." on the table (TONK-3.2, 3.3, 5).
ENDED = {
    "instant": "a tonk on the deal",
    "instant_draw": "two or more tonks on the deal, a draw",
    "running_out": "a player ran out",
    "tonk_out": "a player tonked out",
    "drop": "a winning drop",
    "caught": "a caught drop",
    "stock_out": "the stock running out",
    "stock_out_draw": "the stock running out with a tie for lowest, a draw",
}
# After "<winner> " in the result (who was paid, and why).
WON_BY = {
    "instant": "has a tonk on the deal: everyone pays two stakes",
    "running_out": "ran out: everyone pays a stake",
    "tonk_out": "tonked out: everyone pays two stakes",
    "drop": "dropped with the lowest hand: everyone pays a stake",
    "caught": "caught the drop",
    "stock_out": "has the lowest hand as the stock ran out: everyone pays a stake",
}
DRAWN = {
    "instant_draw": "Two or more tonks on the deal: a draw, nobody pays",
    "stock_out_draw": "The stock ran out with a tie for lowest: a draw, nobody pays",
}


def _seat_lines(public: PublicView, away: set[str]) -> list[str]:
    lines = []
    for seat in public.seats:
        marks = []
        if seat.id == public.dealer:
            marks.append("dealer")
        if seat.hit_locked:  # TONK-4.2: shown next to the locked player
            marks.append(f"{LOCK_MARK}: no spread or hit "
                         + ("this turn" if seat.id == public.turn else "next turn"))
        if seat.id in away:
            marks.append("away")
        if not seat.dealt_in:
            marks.append("sitting out")
        turn = "▶ " if seat.id == public.turn else ""
        cards = f" · {count(seat.cards, 'card')}" if seat.dealt_in else ""
        status = f" · {', '.join(marks)}" if marks else ""
        lines.append(f"{turn}{seat_name(seat.id)} — {seat.stack} chips{cards}{status}")
    return lines


def _discard_line(public: PublicView) -> str:
    if len(public.discard_pile) == 1:
        return f"{discard_label(public)} (the upcard)"
    return discard_label(public)


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
    embed.add_field(name="Seats", value=clip(_seat_lines(public, set(away))), inline=False)
    spreads = spread_lines(public)
    embed.add_field(name="Spreads", value=clip(spreads) if spreads else "none yet", inline=False)
    embed.add_field(name="Discard", value=_discard_line(public), inline=True)
    embed.add_field(name="Stock", value=count(public.stock, "card"), inline=True)
    embed.add_field(name="Last actions", value=clip(last_actions(events)), inline=False)
    if commitment:
        embed.set_footer(text=f"Deck commitment (SHA-256): {commitment}")
    return embed


def lobby_embed(
    seats: Sequence[tuple[str, int, str]], *, stake: int, buy_in: int, max_players: int
) -> discord.Embed:
    """The table between hands: (seat id, stack, status) for each seat."""
    lines = [f"{seat_name(s)} — {stack} chips" + (f" · {status}" if status else "")
             for s, stack, status in seats]
    embed = discord.Embed(
        title=LOBBY_TITLE,
        description=(
            f"Stake {stake}, buy-in {buy_in}, up to {max_players} players. No pots: each "
            "hand ends with payments between players. Join with `/tonk join`; the host "
            "starts with `/tonk start`."
        ),
        colour=GREY,
    )
    embed.add_field(
        name=f"Seats ({len(seats)}/{max_players})", value=clip(lines) if lines else "empty",
        inline=False,
    )
    return embed


def winner_line(settlement: TonkSettlement) -> str:
    if settlement.ended in DRAWN:
        return DRAWN[settlement.ended]
    winners = [seat_name(s) for s in settlement.winners]
    if not winners:
        return f"The hand ended by {ENDED.get(settlement.ended, settlement.ended)}"
    how = WON_BY.get(settlement.ended, settlement.ended)
    if settlement.ended == "caught":
        named = winners[0] if len(winners) == 1 else (
            f"{', '.join(winners[:-1])} and {winners[-1]}")
        return f"{named} {how}: the dropper was not lowest"
    return f"{winners[0]} {how}"


def _seat_of(account: str) -> str:
    return account.split(":", 1)[1] if account.startswith("seat:") else account


def payment_lines(settlement: TonkSettlement) -> list[str]:
    """Who paid whom, in the order the payments were made (TONK-2.4)."""
    return [
        f"{seat_name(_seat_of(t.source))} → {seat_name(_seat_of(t.target))}: {t.amount}"
        for t in settlement.transfers
    ]


def result_embed(settlement: TonkSettlement, *, hand_number: int) -> discord.Embed:
    """How a hand ended: the hands the rules show, the payments, each net."""
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
        embed.add_field(name="Hands shown", value=clip(hands), inline=False)
    payments = payment_lines(settlement)
    embed.add_field(name="Payments", value=clip(payments) if payments else "nobody pays",
                    inline=False)
    nets = [
        f"{seat_name(seat)}: {'+' if net > 0 else ''}{net} → {settlement.stacks[seat]}"
        for seat, net in settlement.net.items()
    ]
    embed.add_field(name="Net this hand", value=clip(nets), inline=False)
    if settlement.eliminated:
        out = ", ".join(seat_name(s) for s in settlement.eliminated)
        embed.add_field(name="Out", value=f"{out}: below two stakes", inline=False)
    return embed


def history_line(result: dict) -> str:
    """A finished hand in `/tonk history`, from its result JSON (TONK-6)."""
    ended = result.get("ended", "?")
    if ended in DRAWN:
        return f"{ended}: a draw"
    paid = ", ".join(f"<@{w}>" for w in result.get("winners", [])) or "nobody"
    return f"{ended}: paid to {paid}"


def lock_line(view: PrivateView) -> str:
    """TONK-4.2, for the locked player: why Spread and Hit are off."""
    me = next((s for s in view.public.seats if s.id == view.seat), None)
    if me is None or not me.hit_locked:
        return ""
    when = "this turn" if view.public.turn == view.seat else "on your next turn"
    return (f"{LOCK_MARK}: a spread of yours was hit since your last turn, so you may not "
            f"spread or hit {when} (you may still drop, draw and discard).")


def hand_embed(view: PrivateView, *, note: str = "") -> discord.Embed:
    """A player's own hand. Ephemeral replies only: this shows hidden cards."""
    cards = C.labels(view.hand) or "no cards"
    public = view.public
    if view.legal:
        state = "Your turn."
    elif public.turn:
        state = f"Waiting for {seat_name(public.turn)}."
    else:
        state = "The hand is over."
    said = f"> {mention_seats(note, [s.id for s in public.seats])}\n" if note else ""
    locked = lock_line(view)
    embed = discord.Embed(
        title="Your hand",
        description=f"{said}# {cards}\nWorth **{view.value}**. {state}"
        + (f"\n{locked}" if locked else ""),
        colour=GREEN if view.legal else GREY,
    )
    embed.add_field(name="Discard", value=_discard_line(public), inline=True)
    embed.add_field(name="Stock", value=count(public.stock, "card"), inline=True)
    if public.spreads:
        embed.add_field(name="Spreads", value=clip(spread_lines(public)), inline=False)
    return embed
