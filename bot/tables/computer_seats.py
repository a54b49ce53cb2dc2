"""The host's computer players: seated with chips the house mints, taken out between
hands (their moves are played as turns are: bot/tables/turns.py)."""

from __future__ import annotations

from bot.tables.computer import LEVELS, computer_id, computer_name, is_computer
from bot.tables.errors import TableError
from bot.tables.turns import Turns


class ComputerSeats(Turns):
    """The part of the table service that seats computer players (bot/tables/__init__.py)."""

    async def add_computer(self, channel_id: int, user_id: int, level: str) -> str:
        """The host seats a computer player; its buy-in is minted from the house."""
        table = self.table_here(channel_id)
        if user_id != table.info.host_id:
            raise TableError("Only the host can add computer players.")
        levels = [level for level in LEVELS if level in table.game.strategies]
        if level not in levels:
            raise TableError(f"Choose a level {table.game.info.name} has: {', '.join(levels)}.")
        taken = {s.user_id for s in table.info.seats}
        number = next(n for n in range(1, 1000) if computer_id(level, n) not in taken)
        robot = computer_id(level, number)
        async with table.lock:
            # One transaction: the house mints the buy-in straight into the seat.
            await self.store.buy_in(table.id, robot, house=True)
            await self._refresh(table)
        self.computers.seated(table.game, level)
        await self.listener.table_changed(table)
        when = " from the next hand" if table.hand and not table.hand.is_over else ""
        return f"{computer_name(robot)} sits down with {table.info.buy_in} chips{when}."

    async def remove_computer(self, channel_id: int, user_id: int) -> str:
        """The host takes the last computer player out, between hands."""
        table = self.table_here(channel_id)
        if user_id != table.info.host_id:
            raise TableError("Only the host can remove computer players.")
        async with table.lock:
            robots = [s.user_id for s in table.info.seats if is_computer(s.user_id)]
            if not robots:
                raise TableError("There is no computer player at this table.")
            if table.hand is not None and not table.hand.is_over:
                raise TableError("Computer players leave between hands: try after this one.")
            robot = robots[-1]
            await self.store.cash_out(table.id, robot)  # its stack is burned with it
            await self._refresh(table)
        await self.listener.table_changed(table)
        await self._close_if_empty(table)
        return f"{computer_name(robot)} left the table."
