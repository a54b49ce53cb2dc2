"""What was sent that is not ours to take gets a sentence, never "Something went wrong" nor
silence: a value a command did not offer (a modified client, or one with an old list
of the commands), a control of no table (a button of an older version of the bot, or a
forged one); and no answer is ever longer than Discord takes."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

from bot.client import MAX_ANSWER, SORRY, fitted
from bot.tables import TableError, TableService
from cogs.table.components import RenderedView, button
from cogs.table.items import UNKNOWN_CONTROL
from engine import games
from tests.harness.messages import SLASH
from tests.harness.schema import build_command_data

# A value each option would take, in place of which another is then sent.
TAKEN = {"game": "gff", "pictures": True, "stake": 20, "turn_seconds": 60}


async def send_raw(h, user, command: str, **values):
    """`command` as a modified client could send it: `values` go in whatever they are,
    where the harness refuses what Discord's own client cannot send."""
    data = build_command_data(h.commands, command, {name: TAKEN[name] for name in values},
                              guild_id=None, channels=h.channels)
    for option in data["options"]:
        option["value"] = values[option["name"]]
    return await h._interact(SLASH, user, h.channel, data)


def answered(h, user) -> str:
    answer = h.last_response(user)
    assert answer.ephemeral and answer.viewer == user.id
    assert SORRY not in answer.text()
    return answer.content


# -- values a command did not offer ------------------------------------------------------


async def test_a_game_that_is_not_one_of_the_choices(harness):
    h = harness
    ann = h.user("ann")
    await send_raw(h, ann, "stats", game="xyz")
    names = "; ".join(game.info.name for game in games.GAMES.values())
    assert answered(h, ann) == (
        f"`game` takes one of the choices offered: {names}. Nothing was done.")


@pytest.mark.parametrize(
    ("values", "sentence"),
    [
        ({"pictures": "yes"}, "`pictures` takes True or False. Nothing was done."),
        ({"pictures": 1}, "`pictures` takes True or False. Nothing was done."),
        ({"stake": 0}, "`stake` takes a whole number from 1 to 1,000,000. Nothing was done."),
        ({"stake": "ten"}, "`stake` takes a whole number from 1 to 1,000,000. Nothing was done."),
        ({"turn_seconds": 10.5},
         "`turn_seconds` takes a whole number from 15 to 600. Nothing was done."),
    ],
)
async def test_a_value_of_the_wrong_type_or_out_of_range(harness, values, sentence):
    h = harness
    before = await h.bot.store.guild_settings(h.guild_id)
    await send_raw(h, h.owner, "config", **{"stake": 20, **values})  # 20 alone is taken
    assert answered(h, h.owner) == sentence
    assert await h.bot.store.guild_settings(h.guild_id) == before


class Even(app_commands.Transformer):
    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.integer

    async def transform(self, interaction: discord.Interaction, value: int) -> int:
        if value % 2:
            raise ValueError("odd")
        return value


@app_commands.command(name="even", description="takes an even number")
async def even(interaction: discord.Interaction,
               number: app_commands.Transform[int, Even]) -> None:
    await interaction.response.send_message("even", ephemeral=True)


async def test_a_value_a_converter_refuses_is_named(harness):
    """discord.py's TransformerError, from any command's converter, reaches the one error
    handler and is answered with the option's name."""
    h = harness
    h.bot.tree.add_command(even)
    await h.bot.tree.sync()
    ann = h.user("ann")
    await h.slash(ann, "even", number=3)
    assert answered(h, ann) == "`number` cannot take that value. Nothing was done."
    await h.slash(ann, "even", number=4)
    assert h.last_response(ann).content == "even"


# -- answers Discord would refuse --------------------------------------------------------


async def test_a_refusal_quoting_a_huge_value_is_cut_to_what_discord_takes(
        harness, monkeypatch):
    h = harness
    ann = h.user("ann")
    await h.slash(ann, "gff join")
    huge = "A" * 4_000

    async def refuse(*args, **kwargs):
        raise TableError(f"Not done: {huge!r} is not a card. Choose one from the menu.")

    monkeypatch.setattr(TableService, "start", refuse)
    await h.slash(ann, "gff start")
    text = answered(h, ann)
    assert len(text) == MAX_ANSWER
    assert text.startswith("Not done: 'AAA") and "…" in text
    assert text.endswith("' is not a card. Choose one from the menu.")


def test_a_short_answer_is_sent_as_it_is():
    assert fitted("Not done.") == "Not done."
    assert fitted("x" * MAX_ANSWER) == "x" * MAX_ANSWER
    assert len(fitted("x" * (MAX_ANSWER + 1))) == MAX_ANSWER


# -- controls of no table ------------------------------------------------------------------


async def test_a_control_no_pattern_knows_is_answered_as_an_old_button(harness):
    h = harness
    channel = h.bot.get_channel(h.channel.id)
    old = RenderedView([[button("zzz:1:2", "From long ago", discord.ButtonStyle.secondary)]])
    sent = await channel.send("a message of an older bot", view=old)
    zed = h.user("zed")
    clicked = await h.click(zed, sent.id, "zzz:1:2")
    assert answered(h, zed) == UNKNOWN_CONTROL == "That button is out of date; nothing was changed."
    assert clicked.answered


async def test_a_view_discord_py_listens_to_still_gets_its_clicks(harness):
    h = harness
    pressed: list[int] = []

    class Once(discord.ui.View):
        @discord.ui.button(label="Press", custom_id="once:press")
        async def press(self, interaction: discord.Interaction, _: discord.ui.Button) -> None:
            pressed.append(interaction.user.id)
            await interaction.response.send_message("pressed", ephemeral=True)

    sent = await h.bot.get_channel(h.channel.id).send("listened to", view=Once())
    zed = h.user("zed")
    await h.click(zed, sent.id, "once:press")
    assert pressed == [zed.id]
    assert h.last_response(zed).content == "pressed"  # answered once, by the view
