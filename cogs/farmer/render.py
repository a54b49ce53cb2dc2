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

from bot.i18n import N_, _, ngettext, number
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

# Translators: the game's name: Farmer, where the "farm" is the pot everyone antes into
# and the "farmer" is the dealer
LOBBY_TITLE = N_("Farmer")
# Translators: the player who deals first (the "farmer"), drawn for by dealing cards face
# up until the 6 of hearts
DRAW_FIELD = N_("First farmer")

# The deal is over: "<words>." on the table. A total over 16 is "bust".
ENDED = {
    "sixteen": N_("sixteen takes the farm"),
    "closest": N_("nobody has sixteen: the closest are paid and the farm stays"),
    "all_bust": N_("everyone is bust: the farm stays"),
}
# How a deal ends in `/farmer history`.
HISTORY_ENDINGS = {SIXTEEN: N_("sixteen"), CLOSEST: N_("closest")}
# A chip move's account that is not a seat: the farm (the pot everyone antes into).
POTS = {FARM: N_("the farm")}
# Why chips moved, as a payment line says it (the engine's reasons: FARMER-2.2, 5).
REASONS = {
    # Translators: the stake each player puts into the farm before a deal
    "ante": N_("ante"),
    # Translators: the farm (the pot) won with sixteen
    "farm": N_("farm"),
    # Translators: paid to the farmer by a player whose total went over 16
    "bust": N_("bust"),
    # Translators: paid by those below the closest total to those on it
    "side pot": N_("side pot"),
    # Translators: the chips of the side pot that do not divide evenly, to the farm
    "side pot odd": N_("side pot odd"),
    # Translators: a farm given back when the table closes
    "farm returned": N_("farm returned"),
    # Translators: a farm shared out when the table closes
    "farm shared": N_("farm shared"),
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
        return _("Dealt face up for the 6♥: {cards}. {player} is the first farmer.",
                 cards=", ".join(dealt), player=seat_name(draw.dealer))

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
                           # Translators: a mark after the dealer's name (Farmer's dealer)
                           dealer_word=_("farmer"))
        if seat.dealt_in and seat.stayed and not over:
            # Translators: a mark after a seat's name: they stopped taking cards
            marks.append(_("stayed"))
        if over and seat.shown is not None:
            cards = f" · {show(seat.shown)} = {seat.total}"
        elif seat.dealt_in:
            # Translators: a seat has taken no card face up yet (a "hit" takes one)
            hits = show(seat.hits) if seat.hits else _("no hits")
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
        # Translators: {when} is empty or ", in 30 seconds" (Discord's countdown); "hit"
        # takes a card, "stay" stops
        headline = _("{player} to hit or stay{when}.", player=seat_name(public.turn),
                     when=when)
    else:
        ended = public.ended or ""
        headline = _("The deal is over: {ending}.", ending=_(ENDED.get(ended, ended)))
    embed = discord.Embed(
        title=_("{game} — deal {number}", game=_(LOBBY_TITLE), number=str(hand_number)),
        description=_("Stake {stake}. {headline}", stake=public.stake, headline=headline),
        colour=GREEN if public.turn else GOLD,
    )
    # Translators: the pot everyone antes into, won by a hand of sixteen
    embed.add_field(name=_("Farm"), value=count(public.farm, "chip"), inline=True)
    # Translators: the face-down pile cards are dealt from
    embed.add_field(name=_("Stock"), value=count(public.stock, "card"), inline=True)
    seats = fitted(lambda show: _seat_lines(public, set(away), show))
    embed.add_field(name=_("Seats"), value=seats, inline=False)
    if draw is not None:
        embed.add_field(name=_(DRAW_FIELD), value=clip([draw_line(draw)]), inline=False)
    return embed


def _account(account: str) -> str:
    kind, _colon, name = account.partition(":")
    if kind == "seat":
        return seat_name(name)
    return _(POTS.get(name, name))  # Farmer's one pot is the farm


