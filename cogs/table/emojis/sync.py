"""The faces uploaded as the application's emojis, at start: only what is missing or
changed, never an emoji that is not a face of ours.

Discord gives an application up to 2,000 emojis of its own, usable in every server
the bot posts in (discord.py 2.5+: `fetch_application_emojis`, `create_application_
emoji`). A face's name carries a hash of its picture (cogs/table/emojis/names.py): one
already there under its name is kept; a face drawn anew is uploaded under its new name
and the old one deleted. discord.py waits out Discord's rate limits (429) on each
route. When any of it fails (no network, Discord refusing), the bot plays on with the
cards in words and says so once in the log.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import discord

from cogs.table.emojis import art
from cogs.table.emojis.names import name_for, parse
from cogs.table.emojis.shown import FACES

log = logging.getLogger(__name__)

APPLICATION_EMOJIS = 2000  # Discord's most for one application


@dataclass(frozen=True)
class Synced:
    faces: dict[str, tuple[str, int]]  # mark -> (emoji name, emoji id)
    uploaded: int
    removed: int
    kept: int


async def sync(client: discord.Client) -> Synced:
    """List the application's emojis, upload the faces missing, delete our old ones."""
    wanted = {mark: str(name_for(mark, png)) for mark, png in art.all_faces().items()}
    listed = await client.fetch_application_emojis()
    ours = {emoji.name: emoji for emoji in listed if parse(emoji.name) is not None}
    missing = [mark for mark, name in wanted.items() if name not in ours]
    if len(listed) + len(missing) > APPLICATION_EMOJIS:
        raise RuntimeError(f"the application has {len(listed)} emojis; "
                           f"{len(missing)} more would pass Discord's {APPLICATION_EMOJIS}")
    faces = {mark: (name, ours[name].id) for mark, name in wanted.items() if name in ours}
    for mark in missing:
        try:
            made = await client.create_application_emoji(name=wanted[mark],
                                                         image=art.png(mark))
        except discord.HTTPException:
            # Another process of this bot may have uploaded it a moment ago.
            again = {e.name: e for e in await client.fetch_application_emojis()}
            if wanted[mark] not in again:
                raise
            made = again[wanted[mark]]
        faces[mark] = (made.name, made.id)
    names = set(wanted.values())
    removed = 0
    for name, emoji in ours.items():
        if name not in names:  # a face drawn before: replaced by its new name
            try:
                await emoji.delete()
                removed += 1
            except discord.NotFound:
                pass  # another process deleted it first
    return Synced(faces, uploaded=len(missing), removed=removed,
                  kept=len(wanted) - len(missing))


async def sync_and_use(client: discord.Client) -> bool:
    """Sync the faces and show cards by them; on any failure, show cards in words. Never
    raises: the faces are a look, and the bot plays without them."""
    FACES.clear()
    try:
        done = await sync(client)
    except Exception as failed:  # network, Discord's refusal, a full emoji list
        log.warning("Card faces not available (%s): cards are shown in words",
                    _reason(failed))
        return False
    FACES.use(done.faces)
    log.info("Card faces ready: %d emojis (%d uploaded, %d kept, %d old removed)",
             len(done.faces), done.uploaded, done.kept, done.removed)
    return True


def _reason(failed: BaseException) -> str:
    if isinstance(failed, discord.HTTPException):
        return f"Discord answered {failed.status}: {failed.text or failed}"
    return str(failed) or type(failed).__name__
