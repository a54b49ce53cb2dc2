"""Fixtures of the table-service tests that make the store fail (tests/tables/store_faults.py)."""

from __future__ import annotations

import pytest

from tests.tables.store_faults import FailingDisk, open_service


@pytest.fixture
def disk(monkeypatch) -> FailingDisk:
    return FailingDisk(monkeypatch)


@pytest.fixture
async def service(tmp_path):
    """A table service on its own store; a test module may define its own `service`."""
    service = await open_service(tmp_path / "chips.sqlite3")
    try:
        yield service
    finally:
        await service.store.close()
