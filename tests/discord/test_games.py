"""`/games` and each game's `/<game> rules`, and one table per channel whatever its game."""

from __future__ import annotations

from engine import games
from tests.harness import EPHEMERAL


def _loaded(h) -> list[str]:
    return list(h.bot.get_cog("TableCog").uis)


async def test_games_lists_each_game_with_a_cog_and_how_to_start_it(harness):
    h = harness
    alice = h.user("alice")
    await h.slash(alice, "games")
    reply = h.last_response(alice)
    assert reply.flags & EPHEMERAL
    fields = {f["name"]: f["value"] for f in reply.embed["fields"]}
    assert len(fields) == len(_loaded(h)) >= 1
    for game in _loaded(h):
        info = games.get(game).info
        line = fields[f"{info.name} — /{game}"]
        assert info.summary in line and f"`/{game} join`" in line and f"`/{game} start`" in line


async def test_each_game_explains_itself_in_its_own_rules(harness):
    h = harness
    alice = h.user("alice")
    for game in _loaded(h):
        await h.slash(alice, f"{game} rules")
        reply = h.last_response(alice)
        assert reply.flags & EPHEMERAL
        assert reply.embed["title"].startswith(games.get(game).info.name)
