"""The card faces benchmark (bench/faces.py) measures what it says, so its rows cannot rot
silently: its runs play the same game with faces and in words, pick cards for a spread by
pressing their buttons, and ask for hand pictures when told; its payloads are the bot's."""

from __future__ import annotations

from bench import scripted
from bench.faces import payloads
from bench.scripted import play_scripted
from cogs.table.emojis.shown import FACES

TABLES, ROUNDS = 3, 30


async def test_faces_and_words_play_the_same_hands_by_the_card_buttons(tmp_path, monkeypatch):
    picks: list[int] = []
    pick = scripted._pick

    async def counted(h, user, view_id, cards):
        sent = await pick(h, user, view_id, cards)
        picks.append(len(sent))
        assert len(sent) == len(cards)  # a press of each card's button, none picked before
        return sent

    monkeypatch.setattr(scripted, "_pick", counted)
    played = {}
    for faces in (True, False):
        played[faces] = await play_scripted(tmp_path, TABLES, ROUNDS, 7, wave=1,
                                            faces=faces)
        assert played[faces]["faces"] is faces
        assert not FACES.on  # cleared when the bot closed
    assert picks, "no spread or hit was played: the seed no longer makes one"
    # The same deals and moves: only the look differs.
    assert played[True]["accepted"] == played[False]["accepted"] > TABLES * ROUNDS // 2
    assert played[True]["clicks"] == played[False]["clicks"]


async def test_pictures_are_drawn_only_for_the_tables_unless_a_player_presses_picture(
        tmp_path):
    quiet = await play_scripted(tmp_path, TABLES, ROUNDS, 7, wave=1, pictures=True)
    asked = await play_scripted(tmp_path, TABLES, ROUNDS, 7, wave=1, pictures=True,
                               picture_every=5)
    # Every fifth move is one click more (the Picture press), and a hand picture more.
    assert asked["clicks"] - quiet["clicks"] == asked["accepted"] // 5
    assert asked["asked"] > quiet["asked"] > 0


async def test_the_payloads_measured_are_the_bots_with_faces_and_in_words(tmp_path):
    sizes = await payloads(tmp_path, "gff", moves=4)
    faces, words = sizes["faces"], sizes["words"]
    for what in ("table", "hand"):
        assert faces[what] > words[what] > 500  # the emojis' names and ids, beside the words
        assert faces[f"{what} text"] >= words[f"{what} text"]
    assert FACES.on is False
