"""One table, three languages: the server's French table, and a Brazilian and a German
player who each read what only they see in their own language, in every game."""

from __future__ import annotations

import pytest

from engine import games
from tests.harness import Harness
from tests.i18n.speech import english_in, spoken_in

TABLE, ANN, BOB = "fr", "pt-BR", "de"


def assert_reads(text: str, language: str, what: str) -> None:
    assert english_in(text, language) == [], f"{what} has English in {language}: {text}"
    assert spoken_in(text, language) >= 1, f"{what} is not in {language}: {text}"


@pytest.mark.parametrize("game", list(games.GAMES))
async def test_a_french_table_with_a_brazilian_and_a_german_player(tmp_path, game):
    async with Harness(database_path=tmp_path / "hall.sqlite3", guild_locale=TABLE) as h:
        ann = h.user("ann", locale=ANN)
        bob = h.user("bob", locale=BOB)
        await h.slash(ann, f"{game} join")
        assert_reads(h.last_response(ann).text(), ANN, "ann's join answer")
        await h.slash(bob, f"{game} join")
        assert_reads(h.last_response(bob).text(), BOB, "bob's join answer")
        await h.slash(ann, f"{game} rules")
        assert_reads(h.last_response(ann).text(), ANN, "the rules ann reads")
        if games.get(game).info.max_seats > 2:
            # A computer plays on once both have left: where the time-out move alone
            # never ends a game (Concentration's two lowest flips, Fifty-One's swaps
            # without a Stop), its play does.
            levels = list(games.get(game).strategies)
            await h.slash(ann, f"{game} addbot",
                          level="easy" if "easy" in levels else levels[0])
            assert_reads(h.last_response(ann).text(), ANN, "ann's addbot answer")
        await h.slash(ann, f"{game} start")
        for user, language in ((ann, ANN), (bob, BOB)):
            await h.slash(user, f"{game} hand")
            view = h.last_response(user)
            assert view.ephemeral
            assert_reads(view.text(), language, f"{user.name}'s hand view")
        # Both leave: their turns are played for them until the game ends, and the table
        # posts the result and closes, all in the server's language.
        for user, language in ((ann, ANN), (bob, BOB)):
            await h.slash(user, f"{game} leave")
            assert_reads(h.last_response(user).text(), language, f"{user.name}'s leave answer")
        for _ in range(200):
            if h.bot.tables.in_channel(h.channel.id) is None:
                break
            await h.advance(5)
        assert h.bot.tables.in_channel(h.channel.id) is None, "the table is still open"
        public = "\n".join(m.text() for m in h.public_messages())
        assert_reads(public, TABLE, "the table")
        # French, not the players' languages.
        assert spoken_in(public, TABLE) > spoken_in(public, ANN)
        assert spoken_in(public, TABLE) > spoken_in(public, BOB)
        for user, language in ((ann, ANN), (bob, BOB)):
            private = "\n".join(m.text() for m in h.ephemeral_for(user))
            assert english_in(private, language) == [], (user.name, private)
