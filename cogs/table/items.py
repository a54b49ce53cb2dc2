"""The persistent buttons and menus of every table: the controls that answer clicks.

Custom ids carry the game, the table, the owner of a hand view, the hand's number and
its action number, and the act, never a card: `<game>:<table>:<act>` on the public
table message and `<game>:<table>:<owner>:<hand>.<seq>:<act>` in a hand view (GFF's
are `gff:...`, as they have always been, so the buttons of old messages still work).
They are parsed again after a restart; the hand and action numbers let a stale or
double click, or one from an earlier hand, be refused. The only cards in a component
are the options of a card menu in a player's own ephemeral hand view.

A click is dispatched by its table, whose game is known; the game in the id only keeps
each game's ids apart. What a click means is decided by the game's UI and the engine.
The acts of a hand view are its game's: each game's UI declares the acts of its
buttons and menus (`button_acts`, `menu_acts`), and an act no loaded game declares is
answered as an out-of-date button is.

Clicks reach these controls from the gateway event itself (`TableClicks`), not through
discord.py's view store: that store parses the clicked message, every component
included, and rebuilds it as a View only to find the item clicked, which the custom id
alone names. So they are not discord.py DynamicItems: each is found by its own id
template, and works after a restart as before. The message's components are kept as
Discord sent them, for the one thing read from them (`picked_in`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Coroutine, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot.client import answer, answer_refusal, served_here, tell_user_it_failed
from bot.i18n import N_, _

if TYPE_CHECKING:
    from cogs.table.controls import HandControls
    from cogs.table.ui import GameUI

log = logging.getLogger(__name__)

# The acts the table's own controls answer, whatever the game: the table message's
# buttons, a hand view's Refresh and its card menu's pick (cogs/table/controls.py). Every
# other act of a hand view is one its game's UI declares.
TABLE_ACTS = ("hand", "join")
HAND_BUTTON_ACTS = ("refresh", "picture")
HAND_MENU_ACTS = ("pick",)
# The acts a card button may have, whatever the game: a press of a card picks it or puts
# it back (cogs/table/controls.py). A game's own card acts (a card played by its press)
# are its UI's `card_acts`.
HAND_CARD_ACTS = ("pick",)

_GAME = r"(?P<game>[a-z][a-z0-9]{0,15})"
# A click on a control no pattern here knows, and nothing of discord.py either (a button of
# an older version of the bot, or a forged one), is answered as an out-of-date button is.
UNKNOWN_CONTROL = N_("That button is out of date; nothing was changed.")


class AnsweringItem:
    """The base of every persistent button and menu: a failing click is answered, not dropped.

    Nothing outside catches a control's failure (a click is a task of its own), so the
    player would be left with Discord's "This interaction failed". Every control of a
    table is one of these and implements `clicked`; a refusal is then the same sentence
    a command gives, and a failure is logged with its traceback and the player told
    nothing was changed.
    """

    id_before_act: ClassVar[str]  # the pattern of its custom ids up to the act
    own_acts: ClassVar[tuple[str, ...]]  # the acts it answers whatever the game
    component_type: ClassVar[int]  # Discord's type of the component: 2 a button, 3 a menu
    custom_id: str
    # The clicked message's components, as Discord sent them with the click.
    shown: Sequence[dict[str, Any]] = ()

    def __init_subclass__(cls, *, before_act: str = "", acts: tuple[str, ...] = (),
                          component_type: discord.ComponentType | None = None,
                          **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if component_type is not None:  # a control; without, a base of several
            cls.id_before_act, cls.own_acts = before_act, acts
            cls.component_type = component_type.value

    @classmethod
    def template(cls, declared: Iterable[str] = ()) -> re.Pattern[str]:
        """The custom ids this control answers, exactly: with its own acts, or `declared`."""
        acts = sorted({*cls.own_acts, *declared})
        return re.compile(f"{cls.id_before_act}(?P<act>{'|'.join(map(re.escape, acts))})")

    @classmethod
    def from_match(cls, match: re.Match[str]) -> AnsweringItem:
        raise NotImplementedError

    async def callback(self, interaction: discord.Interaction) -> None:
        if not await served_here(interaction):
            return
        try:
            await self.clicked(interaction)
        except Exception as error:
            if await answer_refusal(interaction, error):
                return
            # Custom ids never hold a hidden card, so the log may name the control.
            log.error("Component %s failed", self.custom_id, exc_info=error)
            await tell_user_it_failed(interaction)

    async def clicked(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


def _controls(interaction: discord.Interaction) -> HandControls:
    cog = interaction.client.get_cog("TableCog")  # type: ignore[union-attr]
    return cog.controls  # type: ignore[union-attr]


def _let_go(interaction: discord.Interaction) -> None:
    """Let go of a click that has been answered.

    discord.py keeps the interaction's response on the interaction, which points back
    at it: a cycle that only a garbage collection could free, and collections are what
    the slowest clicks wait behind. Once the answer is sent the link is not needed;
    without it the click is freed when its task ends. Not after a failure: the error
    handler still reads the response.
    """
    with contextlib.suppress(AttributeError):
        del interaction._cs_response  # discord.py's cached InteractionResponse (2.7.1)


def card_act(act: str, index: int) -> str:
    """The act of a card's button: the act and the card's place among the cards the
    view shows (`GameUI.shown_cards`), never the card itself."""
    return f"{act}.{index}"


def table_custom_id(game: str, table_id: int, act: str) -> str:
    return f"{game}:{table_id}:{act}"


def hand_custom_id(game: str, table_id: int, owner: int, at: tuple[int, int], act: str) -> str:
    return f"{game}:{table_id}:{owner}:{at[0]}.{at[1]}:{act}"


class TableButton(
    AnsweringItem,
    before_act=_GAME + r":(?P<table>[0-9]{1,20}):",
    acts=TABLE_ACTS,
    component_type=discord.ComponentType.button,
):
    """A button on the public table message."""

    def __init__(self, game: str, table_id: int, act: str) -> None:
        self.custom_id = table_custom_id(game, table_id, act)
        self.game, self.table_id, self.act = game, table_id, act

    @classmethod
    def from_match(cls, match: re.Match[str]) -> TableButton:
        return cls(match["game"], int(match["table"]), match["act"])

    async def clicked(self, interaction: discord.Interaction) -> None:
        await _controls(interaction).table_button(interaction, self.table_id, self.act)
        _let_go(interaction)


_HAND_ID = (
    _GAME + r":(?P<table>[0-9]{1,20}):(?P<owner>[0-9]{1,20}):(?P<hand>[0-9]{1,9})\."
    r"(?P<seq>[0-9]{1,9}):"
)


class HandControl(AnsweringItem):
    """A control in a player's own hand view: a button, or a menu whose choices go with
    the click."""

    def __init__(
        self, game: str, table_id: int, owner: int, at: tuple[int, int], act: str
    ) -> None:
        self.custom_id = hand_custom_id(game, table_id, owner, at, act)
        self.game, self.table_id, self.owner, self.at, self.act = game, table_id, owner, at, act

    @classmethod
    def from_match(cls, match: re.Match[str]) -> HandControl:
        at = (int(match["hand"]), int(match["seq"]))
        return cls(match["game"], int(match["table"]), int(match["owner"]), at, match["act"])

    def values(self, interaction: discord.Interaction) -> list[str]:
        return []

    async def clicked(self, interaction: discord.Interaction) -> None:
        await _controls(interaction).hand_click(
            interaction, self.table_id, self.owner, self.at, self.act, self.values(interaction),
            shown_pick=picked_in(self.shown, self.game, self.table_id, self.owner, self.at),
        )
        _let_go(interaction)


class HandButton(
    HandControl,
    before_act=_HAND_ID,
    acts=HAND_BUTTON_ACTS,
    component_type=discord.ComponentType.button,
):
    """A button in a player's own hand view."""


