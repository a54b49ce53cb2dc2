"""Farmer's embeds: the table, the lobby, a deal's result, a player's own hand.

Rendering only: every rule is the engine's. Public embeds are built from the public view
and the settlement, which hold only what FARMER-6 makes public (the hits; every card and
total at the end); the face-down card and the running total are in `hand_embed`, which is
for ephemeral replies only. The draw for the first farmer is a separate pack dealt face
up (FARMER-2.4).
"""

from __future__ import annotations

import discord

from bot.tables import DealerDraw
from cogs.table.names import clip, count, seat_name
from engine import cards as C
from engine.farmer.info import SIX_OF_HEARTS
from engine.farmer.settlement import FarmerSettlement
from engine.farmer.views import PrivateView, PublicView

GREEN = discord.Colour.dark_green()
GOLD = discord.Colour.gold()
GREY = discord.Colour.light_grey()

LOBBY_TITLE = "Farmer"
DRAW_FIELD = "First farmer"

ENDED = {
    "sixteen": "sixteen takes the farm",
    "closest": "nobody has sixteen: the closest are paid and the farm stays",
    "all_bust": "everyone is bust: the farm stays",
}


def draw_line(draw: DealerDraw) -> str:
    """FARMER-2.4: the pack dealt face up round the table until the 6♥."""
    dealt = []
    for i, card in enumerate(draw.pack):
        seat = draw.seats[(draw.start + i) % len(draw.seats)]
        dealt.append(f"{seat_name(seat)} {C.label(card)}")
        if card == SIX_OF_HEARTS:
            break
    return (f"Dealt face up for the 6♥: {', '.join(dealt)}. "
            f"{seat_name(draw.dealer)} is the first farmer.")


def _seat_lines(public: PublicView, away: set[str]) -> list[str]:
    lines = []
    over = public.ended is not None
    for seat in public.seats:
        marks = []
        if seat.id == public.farmer:
            marks.append("farmer")
        if seat.id in away:
            marks.append("away")
        if not seat.dealt_in:
            marks.append("sitting out")
        elif seat.stayed and not over:
            marks.append("stayed")
        turn = "▶ " if seat.id == public.turn else ""
        if over and seat.shown is not None:
            cards = f" · {C.labels(seat.shown)} = {seat.total}"
        elif seat.dealt_in:
            hits = C.labels(seat.hits) if seat.hits else "no hits"
            cards = f" · 🂠 + {hits}"
        else:
            cards = ""
        status = f" · {', '.join(marks)}" if marks else ""
        lines.append(f"{turn}{seat_name(seat.id)} — {seat.stack} chips{cards}{status}")
    return lines


def table_embed(
    public: PublicView, *, hand_number: int, deadline: int | None = None,
    away: frozenset[str] | set[str] = frozenset(), commitment: str | None = None,
    draw: DealerDraw | None = None,
) -> discord.Embed:
    if public.turn is not None:
        when = f", <t:{deadline}:R>" if deadline else ""
        headline = f"{seat_name(public.turn)} to hit or stay{when}."
    else:
        headline = f"The deal is over: {ENDED.get(public.ended or '', public.ended)}."
    embed = discord.Embed(
        title=f"{LOBBY_TITLE} — deal {hand_number}",
        description=f"Stake {public.stake}. {headline}",
        colour=GREEN if public.turn else GOLD,
    )
    embed.add_field(name="Farm", value=f"{public.farm} chips", inline=True)
    embed.add_field(name="Stock", value=count(public.stock, "card"), inline=True)
    embed.add_field(name="Seats", value=clip(_seat_lines(public, set(away))), inline=False)
    if draw is not None:
        embed.add_field(name=DRAW_FIELD, value=clip([draw_line(draw)]), inline=False)
    if commitment:
        embed.set_footer(text=f"Deck commitment (SHA-256): {commitment}")
    return embed


def lobby_embed(
    seats: list[tuple[str, int, str]], *, stake: int, buy_in: int, max_players: int, farm: int,
) -> discord.Embed:
    lines = [f"{seat_name(s)} — {stack} chips" + (f" · {status}" if status else "")
             for s, stack, status in seats]
    embed = discord.Embed(
        title=LOBBY_TITLE,
        description=(
            f"Stake {stake}, buy-in {buy_in}, up to {max_players} players. Everyone antes "
            "into the farm; sixteen takes it. Join with `/farmer join`; the host starts "
            "with `/farmer start`."
        ),
        colour=GREY,
    )
    embed.add_field(name="Farm", value=f"{farm} chips carried", inline=False)
    embed.add_field(name=f"Seats ({len(seats)}/{max_players})",
                    value=clip(lines) if lines else "empty", inline=False)
    return embed


