"""The render process: one child that draws pictures, spoken to over a pipe.

The event loop writes each picture's description to the pipe and reads the PNG back
when the pipe is readable, with no thread in between. (A ProcessPoolExecutor wakes
two helper threads per picture; each hand-over of Python's lock between them and the
event loop cost the loop about a millisecond, measured at 100 busy tables.)
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import pickle
from multiprocessing.connection import Connection

from cogs.table.pictures import faces
from cogs.table.pictures.render import render

log = logging.getLogger(__name__)


class RenderProcessGone(RuntimeError):
    """The render process ended; the next picture starts a new one."""


class RenderProcess:
    def __init__(self) -> None:
        self._process: multiprocessing.process.BaseProcess | None = None
        self._pipe: Connection | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._waiting: dict[int, asyncio.Future[bytes]] = {}
        self._next = 0

    async def render(self, pickled: bytes) -> bytes:
        """The PNG of a picture, given pickled (as `service.picture_key` makes it)."""
        loop = asyncio.get_running_loop()
        if self._pipe is None or not self._process.is_alive():
            self._start(loop)
        elif self._loop is not loop:
            self._listen(loop)
        number = self._next
        self._next += 1
        drawn: asyncio.Future[bytes] = loop.create_future()
        self._waiting[number] = drawn
        try:
            self._pipe.send_bytes(number.to_bytes(8, "big") + pickled)
        except OSError as failed:
            self._waiting.pop(number, None)
            self._stop(f"the pipe failed: {failed}")
            raise RenderProcessGone(str(failed)) from None
        return await drawn

    def _start(self, loop: asyncio.AbstractEventLoop) -> None:
        self._stop("restarted")
        # spawn, not fork: a forked copy of a process running threads (the store's) could
        # inherit a lock held at the moment of the fork.
        context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe()
        self._process = context.Process(target=serve, args=(theirs,), daemon=True,
                                        name="pictures")
        self._process.start()
        theirs.close()
        self._pipe = ours
        self._listen(loop)

    def _listen(self, loop: asyncio.AbstractEventLoop) -> None:
        """Read answers on `loop` (tests and benchmarks run several loops in turn)."""
        if self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(self._pipe.fileno())
        self._fail_waiting("its event loop changed")
        self._loop = loop
        loop.add_reader(self._pipe.fileno(), self._answered)

    def _answered(self) -> None:
        try:
            number, ok, result = self._pipe.recv()
        except (EOFError, OSError) as failed:
            self._stop(f"the render process ended: {failed!r}")
            return
        drawn = self._waiting.pop(number, None)
        if drawn is None or drawn.done():
            return
        if ok:
            drawn.set_result(result)
        else:
            drawn.set_exception(RuntimeError(f"the render process failed: {result}"))

    def _fail_waiting(self, why: str) -> None:
        waiting, self._waiting = self._waiting, {}
        for drawn in waiting.values():
            if not drawn.done():
                drawn.set_exception(RenderProcessGone(why))

    def _stop(self, why: str) -> None:
        if self._pipe is not None:
            if self._loop is not None and not self._loop.is_closed():
                self._loop.remove_reader(self._pipe.fileno())
            self._pipe.close()
            log.info("Pictures: render process stopped (%s)", why)
        self._fail_waiting(why)
        if self._process is not None and self._process.is_alive():
            self._process.terminate()
        self._pipe, self._process, self._loop = None, None, None


def serve(pipe: Connection) -> None:
    """The child: faces made once, then one picture after another until the pipe closes."""
    faces.load_all()
    while True:
        try:
            message = pipe.recv_bytes()
        except (EOFError, OSError):
            return
        number = int.from_bytes(message[:8], "big")
        try:
            pipe.send((number, True, render(pickle.loads(message[8:]))))
        except Exception as failed:  # noqa: BLE001 - the parent logs it
            pipe.send((number, False, repr(failed)))
