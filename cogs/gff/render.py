"""GFF's embeds. The rummy games' embeds (cogs/rummy/render.py) draw what GFF shares
with Tonk; this module gives what is GFF's own: the three pots, the flip card and the
flip and flop reveals (GFF-2.3, 5.2), an all-in seat, what a player posted.

Rendering only: no rule is decided here. Public embeds are built from the engine's
PublicView, its event log and the settlement, which by construction hold only cards that
are face up; the one embed that sees a hand (`hand_embed`) is for ephemeral replies only.
"""

from __future__ import annotations

import discord

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

LOBBY_TITLE = "Game, Flip and Flop"

POT_NAMES = {"game": "Game", "flip": "Flip", "flop": "Flop"}
ENDED = {
    "instant": "a declared 49 or 50",
    "going_out": "going out",
    "tunk_out": "a tunk out",
    "drop": "a winning drop",
    "caught": "a caught drop",
    "stock_out": "the stock running out",
}
# How the game pot was won, after "<winner> wins: " (GFF-3.3, 6.1-6.4).
WON_BY = {
    "instant": "declared {value} before the first turn",
    "going_out": "went out",
    "tunk_out": "tunked out",
    "drop": "dropped with the lowest hand",
    "caught": "lowest hand, and the drop was caught",
    "stock_out": "lowest hand when the stock ran out",
}


def _pots_line(public: PublicView) -> str:
    parts = []
    for pot in ("game", "flip", "flop"):
        carried = public.carried.get(pot, 0)
        extra = f" ({carried} carried)" if carried and public.pots[pot] else ""
        parts.append(f"**{POT_NAMES[pot]}** {public.pots[pot]}{extra}")
    return " · ".join(parts)


class GffEmbeds(RummyEmbeds):
    title = LOBBY_TITLE
    ended = ENDED

    def seat_marks(self, seat: SeatView, public: PublicView) -> list[str]:
        return ["all in"] if seat.all_in else []

    def table_fields(self, public: PublicView) -> list[Field]:
        shown = [f"{seat_name(r.seat)} shows {face_and_word(r.card)} for the {r.pot}"
                 for r in public.revealed]
        suits = (
            f"Flip card {face_and_word(public.flip_card)}: flip "
            f"{C.SUIT_SYMBOLS[public.flip_suit]}, flop {C.SUIT_SYMBOLS[public.flop_suit]}"
        )
        return [Field("Pots", _pots_line(public)), Field("Flip and flop", _clip([suits, *shown]))]

    def hand_fields(self, view: PrivateView) -> list[Field]:
        posted = ", ".join(f"{POT_NAMES[p]} {n}" for p, n in view.posted.items()) or "nothing"
        return [Field("You posted", posted, inline=True)]


EMBEDS = GffEmbeds()
# What GFF's UI draws a hand with (cogs/gff/ui.py).
table_embed = EMBEDS.table_embed
hand_embed = EMBEDS.hand_embed


def result_lines(settlement: Settlement) -> ResultLines:
    """The hands the rules show and each pot's winners; the nets of the seats dealt in,
    those that posted."""
    hands = [f"{seat_name(seat)}: {faces_and_words(cards, empty='no cards')} = "
             f"{settlement.values[seat]}"
             for seat, cards in settlement.shown.items()]
    pots = []
    for pot, winners in settlement.won.items():
        label = "50 bonus" if pot == "bonus" else POT_NAMES.get(pot, pot)
        shares = ", ".join(f"{seat_name(s)} +{n}" for s, n in winners.items())
        pots.append(f"**{label}**: {shares}")
    for pot, carried in settlement.carry.items():
        if carried:
            pots.append(f"**{POT_NAMES[pot]}**: nobody could win it; {carried} carries over")
    fields = [Field("Hands shown", _clip(hands))] if hands else []
    fields.append(Field("Pots", _clip(pots) if pots else "—"))
    return ResultLines(f"{winner_line(settlement)}.", fields=fields,
                       nets_of=settlement.posted)


def winner_line(settlement: Settlement) -> str:
    """Who took the game pot and how: "<@ann> wins: went out"."""
    winners = [seat_name(s) for s in settlement.game_winners]
    if not winners:
        return f"The hand ended by {ENDED.get(settlement.ended, settlement.ended)}"
    values = {settlement.values.get(s) for s in settlement.game_winners} - {None}
    how = WON_BY.get(settlement.ended, settlement.ended).format(
        value=" and ".join(str(v) for v in sorted(values)) or "49 or 50"
    )
    if len(winners) == 1:
        return f"{winners[0]} wins: {how}"
    return f"{', '.join(winners[:-1])} and {winners[-1]} share the game: {how}"


__all__ = ["count", "mention_seats", "seat_name"]  # the names every game's embeds share
