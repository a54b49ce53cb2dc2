"""Fifty-One's embeds: the table, a game's result, a player's own hand.

Rendering only: every rule is the engine's. Public embeds are built from the public view
and the settlement, which hold only what FIFTYONE-6 makes public (the board, the discard
pile, each swap and clear, the Stop call and who has turns left; every hand once the game
is over); `hand_embed` shows a hand and its score, and is used for ephemeral replies only.
"""

from __future__ import annotations

import discord

from cogs.table.emojis import faces_and_words, hand_heading
from cogs.table.emojis.fitting import Show, fitted
from cogs.table.frames import (
    GOLD,
    GREEN,
    GREY,
    Field,
    ResultLines,
    due,
    mentions,
    seat_line,
    waiting_line,
)
from cogs.table.names import clip, count, mention_seats, seat_name
from engine import cards as C
from engine.fiftyone.settlement import FiftyOneSettlement
from engine.fiftyone.views import Move, PrivateView, PublicView, Shown

LOBBY_TITLE = "Fifty-One"
MOVES_SHOWN = 6

def _seat_lines(public: PublicView, away: set[str]) -> list[str]:
    lines = []
    for seat in public.seats:
        marks = []
        if seat.id == public.dealer:
            marks.append("dealer")
        if seat.id == public.stopped_by:
            marks.append("called Stop")
        elif seat.turn_left:
            marks.append("one last turn")  # FIFTYONE-4.5
        if seat.id in away:
            marks.append("away")
        if not seat.dealt_in:
            marks.append("sitting out")
        lines.append(seat_line(seat.id, seat.stack, marks, turn=seat.id == public.turn))
    return lines


def move_line(move: Move, show: Show = faces_and_words) -> str:
    """A swap or a clear, public (FIFTYONE-6): both cards of a swap are face up."""
    if move.do == "clear":
        return f"{seat_name(move.seat)} cleared the board"
    assert move.take is not None and move.give is not None
    said = f"{seat_name(move.seat)} took {show((move.take,))}, gave {show((move.give,))}"
    return said + " and called **Stop**" if move.stop else said


def board_line(public: PublicView) -> str:
    return faces_and_words(public.board)


def discard_line(public: PublicView) -> str:
    if not public.discard:
        return "empty"
    top = faces_and_words(public.discard[-1:])
    return f"{top} on top · {count(len(public.discard), 'card')}"


def stop_line(public: PublicView) -> str:
    """FIFTYONE-4.5: who called Stop and who still has a turn."""
    if public.stopped_by is None:
        return "not called yet"
    left = [seat_name(s.id) for s in public.seats if s.turn_left]
    waiting = f"; a last turn for {', '.join(left)}" if left else ""
    return f"{seat_name(public.stopped_by)} called Stop{waiting}"


def _headline(public: PublicView, deadline: int | None) -> str:
    if public.turn is None:
        return "The game is over: Stop was called and every hand is shown."
    when = due(deadline)
    if public.cleared:
        return f"{seat_name(public.turn)} cleared the board and now swaps{when}."
    return f"{seat_name(public.turn)} to swap{when}."


def _round_line(public: PublicView) -> str:
    return "First round: no clearing." if public.first_round else "The board may be cleared."


def shown_line(shown: Shown, show: Show = faces_and_words) -> str:
    # The joker's reading is a value, not a card in play (FIFTYONE-5.2): in words.
    joker = f" (🃏 as {C.label(shown.joker_as)})" if shown.joker_as is not None else ""
    return f"{seat_name(shown.seat)}: {show(shown.hand)} — {shown.score}{joker}"


def table_embed(
    public: PublicView, *, hand_number: int, deadline: int | None = None,
    away: set[str] | frozenset[str] = frozenset(),
) -> discord.Embed:
    """The public table during a game. `deadline` is a Unix time for the turn's end."""
    round_line = f" {_round_line(public)}" if public.turn is not None else ""
    embed = discord.Embed(
        title=f"{LOBBY_TITLE} — game {hand_number}",
        description=(f"Stake {public.stake}, pot {public.pot}, joker "
                     f"{'on' if public.joker else 'off'}. {_headline(public, deadline)}"
                     f"{round_line}"),
        colour=GREEN if public.turn else GOLD,
    )
    embed.add_field(name="Seats", value=clip(_seat_lines(public, set(away))), inline=False)
    embed.add_field(name="Board", value=board_line(public), inline=False)
    embed.add_field(name="Discard pile", value=discard_line(public), inline=True)
    embed.add_field(name="Stock", value=count(public.stock, "card"), inline=True)
    embed.add_field(name="Stop", value=stop_line(public), inline=False)
    seats = [s.id for s in public.seats]
    said = [mention_seats(e, seats) for e in public.events[-2:]]

    def moves(show: Show) -> list[str]:
        return [move_line(m, show) for m in public.moves[-MOVES_SHOWN:]] + said

    embed.add_field(name="Moves", value=fitted(moves) if public.moves or said else "none yet",
                    inline=False)
    if public.shown:  # FIFTYONE-4.5: every hand, once the game is over
        embed.add_field(name="Hands shown", inline=False, value=fitted(
            lambda show: [shown_line(s, show) for s in public.shown]))
    return embed


def winner_line(settlement: FiftyOneSettlement) -> str:
    names = ", ".join(seat_name(w) for w in settlement.winners)
    if len(settlement.winners) == 1:
        return f"{names} has the best hand and takes the pot"
    return f"{names} share the pot"


def result_lines(settlement: FiftyOneSettlement) -> ResultLines:
    scores = [f"{seat_name(s)}: {score}" for s, score in settlement.scores.items()]
    return ResultLines(f"{seat_name(settlement.stopped_by)} called Stop. "
                       f"{winner_line(settlement)}.", fields=(Field("Scores", clip(scores)),))


def history_ending(result: dict) -> str:
    """FIFTYONE-8.3: who called Stop, where other games say how the game ended."""
    return f"Stop by <@{result.get('stopped_by', '?')}>"


def history_words(result: dict) -> str:
    best = max(result.get("scores", {}).values(), default=0)
    return f"the pot to {mentions(result.get('winners', []))} ({best})"


def hand_embed(view: PrivateView, *, note: str = "") -> discord.Embed:
    """A player's own hand and its score now. Ephemeral replies only."""
    public = view.public
    if view.legal:
        state = ("Your turn: take a board card (the menu has one chosen) and press the card "
                 "of yours to give for it.")
        if view.can_clear:
            state += " You may clear the board first."
        elif public.first_round:
            state += " First round: no clearing."
        if public.cleared:
            state = "You cleared the board: now take one of the new cards."
        if view.can_stop:
            state += " **Give and Stop** ends the game after one last turn each."
    else:
        state = waiting_line(public.turn, "The game is over.")
    said = f"> {mention_seats(note, [s.id for s in public.seats])}\n" if note else ""
    embed = discord.Embed(
        title="Your hand",
        description=(f"{said}{hand_heading(view.hand)}\n"
                     f"Your score now: **{view.score}**. {state}"),
        colour=GREEN if view.legal else GREY,
    )
    embed.add_field(name="Board", value=board_line(public), inline=False)
    embed.add_field(name="Stop", value=stop_line(public), inline=False)
    embed.add_field(name="Pot", value=str(public.pot), inline=True)
    return embed
