"""Slash commands reach Discord only when they changed, in one scope at a time.

A sync replaces every command of a scope (global, or one server) with the tree's. It is
done only when the schema differs from the one last synced there, because Discord limits
how often commands may be created. Commands left in a scope the bot no longer uses would
show every command twice (a server sees its own and the global ones), so switching
between global commands and `DEV_GUILD_ID` empties the other scope. A sync that Discord
refuses is logged and start-up goes on: the bot still answers the commands Discord has,
and the next start tries again.

What was synced where is kept in a small JSON file next to the database: it belongs to
this bot's installation like the database, needs no migration, and reading it at start-up
costs nothing.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from pathlib import Path

import discord
from discord import app_commands

from bot.i18n.commands import CatalogTranslator

log = logging.getLogger(__name__)

GLOBAL = "global"
# Bots that kept no record synced globally unless DEV_GUILD_ID was set, so global is where
# their commands may be.
NO_RECORD: dict[str, str] = {GLOBAL: "unknown"}


def record_path(database_path: Path) -> Path:
    return database_path.with_name(database_path.name + ".commands.json")


def scope_key(guild_id: int | None) -> str:
    return GLOBAL if guild_id is None else str(guild_id)


async def schema_hash(
    tree: app_commands.CommandTree, guild: discord.abc.Snowflake | None
) -> str:
    """The hash of what `tree.sync(guild=guild)` would send, translations included (a
    catalog that changed is synced again)."""
    commands = tree._get_all_commands(guild=guild)
    translator = tree.translator
    if translator is not None:
        payload = [await command.get_translated_payload(tree, translator)
                   for command in commands]
    else:
        payload = [command.to_dict(tree) for command in commands]
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def read_record(path: Path) -> dict[str, str]:
    """Scope -> hash of the schema synced there."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return dict(NO_RECORD)
    except (OSError, ValueError) as error:
        log.warning("Ignoring the record of synced commands %s (%s): syncing again", path, error)
        return dict(NO_RECORD)
    synced = data.get("synced") if isinstance(data, dict) else None
    if not isinstance(synced, dict):
        return dict(NO_RECORD)
    return {
        str(scope): str(digest)
        for scope, digest in synced.items()
        if scope == GLOBAL or str(scope).isdigit()
    }


def write_record(path: Path, synced: dict[str, str]) -> None:
    partial = path.with_name(path.name + ".tmp")
    partial.write_text(json.dumps({"synced": synced}, indent=1, sort_keys=True), encoding="utf-8")
    os.replace(partial, path)  # a crash mid-write leaves the old record, never half of one


async def sync_commands(
    tree: app_commands.CommandTree, dev_guild_id: int | None, path: Path
) -> None:
    guild = discord.Object(id=dev_guild_id) if dev_guild_id is not None else None
    if tree.translator is None:
        # Every command's name, description, options and choices in each language the
        # bot speaks (bot/i18n/commands.py).
        await tree.set_translator(CatalogTranslator())
    if guild is not None:
        # Guild commands show up at once, which is what development wants.
        tree.copy_global_to(guild=guild)
    wanted, digest = scope_key(dev_guild_id), await schema_hash(tree, guild)
    synced = read_record(path)
    before = dict(synced)

    if synced.get(wanted) == digest:
        log.info("Commands unchanged since the last sync (%s): not synced", where(wanted))
    else:
        synced.pop(wanted, None)  # until Discord confirms, this scope is not known to match
        try:
            done = await tree.sync(guild=guild)
        except discord.HTTPException as error:
            log.warning(
                "Could not sync the commands (%s): %s. The bot runs on with the commands "
                "Discord already has; the next start tries again.", where(wanted), error,
            )
        else:
            synced[wanted] = digest
            log.info("Synced %d commands (%s)", len(done), where(wanted))

    for scope in [scope for scope in synced if scope != wanted]:
        if await clear(tree, scope):
            del synced[scope]

    if synced != before or not path.exists():
        try:
            write_record(path, synced)
        except OSError as error:
            log.warning("Could not keep the record of synced commands %s (%s): the next start "
                        "syncs again", path, error)


async def clear(tree: app_commands.CommandTree, scope: str) -> bool:
    """Remove every command from a scope the bot no longer syncs to; whether it worked."""
    http, application_id = tree.client.http, tree.client.application_id
    try:
        if scope == GLOBAL:
            await http.bulk_upsert_global_commands(application_id, payload=[])
        else:
            await http.bulk_upsert_guild_commands(application_id, int(scope), payload=[])
    except discord.HTTPException as error:
        log.warning("Could not remove the commands (%s): %s. The next start tries again.",
                    where(scope), error)
        return False
    log.info("Removed the commands (%s): the bot syncs elsewhere now", where(scope))
    return True


def where(scope: str) -> str:
    if scope == GLOBAL:
        return "global, may take a while to show up"
    return f"server {scope}"
