"""The picture cache: a picture is drawn once however often it is asked for, on the
render thread, and the cache keeps a bounded number."""

from __future__ import annotations

import asyncio
import threading

from cogs.table.pictures import service
from cogs.table.pictures.layout import Group, Picture, face
from cogs.table.pictures.render import render


def one_card(card: int) -> Picture:
    return Picture(((Group("", (face(card),)),),))


async def test_a_picture_is_drawn_once_off_the_event_loop(monkeypatch):
    drawn: list[tuple[Picture, str]] = []

    def counting(picture: Picture) -> bytes:
        drawn.append((picture, threading.current_thread().name))
        return render(picture)

    monkeypatch.setattr(service, "render", counting)
    cache = service.PictureCache(size=2)
    a = one_card(0)
    together = await asyncio.gather(cache.png(a), cache.png(a))
    assert together[0] == together[1] == render(a)
    assert len(drawn) == 1 and drawn[0][1].startswith("pictures")
    assert cache.cached(a) == render(a)
    assert len(drawn) == 1
    assert cache.hits == 1 and cache.misses == 2


async def test_the_cache_keeps_the_latest_pictures_only():
    cache = service.PictureCache(size=2)
    a, b, c = one_card(1), one_card(2), one_card(3)
    for picture in (a, b, c):
        await cache.png(picture)
    assert cache.cached(a) is None
    assert cache.cached(b) is not None and cache.cached(c) is not None
    assert cache.hit_rate == 2 / (3 + 3)  # three first asks and a miss, two hits
