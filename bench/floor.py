"""discord.py alone, the most a click can cost less than, and the bot's runs held against it.

`floor_rate`: clicks per second when discord.py only parses each click and edits a view
of the hand view's size, with no game and no store behind it. Each accepted action needs
at least one click, so this bounds the bot's actions/s. A run's ratio to it is the median
of PAIRS runs, each right after a floor of its own (`beside_floor`, `against_floor`).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path

import discord

from bench.isolated import in_own_process, new_database
from bench.table import Row

# Each ratio to discord.py alone is the median of this many runs, each right after a
# floor of its own as long as the run's measured part (PAIRED_FLOOR_CLICKS, about a
# second and a half): this machine's speed drifts by a fifth over a few seconds, so a
# floor measured minutes before would set the ratio as much as the bot does.
PAIRS = 5
PAIRED_FLOOR_CLICKS = 3000


class Again(discord.ui.DynamicItem[discord.ui.Button], template=r"floor:(?P<n>[0-9]+):again"):
    """A button whose click edits its message to a view the size of a hand view."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label="again", custom_id=f"floor:{n}:again"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction, item, match) -> Again:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"click {self.n}", view=floor_view(
            self.n + 1))


def floor_view(n: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(Again(n))
    for i in range(5):
        view.add_item(discord.ui.Button(label=f"b{i}", custom_id=f"floor:{n}:b{i}", row=i // 3))
    for i in range(2):
        options = [discord.SelectOption(label=f"{i}{c}", value=f"{i}{c}") for c in "ABCDEF"]
        view.add_item(discord.ui.Select(custom_id=f"floor:{n}:s{i}", options=options, row=2 + i))
    view.stop()  # like the bot's views: sent, never kept
    return view


async def measure_floor(folder: Path, clicks: int) -> float:
    """Clicks per second when each click only has discord.py parse it and edit a view of
    the hand view's size: no game, no store. One click in flight at a time."""
    from tests.harness import Harness

    async with Harness(database_path=new_database(folder, "floor"), extensions=()) as h:
        h.recorder.keep_history = False
        h.bot.add_dynamic_items(Again)
        channel = h.bot.get_channel(h.channel.id)
        sent = await channel.send("click 0", view=floor_view(0))
        user = h.user("clicker")
        started = time.perf_counter()
        for n in range(clicks):
            await h.click(user, sent.id, f"floor:{n}:again")
        return clicks / (time.perf_counter() - started)


def floor_rate(folder: Path, clicks: int = 6000) -> float:
    """discord.py alone's clicks/s (see `measure_floor`), in a process of its own."""
    return in_own_process(_floor_played, folder, clicks)


def _floor_played(folder: Path, clicks: int) -> float:
    return asyncio.run(measure_floor(folder, clicks))


# -- runs held against it -----------------------------------------------------------------


def beside_floor(folder: Path, play: Callable[[], dict], times: int = PAIRS
                 ) -> list[tuple[float, dict]]:
    """(discord.py alone's clicks/s, the run played right after it), `times` over."""
    return [(floor_rate(folder, PAIRED_FLOOR_CLICKS), play()) for _ in range(times)]


def rate_of(played: dict) -> float:
    """A run's accepted actions per second."""
    return played["accepted"] / played["seconds"]


def median_pair(pairs: list[tuple[float, dict]]) -> tuple[float, dict, list[float]]:
    """Of (a rate measured just before, a run), the pair whose ratio of the run's accepted
    actions/s to that rate is the median, and every pair's ratio, lowest first. The rate
    before is discord.py alone's, or another run's (100 tables before 500, the gc tuning
    on before off)."""
    ratios = sorted((rate_of(played) / floor, floor, played)
                    for floor, played in pairs)
    _, floor, played = ratios[len(ratios) // 2]
    return floor, played, [ratio for ratio, _, _ in ratios]


def against_floor(measure: str, pairs: list[tuple[float, dict]]) -> Row:
    """Accepted actions/s held against discord.py alone's clicks/s measured just before."""
    floor, played, ratios = median_pair(pairs)
    rate = rate_of(played)
    spread = f"{ratios[0]:.0%}-{ratios[-1]:.0%}" if len(ratios) > 1 else f"{ratios[0]:.0%}"
    return Row(measure, rate, "actions/s",
               baseline=f"{rate / floor:.0%} of discord.py alone ({floor:,.0f}/s), median of "
                        f"{len(ratios)} runs each beside its own ({spread}); "
                        f"{played['clicks'] / max(played['accepted'], 1):.2f} clicks per action",
               target=">= 60% of discord.py alone", met=rate >= 0.6 * floor)
