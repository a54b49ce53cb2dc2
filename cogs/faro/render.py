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

from bot.i18n import N_, _, ngettext
from cogs.table.emojis import face_and_word, faces_and_words
from cogs.table.emojis.fitting import faces_while_they_fit
from cogs.table.frames import GOLD, GREEN, GREY, Field, ResultLines
from cogs.table.names import clip, count, seat_name
from engine import cards as C
from engine.faro.actions import CALL, CARD, COMBO, EVEN_KIND, HIGH, ODD_KIND, Position, rank_code
from engine.faro.deal import faro_rank
from engine.faro.info import TURNS
from engine.faro.settlement import FaroSettlement
from engine.faro.views import LayoutBet, PrivateView, PublicView

# Translators: the game's name: Faro, an old banking game
LOBBY_TITLE = N_("Faro")
# The deal is over: "<words>." The "hoc" is the pack's last card, which is not played.
ENDED = {"hoc": N_("the hoc is shown"),
         "abandoned": N_("every player left; the rest is not dealt")}
# Where a bet is, besides ranks and calls (FARO-4.3, 4.5), as the engine's labels say it.
KIND_WORDS = {
    # Translators: a bet on the winning card being higher than the losing one
    HIGH: N_("high card"),
    # Translators: a bet on an even rank (2 4 6 8 10 Q) winning
    EVEN_KIND: N_("even"),
    # Translators: a bet on an odd rank (A 3 5 7 9 J K) winning
    ODD_KIND: N_("odd"),
}


def rank_name(rank: int) -> str:
    return "10" if rank == 10 else rank_code(rank)


def turn_line(number: int, losing: int, winning: int, *, faces: bool = True) -> str:
    show = face_and_word if faces else C.label
    if faro_rank(losing) == faro_rank(winning):
        # Translators: a "turn" is two cards dealt, the first losing, the second winning;
        # a "split" is a turn of two cards of one rank (the house takes half the bets)
        return _("{turn}. {losing} loses, {winning} wins — a split", turn=str(number),
                 losing=show(losing), winning=show(winning))
    return _("{turn}. {losing} loses, {winning} wins", turn=str(number),
             losing=show(losing), winning=show(winning))


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
    # Translators: the ranks still to come in the pack, as "K×3 Q×1"
    lines = [_("To come: {ranks}", ranks=" ".join(left) if left else _("nothing"))]
    # Translators: the ranks all four of which have been dealt
    lines.append(_("Gone: {ranks}", ranks=" ".join(gone) if gone else _("none")))
    if public.last_three:
        lines.append(_("The three left: {cards}", cards=faces_and_words(public.last_three)))
    return lines


def position_words(position: Position) -> str:
    """Where a bet is, as the engine's `Position.label()` says it, in the reader's words."""
    if position.kind == CARD:
        words = rank_code(position.ranks[0]) if position.ranks else ""
    elif position.kind == COMBO:
        words = "-".join(map(rank_code, position.ranks))
    elif position.kind == CALL:
        # Translators: a bet on the order of the last three cards ("call the turn")
        words = _("call {ranks}", ranks=" ".join(map(rank_code, position.ranks)))
    else:
        words = _(KIND_WORDS.get(position.kind, position.kind))
    # Translators: a bet "coppered" (a copper token laid on it) bets on a rank losing
    return _("{position} (coppered)", position=words) if position.copper else words


def bet_line(bet: LayoutBet, *, owner: bool = True) -> str:
    if owner:
        return _("{player}: {chips} on {position}", player=seat_name(bet.owner),
                 chips=bet.amount, position=position_words(bet.position))
    return _("{chips} on {position}", chips=bet.amount, position=position_words(bet.position))


def _seat_lines(public: PublicView, away: set[str]) -> list[str]:
    lines = []
    for seat in public.seats:
        # Translators: marks after a seat's name: where the player is in the deal
        if not seat.in_deal:
            marks = [_("not in this deal")]
        elif seat.left:
            marks = [_("left")]
        elif public.ended is None:
            marks = [_("ready") if seat.ready else _("betting")]
        else:
            marks = []
        if seat.id in away:
            marks.append(_("away"))
        mark = ", ".join(marks)
        stack = _("{player} — {chips}", player=seat_name(seat.id),
                  chips=count(seat.stack, "chip"))
        lines.append(stack + (f" · {mark}" if mark else ""))
    return lines


