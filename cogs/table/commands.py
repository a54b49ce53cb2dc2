"""The commands every game's group has, one implementation for all: `/<game> join`,
`create`, `start`, `leave`, `end`, `addbot`, `removebot`, `hand`, `table`, `history`,
`rules`. Each answers in one sentence; a refusal (`TableError`, `StoreError`) is
raised and answered by the tree's one error handler (bot/client.py).

No `from __future__ import annotations` here: the option ranges are built per game
and discord.py reads them from the callbacks' evaluated annotations.
"""

import inspect
import io
import json
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.client import answer
from bot.i18n import N_, Text, _, ngettext
from bot.store import BadSetting, PastTable
from bot.tables import LiveTable, TableError
from bot.words import count, quoted
from cogs.table.names import for_players
from cogs.table.ui import TableOption, options_line
from engine import fairness, games

if TYPE_CHECKING:
    from cogs.table.cog import TableCog
    from cogs.table.ui import GameUI

HISTORY_HANDS = 10
HISTORY_TABLES = 10  # a channel's tables listed by /<game> history

# How a computer player of each level plays, as the level menu says it. The words are
# also the menu's choice names, which the command tree translates by itself; marked here
# for where `/<game> rules` shows them.
LEVEL_WORDS = {
    "random": N_("random: any legal move"),
    "easy": N_("easy: sensible"),
    "sharp": N_("sharp: remembers what it saw"),
    "hard": N_("hard: thinks ahead, up to a second a move"),
}

# A table's status as the store keeps it, in the words `/<game> history` lists it by.
TABLE_STATUS = {
    # Translators: a table still being played.
    "open": N_("open"),
    # Translators: a table that has closed.
    "closed": N_("closed"),
}

Stake = app_commands.Range[int, 1, 1_000_000]
Chips = app_commands.Range[int, 1, 1_000_000_000]
TurnSeconds = app_commands.Range[int, 15, 600]


def levels_line(game: Any, game_id: str) -> str:
    """The levels a host may seat, as `/<game> rules` names them."""
    levels = "; ".join(_(LEVEL_WORDS[level]) if level in LEVEL_WORDS else level
                       for level in game.strategies)
    return _("`/{game} addbot` (host) seats one: {levels}.", game=game_id, levels=levels)


def _cog(interaction: discord.Interaction) -> "TableCog":
    return interaction.client.get_cog("TableCog")  # type: ignore[union-attr, return-value]


def game_name(game_id: str) -> str:
    """The game's name in the current language (the registry's is the English)."""
    return _(games.get(game_id).info.name)


def no_table_here(game_id: str) -> TableError:
    return TableError(
        Text("There is no table in this channel. Start one with `/{game} join`.", game=game_id)
    )


def table_here(interaction: discord.Interaction, game_id: str, command: str) -> LiveTable:
    """The channel's table, which must play this game: one table per channel, whatever
    its game, and each game's commands act on its own tables only."""
    tables = interaction.client.tables  # type: ignore[union-attr]
    table = tables.in_channel(interaction.channel_id)
    if table is None:
        raise no_table_here(game_id)
    if table.info.game != game_id:
        other = table.info.game
        raise TableError(Text(
            "This channel's table plays {game}: use `/{other} {command}`, "
            "or wait until it closes.",
            # The game's name, rendered with the sentence: the registry's is marked N_.
            game=Text(games.get(other).info.name), other=other, command=command,
        ))
    return tables.table_here(interaction.channel_id)  # asking is activity: it stays open


