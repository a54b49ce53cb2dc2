"""What the sealed-round games' embeds share (Gops, the flush auction): a seat's line with
whether its choice is in, never what it is, and a round's choices once shown together
(G3.4); the frame of the table while the seats choose, and of a player's own hand. Each
game gives its headline, its fields and its words for a seat.

Cards are shown as faces beside their words (cogs/table/emojis). A face is ~30
characters of markup, so a field whose lines can grow all game (every round's bids, the
prizes each seat won) is given its lines both ways, and shows faces only as far as the
field's 1024 characters hold them (cogs/table/emojis/fitting.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import discord

from bot.i18n import _
from cogs.table import frames
from cogs.table.emojis import hand_heading
from cogs.table.frames import GOLD, GREEN, GREY, Field
from cogs.table.names import mention_seats, seat_name


def names(seats: Sequence[str]) -> str:
    """Seats named in a sentence: "<@a>, <@b> and <@c>"; "nobody" for none."""
    named = [seat_name(s) for s in seats]
    if not named:
        return _("nobody")
    if len(named) == 1:
        return named[0]
    # Translators: the last of several players named in a sentence: "<@a>, <@b> and <@c>"
    return _("{players} and {last}", players=", ".join(named[:-1]), last=named[-1])


def seat_line(seat: Any, public: Any, away: set[str], about: str, mark: str | None) -> str:
    """A seat on the table: sitting out, or its stack and the game's words `about` it,
    then its marks: dealer, away, and `mark`, whether its choice is in."""
    stack = _("{player} — {chips} chips", player=seat_name(seat.id), chips=seat.stack)
    if not seat.dealt_in:
        # Translators: a player's mark on the table: not dealt into this game
        out = _("sitting out")
        return f"{stack} · {out}"
    marks = []
    if seat.id == public.dealer:
        # Translators: a player's mark on the table: the dealer of this game
        marks.append(_("dealer"))
    if seat.id in away:
        # Translators: a player's mark on the table: away, the bot plays for them
        marks.append(_("away"))
    if mark:
        marks.append(mark)
    status = f" · {', '.join(marks)}" if marks else ""
    return f"{stack} · {about}{status}"


def reveal_line(choices: Iterable[tuple[str, str]], winner: str | None, *, won: str,
                tied: str) -> str:
    """A round's choices shown together (G3.4), and what came of them: "<@a> 7♦ · <@b>
    9♦ → <@b> takes it", or after a tie for highest "→ a tie for highest: <tied>"."""
    shown = " · ".join(f"{seat_name(seat)} {choice}" for seat, choice in choices)
    if winner is None:
        # Translators: after a round's sealed bids: two or more tied for the highest bid;
        # {outcome} is what comes of it ("discarded", "nobody buys")
        outcome = _("a tie for highest: {outcome}", outcome=tied)
    else:
        outcome = f"{seat_name(winner)} {won}"  # `won` is said of the winner, after its name
    return f"{shown} → {outcome}"


def table_embed(
    public: Any, title: str, headline: str, players: str, fields: Iterable[Field], *,
    hand_number: int,
) -> discord.Embed:
    """The public table during a game: the pot, the headline, the players (a field's
    text: `faces_if_all_fit`), then the game's fields. `title` is the game's name, as
    the reader's language has it."""
    # Translators: a table's title: the game's name, and which game this is at the table
    heading = _("{game} — game {number}", game=title, number=str(hand_number))
    pot = _("Stake {stake}, pot {pot}.", stake=public.stake, pot=public.pot)
    embed = frames.embed(
        heading, f"{pot} {headline}",
        GREEN if public.ended is None else GOLD, [Field(_("Players"), players), *fields],
    )
    return embed


def hand_embed(view: Any, state: str, fields: Iterable[Field], *, note: str) -> discord.Embed:
    """A player's own hand with `state`, what the round asks of them, then the game's
    fields. Ephemeral replies only."""
    said = f"> {mention_seats(note, [s.id for s in view.public.seats])}\n" if note else ""
    return frames.embed(_("Your hand"), f"{said}{hand_heading(view.hand)}\n{state}",
                        GREEN if view.legal else GREY, fields)