def table_embed(
    public: PublicView, *, hand_number: int, deadline: int | None = None,
    away: frozenset[str] | set[str] = frozenset(),
) -> discord.Embed:
    if public.ended is None:
        if public.round == TURNS:
            # Translators: before the last turn a player may "call the turn": bet on the
            # order of the last three cards
            headline = _("Betting before turn {turn} of {turns} (the last turn: calls are "
                         "open).", turn=public.round, turns=TURNS)
        else:
            headline = _("Betting before turn {turn} of {turns}.", turn=public.round,
                         turns=TURNS)
        if deadline:
            # Translators: {time} is Discord's countdown, such as "in 30 seconds"
            headline += " " + _("Ready {time} at the latest.", time=f"<t:{deadline}:R>")
    else:
        ended = public.ended or ""
        headline = _("The deal is over: {ending}.", ending=_(ENDED.get(ended, ended)))
    embed = discord.Embed(
        title=_("{game} — deal {number}", game=_(LOBBY_TITLE), number=str(hand_number)),
        description=_("Bets from {stake} (the stake) to {max_bet} on one position. "
                      "{headline}", stake=public.stake, max_bet=public.max_bet,
                      headline=headline),
        colour=GREEN if public.ended is None else GOLD,
    )
    # Translators: the soda: the pack's first card, shown and not played
    embed.add_field(name=_("Soda"), value=face_and_word(public.soda), inline=True)
    if public.turns:
        losing, winning = public.turns[-1]
        embed.add_field(name=_("Last turn"),
                        value=turn_line(len(public.turns), losing, winning), inline=True)
    if public.hoc is not None:
        # Translators: the hoc: the pack's last card, shown and not played
        embed.add_field(name=_("Hoc"), value=face_and_word(public.hoc), inline=True)
    # Translators: the casekeeper: the counter of how many of each rank are still to come
    embed.add_field(name=_("Casekeeper"), value=clip(casekeeper_lines(public)), inline=False)
    if public.turns:
        embed.add_field(name=_("Turns"), value=turn_lines(public), inline=False)
    bets = [bet_line(bet) for bet in public.layout]
    # Translators: the layout: the thirteen ranks on the table that bets are put on
    embed.add_field(name=_("Layout"), value=clip(bets) if bets else _("no bets"),
                    inline=False)
    embed.add_field(name=_("Seats"), value=clip(_seat_lines(public, set(away))), inline=False)
    return embed


def house_words(house: int) -> str:
    """What the house made of a deal, as a history line says it."""
    if house > 0:
        return _("the house won {chips}", chips=house)
    if house < 0:
        return _("the house paid {chips}", chips=-house)
    return _("the house broke even")


def house_sentence(house: int) -> str:
    """What the house made of a deal, as a sentence of the result."""
    if house > 0:
        return _("The house won {chips}.", chips=house)
    if house < 0:
        return _("The house paid {chips}.", chips=-house)
    return _("The house broke even.")


def result_lines(settlement: FaroSettlement) -> ResultLines:
    """How the deal ended and what the house made of it; after the nets, who left."""
    ended = _(ENDED.get(settlement.ended, settlement.ended))
    notes = [Field(_("Left during the deal"), ", ".join(seat_name(s) for s in settlement.left))
             ] if settlement.left else []
    dealt = ngettext("{n} turn dealt; {ending}.", "{n} turns dealt; {ending}.",
                     settlement.turns, ending=ended)
    return ResultLines(f"{dealt} {house_sentence(settlement.house)}", notes=notes)


def history_words(result: dict) -> str:
    turns = int(result.get("turns", 0))
    return ngettext("{n} turn, {house}", "{n} turns, {house}", turns,
                    house=house_words(int(result.get("house", 0))))


def hand_embed(view: PrivateView, *, note: str = "") -> discord.Embed:
    """A player's own bets and choices (an ephemeral reply; Faro hides nothing dealt)."""
    public = view.public
    if public.ended is not None:
        state = _("The deal is over.")
    elif not view.legal:
        state = _("You take no more part in this deal.")
    elif "ready" not in view.legal:
        state = _("You are ready: waiting for the others and the turn.")
    else:
        # Translators: "Ready" is the button's label
        state = _("Betting before turn {turn}: bet, then press Ready.", turn=public.round)
    said = f"> {note}\n" if note else ""
    embed = discord.Embed(
        title=_("Your bets"),
        description=said + _("Stack **{chips}**. {state}", chips=view.stack, state=state),
        colour=GREEN if "ready" in view.legal else GREY,
    )
    mine = [bet_line(bet, owner=False) for bet in view.bets]
    embed.add_field(name=_("On the layout"), value=clip(mine) if mine else _("no bets"),
                    inline=False)
    embed.add_field(name=_("Casekeeper"), value=clip(casekeeper_lines(public)), inline=False)
    return embed