class HandMenu(
    HandControl,
    before_act=_HAND_ID,
    acts=HAND_MENU_ACTS,
    component_type=discord.ComponentType.string_select,
):
    """A menu of a player's own hand view: the discard menu, the card menu, the spread menu."""

    def values(self, interaction: discord.Interaction) -> list[str]:
        values = (interaction.data or {}).get("values", [])
        return [v for v in values if isinstance(v, str)] if isinstance(values, list) else []


class HandCardButton(
    HandControl,
    before_act=_HAND_ID,
    acts=HAND_CARD_ACTS,
    component_type=discord.ComponentType.button,
):
    """A card of a player's own hand view, as a button: `<act>.<index>`. Its click goes on
    as the act with the value `#<index>`, which the controls read as the card at that
    place of the view the click was made on."""

    index = 0

    @classmethod
    def template(cls, declared: Iterable[str] = ()) -> re.Pattern[str]:
        acts = sorted({*cls.own_acts, *declared})
        return re.compile(f"{cls.id_before_act}(?P<act>{'|'.join(map(re.escape, acts))})"
                          r"\.(?P<index>[0-9]{1,2})")

    @classmethod
    def from_match(cls, match: re.Match[str]) -> HandCardButton:
        made = super().from_match(match)
        made.index = int(match["index"])
        made.custom_id = match.group(0)
        return made  # type: ignore[return-value]

    def values(self, interaction: discord.Interaction) -> list[str]:
        return [f"#{self.index}"]


CONTROLS = (TableButton, HandButton, HandMenu, HandCardButton)