def payment_lines(settlement: FarmerSettlement) -> list[str]:
    """Every chip move, in order: antes, the farm or the side pot, then busts (5.5)."""
    return [f"{_account(t.source)} → {_account(t.target)}: {number(t.amount)} "
            f"({_(REASONS.get(t.reason, t.reason))})"
            for t in settlement.transfers]


def winner_line(settlement: FarmerSettlement) -> str:
    if settlement.ended == "sixteen":
        return _("{player} has sixteen and takes the farm",
                 player=seat_name(settlement.farm_winner or ""))
    if settlement.ended == "closest":
        names = ", ".join(seat_name(s) for s in settlement.winners)
        return _("Nobody has sixteen: {players} closest, paid by those below; the farm stays",
                 players=names)
    return _("Everyone is bust: the farm stays")


def result_lines(settlement: FarmerSettlement) -> ResultLines:
    """The hands shown and the payments; after the nets, the farm that carries and the next
    farmer (FARMER-5.6)."""
    def hands(show: Show) -> list[str]:
        return [_hand_line(f"{seat_name(seat)}: {show(cards)} = {settlement.totals[seat]}",
                           seat in settlement.busted)
                for seat, cards in settlement.hands.items()]

    farm = settlement.carry.get(FARM, 0)
    notes = [Field(_("Farm"), ngettext("{n} chip carries to the next deal",
                                       "{n} chips carry to the next deal", farm), inline=True)]
    if settlement.next_farmer is not None:
        notes.append(Field(_("Next farmer"), seat_name(settlement.next_farmer), inline=True))
    return ResultLines(f"{winner_line(settlement)}.",
                       fields=(Field(_("Hands shown"), fitted(hands)),
                               Field(_("Payments"), clip(payment_lines(settlement)))),
                       notes=notes)


def _hand_line(line: str, bust: bool) -> str:
    # Translators: a hand in the result whose total went over 16
    return _("{hand} (bust)", hand=line) if bust else line


def history_ending(result: dict) -> str:
    ended = result.get("ended", "?")
    # Translators: how a deal ended, in the history: nobody had 16 and everyone went over
    return _(HISTORY_ENDINGS[ended]) if ended in HISTORY_ENDINGS else _("all bust")


def history_words(result: dict) -> str:
    farm = result.get("carry", {}).get(FARM, 0)
    ended = result.get("ended", "?")
    if ended == SIXTEEN:
        return _("the farm to {player}", player=f"<@{result.get('farm_winner')}>")
    if ended == CLOSEST:
        return _("paid to {players}; farm {chips} carries",
                 players=mentions(result.get("winners", [])), chips=farm)
    return _("farm {chips} carries", chips=farm)


def hand_embed(view: PrivateView, *, note: str = "") -> discord.Embed:
    """A player's own hand. Ephemeral replies only: this shows the face-down card."""
    public = view.public
    if view.face_down is None:
        cards = "# " + _("not dealt in")
    else:
        hits = [s.hits for s in public.seats if s.id == view.seat][0]
        cards = hand_heading((view.face_down, *hits))
    if view.legal:
        state = _("Your turn: hit or stay.") if len(view.legal) > 1 else (
            _("Your turn: you must hit once.") if "hit" in view.legal
            else _("Your turn: you are bust, so you can only stay."))
    else:
        state = waiting_line(public.turn, _("The deal is over."))
    said = f"> {note}\n" if note else ""
    if view.bust:
        # Translators: the player's total went over 16; the others are not told
        total = _("Total **{total}** — **bust** (only you know). {state}", total=view.total,
                  state=state)
    else:
        total = _("Total **{total}**. {state}", total=view.total, state=state)
    embed = discord.Embed(
        title=_("Your hand"),
        description=f"{said}{cards}\n{total}",
        colour=GREEN if view.legal else GREY,
    )
    embed.add_field(name=_("Farm"), value=count(public.farm, "chip"), inline=True)
    # Translators: the dealer in Farmer
    embed.add_field(name=_("Farmer"), value=seat_name(public.farmer), inline=True)
    return embed
