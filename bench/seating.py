"""Tables opened through the offline harness as the bench plays them, and the actions the
store accepted: what the scripted players (bench/scripted.py) and the clicking ones
(bench/clicks.py) share."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot.settings import Settings

EMOJI_LIST = r"/applications/\d+/emojis$"  # the route the bot's face sync starts with


@asynccontextmanager
async def live_harness(path: Path, *, faces: bool = True, **how: Any) -> AsyncIterator[Any]:
    """The offline harness on the database at `path`, its table edits paced and turn
    pings held back as the bot does live (the defaults of TABLE_EDIT_SECONDS and
    TURN_PING_SECONDS), keeping only what Discord would once it is up (no request log,
    no old versions, no deleted messages). Cards are shown as faces (the application's
    emojis, which the harness answers) unless `faces` is off: then the emoji list
    fails at start, and the bot shows cards in words as it does when Discord refuses."""
    from tests.harness import Harness  # the offline harness: the bot's real code paths

    live = Settings.from_values()
    harness = Harness(database_path=path, table_edit_seconds=live.table_edit_seconds,
                      turn_ping_seconds=live.turn_ping_seconds, **how)
    if not faces:
        harness.recorder.fail("GET", EMOJI_LIST, 503)
    async with harness as h:
        h.recorder.keep_history = False  # what Discord keeps, not what a test reads
        yield h


async def seat_players(h: Any, game: str, tables: int, seats: int,
                       computers: Sequence[str] = ()
                       ) -> tuple[list[Any], dict[int, dict[str, Any]]]:
    """`tables` channels, each with a table of `game` that `seats` players joined, with a
    computer player of each level of `computers` seated by its host, and the first
    player started: the channels, and each channel's people by seat id."""
    channels = [h.channel] + [await h.add_channel(f"t{i}") for i in range(1, tables)]
    players: dict[int, dict[str, Any]] = {}
    for i, channel in enumerate(channels):
        users = [h.user(f"p{i}-{n}") for n in range(seats)]
        for user in users:
            await h.slash(user, f"{game} join", channel=channel)
        for level in computers:
            await h.slash(users[0], f"{game} addbot", channel=channel, level=level)
        await h.slash(users[0], f"{game} start", channel=channel)
        players[channel.id] = {str(u.id): u for u in users}
    return channels, players


async def accepted(store: Any) -> int:
    """Actions the store has accepted, in every hand: what a restart would replay (a
    running hand counts them in its running row, one over in its own)."""
    return await store.db.read(
        lambda db: db.execute(
            "SELECT (SELECT COALESCE(SUM(seq), 0) FROM hands)"
            " + (SELECT COALESCE(SUM(seq), 0) FROM running_hands)"
        ).fetchone()[0]
    )
