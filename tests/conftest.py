from __future__ import annotations

import pytest
from hypothesis import settings

from tests.harness import Harness

# Examples are judged by what they find, never by how long one took: a slow or busy
# machine must not turn a correct property into a failure.
settings.register_profile("project", deadline=None)
settings.load_profile("project")


@pytest.fixture
async def harness(tmp_path):
    """A logged-in bot with every default extension, on a fresh database, in one guild."""
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        yield h
