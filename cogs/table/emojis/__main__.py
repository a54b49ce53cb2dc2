"""`python -m cogs.table.emojis build DIR`: the card faces as PNG files, named as they are
uploaded (`AS_3f2a.png`), the same bytes on every run. What the bot uploads at start is
made by the same code, so these files are the faces players see."""

from __future__ import annotations

import sys
from pathlib import Path

from cogs.table.emojis import art
from cogs.table.emojis.names import name_for

USAGE = "usage: python -m cogs.table.emojis build DIR  (writes the card faces as PNG files)"


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] != "build":
        print(USAGE, file=sys.stderr)
        return 2
    folder = Path(argv[1])
    try:
        folder.mkdir(parents=True, exist_ok=True)
        faces = art.all_faces()
        for mark, png in faces.items():
            (folder / f"{name_for(mark, png)}.png").write_bytes(png)
    except OSError as failed:
        print(f"cannot write the faces to {folder}: {failed.strerror or failed}",
              file=sys.stderr)
        return 2
    print(f"{len(faces)} faces written to {folder} "
          f"(largest {max(map(len, faces.values())):,} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
