"""bench/bot.py's in-process figures in a process of their own, with or without the speed-ups:

    python -m bench.inprocess FOLDER [--speed=1] [--uvloop=1] [--gc-tuning=0]

Prints one JSON line: discord.py alone (clicks/s, one at a time) and the bot at 100 GFF
tables with every table's click in flight (clicks/s, actions/s, click p99).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from bench import speedups

TABLES = 100
ROUNDS = 20
FLOOR_CLICKS = 2000


async def measure(folder: Path) -> dict[str, float]:
    from bench.floor import measure_floor
    from bench.scripted import play_scripted

    floor = await measure_floor(folder, FLOOR_CLICKS)
    played = await play_scripted(folder, TABLES, ROUNDS, TABLES, wave=TABLES)
    ms = sorted(x * 1000 for x in played["latencies"])
    return {
        "floor_clicks_per_s": floor,
        "clicks_per_s": played["clicks"] / played["seconds"],
        "actions_per_s": played["accepted"] / played["seconds"],
        "p99_ms": ms[int(len(ms) * 0.99) - 1],
    }


def main(argv: list[str]) -> int:
    variant = speedups.Variant.from_args(argv)
    speedups.apply(variant)  # before discord is imported
    [folder] = [arg for arg in argv if not arg.startswith("--")]
    figures = speedups.run(measure(Path(folder)), variant)
    print(json.dumps(figures), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
