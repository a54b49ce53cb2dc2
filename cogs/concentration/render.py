"""Concentration's embeds: the table, a game's result, a player's flip view.

Rendering only: every rule is the engine's. Everything is public (CONC-4.1), but the
table shows only what the public view holds: which positions are gone, the pairs each
player has taken, and the current turn's flips. Earlier flips are never listed while
the game runs (CONC-2.5): remembering them is the game.

The layout is drawn twice: as faces (cogs/table/emojis: backs, this turn's flips face
up, a gap where a pair was taken), four rows of 13 as a player sees a table, and in
words, the positions' numbers that the flip view names. Fifty-two faces are some 1,700
characters, more than a field holds, so they go in the description, and only while the
embed stays within Discord's limits; the words are always there.
"""

from __future__ import annotations

import discord

from bot.i18n import N_, _
from cogs.table.emojis import face, face_and_word
from cogs.table.emojis.shown import FACES
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
from cogs.table.names import clip, count, seat_name
from engine import cards as C
from engine.concentration.deal import POSITIONS
from engine.concentration.info import COLOUR
from engine.concentration.settlement import ConcentrationSettlement
from engine.concentration.views import PrivateView, PublicView

# Translators: the game's name: a memory game: flip two face-down cards, keep them if they pair
TITLE = N_("Concentration")
ROW = 13  # positions per row of the layout: row r holds 13r … 13r+12 (CONC-1.1)
GONE = "··"
GAP_FACE = "⬛"  # a taken position among the faces: an emoji, as wide as a face
DESCRIPTION_LIMIT = 4096  # Discord's most for an embed's description
EMBED_LIMIT = 6000  # and for all of an embed's text


def match_words(match: str) -> str:
    # Translators: what makes a pair at this table: two cards of one rank (and one colour)
    return _("pairs of a rank and a colour") if match == COLOUR else _("pairs of a rank")


def layout_lines(public: PublicView) -> list[str]:
    """Four rows of 13: a position's number while face down, its card while flipped this
    turn, dots once its pair is taken."""
    shown = dict(public.shown)
    cells = []
    for pos in range(POSITIONS):
        if pos in shown:
            cells.append(C.label(shown[pos]).rjust(3))
        elif pos in public.gone:
            cells.append(GONE.rjust(3))
        else:
            cells.append(str(pos).rjust(3))
    return ["".join(cells[r:r + ROW]) for r in range(0, POSITIONS, ROW)]


def layout_block(public: PublicView) -> str:
    return "```\n" + "\n".join(layout_lines(public)) + "\n```"


def layout_faces(public: PublicView) -> str:
    """The layout as faces, four rows of 13: a back while face down, the card while
    flipped this turn (CONC-2.5), a gap once its pair is taken."""
    shown = dict(public.shown)
    back = FACES.back()
    cells = [face(shown[pos]) if pos in shown else GAP_FACE if pos in public.gone else back
             for pos in range(POSITIONS)]
    return "\n".join("".join(cells[r:r + ROW]) for r in range(0, POSITIONS, ROW))


def with_layout_faces(embed: discord.Embed, public: PublicView) -> discord.Embed:
    """The embed with the layout's faces after its description, when faces are on and
    the embed, with them, is within Discord's limits; else as it is (the words)."""
    if not FACES.on:
        return embed
    grid = layout_faces(public)
    described = f"{embed.description}\n{grid}" if embed.description else grid
    if len(described) <= DESCRIPTION_LIMIT and len(embed) + len(grid) + 1 <= EMBED_LIMIT:
        embed.description = described
    return embed


def flips_line(public: PublicView) -> str:
    """The current turn's flips only (CONC-2.5)."""
    if not public.shown or public.shown_by is None:
        return _("No card is face up.")
    flips = ", ".join(f"{pos}: {face_and_word(card)}" for pos, card in public.shown)
    player = seat_name(public.shown_by)
    if len(public.shown) < 2:
        # Translators: {flips} is each card flipped with its position: "12: 7♥, 30: 7♦"
        return _("{player} flipped {flips}.", player=player, flips=flips)
    if all(pos in public.gone for pos, _card in public.shown):
        return _("{player} flipped {flips} — a pair, taken.", player=player, flips=flips)
    return _("{player} flipped {flips} — no match, turned face down again.", player=player,
             flips=flips)