async def join_table(interaction: discord.Interaction, game_id: str) -> None:
    """`/<game> join` and the table message's Join button."""
    bot = interaction.client
    tables = bot.tables  # type: ignore[union-attr]
    table, created = await tables.join(
        interaction.guild_id, interaction.channel_id, interaction.user.id, game=game_id
    )
    seat = table.seat_of(interaction.user.id)
    wallet = await bot.store.wallet(interaction.guild_id, interaction.user.id)  # type: ignore[union-attr]
    chips = str(seat.stack if seat else 0)
    if wallet:
        text = _("You sat down with {chips} chips ({bankroll} left in your bankroll).",
                 chips=chips, bankroll=wallet.balance)
    else:
        text = _("You sat down with {chips} chips.", chips=chips)
    game = table.info.game
    if created:
        text += " " + _("You opened this table, so you are its host: `/{game} start` deals.",
                        game=game)
    elif table.hand is not None and not table.hand.is_over:
        text += " " + _("You are dealt in from the next hand.")
    await answer(interaction, text)


def deck_check(record: dict) -> str:
    """One line that says exactly which bytes the deck commitment hashes, ready to paste."""
    text = fairness.record_text(record)
    if text is None:
        return _("This record holds no deck commitment to check.")
    return _(
        "Check the deck: the commitment is SHA-256 of the UTF-8 text `salt:deck` (the "
        "record's salt, a colon, its deck codes joined by single spaces): "
        "`printf '%s' '{text}' | sha256sum` must print {commitment}.",
        text=text, commitment=str(record.get("commitment")),
    )


async def with_revealed_seed(store: Any, record: dict) -> dict:
    """The record as `/history` gives it: with its house seed once revealed (at the table's
    close or a rotation), so the record alone proves its deck (docs/fairness.md)."""
    fair = record.get("fair")
    if not isinstance(fair, dict) or "house_seed" in fair:
        return record
    house = await store.house_seed_by_hash(str(fair.get("house_hash", "")))
    if house is None or house.revealed_ms is None:
        return record
    return {**record, "fair": {**fair, "house_seed": house.seed}}


def seeds_line(record: dict) -> str:
    """What the deal's deck came from, and whether it can be checked yet."""
    fair = record["fair"]
    made = _("Its deck came from house seed hash `{house_hash}`, the seats' seeds "
             "`{client_seed}` and deal number {nonce} ({version}).",
             house_hash=str(fair.get("house_hash")), client_seed=str(fair.get("client_seed")),
             nonce=str(fair.get("nonce")), version=str(fair.get("version")))
    if "house_seed" in fair:
        return made + " " + _("The house seed is revealed (in the file): check it with "
                              "`python -m engine.fairness verify` or docs/verify.html.")
    return made + " " + _("The house seed is revealed when the table closes or a player "
                          "rotates it (`/fair rotate:True`, between deals); then this "
                          "record proves its deck.")


