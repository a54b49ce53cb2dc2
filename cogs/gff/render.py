"""GFF's embeds. The rummy games' embeds (cogs/rummy/render.py) draw what GFF shares
with Tonk; this module gives what is GFF's own: the three pots, the flip card and the
flip and flop reveals (GFF-2.3, 5.2), an all-in seat, what a player posted.

Rendering only: no rule is decided here. Public embeds are built from the engine's
PublicView, its event log and the settlement, which by construction hold only cards that
are face up; the one embed that sees a hand (`hand_embed`) is for ephemeral replies only.
"""

from __future__ import annotations

import discord

from bot.i18n import N_, _, ngettext, signed
from bot.words import Np_
from cogs.rummy.render import RummyEmbeds
from cogs.table.emojis import face_and_word, faces_and_words
from cogs.table.frames import Field, ResultLines
from cogs.table.names import clip as _clip
from cogs.table.names import count, mention_seats, seat_name
from engine import cards as C
from engine.gff.settlement import Settlement
from engine.gff.views import PrivateView, PublicView, SeatView

GOLD = discord.Colour.gold()
GREY = discord.Colour.light_grey()

# Translators: the game's name: its three pots are the "game" pot, the "flip" and the
# "flop" (the flip and flop go to the lowest card dealt of two suits)
LOBBY_TITLE = N_("Game, Flip and Flop")

# Translators: GFF's three pots: the game pot (won by ending the round best), the flip
# and the flop (won by the lowest card dealt of the flip card's suit, and of the other
# suit of its colour)
POT_NAMES = {"game": N_("Game"), "flip": N_("Flip"), "flop": N_("Flop")}
# The hand is over: "<words>." on the table. A "tunk out" is emptying the hand by
# spreading exactly two spreads of three (GFF-6.3).
ENDED = {
    "instant": N_("a declared 49 or 50"),
    "going_out": N_("going out"),
    # Translators: "tunking out": ending the round by laying down exactly two spreads of
    # three cards (a rummy term)
    "tunk_out": N_("a tunk out"),
    # Translators: a "drop" is laying your hand down, claiming it is the lowest
    "drop": N_("a winning drop"),
    "caught": N_("a caught drop"),
    "stock_out": N_("the stock running out"),
}
# How the game pot was won (GFF-3.3, 6.1-6.4): by one winner, or shared by {players}
# ("<@ann>, <@bob> and <@cy>").
WON_BY = {
    "instant": Np_("{players} wins: declared {value} before the first turn",
                   "{players} share the game: declared {value} before the first turn"),
    "going_out": Np_("{players} wins: went out", "{players} share the game: went out"),
    "tunk_out": Np_("{players} wins: tunked out", "{players} share the game: tunked out"),
    "drop": Np_("{players} wins: dropped with the lowest hand",
                "{players} share the game: dropped with the lowest hand"),
    "caught": Np_("{players} wins: lowest hand, and the drop was caught",
                  "{players} share the game: lowest hand, and the drop was caught"),
    "stock_out": Np_("{players} wins: lowest hand when the stock ran out",
                     "{players} share the game: lowest hand when the stock ran out"),
}


def _pots_line(public: PublicView) -> str:
    parts = []
    for pot in ("game", "flip", "flop"):
        carried = public.carried.get(pot, 0)
        if carried and public.pots[pot]:
            parts.append(_("**{pot}** {chips} ({carried} carried)", pot=_(POT_NAMES[pot]),
                           chips=public.pots[pot], carried=carried))
        else:
            parts.append(_("**{pot}** {chips}", pot=_(POT_NAMES[pot]), chips=public.pots[pot]))
    return " · ".join(parts)


