"""`python -m bot`: load the settings, open the store, log in to Discord, and run until
stopped."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

import aiohttp
import discord

from bot.client import HallBot
from bot.logs import setup_logging
from bot.settings import (
    Settings,
    SettingsError,
    load_settings,
    prepare_database_path,
    unknown_names,
)
from bot.startup import hold_database, open_store
from bot.store.postgres.store import unreachable, without_password

log = logging.getLogger("bot")

# 2 is the usual exit status for "you started me wrong": a setting to fix, not a crash.
EXIT_BAD_SETTINGS = 2
# 3: Discord could not be reached. Nothing to fix in the settings; start again once it can be.
EXIT_NO_DISCORD = 3
# 4: the PostgreSQL server at DATABASE_URL could not be used (down, or it refused the login).
EXIT_NO_DATABASE = 4

# Raised by the login when there is no route to Discord or Discord is down.
UNREACHABLE = (aiohttp.ClientConnectionError, discord.GatewayNotFound, discord.DiscordServerError)

USAGE = """\
usage: python -m bot
       python -m bot --shards A-B --shard-count N

Runs the card-game hall's Discord bot until it is stopped (Ctrl-C or SIGTERM). Its
settings come from the environment and from .env in the working directory (.env.example
lists them; DISCORD_TOKEN is required).

  --shards A-B --shard-count N   run shards A to B (or a list such as 0,2,5) of the bot's
                                 N, one process each, each started again if it stops;
                                 they share a PostgreSQL database (DATABASE_URL)
  -h, --help                     show this and exit

Exit status: 0 stopped; 2 a setting or file to fix (said on stderr); 3 Discord could not
be reached; 4 the PostgreSQL server could not be used; 5 the process lost hold of its
tables (start it again).
"""


async def serve(settings: Settings, token: str) -> int:
    """Run the bot until it is stopped; the status the process exits with. The store is
    opened first: a database that cannot be used stops the bot before it logs in."""
    bot = HallBot(settings)
    bot.store = await open_store(settings, bot.house_defaults())
    loop = asyncio.get_running_loop()
    closing: list[asyncio.Task[None]] = []

    def stop(name: str) -> None:
        log.info("Got %s, closing", name)
        if not closing:
            closing.append(loop.create_task(bot.close()))

    handled = []
    for signum in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(signum, stop, signal.Signals(signum).name)
            handled.append(signum)
        except NotImplementedError:  # Windows: Ctrl-C still arrives as KeyboardInterrupt.
            pass

    try:
        async with bot:
            await bot.start(token)
        if closing:
            await closing[0]
    finally:
        for signum in handled:
            loop.remove_signal_handler(signum)
    return bot.exit_status


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "-h" in argv or "--help" in argv:
        print(USAGE, end="")
        return 0
    if argv:  # `--shards 0-3 --shard-count 8`: one process per shard, kept running
        from bot import launcher

        return launcher.main(argv)
    lock = None
    try:
        # First: a mistyped name may be why a setting below is refused.
        for warning in unknown_names():
            print(f"Warning: {warning}", file=sys.stderr)
        settings = load_settings()
        token = settings.token()
        if settings.database_url is None:
            prepare_database_path(settings.database_path)
            # Held until the process ends: one bot process per SQLite file.
            lock = hold_database(settings.database_path)
        return run(settings, token)
    except SettingsError as error:
        print(error, file=sys.stderr)
        return EXIT_BAD_SETTINGS
    finally:
        if lock is not None:
            lock.close()


def run(settings: Settings, token: str) -> int:
    """Serve with settings that passed every check; the process's exit status. A store
    that cannot be used raises SettingsError (bot.startup)."""
    if settings.database_url is not None:
        # Checked before logging in, as DATABASE_PATH is: a message, not a failure later.
        problem = asyncio.run(unreachable(settings.database_url))
        if problem is not None:
            print(
                f"Could not use the database at DATABASE_URL"
                f" ({without_password(settings.database_url)}): {problem}.\n"
                "Check that the PostgreSQL server is running and that the URL's host, user,"
                " password and database are right, then start the bot again.",
                file=sys.stderr,
            )
            return EXIT_NO_DATABASE

    setup_logging(settings.log_level)
    try:
        return asyncio.run(serve(settings, token))
    except discord.LoginFailure:
        print(
            "Discord refused DISCORD_TOKEN. Reset the token in the Developer Portal"
            " (your app → Bot → Reset Token) and put the new one in .env.",
            file=sys.stderr,
        )
        return EXIT_BAD_SETTINGS
    except UNREACHABLE as error:
        print(
            f"Could not reach Discord: {str(error) or type(error).__name__}.\n"
            "Check this machine's network connection (and any firewall or proxy),"
            " then start the bot again.",
            file=sys.stderr,
        )
        return EXIT_NO_DISCORD
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
