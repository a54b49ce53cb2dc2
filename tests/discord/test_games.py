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


def _create_options(h, game: str) -> dict[str, dict]:
    group = next(c for c in h.commands if c["name"] == game)
    create = next(o for o in group["options"] if o["name"] == "create")
    return {o["name"]: o for o in create.get("options", [])}


async def test_games_says_two_players_for_a_game_of_two_and_names_help(harness):
    h = harness
    alice = h.user("alice")
    await h.slash(alice, "games")
    reply = h.last_response(alice)
    fields = {f["name"]: f["value"] for f in reply.embed["fields"]}
    assert "(2 players)." in fields["Piquet — /piquet"]
    assert "(2 to 6 players)." in fields["Gops — /gops"]
    assert "2 to 2" not in reply.text() and "`/help`" in reply.embed["description"]


async def test_help_lists_every_command(harness):
    h = harness
    alice = h.user("alice")
    await h.slash(alice, "help")
    reply = h.last_response(alice)
    assert reply.flags & EPHEMERAL
    text = reply.text()
    assert ("`/<game> join|create|start|hand|leave|table|end|history|rules|addbot|removebot`"
            in text)
    for command in h.commands:  # every command synced, a game's by its subcommands
        name = command["name"]
        if name in _loaded(h):
            assert f"`/{name}`" in text
            for sub in command["options"]:
                assert f"**{sub['name']}**" in text, sub["name"]
        else:
            assert f"`/{name}" in text, name


async def test_piquet_create_offers_no_player_count_and_buy_ins_count_stakes(harness):
    """Piquet is always two: `create` does not offer a choice of 2 to 2. A buy-in of at
    least one stake says "1 stake"."""
    h = harness
    piquet = _create_options(h, "piquet")
    assert "max_players" not in piquet and {"stake", "buy_in", "turn_seconds"} <= set(piquet)
    assert piquet["buy_in"]["description"].endswith("(at least 5 stakes)")
    assert _create_options(h, "gops")["max_players"]["description"] == "seats at the table, 2 to 6"
    faro = _create_options(h, "faro")
    assert faro["buy_in"]["description"].endswith("(at least 1 stake)")
    assert "FARO-" not in faro["max_bet"]["description"]
    ann = h.user("ann")
    await h.slash(ann, "piquet create", stake=5)
    said = h.last_response(ann).text()
    assert "buy-in 100, 2 players, " in said and "up to" not in said
    assert h.bot.tables.in_channel(h.channel.id).info.max_players == 2
