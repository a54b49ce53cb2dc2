"""Old Maid's embeds: the table, a deal's result, a player's own hand.

Rendering only: every rule is the engine's. Public embeds are built from the public view
and the settlement, which hold only what OLDMAID-5.2 makes public: how many cards each
player holds, every pair thrown, who drew from whom, who is out, and at the end the Old
Maid. A player's cards and the card they drew or gave are in `hand_embed`, which is for
ephemeral replies only. Cards are shown as their faces with their words beside them
(cogs/table/emojis), the words alone where faces would not fit a field.
"""

from __future__ import annotations

import discord

from bot.i18n import N_, _
from cogs.table.emojis import face_and_word, faces_and_words, hand_heading
from cogs.table.frames import GOLD, GREEN, GREY, ResultLines, due, seat_line, seat_marks
from cogs.table.names import FIELD_LIMIT, clip, count, seat_name
from engine import cards as C
from engine.oldmaid.settlement import OldMaidSettlement
from engine.oldmaid.views import PrivateView, PublicView

# Translators: the game's name: the queen left without a mate (the old maid) loses
TITLE = N_("Old Maid")
RECENT_DRAWS = 5  # the draws the table lists, newest last


def _seat_lines(public: PublicView, away: set[str]) -> list[str]:
    lines = []
    for seat in public.seats:
        marks = seat_marks(seat.id, dealer=public.dealer, away=away, dealt_in=seat.dealt_in)
        if seat.dealt_in and seat.out:
            # Translators: a player's mark on the table: they hold no cards and are done
            marks.append(_("out: no cards left"))
        cards = f" · {count(seat.cards, 'card')}" if seat.dealt_in and not seat.out else ""
        lines.append(seat_line(seat.id, seat.stack, marks, turn=seat.id == public.drawer,
                               holds=cards))
    return lines


def pair_lines(public: PublicView, faced: int | None = None) -> list[str]:
    """Every pair thrown face up (OLDMAID-2.2), by seat, in the order thrown: the newest
    `faced` (all by default) as faces and words, the others in words."""
    plain = len(public.pairs) - (len(public.pairs) if faced is None else faced)
    by_seat: dict[str, list[str]] = {}
    for n, pair in enumerate(public.pairs):
        shown = C.labels(pair.cards) if n < plain else faces_and_words(pair.cards)
        by_seat.setdefault(pair.seat, []).append(shown)
    return [f"{seat_name(seat)}: {', '.join(pairs)}" for seat, pairs in by_seat.items()]


def pairs_field(public: PublicView) -> str:
    """Every pair thrown, in one field: a face is some 30 characters and the deal alone
    may throw 24 pairs, so the newest pairs are faces as far as they fit, the older in
    words, which always fit."""
    for faced in range(len(public.pairs), -1, -1):
        lines = pair_lines(public, faced)
        if sum(len(line) + 1 for line in lines) <= FIELD_LIMIT - 4:
            break
    return clip(lines)


def draw_lines(public: PublicView) -> list[str]:
    """Who drew from whom, newest last (OLDMAID-5.2); never the card."""
    return [f"{d.moment}. " + _("{player} drew from {holder}", player=seat_name(d.drawer),
                                holder=seat_name(d.holder))
            for d in public.draws[-RECENT_DRAWS:]]


def table_embed(
    public: PublicView, *, hand_number: int, deadline: int | None = None,
    away: frozenset[str] | set[str] = frozenset(),
) -> discord.Embed:
    if public.drawer is not None and public.holder is not None:
        when = due(deadline)
        # Translators: {when} is empty or ", <t:…:R>", which Discord shows as "in 30 seconds"
        headline = _("{player} to draw from {holder} ({cards}){when}.",
                     player=seat_name(public.drawer), holder=seat_name(public.holder),
                     cards=count(public.holder_cards, "card"), when=when)
    elif public.old_maid is not None:
        headline = _("The deal is over: {player} keeps the Old Maid, {card}.",
                     player=seat_name(public.loser or ""), card=face_and_word(public.old_maid))
    else:
        headline = _("The deal is over.")
    stake = _("Stake {stake}.", stake=public.stake)
    embed = discord.Embed(
        # Translators: a table's title: the game's name, and which deal this is at the table
        title=_("{game} — deal {number}", game=_(TITLE), number=str(hand_number)),
        description=f"{stake} {headline}",
        colour=GREEN if public.drawer else GOLD,
    )
    embed.add_field(name=_("Pot"), value=_("{chips} chips", chips=public.pot), inline=True)
    embed.add_field(name=_("Seats"), value=clip(_seat_lines(public, set(away))), inline=False)
    embed.add_field(name=_("Pairs thrown"), value=pairs_field(public), inline=False)
    if public.draws:
        # Translators: the table's list of who drew a card from whom
        embed.add_field(name=_("Draws"), value=clip(draw_lines(public)), inline=False)
    return embed


# How a deal ended (OLDMAID-4), as the result's sentence says it.
ENDED = {
    "old_maid": N_("The draws left one player holding the Old Maid: {player} keeps {card} and "
                   "loses; everyone else shares the pot."),
    "on_deal": N_("The pairs thrown at the deal left one player holding cards: {player} keeps "
                  "{card} and loses; everyone else shares the pot."),
}


def result_lines(settlement: OldMaidSettlement) -> ResultLines:
    player, card = seat_name(settlement.loser), face_and_word(settlement.old_maid)
    said = ENDED.get(settlement.ended)
    if said is None:  # an ending without words: as the engine records it
        return ResultLines(f"{settlement.ended.capitalize()}: " + _(
            "{player} keeps {card} and loses; everyone else shares the pot.",
            player=player, card=card))
    return ResultLines(_(said, player=player, card=card))


def history_words(result: dict) -> str:
    """The result's loser and Old Maid (OLDMAID-7.4), shown by its face; a code that is
    no card (a result stored by hand) as it is."""
    code = str(result.get("old_maid", "?"))
    try:
        shown = face_and_word(C.parse(code))
    except C.CardError:
        shown = code
    return _("{player} kept the Old Maid ({card})", player=f"<@{result.get('loser')}>",
             card=shown)


def hand_embed(view: PrivateView, *, note: str = "") -> discord.Embed:
    """A player's own hand. Ephemeral replies only: this shows their cards."""
    public = view.public
    if view.legal and public.holder is not None:
        state = _("Your turn: draw one of {holder}'s {cards}, shown face down in a fresh order.",
                  holder=seat_name(public.holder), cards=count(public.holder_cards, "card"))
    elif public.drawer is not None and not view.hand:
        state = _("You are out: no cards left. Waiting for the others.")
    elif public.drawer is not None:
        state = _("Waiting for {player}.", player=seat_name(public.drawer))
    else:
        state = _("The deal is over.")
    said = f"> {note}\n" if note else ""
    embed = discord.Embed(
        title=_("Your hand"),
        description=f"{said}{hand_heading(view.hand)}\n{state}",
        colour=GREEN if view.legal else GREY,
    )
    if view.last_drawn is not None:
        embed.add_field(name=_("You drew last"), value=face_and_word(view.last_drawn),
                        inline=True)
    if view.last_given is not None:
        embed.add_field(name=_("Drawn from you last"), value=face_and_word(view.last_given),
                        inline=True)
    return embed
