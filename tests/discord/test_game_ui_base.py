"""Every game's UI is a `GameUI` (cogs/table/ui.py): what a game must give is abstract,
what only some games have has its default there, and the shared UI asks for it directly."""

from __future__ import annotations

import pytest

from cogs.table.ui import GameUI


def test_what_only_some_games_have_defaults_to_none():
    assert GameUI.table_options == ()
    assert GameUI.table_picture is None and GameUI.hand_picture is None


def test_a_game_ui_that_leaves_out_what_every_game_gives_cannot_be_made():
    class Half(GameUI):
        def rules_embed(self, settings):
            return None

    with pytest.raises(TypeError, match="abstract"):
        Half()


async def test_every_loaded_game_ui_is_a_game_ui(harness):
    uis = harness.bot.get_cog("TableCog").uis
    assert uis
    for game, ui in uis.items():
        assert isinstance(ui, GameUI), game
        assert ui.game.info.id == game
        assert all(option.name in ui.game.info.options for option in ui.table_options)
