"""Farmer's embeds: the table, a deal's result, a player's own hand.

Rendering only: every rule is the engine's. Public embeds are built from the public view
and the settlement, which hold only what FARMER-6 makes public (the hits; every card and
total at the end); the face-down card and the running total are in `hand_embed`, which is
for ephemeral replies only. The draw for the first farmer is a separate pack dealt face
up (FARMER-2.4).

Cards show as their faces beside their words (a screen reader reads the words). A face
is some 30 characters of markup: a field whose faces would not fit in it is in words.
"""

from __future__ import annotations

import discord

from bot.tables import DealerDraw
from cogs.table.emojis import FACES, faces_and_words, hand_heading
from cogs.table.emojis.fitting import Show, fitted
from cogs.table.emojis.shown import BACK_WORDS
from cogs.table.frames import (
    GOLD,
    GREEN,
    GREY,
    Field,
    ResultLines,
    due,
    mentions,
    seat_line,
    seat_marks,
    waiting_line,
)
from cogs.table.names import FIELD_LIMIT, clip, count, seat_name
from engine import cards as C
from engine.farmer.info import CLOSEST, FARM, SIX_OF_HEARTS, SIXTEEN
from engine.farmer.settlement import FarmerSettlement
from engine.farmer.views import PrivateView, PublicView

LOBBY_TITLE = "Farmer"
DRAW_FIELD = "First farmer"

ENDED = {
    "sixteen": "sixteen takes the farm",
    "closest": "nobody has sixteen: the closest are paid and the farm stays",
    "all_bust": "everyone is bust: the farm stays",
}


# How a list of cards is shown: faces and words, or words alone.


def draw_line(draw: DealerDraw) -> str:
    """FARMER-2.4: the pack dealt face up round the table until the 6♥ (faces while the
    line fits in its field: the 6♥ may come as late as the 45th card)."""
    def line(show: Show) -> str:
        dealt = []
        for i, card in enumerate(draw.pack):
            seat = draw.seats[(draw.start + i) % len(draw.seats)]
            dealt.append(f"{seat_name(seat)} {show((card,))}")
            if card == SIX_OF_HEARTS:
                break
        return (f"Dealt face up for the 6♥: {', '.join(dealt)}. "
                f"{seat_name(draw.dealer)} is the first farmer.")

    faced = line(faces_and_words)
    if len(faced) <= FIELD_LIMIT - 4:
        return faced
    # Too long for every face: the 6♥ that decides it keeps its face, the rest in words.
    return line(lambda cards: faces_and_words(cards) if SIX_OF_HEARTS in cards
                else C.labels(cards))


def _seat_lines(public: PublicView, away: set[str], show: Show) -> list[str]:
    """Each seat: its face-down card as a back and its hits (FARMER-6), every card and
    the total once the deal is over (5)."""
    lines = []
    over = public.ended is not None
    back = FACES.back() if show is faces_and_words else BACK_WORDS
    for seat in public.seats:
        marks = seat_marks(seat.id, dealer=public.farmer, away=away, dealt_in=seat.dealt_in,
                           dealer_word="farmer")
        if seat.dealt_in and seat.stayed and not over:
            marks.append("stayed")
        if over and seat.shown is not None:
            cards = f" · {show(seat.shown)} = {seat.total}"
        elif seat.dealt_in:
            hits = show(seat.hits) if seat.hits else "no hits"
            cards = f" · {back} + {hits}"
        else:
            cards = ""
        lines.append(seat_line(seat.id, seat.stack, marks, turn=seat.id == public.turn,
                               holds=cards))
    return lines


def table_embed(
    public: PublicView, *, hand_number: int, deadline: int | None = None,
    away: frozenset[str] | set[str] = frozenset(),
    draw: DealerDraw | None = None,
) -> discord.Embed:
    if public.turn is not None:
        when = due(deadline)
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
    seats = fitted(lambda show: _seat_lines(public, set(away), show))
    embed.add_field(name="Seats", value=seats, inline=False)
    if draw is not None:
        embed.add_field(name=DRAW_FIELD, value=clip([draw_line(draw)]), inline=False)
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


def result_lines(settlement: FarmerSettlement) -> ResultLines:
    """The hands shown and the payments; after the nets, the farm that carries and the next
    farmer (FARMER-5.6)."""
    def hands(show: Show) -> list[str]:
        return [f"{seat_name(seat)}: {show(cards)} = {settlement.totals[seat]}"
                + (" (bust)" if seat in settlement.busted else "")
                for seat, cards in settlement.hands.items()]

    farm = settlement.carry.get(FARM, 0)
    notes = [Field("Farm", f"{farm} chips carry to the next deal", inline=True)]
    if settlement.next_farmer is not None:
        notes.append(Field("Next farmer", seat_name(settlement.next_farmer), inline=True))
    return ResultLines(f"{winner_line(settlement)}.",
                       fields=(Field("Hands shown", fitted(hands)),
                               Field("Payments", clip(payment_lines(settlement)))),
                       notes=notes)


def history_ending(result: dict) -> str:
    ended = result.get("ended", "?")
    return ended if ended in (SIXTEEN, CLOSEST) else "all bust"


def history_words(result: dict) -> str:
    farm = result.get("carry", {}).get(FARM, 0)
    ended = result.get("ended", "?")
    if ended == SIXTEEN:
        return f"the farm to <@{result.get('farm_winner')}>"
    if ended == CLOSEST:
        return f"paid to {mentions(result.get('winners', []))}; farm {farm} carries"
    return f"farm {farm} carries"


def hand_embed(view: PrivateView, *, note: str = "") -> discord.Embed:
    """A player's own hand. Ephemeral replies only: this shows the face-down card."""
    public = view.public
    if view.face_down is None:
        cards = "# not dealt in"
    else:
        hits = [s.hits for s in public.seats if s.id == view.seat][0]
        cards = hand_heading((view.face_down, *hits))
    if view.legal:
        state = "Your turn: hit or stay." if len(view.legal) > 1 else (
            "Your turn: you must hit once." if "hit" in view.legal
            else "Your turn: you are bust, so you can only stay.")
    else:
        state = waiting_line(public.turn, "The deal is over.")
    said = f"> {note}\n" if note else ""
    bust = " — **bust** (only you know)" if view.bust else ""
    embed = discord.Embed(
        title="Your hand",
        description=f"{said}{cards}\nTotal **{view.total}**{bust}. {state}",
        colour=GREEN if view.legal else GREY,
    )
    embed.add_field(name="Farm", value=f"{public.farm} chips", inline=True)
    embed.add_field(name="Farmer", value=seat_name(public.farmer), inline=True)
    return embed
