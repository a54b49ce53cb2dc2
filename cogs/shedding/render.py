"""What a shedding game's embeds share (Page One, Jack Change It): the seats with their
counts and the bot's draws, the pot, the discard pile, the stock, the log of draws and
calls, a player's own hand, a result's own lines and the history line's. A card is shown
as its face and its words (cogs/table/emojis): the words are what a screen reader reads.

Rendering only: every rule is the engine's. Public embeds are built from the public view
and the settlement, which hold only what PAGEONE-6 and JCI-6 make public; `hand_embed`
shows a hand and is used for ephemeral replies only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import discord

from bot.i18n import N_, _, ngettext, number, spoken
from cogs.table.emojis import faces_and_words, hand_heading, suit_mark
from cogs.table.frames import Field, ResultLines, due, mentions, seat_marks, waiting_line
from cogs.table.names import FIELD_LIMIT, clip, count, mention_seats, seat_name
from engine import cards as C
from engine.cards import Card
from engine.shedding.settlement import DRAWN, SheddingSettlement
from engine.shedding.views import PublicView

GREEN = discord.Colour.dark_green()
GOLD = discord.Colour.gold()
GREY = discord.Colour.light_grey()

LOG_LINES = 6  # the newest draws and calls the table shows
DESCRIPTION_LIMIT = 4096  # characters in an embed's description
# The suits' names, in engine.cards.SUITS' order (its SUIT_NAMES are English identifiers).
SUIT_NAMES = (
    # Translators: a suit's name, alone (the suit a jack calls, the suit to follow).
    N_("spades"), N_("hearts"), N_("diamonds"), N_("clubs"),
)


def cards_field(cards: tuple[Card, ...], empty: str) -> str:
    """Cards in one field: their faces and words while they fit, else the words alone. A
    face is some 30 characters of markup, so a discard pile of 30 cards and more (a long
    game's) would pass a field's 1024."""
    shown = faces_and_words(cards, empty=empty)
    return shown if len(shown) <= FIELD_LIMIT else clip([C.labels(cards)])


def suit_name(suit: int) -> str:
    """A suit's name, in the reader's language."""
    return _(SUIT_NAMES[suit])


def suit_words(suit: int) -> str:
    """A suit: its mark (a face, or the symbol) and its name, for the screen reader."""
    return f"{suit_mark(suit)} {suit_name(suit)}"


def seat_lines(public: PublicView, away: set[str]) -> list[str]:
    """Each seat: its stack, and dealt in, its cards and how many the bot drew for it."""
    lines = []
    for seat in public.seats:
        marks = seat_marks(seat.id, dealer=public.dealer, away=away, dealt_in=seat.dealt_in)
        turn = "▶ " if seat.id == public.turn else ""
        # Translators: a seat's cards in hand, and how many of them the bot drew for it.
        cards = (" · " + ngettext("{cards}, {n} drawn", "{cards}, {n} drawn", seat.drawn,
                                  cards=count(seat.cards, "card"))
                 if seat.dealt_in else "")
        status = f" · {', '.join(marks)}" if marks else ""
        stack = ngettext("{player} — {n} chip", "{player} — {n} chips", seat.stack,
                         player=seat_name(seat.id))
        lines.append(f"{turn}{stack}{cards}{status}")
    return lines


class SheddingEmbeds:
    """A shedding game's table and hand embeds. A game's subclass names itself, its
    endings and its fields, and draws what it has in play (Page One's trick, Jack Change
    It's upcard) and what a turn asks of the player."""

    # Each a message id (marked with N_ where the game defines it), translated when shown.
    title: ClassVar[str]  # the game's name, as the table's title shows it
    ended: ClassVar[Mapping[str, str]]  # the public view's `ended`, in the table's words
    in_play: ClassVar[str]  # the name of the field of what is in play
    log: ClassVar[str]  # the name of the field of the public log

    def in_play_line(self, public: Any) -> str:
        """What is in play, for the table and the hand alike."""
        raise NotImplementedError

    def pile(self, public: Any) -> tuple[Card, ...]:
        """The discard pile, its top last."""
        raise NotImplementedError

    def to_do(self, public: Any) -> str:
        """The headline's sentence for the player to act (a message id, `{player}` and
        `{when}` filled in by the table)."""
        # Translators: the table's headline; {when} is ", in 30 seconds" (a countdown) or
        # nothing.
        return N_("{player} to play{when}.")

    def your_turn(self, view: Any) -> str:
        """What a turn asks of the player, in their own hand embed."""
        raise NotImplementedError

    def drawn_line(self, view: Any) -> str:
        """The cards the bot has just drawn for the player, where the game shows them."""
        return ""

    def table_embed(
        self, public: Any, *, hand_number: int, deadline: int | None = None,
        away: set[str] | frozenset[str] = frozenset(),
    ) -> discord.Embed:
        """The public table during a game. `deadline` is a Unix time for the turn's end."""
        if public.turn is not None:
            when = due(deadline)
            headline = _(self.to_do(public), player=seat_name(public.turn), when=when)
        else:
            ended = public.ended or ""
            headline = _("The game is over: {ending}.",
                         ending=_(self.ended[ended]) if ended in self.ended
                         else str(public.ended))
        embed = discord.Embed(
            title=_("{game} — game {number}", game=_(self.title), number=str(hand_number)),
            description=_("Stake {stake}, pot {pot}. {headline}", stake=public.stake,
                          pot=public.pot, headline=headline),
            colour=GREEN if public.turn else GOLD,
        )
        embed.add_field(name=_("Seats"), value=clip(seat_lines(public, set(away))),
                        inline=False)
        embed.add_field(name=_(self.in_play), value=self.in_play_line(public), inline=False)
        pile = self.pile(public)
        embed.add_field(name=_("Discard pile ({n})", n=len(pile)),
                        # Translators: an empty discard pile.
                        value=cards_field(pile, _("empty")), inline=False)
        # Translators: the stock: the face-down cards left to draw from.
        embed.add_field(name=_("Stock"), value=count(public.stock, "card"), inline=True)
        seats = [s.id for s in public.seats]
        said = [mention_seats(spoken(e), seats) for e in public.events[-LOG_LINES:]]
        embed.add_field(name=_(self.log), value=clip(said) if said else _("none yet"),
                        inline=False)
        return embed

    def hand_embed(self, view: Any, *, note: str = "") -> discord.Embed:
        """A player's own hand. Ephemeral replies only."""
        public = view.public
        if view.legal:
            state = self.your_turn(view)
        else:
            state = waiting_line(public.turn, _("The game is over."))
        said = f"> {mention_seats(note, [s.id for s in public.seats])}\n" if note else ""
        after = f"\n{state}{self.drawn_line(view)}"
        description = f"{said}{hand_heading(view.hand)}{after}"
        if len(description) > DESCRIPTION_LIMIT:  # some fifty cards' faces: the hand in words
            description = f"{said}# {C.labels(view.hand) or _('no cards')}{after}"
        embed = discord.Embed(title=_("Your hand"), description=description,
                              colour=GREEN if view.legal else GREY)
        embed.add_field(name=_(self.in_play), value=self.in_play_line(public), inline=False)
        embed.add_field(name=_("Stock"), value=count(public.stock, "card"), inline=True)
        embed.add_field(name=_("Pot"), value=number(public.pot), inline=True)
        return embed


def winner_line(settlement: SheddingSettlement) -> str:
    """PAGEONE-5, JCI-5: the first player out takes the pot; a drawn game gives it back."""
    if not settlement.winners:
        return _("A drawn game: every ante goes back.")
    return _("{player} went out and takes the pot.", player=seat_name(settlement.winners[0]))


def result_lines(settlement: SheddingSettlement) -> ResultLines:
    """A game's own lines in its result (the frame is every game's): who went out, and the
    cards each seat was left holding (PAGEONE-8.3, JCI-8.3)."""
    left = [_("{player}: {cards}", player=seat_name(s), cards=count(n, "card"))
            for s, n in settlement.cards_left.items()]
    return ResultLines(winner_line(settlement), [Field(_("Cards left"), clip(left))])


def history_words(result: dict) -> str:
    """A finished game in `/<game> history`, after how it ended, from its result JSON."""
    if result.get("ended") == DRAWN:
        return _("every ante back")
    return _("the pot to {players}", players=mentions(result.get("winners", [])))