class GffEmbeds(RummyEmbeds):
    title = LOBBY_TITLE
    ended = ENDED

    def seat_marks(self, seat: SeatView, public: PublicView) -> list[str]:
        # Translators: a mark after a seat's name: they posted everything they can
        return [_("all in")] if seat.all_in else []

    def table_fields(self, public: PublicView) -> list[Field]:
        shown = [_reveal_line(r.seat, r.pot, face_and_word(r.card)) for r in public.revealed]
        suits = _("Flip card {card}: flip {flip_suit}, flop {flop_suit}",
                  card=face_and_word(public.flip_card),
                  flip_suit=C.SUIT_SYMBOLS[public.flip_suit],
                  flop_suit=C.SUIT_SYMBOLS[public.flop_suit])
        return [Field(_("Pots"), _pots_line(public)),
                Field(_("Flip and flop"), _clip([suits, *shown]))]

    def hand_fields(self, view: PrivateView) -> list[Field]:
        posted = ", ".join(_("{pot} {chips}", pot=_(POT_NAMES[p]), chips=n)
                           for p, n in view.posted.items()) or _("nothing")
        return [Field(_("You posted"), posted, inline=True)]


def _reveal_line(seat: str, pot: str, card: str) -> str:
    """GFF-5.2: a seat's lowest card of the flip or flop suit, shown before its first turn."""
    if pot == "flip":
        return _("{player} shows {card} for the flip", player=seat_name(seat), card=card)
    return _("{player} shows {card} for the flop", player=seat_name(seat), card=card)


EMBEDS = GffEmbeds()
# What GFF's UI draws a hand with (cogs/gff/ui.py).
table_embed = EMBEDS.table_embed
hand_embed = EMBEDS.hand_embed


def result_lines(settlement: Settlement) -> ResultLines:
    """The hands the rules show and each pot's winners; the nets of the seats dealt in,
    those that posted."""
    hands = [f"{seat_name(seat)}: {faces_and_words(cards, empty=_('no cards'))} = "
             f"{settlement.values[seat]}"
             for seat, cards in settlement.shown.items()]
    pots = []
    for pot, winners in settlement.won.items():
        # Translators: the extra stake every other player pays to a hand of 50 (GFF)
        label = _("50 bonus") if pot == "bonus" else _(POT_NAMES.get(pot, pot))
        shares = ", ".join(f"{seat_name(s)} {signed(n)}" for s, n in winners.items())
        pots.append(f"**{label}**: {shares}")
    for pot, carried in settlement.carry.items():
        if carried:
            pots.append(_("**{pot}**: nobody could win it; {chips} carries over",
                          pot=_(POT_NAMES[pot]), chips=carried))
    fields = [Field(_("Hands shown"), _clip(hands))] if hands else []
    fields.append(Field(_("Pots"), _clip(pots) if pots else "—"))
    return ResultLines(f"{winner_line(settlement)}.", fields=fields,
                       nets_of=settlement.posted)


def winner_line(settlement: Settlement) -> str:
    """Who took the game pot and how: "<@ann> wins: went out"."""
    winners = [seat_name(s) for s in settlement.game_winners]
    if not winners:
        return _("The hand ended by {ending}",
                 ending=_(ENDED.get(settlement.ended, settlement.ended)))
    values = sorted({settlement.values.get(s) for s in settlement.game_winners} - {None})
    if not values:
        value = _("49 or 50")
    elif len(values) == 1:
        value = str(values[0])
    else:  # a 49 and a 50 share it
        value = _("{first} and {last}", first=", ".join(str(v) for v in values[:-1]),
                  last=str(values[-1]))
    players = winners[0] if len(winners) == 1 else _(
        "{first} and {last}", first=", ".join(winners[:-1]), last=winners[-1])
    if settlement.ended not in WON_BY:  # every ending with a winner is in WON_BY
        return ngettext("{players} wins: {ending}", "{players} share the game: {ending}",
                        len(winners), players=players, ending=settlement.ended)
    singular, plural = WON_BY[settlement.ended]
    return ngettext(singular, plural, len(winners), players=players, value=value)


__all__ = ["count", "mention_seats", "seat_name"]  # the names every game's embeds share
