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

from cogs.table.emojis import face_and_word, faces_and_words, hand_heading
from cogs.table.frames import GOLD, GREEN, GREY, Field, due, waiting_line
from cogs.table.names import clip, count, mention_seats, seat_name
from engine.events import Event, describe
from engine.rummy.views import PublicView

LOG_LINES = 6

# Events the log leaves out: the deal is the embed itself, posts are in the pots.
_QUIET_EVENTS = frozenset({"deal", "post"})


def spread_lines(public: PublicView) -> list[str]:
    return [f"{s.index + 1}. {seat_name(s.owner)}: {faces_and_words(s.cards)}"
            for s in public.spreads]


def discard_label(public: PublicView) -> str:
    return face_and_word(public.discard_top) if public.discard_top is not None else "empty"


def last_actions(events: Sequence[Event], lines: int = LOG_LINES) -> list[str]:
    """The newest `lines` events worth reading, oldest first; only those are described,
    because the table message is rendered after every action of a long hand."""
    shown: list[str] = []
    for event in reversed(events):
        if len(shown) == lines:
            break
        if event.kind not in _QUIET_EVENTS:
            shown.append(describe(event, seat_name))
    return shown[::-1]


class RummyEmbeds:
    """A rummy game's table and hand embeds. A game's subclass names itself and its
    endings, and adds what only it shows: a seat's own marks, fields of its own."""

    title: ClassVar[str]  # the game's name, as the table's title shows it
    ended: ClassVar[Mapping[str, str]]  # the public view's `ended`, in the table's words

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
            marks = ["dealer"] if seat.id == public.dealer else []
            marks += self.seat_marks(seat, public)
            if seat.id in away:
                marks.append("away")
            if not seat.dealt_in:
                marks.append("sitting out")
            turn = "▶ " if seat.id == public.turn else ""
            cards = f" · {count(seat.cards, 'card')}" if seat.dealt_in else ""
            status = f" · {', '.join(marks)}" if marks else ""
            lines.append(f"{turn}{seat_name(seat.id)} — {seat.stack} chips{cards}{status}")
        return lines

    def table_embed(
        self, public: Any, events: Sequence[Event], *, hand_number: int,
        deadline: int | None = None, away: set[str] | frozenset[str] = frozenset(),
        ) -> discord.Embed:
        """The public table during a hand. `deadline` is a Unix time for the turn's end."""
        if public.turn is not None:
            when = due(deadline)
            headline = f"{seat_name(public.turn)} to play{when}."
        else:
            headline = f"The hand is over: {self.ended.get(public.ended or '', public.ended)}."
        embed = discord.Embed(
            title=f"{self.title} — hand {hand_number}",
            description=f"Stake {public.stake}. {headline}",
            colour=GREEN if public.turn else GOLD,
        )
        embed.add_field(name="Seats", value=clip(self.seat_lines(public, set(away))),
                        inline=False)
        for field in self.table_fields(public):
            embed.add_field(name=field.name, value=field.value, inline=field.inline)
        spreads = spread_lines(public)
        embed.add_field(name="Spreads", value=clip(spreads) if spreads else "none yet",
                        inline=False)
        embed.add_field(name="Discard", value=self.discard_line(public), inline=True)
        embed.add_field(name="Stock", value=count(public.stock, "card"), inline=True)
        embed.add_field(name="Last actions", value=clip(last_actions(events)), inline=False)
        return embed

    def hand_embed(self, view: Any, *, note: str = "") -> discord.Embed:
        """A player's own hand. Ephemeral replies only: this shows hidden cards."""
        public = view.public
        if view.legal:
            state = "Your turn."
        else:
            state = waiting_line(public.turn, "The hand is over.")
        said = f"> {mention_seats(note, [s.id for s in public.seats])}\n" if note else ""
        more = self.hand_note(view)
        embed = discord.Embed(
            title="Your hand",
            description=f"{said}{hand_heading(view.hand)}\n"
                        f"Worth **{view.value}**. {state}" + (f"\n{more}" if more else ""),
            colour=GREEN if view.legal else GREY,
        )
        for field in self.hand_fields(view):
            embed.add_field(name=field.name, value=field.value, inline=field.inline)
        embed.add_field(name="Discard", value=self.discard_line(public), inline=True)
        embed.add_field(name="Stock", value=count(public.stock, "card"), inline=True)
        if public.spreads:
            embed.add_field(name="Spreads", value=clip(spread_lines(public)), inline=False)
        return embed
