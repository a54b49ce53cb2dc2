"""Which rows a process's shards serve, asked of the database itself."""

from __future__ import annotations

from bot.store.models import ShardSet


def served_by(shards: ShardSet | None, guild_column: str) -> tuple[str, tuple[int, ...]]:
    """SQL (` AND ...`) that keeps the rows of the servers `shards` serve, as
    ShardSet.serves decides, and its parameters: a process reads only its own shards'
    rows. Nothing to add without `shards`."""
    if shards is None:
        return "", ()
    ids = ", ".join("?" * len(shards.ids))
    return f" AND ({guild_column} >> 22) % ? IN ({ids})", (shards.count, *shards.ids)
