"""Fifty-One's embeds: the table, a game's result, a player's own hand.

Rendering only: every rule is the engine's. Public embeds are built from the public view
and the settlement, which hold only what FIFTYONE-6 makes public (the board, the discard
pile, each swap and clear, the Stop call and who has turns left; every hand once the game
is over); `hand_embed` shows a hand and its score, and is used for ephemeral replies only.
"""

from __future__ import annotations

import discord

from bot.i18n import N_, _, number, spoken
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

# Translators: the game's name (a hand scores its longest suit minus the rest; 51 is the
# best). Stop is the call that ends the game after one last turn each; the board is the
# five cards face up in the middle of the table that players swap with.
LOBBY_TITLE = N_("Fifty-One")
MOVES_SHOWN = 6

def _seat_lines(public: PublicView, away: set[str]) -> list[str]:
    lines = []
    for seat in public.seats:
        marks = []
        if seat.id == public.dealer:
            marks.append(_("dealer"))
        if seat.id == public.stopped_by:
            marks.append(_("called Stop"))
        elif seat.turn_left:
            marks.append(_("one last turn"))  # FIFTYONE-4.5
        if seat.id in away:
            marks.append(_("away"))
        if not seat.dealt_in:
            marks.append(_("sitting out"))
        lines.append(seat_line(seat.id, seat.stack, marks, turn=seat.id == public.turn))
    return lines


def move_line(move: Move, show: Show = faces_and_words) -> str:
    """A swap or a clear, public (FIFTYONE-6): both cards of a swap are face up."""
    if move.do == "clear":
        return _("{player} cleared the board", player=seat_name(move.seat))
    assert move.take is not None and move.give is not None
    cards = dict(player=seat_name(move.seat), take=show((move.take,)), give=show((move.give,)))
    if move.stop:
        return _("{player} took {take}, gave {give} and called **Stop**", **cards)
    return _("{player} took {take}, gave {give}", **cards)


def board_line(public: PublicView) -> str:
    return faces_and_words(public.board)


def discard_line(public: PublicView) -> str:
    if not public.discard:
        return _("empty")
    top = faces_and_words(public.discard[-1:])
    on_top = _("{card} on top", card=top)
    return f"{on_top} · {count(len(public.discard), 'card')}"


def stop_line(public: PublicView) -> str:
    """FIFTYONE-4.5: who called Stop and who still has a turn."""
    if public.stopped_by is None:
        return _("not called yet")
    left = [seat_name(s.id) for s in public.seats if s.turn_left]
    if left:
        return _("{player} called Stop; a last turn for {players}",
                 player=seat_name(public.stopped_by), players=", ".join(left))
    return _("{player} called Stop", player=seat_name(public.stopped_by))


def _headline(public: PublicView, deadline: int | None) -> str:
    if public.turn is None:
        return _("The game is over: Stop was called and every hand is shown.")
    when = due(deadline)
    if public.cleared:
        # Translators: the table's headline; {when} is ", in 30 seconds" (a countdown) or
        # nothing.
        return _("{player} cleared the board and now swaps{when}.",
                 player=seat_name(public.turn), when=when)
    return _("{player} to swap{when}.", player=seat_name(public.turn), when=when)


def _round_line(public: PublicView) -> str:
    if public.first_round:
        return _("First round: no clearing.")
    return _("The board may be cleared.")


def shown_line(shown: Shown, show: Show = faces_and_words) -> str:
    # The joker's reading is a value, not a card in play (FIFTYONE-5.2): in words.
    said = dict(player=seat_name(shown.seat), cards=show(shown.hand), score=str(shown.score))
    if shown.joker_as is not None:
        # Translators: a hand shown at the end, its score, and the card its joker stood for.
        return _("{player}: {cards} — {score} (🃏 as {card})", card=C.label(shown.joker_as),
                 **said)
    return _("{player}: {cards} — {score}", **said)


