"""`python -m bot --shards 0-3 --shard-count 8`: one bot process per shard on this machine.

Each child is `python -m bot` with SHARD_IDS and SHARD_COUNT set for its one shard, so a
crash takes one shard down, not the machine's share. A child that dies is started again
after a pause that doubles while it keeps dying; SIGTERM or SIGINT stops every child and
then the launcher. The children share one PostgreSQL database (DATABASE_URL); a SQLite
file belongs to one process, so the launcher refuses to start without one.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import sys
from collections.abc import Sequence

from bot.logs import setup_logging
from bot.settings import Settings, SettingsError, load_settings, parse_shard_ids
from bot.store.models import ShardSet

log = logging.getLogger("bot.launcher")

EXIT_BAD_ARGUMENTS = 2  # as bot.__main__'s EXIT_BAD_SETTINGS: something to fix, not a crash
BOT_COMMAND = (sys.executable, "-m", "bot")
FIRST_PAUSE_SECONDS = 1.0
LONGEST_PAUSE_SECONDS = 60.0
# A child that ran this long was healthy: if it dies now, it is started again at once.
HEALTHY_SECONDS = 60.0
STOP_SECONDS = 30.0  # how long a child may take to close its tables before it is killed

NEEDS_POSTGRESQL = (
    "Several shard processes need PostgreSQL: set DATABASE_URL (postgresql://…), shared by"
    " every process. On SQLite, run one process: python -m bot (without --shards)."
)


class LaunchError(Exception):
    """Arguments or settings the launcher cannot start with; the message is for the operator."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse would print its usage and exit itself
        raise LaunchError(
            f"{message}. Use: python -m bot --shards 0-3 --shard-count 8"
            " (python -m bot --help says more)"
        )


def parse(argv: Sequence[str]) -> ShardSet:
    parser = _Parser(prog="python -m bot", add_help=False)
    parser.add_argument("--shards", required=True, help="this machine's shards: 0-3 or 0,2,5")
    parser.add_argument("--shard-count", required=True, type=int, help="the bot's shards in all")
    args = parser.parse_args(list(argv))
    try:
        return ShardSet(tuple(sorted(set(parse_shard_ids(args.shards)))), args.shard_count)
    except ValueError as error:
        raise LaunchError(
            f"Bad --shards {args.shards!r} for --shard-count {args.shard_count}: {error}."
            " Give shard ids such as 0-3 or 0,2,5, each below the shard count."
        ) from None


def checked_settings() -> Settings:
    """What every child would refuse to start with is refused here, once, before any starts."""
    settings = load_settings()
    settings.token()
    if not settings.database_url:
        raise LaunchError(NEEDS_POSTGRESQL)
    return settings


def main(
    argv: Sequence[str],
    *,
    command: Sequence[str] = BOT_COMMAND,
    first_pause: float = FIRST_PAUSE_SECONDS,
) -> int:
    try:
        shards = parse(argv)
        settings = checked_settings()
    except (LaunchError, SettingsError) as error:
        print(error, file=sys.stderr)
        return EXIT_BAD_ARGUMENTS
    setup_logging(settings.log_level)
    return asyncio.run(Launcher(shards, command, first_pause).run())


class Launcher:
    def __init__(self, shards: ShardSet, command: Sequence[str], first_pause: float) -> None:
        self.shards = shards
        self.command = tuple(command)
        self.first_pause = first_pause
        self.stopping = asyncio.Event()
        self.bad_settings = False

    async def run(self) -> int:
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, self.stop, signal.Signals(signum).name)
        log.info("Running shards %s of %s, one process each", self.shards.ids, self.shards.count)
        await asyncio.gather(*(self.keep(shard) for shard in self.shards.ids))
        log.info("Every shard process has stopped")
        return EXIT_BAD_ARGUMENTS if self.bad_settings else 0

    def stop(self, why: str) -> None:
        if not self.stopping.is_set():
            log.info("Got %s: stopping every shard process", why)
            self.stopping.set()

    async def keep(self, shard: int) -> None:
        """Run the shard's process, and again each time it dies, until told to stop."""
        loop = asyncio.get_running_loop()
        pause = self.first_pause
        while not self.stopping.is_set():
            began = loop.time()
            child = await asyncio.create_subprocess_exec(*self.command, env=self.env_for(shard))
            log.info("Shard %s: process %s started", shard, child.pid)
            if await self._stopped_before(child.wait()):
                await self.end(shard, child)
                return
            code = child.returncode
            if code == EXIT_BAD_ARGUMENTS:
                # Its settings are wrong: starting it again would fail the same way.
                log.error("Shard %s: process exited with %s (bad settings): stopping all",
                          shard, code)
                self.bad_settings = True
                self.stop("bad settings")
                return
            if loop.time() - began >= HEALTHY_SECONDS:
                pause = self.first_pause
            log.warning("Shard %s: process %s exited with %s; starting it again in %.1f s",
                        shard, child.pid, code, pause)
            if await self._stopped_before(asyncio.sleep(pause)):
                return
            pause = min(pause * 2, LONGEST_PAUSE_SECONDS)

    async def _stopped_before(self, awaitable) -> bool:
        """Wait for `awaitable`; True if the launcher was told to stop first."""
        work = asyncio.ensure_future(awaitable)
        stop = asyncio.ensure_future(self.stopping.wait())
        await asyncio.wait({work, stop}, return_when=asyncio.FIRST_COMPLETED)
        stop.cancel()
        if work.done():
            return False
        work.cancel()
        return True

    async def end(self, shard: int, child: asyncio.subprocess.Process) -> None:
        """SIGTERM, as an operator would send: the bot closes its tables' clocks and lets
        them go. Killed if it takes too long."""
        with contextlib.suppress(ProcessLookupError):
            child.terminate()
        try:
            await asyncio.wait_for(child.wait(), STOP_SECONDS)
        except TimeoutError:
            log.warning("Shard %s: process %s did not stop in %s s: killed", shard, child.pid,
                        STOP_SECONDS)
            with contextlib.suppress(ProcessLookupError):
                child.kill()
            await child.wait()
        log.info("Shard %s: process %s stopped (%s)", shard, child.pid, child.returncode)

    def env_for(self, shard: int) -> dict[str, str]:
        return {**os.environ, "SHARD_IDS": str(shard), "SHARD_COUNT": str(self.shards.count)}
