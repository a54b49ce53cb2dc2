"""The frames of every game's embeds: the lobby round its seat list, and a settled hand's
result round the game's own lines. `GameUI` (cogs/table/ui.py) draws them; a game gives
only the lines its rules make its own."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import N_, _
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
    seat = _("{player} — {chips} chips", player=seat_name(seat_id), chips=stack)
    return f"{'▶ ' if turn else ''}{seat}{holds}{status}"


# A seat's status between hands as the store keeps it, in the lobby's words ("seated" is
# not shown).
SEAT_STATUS = {
    # Translators: a seat's mark: the player let their turn time out (they are not there).
    "away": N_("away"),
    # Translators: a seat's mark: the player is at the table but not dealt in.
    "sitting out": N_("sitting out"),
}


def seat_marks(seat_id: str, *, dealer: str | None, away: Collection[str],
               dealt_in: bool = True, dealer_word: str | None = None) -> list[str]:
    """The marks every table gives a seat during a hand, in this order: the dealer (by the
    game's word for one, already in the reader's language), away, sitting out. A game adds
    its own after them."""
    # Translators: a seat's mark: the player who deals this hand.
    marks = [dealer_word or _("dealer")] if seat_id == dealer else []
    if seat_id in away:
        marks.append(_("away"))
    if not dealt_in:
        marks.append(_("sitting out"))
    return marks


def due(deadline: int | None) -> str:
    """", <t:…:R>": when the turn's clock runs out, which Discord counts down in each
    reader's own time; nothing without a clock."""
    return f", <t:{deadline}:R>" if deadline else ""  # Discord's markup, in every language


def waiting_line(turn: str | None, over: str) -> str:
    """A player's own view when the turn is not theirs: whose it is, or, with nobody to
    act, `over` (how the game says the hand is over)."""
    return _("Waiting for {player}.", player=seat_name(turn)) if turn else over


def seat_lines(seats: Iterable[Seat]) -> list[str]:
    """Each seat at the table between hands, its stack, and its status unless simply
    seated."""
    return [seat_line(seat.seat_id, seat.stack, [_seat_status(seat.status)]
                      if seat.status != "seated" else [])
            for seat in seats]


def _seat_status(status: str) -> str:
    shown = SEAT_STATUS.get(status)
    return _(shown) if shown else status


def seats_field(seats: Sequence[Seat], max_players: int) -> Field:
    lines = seat_lines(seats)
    return Field(_("Seats ({seated}/{seats})", seated=str(len(seats)), seats=str(max_players)),
                 # Translators: the lobby's seat list when nobody is seated.
                 clip(lines) if lines else _("empty"))


def options_line(options: Mapping[str, Any]) -> str:
    """A table's options as its lobby and table message show them: "match colour",
    "joker on"."""
    return ", ".join(f"{name} {_shown(value)}" for name, value in sorted(options.items()))


def _shown(value: Any) -> str:
    # The words a player types for an option (`joker:on`): the command's, in every language.
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def options_field(options: Mapping[str, Any], default: str) -> Field:
    """The table's options (G3.3), or the game's default when none was chosen (an option
    and its value as `/<game> create` takes them: "match rank")."""
    return Field(_("Table options"), options_line(options) if options
                 else _("{options} (the default)", options=default))


def embed(title: str, description: str, colour: discord.Colour,
          fields: Iterable[Field]) -> discord.Embed:
    drawn = discord.Embed(title=title, description=description, colour=colour)
    for field in fields:
        drawn.add_field(name=field.name, value=field.value, inline=field.inline)
    return drawn


def join_line(game_id: str, when: str = "") -> str:
    """How to join and start; `when` (in the reader's language) says when one may join."""
    if when:
        # Translators: {when} is a note on when one may join, such as " (between deals)".
        return _("Join with `/{game} join`{when}; the host starts with `/{game} start`.",
                 game=game_id, when=when)
    return _("Join with `/{game} join`; the host starts with `/{game} start`.", game=game_id)


