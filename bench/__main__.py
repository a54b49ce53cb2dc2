"""`python -m bench [NAME ...]`: run the benchmarks and print one table."""

from __future__ import annotations

import importlib
import sys

from bench.table import machine, render

# Each module has `run() -> list[Row]`.
MODULES = [
    "bench.engine", "bench.store", "bench.postgres", "bench.bot", "bench.strategies",
    "bench.stats", "bench.recovery", "bench.shards", "bench.pictures", "bench.faces",
    "bench.fairness", "bench.hard", "bench.languages",
    "bench.loopback", "bench.records", "bench.ledger", "bench.audit",
]


def main(argv: list[str] | None = None) -> int:
    wanted = (sys.argv[1:] if argv is None else argv) or [m.rsplit(".", 1)[1] for m in MODULES]
    rows = []
    for name in MODULES:
        if name.rsplit(".", 1)[1] in wanted:
            print(f"running {name} ...", file=sys.stderr, flush=True)
            rows.extend(importlib.import_module(name).run())
    print(f"Machine: {machine()}")
    print(render(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
