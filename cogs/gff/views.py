"""GFF's controls: the shared table buttons and the rummy hand view, under `gff:` ids.

The ids are those GFF has always used (`gff:<table>:<act>`,
`gff:<table>:<owner>:<hand>.<seq>:<act>`), so the buttons of messages sent before an
upgrade still work; cogs/table/items.py parses them for every game.
"""

from __future__ import annotations

from cogs.rummy import views as rummy
from cogs.table import components
from cogs.table.components import RenderedView
from cogs.table.items import CONTROLS
from cogs.table.ui import FRESH_VIEW, ViewState
from engine.gff.views import PrivateView

GAME = "gff"

__all__ = ["CONTROLS", "hand_view", "table_view"]


def table_view(table_id: int) -> RenderedView:
    return components.table_view(GAME, table_id)


def hand_view(
    table_id: int,
    owner: int,
    hand_number: int,
    view: PrivateView,
    *,
    state: ViewState = FRESH_VIEW,
) -> RenderedView:
    return rummy.hand_view(GAME, table_id, owner, hand_number, view, state=state)
