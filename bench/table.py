"""The row every benchmark returns, and the table `make bench` prints."""

from __future__ import annotations

import os
import platform
from dataclasses import dataclass


@dataclass(frozen=True)
class Row:
    """One figure beside the baseline measured in the same run, and the target."""

    measure: str
    value: float
    unit: str
    baseline: str = ""  # what the figure is compared with, measured in the same run
    target: str = ""
    met: bool | None = None  # None where there is no target

    @property
    def verdict(self) -> str:
        return "" if self.met is None else ("met" if self.met else "MISSED")


def machine() -> str:
    return f"{os.cpu_count()} cores, Python {platform.python_version()}, {platform.machine()}"


def render(rows: list[Row]) -> str:
    header = ("measure", "figure", "baseline (same run)", "target", "")
    cells = [header] + [
        (r.measure, f"{r.value:,.1f} {r.unit}" if r.value < 100 else f"{r.value:,.0f} {r.unit}",
         r.baseline, r.target, r.verdict)
        for r in rows
    ]
    widths = [max(len(c[i]) for c in cells) for i in range(len(header))]
    lines = [
        "| " + " | ".join(cell.ljust(width) for cell, width in zip(c, widths, strict=True)) + " |"
        for c in cells
    ]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)