def table_commands(ui: "GameUI") -> app_commands.Group:
    """The `/<game>` group of one game, its UI rendering what is game-specific."""
    info = ui.game.info
    game = info.id
    group = app_commands.Group(name=game, description=f"Play {info.name}", guild_only=True)
    levels = [app_commands.Choice(name=LEVEL_WORDS.get(level, level), value=level)
              for level in ui.game.strategies]

    @group.command(name="rules", description=f"How to play {info.name}")
    async def rules(interaction: discord.Interaction) -> None:
        embed = ui.rules_embed(interaction.client.settings)  # type: ignore[union-attr]
        embed.add_field(name=_("Computer players"), value=levels_line(ui.game, game),
                        inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    # -- seats ------------------------------------------------------------------------

    @group.command(name="join", description="Take a seat at this channel's table (or open one)")
    async def join(interaction: discord.Interaction) -> None:
        await join_table(interaction, game)

    create_table_command(group, ui)

    @group.command(name="start", description="Deal the first hand (host)")
    async def start(interaction: discord.Interaction) -> None:
        table_here(interaction, game, "start")
        await interaction.client.tables.start(  # type: ignore[union-attr]
            interaction.channel_id, interaction.user.id
        )
        await answer(interaction,
                     _("Dealt. Open your cards with **Your hand** on the table message."))

    @group.command(name="leave", description="Cash out and leave this channel's table")
    async def leave(interaction: discord.Interaction) -> None:
        table_here(interaction, game, "leave")
        text = await interaction.client.tables.leave(  # type: ignore[union-attr]
            interaction.channel_id, interaction.user.id
        )
        await answer(interaction, text)

    @group.command(name="end",
                   description="Close the table after this hand (host or Manage Server)")
    async def end(interaction: discord.Interaction) -> None:
        table_here(interaction, game, "end")
        can_manage = bool(interaction.permissions and interaction.permissions.manage_guild)
        text = await interaction.client.tables.end(  # type: ignore[union-attr]
            interaction.channel_id, interaction.user.id, can_manage=can_manage
        )
        await answer(interaction, text)

    @group.command(name="addbot", description="Seat a computer player (host)")
    @app_commands.describe(level="how well it plays")
    @app_commands.choices(level=levels)
    async def addbot(interaction: discord.Interaction, level: str) -> None:
        table_here(interaction, game, "addbot")
        text = await interaction.client.tables.add_computer(  # type: ignore[union-attr]
            interaction.channel_id, interaction.user.id, level
        )
        await answer(interaction, text)

    @group.command(name="removebot",
                   description="Take a computer player out, between hands (host)")
    async def removebot(interaction: discord.Interaction) -> None:
        table_here(interaction, game, "removebot")
        text = await interaction.client.tables.remove_computer(  # type: ignore[union-attr]
            interaction.channel_id, interaction.user.id
        )
        await answer(interaction, text)

    # -- looking ------------------------------------------------------------------------

    @group.command(name="hand", description="Your cards and your moves, only for you")
    async def hand(interaction: discord.Interaction) -> None:
        table = table_here(interaction, game, "hand")
        await _cog(interaction).controls.show_hand(interaction, table)

    @group.command(name="table", description="Post the table again at the bottom of the channel")
    async def table(interaction: discord.Interaction) -> None:
        live = table_here(interaction, game, "table")
        await _cog(interaction).presenter.repost(live)
        await answer(interaction, _("The table is below."))

    @group.command(name="history", description="The last hands here, or one hand's record")
    @app_commands.describe(
        hand="a hand number: its full record as a file",
        table="a table number from the list (default: this channel's table, or its last one)",
        verify="recompute the hand's deck from its seeds (or its older commitment)",
    )
    async def history(
        interaction: discord.Interaction,
        hand: app_commands.Range[int, 1] | None = None,
        table: app_commands.Range[int, 1] | None = None,
        verify: bool = False,
    ) -> None:
        await show_history(interaction, game, hand, table, verify)

    return group


def create_table_command(group: app_commands.Group, ui: "GameUI") -> None:
    """`/<game> create`: the house settings every game has, and the game's own table
    options (G3.3), each an option of the command (`/concentration create match:colour`)."""
    info = ui.game.info
    game = info.id
    offered = ui.table_options
    BuyIn = app_commands.Range[int, info.stakes_to_buy_in, 1_000_000_000]
    Players = app_commands.Range[int, info.min_seats, info.max_seats]
    # A game of a fixed number of players (Piquet's two) has no choice of seats to offer:
    # the command leaves the option out, and the table seats that number.
    seats_fixed = info.min_seats == info.max_seats

    async def create(
        interaction: discord.Interaction,
        stake: Stake | None = None,
        buy_in: BuyIn | None = None,
        max_players: Players | None = None,
        turn_seconds: TurnSeconds | None = None,
        **chosen,
    ) -> None:
        tables = interaction.client.tables  # type: ignore[union-attr]
        by_name = {option.name: option for option in offered}
        options = {name: offered_value(by_name[name], value)
                   for name, value in chosen.items() if value is not None}
        try:
            table = await tables.create(
                interaction.guild_id, interaction.channel_id, interaction.user.id,
                game=game, stake=stake, buy_in=buy_in, max_players=max_players,
                turn_seconds=turn_seconds, options=options,
            )
        except BadSetting as refused:  # the game's own words on its options
            raise TableError(for_players(refused.message, ())) from None
        t = table.info
        players = count(t.max_players, "player")
        terms = [
            _("stake {stake}", stake=t.stake),
            _("buy-in {buy_in}", buy_in=t.buy_in),
            players if seats_fixed else _("up to {players}", players=players),
            _("{seconds} s a turn", seconds=str(t.turn_seconds)),
        ]
        if t.options:
            terms.append(options_line(t.options))
        await answer(interaction, _(
            "Table open: {terms}. You are seated and host; `/{game} start` deals once "
            "someone joins.", terms=", ".join(terms), game=game,
        ))

    # discord.py reads a command's options from its callback's signature: the game's own
    # are added to it, each optional (absent, the page's default holds).
    signature = inspect.signature(create)
    fixed = [p for p in signature.parameters.values() if p.kind is not p.VAR_KEYWORD
             and not (p.name == "max_players" and seats_fixed)]
    extra = [
        inspect.Parameter(
            option.name, inspect.Parameter.KEYWORD_ONLY, default=None,
            annotation=str | None if option.choices else Chips | None,
        )
        for option in offered
    ]
    create.__signature__ = signature.replace(parameters=[*fixed, *extra])  # type: ignore[attr-defined]
    seats = {} if seats_fixed else {
        "max_players": f"seats at the table, {info.min_seats} to {info.max_seats}"}
    app_commands.describe(
        stake="chips in one stake, what the game's posts and payments count in",
        buy_in=f"chips you bring to the table (at least {count(info.stakes_to_buy_in, 'stake')})",
        **seats,
        turn_seconds="time for a turn, 15 to 600 seconds",
        **{option.name: option.description for option in offered},
    )(create)
    choices = {option.name: [app_commands.Choice(name=word, value=word)
                              for word in option.choices]
               for option in offered if option.choices}
    if choices:
        app_commands.choices(**choices)(create)
    group.command(name="create", description="Open a table here with your own settings")(create)


def offered_value(option: TableOption, value: object) -> object:
    """A table option's value as the record holds it. A word must be one the command
    offers: a modified client can send any text, and the refusal repeats only a little."""
    if option.choices and value not in option.choices:
        *others, last = option.choices
        # Translators: the words a table option may be, the last after "or": "colour or rank".
        choices = Text("{choices} or {last}", choices=", ".join(others), last=last) if others \
            else last
        raise TableError(Text("The option {option} is {choices}, not {given}.",
                              option=option.name, choices=choices, given=quoted(value)))
    return option.record_value(value)


async def show_history(
    interaction: discord.Interaction, game: str, hand: int | None, number: int | None,
    verify: bool,
) -> None:
    bot = interaction.client
    past, earlier = await _history_table(interaction, game, number)
    if hand is None:
        embed = await _history_embed(interaction, game, past, earlier)
        await interaction.response.send_message(embed=embed, ephemeral=True)
        return
    stored = await bot.store.hand_by_number(past.id, hand)  # type: ignore[union-attr]
    if stored is None or stored.status == "running":
        # A running hand's record holds the deck: it is shown once the hand is over.
        await answer(interaction, _("Hand {hand} is not finished at table {table}.",
                                    hand=str(hand), table=str(past.id)))
        return
    record = await with_revealed_seed(bot.store, stored.record)  # type: ignore[union-attr]
    data = json.dumps({**record, "result": stored.result}, indent=1).encode()
    lines = [
        _("Table {table}, hand {hand}: replay it with `python -m engine.replay hand-{hand}.json`.",
          table=str(past.id), hand=str(hand)),
        seeds_line(record) if "fair" in record else deck_check(record),
    ]
    if verify:
        verdict = fairness.verify_fair(record)
        checked = (_("Deck check: **verified**.") if verdict.ok
                   else _("Deck check: **not verified**."))
        # The verdict's sentence is the engine's: shown in the reader's language where the
        # catalogs have it (engine/fairness.py marks those it says).
        lines.append(f"{checked} {_(verdict.reason)}")
    await interaction.response.send_message(
        "\n".join(lines),
        file=discord.File(io.BytesIO(data), filename=f"hand-{hand}.json"),
        ephemeral=True,
    )


async def _history_table(
    interaction: discord.Interaction, game: str, number: int | None
) -> tuple[PastTable, list[PastTable]]:
    """The table whose hands are asked for, and the channel's other tables.

    By default the open table here, else the one that closed last: the last hand of
    a closed table must stay as checkable as any other.
    """
    bot = interaction.client
    live = bot.tables.in_channel(interaction.channel_id)  # type: ignore[union-attr]
    if live is not None:
        bot.tables.touch(live)  # type: ignore[union-attr]  # asking about the table is activity
    tables = await bot.store.channel_tables(  # type: ignore[union-attr]
        interaction.guild_id, interaction.channel_id,
        HISTORY_TABLES if number is None else 100,
    )
    if number is not None:
        chosen = next((t for t in tables if t.id == number), None)
        if chosen is None:
            raise TableError(Text("Table {table} was not played in this channel.",
                                  table=str(number)))
    elif tables:
        chosen = tables[0]  # a channel's open table is always its newest
    else:
        raise no_table_here(game)
    return chosen, [t for t in tables[:HISTORY_TABLES] if t.id != chosen.id]


async def _history_embed(
    interaction: discord.Interaction, game: str, past: PastTable, earlier: list[PastTable]
) -> discord.Embed:
    bot = interaction.client
    hands = await bot.store.recent_hands(past.id, HISTORY_HANDS)  # type: ignore[union-attr]
    played = (await bot.store.table(past.id)).game  # type: ignore[union-attr]
    ui = _cog(interaction).uis.get(played)
    if past.status == "closed":
        title = _("The last hands at table {table} (closed)", table=str(past.id))
    else:
        title = _("The last hands at table {table}", table=str(past.id))
    embed = discord.Embed(title=title)
    if played != game:
        embed.title += f", {game_name(played)}"
    lines = []
    for stored in hands:
        result = stored.result or {}
        if stored.status == "void":  # why, in the engine's words when it refused the record
            seats = [str(seat.get("id")) for seat in stored.record.get("seats", ())
                     if isinstance(seat, dict)]
            # The record's reason is stored in English (the engine's words).
            why = for_players(_(str(result["void"])) if "void" in result else _("not resumed"),
                              seats)
            lines.append(_("**{hand}.** void: {reason}", hand=str(stored.number), reason=why))
            continue
        if stored.status == "running":
            lines.append(_("**{hand}.** being played", hand=str(stored.number)))
            continue
        said = ui.history_line(result) if ui else result.get("ended", "?")
        lines.append(f"**{stored.number}.** {said}")
    embed.description = "\n".join(lines) or _("No hands yet.")
    if earlier:
        embed.add_field(
            name=_("Other tables in this channel"),
            value="\n".join(_earlier_line(t) for t in earlier),
            inline=False,
        )
    embed.set_footer(
        text=_("/{game} history hand:<number> [table:<number>] gives a finished hand's full "
               "record; add verify:True to check its deck.", game=game)
    )
    return embed


def _earlier_line(past: PastTable) -> str:
    """Another table of the channel, as the history's list gives it."""
    status = TABLE_STATUS.get(past.status)
    return ngettext(
        "table {table}: {status}, {hands} hand, opened {when}",
        "table {table}: {status}, {hands} hands, opened {when}",
        past.hands, table=str(past.id), hands=str(past.hands),
        status=_(status) if status else past.status,
        when=f"<t:{past.opened_ms // 1000}:d>",
    )
