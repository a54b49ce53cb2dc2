"""Pictures rendered off the event loop, kept by content, and switched per server.

One worker thread renders: Pillow holds the GIL for much of its drawing, so more
threads would only take turns, and one leaves the other core to the event loop. The
cache is keyed by the picture's description, so a table or hand seen before (a
repeated edit, a Refresh, another player's identical view) is never drawn again, and
two requests for a picture being drawn share one render.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from cogs.table.pictures import faces
from cogs.table.pictures.layout import Picture
from cogs.table.pictures.render import render

if TYPE_CHECKING:
    from bot.store import Store

log = logging.getLogger(__name__)

CACHE_SIZE = 512  # pictures kept; a table picture is about 30-60 KB

_render_thread: ThreadPoolExecutor | None = None


def render_thread() -> ThreadPoolExecutor:
    """The process's one render thread; the faces are made on it before any picture."""
    global _render_thread
    if _render_thread is None:
        _render_thread = ThreadPoolExecutor(1, thread_name_prefix="pictures")
        _render_thread.submit(faces.load_all)
    return _render_thread


class PictureCache:
    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._kept: OrderedDict[Picture, bytes] = OrderedDict()
        self._drawing: dict[Picture, asyncio.Future[bytes]] = {}
        self.hits = 0
        self.misses = 0

    def cached(self, picture: Picture) -> bytes | None:
        """The picture's PNG if it was drawn before; counted as a hit or a miss."""
        png = self._kept.get(picture)
        if png is None:
            self.misses += 1
            return None
        self.hits += 1
        self._kept.move_to_end(picture)
        return png

    async def png(self, picture: Picture) -> bytes:
        """The picture's PNG: from the cache, or drawn on the render thread."""
        png = self.cached(picture)
        if png is not None:
            return png
        drawing = self._drawing.get(picture)
        if drawing is None:
            loop = asyncio.get_running_loop()
            drawing = loop.run_in_executor(render_thread(), render, picture)
            self._drawing[picture] = drawing
            drawing.add_done_callback(lambda done: self._drawn(picture, done))
        return await asyncio.shield(drawing)

    def _drawn(self, picture: Picture, done: asyncio.Future[bytes]) -> None:
        self._drawing.pop(picture, None)
        if done.cancelled() or done.exception() is not None:
            return
        self._kept[picture] = done.result()
        self._kept.move_to_end(picture)
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
