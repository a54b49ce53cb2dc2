"""High card's part of the table UI (cogs/table/ui.py), under `toy:` ids: its embeds and
pictures, a Show button in each player's own view, and its one click."""

from __future__ import annotations

from collections.abc import Collection, Sequence

import discord

from bot.settings import Settings
from bot.tables import LiveTable, TableService
from cogs.table.components import RenderedView, button
from cogs.table.frames import ResultLines
from cogs.table.items import hand_custom_id
from cogs.table.names import clip, seat_name
from cogs.table.pictures.layout import Group, Picture, back, face, hand_row, picture, seat_captions
from cogs.table.rules import rules_embed
from cogs.table.ui import FRESH_VIEW, GameUI, ViewState
from engine import cards as C
from engine.cards import Card
from tests.toy.game import SHOW, TOY, HighCardSettlement, PrivateView, PublicView, Show

GAME = TOY.info.id


def table_picture(public: PublicView) -> Picture:
    names = seat_captions([seat.id for seat in public.seats])
    return picture([Group(names[seat.id], (face(seat.shown) if seat.shown is not None
                                           else back(),))
                    for seat in public.seats if seat.dealt_in])


def hand_picture(view: PrivateView, picked: Collection[Card] = ()) -> Picture:
    return picture(hand_row((view.card,) if view.card is not None else ()))


def seat_lines(public: PublicView) -> list[str]:
    return [f"{'▶ ' if seat.id == public.turn else ''}{seat_name(seat.id)} — {seat.stack} "
            f"chips · {C.label(seat.shown) if seat.shown is not None else 'face down'}"
            for seat in public.seats if seat.dealt_in]


class ToyUI(GameUI):
    game = TOY
    how_to_start = "`/toy join` in a channel, then the host deals with `/toy start`"
    button_acts = (SHOW,)
    hand_word = "deal"
    lobby_line = "One card each, shown in turn; the highest takes the pot."
    table_picture = staticmethod(table_picture)
    hand_picture = staticmethod(hand_picture)

    def rules_embed(self, settings: Settings) -> discord.Embed:
        return rules_embed("High card: how to play", "One card each, face down; show it at "
                           "your turn. The highest shown takes the pot.", (),
                           f"Stake {settings.default_stake} chips.")

    def table_embed(self, table: LiveTable) -> discord.Embed:
        public = table.running.hand.public_view()
        turn = f"{seat_name(public.turn)} to show." if public.turn else "Every card is shown."
        embed = discord.Embed(title=f"High card — deal {table.running.number}",
                              description=f"Pot {public.pot}. {turn}")
        embed.add_field(name="Seats", value=clip(seat_lines(public)), inline=False)
        return embed

    def result_lines(self, settlement: HighCardSettlement) -> ResultLines:
        winners = ", ".join(seat_name(seat) for seat in settlement.winners)
        return ResultLines(f"{winners} take the pot with {C.label(settlement.high)}.")

    def history_words(self, result: dict) -> str:
        return f"won with {result.get('high', '?')}"

    def hand_embed(self, view: PrivateView, *, note: str = "") -> discord.Embed:
        card = C.label(view.card) if view.card is not None else "no card"
        said = f"> {note}\n" if note else ""
        return discord.Embed(title="Your hand", description=f"{said}# {card}")

    def hand_view(
        self, table_id: int, owner: int, hand_number: int, view: PrivateView, *,
        state: ViewState = FRESH_VIEW,
    ) -> RenderedView:
        at = (hand_number, view.public.seq)
        return RenderedView([[
            button(hand_custom_id(GAME, table_id, owner, at, SHOW), "Show",
                   discord.ButtonStyle.primary, enabled=SHOW in view.legal),
            button(hand_custom_id(GAME, table_id, owner, at, "refresh"), "Refresh",
                   discord.ButtonStyle.secondary),
        ]])

    async def play(
        self, tables: TableService, table: LiveTable, user: int, at: tuple[int, int],
        act: str, picked: Sequence[Card], values: list[str],
    ) -> tuple[str, list[int] | None]:
        number, seq = at
        await tables.act(table.id, user, Show(str(user)), seq, hand_number=number)
        return "You showed your card.", None