def net_lines(settlement: Settlement, seats: Collection[str] | None = None) -> list[str]:
    """Each seat's net this hand and the stack it leaves (G3.5)."""
    # Numbers and marks only: the same in every language.
    return [f"{seat_name(seat)}: {'+' if net > 0 else ''}{net} → {settlement.stacks[seat]}"
            for seat, net in settlement.net.items() if seats is None or seat in seats]


# A result's sentences for each word a game calls one hand by (`GameUI.hand_word`),
# whole, so that each language words each its own way: the result's title, its net
# field, and how the hand ended.
RESULT_WORDS = {
    "hand": (N_("Hand {number}: the result"), N_("Net this hand"),
             N_("The hand ended: {ended}.")),
    "game": (N_("Game {number}: the result"), N_("Net this game"),
             N_("The game ended: {ended}.")),
    "deal": (N_("Deal {number}: the result"), N_("Net this deal"),
             N_("The deal ended: {ended}.")),
    # Translators: a partie is Piquet's game of six deals (the French word, kept in English).
    "partie": (N_("Partie {number}: the result"), N_("Net this partie"),
               N_("The partie ended: {ended}.")),
}


def _result_words(hand_word: str) -> tuple[str, str, str]:
    """The result's title, net field and ending, in the current language."""
    words = RESULT_WORDS.get(hand_word)
    if words is not None:
        return _(words[0]), _(words[1]), _(words[2])
    # A word no game used when these were written: in English, as before.
    return (f"{hand_word.capitalize()} {{number}}: the result", f"Net this {hand_word}",
            f"The {hand_word} ended: {{ended}}.")


def ended_line(hand_word: str, ended: str) -> str:
    """How a hand ended, as a result says it without the game's own lines."""
    return _result_words(hand_word)[2].format(ended=ended)


def result_embed(settlement: Settlement, lines: ResultLines, *, hand_word: str,
                 hand_number: int, out_below: str) -> discord.Embed:
    """A settled hand: the game's lines, each net, and who is out (G2.6). `out_below` is
    the English words a game marks N_ ("two stakes"), translated here."""
    title, net, _ended = _result_words(hand_word)
    fields = [*lines.fields,
              Field(net, clip(net_lines(settlement, lines.nets_of))),
              *lines.notes]
    if settlement.eliminated:
        out = ", ".join(seat_name(s) for s in settlement.eliminated)
        # Translators: the seats out of the game (G2.6), their stack below a limit ("two
        # stakes").
        fields.append(Field(_("Out"), _("{players}: below {limit}", players=out,
                                        limit=_(out_below))))
    return embed(title.format(number=str(hand_number)), lines.said, GOLD, fields)


def mentions(seat_ids: Iterable[str]) -> str:
    """Seats named in a history line, from a result's JSON: "nobody" for none."""
    return ", ".join(f"<@{seat}>" for seat in seat_ids) or _("nobody")


def fair_footer(table: LiveTable) -> str | None:
    """What proves the deck (docs/fairness.md): the house seed's hash the deal came from
    and its number (the nonce); between deals the hash the next deal will come from; a
    deal of fixed decks (in tests) its older commitment."""
    running = table.running
    if running is not None and running.fair:
        return " · ".join((
            _("Fair deck: house seed hash {house_hash}",
              house_hash=str(running.fair["house_hash"])),
            _("deal {nonce}", nonce=str(running.fair["nonce"])),
            _("/fair to check"),
        ))
    if running is not None and running.hand.commitment:
        return _("Deck commitment (SHA-256): {commitment}", commitment=running.hand.commitment)
    house = table.house
    if house is not None:
        return _("Fair decks: the next deal comes from house seed hash {house_hash} · /fair",
                 house_hash=house.house_hash)
    return None


def with_fair_footer(made: discord.Embed, table: LiveTable) -> discord.Embed:
    footer = fair_footer(table)
    if footer:
        made.set_footer(text=footer)
    return made


def revealed_seeds(seeds: Sequence[HouseSeed]) -> str:
    """House seeds just revealed, for the channel: each with the hash it was shown by."""
    return "; ".join(_("`{seed}` (hash `{house_hash}…`)", seed=s.seed,
                       house_hash=s.house_hash[:16]) for s in seeds)