class TableClicks:
    """Takes the clicks on the tables' controls straight from the gateway event.

    Any other interaction (a slash command, a component of no table) goes on to
    discord.py as before; a click that discord.py has nothing for either is answered
    here, as a button out of date. A click is known by its custom id alone; the clicked
    message is not parsed, only its components kept as sent. Each click runs as its own
    task, as discord.py runs a view's.
    """

    def __init__(self, bot: discord.Client, uis: Mapping[str, GameUI]) -> None:
        self.bot = bot
        self.uis = uis  # the table cog's: game id -> its UI, as games' cogs load
        self.items: list[tuple[type[AnsweringItem], re.Pattern[str]]] = []
        self.games_changed()
        self._running: set[asyncio.Task[None]] = set()

    def games_changed(self) -> None:
        """Each control's template again, from the acts the loaded games' UIs declare."""
        uis = list(self.uis.values())
        declared: dict[type[AnsweringItem], list[str]] = {
            HandButton: [act for ui in uis for act in ui.button_acts],
            HandMenu: [act for ui in uis for act in ui.menu_acts],
            HandCardButton: [act for ui in uis for act in ui.card_acts],
        }
        self.items = [(control, control.template(declared.get(control, ())))
                      for control in CONTROLS]

    def take(self, event: dict[str, Any]) -> bool:
        """Whether `event` (an INTERACTION_CREATE payload) is a click now answered here: by
        a table's item, or as out of date; False leaves it to discord.py."""
        data = event.get("data")
        if event.get("type") != discord.InteractionType.component.value or not isinstance(
                data, dict):
            return False
        custom_id = data.get("custom_id")
        if not isinstance(custom_id, str):
            return False
        found = [(kind, match) for kind, template in self.items
                 if (match := template.fullmatch(custom_id)) is not None]
        if not found:
            if _discord_py_answers(self.bot, event, custom_id):
                return False
            event.pop("message", None)  # not read: not parsed
            self._run(_answer_unknown(self._interaction(event)), custom_id)
            return True
        # One game's act may be another's menu: the control of the type clicked, if any.
        kind, match = next((one for one in found
                            if one[0].component_type == data.get("component_type")), found[0])
        if data.get("component_type") != kind.component_type:
            # No such control was ever sent (a modified client): dropped, as discord.py
            # drops a click on a component its message does not have.
            log.info("Click on %s as component type %r: ignored", custom_id,
                     data.get("component_type"))
            return True
        clicked = event.pop("message", None)
        interaction = self._interaction(event)
        item = kind.from_match(match)
        components = clicked.get("components") if isinstance(clicked, dict) else None
        item.shown = components if isinstance(components, list) else []
        self._run(item.callback(interaction), custom_id)
        return True

    def _interaction(self, event: dict[str, Any]) -> discord.Interaction:
        return discord.Interaction(data=event, state=self.bot._connection)  # type: ignore[arg-type]

    def _run(self, answering: Coroutine[Any, Any, None], custom_id: str) -> None:
        task = asyncio.get_running_loop().create_task(answering, name=f"click:{custom_id}")
        self._running.add(task)
        task.add_done_callback(self._running.discard)


def _discord_py_answers(bot: discord.Client, event: dict[str, Any], custom_id: str) -> bool:
    """Whether discord.py has an item for this click: a view sent with the clicked message
    or a persistent one, or a DynamicItem whose template the id matches. discord.py
    (2.7.1, `ViewStore.dispatch_view`) looks in these places and drops the click
    silently when it finds nothing."""
    store = bot._connection._view_store
    key = (event["data"].get("component_type"), custom_id)
    message = event.get("message")
    message_id = message.get("id") if isinstance(message, dict) else None
    views = store._views
    return (
        key in views.get(int(message_id) if message_id is not None else None, {})
        or key in views.get(None, {})
        or any(pattern.fullmatch(custom_id) for pattern in store._dynamic_items)
    )


async def _answer_unknown(interaction: discord.Interaction) -> None:
    custom_id = (interaction.data or {}).get("custom_id")
    log.info("Click on a control of no table, %r: answered as out of date", custom_id)
    try:
        await answer(interaction, _(UNKNOWN_CONTROL))
    except discord.HTTPException:
        log.warning("Could not answer the click on %r", custom_id)


def picked_in(
    components: Sequence[dict[str, Any]], game: str, table_id: int, owner: int,
    at: tuple[int, int],
) -> list[str]:
    """The cards a hand view shows as picked: the chosen options of its card menu, or its
    green card buttons (as `#<index>`, read against the view by the controls).

    Discord sends the clicked message with each click, as the bot last rendered it, so
    a pick travels with the Spread or Hit press that follows it, even across a restart
    that emptied the bot's memory of picks. Only a view of this same action number
    counts, and the engine still checks the cards are the player's.
    """
    wanted = hand_custom_id(game, table_id, owner, at, "pick")
    buttons = wanted + "."
    picked = []
    for row in components:
        for item in (row.get("components") or ()) if isinstance(row, dict) else ():
            if not isinstance(item, dict):
                continue
            custom_id = item.get("custom_id")
            if custom_id == wanted:
                return [option.get("value") for option in item.get("options") or ()
                        if isinstance(option, dict) and option.get("default")]
            if (isinstance(custom_id, str) and custom_id.startswith(buttons)
                    and item.get("style") == discord.ButtonStyle.success.value
                    and custom_id[len(buttons):].isdigit()):
                picked.append(f"#{int(custom_id[len(buttons):])}")
    return picked
