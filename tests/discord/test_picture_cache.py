"""The picture cache: a picture is drawn once however often it is asked for, on the
render thread, and the cache keeps a bounded number."""

from __future__ import annotations

import asyncio
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from cogs.table.pictures import service
from cogs.table.pictures.layout import Group, Picture, face
from cogs.table.pictures.render import render


def one_card(card: int) -> Picture:
    return Picture(((Group("", (face(card),)),),))


async def test_a_picture_is_drawn_once_however_often_it_is_asked_for(monkeypatch):
    drawn: list[tuple[Picture, str]] = []

    def counting(picture: Picture) -> bytes:
        drawn.append((picture, threading.current_thread().name))
        return render(picture)

    monkeypatch.setattr(service, "render", counting)
    with ThreadPoolExecutor(1, thread_name_prefix="drawing") as executor:
        cache = service.PictureCache(size=2, executor=executor)
        a = one_card(0)
        together = await asyncio.gather(cache.png(a), cache.png(a))
    assert together[0] == together[1] == render(a)
    assert len(drawn) == 1 and drawn[0][1].startswith("drawing")
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


async def test_the_render_process_draws_what_this_process_draws():
    cache = service.PictureCache()
    picture = one_card(51)
    assert await cache.png(picture) == render(picture)


async def test_a_picture_no_longer_wanted_when_its_turn_comes_is_not_drawn(monkeypatch):
    drawn: list[Picture] = []

    def slow(picture: Picture) -> bytes:
        drawn.append(picture)
        time.sleep(0.05)
        return render(picture)

    monkeypatch.setattr(service, "render", slow)
    wanted = {"c": True}
    with ThreadPoolExecutor(1) as executor:
        cache = service.PictureCache(executor=executor)
        a, b, c = one_card(4), one_card(5), one_card(6)
        busy = [asyncio.ensure_future(cache.png(p)) for p in (a, b)]  # both slots taken
        waiting = asyncio.ensure_future(cache.png_if(c, lambda: wanted["c"]))
        await asyncio.sleep(0)
        wanted["c"] = False  # say, the player clicked again meanwhile
        assert await waiting is None
        await asyncio.gather(*busy)
    assert drawn == [a, b] and cache.dropped == 1
