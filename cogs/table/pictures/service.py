"""Pictures rendered off the event loop, kept by content, and switched per server.

One worker process renders (`worker.py`). A thread would do the drawing off the event
loop but not off its lock: Pillow holds the GIL for much of a drawing, and at 100 busy
tables the clicks waited for it (docs/benchmarks.md). A process draws beside the event
loop on the other core; a picture's description goes to it and PNG bytes come back,
both small. The worker makes the faces once, when it starts.

The cache is keyed by the picture's description, so a table or hand seen before (a
repeated edit, a Refresh, another player's identical view) is never drawn again, and
two requests for a picture being drawn share one render.
"""

from __future__ import annotations

import asyncio
import logging
import pickle
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Executor
from typing import TYPE_CHECKING

from cogs.table.pictures.layout import Picture
from cogs.table.pictures.render import render
from cogs.table.pictures.worker import RenderProcess

if TYPE_CHECKING:
    from bot.store import Store

log = logging.getLogger(__name__)

CACHE_SIZE = 512  # pictures kept; a table picture is about 30-60 KB
# Drawings handed to the render process at once: two keep it busy while one's bytes
# travel back. The others wait their turn here, where one no longer wanted (its view
# has changed since) is dropped without being drawn: pictures are paced by how fast
# they can be drawn, as the table message's edits are by Discord's rate.
IN_FLIGHT = 2

# The process's one render process, started on first use and shared by every table.
RENDERER = RenderProcess()


def picture_key(picture: Picture) -> bytes:
    """The picture as the cache keeps it and the render process receives it. The same
    code builds equal pictures the same way, so equal pictures give equal bytes."""
    return pickle.dumps(picture, protocol=pickle.HIGHEST_PROTOCOL)


class PictureCache:
    def __init__(self, size: int = CACHE_SIZE, executor: Executor | None = None) -> None:
        self.size = size
        self._executor = executor  # None: the shared render process; tests pass a thread
        # Keyed by the picture pickled: bytes, which the garbage collector never scans.
        # Kept as objects, 512 pictures of a hundred small objects each made every
        # young collection slower (a wave of clicks waited 50-130 ms on one, measured).
        self._kept: OrderedDict[bytes, bytes] = OrderedDict()
        self._drawing: dict[bytes, asyncio.Future[bytes]] = {}
        self._slots: asyncio.Semaphore | None = None
        self.hits = 0
        self.misses = 0
        self.dropped = 0  # asked for, then no longer wanted before their turn to be drawn

    def cached(self, picture: Picture, key: bytes | None = None) -> bytes | None:
        """The picture's PNG if it was drawn before; counted as a hit or a miss. `key`:
        its `picture_key`, if the caller has it already."""
        return self._cached(key or picture_key(picture))

    def _cached(self, key: bytes) -> bytes | None:
        png = self._kept.get(key)
        if png is None:
            self.misses += 1
            return None
        self.hits += 1
        self._kept.move_to_end(key)
        return png

    async def png(self, picture: Picture, *, key: bytes | None = None,
                  asked: bool = False) -> bytes:
        """The picture's PNG: from the cache, or drawn by the render process. `asked`:
        the caller has just found it missing with `cached` (counted once, as one ask)."""
        png = await self.png_if(picture, lambda: True, key=key, asked=asked)
        assert png is not None
        return png

    async def png_if(
        self, picture: Picture, wanted: Callable[[], bool], *, key: bytes | None = None,
        asked: bool = False,
    ) -> bytes | None:
        """`png`, or None if `wanted()` says, when its turn to be drawn comes, that the
        picture is no longer needed."""
        key = key or picture_key(picture)
        png = self._kept.get(key) if asked else self._cached(key)
        if png is not None:
            return png
        drawing = self._drawing.get(key)
        if drawing is not None:
            return await asyncio.shield(drawing)
        if self._slots is None:
            self._slots = asyncio.Semaphore(IN_FLIGHT)
        async with self._slots:
            png = self._kept.get(key)  # drawn for someone else while this waited
            if png is not None:
                return png
            drawing = self._drawing.get(key)
            if drawing is None:
                if not wanted():
                    self.dropped += 1
                    return None
                if self._executor is None:
                    drawing = asyncio.ensure_future(RENDERER.render(key))
                else:
                    drawing = asyncio.get_running_loop().run_in_executor(
                        self._executor, render, picture)
                self._drawing[key] = drawing
                drawing.add_done_callback(lambda done: self._drawn(key, done))
            return await asyncio.shield(drawing)

    def _drawn(self, key: bytes, done: asyncio.Future[bytes]) -> None:
        self._drawing.pop(key, None)
        if done.cancelled() or done.exception() is not None:
            return
        self._kept[key] = done.result()
        self._kept.move_to_end(key)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)

    @property
    def hit_rate(self) -> float:
        asked = self.hits + self.misses
        return self.hits / asked if asked else 0.0


class PictureSwitch:
    """Whether a server's tables carry pictures: the bot's default (PICTURES), unless the
    server's `/config` says otherwise. Read from the store once per server, then kept;
    `/config` updates it."""

    def __init__(self, store: Store, default: bool) -> None:
        self.store = store
        self.default = default
        self._servers: dict[int, bool] = {}

    async def on(self, guild_id: int) -> bool:
        found = self._servers.get(guild_id)
        if found is None:
            try:
                found = bool((await self.store.guild_settings(guild_id)).pictures)
            except Exception:  # a picture is never worth a failed table message
                log.exception("Server %s: the pictures setting could not be read", guild_id)
                return False
            self._servers[guild_id] = found
        return found

    def known(self, guild_id: int) -> bool | None:
        return self._servers.get(guild_id)

    def set(self, guild_id: int, on: bool) -> None:
        self._servers[guild_id] = on


class Pictures:
    """The table cog's pictures: the cache with its render thread, and the switch."""

    def __init__(self, store: Store, default: bool) -> None:
        self.cache = PictureCache()
        self.switch = PictureSwitch(store, default)
