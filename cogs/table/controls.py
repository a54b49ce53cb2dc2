"""Players' own hand views: showing one, bringing it up to date at their turn, and
answering its clicks.

Every answer to a click edits the player's own hand view in place, with a line
saying what just happened or why nothing did. The cards are faces (cogs/table/emojis),
which Discord draws. In a server that turns pictures on, a picture of the hand is drawn
only when its player asks (the view's Picture button): drawing one at every click cost
most of the bot's throughput, and almost every click shows a hand not drawn before. It
goes with the answer when it was drawn before; otherwise the click is answered with the
words at once and the picture is added by an edit when it is drawn, so no click waits
on a render. Picked cards are kept here, per player and action number, because a menu
choice is its own interaction; they and what the game's last click offers next go back
to the game's hand view as one `ViewState`, which only the game reads. What a click
means is the game's (`GameUI.play`); the bookkeeping here is every game's.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import Text, _, english, using
from bot.replies import answer_privately, edit_answer, update_clicked
from bot.store import StoreError
from bot.tables import LiveTable, StaleButton, TableError
from cogs.table.components import ROW, ROWS, RenderedView, button
from cogs.table.items import hand_custom_id
from cogs.table.names import for_players, sentence
from cogs.table.pictures.layout import Picture
from cogs.table.pictures.service import picture_key
from cogs.table.ui import ViewState
from engine import cards as C
from engine.cards import Card, CardError

if TYPE_CHECKING:
    from bot.client import HallBot
    from cogs.table.pictures.service import Pictures
    from cogs.table.ui import GameUI

log = logging.getLogger(__name__)

# Discord lets the bot edit an interaction's answer for 15 minutes; a little less, to be safe.
EDITABLE_SECONDS = 14 * 60
HAND_PICTURE = "hand.png"


class HandControls:
    def __init__(self, bot: HallBot, uis: dict[str, GameUI], pictures: Pictures) -> None:
        self.bot = bot
        self.uis = uis  # game id -> its UI, as the games' cogs register them
        self.pictures = pictures
        self._late: set[asyncio.Task] = set()  # pictures on their way to answered clicks
        # (table, user) -> how many times their hand view was shown or edited: a picture
        # that arrives after a newer edit of the view is not added to it.
        self._edits: dict[tuple[int, int], int] = {}
        # (table, user) -> ((hand, action number), cards picked in the menu)
        self.picked: dict[tuple[int, int], tuple[tuple[int, int], frozenset[Card]]] = {}
        # (table, user) -> the interaction whose answer is that player's latest hand view,
        # and when (the bot's clock): it can bring the view up to date at their turn.
        self.shown: dict[tuple[int, int], tuple[discord.Interaction, float]] = {}
        # table -> the users with a view in `shown` (or once were): a table's views are
        # found without going through every table's.
        self._viewers: dict[int, dict[int, None]] = {}

    @property
    def tables(self):
        return self.bot.tables

    def ui(self, table: LiveTable) -> GameUI:
        return self.uis[table.info.game]

    # -- showing a hand -----------------------------------------------------------------

    def render(
        self, table: LiveTable, user_id: int, note: str = "", offered: Any = None
    ) -> tuple[discord.Embed, RenderedView]:
        embed, view, _picture = self.render_with_picture(table, user_id, note, offered,
                                                         pictures=False)
        return embed, view

    def render_with_picture(
        self, table: LiveTable, user_id: int, note: str = "", offered: Any = None,
        *, pictures: bool = True, asked: bool = False,
    ) -> tuple[discord.Embed, RenderedView, Picture | None]:
        """The hand embed and view; with `pictures` (the server's choice) the view offers
        a Picture button, and the picture is drawn when `asked` (its press)."""
        view = self.tables.hand_view(table, user_id)
        number = table.running.number if table.running else 0
        seq = table.hand.seat_seq(str(user_id))
        picked = self._picked(table, user_id, (number, seq))
        ui = self.ui(table)
        draw = ui.hand_picture if pictures else None
        picture = None
        if draw is not None and asked:
            try:
                picture = draw(view, picked)
            except Exception:  # the words still go out; the picture is a bonus
                log.exception("The hand picture of %s at table %s failed", user_id, table.id)
        shown = ui.hand_view(table.id, user_id, number, view, state=ViewState(picked, offered))
        if draw is not None:
            _offer_picture(shown, hand_custom_id(table.info.game, table.id, user_id,
                                                 (number, seq), "picture"))
        return ui.hand_embed(view, note=note), shown, picture

    async def _pictures_on(self, table: LiveTable) -> bool:
        return await self.pictures.switch.on(table.info.guild_id)

    def _ready_picture(self, picture: Picture | None) -> tuple[dict[str, Any], bytes | None]:
        """The picture to send with an answer now, if it was drawn before; else, if it is
        still to be drawn (and added by an edit once it is), its cache key."""
        if picture is None:
            return {}, None
        key = picture_key(picture)
        png = self.pictures.cache.cached(picture, key)
        if png is None:
            return {}, key
        return {"file": _hand_file(png)}, None

    def _edited(self, table: LiveTable, user_id: int) -> int:
        key = (table.id, user_id)
        self._edits[key] = self._edits.get(key, 0) + 1
        return self._edits[key]

    def _add_later(
        self, table: LiveTable, interaction: discord.Interaction, picture: Picture, key: bytes
    ) -> None:
        edit = self._edits.get((table.id, interaction.user.id), 0)
        task = asyncio.get_running_loop().create_task(
            self._add_picture(table, interaction, picture, key, edit),
            name=f"hand-picture:{table.id}",
        )
        self._late.add(task)
        task.add_done_callback(self._late.discard)

    async def _add_picture(
        self, table: LiveTable, interaction: discord.Interaction, picture: Picture,
        cache_key: bytes, edit: int,
    ) -> None:
        """The hand's picture, added to the answer once drawn, unless a newer answer or a
        turn's refresh has changed that view since (its own picture then goes with it)."""
        key = (table.id, interaction.user.id)

        def current() -> bool:
            kept = self.shown.get(key)
            return kept is not None and kept[0] is interaction and self._edits.get(key) == edit

        try:
            png = await self.pictures.cache.png_if(picture, current, key=cache_key,
                                                   asked=True)
            if png is None or not current():
                return
            await edit_answer(interaction, attachments=[_hand_file(png)])
        except discord.HTTPException as failed:
            log.info("Hand picture at table %s not added: %s", table.id, failed)
        except Exception:
            log.exception("Hand picture at table %s not drawn", table.id)

    async def show_hand(self, interaction: discord.Interaction, table: LiveTable) -> None:
        """A new ephemeral hand view (from `/<game> hand` or the table's button)."""
        embed, view, picture = self.render_with_picture(
            table, interaction.user.id, pictures=await self._pictures_on(table)
        )
        ready, later = self._ready_picture(picture)
        await answer_privately(interaction, embed=embed, view=view, **ready)
        self._edited(table, interaction.user.id)
        self._remember(table, interaction)
        if later:
            self._add_later(table, interaction, picture, later)

    def views_at(
        self, table: LiveTable, *, but: int | None = None
    ) -> list[tuple[int, tuple[discord.Interaction, float]]]:
        """The players' latest hand views at a table (all but one player's), as they are
        now: a table that closes forgets them before its last sends go out. Looked up
        through the table's own viewers, not every table's views."""
        found = []
        for user_id in self._viewers.get(table.id, ()):
            kept = self.shown.get((table.id, user_id))
            if kept is not None and user_id != but:
                found.append((user_id, kept))
        return found

    async def bring_up_to_date(
        self, table: LiveTable, user_id: int,
        kept: tuple[discord.Interaction, float] | None = None,
    ) -> None:
        """The player's latest hand view (or the one `kept`), shown again as the table
        stands: at their turn, so the buttons they need are live without a Refresh, and
        when the hand ends, so it no longer says whom it waits for.

        Only while Discord still lets the bot edit that answer; a view the player
        dismissed, or one too old, is forgotten and they use Refresh as before. After a
        restart the bot no longer holds any view's interaction: a view is brought up to
        date by the player's next click on it (docs/playing.md).
        """
        kept = kept or self.shown.get((table.id, user_id))
        if kept is None:
            return
        interaction, since = kept
        if self.bot.scheduler.now() - since > EDITABLE_SECONDS:
            self.shown.pop((table.id, user_id), None)
            return
        key = (table.id, user_id)
        edit = self._edits.get(key, 0)
        try:
            pictures = await self._pictures_on(table)
            # Only its player sees it: in their language, as the view's own interaction
            # says, whoever's action brought it up to date.
            async with table.lock:  # committed state only
                with using(interaction.locale):
                    embed, view, picture = self.render_with_picture(table, user_id,
                                                                    pictures=pictures)
            if self._edits.get(key, 0) != edit:
                return  # the player's own click showed a newer view meanwhile
            # A turn never waits on a drawing: the words and buttons go out now, and a
            # picture not drawn before follows by an edit (dropped if the view moves on).
            ready, later = self._ready_picture(picture)
            self._edited(table, user_id)
            await edit_answer(interaction, embed=embed, view=view,
                              attachments=list(ready.values()))
            if later:
                self._add_later(table, interaction, picture, later)
        except (TableError, discord.HTTPException) as gone:
            log.info("Hand view of %s at table %s not brought up to date: %s",
                     user_id, table.id, gone)
            self.shown.pop((table.id, user_id), None)

    def forget(self, table_id: int, user_id: int | None = None) -> None:
        """A player left (or, with no user, the table closed): their views stay as they are,
        and their picked cards are dropped."""
        for kept in (self.shown, self.picked, self._edits):
            for key in [k for k in kept if k[0] == table_id and user_id in (None, k[1])]:
                del kept[key]
        if user_id is None:
            self._viewers.pop(table_id, None)
        else:
            self._viewers.get(table_id, {}).pop(user_id, None)

    def _remember(self, table: LiveTable, interaction: discord.Interaction) -> None:
        if self.tables.tables.get(table.id) is not table:
            return  # the click that closed the table: there are no more turns to show
        # Editing the answer needs only the interaction's token: a clicked message it
        # carries (parsed, with every component) would be kept for nothing.
        interaction.message = None
        self.shown[(table.id, interaction.user.id)] = (interaction, self.bot.scheduler.now())
        self._viewers.setdefault(table.id, {})[interaction.user.id] = None  # in view order

    async def table_button(self, interaction: discord.Interaction, table_id: int, act: str) -> None:
        """A button of the public table message; a refusal is answered by the item."""
        table = self.tables.live(table_id)
        if table is None:
            raise TableError(Text("This table is closed."))
        if act == "join":
            from cogs.table.commands import join_table  # the commands build on these controls

            await join_table(interaction, table.info.game)
            return
        await self.show_hand(interaction, table)

    # -- clicks in a hand view ----------------------------------------------------------

    async def hand_click(
        self,
        interaction: discord.Interaction,
        table_id: int,
        owner: int,
        at: tuple[int, int],
        act: str,
        values: list[str],
        *,
        shown_pick: Sequence[str] = (),
    ) -> None:
        """One click in a hand view. `shown_pick` is the pick the clicked view shows."""
        user = interaction.user.id
        try:
            table = self.tables.live(table_id)
        except TableError as loading:  # still being brought back after a restart
            await interaction.response.send_message(loading.message, ephemeral=True)
            return
        if user != owner:
            yours = (_("Open yours with `/{game} hand`.", game=table.info.game)
                     if table is not None else _("This table is closed."))
            await interaction.response.send_message(
                _("These buttons belong to {player}'s hand.", player=f"<@{owner}>")
                + " " + yours, ephemeral=True
            )
            return
        if table is None:
            await update_clicked(interaction, content=_("This table is closed."), embed=None,
                                 view=None)
            return
        asked = False
        try:
            note, offered = await self._click(table, user, at, act, values, shown_pick)
            asked = act == "picture"
        except StaleButton as stale:
            note, offered = stale.message, None
        except (TableError, StoreError) as refused:
            note, offered = self.refusal(table, user, refused), None
        try:
            embed, view, picture = self.render_with_picture(
                table, user, note, offered, pictures=await self._pictures_on(table),
                asked=asked,
            )
        except TableError as gone:  # the hand ended and a new one left this player out
            self.shown.pop((table.id, user), None)
            await update_clicked(interaction, content=gone.message, embed=None, view=None,
                                 attachments=[])
            return
        ready, later = self._ready_picture(picture)
        # A picture of the hand before this click must not stay beside the new words.
        attachments = [ready["file"]] if ready else []
        await update_clicked(interaction, embed=embed, view=view, attachments=attachments)
        self._edited(table, user)
        self._remember(table, interaction)
        if later:
            self._add_later(table, interaction, picture, later)

    def refusal(self, table: LiveTable, user: int, refused: TableError | StoreError) -> str:
        """A refused click as its player reads it: the game's words for it, each seat by its
        name and no rule number. The engine's message, with both, goes to the log."""
        log.info("Table %s refused a click of %s: %s", table.id, user, english(refused.message))
        seats = {str(seat.user_id) for seat in table.info.seats}
        if table.hand is not None:
            seats.update(table.hand.dealt_in())  # a player who left keeps their seat in it
        return sentence(for_players(self.ui(table).refusal(refused, table), sorted(seats)))

    async def _click(
        self, table: LiveTable, user: int, at: tuple[int, int], act: str, values: list[str],
        shown_pick: Sequence[str] = (),
    ) -> tuple[str, Any]:
        """Carry out one click; the note to show and what the view offers next, if any."""
        if act in ("refresh", "picture"):
            return "", None
        hand = table.hand
        # A button from an earlier hand, or from before the last action, is out of date.
        if hand is None or hand.is_over or at != (table.running.number,
                                                   hand.seat_seq(str(user))):
            raise StaleButton()
        # A card button sends its place in the view (`#<index>`): read here as its card.
        pressed = bool(values) and values[0].startswith("#")
        if pressed or any(value.startswith("#") for value in shown_pick):
            shown = self.ui(table).shown_cards(self.tables.hand_view(table, user))
            values, shown_pick = _codes(values, shown), _codes(shown_pick, shown)
        if act == "pick":
            cards = frozenset(_cards(values))
            if pressed:  # one card's button: picked, or put back
                before = self._picked(table, user, at) or frozenset(_cards(shown_pick))
                cards = before ^ cards
            self.picked[(table.id, user)] = (at, cards)
            if cards:
                return _("Picked {cards}.", cards=C.labels(sorted(cards))), None
            return _("Nothing picked."), None
        picked = sorted(self._picked(table, user, at))
        if not picked and shown_pick:  # picked before a restart: the view remembers it
            picked = sorted(set(_cards(shown_pick)))
            self.picked[(table.id, user)] = (at, frozenset(picked))
        note, offered = await self.ui(table).play(
            self.tables, table, user, at, act, picked, values
        )
        if offered is None:  # the click is done with the picked cards
            self.picked.pop((table.id, user), None)
        return note, offered

    def _picked(self, table: LiveTable, user: int, at: tuple[int, int]) -> frozenset[Card]:
        picked_at, cards = self.picked.get((table.id, user), ((-1, -1), frozenset()))
        return cards if picked_at == at else frozenset()


def _offer_picture(view: RenderedView, custom_id: str) -> None:
    """The Picture button, beside Refresh if its row has room, else in a row of its own
    if the view has one to spare (Discord: five rows of five)."""
    # Translators: a button: draw a picture of the player's cards.
    wanted = button(custom_id, _("Picture"), discord.ButtonStyle.secondary)
    for row in view.rows:
        items = row["components"]
        if any(str(item.get("custom_id", "")).endswith(":refresh") for item in items):
            if len(items) < ROW and all(item.get("type") == 2 for item in items):
                items.append(wanted)
                return
    if len(view.rows) < ROWS:
        view.rows.append({"type": 1, "components": [wanted]})


def _hand_file(png: bytes) -> discord.File:
    return discord.File(io.BytesIO(png), filename=HAND_PICTURE, description=_("Your cards"))


def _codes(values: Sequence[str], shown: Sequence[Card]) -> list[str]:
    """Values with each card button's `#<index>` as the code of the card at that place."""
    codes = []
    for value in values:
        if value.startswith("#"):
            index = int(value[1:]) if value[1:].isdigit() else -1
            if not 0 <= index < len(shown):
                raise StaleButton()  # a view of other cards than the player holds now
            value = C.code(shown[index])
        codes.append(value)
    return codes


def _cards(values: list[str]) -> list[Card]:
    try:
        return [C.parse_with_joker(v) for v in values]
    except CardError:
        raise TableError(Text("that menu choice is not a card.")) from None
