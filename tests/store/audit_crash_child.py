"""`python tests/store/audit_crash_child.py DB`: audit the server in DB until killed.

test_audit_crash.py starts this in a child process and kills it with SIGKILL at a random
moment. Its chunks are small, so an audit is many transactions; once one is done the
checkpoint is dropped and the next starts from the beginning, so that a kill can land in
any part of one.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.store import Store, audit  # noqa: E402
from tests.store.helpers import DEFAULTS, GUILD  # noqa: E402

SMALL = {"LEDGER_CHUNK": 10, "HAND_CHUNK": 2, "LEDGER_LAG": 1, "HAND_LAG": 1}


async def audit_until_killed(path: Path) -> None:
    for name, value in SMALL.items():
        setattr(audit, name, value)
    store = await Store.open(path, defaults=DEFAULTS)
    print("ready", flush=True)
    while True:
        found = await store.audit(GUILD)
        assert found.balances and found.records_off == 0, found
        await store.db.write(audit.forget, GUILD)


if __name__ == "__main__":
    asyncio.run(audit_until_killed(Path(sys.argv[1])))