def _seat_lines(public: PublicView, away: set[str]) -> list[str]:
    lines = []
    for seat in public.seats:
        marks = seat_marks(seat.id, dealer=public.dealer, away=away, dealt_in=seat.dealt_in)
        pairs = f" · {count(len(seat.pairs), 'pair')}" if seat.dealt_in else ""
        lines.append(seat_line(seat.id, seat.stack, marks, turn=seat.id == public.turn,
                               holds=pairs))
    return lines


def table_embed(
    public: PublicView, *, hand_number: int, deadline: int | None = None,
    away: frozenset[str] | set[str] = frozenset(),
) -> discord.Embed:
    if public.turn is not None:
        when = due(deadline)
        player = seat_name(public.turn)
        # Translators: {when} is empty or ", <t:…:R>", which Discord shows as "in 30 seconds"
        headline = (_("{player} to flip a second card{when}.", player=player, when=when)
                    if public.first is not None
                    else _("{player} to flip a card{when}.", player=player, when=when))
    else:
        headline = _("The game is over: every pair is taken.")
    left = POSITIONS - len(public.gone)
    terms = _("Stake {stake}, {match}.", stake=public.stake, match=match_words(public.match))
    embed = discord.Embed(
        # Translators: a table's title: the game's name, and which game this is at the table
        title=_("{game} — game {number}", game=_(TITLE), number=str(hand_number)),
        description=f"{terms} {headline}",
        colour=GREEN if public.turn else GOLD,
    )
    embed.add_field(name=_("Pot"), value=_("{chips} chips", chips=public.pot), inline=True)
    # Translators: how many cards of the layout are still face down
    embed.add_field(name=_("Face down"), value=count(left, "card"), inline=True)
    # Translators: the 52 places the cards are laid out in, face down
    embed.add_field(name=_("Layout"), value=layout_block(public), inline=False)
    embed.add_field(name=_("This turn"), value=flips_line(public), inline=False)
    embed.add_field(name=_("Seats"), value=clip(_seat_lines(public, set(away))), inline=False)
    return with_layout_faces(embed, public)


def result_lines(settlement: ConcentrationSettlement) -> ResultLines:
    names = ", ".join(seat_name(s) for s in settlement.winners)
    best = max(settlement.scores.values())
    scores = [f"{seat_name(seat)}: {count(pairs, 'pair')}"
              for seat, pairs in settlement.scores.items()]
    if len(settlement.winners) > 1:
        # Translators: two or more players tie with the most pairs, {pairs} ("5 pairs")
        won = _("{players} with {pairs} take the pot.", players=names, pairs=count(best, "pair"))
    else:
        won = _("{player} with {pairs} takes the pot.", player=names, pairs=count(best, "pair"))
    return ResultLines(" ".join((_("Every pair is taken."), won)),
                       fields=(Field(_("Pairs"), clip(scores)),))


def history_words(result: dict) -> str:
    scores = result.get("scores", {})
    best = max(scores.values()) if scores else 0
    # Translators: a finished game in the history: its winners and the most pairs taken
    return _("{players} with {pairs}", players=mentions(result.get("winners", [])),
             pairs=count(best, "pair"))


def hand_embed(view: PrivateView, *, note: str = "") -> discord.Embed:
    """The flip view: the layout as everyone sees it, and whose flip it is."""
    public = view.public
    if view.legal:
        state = (_("Your turn: flip a second card.") if public.first is not None
                 else _("Your turn: flip a card."))
    else:
        state = waiting_line(public.turn, _("The game is over."))
    said = f"> {note}\n" if note else ""
    embed = discord.Embed(
        # Translators: the title of a player's own view, where they flip cards
        title=_("Your flips"),
        description=f"{said}{state}",
        colour=GREEN if view.legal else GREY,
    )
    embed.add_field(name=_("Layout"), value=layout_block(public), inline=False)
    embed.add_field(name=_("This turn"), value=flips_line(public), inline=False)
    mine = next(s for s in public.seats if s.id == view.seat)
    embed.add_field(name=_("Your pairs"), value=str(len(mine.pairs)), inline=True)
    return with_layout_faces(embed, public)