def _account(account: str) -> str:
    kind, _, name = account.partition(":")
    return seat_name(name) if kind == "seat" else f"the {name}"


def payment_lines(settlement: FarmerSettlement) -> list[str]:
    """Every chip move, in order: antes, the farm or the side pot, then busts (5.5)."""
    return [f"{_account(t.source)} → {_account(t.target)}: {t.amount} ({t.reason})"
            for t in settlement.transfers]


def winner_line(settlement: FarmerSettlement) -> str:
    if settlement.ended == "sixteen":
        return f"{seat_name(settlement.farm_winner or '')} has sixteen and takes the farm"
    if settlement.ended == "closest":
        names = ", ".join(seat_name(s) for s in settlement.winners)
        return f"Nobody has sixteen: {names} closest, paid by those below; the farm stays"
    return "Everyone is bust: the farm stays"


def result_embed(settlement: FarmerSettlement, *, hand_number: int) -> discord.Embed:
    embed = discord.Embed(
        title=f"Deal {hand_number}: the result",
        description=f"{winner_line(settlement)}.",
        colour=GOLD,
    )
    hands = [
        f"{seat_name(seat)}: {C.labels(cards)} = {settlement.totals[seat]}"
        + (" (bust)" if seat in settlement.busted else "")
        for seat, cards in settlement.hands.items()
    ]
    embed.add_field(name="Hands shown", value=clip(hands), inline=False)
    embed.add_field(name="Payments", value=clip(payment_lines(settlement)), inline=False)
    nets = [f"{seat_name(seat)}: {'+' if net > 0 else ''}{net} → {settlement.stacks[seat]}"
            for seat, net in settlement.net.items()]
    embed.add_field(name="Net this deal", value=clip(nets), inline=False)
    farm = settlement.carry.get("farm", 0)
    embed.add_field(name="Farm", value=f"{farm} chips carry to the next deal", inline=True)
    if settlement.next_farmer is not None:
        embed.add_field(name="Next farmer", value=seat_name(settlement.next_farmer), inline=True)
    if settlement.eliminated:
        out = ", ".join(seat_name(s) for s in settlement.eliminated)
        embed.add_field(name="Out", value=f"{out}: below two stakes", inline=False)
    return embed


def history_line(result: dict) -> str:
    ended = result.get("ended", "?")
    if ended == "sixteen":
        return f"sixteen: the farm to <@{result.get('farm_winner')}>"
    if ended == "closest":
        paid = ", ".join(f"<@{w}>" for w in result.get("winners", [])) or "nobody"
        return f"closest: paid to {paid}; farm {result.get('carry', {}).get('farm', 0)} carries"
    return f"all bust: farm {result.get('carry', {}).get('farm', 0)} carries"


def hand_embed(view: PrivateView, *, note: str = "") -> discord.Embed:
    """A player's own hand. Ephemeral replies only: this shows the face-down card."""
    public = view.public
    if view.face_down is None:
        cards = "not dealt in"
    else:
        hits = [s.hits for s in public.seats if s.id == view.seat][0]
        cards = C.labels((view.face_down, *hits))
    if view.legal:
        state = "Your turn: hit or stay." if len(view.legal) > 1 else (
            "Your turn: you must hit once." if "hit" in view.legal
            else "Your turn: you are bust, so you can only stay.")
    elif public.turn:
        state = f"Waiting for {seat_name(public.turn)}."
    else:
        state = "The deal is over."
    said = f"> {note}\n" if note else ""
    bust = " — **bust** (only you know)" if view.bust else ""
    embed = discord.Embed(
        title="Your hand",
        description=f"{said}# {cards}\nTotal **{view.total}**{bust}. {state}",
        colour=GREEN if view.legal else GREY,
    )
    embed.add_field(name="Farm", value=f"{public.farm} chips", inline=True)
    embed.add_field(name="Farmer", value=seat_name(public.farmer), inline=True)
    return embed
