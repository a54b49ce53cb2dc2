"""The host's computer players: seated with chips the house mints, taken out between
hands (their moves are played as turns are: bot/tables/turns.py)."""

from __future__ import annotations

from bot.i18n import Text
from bot.tables.computer import LEVELS, computer_id, computer_named, is_computer
from bot.tables.errors import TableError
from bot.tables.turns import Turns


class ComputerSeats(Turns):
    """The part of the table service that seats computer players (bot/tables/__init__.py)."""

    async def add_computer(self, channel_id: int, user_id: int, level: str) -> str:
        """The host seats a computer player; its buy-in is minted from the house."""
        table = self.table_here(channel_id)
        if user_id != table.info.host_id:
            raise TableError(Text("Only the host can add computer players."))
        levels = [level for level in LEVELS if level in table.game.strategies]
        if level not in levels:
            raise TableError(Text("Choose a level {game} has: {levels}.",
                                  game=Text(table.game.info.name), levels=", ".join(levels)))
        taken = {s.user_id for s in table.info.seats}
        number = next(n for n in range(1, 1000) if computer_id(level, n) not in taken)
        robot = computer_id(level, number)
        async with table.lock:
            # One transaction: the house mints the buy-in straight into the seat.
            await self.store.buy_in(table.id, robot, house=True)
            await self._refresh(table)
        self.computers.seated(table.game, level)
        await self.listener.table_changed(table)
        if table.hand and not table.hand.is_over:
            return Text("{computer} sits down with {chips} chips from the next hand.",
                        computer=computer_named(robot), chips=table.info.buy_in)
        return Text("{computer} sits down with {chips} chips.", computer=computer_named(robot),
                    chips=table.info.buy_in)

    async def remove_computer(self, channel_id: int, user_id: int) -> str:
        """The host takes the last computer player out, between hands."""
        table = self.table_here(channel_id)
        if user_id != table.info.host_id:
            raise TableError(Text("Only the host can remove computer players."))
        async with table.lock:
            robots = [s.user_id for s in table.info.seats if is_computer(s.user_id)]
            if not robots:
                raise TableError(Text("There is no computer player at this table."))
            if table.hand is not None and not table.hand.is_over:
                raise TableError(
                    Text("Computer players leave between hands: try after this one."))
            robot = robots[-1]
            await self.store.cash_out(table.id, robot)  # its stack is burned with it
            await self._refresh(table)
        await self.listener.table_changed(table)
        await self._close_if_empty(table)
        return Text("{computer} left the table.", computer=computer_named(robot))
