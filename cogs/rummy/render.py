"""What the rummy games' embeds share (GFF, Tonk): the seats with their card counts, the
spreads, the discard, the stock, the log of actions, a player's own hand and its value.

Rendering only: every rule is the engine's. Public embeds are built from the public view
and its event log, which hold only cards that are face up; `hand_embed` shows a hand and
is used for ephemeral replies only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import discord

from bot.i18n import _, pgettext
from cogs.table.emojis import face_and_word, faces_and_words, hand_heading
from cogs.table.frames import GOLD, GREEN, GREY, Field, due, waiting_line
from cogs.table.names import clip, count, mention_seats, seat_name
from engine.events import Event, wording
from engine.rummy.views import PublicView

LOG_LINES = 6

# Events the log leaves out: the deal is the embed itself, posts are in the pots.
_QUIET_EVENTS = frozenset({"deal", "post"})


def spread_lines(public: PublicView) -> list[str]:
    return [f"{s.index + 1}. {seat_name(s.owner)}: {faces_and_words(s.cards)}"
            for s in public.spreads]


def discard_label(public: PublicView) -> str:
    if public.discard_top is not None:
        return face_and_word(public.discard_top)
    # Translators: the discard pile has no card
    return pgettext("discard pile", "empty")


def last_actions(events: Sequence[Event], lines: int = LOG_LINES) -> list[str]:
    """The newest `lines` events worth reading, oldest first; only those are described,
    because the table message is rendered after every action of a long hand."""
    shown: list[str] = []
    for event in reversed(events):
        if len(shown) == lines:
            break
        if event.kind not in _QUIET_EVENTS:
            shown.append(event_line(event))
    return shown[::-1]


# Events whose `detail` is a sentence of the engine's (an ending, marked for the catalogs);
# other details are names (a pot's, a game's), shown as the game names them.
_WORDED_DETAILS = frozenset({"ended"})


def event_line(event: Event) -> str:
    """One line of the table's log, in the reader's language (engine/events.py `wording`)."""
    template, values = wording(event, seat_name)
    if event.kind in _WORDED_DETAILS and isinstance(values.get("detail"), str):
        values["detail"] = _(str(values["detail"]))
    return _(template, **values)


class RummyEmbeds:
    """A rummy game's table and hand embeds. A game's subclass names itself and its
    endings, and adds what only it shows: a seat's own marks, fields of its own."""

    title: ClassVar[str]  # the game's name, as the table's title shows it (an N_ id)
    # The public view's `ended`, in the table's words (N_ ids, translated when shown).
    ended: ClassVar[Mapping[str, str]]

    def seat_marks(self, seat: Any, public: Any) -> list[str]:
        """A seat's marks of the game's own, after "dealer"."""
        return []

    def table_fields(self, public: Any) -> list[Field]:
        """The table's fields of the game's own, between the seats and the spreads."""
        return []

    def discard_line(self, public: Any) -> str:
        """The discard pile's top, on the table and in a hand."""
        return discard_label(public)

    def hand_fields(self, view: Any) -> list[Field]:
        """A hand's fields of the game's own, before the discard."""
        return []

    def hand_note(self, view: Any) -> str:
        """A line of the game's own under a hand's state, or nothing."""
        return ""

    def seat_lines(self, public: Any, away: set[str]) -> list[str]:
        lines = []
        for seat in public.seats:
            # Translators: marks after a seat's name on the table: who deals, who is away
            marks = [_("dealer")] if seat.id == public.dealer else []
            marks += self.seat_marks(seat, public)
            if seat.id in away:
                marks.append(_("away"))
            if not seat.dealt_in:
                marks.append(_("sitting out"))
            turn = "▶ " if seat.id == public.turn else ""
            cards = f" · {count(seat.cards, 'card')}" if seat.dealt_in else ""
            status = f" · {', '.join(marks)}" if marks else ""
            stack = _("{player} — {chips}", player=seat_name(seat.id),
                      chips=count(seat.stack, "chip"))
            lines.append(f"{turn}{stack}{cards}{status}")
        return lines

    def table_embed(
        self, public: Any, events: Sequence[Event], *, hand_number: int,
        deadline: int | None = None, away: set[str] | frozenset[str] = frozenset(),
        ) -> discord.Embed:
        """The public table during a hand. `deadline` is a Unix time for the turn's end."""
        if public.turn is not None:
            when = due(deadline)
            # Translators: {when} is empty or ", in 30 seconds" (Discord's countdown)
            headline = _("{player} to play{when}.", player=seat_name(public.turn), when=when)
        else:
            ended = public.ended or ""
            headline = _("The hand is over: {ending}.", ending=_(self.ended.get(ended, ended)))
        embed = discord.Embed(
            title=_("{game} — hand {number}", game=_(self.title), number=str(hand_number)),
            description=_("Stake {stake}. {headline}", stake=public.stake, headline=headline),
            colour=GREEN if public.turn else GOLD,
        )
        embed.add_field(name=_("Seats"), value=clip(self.seat_lines(public, set(away))),
                        inline=False)
        for field in self.table_fields(public):
            embed.add_field(name=field.name, value=field.value, inline=field.inline)
        spreads = spread_lines(public)
        # Translators: a spread is a set or run of cards laid face up on the table
        embed.add_field(name=_("Spreads"), value=clip(spreads) if spreads else _("none yet"),
                        inline=False)
        # Translators: the discard pile
        embed.add_field(name=_("Discard"), value=self.discard_line(public), inline=True)
        # Translators: the stock, the face-down pile players draw from
        embed.add_field(name=_("Stock"), value=count(public.stock, "card"), inline=True)
        embed.add_field(name=_("Last actions"), value=clip(last_actions(events)),
                        inline=False)
        return embed

    def hand_embed(self, view: Any, *, note: str = "") -> discord.Embed:
        """A player's own hand. Ephemeral replies only: this shows hidden cards."""
        public = view.public
        if view.legal:
            state = _("Your turn.")
        else:
            state = waiting_line(public.turn, _("The hand is over."))
        said = f"> {mention_seats(note, [s.id for s in public.seats])}\n" if note else ""
        more = self.hand_note(view)
        embed = discord.Embed(
            title=_("Your hand"),
            description=f"{said}{hand_heading(view.hand)}\n"
                        + _("Worth **{value}**. {state}", value=view.value, state=state)
                        + (f"\n{more}" if more else ""),
            colour=GREEN if view.legal else GREY,
        )
        for field in self.hand_fields(view):
            embed.add_field(name=field.name, value=field.value, inline=field.inline)
        embed.add_field(name=_("Discard"), value=self.discard_line(public), inline=True)
        embed.add_field(name=_("Stock"), value=count(public.stock, "card"), inline=True)
        if public.spreads:
            embed.add_field(name=_("Spreads"), value=clip(spread_lines(public)), inline=False)
        return embed
