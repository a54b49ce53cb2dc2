"""The frames of every game's embeds: the lobby round its seat list, and a settled hand's
result round the game's own lines. `GameUI` (cogs/table/ui.py) draws them; a game gives
only the lines its rules make its own."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from cogs.table.names import clip, seat_name

if TYPE_CHECKING:
    from bot.store import HouseSeed, Seat
    from bot.tables import LiveTable
    from engine.game import Settlement

GREEN = discord.Colour.dark_green()  # a hand being played
GOLD = discord.Colour.gold()  # a settled hand
GREY = discord.Colour.light_grey()  # between hands


@dataclass(frozen=True)
class Field:
    """One embed field, as `discord.Embed.add_field` takes it."""

    name: str
    value: str
    inline: bool = False


@dataclass(frozen=True)
class ResultLines:
    """A game's own lines of a settled hand, which the result frame sets in order: `said`,
    `fields`, every seat's net, `notes`, then who is out."""

    said: str  # the description: how the hand ended, who won (a title shows no mention)
    fields: Sequence[Field] = ()  # the hands shown, the scores, the payments
    notes: Sequence[Field] = ()  # what the nets leave out: a pot carried, who left
    # The seats whose net is shown, in the settlement's order; None: every seat in `net`.
    nets_of: Collection[str] | None = None


def seat_line(seat_id: str, stack: int, marks: Sequence[str] = (), *, turn: bool = False,
              holds: str = "") -> str:
    """One seat as every table shows it: "▶ <name> — 200 chips · 5 cards · dealer, away",
    with what the game shows it holding (`holds`, from " · ") and its marks."""
    status = f" · {', '.join(marks)}" if marks else ""
    return f"{'▶ ' if turn else ''}{seat_name(seat_id)} — {stack} chips{holds}{status}"


def seat_marks(seat_id: str, *, dealer: str | None, away: Collection[str],
               dealt_in: bool = True, dealer_word: str = "dealer") -> list[str]:
    """The marks every table gives a seat during a hand, in this order: the dealer (by the
    game's word for one), away, sitting out. A game adds its own after them."""
    marks = [dealer_word] if seat_id == dealer else []
    if seat_id in away:
        marks.append("away")
    if not dealt_in:
        marks.append("sitting out")
    return marks


def due(deadline: int | None) -> str:
    """", <t:…:R>": when the turn's clock runs out, which Discord counts down in each
    reader's own time; nothing without a clock."""
    return f", <t:{deadline}:R>" if deadline else ""


def waiting_line(turn: str | None, over: str) -> str:
    """A player's own view when the turn is not theirs: whose it is, or, with nobody to
    act, `over` (how the game says the hand is over)."""
    return f"Waiting for {seat_name(turn)}." if turn else over


def seat_lines(seats: Iterable[Seat]) -> list[str]:
    """Each seat at the table between hands, its stack, and its status unless simply
    seated."""
    return [seat_line(seat.seat_id, seat.stack, [seat.status] if seat.status != "seated" else [])
            for seat in seats]


def seats_field(seats: Sequence[Seat], max_players: int) -> Field:
    lines = seat_lines(seats)
    return Field(f"Seats ({len(seats)}/{max_players})", clip(lines) if lines else "empty")


def options_line(options: Mapping[str, Any]) -> str:
    """A table's options as its lobby and table message show them: "match colour",
    "joker on"."""
    return ", ".join(f"{name} {_shown(value)}" for name, value in sorted(options.items()))


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def options_field(options: Mapping[str, Any], default: str) -> Field:
    """The table's options (G3.3), or the game's default when none was chosen."""
    return Field("Table options", options_line(options) if options else f"{default} (the default)")


def embed(title: str, description: str, colour: discord.Colour,
          fields: Iterable[Field]) -> discord.Embed:
    drawn = discord.Embed(title=title, description=description, colour=colour)
    for field in fields:
        drawn.add_field(name=field.name, value=field.value, inline=field.inline)
    return drawn


def join_line(game_id: str, when: str = "") -> str:
    return f"Join with `/{game_id} join`{when}; the host starts with `/{game_id} start`."


def net_lines(settlement: Settlement, seats: Collection[str] | None = None) -> list[str]:
    """Each seat's net this hand and the stack it leaves (G3.5)."""
    return [f"{seat_name(seat)}: {'+' if net > 0 else ''}{net} → {settlement.stacks[seat]}"
            for seat, net in settlement.net.items() if seats is None or seat in seats]


def result_embed(settlement: Settlement, lines: ResultLines, *, hand_word: str,
                 hand_number: int, out_below: str) -> discord.Embed:
    """A settled hand: the game's lines, each net, and who is out (G2.6)."""
    fields = [*lines.fields,
              Field(f"Net this {hand_word}", clip(net_lines(settlement, lines.nets_of))),
              *lines.notes]
    if settlement.eliminated:
        out = ", ".join(seat_name(s) for s in settlement.eliminated)
        fields.append(Field("Out", f"{out}: below {out_below}"))
    return embed(f"{hand_word.capitalize()} {hand_number}: the result", lines.said, GOLD,
                 fields)


def mentions(seat_ids: Iterable[str]) -> str:
    """Seats named in a history line, from a result's JSON: "nobody" for none."""
    return ", ".join(f"<@{seat}>" for seat in seat_ids) or "nobody"


def fair_footer(table: LiveTable) -> str | None:
    """What proves the deck (docs/fairness.md): the house seed's hash the deal came from
    and its number (the nonce); between deals the hash the next deal will come from; a
    deal of fixed decks (in tests) its older commitment."""
    running = table.running
    if running is not None and running.fair:
        return (f"Fair deck: house seed hash {running.fair['house_hash']} · deal "
                f"{running.fair['nonce']} · /fair to check")
    if running is not None and running.hand.commitment:
        return f"Deck commitment (SHA-256): {running.hand.commitment}"
    house = table.house
    if house is not None:
        return f"Fair decks: the next deal comes from house seed hash {house.house_hash} · /fair"
    return None


def with_fair_footer(made: discord.Embed, table: LiveTable) -> discord.Embed:
    footer = fair_footer(table)
    if footer:
        made.set_footer(text=footer)
    return made


def revealed_seeds(seeds: Sequence[HouseSeed]) -> str:
    """House seeds just revealed, for the channel: each with the hash it was shown by."""
    return "; ".join(f"`{s.seed}` (hash `{s.house_hash[:16]}…`)" for s in seeds)
