"""The tables being played: the service that joins the engine, the store and time.

`TableService` (service.py) is the one object the bot and its cogs hold. It is made of
parts, one job each; each part is a class that subclasses the parts it calls, so the
calls go down this list (a part calls only those under it):

    service.py         TableService: the parts together, its settings, a player's view
    recovery.py        after a restart: the tables brought back, each resumed
    seating.py         join, create, leave, end
    computer_seats.py  the host's computer players added and removed
    dealing.py         the next deal: its dealer, its deck, the game's start
    turns.py           a deal played: actions checked and stored, turn clocks, time-outs,
                       stand-ins for players who left or are away, computer moves
    hand_ends.py       a deal settled: players out or leaving cashed out, the next deal's
                       countdown
    open_tables.py     the open tables found by channel, idled, closed; their timers,
                       tried again while the store refuses them

One call goes up, by a timer: the next deal's countdown (hand_ends.py) runs `deal`
(dealing.py), and the table's loop goes on: a deal, its turns, its end, the next deal.
Beside the parts: the table as the bot holds it (live.py), the refusals a player reads
(errors.py), who is told of each change (listener.py), the timers (scheduler.py) and
computer players' names and strategies (computer.py).
"""

from bot.tables.dealing import shuffled_deck
from bot.tables.errors import OtherShard, StaleButton, TableError
from bot.tables.listener import SilentListener, TableListener
from bot.tables.live import DealerDraw, LiveTable
from bot.tables.scheduler import AsyncioScheduler, ManualScheduler, Scheduler
from bot.tables.service import TableService

__all__ = [
    "AsyncioScheduler",
    "DealerDraw",
    "LiveTable",
    "ManualScheduler",
    "OtherShard",
    "Scheduler",
    "SilentListener",
    "StaleButton",
    "TableError",
    "TableListener",
    "TableService",
    "shuffled_deck",
]
