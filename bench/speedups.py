"""The ecosystem's speed-ups as switches, for benchmark processes that run with and without them.

discord.py picks its `speed` extra up at import time (`discord.utils.HAS_ORJSON`, and
zstandard for the gateway's compression), so "without" has to hold before discord is
first imported: the process refuses those imports, as if they were not installed.
uvloop is the event loop the process runs on, where it is installed.
"""

from __future__ import annotations

import asyncio
import importlib.abc
import importlib.util
import sys
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import Any

# What discord.py's `speed` extra brings that a loopback run can use: orjson for every
# JSON payload, zstandard for the gateway's stream. (aiodns resolves names, and Brotli
# decodes compressed HTTP bodies: neither has anything to do on 127.0.0.1.)
SPEED_MODULES = ("orjson", "zstandard")


@dataclass(frozen=True)
class Variant:
    speed: bool = False  # discord.py's speed extra
    uvloop: bool = False  # uvloop as the event loop
    gc_tuning: bool = True  # HallBot.on_ready's freeze and young-generation threshold

    @property
    def name(self) -> str:
        parts = [("speed" if self.speed else "no speed"), ("uvloop" if self.uvloop else "asyncio")]
        if not self.gc_tuning:
            parts.append("no gc tuning")
        return ", ".join(parts)

    def args(self) -> list[str]:
        return [f"--speed={int(self.speed)}", f"--uvloop={int(self.uvloop)}",
                f"--gc-tuning={int(self.gc_tuning)}"]

    @classmethod
    def from_args(cls, argv: list[str]) -> Variant:
        """The variant `args()` wrote; other arguments are left for the caller."""
        given = dict(arg[2:].split("=", 1) for arg in argv if arg.startswith("--") and "=" in arg)
        return cls(speed=given.get("speed", "0") == "1", uvloop=given.get("uvloop", "0") == "1",
                   gc_tuning=given.get("gc-tuning", "1") == "1")


class _Refused(importlib.abc.MetaPathFinder):
    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names

    def find_spec(self, fullname, path, target=None):
        if fullname.partition(".")[0] in self.names:
            raise ModuleNotFoundError(f"No module named {fullname!r}", name=fullname)
        return None


def available(*names: str) -> bool:
    return all(importlib.util.find_spec(name) is not None for name in names)


def apply(variant: Variant) -> None:
    """Before discord is imported: without the speed extra, its modules cannot be imported."""
    if "discord" in sys.modules:
        raise RuntimeError("the speed switch must be set before discord is imported")
    if not variant.speed:
        refused = _Refused(SPEED_MODULES)
        sys.meta_path.insert(0, refused)
        import discord.utils  # noqa: F401 - it chooses its JSON and gateway stream now
        # The store packs finished hands with zstandard (bot/store/packing.py): only
        # discord.py goes without it.
        refused.names = tuple(name for name in SPEED_MODULES if name != "zstandard")


def run(main: Coroutine[Any, Any, Any], variant: Variant) -> Any:
    """Run `main` on uvloop when the variant asks for it, else on asyncio's own loop."""
    if variant.uvloop:
        import uvloop

        return uvloop.run(main)
    return asyncio.run(main)
