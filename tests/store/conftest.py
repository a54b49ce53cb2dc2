from __future__ import annotations

import pytest

from bot.store import Store
from tests.store.helpers import DEFAULTS, Clock, assert_chips_add_up


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "chips.sqlite3"


@pytest.fixture
async def store(db_path, clock):
    """A store on a fresh file; after the test, every chip must still be accounted for.

    A test that closes it (to reopen the file as a restart would) leaves the final
    check to a fresh connection on the same file.
    """
    opened = await Store.open(db_path, defaults=DEFAULTS, clock=clock)
    try:
        yield opened
    finally:
        await opened.close()
    async with await Store.open(db_path, defaults=DEFAULTS, clock=clock) as checker:
        await assert_chips_add_up(checker)
