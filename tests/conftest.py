from __future__ import annotations

import os

import pytest
from hypothesis import settings

from bot.settings import Settings
from tests.harness import Harness

# Examples are judged by what they find, never by how long one took: a slow or busy
# machine must not turn a correct property into a failure.
settings.register_profile("project", deadline=None)
settings.load_profile("project")

# The environment variables the bot reads (case does not matter to it).
BOT_VARIABLES = frozenset(name.upper() for name in Settings.model_fields)


@pytest.fixture(scope="session", autouse=True)
def hermetic_run(tmp_path_factory):
    """Nothing in the developer's shell or `.env` may change a result: the bot's variables
    are cleared, for the tests and the processes they start, and tests run in an empty
    folder, away from any `.env` in the checkout."""
    with pytest.MonkeyPatch.context() as patch:
        for name in list(os.environ):
            if name.upper() in BOT_VARIABLES:
                patch.delenv(name)
        patch.chdir(tmp_path_factory.mktemp("cwd"))
        yield


@pytest.fixture
async def harness(tmp_path):
    """A logged-in bot with every default extension, on a fresh database, in one guild."""
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        yield h


@pytest.fixture
async def shared_database(tmp_path):
    """A database several bot processes use at once, as the target `Store.open` takes.

    A SQLite file in WAL mode here (SQLite's own locking keeps processes on one machine
    safe); shard processes in production share PostgreSQL instead. Made and migrated
    before any process opens it, so no two processes migrate it at once."""
    from bot.store import Store

    target = str(tmp_path / "shared.sqlite3")
    store = await Store.open(target)
    await store.close()
    yield target