def table_embed(
    public: PublicView, *, hand_number: int, deadline: int | None = None,
    away: set[str] | frozenset[str] = frozenset(),
) -> discord.Embed:
    """The public table during a game. `deadline` is a Unix time for the turn's end."""
    terms = (_("Stake {stake}, pot {pot}, joker on.", stake=public.stake, pot=public.pot)
             if public.joker else
             _("Stake {stake}, pot {pot}, joker off.", stake=public.stake, pot=public.pot))
    said = [terms, _headline(public, deadline)]
    if public.turn is not None:
        said.append(_round_line(public))
    embed = discord.Embed(
        title=_("{game} — game {number}", game=_(LOBBY_TITLE), number=str(hand_number)),
        description=" ".join(said),
        colour=GREEN if public.turn else GOLD,
    )
    embed.add_field(name=_("Seats"), value=clip(_seat_lines(public, set(away))), inline=False)
    # Translators: the five cards face up in the middle of the table, to swap with.
    embed.add_field(name=_("Board"), value=board_line(public), inline=False)
    embed.add_field(name=_("Discard pile"), value=discard_line(public), inline=True)
    embed.add_field(name=_("Stock"), value=count(public.stock, "card"), inline=True)
    # Translators: Stop: the call that ends the game after one last turn each.
    embed.add_field(name=_("Stop"), value=stop_line(public), inline=False)
    seats = [s.id for s in public.seats]
    said = [mention_seats(spoken(e), seats) for e in public.events[-2:]]

    def moves(show: Show) -> list[str]:
        return [move_line(m, show) for m in public.moves[-MOVES_SHOWN:]] + said

    embed.add_field(name=_("Moves"),
                    value=fitted(moves) if public.moves or said else _("none yet"),
                    inline=False)
    if public.shown:  # FIFTYONE-4.5: every hand, once the game is over
        embed.add_field(name=_("Hands shown"), inline=False, value=fitted(
            lambda show: [shown_line(s, show) for s in public.shown]))
    return embed


def winner_line(settlement: FiftyOneSettlement) -> str:
    names = ", ".join(seat_name(w) for w in settlement.winners)
    if len(settlement.winners) == 1:
        return _("{players} has the best hand and takes the pot.", players=names)
    return _("{players} share the pot.", players=names)


def result_lines(settlement: FiftyOneSettlement) -> ResultLines:
    scores = [f"{seat_name(s)}: {score}" for s, score in settlement.scores.items()]
    said = _("{player} called Stop.", player=seat_name(settlement.stopped_by))
    return ResultLines(f"{said} {winner_line(settlement)}",
                       fields=(Field(_("Scores"), clip(scores)),))


def history_ending(result: dict) -> str:
    """FIFTYONE-8.3: who called Stop, where other games say how the game ended."""
    return _("Stop by {player}", player=f"<@{result.get('stopped_by', '?')}>")


def history_words(result: dict) -> str:
    best = max(result.get("scores", {}).values(), default=0)
    return _("the pot to {players} ({score})", players=mentions(result.get("winners", [])),
             score=str(best))


def hand_embed(view: PrivateView, *, note: str = "") -> discord.Embed:
    """A player's own hand and its score now. Ephemeral replies only."""
    public = view.public
    if view.legal:
        states = [_("Your turn: take a board card (the menu has one chosen) and press the "
                    "card of yours to give for it.")]
        if view.can_clear:
            states.append(_("You may clear the board first."))
        elif public.first_round:
            states.append(_("First round: no clearing."))
        if public.cleared:
            states = [_("You cleared the board: now take one of the new cards.")]
        if view.can_stop:
            # Translators: **Give and Stop** is the name of a menu of the hand view.
            states.append(_("**Give and Stop** ends the game after one last turn each."))
        state = " ".join(states)
    else:
        state = waiting_line(public.turn, _("The game is over."))
    said = f"> {mention_seats(note, [s.id for s in public.seats])}\n" if note else ""
    score = _("Your score now: **{score}**.", score=str(view.score))
    embed = discord.Embed(
        title=_("Your hand"),
        description=f"{said}{hand_heading(view.hand)}\n{score} {state}",
        colour=GREEN if view.legal else GREY,
    )
    embed.add_field(name=_("Board"), value=board_line(public), inline=False)
    embed.add_field(name=_("Stop"), value=stop_line(public), inline=False)
    embed.add_field(name=_("Pot"), value=number(public.pot), inline=True)
    return embed
