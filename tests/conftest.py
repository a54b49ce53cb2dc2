from __future__ import annotations

import pytest

from tests.harness import Harness


@pytest.fixture
async def harness(tmp_path):
    """A logged-in bot with every default extension, on a fresh database, in one guild."""
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        yield h
