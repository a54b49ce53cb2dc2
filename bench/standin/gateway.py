"""One gateway connection as Discord runs it, as far as discord.py needs.

HELLO, then IDENTIFY answered by READY and a GUILD_CREATE per server, heartbeats
acknowledged, and every event sent as JSON text through the stream compression the
client asked for in its URL (zlib-stream, Discord's default, or zstd-stream).
"""

from __future__ import annotations

import asyncio
import logging
import zlib
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import WSMsgType, web

from bench.standin import wire

log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, HELLO, HEARTBEAT_ACK = 0, 1, 2, 10, 11
HEARTBEAT_INTERVAL_MS = 41_250  # what Discord sends


class _Zlib:
    def __init__(self) -> None:
        self.stream = zlib.compressobj()

    def __call__(self, text: bytes) -> bytes:
        # Each message ends on a sync flush (00 00 ff ff): where the client decompresses.
        return self.stream.compress(text) + self.stream.flush(zlib.Z_SYNC_FLUSH)


class _Zstd:
    def __init__(self) -> None:
        import zstandard

        self.flush_block = zstandard.COMPRESSOBJ_FLUSH_BLOCK
        self.stream = zstandard.ZstdCompressor().compressobj()

    def __call__(self, text: bytes) -> bytes:
        return self.stream.compress(text) + self.stream.flush(self.flush_block)


COMPRESSIONS: dict[str, Callable[[], Callable[[bytes], bytes]]] = {
    "zlib-stream": _Zlib,
    "zstd-stream": _Zstd,
}


class GatewaySession:
    """One client's websocket: `serve` runs it until either side closes it."""

    def __init__(
        self, request: web.Request, on_identify: Callable[[GatewaySession], Awaitable[None]]
    ) -> None:
        self.request = request
        self.on_identify = on_identify
        self.ws = web.WebSocketResponse(max_msg_size=0)
        self.sequence = 0
        self.compression = request.query.get("compress", "")
        self.compress: Callable[[bytes], bytes] | None = None
        self.identified = asyncio.Event()
        # [shard id, shard count] from IDENTIFY, echoed in READY as Discord does.
        self.shard: list[int] | None = None

    async def serve(self) -> web.WebSocketResponse:
        if self.compression and self.compression not in COMPRESSIONS:
            raise web.HTTPBadRequest(text=f"unknown compression {self.compression}")
        await self.ws.prepare(self.request)
        if self.compression:
            self.compress = COMPRESSIONS[self.compression]()
        await self._send({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS},
                          "s": None, "t": None})
        async for message in self.ws:
            if message.type != WSMsgType.TEXT:
                if message.type == WSMsgType.ERROR:
                    log.warning("gateway socket failed: %s", self.ws.exception())
                break
            payload = wire.loads(message.data)
            op = payload.get("op")
            if op == HEARTBEAT:
                await self._send({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
            elif op == IDENTIFY:
                self.shard = (payload.get("d") or {}).get("shard")
                await self.on_identify(self)
                self.identified.set()
            # Presence updates and the rest need no answer here.
        return self.ws

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self.sequence += 1
        await self._send({"op": DISPATCH, "t": event, "s": self.sequence, "d": data})

    async def _send(self, payload: dict[str, Any]) -> None:
        text = wire.dumps(payload)
        if self.compress is None:
            await self.ws.send_str(text.decode())
        else:
            await self.ws.send_bytes(self.compress(text))

    async def close(self) -> None:
        await self.ws.close()
