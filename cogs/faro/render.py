"""Faro's embeds: the table with its layout and casekeeper, a deal's result, a player's
own bets.

Rendering only: every rule is the engine's. Everything dealt is public (FARO-8), but
the cards still in the box are not: public embeds show the soda, the turns dealt, the
casekeeper's counts of ranks to come, the three cards left before the last turn (1.4)
and the hoc at the end, all from the public view.

Cards show as their faces beside their words (a screen reader reads the words). A face
is some 30 characters of markup: the list of turns keeps faces on its newest lines only
as far as the field holds them, the older ones in words.
"""

from __future__ import annotations

import discord

from cogs.table.emojis import face_and_word, faces_and_words
from cogs.table.emojis.fitting import faces_while_they_fit
from cogs.table.frames import GOLD, GREEN, GREY, Field, ResultLines
from cogs.table.names import clip, seat_name
from engine import cards as C
from engine.faro.actions import rank_code
from engine.faro.deal import faro_rank
from engine.faro.info import TURNS
from engine.faro.settlement import FaroSettlement
from engine.faro.views import LayoutBet, PrivateView, PublicView

LOBBY_TITLE = "Faro"
ENDED = {"hoc": "the hoc is shown", "abandoned": "every player left; the rest is not dealt"}


def rank_name(rank: int) -> str:
    return "10" if rank == 10 else rank_code(rank)


def turn_line(number: int, losing: int, winning: int, *, faces: bool = True) -> str:
    show = face_and_word if faces else C.label
    fell = (" — a split" if faro_rank(losing) == faro_rank(winning) else "")
    return f"{number}. {show(losing)} loses, {show(winning)} wins{fell}"


def turn_lines(public: PublicView) -> str:
    """Every turn dealt (FARO-1.2), faces on the newest as far as the field holds them and
    the older in words: 25 turns with faces would not fit in one field."""
    turns = list(enumerate(public.turns, start=1))
    return faces_while_they_fit([turn_line(i, lose, win) for i, (lose, win) in turns],
                                [turn_line(i, lose, win, faces=False)
                                 for i, (lose, win) in turns])


def casekeeper_lines(public: PublicView) -> list[str]:
    """FARO-1.4: how many of each rank are still to come, and the ranks gone."""
    left = [f"{rank_name(r)}×{n}" for r, n in public.casekeeper.items() if n]
    gone = [rank_name(r) for r, n in public.casekeeper.items() if not n]
    lines = ["To come: " + (" ".join(left) if left else "nothing")]
    lines.append("Gone: " + (" ".join(gone) if gone else "none"))
    if public.last_three:
        lines.append(f"The three left: {faces_and_words(public.last_three)}")
    return lines


def bet_line(bet: LayoutBet, *, owner: bool = True) -> str:
    who = f"{seat_name(bet.owner)}: " if owner else ""
    return f"{who}{bet.amount} on {bet.position.label()}"


def _seat_lines(public: PublicView, away: set[str]) -> list[str]:
    lines = []
    for seat in public.seats:
        if not seat.in_deal:
            mark = "not in this deal"
        elif seat.left:
            mark = "left"
        elif public.ended is None:
            mark = "ready" if seat.ready else "betting"
        else:
            mark = ""
        if seat.id in away:
            mark += ", away"
        lines.append(f"{seat_name(seat.id)} — {seat.stack} chips" + (f" · {mark}" if mark else ""))
    return lines


def table_embed(
    public: PublicView, *, hand_number: int, deadline: int | None = None,
    away: frozenset[str] | set[str] = frozenset(),
) -> discord.Embed:
    if public.ended is None:
        when = f" Ready <t:{deadline}:R> at the latest." if deadline else ""
        last = " (the last turn: calls are open)" if public.round == TURNS else ""
        headline = f"Betting before turn {public.round} of {TURNS}{last}.{when}"
    else:
        headline = f"The deal is over: {ENDED.get(public.ended, public.ended)}."
    embed = discord.Embed(
        title=f"{LOBBY_TITLE} — deal {hand_number}",
        description=(f"Bets from {public.stake} (the stake) to {public.max_bet} on one "
                     f"position. {headline}"),
        colour=GREEN if public.ended is None else GOLD,
    )
    embed.add_field(name="Soda", value=face_and_word(public.soda), inline=True)
    if public.turns:
        losing, winning = public.turns[-1]
        embed.add_field(name="Last turn", value=turn_line(len(public.turns), losing, winning),
                        inline=True)
    if public.hoc is not None:
        embed.add_field(name="Hoc", value=face_and_word(public.hoc), inline=True)
    embed.add_field(name="Casekeeper", value=clip(casekeeper_lines(public)), inline=False)
    if public.turns:
        embed.add_field(name="Turns", value=turn_lines(public), inline=False)
    bets = [bet_line(bet) for bet in public.layout]
    embed.add_field(name="Layout", value=clip(bets) if bets else "no bets", inline=False)
    embed.add_field(name="Seats", value=clip(_seat_lines(public, set(away))), inline=False)
    return embed


def house_words(house: int) -> str:
    if house > 0:
        return f"the house won {house}"
    if house < 0:
        return f"the house paid {-house}"
    return "the house broke even"


def result_lines(settlement: FaroSettlement) -> ResultLines:
    """How the deal ended and what the house made of it; after the nets, who left."""
    ended = ENDED.get(settlement.ended, settlement.ended)
    notes = [Field("Left during the deal", ", ".join(seat_name(s) for s in settlement.left))
             ] if settlement.left else []
    return ResultLines(f"{settlement.turns} turns dealt; {ended}. "
                       f"{house_words(settlement.house).capitalize()}.", notes=notes)


def history_words(result: dict) -> str:
    return f"{result.get('turns', 0)} turns, {house_words(int(result.get('house', 0)))}"


def hand_embed(view: PrivateView, *, note: str = "") -> discord.Embed:
    """A player's own bets and choices (an ephemeral reply; Faro hides nothing dealt)."""
    public = view.public
    if public.ended is not None:
        state = "The deal is over."
    elif not view.legal:
        state = "You take no more part in this deal."
    elif "ready" not in view.legal:
        state = "You are ready: waiting for the others and the turn."
    else:
        state = f"Betting before turn {public.round}: bet, then press Ready."
    said = f"> {note}\n" if note else ""
    embed = discord.Embed(
        title="Your bets",
        description=f"{said}Stack **{view.stack}**. {state}",
        colour=GREEN if "ready" in view.legal else GREY,
    )
    mine = [bet_line(bet, owner=False) for bet in view.bets]
    embed.add_field(name="On the layout", value=clip(mine) if mine else "no bets", inline=False)
    embed.add_field(name="Casekeeper", value=clip(casekeeper_lines(public)), inline=False)
    return embed
