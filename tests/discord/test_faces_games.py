"""Every game of the registry shows its cards as faces: on the table message (the cards
its public view holds, and no other) and in a player's own hand view (its buttons, its
menus, its embed). The faces are synced by the harness at start, as they are live."""

from __future__ import annotations

import random

import pytest

from cogs.table.emojis.names import MARKUP
from engine import games
from tests.discord.table_driver import TableDriver, cards_named
from tests.harness.cards import card_on, cards_shown_in


def seeded_decks(seed: int):
    rng = random.Random(seed)

    def deck(table):
        info = table.game.info
        pack = list(table.game.pack(dict(table.info.options)))
        if info.deals_per_game > 1:
            return [rng.sample(pack, len(pack)) for _ in range(info.deals_per_game)]
        return rng.sample(pack, len(pack))
    return deck


@pytest.mark.parametrize("game", sorted(games.GAMES))
async def test_the_table_and_each_hand_view_show_cards_as_faces(harness, game):
    d = TableDriver(harness, names=("ann", "bob"), game=game)
    harness.bot.tables.deck_source = seeded_decks(7)
    await d.seat_everyone()
    await harness.slash(d.host, f"{game} start")
    text = d.table_message().text()
    faces, words = cards_shown_in(text), set(cards_named(strip_faces(text)))
    # Each face has its words beside it (a screen reader reads an emoji by its name).
    assert faces <= words, f"{game}: faces without words {sorted(faces - words)}"
    if words:
        assert faces, f"{game}: the table shows {sorted(words)} in words only"
    faces_seen = 0
    for name in ("ann", "bob"):
        view = await d.open_hand(name)
        on_controls = [card_on(c) for c in view.walk_components()
                       if c.get("emoji") or any(o.get("emoji") for o in c.get("options", []))]
        in_text = cards_shown_in(view.text())
        assert in_text <= set(cards_named(strip_faces(view.text()))), game
        faces_seen += len(on_controls) + len(in_text) + view.text().count("<:")
    assert faces_seen, f"{game}: no face in any hand view"


def strip_faces(text: str) -> str:
    return MARKUP.sub("", text)
