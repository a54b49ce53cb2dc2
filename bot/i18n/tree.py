"""The bot's slash commands, walked for their strings (names, descriptions, options,
choices): what the command catalog entries are made from, and what its tests read.

The tree is the bot's own, built as at start-up (every extension loaded) on a database
in a temporary folder, never logged in and never synced.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

from discord import app_commands

from bot.i18n.commands import context_of
from bot.settings import Settings

Where = app_commands.TranslationContextLocation


async def built_tree() -> tuple[app_commands.CommandTree, object]:
    from bot.client import HallBot

    folder = tempfile.mkdtemp(prefix="commands-")
    bot = HallBot(Settings(database_path=Path(folder) / "hall.sqlite3"))

    async def unsynced() -> None:
        return None

    bot.sync_commands = unsynced  # type: ignore[method-assign]
    await bot.setup_hook()
    return bot.tree, bot


def strings_of(tree: app_commands.CommandTree) -> Iterator[tuple[str, Where]]:
    """Each string a sync sends, with where it is."""
    for command in tree.get_commands():
        yield from _walk(command)


def _walk(command: app_commands.Command | app_commands.Group) -> Iterator[tuple[str, Where]]:
    if isinstance(command, app_commands.Group):
        yield command.name, Where.group_name
        yield command.description, Where.group_description
        for sub in command.commands:
            yield from _walk(sub)
        return
    if not isinstance(command, app_commands.Command):
        return  # context menus: the bot has none
    yield command.name, Where.command_name
    yield command.description, Where.command_description
    for option in command.parameters:
        yield option.display_name, Where.parameter_name
        yield option.description, Where.parameter_description
        for choice in option.choices:
            yield choice.name, Where.choice_name


async def command_strings() -> list[tuple[str, str | None]]:
    tree, bot = await built_tree()
    try:
        seen: dict[tuple[str, str | None], None] = {}
        for text, where in strings_of(tree):
            if text and text != "…":
                seen[(text, context_of(where))] = None
        return list(seen)
    finally:
        # Never logged in: only what setup opened is closed.
        if bot.recovered is not None:  # type: ignore[attr-defined]
            bot.recovered.cancel()  # type: ignore[attr-defined]
        for extension in list(bot.extensions):  # type: ignore[attr-defined]
            await bot.unload_extension(extension)  # type: ignore[attr-defined]
        await bot.store.close()  # type: ignore[attr-defined]
