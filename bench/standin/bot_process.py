"""The bot's own process, connected to the loopback stand-in:

    python -m bench.standin.bot_process BASE_URL DATABASE [--speed=1] [--uvloop=1]
        [--gc-tuning=0] [--floor]

HallBot as `python -m bot` builds it, with discord.py's two addresses (the REST base and the
gateway) pointed at the stand-in. `--floor` runs discord.py alone instead: a client whose
only work is to answer a click with an edit (bench/floor.py's button), no game and no store.
The process prints `ready` once the bot is ready, and closes on SIGTERM.
"""

from __future__ import annotations

import asyncio
import gc
import signal
import sys
from pathlib import Path

from bench import speedups

# CPython's own thresholds, for the run without the bot's tuning.
DEFAULT_GC_THRESHOLDS = gc.get_threshold()
# READY waits this long for more servers before on_ready; Discord's default is 2 s. The
# stand-in sends its one server at once.
GUILD_READY_SECONDS = 0.05
LOG_LEVEL = "WARNING"


def point_at(base_url: str) -> None:
    """discord.py's REST base (interaction callbacks and webhooks included) and gateway."""
    import yarl
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    Route.BASE = f"{base_url}/api/v10"
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(base_url.replace("http://", "ws://", 1) + "/")


def build_bot(database: Path, floor: bool):
    import discord
    from discord.ext import commands

    from bot.client import HallBot, intents
    from bot.settings import Settings

    if not floor:
        # Pictures off, as the in-process rows beside it: the bot's own cost per click.
        settings = Settings.from_values(discord_token="loopback", database_path=database,
                                        log_level=LOG_LEVEL, pictures=False)

        class LoopbackBot(HallBot):
            async def setup_hook(self) -> None:
                await super().setup_hook()
                # The next hand dealt at once, as in the in-process rows: a flat-out run
                # is not to measure the 8 s countdown between hands. With it, every
                # table played out its hand and then waited, and the rate was one hand's
                # clicks per table over the run, whatever the bot's speed.
                self.tables.next_hand_seconds = 0

        return LoopbackBot(settings)
    from bench.floor import Again, floor_view

    class FloorBot(commands.Bot):
        async def setup_hook(self) -> None:
            self.add_dynamic_items(Again)
            self.posted = asyncio.Event()

        async def on_ready(self) -> None:
            for guild in self.guilds:
                for channel in guild.text_channels:
                    await channel.send("click 0", view=floor_view(0))
            self.posted.set()

    return FloorBot(command_prefix=commands.when_mentioned, help_command=None,
                    intents=intents(), allowed_mentions=discord.AllowedMentions.none())


async def serve(bot, gc_tuning: bool) -> None:
    loop = asyncio.get_running_loop()
    closing: list[asyncio.Task[None]] = []

    def stop() -> None:
        if not closing:
            closing.append(loop.create_task(bot.close()))

    loop.add_signal_handler(signal.SIGTERM, stop)
    bot._connection.guild_ready_timeout = GUILD_READY_SECONDS

    async def ready() -> None:
        await asyncio.sleep(0)  # after the bot's own on_ready, which tunes the collector
        posted = getattr(bot, "posted", None)  # discord.py alone: its buttons are out
        if posted is not None:
            await posted.wait()
        if not gc_tuning:
            gc.unfreeze()
            gc.set_threshold(*DEFAULT_GC_THRESHOLDS)
        print("ready", flush=True)

    bot.add_listener(ready, "on_ready")
    async with bot:
        await bot.start("loopback")
    if closing:
        await closing[0]


def main(argv: list[str]) -> int:
    variant = speedups.Variant.from_args(argv)
    speedups.apply(variant)  # before discord is imported
    base_url, database = [arg for arg in argv if not arg.startswith("--")]
    from bot.logs import setup_logging

    point_at(base_url)
    setup_logging(LOG_LEVEL)
    bot = build_bot(Path(database), floor="--floor" in argv)
    speedups.run(serve(bot, variant.gc_tuning), variant)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
